//! A route entering each hex once (`rules.enter_hex_once`, 1860's "Route
//! cannot re-enter a hex") worked by hand on one small position:
//! tests/games/hexonce.ron, a loop of track leaving C5 and coming back.

use super::small::{self, query};
use hexroute::game::Game;
use hexroute::routes;
use hexroute::routes::check::{Broken, Checked, Given, check};
use hexroute::routes::network::Network;

/// The test game, with the rule or without it.
fn game(rule: bool) -> Game {
    small::game_edited("hexonce.ron", |text| {
        text.replace("enter_hex_once: true", &format!("enter_hex_once: {rule}"))
    })
}

fn total(game: &Game, trains: &[&str]) -> u32 {
    let state = small::x_at(game, "C7");
    routes::solve(game, &state, &query(game, trains))
        .unwrap()
        .total
}

/// Worked by hand. X's token is C7 (20); C9 (20) lies below it. B6 (40)
/// is reached only by the loop C7-C5-C3-D4-C5-B6, which enters C5 twice.
/// - No rule: a 2 runs B6-C7, 40 + 20 = 60; a 3 runs B6-C7-C9, 80.
/// - The rule: B6 is out of reach; a 2 or a 3 runs C7-C9, 20 + 20 = 40.
#[test]
fn a_route_entering_a_hex_twice_is_refused_worked_by_hand() {
    let free = game(false);
    assert_eq!(total(&free, &["2"]), 60);
    assert_eq!(total(&free, &["3"]), 80);
    let once = game(true);
    assert_eq!(total(&once, &["2"]), 40);
    assert_eq!(total(&once, &["3"]), 40);
}

/// A player's route through the loop is refused by the same rule, naming
/// it; without the rule it earns 60.
#[test]
fn a_given_route_entering_a_hex_twice_names_the_rule() {
    for (rule, want) in [(false, None), (true, Some(Broken::ReentersHex))] {
        let game = game(rule);
        let state = small::x_at(&game, "C7");
        let net = Network::build(&game, &state);
        let stops = ["B6".to_string(), "C7".to_string()];
        let given = Given::parse(&game, "2", &stops, None).unwrap();
        let out = check(&net, &query(&game, &["2"]), &[given]);
        match (&out[0], want) {
            (Checked::Valid(r), None) => assert_eq!(r.revenue, 60),
            (Checked::Invalid(b, _), Some(w)) => assert_eq!(*b, w),
            (other, _) => panic!("rule {rule}: {other:?}"),
        }
    }
}
