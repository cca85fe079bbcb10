//! The parallel run of one plan over the first train's branches, seeded
//! by a greedy set. Apart from `plan` so that the search reads the plan
//! and this file drives the search, with no circle between them.

use super::plan::{Best, NO_BRANCH, Plan};
use super::search::Search;
use super::{Picks, Progress};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};

impl Plan<'_> {
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
            if total > best && self.accepts(&s.picks) {
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
