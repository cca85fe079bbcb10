//! What every search over one set of candidates shares: the search order
//! and the bounds on what later trains can earn (the greedy seed and the
//! parallel run over the first train's branches are in `branches`).

use super::hot::Hot;
use super::rank::Ranked;
use super::{Limit, Tuning};

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
    /// Which sets of routes (candidate ids) may run together, where the
    /// game asks more than track apart (see [`super::Accept`]).
    pub(super) accept: Option<&'a super::Accept<'a>>,
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
            accept: None,
        }
    }

    /// True when the routes `picks` holds may run together as a set.
    pub(super) fn accepts(&self, picks: &super::Picks) -> bool {
        let Some(accept) = self.accept else {
            return true;
        };
        let ids: Vec<usize> = picks
            .iter()
            .flatten()
            .map(|at| self.lists[at.ty].ids[at.pos] as usize)
            .collect();
        accept(&ids)
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
