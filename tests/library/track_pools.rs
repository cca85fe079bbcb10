//! Track pools (`TrainDef::track_pool`) worked by hand on one small
//! position: tests/games/trackpools.ron, one column of cities and track.

use super::small::{self, query, total};
use hexroute::game::Game;
use hexroute::routes::check::{Broken, Checked, check};
use hexroute::routes::network::Network;
use hexroute::state::MapState;

fn game() -> Game {
    small::game("trackpools.ron")
}

/// The map with X's home token in A1.
fn position(game: &Game) -> MapState {
    small::x_at(game, "A1")
}

/// Worked by hand. The column: A1 city 20 (X's token), A3 track, A5 city
/// 20, A7 track, A9 city 20. Every route holds X's token, so starts at A1
/// and leaves it by the one track A1-A3-A5.
/// - A 3 alone: A1-A5-A9, 20 + 20 + 20 = 60.
/// - A 3 and a 2: one pool, so only one runs: the 3's 60.
/// - A 3 and a 2F: two pools, so the 2F runs A1-A5 on the 3's track:
///   60 + (20 + 20) = 100.
/// - Two 2F: one pool again, only one runs: 40.
#[test]
fn routes_of_two_track_pools_share_track_worked_by_hand() {
    let game = game();
    let state = position(&game);
    assert_eq!(total(&game, &state, &["3"]), 60);
    assert_eq!(total(&game, &state, &["3", "2"]), 60);
    assert_eq!(total(&game, &state, &["3", "2F"]), 100);
    assert_eq!(total(&game, &state, &["2F", "2F"]), 40);
}

/// The route check holds a player's routes to the same rule: a 3 on
/// A1-A5-A9 and a 2F on A1-A5 both run (40 + 60); a 2 in the 2F's place
/// shares the 3's track in its own pool and is refused as an overlap.
#[test]
fn route_check_lets_two_track_pools_share_track() {
    let game = game();
    let state = position(&game);
    let net = Network::build(&game, &state);
    let given = |train: &str, stops: &[&str]| small::given(&game, train, stops);
    let three = given("3", &["A1", "A5", "A9"]);
    let pooled = check(
        &net,
        &query(&game, &["3", "2F"]),
        &[three.clone(), given("2F", &["A1", "A5"])],
    );
    let paid: Vec<u32> = pooled
        .iter()
        .map(|c| match c {
            Checked::Valid(r) => r.revenue,
            Checked::Invalid(why, _) => panic!("refused: {why}"),
        })
        .collect();
    assert_eq!(paid, [60, 40]);
    let shared = check(
        &net,
        &query(&game, &["3", "2"]),
        &[three, given("2", &["A1", "A5"])],
    );
    assert!(matches!(shared[0], Checked::Valid(_)));
    assert_eq!(shared[1], Checked::Invalid(Broken::Overlap, None));
}
