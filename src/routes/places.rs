//! Where a route may stop: each stop's place (a stop, a stop hex, or an
//! off-board group), under the game's `within_route` and `between_routes`
//! rules. The walk (`enumerate`), the route check and the ceilings read it.

use super::network::{self, Network};
use crate::game::ConflictRule;
use crate::geometry::Coord;

/// Where the game's route rules put their limits.
///
/// `within_route`: each stop gets a place id, and a route may stop in each
/// place once. Under `TrackOrCityHex` (1867, 1861: "Route visits same hex
/// twice") the places are stop hexes, with each group of off-board hexes
/// one place; under `TrackOnly` (1830, 1889) each stop is its own place, so a
/// route may stop at both cities of an OO tile but not at one city twice,
/// and at one hex of an off-board group (each group is one place).
///
/// `between_routes`: under `TrackOrCityHex`, each stop hex also gets a bit
/// beside the track elements, so two routes stopping in one hex conflict as
/// if they shared track. Under `TrackOnly` only track conflicts.
pub(super) struct Places {
    pub(super) within: Vec<usize>,
    pub(super) count: usize,
    pub(super) between: Vec<Option<u32>>,
    pub(super) words: usize,
}

impl Places {
    pub(super) fn of(net: &Network) -> Places {
        let mut hex_ids: Vec<Coord> = net.stops.iter().map(|s| s.place).collect();
        hex_ids.sort();
        hex_ids.dedup();
        let hex_place = |s: &network::Stop| {
            hex_ids
                .binary_search(&s.place)
                .expect("every stop's place is listed")
        };
        let (within, count) = match net.rules.within_route {
            ConflictRule::TrackOrCityHex => {
                (net.stops.iter().map(hex_place).collect(), hex_ids.len())
            }
            ConflictRule::TrackOnly => {
                // Each stop its own place, but the hexes of an off-board
                // group one (18Chesapeake's West Virginia Coal: "cannot
                // use group more than once").
                let groups: Vec<Coord> = net
                    .stops
                    .iter()
                    .filter(|s| s.place != s.hex)
                    .map(|s| s.place)
                    .collect();
                let within = (0..net.stops.len())
                    .map(|i| {
                        let s = &net.stops[i];
                        if groups.contains(&s.place) {
                            net.stops.len() + hex_place(s)
                        } else {
                            i
                        }
                    })
                    .collect();
                (within, net.stops.len() + hex_ids.len())
            }
        };
        let (between, elements) = match net.rules.between_routes {
            ConflictRule::TrackOrCityHex => (
                net.stops
                    .iter()
                    .map(|s| Some((net.elements + hex_place(s)) as u32))
                    .collect(),
                net.elements + hex_ids.len(),
            ),
            ConflictRule::TrackOnly => (vec![None; net.stops.len()], net.elements),
        };
        Places {
            within,
            count,
            between,
            words: elements.div_ceil(64).max(1),
        }
    }
}
