//! 1822's E-train (`trains[].own_tokens_only`) and its destination bonus
//! paid once a run (`once_per_run`, a connection paying its destination's
//! value: `pays: StopValue`), worked by hand on tests/games/etrain.ron:
//! the column A1 (X's home token), A5, A9 (X's second token), A13, each a
//! city worth 20, joined by track through A3, A7 and A11.

use super::small;
use hexroute::game::Game;
use hexroute::routes::check::{Checked, Given, check};
use hexroute::routes::network::Network;
use hexroute::routes::{self, Query};
use hexroute::state::MapState;

fn game() -> Game {
    small::game("etrain.ron")
}

/// X's tokens in A1 (home) and A9.
fn position(game: &Game) -> MapState {
    let mut state = small::x_at(game, "A1");
    state.put_token(game.hex("A9").unwrap(), 0, "X".into());
    state
}

/// X's query for `trains`, its destination bonus with it or not.
fn query(game: &Game, trains: &[&str], destination: bool) -> Query {
    let mut q = small::query(game, trains);
    if destination {
        q.bonuses = game.bonuses.clone();
    }
    q
}

fn total(game: &Game, trains: &[&str], destination: bool) -> u32 {
    let state = position(game);
    routes::solve(game, &state, &query(game, trains, destination))
        .unwrap()
        .total
}

/// Worked by hand, no bonus.
/// - An E: it must start and end at X's tokens, so A1-A5-A9 (not on to
///   A13, untokened): A1 20 + A9 20, A5 pays it nothing; doubled: 80.
/// - A 5 alone: A1-A5-A9-A13, 4 × 20 = 80.
/// - An E and a 3: the 3 runs A1-A5-A9 (60, or A5-A9-A13, 60), the E the
///   same track in its own pool: 80 + 60 = 140.
/// - Two Es: one pool, one track: 80.
/// - A 2 and a 3 (one pool): the 3 on A1-A5-A9, the 2 on A9-A13 (no
///   track shared, A9 a city both may stop in): 60 + 40 = 100.
#[test]
fn an_e_train_is_paid_for_its_token_cities_only_worked_by_hand() {
    let game = game();
    assert_eq!(total(&game, &["E"], false), 80);
    assert_eq!(total(&game, &["5"], false), 80);
    assert_eq!(total(&game, &["E", "3"], false), 140);
    assert_eq!(total(&game, &["E", "E"], false), 80);
    assert_eq!(total(&game, &["2", "3"], false), 100);
    // The report's stops add up: A5 earns the E nothing.
    let solution = routes::solve(&game, &position(&game), &query(&game, &["E"], false)).unwrap();
    let earned: Vec<u32> = solution.routes[0].stops.iter().map(|s| s.revenue).collect();
    assert_eq!(earned.iter().sum::<u32>() * 2, 80, "{earned:?}");
    assert!(earned.contains(&0), "{earned:?}");
}

/// Worked by hand, with the destination (A1 to A9, A9's value again, the
/// train's multiplier included, to one route of the run).
/// - A 3 on A1-A5-A9: 60 + 20 = 80.
/// - An E on A1-A5-A9: 80 + 20 × 2 = 120.
/// - An E and a 3, both joining A1 and A9: paid once, to the E's route
///   where it pays 40: 80 + 60 + 40 = 180 (not 200: #7258's miscount is
///   paying both).
/// - A 2 and a 3: the 3 on A1-A5-A9 earns it (80), the 2 A9-A13 (40): 120.
/// - Two 3s: only one runs A1-A5-A9 (the track is one); the other
///   A9-A13 is a 2-stop 40: 80 + 40 = 120.
#[test]
fn a_destination_is_paid_once_a_run_worked_by_hand() {
    let game = game();
    assert_eq!(total(&game, &["3"], true), 80);
    assert_eq!(total(&game, &["E"], true), 120);
    assert_eq!(total(&game, &["E", "3"], true), 180);
    assert_eq!(total(&game, &["2", "3"], true), 120);
    assert_eq!(total(&game, &["3", "3"], true), 120);
    let solution =
        routes::solve(&game, &position(&game), &query(&game, &["E", "3"], true)).unwrap();
    let carriers: Vec<&str> = solution
        .routes
        .iter()
        .filter(|r| r.bonuses.iter().any(|(n, _)| n == "X's destination"))
        .map(|r| r.train.as_str())
        .collect();
    assert_eq!(carriers, ["E"]);
}

/// The route check pays a player's set the destination once too: an E
/// and a 3 both on A1-A5-A9 earn 80 + 60, and the bonus once, 40 on the
/// E's route: 180.
#[test]
fn the_route_check_pays_a_destination_once() {
    let game = game();
    let state = position(&game);
    let net = Network::build(&game, &state);
    let at = |hexes: &[&str]| -> Vec<_> { hexes.iter().map(|h| game.hex(h).unwrap()).collect() };
    let given = |train: &str| Given {
        train: game.train(train).unwrap().clone(),
        name: train.into(),
        stops: at(&["A1", "A5", "A9"]),
        legs: None,
    };
    let out = check(
        &net,
        &query(&game, &["E", "3"], true),
        &[given("E"), given("3")],
    );
    let paid: Vec<u32> = out
        .iter()
        .map(|c| match c {
            Checked::Valid(r) => r.revenue,
            Checked::Invalid(b, _) => panic!("{b:?}"),
        })
        .collect();
    assert_eq!(paid, [120, 60]);
}
