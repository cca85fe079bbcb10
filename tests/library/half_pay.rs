//! Obsolete trains paying half (`trains[].half_pay_from`: 1858's, whose
//! revenue 18xx.games's `revenue_for` halves, rounded down) worked by hand
//! on one small position: tests/games/halfpay.ron.

use super::small::{self, query};
use hexroute::game::{Game, PhaseId};
use hexroute::routes;
use hexroute::state::MapState;

fn game() -> Game {
    small::game("halfpay.ron")
}

/// The best run of X (home A9) with `trains` in phase `phase` (an index),
/// each train as that phase has it.
fn solve(game: &Game, state: &MapState, trains: &[&str], phase: usize) -> routes::Solution {
    let mut q = query(game, trains);
    q.trains = q
        .trains
        .iter()
        .map(|t| t.in_phase(&game.phases, PhaseId(phase)))
        .collect();
    routes::solve(game, state, &q).unwrap()
}

/// Worked by hand. The column: A1 15 — A5 20 — A9 30 (X) — A13 40 — A17
/// 50, joined by plain track; routes may share a city, not track.
/// - Phase 1, every train in full. The 3 alone: A9-A13-A17, 30 + 40 + 50
///   = 120. The 4 and the 3: one runs A9-A13-A17 (120), the other
///   A1-A5-A9 (15 + 20 + 30 = 65): 185, more than the 4 alone on
///   A5-A9-A13-A17 (140).
/// - Phase 2, the 3 paying half. The 3 alone: 120 / 2 = 60. The 4 and the
///   3: the 4 on A9-A13-A17 (120) and the 3 on A1-A5-A9 (65 / 2 = 32,
///   rounded down): 152; the other way round 65 + 60 = 125; the 4 alone
///   140.
#[test]
fn an_obsolete_train_pays_half_worked_by_hand() {
    let game = game();
    let state = small::x_at(&game, "A9");
    assert_eq!(solve(&game, &state, &["3"], 0).total, 120);
    assert_eq!(solve(&game, &state, &["4", "3"], 0).total, 185);
    assert_eq!(solve(&game, &state, &["3"], 1).total, 60);
    let both = solve(&game, &state, &["4", "3"], 1);
    assert_eq!(both.total, 152);
    let three = both.routes.iter().find(|r| r.train == "3").unwrap();
    assert!(three.halved, "{three:?}");
    assert_eq!(three.revenue, 32);
    let four = both.routes.iter().find(|r| r.train == "4").unwrap();
    assert!(!four.halved && four.revenue == 120, "{four:?}");
}

/// A phase the game does not have is refused as the file loads.
#[test]
fn half_pay_from_an_unknown_phase_is_refused() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games/halfpay.ron"),
    )
    .unwrap()
    .replace("half_pay_from: Some(\"2\")", "half_pay_from: Some(\"9\")");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/games");
    let err = Game::from_ron(&text, "halfpay.ron", Some(&dir))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("half_pay_from") && err.contains("\"9\""),
        "{err}"
    );
}
