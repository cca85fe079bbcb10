//! What the hand-worked route tests on the small games of tests/games/
//! share: the game read from its file, a position with company X's home
//! token, X's query for some of the game's trains, what X's best run
//! earns, and a player's route to check.

use hexroute::game::Game;
use hexroute::routes::check::Given;
use hexroute::routes::{self, Query};
use hexroute::state::MapState;
use std::path::Path;

/// The test game `file` of tests/games/, its text first passed through
/// `edit` (a test may fill in one field).
pub fn game_edited(file: &str, edit: impl Fn(String) -> String) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/games")
        .join(file);
    let text = edit(std::fs::read_to_string(&path).unwrap());
    Game::from_ron(&text, file, path.parent()).unwrap()
}

/// The test game `file` of tests/games/ as it is.
pub fn game(file: &str) -> Game {
    game_edited(file, |text| text)
}

/// The start of `game` with X's home token in `home`.
pub fn x_at(game: &Game, home: &str) -> MapState {
    let mut state = MapState::start(game);
    let home = game.hex(home).unwrap();
    state
        .hexes
        .entry(home)
        .or_default()
        .tokens
        .insert(0, "X".into());
    state
}

/// X's run with `trains`, no bonus, no token, no requirement.
pub fn query(game: &Game, trains: &[&str]) -> Query {
    Query {
        company: "X".into(),
        trains: trains
            .iter()
            .map(|t| game.train(t).unwrap().clone())
            .collect(),
        bonuses: Vec::new(),
        lose_lowest: None,
        required: None,
    }
}

/// What X's best run with `trains` earns in `state`.
pub fn total(game: &Game, state: &MapState, trains: &[&str]) -> u32 {
    routes::solve(game, state, &query(game, trains))
        .unwrap()
        .total
}

/// A player's route for the route check: `train` stopping at `stops`, its
/// legs left for the check to find.
pub fn given(game: &Game, train: &str, stops: &[&str]) -> Given {
    Given {
        train: game.train(train).unwrap().clone(),
        name: train.into(),
        stops: stops.iter().map(|h| game.hex(h).unwrap()).collect(),
        legs: None,
    }
}
