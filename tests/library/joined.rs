//! Rules on a whole run (1860's g_1860 `check_route_combination`): one
//! route through the home token (`rules.run_through_home`), the routes
//! meeting (`rules.routes_meet`), worked by hand on one small position:
//! tests/games/joined.ron, one column of cities.

use super::small::{self, query};
use hexroute::game::Game;
use hexroute::routes;

/// The test game with the rules `home` and `meet` as given.
fn game(home: bool, meet: bool) -> Game {
    small::game_edited("joined.ron", |text| {
        text.replace(
            "run_through_home: true",
            &format!("run_through_home: {home}"),
        )
        .replace("routes_meet: true", &format!("routes_meet: {meet}"))
    })
}

/// X's run with `trains`: its home token in A13, its second in A5.
fn total(game: &Game, trains: &[&str]) -> u32 {
    let mut state = small::x_at(game, "A13");
    let a5 = game.hex("A5").unwrap();
    state
        .hexes
        .entry(a5)
        .or_default()
        .tokens
        .insert(0, "X".into());
    routes::solve(game, &state, &query(game, trains))
        .unwrap()
        .total
}

/// Worked by hand. The column: A1 40, A5 20 (X's), A9 20, A13 20 (X's
/// home), A17 30. A 2 or 3 counts every city it passes, so it runs 2 or
/// 3 cities in a row, one of them X's.
/// - One 2. No rule: A1-A5, 40 + 20 = 60. Through the home: A13-A17,
///   20 + 30 = 50. Meeting alone asks nothing of one route: 60.
/// - A 3 and a 2. No rule: A1-A5-A9 (80) and A13-A17 (50), 130; they
///   share no stop, and A1-A5-A9 misses the home, which A13-A17 holds,
///   so through the home alone is 130 too. Meeting: A1-A5-A9 and A9-A13
///   share A9, 80 + 40 = 120 (A1-A5 and A5-A9-A13, 60 + 60, are 120;
///   A9-A13-A17 and A5-A9, 70 + 40, 110); with the home as well, the
///   first holds A13: 120.
#[test]
fn a_run_must_hold_together_worked_by_hand() {
    assert_eq!(total(&game(false, false), &["2"]), 60);
    assert_eq!(total(&game(true, false), &["2"]), 50);
    assert_eq!(total(&game(false, true), &["2"]), 60);
    assert_eq!(total(&game(false, false), &["3", "2"]), 130);
    assert_eq!(total(&game(true, false), &["3", "2"]), 130);
    assert_eq!(total(&game(false, true), &["3", "2"]), 120);
    assert_eq!(total(&game(true, true), &["3", "2"]), 120);
}
