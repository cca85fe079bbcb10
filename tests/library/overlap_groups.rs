//! Overlapping off-board groups (`offboard_groups`, a hex in several)
//! worked by hand on one small position: tests/games/overlapgroups.ron.

use super::small;
use hexroute::game::Game;
use hexroute::routes::check::{Broken, Checked, Given, check};
use hexroute::routes::network::Network;
use hexroute::routes::{self, Query};
use hexroute::state::MapState;
use std::path::Path;

/// The test game with `groups` (RON `(name: …, hexes: […])` entries).
fn game(groups: &str) -> Game {
    small::game_edited("overlapgroups.ron", |text| {
        text.replace(
            "offboard_groups: [],",
            &format!("offboard_groups: [{groups}],"),
        )
    })
}

/// The map with X's home token in B4.
fn position(game: &Game) -> MapState {
    small::x_at(game, "B4")
}

fn query(game: &Game) -> Query {
    small::query(game, &["3"])
}

fn total(groups: &str) -> u32 {
    let game = game(groups);
    routes::solve(&game, &position(&game), &query(&game))
        .unwrap()
        .total
}

const NW: &str = r#"(name: "NW", hexes: ["A5", "C3"]),"#;
const SW: &str = r#"(name: "SW", hexes: ["A5", "B6"]),"#;
const SE: &str = r#"(name: "SE", hexes: ["C3", "B6"]),"#;

/// Worked by hand. B4 is a city of 30 holding X's token, with track to
/// Oxnard (A5, 40), Pomona (C3, 30) and the Port of Long Beach (B6, 20),
/// all off-boards, so a 3's route runs from one off-board through B4 to
/// another.
/// - No groups: Oxnard and Pomona, 40 + 30 + 30 = 100.
/// - NW {A5, C3}: Oxnard and the Port, 40 + 30 + 20 = 90.
/// - NW and SW {A5, B6}: Oxnard, in both, goes with neither other; Pomona
///   and the Port, 30 + 30 + 20 = 80.
/// - NW and SE {C3, B6}: Pomona, in both, goes with neither other; Oxnard
///   and the Port share no group: 90 (one merged group would leave a
///   single off-board and B4, 70).
#[test]
fn a_hex_in_two_groups_shuts_out_both_worked_by_hand() {
    assert_eq!(total(""), 100);
    assert_eq!(total(NW), 90);
    assert_eq!(total(&format!("{NW}{SW}")), 80);
    assert_eq!(total(&format!("{NW}{SE}")), 90);
}

/// The route check holds a player's route to the same rule: under NW and
/// SE, Oxnard-B4-Port runs (90) and Oxnard-B4-Pomona is refused.
#[test]
fn route_check_refuses_only_pairs_sharing_a_group() {
    let game = game(&format!("{NW}{SE}"));
    let net = Network::build(&game, &position(&game));
    let given = |stops: &[&str]| Given {
        train: game.train("3").unwrap().clone(),
        name: "3".into(),
        stops: stops.iter().map(|h| game.hex(h).unwrap()).collect(),
        legs: None,
    };
    let apart = check(&net, &query(&game), &[given(&["A5", "B4", "B6"])]);
    assert!(matches!(&apart[0], Checked::Valid(r) if r.revenue == 90));
    let shared = check(&net, &query(&game), &[given(&["A5", "B4", "C3"])]);
    assert_eq!(shared[0], Checked::Invalid(Broken::Reuse, None));
}

/// A group naming one hex twice is refused when the game loads.
#[test]
fn a_group_naming_a_hex_twice_is_refused() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/overlapgroups.ron");
    let text = std::fs::read_to_string(&path).unwrap().replace(
        "offboard_groups: [],",
        r#"offboard_groups: [(name: "W", hexes: ["A5", "A5"])],"#,
    );
    let err = Game::from_ron(&text, "overlapgroups.ron", path.parent()).unwrap_err();
    assert!(err.to_string().contains("names hex A5 twice"), "{err}");
}
