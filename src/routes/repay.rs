//! What a pullman earns (`trains[].pullman`, 18EU's P): the stop it
//! re-pays as a one-stop route, for the search (`pullman.rs`) and for
//! `routes --check` of a player's pullman (`check.rs`).

use super::network::Network;
use super::{RouteStop, TrainRoute};
use crate::game::TrainDef;
use crate::geometry::Coord;
use crate::tile::StopKind;

/// The pullman's one-stop route at stop `s`, as a report shows it.
pub(super) fn pullman_route(net: &Network, pullman: &TrainDef, s: usize) -> TrainRoute {
    let stop = &net.stops[s];
    TrainRoute {
        train: pullman.name.clone(),
        revenue: stop.revenue,
        multiplier: 1,
        halved: false,
        hexes: vec![stop.hex],
        stops: vec![RouteStop {
            hex: stop.hex,
            kind: StopKind::City(stop.kind.index()),
            revenue: stop.revenue,
            skipped: false,
            multiplied: true,
        }],
        bonuses: Vec::new(),
    }
}

/// The city or off-board on hex `hex` that one of `visited` (the other
/// routes' stops) is: the stop a pullman given there re-pays, if any.
pub(super) fn repaid_at(net: &Network, hex: Coord, visited: &[(Coord, StopKind)]) -> Option<usize> {
    (0..net.stops.len()).find(|&s| {
        let st = &net.stops[s];
        st.hex == hex && st.is_city() && visited.contains(&(st.hex, st.kind))
    })
}
