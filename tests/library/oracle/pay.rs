//! What the bonuses pay one train on one route with a given choice of
//! counted stops, by the rules as written (the brute force's own reading,
//! not the search's): a visit or connection bonus its amount, once; a
//! company's stop-value bonus (18JP-T's hex bonus, 1870's destination)
//! each counted stop in its hexes once more, as the train pays that stop,
//! and with `at_route_end` only the route's first or last stop, counted.
//! A longest route's bonus is paid by `solve`. Also: that a search's
//! routes add up to what each earns, and trains run in full beside a
//! longest route's bonus.

use super::*;

impl Oracle<'_> {
    /// The bonuses `train` earns on `r` counting the stops `stop` says,
    /// whose hexes are `hexes`; `free_town(i)` when stop `i` is paid at
    /// face value.
    pub(super) fn bonus_pay(
        &self,
        train: &TrainDef,
        r: &OracleRoute,
        stop: &dyn Fn(usize) -> bool,
        free_town: &dyn Fn(usize) -> bool,
        bonuses: &[Bonus],
    ) -> u32 {
        let n = r.stops.len();
        let counted: Vec<usize> = (0..n).filter(|&i| stop(i)).collect();
        let hexes: Vec<Coord> = counted.iter().map(|&i| r.stops[i].0).collect();
        let at_end = |i: usize| i == 0 || i == n - 1;
        let mut total = 0;
        for b in bonuses
            .iter()
            .filter(|b| b.trains.is_empty() || b.trains.contains(&train.name))
        {
            let scope = b.company.as_ref();
            let end_only = scope.is_some_and(|s| s.at_route_end);
            let in_bonus = |i: usize| match &b.kind {
                BonusKind::Visit(hs) => hs.contains(&r.stops[i].0) && (!end_only || at_end(i)),
                _ => false,
            };
            let stop_value = scope.is_some_and(|s| s.pays == BonusPays::StopValue);
            // A connection paying its destination's value (1822): the best
            // counted stop in a destination hex, once, if the home counts.
            if let (true, BonusKind::Connection { from, to_any }) = (stop_value, &b.kind) {
                let value = counted
                    .iter()
                    .filter(|&&i| to_any.contains(&r.stops[i].0))
                    .filter(|&&i| !self.not_token_paid(train, r, i))
                    .map(|&i| self.revenue(r.stops[i].0, r.stops[i].1))
                    .max();
                if let (true, Some(v)) = (hexes.contains(from), value) {
                    total += v * if b.multiplied { train.multiplier } else { 1 };
                }
                continue;
            }
            if stop_value {
                for &i in counted.iter().filter(|&&i| in_bonus(i)) {
                    // A port is paid through its token cities: no value of its own.
                    if self.game.port_at(r.stops[i].0).is_some() {
                        continue;
                    }
                    // A town the train runs through unpaid earns it
                    // nothing, so there is nothing to pay again.
                    if trains::unpaid(train, r.stops[i].1) || self.not_token_paid(train, r, i) {
                        continue;
                    }
                    let value = self.revenue(r.stops[i].0, r.stops[i].1);
                    total += if free_town(i) {
                        value
                    } else {
                        value * train.multiplier
                    };
                }
                continue;
            }
            let earned = match &b.kind {
                BonusKind::Visit(_) => counted.iter().any(|&i| in_bonus(i)),
                BonusKind::Connection { from, to_any } => {
                    hexes.contains(from) && to_any.iter().any(|h| hexes.contains(h))
                }
                BonusKind::Between { one_of, and_one_of } => {
                    one_of.iter().any(|h| hexes.contains(h))
                        && and_one_of.iter().any(|h| hexes.contains(h))
                }
                // Earned by the set's longest route: see `solve`.
                BonusKind::LongestRoute => false,
            };
            if earned {
                total += b.amount * if b.multiplied { train.multiplier } else { 1 };
            }
        }
        total
    }
}

/// `t` as a case with `bonuses` runs it: in full beside a longest route's
/// bonus, as a game with one has no train paying half (the load refuses
/// it), else as it is.
pub(super) fn in_full_beside_longest(t: &TrainDef, bonuses: &[Bonus]) -> TrainDef {
    let longest = bonuses.iter().any(|b| b.kind == BonusKind::LongestRoute);
    TrainDef {
        halved: t.halved && !longest,
        ..t.clone()
    }
}

/// Each route's stops and bonuses, as a report prints them, add up to
/// what it earns (tolls aside: a toll's line cannot be negative).
pub(super) fn adds_up(case: &str, game: &Game, fast: &routes::Solution) {
    if !game.pass_through.is_empty() {
        return;
    }
    for r in &fast.routes {
        let stops: u32 = r
            .stops
            .iter()
            .filter(|s| !s.skipped)
            .map(|s| s.revenue * if s.multiplied { r.multiplier } else { 1 })
            .sum();
        let bonuses: u32 = r.bonuses.iter().map(|(_, paid)| paid).sum();
        let earned = (stops + bonuses) / if r.halved { 2 } else { 1 };
        assert!(
            earned == r.revenue,
            "{case}: {} earns {} but its stops and bonuses add up to {}: {r:?}",
            r.train,
            r.revenue,
            stops + bonuses
        );
    }
}
