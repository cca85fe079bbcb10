//! Track gauge (`Track::gauge`, `trains[].runs`, `distance: Edges` with
//! `edge_cost`) worked by hand on one small position: tests/games/gauge.ron.

use super::small::{self, query, total};
use hexroute::game::Game;
use hexroute::routes::check::{Checked, check};
use hexroute::routes::network::Network;
use hexroute::state::MapState;

fn game() -> Game {
    small::game("gauge.ron")
}

/// The map with X's home token in A9.
fn position(game: &Game) -> MapState {
    small::x_at(game, "A9")
}

/// Worked by hand. The column, cities with dual track to both sides:
/// A1 10 —narrow (A3)— A5 20 —broad (A7)— A9 30 (X) —dual (A11, A13)— A15
/// 40 —broad (A17), dual (A19), narrow (A21)— A23 50. Legs: A1-A5 narrow,
/// 2 edges; A5-A9 broad, 2; A9-A15 dual, 3; A15-A23 holds broad and narrow
/// track with no stop between, so no route runs it.
/// - 4: A1-A5-A9-A15, 10 + 20 + 30 + 40 = 100 (A23 would pay 140 had the
///   gauge changed between stops).
/// - 4B (broad only): not A1-A5; A5-A9-A15, 20 + 30 + 40 = 90.
/// - 4N (narrow only): not A5-A9; A9-A15, 30 + 40 = 70.
/// - 6H (narrow edges double): A1-A5-A9 costs 2×2 + 2 = 6, 60; A5-A9-A15
///   2 + 3 = 5, 90; all four 9, too far: 90.
/// - 5H (broad edges double): A5-A9 costs 4, A9-A15 3: together 7, too
///   far; A9-A15 alone 70, the best.
/// - 4B and 4N: the 4N's one route is A9-A15 (70); beside it the 4B runs
///   A5-A9 (50): 120, more than the 4B's 90 alone.
#[test]
fn gauge_limits_trains_and_prices_edges_worked_by_hand() {
    let game = game();
    let state = position(&game);
    assert_eq!(total(&game, &state, &["4"]), 100);
    assert_eq!(total(&game, &state, &["4B"]), 90);
    assert_eq!(total(&game, &state, &["4N"]), 70);
    assert_eq!(total(&game, &state, &["6H"]), 90);
    assert_eq!(total(&game, &state, &["5H"]), 70);
    assert_eq!(total(&game, &state, &["4B", "4N"]), 120);
}

/// The route check holds a player's routes to the same rules: a 4N may not
/// run A5-A9's broad track, and a 6H runs A1-A5-A9 at exactly its 6.
#[test]
fn route_check_keeps_trains_to_their_gauge() {
    let game = game();
    let state = position(&game);
    let net = Network::build(&game, &state);
    let given = |train: &str, stops: &[&str]| small::given(&game, train, stops);
    let checked = check(
        &net,
        &query(&game, &["4N", "6H"]),
        &[given("4N", &["A5", "A9"]), given("6H", &["A1", "A5", "A9"])],
    );
    assert!(matches!(checked[0], Checked::Invalid(..)), "{checked:?}");
    assert!(
        matches!(&checked[1], Checked::Valid(r) if r.revenue == 60),
        "{checked:?}"
    );
}

/// The converter's gauges read back from catalogues/1849.ron, against the
/// engine's own definitions: 644 (`path=a:0,b:_0,track:narrow;
/// path=a:1,b:_0`) joins its city by a narrow piece at side 0 and a broad
/// one at side 1; Terranova (M9: `path=a:1,b:_0,track:dual;path=a:2,b:_0;
/// path=a:3,b:_0,track:narrow;path=a:4,b:_0,track:narrow;path=a:5,b:_0`)
/// one dual, two narrow and two broad.
#[test]
fn the_1849_catalogue_keeps_each_pieces_gauge() {
    use hexroute::catalogue;
    use hexroute::tile::{End, Gauge};
    let text = catalogue::embedded("1849").unwrap();
    let tiles = catalogue::parse(text, "1849").unwrap();
    let tile = |name: &str| tiles.iter().find(|t| t.name == name).unwrap();
    let gauges = |name: &str| -> Vec<(End, Gauge)> {
        tile(name).track.iter().map(|t| (t.a, t.gauge)).collect()
    };
    use hexroute::geometry::Face;
    assert_eq!(
        gauges("644"),
        [
            (End::Face(Face::Bottom), Gauge::Narrow),
            (End::Face(Face::LowerLeft), Gauge::Broad)
        ]
    );
    let mut terranova: Vec<Gauge> = gauges("Terranova").into_iter().map(|(_, g)| g).collect();
    terranova.sort();
    assert_eq!(
        terranova,
        [
            Gauge::Broad,
            Gauge::Broad,
            Gauge::Narrow,
            Gauge::Narrow,
            Gauge::Dual
        ]
    );
}

/// What X reaches from A9 (for lays and tokens) follows the gauge as a
/// train does: on the test column, dual A19 joins broad A17 to narrow
/// A21, so X reaches A23's city; with a narrow tile in A19 instead, broad
/// A17 meets narrow A19 at a side and goes no further, so A19's track and
/// A23 are out of reach, while A15 (dual from A9) still is (18xx.games's
/// walk: broad into broad or dual, narrow into narrow or dual).
#[test]
fn reach_follows_track_only_into_a_gauge_it_meets() {
    let city = |game: &Game, h: &str| (game.hex(h).unwrap(), hexroute::tile::End::City(0));
    let game = game();
    let reach = hexroute::reach::from_tokens(&game, &position(&game), &"X".into());
    assert!(reach.ends.contains(&city(&game, "A23")));
    let narrowed = small::game_edited("gauge.ron", |text| {
        text.replace(
            r#"(at: "A19", tile: "Dual")"#,
            r#"(at: "A19", tile: "Narrow")"#,
        )
    });
    let reach = hexroute::reach::from_tokens(&narrowed, &position(&narrowed), &"X".into());
    assert!(reach.ends.contains(&city(&narrowed, "A15")));
    assert!(!reach.ends.contains(&city(&narrowed, "A23")));
    let a19 = narrowed.hex("A19").unwrap();
    assert!(!reach.pieces.iter().any(|(c, _)| *c == a19));
}
