//! Halts (a tile's town with `halt: true`, 1860's £ stops, 18xx.games's
//! "Route cannot begin/end in a halt") worked by hand on one small
//! position: tests/games/halt.ron, a halt between two cities.

use super::small::{self, query};
use hexroute::game::Game;
use hexroute::routes;
use hexroute::routes::check::{Broken, Checked, Given, check};
use hexroute::routes::network::Network;

/// The test game, with A5's city or without it.
fn game(a5: bool) -> Game {
    small::game_edited("halt.ron", |text| {
        if a5 {
            text
        } else {
            text.replace("(at: \"A5\", tile: \"57\"),", "")
        }
    })
}

/// Worked by hand. A1 (X's, 20), the halt A3 (0), A5 (20), one track.
/// - With A5: a 2+1 runs A1-A3-A5, 20 + 0 + 20 = 40, passing the halt.
/// - Without A5: the one route left, A1-A3, would end at the halt; no
///   route runs, 0 (a town paying nothing there would make it 20 + 0).
#[test]
fn no_route_ends_at_a_halt_worked_by_hand() {
    for (a5, want) in [(true, 40), (false, 0)] {
        let game = game(a5);
        let state = small::x_at(&game, "A1");
        let best = routes::solve(&game, &state, &query(&game, &["2+1"])).unwrap();
        assert_eq!(best.total, want, "A5 {a5}: {best:?}");
    }
    // A player's A1-A3 names the rule.
    let game = game(false);
    let state = small::x_at(&game, "A1");
    let net = Network::build(&game, &state);
    let stops = ["A1".to_string(), "A3".to_string()];
    let given = Given::parse(&game, "2+1", &stops, None).unwrap();
    let out = check(&net, &query(&game, &["2+1"]), &[given]);
    assert!(
        matches!(out[0], Checked::Invalid(Broken::EndsAtHalt, _)),
        "{out:?}"
    );
}
