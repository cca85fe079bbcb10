//! A company's bonus that pays a stop's own value again (`BonusPays::StopValue`:
//! 18JP-T's hex bonus, 1870's destination), optionally only at the route's
//! first or last stop. It is linear in the stops a train counts, so it is
//! no bonus hex to try in and out: it makes a stop worth more, and the
//! richest stops are still the best to count.

use super::Visit;
use crate::game::{Bonus, BonusKind};

impl Bonus {
    /// True when it pays a stop's value rather than an amount.
    pub(super) fn pays_stop_value(&self) -> bool {
        matches!(self.kind, BonusKind::Visit(_))
            && self.company.as_ref().is_some_and(|c| c.stop_value())
    }

    /// True when only a route's first or last stop earns it.
    pub(super) fn at_route_end(&self) -> bool {
        self.company.as_ref().is_some_and(|c| c.at_route_end)
    }

    /// True when visit `i` of a route whose last visit is `last`, in `hex`,
    /// is where this bonus may be earned: one of its hexes, at an end of the
    /// route when it asks for one.
    pub(super) fn earned_at(&self, hex: crate::geometry::Coord, i: usize, last: usize) -> bool {
        let BonusKind::Visit(hexes) = &self.kind else {
            return false;
        };
        hexes.contains(&hex) && (!self.at_route_end() || i == 0 || i == last)
    }
}

/// What the active stop-value bonuses add to visit `i`'s worth: its value
/// once for each such bonus whose hexes hold it (each at most once).
pub(super) fn extra(bonuses: &[Bonus], active: &[usize], visits: &[Visit], i: usize) -> u32 {
    let last = visits.len() - 1;
    let v = &visits[i];
    active
        .iter()
        .map(|&b| &bonuses[b])
        .filter(|b| b.pays_stop_value() && b.earned_at(v.hex, i, last))
        .map(|_| v.revenue)
        .fold(0u32, u32::saturating_add)
}

/// What the stop-value bonuses could add to a route's stops, at most:
/// every visit in their hexes counted (for a ceiling, never below the truth).
pub(super) fn most_extra(bonuses: &[Bonus], visits: &[Visit]) -> u64 {
    if !bonuses.iter().any(Bonus::pays_stop_value) {
        return 0;
    }
    let all: Vec<usize> = (0..bonuses.len()).collect();
    (0..visits.len())
        .map(|i| u64::from(extra(bonuses, &all, visits, i)))
        .sum()
}

/// What the stop-value bonuses could add to any route on `net`, at most:
/// every stop in their hexes, each once per bonus (the search's ceiling).
pub fn bound(net: &crate::routes::network::Network, bonuses: &[Bonus]) -> u64 {
    bonuses
        .iter()
        .filter(|b| b.pays_stop_value() || b.repays_destination())
        .flat_map(|b| {
            net.stops
                .iter()
                .filter(|s| b.hexes().any(|h| h == s.hex))
                .map(|s| u64::from(s.revenue))
        })
        .sum()
}

impl Bonus {
    /// What it paid `train` on a route of `visits`, the counted ones
    /// marked in `counted`, as a report shows it: a stop-value bonus the
    /// values it added (nothing at a town the train runs through unpaid,
    /// where the search adds nothing), any other its amount.
    pub fn paid_for(
        &self,
        train: &crate::game::TrainDef,
        visits: &[Visit],
        counted: &[bool],
    ) -> u32 {
        if self.repays_destination() {
            let stopped = |h: &crate::geometry::Coord| {
                visits.iter().zip(counted).any(|(v, c)| *c && v.hex == *h)
            };
            let paid = self.pays_for(train, visits, &stopped);
            return u32::try_from(paid).unwrap_or(u32::MAX);
        }
        if !self.pays_stop_value() {
            return self.paid_on(train.multiplier, visits.len());
        }
        let last = visits.len().saturating_sub(1);
        visits
            .iter()
            .zip(counted)
            .enumerate()
            .filter(|(i, (v, c))| {
                **c && v.port.is_none()
                    && !super::towns::unpaid(train, v.is_city)
                    && (v.token || !train.own_tokens_only)
                    && self.earned_at(v.hex, *i, last)
            })
            .map(|(_, (v, _))| match super::multiplied(train, v) {
                true => v.revenue.saturating_mul(train.multiplier),
                false => v.revenue,
            })
            .fold(0, u32::saturating_add)
    }
}
