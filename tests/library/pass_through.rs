//! The pass-through rule (`pass_through`) worked by hand on one small
//! position: tests/games/passthrough.ron, one column of cities and track.

use super::small::{self, total};
use hexroute::game::Game;
use hexroute::routes;
use hexroute::state::MapState;

fn game() -> Game {
    small::game("passthrough.ron")
}

/// The map with X's home token in A1, and the toll's marker on A7 when
/// `toll`.
fn position(game: &Game, toll: bool) -> MapState {
    let mut state = small::x_at(game, "A1");
    if toll {
        let a7 = game.hex("A7").unwrap();
        state
            .hexes
            .entry(a7)
            .or_default()
            .markers
            .insert("toll".into());
    }
    state
}

/// Worked by hand. The column: A1 city 20 (X's token), A3 track with the
/// printed coal mine (+10), A5 city 20, A7 track, A9 city 20.
/// - A 2 runs A1-A5: 20 + 20 = 40, through the mine: + 10 = 50. It may
///   not pass the city in A5, so it never reaches A7.
/// - A 3 runs A1-A5-A9: 20 + 20 + 20 = 60, + 10 (mine) = 70 without the
///   toll; with the toll marker on A7, 70 - 5 = 65 (still better than
///   A1-A5's 50).
/// - A 2 and a 3 together: every route starts at A1 and leaves it by the
///   one track, so only one runs: the 3's 65.
#[test]
fn pass_through_bonus_and_toll_worked_by_hand() {
    let game = game();
    let free = position(&game, false);
    let tolled = position(&game, true);
    assert_eq!(total(&game, &free, &["2"]), 50);
    assert_eq!(total(&game, &free, &["3"]), 70);
    assert_eq!(total(&game, &tolled, &["3"]), 65);
    assert_eq!(total(&game, &tolled, &["2", "3"]), 65);
    // The report names what each rule paid, so the legend adds up.
    let best = routes::solve(&game, &tolled, &small::query(&game, &["3"])).unwrap();
    let bonuses = &best.routes[0].bonuses;
    assert_eq!(
        bonuses,
        &vec![("Coal mine".to_string(), 10), ("Toll (-5)".to_string(), 0)]
    );
}
