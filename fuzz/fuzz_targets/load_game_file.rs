//! Any bytes given as a custom game file (`--game-file`): loading either
//! fails with an error or gives a game whose starting map saves and loads.
#![no_main]

use hexroute::game::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = Game::from_ron(text, "fuzz.ron", None) else {
        return;
    };
    let saved = hexroute::state::MapState::start(&game).into();
    let written = hexroute::save::to_json(&saved, &game);
    hexroute::save::from_json(&written, &game).expect("a new game's save loads back");
});
