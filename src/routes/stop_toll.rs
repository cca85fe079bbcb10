//! Tolls on stopping (`pass_through` rules with `at_stop`: 18 Los Angeles's
//! Dump): a route that counts a stop in such a hex pays the toll out of
//! what that stop earns, then out of the visit bonuses it earns there,
//! never below nothing. Unlike a toll for entering a hex, it depends on
//! which stops a train counts, so the choice of stops weighs it
//! (`revenue::tolls`) and a train that may skip stops skips a tolled one
//! when that pays better.

use crate::game::Game;
use crate::geometry::Coord;
use crate::state::MapState;

/// What stopping in a hex costs: its rules' names and their sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StopToll {
    /// The rules applying there, for a route's legend (`Dump`).
    pub name: String,
    /// What counting a stop there takes, at most.
    pub amount: u32,
}

/// The toll for counting a stop in hex `c` of the map as it stands: its
/// printed rules and those its public markers bring; `None` when free.
pub(super) fn at(game: &Game, state: &MapState, c: Coord) -> Option<StopToll> {
    let markers = state.hex_state(c).markers;
    let rules: Vec<_> = game
        .pass_through
        .iter()
        .filter(|p| p.at_stop && p.applies(c, &markers))
        .collect();
    if rules.is_empty() {
        return None;
    }
    let names: Vec<&str> = rules.iter().map(|p| p.name.as_str()).collect();
    Some(StopToll {
        name: names.join(" + "),
        amount: rules.iter().map(|p| p.amount.unsigned_abs()).sum(),
    })
}
