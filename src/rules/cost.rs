//! What a lay costs: printed terrain on a first tile, and water sides the
//! new track first crosses. hexroute keeps no money; it only names the sum.

use super::Cost;
use crate::game::Game;
use crate::geometry::{Coord, Face};
use crate::state::MapState;
use std::collections::BTreeSet;

/// The cost of new track `new_faces` on hex `c`, whose tile had `old_faces`
/// (`laid`: a tile was already laid, so the terrain is paid).
pub(super) fn lay_cost(
    game: &Game,
    state: &MapState,
    c: Coord,
    laid: bool,
    old_faces: &BTreeSet<Face>,
    new_faces: &BTreeSet<Face>,
) -> Cost {
    let o = game.coords.orientation;
    let mut cost = Cost::default();
    if let Some(printed) = game.hexes[&c].cost.as_ref().filter(|_| !laid) {
        cost.add(printed.terrain.clone(), printed.amount);
    }
    for &face in new_faces.difference(old_faces) {
        if let Some(&amount) = game.water_sides.get(&(c, face))
            && meets_track(game, state, c, face)
        {
            cost.add(format!("water at the {} side", face.compass(o)), amount);
        }
    }
    cost
}

/// True when the neighbour across `face` has track to the shared side: a
/// water side is paid for when track first meets across it (18xx.games).
fn meets_track(game: &Game, state: &MapState, c: Coord, face: Face) -> bool {
    let n = c.neighbour(face, game.coords.orientation);
    state
        .tile_at(game, n)
        .is_some_and(|(t, r)| t.faces(r).contains(&face.opposite()))
}
