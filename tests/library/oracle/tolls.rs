//! Tolls on counted stops (`pass_through` rules with `at_stop`: 18 Los
//! Angeles's Dump), by the rule as written, for the brute force: each
//! counted stop in a tolled hex (a rule's printed hexes, or its marker on
//! the map) gives up the toll out of what it pays itself, and what that
//! does not cover out of the visit bonuses the route earns naming its hex,
//! never more than those pay.

use super::*;

impl Oracle<'_> {
    /// What stopping where `stop` says costs `train` on `r`; `free_town(i)`
    /// when stop `i` is paid at face value.
    pub(super) fn stop_tolls(
        &self,
        train: &TrainDef,
        r: &OracleRoute,
        stop: &dyn Fn(usize) -> bool,
        free_town: &dyn Fn(usize) -> bool,
        bonuses: &[Bonus],
    ) -> u32 {
        let n = r.stops.len();
        let mut took = 0;
        for i in (0..n).filter(|&i| stop(i)) {
            let c = r.stops[i].0;
            let toll = self.toll_at(c);
            if toll == 0 {
                continue;
            }
            let own = self.paid_by_stop(train, r, i, free_town(i), bonuses);
            let from_bonuses =
                (toll - toll.min(own)).min(self.visit_bonuses_at(train, r, stop, c, bonuses));
            took += toll.min(own) + from_bonuses;
        }
        took
    }

    /// The toll for counting a stop in hex `c`: every `at_stop` rule whose
    /// hexes or marker are there.
    fn toll_at(&self, c: Coord) -> u32 {
        let markers = self.state.hex_state(c).markers;
        self.game
            .pass_through
            .iter()
            .filter(|p| p.at_stop)
            .filter(|p| {
                p.hexes.contains(&c) || p.marker.as_ref().is_some_and(|m| markers.contains(m))
            })
            .map(|p| p.amount.unsigned_abs())
            .sum()
    }

    /// What counted stop `i` of `r` pays itself: its value (times the
    /// multiplier unless paid at face value; nothing for an unpaid town),
    /// the train's bonus for the company's token there, and its value again
    /// for each stop-value bonus of its hex.
    fn paid_by_stop(
        &self,
        train: &TrainDef,
        r: &OracleRoute,
        i: usize,
        face_value: bool,
        bonuses: &[Bonus],
    ) -> u32 {
        let (c, end) = r.stops[i];
        if trains::unpaid(train, end) {
            return 0;
        }
        let times = if face_value { 1 } else { train.multiplier };
        let value = self.revenue(c, end) * times;
        let at_end = i == 0 || i == r.stops.len() - 1;
        let again = bonuses
            .iter()
            .filter(|b| b.trains.is_empty() || b.trains.contains(&train.name))
            .filter(|b| {
                let scope = b.company.as_ref();
                scope.is_some_and(|s| s.pays == BonusPays::StopValue)
                    && matches!(&b.kind, BonusKind::Visit(hs) if hs.contains(&c))
                    && (!scope.is_some_and(|s| s.at_route_end) || at_end)
            })
            .count() as u32;
        let token = if self.has_own_token(c, end) {
            train.per_own_token()
        } else {
            0
        };
        value * (1 + again) + token
    }

    /// What the amount-paying visit bonuses naming hex `c` pay `train` on
    /// `r` with the stops `stop` counts.
    fn visit_bonuses_at(
        &self,
        train: &TrainDef,
        r: &OracleRoute,
        stop: &dyn Fn(usize) -> bool,
        c: Coord,
        bonuses: &[Bonus],
    ) -> u32 {
        let n = r.stops.len();
        bonuses
            .iter()
            .filter(|b| b.trains.is_empty() || b.trains.contains(&train.name))
            .filter(|b| {
                !b.company
                    .as_ref()
                    .is_some_and(|s| s.pays == BonusPays::StopValue)
            })
            .filter(|b| {
                let end_only = b.company.as_ref().is_some_and(|s| s.at_route_end);
                let BonusKind::Visit(hs) = &b.kind else {
                    return false;
                };
                hs.contains(&c)
                    && (0..n).any(|i| {
                        stop(i) && hs.contains(&r.stops[i].0) && (!end_only || i == 0 || i == n - 1)
                    })
            })
            .map(|b| b.amount * if b.multiplied { train.multiplier } else { 1 })
            .sum()
    }
}
