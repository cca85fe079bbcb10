//! Stacked expresses (`stacks`: 18NewEngland's `route_trains` and
//! `revenue_multiplier`) worked by hand on one small position:
//! tests/games/stacked.ron, one column of cities and towns.

use super::small::{self, query};
use hexroute::game::Game;
use hexroute::routes;
use hexroute::routes::check::{Checked, Given, check};
use hexroute::routes::network::Network;
use hexroute::state::MapState;

fn game() -> Game {
    small::game("stacked.ron")
}

/// The map with X's home token in A1.
fn position(game: &Game) -> MapState {
    small::x_at(game, "A1")
}

/// The best run: its total, and each running train with its multiplier.
fn best(game: &Game, state: &MapState, trains: &[&str]) -> (u32, Vec<(String, u32)>) {
    let best = routes::solve(game, state, &query(game, trains)).unwrap();
    let ran = best
        .routes
        .iter()
        .map(|r| (r.train.to_string(), r.multiplier))
        .collect();
    (best.total, ran)
}

/// Worked by hand. The column: A1 city 20 (X's token), A3 town 10, A5
/// city 20, A7 town 10, A9 city 20; one track, so one route runs.
/// - A 3E alone must count every city it passes and may pass towns:
///   A1-A5-A9 = 20 + 20 + 20 = 60 (A1-A3-A5 = 50 is less).
/// - A 2E alone: A1-A5 passing A3 = 40 (it cannot pass A5's city).
/// - A 2E and a 3E: only the shorter, the 2E, runs, paid twice:
///   2 × 40 = 80 (unstacked, the 3E's 60 would be the best one route).
/// - Two 3Es: one 3E paid twice, 2 × 60 = 120.
/// - A 2E and two 3Es: the 2E paid three times, 3 × 40 = 120.
/// - A plain 2 beside them does not stack: a 2 alone earns A1-A3 = 30;
///   with a 2E and a 3E the one track takes the 2E × 2 = 80 over it.
#[test]
fn stacked_expresses_worked_by_hand() {
    let game = game();
    let state = position(&game);
    assert_eq!(best(&game, &state, &["3E"]), (60, vec![("3E".into(), 1)]));
    assert_eq!(best(&game, &state, &["2E"]), (40, vec![("2E".into(), 1)]));
    assert_eq!(
        best(&game, &state, &["3E", "2E"]),
        (80, vec![("2E".into(), 2)])
    );
    assert_eq!(
        best(&game, &state, &["3E", "3E"]),
        (120, vec![("3E".into(), 2)])
    );
    assert_eq!(
        best(&game, &state, &["3E", "2E", "3E"]),
        (120, vec![("2E".into(), 3)])
    );
    assert_eq!(best(&game, &state, &["2"]), (30, vec![("2".into(), 1)]));
    assert_eq!(
        best(&game, &state, &["2", "2E", "3E"]),
        (80, vec![("2E".into(), 2)])
    );
}

/// A player's run is priced as the search prices it: the 2E that runs
/// for a 2E and a 3E earns 2 × 40 = 80 on A1-A5; the 3E, which does not
/// run beside it, is no train the company can run.
#[test]
fn a_given_stacked_route_is_paid_for_the_stack() {
    let game = game();
    let state = position(&game);
    let net = Network::build(&game, &state);
    let q = query(&game, &["2E", "3E"]);
    let given = |train: &str, stops: &[&str]| {
        let stops: Vec<String> = stops.iter().map(|s| s.to_string()).collect();
        Given::parse(&game, train, &stops, None).unwrap()
    };
    let out = check(&net, &q, &[given("2E", &["A1", "A5"])]);
    match &out[0] {
        Checked::Valid(r) => assert_eq!((r.revenue, r.multiplier), (80, 2)),
        other => panic!("expected a valid route, got {other:?}"),
    }
    let out = check(&net, &q, &[given("3E", &["A1", "A5", "A9"])]);
    assert!(matches!(out[0], Checked::Invalid(..)), "{out:?}");
}
