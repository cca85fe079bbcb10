//! A route a company's next run must include: 1870's connection run. When a
//! company's destination is first connected to its home, it runs at once,
//! and at least one of its trains must run a route whose two ends are its
//! home and its destination (18xx.games g_1870 `check_route_combination`).
//! Play sets it and clears it once the run is made; `routes` reads it.

use crate::geometry::Coord;
use std::collections::BTreeSet;

/// The hexes both ends of a required route must be among (never empty).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RouteEnds(BTreeSet<Coord>);

impl RouteEnds {
    /// The requirement on these hexes; `None` when there are none.
    pub fn new(hexes: impl IntoIterator<Item = Coord>) -> Option<RouteEnds> {
        let set: BTreeSet<Coord> = hexes.into_iter().collect();
        (!set.is_empty()).then_some(RouteEnds(set))
    }

    /// The hexes, in map order.
    pub fn hexes(&self) -> impl Iterator<Item = Coord> + '_ {
        self.0.iter().copied()
    }

    /// True when a route from `first` to `last` meets it: both ends among
    /// the hexes (a route's direction does not matter).
    pub fn met_by(&self, first: Coord, last: Coord) -> bool {
        self.0.contains(&first) && self.0.contains(&last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_ends_must_be_among_the_hexes() {
        let (h, d, x) = (Coord::new(0, 0), Coord::new(2, 0), Coord::new(4, 0));
        let ends = RouteEnds::new([h, d]).unwrap();
        assert!(ends.met_by(h, d) && ends.met_by(d, h));
        assert!(!ends.met_by(h, x) && !ends.met_by(x, d));
        assert!(RouteEnds::new([]).is_none());
    }
}
