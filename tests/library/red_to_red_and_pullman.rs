//! 18EU's two rules on a run worked by hand on one small position,
//! tests/games/overlapgroups.ron with trains of its own: the bonus per own
//! token paid only between two red off-boards and capped (`token_bonus`
//! with `between_off_boards` and `cap`, its amount by phase), and the
//! pullman (`pullman`), re-paying a stop of another route.

use super::small;
use hexroute::game::{Game, PhaseId};
use hexroute::routes;
use hexroute::state::MapState;

/// The test game with a second phase and these trains: 3 and 2 earn 20
/// per own token on a run between off-boards, at most 15 (30 and no cap
/// from phase 2); 3N and 2N earn no bonus; P is a pullman.
fn game() -> Game {
    let bonus = "token_bonus: Some((per_token: 20, between_off_boards: true, cap: Some(15), \
                 from_phase: [(phase: \"2\", per_token: 30)]))";
    small::game_edited("overlapgroups.ron", |text| {
        text.replace(
            r#"(name: "3", stops: Some(3), skip: Nothing, multiplier: 1),"#,
            &format!(
                r#"(name: "3", stops: Some(3), skip: Nothing, multiplier: 1, {bonus}),
        (name: "2", stops: Some(2), skip: Nothing, multiplier: 1, {bonus}),
        (name: "3N", stops: Some(3), skip: Nothing, multiplier: 1),
        (name: "2N", stops: Some(2), skip: Nothing, multiplier: 1),
        (name: "P", stops: Some(1), skip: Nothing, multiplier: 1, pullman: Some((repays: OneCityOfAnotherRoute))),"#
            ),
        )
        .replace(
            r#"phases: [(name: "1", tiles: [Yellow], offboard: Yellow)],"#,
            r#"phases: [(name: "1", tiles: [Yellow], offboard: Yellow), (name: "2", tiles: [Yellow], offboard: Yellow)],"#,
        )
    })
}

/// The map with X's home token in B4.
fn position(game: &Game) -> MapState {
    small::x_at(game, "B4")
}

fn solve(game: &Game, trains: &[&str], phase: usize) -> routes::Solution {
    let mut query = small::query(game, trains);
    query.trains = query
        .trains
        .iter()
        .map(|t| t.in_phase(&game.phases, PhaseId(phase)))
        .collect();
    routes::solve(game, &position(game), &query).unwrap()
}

fn total(game: &Game, trains: &[&str], phase: usize) -> u32 {
    solve(game, trains, phase).total
}

/// Worked by hand. B4 is a city of 30 holding X's token, with track to
/// the off-boards Oxnard (A5, 40), Pomona (C3, 30) and the Port of Long
/// Beach (B6, 20).
/// - A 3 in phase 1: Oxnard, B4, Pomona, 40 + 30 + 30 = 100, both ends
///   red, one own token: 20, capped at 15: 115.
/// - The same in phase 2: 30 a token, no cap: 130.
/// - A 3N: 100, no bonus.
/// - A 2 must count B4, so ends there: Oxnard and B4, 40 + 30 = 70, one
///   end not red: no bonus, 70.
#[test]
fn own_token_bonus_between_off_boards_worked_by_hand() {
    let game = game();
    assert_eq!(total(&game, &["3"], 0), 115);
    assert_eq!(total(&game, &["3"], 1), 130);
    assert_eq!(total(&game, &["3N"], 0), 100);
    assert_eq!(total(&game, &["2"], 0), 70);
    let line = &solve(&game, &["3"], 0).routes[0].bonuses;
    assert_eq!(
        line,
        &[(
            "own tokens (1 × 20, at most 15, off-board to off-board)".to_string(),
            15
        )]
    );
}

/// Worked by hand on the same position.
/// - A 3N and the pullman: the 3N's 100, and Oxnard (40), the richest
///   stop on it, again: 140.
/// - Two 2N and the pullman: Oxnard-B4 (70) and B4-Pomona (60) on their
///   own track, 130, and Oxnard again: 170.
/// - A 3 (115, above) and the pullman: 155.
/// - The pullman alone runs nothing: 0.
#[test]
fn pullman_repays_the_richest_stop_worked_by_hand() {
    let game = game();
    assert_eq!(total(&game, &["3N", "P"], 0), 140);
    assert_eq!(total(&game, &["2N", "2N", "P"], 0), 170);
    assert_eq!(total(&game, &["3", "P"], 0), 155);
    assert_eq!(total(&game, &["P"], 0), 0);
    let run = solve(&game, &["P", "3N"], 0);
    let pullman = run.routes.iter().find(|r| r.train.as_str() == "P").unwrap();
    let oxnard = game.hex("A5").unwrap();
    assert_eq!(
        (pullman.hexes.as_slice(), pullman.revenue),
        (&[oxnard][..], 40)
    );
}
