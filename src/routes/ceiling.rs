//! The most any route can earn one train that holds the stops walked so
//! far: what lets the search for one train skip a route without pricing
//! it, and a whole branch of the walk without walking it, once it has a
//! route earning more.
//!
//! A train counts at most N stops, each at most its face value times the
//! train's multiplier, plus its bonuses (a longest route's, for as many
//! stops as it may visit; a bonus per own token, for as many of its
//! token cities as it may count). So a route earns at most the sum
//! of its stops' values (every one counted), and a route grown from it at
//! most that plus the richest stops not yet visited, one for each of the N
//! the stops visited need not take. The bound is loose but cheap (a few
//! additions per step) and never below the truth, which is all exactness
//! needs. Where a stop can be worth more than its face value (a port pays
//! once per token city) or a train may count stops beyond N (free stops,
//! free towns), or N is a distance in hexes, there is no such bound.

use super::network::Network;
use crate::game::{Bonus, CompanyId, Distance, Skip, Towns, TrainDef};

/// Which of the stops visited surely take one of the train's N.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Slots {
    /// Every stop visited (an N-train that counts towns, or a train paid
    /// for fewer stops than it visits, which visits at most N).
    Visits,
    /// The cities (a train that may pass towns).
    Cities,
    /// None for sure (an express, which may pass anything but its ends).
    None,
}

/// The bound for one train on one network.
#[derive(Clone, Debug)]
pub(super) struct Ceiling {
    stops: u64,
    slots: Slots,
    multiplier: u64,
    /// Every bonus the train can earn, as paid to it.
    bonuses: u64,
    /// Every stop's value and index, richest first.
    richest: Vec<(u32, usize)>,
    /// The most any route of the train earns on this network: its N
    /// richest places that the company's track reaches (see [`reached_most`]).
    most: u64,
}

impl Ceiling {
    /// The bound for `train`, or `None` where there is none (see the module).
    pub(super) fn of(
        net: &Network,
        company: &CompanyId,
        train: &TrainDef,
        bonuses: &[Bonus],
    ) -> Option<Ceiling> {
        // An N+M train whose towns take part of its number counts at most
        // N+M stops (one whose towns are outside it has no bound here).
        let stops = train.stops? + train.plus_towns.unwrap_or(0);
        if train.distance != Distance::Stops
            || train.towns != Towns::Counted
            || net.stops.iter().any(|s| s.port.is_some() || s.free)
        {
            return None;
        }
        let slots = if train.pays.is_some() {
            Slots::Visits
        } else {
            match train.skip {
                Skip::Nothing => Slots::Visits,
                Skip::Towns => Slots::Cities,
                Skip::Any => Slots::None,
            }
        };
        let mut richest: Vec<(u32, usize)> = net
            .stops
            .iter()
            .enumerate()
            .map(|(i, s)| (s.revenue, i))
            .collect();
        richest.sort_by(|a, b| b.cmp(a));
        let multiplier = u64::from(train.multiplier);
        // A longest route's bonus pays for each stop visited: at most N
        // where every stop visited takes one of them, else every stop.
        let visits = match slots {
            Slots::Visits => stops as usize,
            _ => net.stops.len(),
        };
        // Pass-through hexes (`pass_through`) pay at most their positive sum.
        let bonuses = bonuses
            .iter()
            .filter(|b| b.applies_to(train))
            .map(|b| u64::from(b.paid_on(train.multiplier, visits)))
            .sum::<u64>()
            + super::revenue::stop_value_bound(net, bonuses) * multiplier
            + net.pass.most
            + own_tokens_most(net, company, train, stops);
        let most = reached_most(net, company, stops as usize) * multiplier + bonuses;
        Some(Ceiling {
            stops: u64::from(stops),
            slots,
            multiplier,
            bonuses,
            richest,
            most,
        })
    }

    /// The most the route walked so far earns: its stops' values add to
    /// `value`.
    pub(super) fn route(&self, value: u64) -> u64 {
        (value * self.multiplier + self.bonuses).min(self.most)
    }

    /// True for a train that may pass any stop but its ends (an express):
    /// it counts its N best stops of a route of any length, so the sum of
    /// every stop visited bounds it loosely, and [`Ceiling::counted`] by
    /// its N best instead.
    pub(super) fn counts_any(&self) -> bool {
        self.slots == Slots::None
    }

