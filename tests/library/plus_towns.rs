//! N+M trains (`plus_towns`: 1880's and 1847AE's 2+2, 1860's 2+1) worked
//! by hand on one small position: tests/games/plustowns.ron, one column
//! of cities and towns.

use super::small::{self, query};
use hexroute::routes;
use hexroute::routes::check::{Checked, Given, check};
use hexroute::routes::network::Network;

/// Worked by hand. The column: A1 city 20 (X's token), A3, A5 and A7
/// towns 10 each, A9 and A11 cities 20; one track, so one route runs,
/// from A1, and every train here stops wherever it counts a stop.
/// - A plain 2: A1-A3 = 20 + 10 = 30.
/// - A 2+2 counts at most 2 cities and 4 stops: A1-A3-A5-A7 = 20 + 30
///   = 50 (its third town in the N); A1 to A9 would be 5 stops.
/// - A 2+1 (towns outside the N, its best one paid, the others passed):
///   A1 to A9, 2 cities and one of the three towns = 20 + 20 + 10 = 50;
///   A11 would be a third city.
#[test]
fn n_plus_m_trains_worked_by_hand() {
    let game = small::game("plustowns.ron");
    let state = small::x_at(&game, "A1");
    let best = |trains: &[&str]| routes::solve(&game, &state, &query(&game, trains)).unwrap();
    assert_eq!(best(&["2"]).total, 30);
    assert_eq!(best(&["2+2"]).total, 50);
    let two_one = best(&["2+1"]);
    assert_eq!(two_one.total, 50);
    let stops = &two_one.routes[0].stops;
    let skipped = stops.iter().filter(|s| s.skipped).count();
    assert_eq!((stops.len(), skipped), (5, 2), "{:?}", two_one.routes[0]);
}

/// Worked by hand, A11 taken off the column (so A1 to A9, two cities,
/// is the longest route): a 3+1 counts its 2 cities and its best town,
/// 20 + 20 + 10 = 50; a 3+1 whose towns may take its unused N
/// (`spare_for_towns`, 1860) counts 1 + (3 - 2) = 2 towns, 60. With A11
/// back, both count 3 cities and 1 town: 20 + 20 + 20 + 10 = 70.
#[test]
fn towns_take_the_unused_n_worked_by_hand() {
    let short = small::game_edited("plustowns.ron", |t| {
        t.replace("(at: \"A11\", tile: \"57\"),", "")
    });
    let long = small::game("plustowns.ron");
    let total = |game: &hexroute::game::Game, train: &str| {
        let state = small::x_at(game, "A1");
        routes::solve(game, &state, &query(game, &[train]))
            .unwrap()
            .total
    };
    assert_eq!(total(&short, "3+1"), 50);
    assert_eq!(total(&short, "3+1s"), 60);
    assert_eq!(total(&long, "3+1"), 70);
    assert_eq!(total(&long, "3+1s"), 70);
}

/// A player's route is judged by the same rule: a 2+2 may run A1 to A7
/// (4 stops, 1 city) for 50, not A1 to A9 (5 stops).
#[test]
fn a_given_n_plus_m_route_is_judged_by_its_stops() {
    let game = small::game("plustowns.ron");
    let state = small::x_at(&game, "A1");
    let net = Network::build(&game, &state);
    let q = query(&game, &["2+2"]);
    let given = |stops: &[&str]| {
        let stops: Vec<String> = stops.iter().map(|s| s.to_string()).collect();
        Given::parse(&game, "2+2", &stops, None).unwrap()
    };
    let out = check(&net, &q, &[given(&["A1", "A3", "A5", "A7"])]);
    match &out[0] {
        Checked::Valid(r) => assert_eq!(r.revenue, 50),
        other => panic!("expected a valid route, got {other:?}"),
    }
    let out = check(&net, &q, &[given(&["A1", "A3", "A5", "A7", "A9"])]);
    assert!(matches!(out[0], Checked::Invalid(..)), "{out:?}");
}
