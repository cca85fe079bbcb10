//! Tolls on counted stops (`routes::stop_toll`), in the choice of stops: a
//! toll takes what it can from the stop's own pay, so a tolled stop is
//! worth its pay less the toll, never below nothing, and the stops are
//! still chosen richest first by that net worth; what the stop's pay
//! cannot cover comes out of the visit bonuses earned in its hex.

use super::Bonus;
use crate::game::BonusKind;
use crate::geometry::Coord;

/// What a toll of `toll` takes from a stop paying `paid`, and what is
/// left of it to take from the bonuses earned there.
pub(super) fn split(toll: u32, paid: u64) -> (u64, u32) {
    let taken = paid.min(u64::from(toll));
    // `taken <= toll`, so the difference fits.
    (taken, toll - u32::try_from(taken).unwrap_or(toll))
}

/// What the tolls left over at counted stops (`short`: each stop's hex and
/// what its pay did not cover) take from the visit bonuses (amounts, not
/// stop values) the route earns in those hexes, each stop at most its
/// leftover.
pub(super) fn from_bonuses(
    bonuses: &[Bonus],
    active: &[usize],
    earned: &dyn Fn(&Bonus) -> bool,
    short: impl Iterator<Item = (Coord, u32)>,
    multiplier: u32,
    visits: usize,
) -> u64 {
    short
        .map(|(hex, left)| {
            let there: u64 = active
                .iter()
                .map(|&b| &bonuses[b])
                .filter(|b| {
                    matches!(&b.kind, BonusKind::Visit(hs) if hs.contains(&hex))
                        && !b.pays_stop_value()
                        && earned(b)
                })
                .map(|b| b.pays_on(multiplier, visits))
                .sum();
            there.min(u64::from(left))
        })
        .sum()
}
