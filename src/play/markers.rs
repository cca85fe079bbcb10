//! Public markers (a `pass_through` rule's `marker`: 1817's coal mine and
//! bridge) put on a hex during play. No company owns one: every route
//! through the hex is paid for it, and it stays for the rest of the game.

use crate::edit::Edit;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::geometry::Coord;
use crate::state::MapState;

/// Marker `marker` goes on hex `c`; one of a name per hex.
pub(super) fn put(game: &Game, state: &MapState, c: Coord, marker: &str) -> Result<Edit> {
    let addr = game.format(c);
    if !game.hexes.contains_key(&c) {
        return Err(Error::Invalid(format!("hex {addr} is not on the map")));
    }
    if !game.knows_marker(marker) {
        return Err(Error::Invalid(format!(
            "marker {marker:?} is no public marker of {} (its pass_through rules name them)",
            game.id
        )));
    }
    let mut next = state.clone();
    let mut h = next.hex_state(c);
    if !h.markers.insert(marker.to_string()) {
        return Err(Error::Invalid(format!(
            "hex {addr} holds a {marker} marker already"
        )));
    }
    next.hexes.insert(c, h);
    Ok(Edit {
        next,
        violations: Vec::new(),
        said: format!("a {marker} marker goes on {addr}"),
    })
}
