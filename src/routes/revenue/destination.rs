//! A company's connection bonus that pays the destination's own value
//! again (`BonusPays::StopValue` on a `Connection`: 1822's destination
//! bonus, 18xx.games g_1822 `calculate_destination_bonus`: a route
//! visiting both the home and the destination token earns the
//! destination city's `route_revenue`, the train's multiplier included).
//! Unlike a visit's stop value it is not linear in the stops counted (it
//! needs the home too), so it is priced as a connection is, a bonus hex
//! tried in and out; what it pays is the value of the counted stop in its
//! destination hexes. Paid once a run with `once_per_run` (`routes::once`).

use super::Visit;
use crate::game::{Bonus, BonusKind, TrainDef};
use crate::geometry::Coord;

impl Bonus {
    /// True when it pays its destination's value rather than an amount.
    pub(crate) fn repays_destination(&self) -> bool {
        matches!(self.kind, BonusKind::Connection { .. })
            && self.company.as_ref().is_some_and(|c| c.stop_value())
    }

    /// What it pays `train` on a route of `visits` where `stopped` says
    /// which hexes hold a counted stop: its amount, or (a destination's
    /// value) the richest counted stop in its destination hexes, times the
    /// multiplier where the bonus is multiplied.
    pub(super) fn pays_for(
        &self,
        train: &TrainDef,
        visits: &[Visit],
        stopped: &impl Fn(&Coord) -> bool,
    ) -> u64 {
        match &self.kind {
            BonusKind::Connection { to_any, .. } if self.repays_destination() => {
                let value = visits
                    .iter()
                    .filter(|v| to_any.contains(&v.hex) && stopped(&v.hex))
                    .map(|v| u64::from(v.revenue))
                    .max()
                    .unwrap_or(0);
                value
                    * if self.multiplied {
                        u64::from(train.multiplier)
                    } else {
                        1
                    }
            }
            _ => self.pays_on(train.multiplier, visits.len()),
        }
    }

    /// The most it pays `train` on a route of `visits` (a ceiling).
    pub(super) fn most_for(&self, train: &TrainDef, visits: &[Visit]) -> u64 {
        self.pays_for(train, visits, &|_| true)
    }
}
