//! Routes through cities full of others' tokens (`rules.pass_blocked`,
//! 1860's tokened-out cities) worked by hand on one small position:
//! tests/games/passblocked.ron, one column of cities and track.

use super::small::{self, query};
use hexroute::game::Game;
use hexroute::routes;
use hexroute::routes::check::{Broken, Checked, Given, check};
use hexroute::routes::network::Network;
use hexroute::state::MapState;

const ONE_OF_THE_RUN: &str = "pass_blocked: Some((per_route: 1, routes: OneOfTheRun))";

/// The game with `rule` in place of its `rules.pass_blocked` ("" for none).
fn game(rule: &str) -> Game {
    small::game_edited("passblocked.ron", |text| text.replace(ONE_OF_THE_RUN, rule))
}

/// X's home token in A9, Y's tokens filling A5 and A13.
fn position(game: &Game) -> MapState {
    let mut state = small::x_at(game, "A9");
    for hex in ["A5", "A13"] {
        let at = game.hex(hex).unwrap();
        state
            .hexes
            .entry(at)
            .or_default()
            .tokens
            .insert(0, "Y".into());
    }
    state
}

fn total(game: &Game, trains: &[&str]) -> u32 {
    let state = position(game);
    routes::solve(game, &state, &query(game, trains))
        .unwrap()
        .total
}

/// Worked by hand. The column: A1 40, A5 20 (Y's), A9 20 (X's), A13 20
/// (Y's), A17 40, joined by one track. Every route holds A9.
/// - No rule: A5 and A13 end routes. A 3: A5-A9-A13, 20 + 20 + 20 = 60.
///   Two 3s: A5-A9 and A9-A13 (40 + 40 = 80) beat one 3 on all (60).
///   A 5: still A5-A9-A13, 60.
/// - One blocked city a route, one route a run: a 3 runs A1-A5-A9,
///   40 + 20 + 20 = 80. Two 3s: one passes (80), the other may not, so
///   A9-A13 (40): 120. A 5: A1-A5-A9-A13, 40 + 20 + 20 + 20 = 100.
/// - One a route, each route: two 3s, A1-A5-A9 and A9-A13-A17: 160.
/// - Two a route: a 5 runs the column, 40 + 20 + 20 + 20 + 40 = 140.
#[test]
fn routes_pass_blocked_cities_as_the_rule_allows_worked_by_hand() {
    let none = game("");
    assert_eq!(total(&none, &["3"]), 60);
    assert_eq!(total(&none, &["3", "3"]), 80);
    assert_eq!(total(&none, &["5"]), 60);
    let one = game(ONE_OF_THE_RUN);
    assert_eq!(total(&one, &["3"]), 80);
    assert_eq!(total(&one, &["3", "3"]), 120);
    assert_eq!(total(&one, &["5"]), 100);
    let each = game("pass_blocked: Some((per_route: 1, routes: Each))");
    assert_eq!(total(&each, &["3", "3"]), 160);
    let two = game("pass_blocked: Some((per_route: 2, routes: OneOfTheRun))");
    assert_eq!(total(&two, &["5"]), 140);
}

/// The route check holds a player's routes to the same rule: A1-A5-A9
/// runs (80) where one route of the run may pass A5; with A9-A13-A17
/// beside it, the second pass is refused as two routes sharing the run's
/// one pass (an overlap); without the rule A1-A5-A9 is blocked.
#[test]
fn route_check_passes_one_blocked_city_a_run() {
    let at = |game: &Game, hexes: &[&str]| -> Vec<_> {
        hexes.iter().map(|h| game.hex(h).unwrap()).collect()
    };
    let given = |game: &Game, stops: &[&str]| Given {
        train: game.train("3").unwrap().clone(),
        name: "3".into(),
        stops: at(game, stops),
        legs: None,
    };
    let one = game(ONE_OF_THE_RUN);
    let net = Network::build(&one, &position(&one));
    let both = check(
        &net,
        &query(&one, &["3", "3"]),
        &[
            given(&one, &["A1", "A5", "A9"]),
            given(&one, &["A9", "A13", "A17"]),
        ],
    );
    assert!(matches!(&both[0], Checked::Valid(r) if r.revenue == 80));
    assert_eq!(both[1], Checked::Invalid(Broken::Overlap, None));
    let none = game("");
    let net = Network::build(&none, &position(&none));
    let alone = check(
        &net,
        &query(&none, &["3"]),
        &[given(&none, &["A1", "A5", "A9"])],
    );
    assert_eq!(alone[0], Checked::Invalid(Broken::Blocked, None));
}
