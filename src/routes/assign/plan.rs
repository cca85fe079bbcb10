//! What every search over one set of candidates shares: the search order,
//! the bounds on what later trains can earn, the greedy seed, and the
//! parallel run over the first train's branches.

use super::hot::Hot;
use super::rank::Ranked;
use super::search::Search;
use super::{Limit, Picks, Progress, Tuning};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

/// What every search over one set of candidates shares.
pub(super) struct Plan<'a> {
    pub(super) lists: &'a [Ranked],
    pub(super) type_of: &'a [usize],
    /// Train slots in search order.
    pub(super) order: Vec<usize>,
    /// `rest[d]`: the sum of the richest routes of the trains from depth
    /// `d` on, the most they can earn together.
    pub(super) rest: Vec<u32>,
    pub(super) words: usize,
    pub(super) limit: &'a Limit,
    /// The bound that sees the trains' conflicts on the hot elements.
    pub(super) hot: Option<&'a Hot>,
    pub(super) tuning: Tuning,
}

impl<'a> Plan<'a> {
    pub(super) fn new(
        lists: &'a [Ranked],
        type_of: &'a [usize],
        order: Vec<usize>,
        words: usize,
        limit: &'a Limit,
        hot: Option<&'a Hot>,
        tuning: Tuning,
    ) -> Self {
        let k = order.len();
        let mut rest = vec![0; k + 1];
        for i in (0..k).rev() {
            rest[i] = rest[i + 1] + lists[type_of[order[i]]].top();
        }
        Plan {
            lists,
            type_of,
            order,
            rest,
            words,
            limit,
            hot,
            tuning,
        }
    }

    /// What the trains after `depth` can earn at most when the train at
    /// `depth` takes a route worth `r`: the rest of its run of identical
    /// trains take routes ranked after it, so worth `r` at most each.
    pub(super) fn ranked_cap(&self, depth: usize) -> impl Fn(u32) -> u32 {
        let end = self.group_end(depth);
        let same = (end - depth - 1) as u32;
        let (after, all) = (self.rest[end], self.rest[depth + 1]);
        move |r| (same * r + after).min(all)
    }

    pub(super) fn same_type_next(&self, depth: usize) -> bool {
        depth + 1 < self.order.len()
            && self.type_of[self.order[depth + 1]] == self.type_of[self.order[depth]]
    }

    /// The first depth past the run of identical trains `depth` is in.
    /// When one train of such a run stays idle, the rest of the run does
    /// too: which of them idle makes no difference to the total.
    pub(super) fn group_end(&self, depth: usize) -> usize {
        let t = self.type_of[self.order[depth]];
        (depth..self.order.len())
            .find(|&d| self.type_of[self.order[d]] != t)
            .unwrap_or(self.order.len())
    }

    /// The best set, found with the first train's branches in parallel.
    ///
    /// A branch is cut when it cannot beat its own best, or cannot reach
    /// the best of all branches; it keeps ties with later branches but not
    /// with earlier ones, so each branch reports its first best set in the
    /// fixed order, and the earliest branch with the largest total wins,
    /// on any thread count.
    pub(super) fn best(&self, progress: &(dyn Fn(Progress) + Sync)) -> Option<(u32, Picks)> {
        // Start from a good set found greedily, so every branch prunes
        // hard from the start; only its value is used, and it belongs to
        // no branch (so it prunes no tie).
        let (greedy, greedy_picks) = self.greedy();
        let shared = AtomicU64::new(Best::new(greedy, NO_BRANCH).key());
        let done = AtomicU64::new(0);
        let first = &self.lists[self.type_of[self.order[0]]];
        let branches = first.ids.len() + 1;
        let total = branches as u64;
        // Branch `first.ids.len()` leaves the first train idle.
        let found: Vec<(u32, usize, Picks)> = (0..branches)
            .into_par_iter()
            .map_init(
                || Search::new(self, &shared),
                |s, pos| {
                    let result = s.branch(pos as u32);
                    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                    // The first branches are the richest and slowest: each
                    // is reported, then every 64th, so a bar moves early.
                    if d <= 64 || d.is_multiple_of(64) || d == total {
                        progress(Progress { done: d, total });
                    }
                    result.map(|(value, picks)| (value, pos, picks))
                },
            )
            .flatten()
            .collect();
        let searched = found
            .into_iter()
            .filter(|(value, _, _)| *value > 0)
            .min_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)))
            .map(|(value, _, picks)| (value, picks));
        // A search stopped early may not have matched the greedy set yet.
        match searched {
            Some((value, _)) if value < greedy => Some((greedy, greedy_picks)),
            None if greedy > 0 => Some((greedy, greedy_picks)),
            other => other,
        }
    }

    /// A quick lower bound: for each of the first train's richest routes,
    /// every later train takes its richest route that still fits.
    pub(super) fn greedy(&self) -> (u32, Picks) {
        let first = &self.lists[self.type_of[self.order[0]]];
        let none = AtomicU64::new(0);
        let mut s = Search::new(self, &none);
        let mut best = 0;
        let mut best_picks = vec![None; self.type_of.len()];
        for pos in 0..first.ids.len().min(self.tuning.greedy_starts) {
            s.take(0, pos);
            let mut total = first.revenue[pos];
            let mut taken = vec![(0, pos)];
            for depth in 1..self.order.len() {
                let t = self.type_of[self.order[depth]];
                let list = &self.lists[t];
                // A route conflicts with itself, so identical trains differ.
                if let Ok(Some(p)) = s.next_fitting(t, 0, list.len(), None) {
                    s.take(depth, p);
                    total += list.revenue[p];
                    taken.push((depth, p));
                }
            }
            if total > best {
                best = total;
                best_picks = s.picks.clone();
            }
            for &(depth, p) in taken.iter().rev() {
                s.untake(depth, p);
            }
        }
        (best, best_picks)
    }
}

/// A total and the branch that found it, ordered so that the larger
/// total, then the earlier branch, is the greater: what branches share.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Best {
    pub(super) value: u32,
    pub(super) branch: u32,
}

/// The branch of a total found outside any branch (the greedy seed).
pub(super) const NO_BRANCH: u32 = u32::MAX;

impl Best {
    pub(super) fn new(value: u32, branch: u32) -> Best {
        Best { value, branch }
    }

    /// One number with the same order, for an atomic `fetch_max`.
    pub(super) fn key(self) -> u64 {
        (u64::from(self.value) << 32) | u64::from(u32::MAX - self.branch)
    }

    pub(super) fn from_key(key: u64) -> Best {
        Best {
            value: (key >> 32) as u32,
            branch: u32::MAX - key as u32,
        }
    }

    pub(super) fn max(self, other: Best) -> Best {
        if other.key() > self.key() {
            other
        } else {
            self
        }
    }
}
