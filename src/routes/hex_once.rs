//! The game's `rules.enter_hex_once` as the walks read it: the hexes a
//! route has entered, so that a segment coming back to one of them is
//! refused (18xx.games g_1860 `check_hex_reentry`: "Route cannot re-enter
//! a hex"). A segment lists the hexes it enters after leaving its first
//! stop, so a route's hexes in travel order are its first stop's hex and
//! then each segment's: two stops inside one hex add none between them.

use crate::geometry::Coord;

/// The hexes a route walked so far has entered, where the rule holds.
#[derive(Clone, Debug)]
pub(super) struct Entered {
    on: bool,
    hexes: Vec<Coord>,
}

impl Entered {
    /// A route starting in `hex`; `on` is the game's rule.
    pub(super) fn start(on: bool, hex: Coord) -> Entered {
        Entered {
            on,
            hexes: vec![hex],
        }
    }

    /// Takes a segment entering `seg_hexes`, or returns `false` (taking
    /// nothing) when it enters a hex the route has been in, or one twice.
    pub(super) fn enter(&mut self, seg_hexes: &[Coord]) -> bool {
        if !self.on {
            return true;
        }
        let before = self.hexes.len();
        for &h in seg_hexes {
            if self.hexes.contains(&h) {
                self.hexes.truncate(before);
                return false;
            }
            self.hexes.push(h);
        }
        true
    }

    /// Leaves the last segment taken, which entered `seg_hexes`.
    pub(super) fn leave(&mut self, seg_hexes: &[Coord]) {
        if self.on {
            self.hexes.truncate(self.hexes.len() - seg_hexes.len());
        }
    }
}

/// True when a route starting in `first` and entering the hexes of its
/// segments `segs` in turn enters no hex twice.
pub(super) fn enters_each_once<'a>(
    first: Coord,
    segs: impl IntoIterator<Item = &'a [Coord]>,
) -> bool {
    let mut entered = Entered::start(true, first);
    segs.into_iter().all(|s| entered.enter(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(row: i32, col: i32) -> Coord {
        Coord::new(row, col)
    }

    #[test]
    fn a_route_may_not_come_back_to_a_hex_it_left() {
        let (a, b, d) = (c(0, 0), c(1, 0), c(2, 0));
        // A to B to D: each hex once.
        assert!(enters_each_once(a, [&[b][..], &[d][..]]));
        // Two stops inside B (a segment entering nothing) then on to D.
        assert!(enters_each_once(a, [&[b][..], &[][..], &[d][..]]));
        // A to B, then back into A.
        assert!(!enters_each_once(a, [&[b][..], &[a][..]]));
        // One segment through B and D and back into B.
        assert!(!enters_each_once(a, [&[b, d, b][..]]));
        // Refused, the walk's hexes are as before it.
        let mut e = Entered::start(true, a);
        assert!(e.enter(&[b]));
        assert!(!e.enter(&[d, a]));
        assert!(e.enter(&[d]));
        e.leave(&[d]);
        assert!(e.enter(&[d]));
        // Without the rule, anything goes.
        let mut off = Entered::start(false, a);
        assert!(off.enter(&[b, a]));
    }
}