    /// The most a route whose stops are worth `values` earns a train that
    /// counts any N of them: its N best (kept in a small array, as this
    /// runs once a route; a train counting more than it holds gets the
    /// sum of every value, no tighter than [`Ceiling::route`]).
    pub(super) fn counted(&self, values: impl Iterator<Item = u32>) -> u64 {
        const HELD: usize = 8;
        let n = self.stops as usize;
        if n == 0 || n > HELD {
            return self.route(values.map(u64::from).sum());
        }
        let mut best = [0u32; HELD];
        for v in values {
            // Insert v into the descending first n, dropping the least.
            if v > best[n - 1] {
                let mut k = n - 1;
                while k > 0 && best[k - 1] < v {
                    best[k] = best[k - 1];
                    k -= 1;
                }
                best[k] = v;
            }
        }
        self.route(best[..n].iter().map(|&v| u64::from(v)).sum())
    }

    /// As [`Ceiling::counted`], for a route whose ends are worth `ends`
    /// and whose other stops `between`: an express must count its two
    /// ends (`revenue::must_stop_at`), so it counts them and its N − 2
    /// best stops between, which is never more than its N best anywhere
    /// and often less (a rich city passed in the middle cannot take the
    /// place of a poor end).
    pub(super) fn counted_ends(&self, ends: [u32; 2], between: impl Iterator<Item = u32>) -> u64 {
        const HELD: usize = 8;
        let n = self.stops as usize;
        if !(2..=HELD).contains(&n) {
            return self.counted(ends.into_iter().chain(between));
        }
        let mut best = [0u32; HELD];
        let k = n - 2;
        for v in between {
            if k > 0 && v > best[k - 1] {
                let mut j = k - 1;
                while j > 0 && best[j - 1] < v {
                    best[j] = best[j - 1];
                    j -= 1;
                }
                best[j] = v;
            }
        }
        let sum = best[..k]
            .iter()
            .chain(ends.iter())
            .map(|&v| u64::from(v))
            .sum();
        self.route(sum)
    }

    /// The most a route grown from the one walked so far earns: its stops'
    /// values add to `value`; it has visited `visits` stops, `cities` of
    /// them cities; `visited(i)` says whether stop `i` is out of reach
    /// (on the route, or in a place it has stopped in).
    pub(super) fn grown(
        &self,
        value: u64,
        visits: usize,
        cities: usize,
        visited: impl Fn(usize) -> bool,
    ) -> u64 {
        let taken = match self.slots {
            Slots::Visits => visits as u64,
            Slots::Cities => cities as u64,
            Slots::None => 0,
        };
        let more = self.stops.saturating_sub(taken) as usize;
        let gain: u64 = self
            .richest
            .iter()
            .filter(|&&(_, i)| !visited(i))
            .take(more)
            .map(|&(v, _)| u64::from(v))
            .sum();
        self.route(value + gain)
    }
}

/// The most `stops` stops of one route are worth on `net`: a route stops
/// in each place at most once (`Places`), and only where track joins it to
/// one of `company`'s token stops, so it counts at most the `stops`
/// richest places so reached, each at the value of its richest stop. An
/// express counts its N best stops of a route of any length: where the
/// walk's own bound adds every stop it passes, this one still holds.
fn reached_most(net: &Network, company: &CompanyId, stops: usize) -> u64 {
    let places = super::places::Places::of(net);
    let mut seen = vec![false; net.stops.len()];
    let mut todo: Vec<usize> = (0..net.stops.len())
        .filter(|&s| net.stops[s].tokens.iter().any(|t| t == company))
        .collect();
    for &s in &todo {
        seen[s] = true;
    }
    while let Some(s) = todo.pop() {
        for seg in &net.out[s] {
            if !seen[seg.to] {
                seen[seg.to] = true;
                todo.push(seg.to);
            }
        }
    }
    let mut best: std::collections::BTreeMap<usize, u32> = std::collections::BTreeMap::new();
    for (s, stop) in net.stops.iter().enumerate().filter(|(s, _)| seen[*s]) {
        // Stops of one route have disjoint places, so each one's first
        // place is apart from the others': a route counts one stop of each
        // first place at most.
        let v = best.entry(places.within(s)[0]).or_insert(0);
        *v = (*v).max(stop.revenue);
    }
    let mut values: Vec<u32> = best.into_values().collect();
    values.sort_by(|a, b| b.cmp(a));
    values.iter().take(stops).map(|&v| u64::from(v)).sum()
}

/// The most a train's bonus per own token (`token_bonus`) pays on `net`:
/// one for each city holding `company`'s token, at most its `stops`.
fn own_tokens_most(net: &Network, company: &CompanyId, train: &TrainDef, stops: u32) -> u64 {
    let own = net
        .stops
        .iter()
        .filter(|s| s.holds_token(company))
        .count()
        .min(stops as usize);
    u64::from(train.per_own_token()) * own as u64
}
