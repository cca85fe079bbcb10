//! The oracle's reading of two 1822 rules (18xx.games g_1822), sharing
//! nothing with `hexroute::routes`:
//! - a bonus paid once a run (`once_per_run`, `destination_bonus`): every
//!   assignment of routes is priced without it, then given the most it adds
//!   to any one of its routes (each route repriced with it, every choice of
//!   stops tried again);
//! - a train paid only for its company's token cities (`own_tokens_only`,
//!   the E-train: `check_distance`, `revenue_for`): its route starts and
//!   ends in such cities, and every other stop pays it nothing.
//!
//! The random maps draw at most one bonus paid once a run, which is what
//! this reading prices exactly.

use super::*;

/// What an assignment earns beyond its routes' own prices: the longest
/// route's bonus per stop, a pullman's stop, and the bonus paid once a run
/// (`gain[route][train]`: what it adds to that train on that route).
pub(super) struct Leaf {
    pub per_stop: u32,
    pub pullman: bool,
    pub gain: Vec<Vec<u32>>,
}

impl Leaf {
    /// The extra for `used`: (train index, route index) pairs.
    pub(super) fn pay(
        &self,
        oracle: &Oracle,
        used: &[(usize, usize)],
        routes: &[OracleRoute],
    ) -> u32 {
        let longest = used.iter().map(|&(_, u)| routes[u].stops.len()).max();
        let repaid = used.iter().map(|&(_, u)| &routes[u]);
        let once = used.iter().map(|&(t, u)| self.gain[u][t]).max();
        self.per_stop * longest.unwrap_or(0) as u32
            + if self.pullman {
                oracle.repaid(repaid)
            } else {
                0
            }
            + once.unwrap_or(0)
    }
}

/// The bonuses priced route by route: all but those paid once a run.
pub(super) fn plain(bonuses: &[Bonus]) -> Vec<Bonus> {
    bonuses
        .iter()
        .filter(|b| !b.once_per_run)
        .cloned()
        .collect()
}

/// The bonuses a route of the search's answer is priced with: the plain
/// ones, and those paid once a run that it says it earns (`earned`).
pub(super) fn carried(bonuses: &[Bonus], earned: &[(String, u32)]) -> Vec<Bonus> {
    bonuses
        .iter()
        .filter(|b| !b.once_per_run || earned.iter().any(|(n, _)| n == &b.name))
        .cloned()
        .collect()
}

impl Oracle<'_> {
    /// `gain[route][train]`: what the bonuses paid once a run add to each
    /// train on each route, over `table` (its price without them).
    pub(super) fn once_gains(
        &self,
        trains: &[TrainDef],
        routes: &[OracleRoute],
        bonuses: &[Bonus],
        table: &[Vec<u32>],
    ) -> Vec<Vec<u32>> {
        let any = bonuses.iter().any(|b| b.once_per_run);
        routes
            .iter()
            .zip(table)
            .map(|(r, row)| {
                trains
                    .iter()
                    .zip(row)
                    .map(|(t, &without)| match any && without > 0 {
                        true => self.best(t, r, bonuses).saturating_sub(without),
                        false => 0,
                    })
                    .collect()
            })
            .collect()
    }

    /// True when `train` is paid only for its company's token cities and
    /// `r` does not start and end in such cities.
    pub(super) fn token_ends_refused(&self, train: &TrainDef, r: &OracleRoute) -> bool {
        let own = |s: &(Coord, End)| self.has_own_token(s.0, s.1);
        train.own_tokens_only && !(own(&r.stops[0]) && own(&r.stops[r.stops.len() - 1]))
    }

    /// True when `train` is paid nothing at stop `i` of `r` for want of
    /// its company's token there.
    pub(super) fn not_token_paid(&self, train: &TrainDef, r: &OracleRoute, i: usize) -> bool {
        train.own_tokens_only && !self.has_own_token(r.stops[i].0, r.stops[i].1)
    }
}

/// With a chance of its own, `trains` with the D made an E: paid only for
/// its company's token cities, doubled, in a track pool of its own.
pub(super) fn sometimes_e(seed: u64, trains: Vec<TrainDef>) -> Vec<TrainDef> {
    if !Rng(seed ^ 0x0018_22E0_u64 | 1).chance(35) {
        return trains;
    }
    trains
        .into_iter()
        .map(
            |t| match t.name.as_str() == "D" && t.token_bonus.is_none() {
                true => TrainDef {
                    own_tokens_only: true,
                    multiplier: 2,
                    ..trains::track_pool(t, "E")
                },
                false => t,
            },
        )
        .collect()
}
