//! Any bytes given as a saved game: loading either fails with an error or
//! gives a state that writes out and loads back to the same text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(id) = hexroute::save::game_id(text) else {
        return;
    };
    let Ok(game) = hexroute::game::builtin(&id) else {
        return;
    };
    let Ok(state) = hexroute::save::from_json(text, &game) else {
        return;
    };
    let written = hexroute::save::to_json(&state, &game);
    let again = hexroute::save::from_json(&written, &game).expect("a written save loads back");
    assert_eq!(hexroute::save::to_json(&again, &game), written);
});
