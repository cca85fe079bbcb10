//! Where a route may stop: each stop's places (a stop, a stop hex, or the
//! off-board groups holding its hex), under the game's `within_route` and
//! `between_routes` rules. The walk (`enumerate`), the route check and the
//! ceilings read it.

use super::network::{self, Network};
use crate::game::ConflictRule;
use crate::geometry::Coord;

/// Where the game's route rules put their limits.
///
/// `within_route`: each stop gets one or more place ids, and a route may
/// stop in each place once. Under `TrackOrCityHex` (1867, 1861: "Route
/// visits same hex twice") the places are stop hexes; under `TrackOnly`
/// (1830, 1889) each stop is its own place, so a route may stop at both
/// cities of an OO tile but not at one city twice. Either way a stop on a
/// hex of off-board groups has those groups as its places instead, so a
/// route stops at one hex of each group ("cannot use group more than
/// once"); a hex in several groups (18 Los Angeles 2's Oxnard: W, NW and
/// SW) shuts each of them.
///
/// `between_routes`: under `TrackOrCityHex`, each stop hex (or off-board
/// group) also gets a bit beside the track elements, so two routes stopping
/// in one conflict as if they shared track. Under `TrackOnly` only track
/// conflicts.
pub(super) struct Places {
    /// Stop `s`'s place ids are `ids[starts[s]..starts[s + 1]]`.
    ids: Vec<usize>,
    starts: Vec<usize>,
    pub(super) count: usize,
    pub(super) between: Vec<Vec<u32>>,
    pub(super) words: usize,
    /// The bit every route passing a blocked city holds, where one route
    /// of a run may (`rules.pass_blocked`, see `pass_blocked`).
    pub(super) pass_bit: Option<u32>,
}

impl Places {
    pub(super) fn of(net: &Network) -> Places {
        let mut hex_ids: Vec<Coord> = net.stops.iter().map(|s| s.hex).collect();
        hex_ids.sort();
        hex_ids.dedup();
        let groups = net
            .stops
            .iter()
            .flat_map(|s| s.groups.iter().map(|g| g + 1))
            .max()
            .unwrap_or(0);
        // A stop's hex place, or its groups' places after `first_group`.
        let hex_or_groups = |s: &network::Stop, own: usize, first_group: usize| -> Vec<usize> {
            if s.groups.is_empty() {
                vec![own]
            } else {
                s.groups.iter().map(|g| first_group + g).collect()
            }
        };
        let hex_place = |s: &network::Stop| {
            hex_ids
                .binary_search(&s.hex)
                .expect("every stop's hex is listed")
        };
        let (per_stop, count): (Vec<Vec<usize>>, usize) = match net.rules.within_route {
            ConflictRule::TrackOrCityHex => (
                net.stops
                    .iter()
                    .map(|s| hex_or_groups(s, hex_place(s), hex_ids.len()))
                    .collect(),
                hex_ids.len() + groups,
            ),
            ConflictRule::TrackOnly => (
                net.stops
                    .iter()
                    .enumerate()
                    .map(|(i, s)| hex_or_groups(s, i, net.stops.len()))
                    .collect(),
                net.stops.len() + groups,
            ),
        };
        let (between, elements) = match net.rules.between_routes {
            ConflictRule::TrackOrCityHex => (
                net.stops
                    .iter()
                    .map(|s| {
                        hex_or_groups(s, hex_place(s), hex_ids.len())
                            .into_iter()
                            .map(|p| (net.elements + p) as u32)
                            .collect()
                    })
                    .collect(),
                net.elements + hex_ids.len() + groups,
            ),
            ConflictRule::TrackOnly => (vec![Vec::new(); net.stops.len()], net.elements),
        };
        let pass_bit = super::pass_blocked::needs_bit(net.rules.pass_blocked.as_ref())
            .then_some(elements as u32);
        let elements = elements + usize::from(pass_bit.is_some());
        let mut starts = vec![0];
        let mut ids = Vec::new();
        for p in per_stop {
            ids.extend(p);
            starts.push(ids.len());
        }
        Places {
            ids,
            starts,
            count,
            between,
            words: elements.div_ceil(64).max(1),
            pass_bit,
        }
    }

    /// Stop `s`'s place ids.
    pub(super) fn within(&self, s: usize) -> &[usize] {
        &self.ids[self.starts[s]..self.starts[s + 1]]
    }

    /// True when a route whose places in use are `used` may stop at `s`.
    pub(super) fn free(&self, used: &[bool], s: usize) -> bool {
        self.within(s).iter().all(|&p| !used[p])
    }

    /// Marks stop `s`'s places used (or free again) in `used`.
    pub(super) fn mark(&self, used: &mut [bool], s: usize, on: bool) {
        for &p in self.within(s) {
            used[p] = on;
        }
    }
}
