//! Matching trains to conflict-free routes for the largest total.
//!
//! Branch and bound: each train type's candidates are ranked by what that
//! train earns; a branch stops as soon as what it holds plus what the
//! remaining trains could still earn cannot beat the best total found. That
//! bound is the smallest of:
//! - for three trains or more, the hot bound ([`hot`]): the track elements
//!   where rich routes crowd are found from the prices of the problem's
//!   linear relaxation ([`prices`]), and the remaining trains' conflicts on
//!   them are counted exactly, by a table over which of them are still
//!   free, while every other element is relaxed to its price. It costs a
//!   look-up, so every route is checked with it before it is taken; on the
//!   Bankruptcy Club's 1867 map with four 8-trains it leaves a tenth of
//!   the nodes the other bounds leave;
//! - their richest routes that still fit, added up (for a run of identical
//!   trains, that many distinct routes), refined by setting aside one track
//!   element the richest of them share;
//! - the sum of their richest routes;
//! - for a route worth `r` with more identical trains after it, `r` for
//!   each of them: they take routes ranked after it.
//!
//! The second bound costs scans of the lists, so a node works it out only
//! once it has a route worth taking; most nodes have none.
//!
//! Identical trains take candidates in increasing rank, so no set of routes
//! is tried twice, and any number of them may idle.
//!
//! The first train's branches run in parallel, sharing only the best total
//! found so far (seeded by a greedy set) and the branch that found it; ties
//! go to the earlier branch, so the answer does not depend on which thread
//! finished first. A [`Limit`] may stop the proof early.
//!
//! For every track element each list keeps which routes use it, 64 to a
//! word, so the routes that fit beside those taken are found 64 at a time;
//! the taken routes form a stack whose levels cache those words, and mark
//! the chunks of 64 where nothing fits. A level starts with the marks of
//! the level below, so a scan passes those chunks 64 at a time: beside a
//! rich route nearly every other rich route clashes (on the Bankruptcy
//! Club's 1867 map with four 8-trains, 99.5% of the routes the second
//! train could still take).

mod branches;
mod clash;
mod hot;
mod plan;
mod prices;
mod rank;
mod search;
#[cfg(test)]
mod tests;

use hot::Hot;
use plan::Plan;
use rank::{Ranked, rank};
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// When a search must stop, proven or not.
#[derive(Debug, Default)]
pub struct Limit {
    /// Give up the proof at this moment (`None`: run to the proof).
    pub deadline: Option<std::time::Instant>,
    /// Set once the deadline has passed: every search then unwinds.
    stopped: AtomicBool,
}

impl Limit {
    /// A search that runs until it has proven its answer.
    pub fn none() -> Limit {
        Limit::default()
    }

    /// A search that gives up the proof at `deadline`.
    pub fn until(deadline: std::time::Instant) -> Limit {
        Limit {
            deadline: Some(deadline),
            stopped: AtomicBool::new(false),
        }
    }

    /// True once the deadline has passed (checked now and then).
    pub fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    fn check(&self) -> bool {
        if self
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
        {
            self.stopped.store(true, Ordering::Relaxed);
        }
        self.stopped()
    }
}

/// How far a long search has come: first-train branches done, of all.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
}

/// A route as the assignment sees it: track used and what each train type earns.
pub struct Priced<'a> {
    pub bits: &'a [u64],
    pub revenue: &'a [u32],
}

/// The best conflict-free choice of one candidate (or none) per train;
/// `type_of[slot]` is the type of each train, indexing `revenue`, and
/// `pool_of[type]` its track pool: routes clash only within a pool
/// (`TrainDef::track_pool`; all 0 where the game has none).
///
/// When `limit` stops the search early, the answer is the best set found
/// by then (never worse than the greedy one), and `limit.stopped()` says
/// it is not proven optimal.
pub fn choose(
    cands: &[Priced],
    type_of: &[usize],
    pool_of: &[usize],
    progress: &(dyn Fn(Progress) + Sync),
    limit: &Limit,
) -> Vec<Option<usize>> {
    choose_tuned(
        cands,
        type_of,
        pool_of,
        progress,
        limit,
        Tuning::RELEASE,
        None,
    )
}

/// Which sets of candidates (their ids, in no order) may run together
/// beyond sharing no track: a rule on the whole run (1860's routes
/// meeting, one of them through the home token). The empty set always
/// may. The search's bounds still hold (a rule can only lower a total),
/// so the answer is the best set the rule accepts.
pub type Accept<'a> = dyn Fn(&[usize]) -> bool + Sync + 'a;

/// [`choose`] keeping only sets of routes `accept` accepts.
pub fn choose_accepted(
    cands: &[Priced],
    type_of: &[usize],
    pool_of: &[usize],
    (progress, limit): (&(dyn Fn(Progress) + Sync), &Limit),
    accept: &Accept,
) -> Vec<Option<usize>> {
    let tuning = Tuning::RELEASE;
    choose_tuned(
        cands,
        type_of,
        pool_of,
        progress,
        limit,
        tuning,
        Some(accept),
    )
}

/// How hard the search's helpers work before the search proper: settings
/// that change its speed, never its answer. The unit tests run both the
/// program's setting and harder ones.
#[derive(Copy, Clone, Debug)]
pub(super) struct Tuning {
    /// Chunks of 64 routes a pruning bound looks through before settling
    /// for the revenue where it stopped.
    pub(super) bound_chunks: usize,
    /// How many of the first train's routes the greedy seed starts from.
    pub(super) greedy_starts: usize,
    /// The most hot elements the hot bound keeps exactly (0: no hot
    /// bound), and how many table entries it may fill to do so.
    pub(super) hot_bits: usize,
    pub(super) hot_budget: u64,
}

impl Tuning {
    /// What the program runs with.
    pub(super) const RELEASE: Tuning = Tuning {
        bound_chunks: 32,
        greedy_starts: 256,
        hot_bits: 18,
        hot_budget: 1 << 24,
    };
}

/// [`choose`] with the given [`Tuning`].
fn choose_tuned(
    cands: &[Priced],
    type_of: &[usize],
    pool_of: &[usize],
    progress: &(dyn Fn(Progress) + Sync),
    limit: &Limit,
    tuning: Tuning,
    accept: Option<&Accept>,
) -> Vec<Option<usize>> {
    let k = type_of.len();
    if k == 0 || cands.is_empty() {
        return vec![None; k];
    }
    // Each track pool has a copy of the elements of its own.
    let width = cands[0].bits.len();
    let words = width * (pool_of.iter().copied().max().unwrap_or(0) + 1);
    let lists: Vec<Ranked> = (0..pool_of.len())
        .into_par_iter()
        .map(|t| rank(cands, t, words, pool_of[t] * width))
        .collect();
    // Search the trains in the order that prunes best: richest first.
    let mut order: Vec<usize> = (0..k).collect();
    let top = |slot: usize| lists[type_of[slot]].top();
    order.sort_by(|&a, &b| {
        top(b)
            .cmp(&top(a))
            .then(type_of[a].cmp(&type_of[b]))
            .then(a.cmp(&b))
    });
    let types: Vec<usize> = order.iter().map(|&slot| type_of[slot]).collect();
    let hot = Hot::new(&lists, &types, words, tuning.hot_bits, tuning.hot_budget);
    let mut plan = Plan::new(&lists, type_of, order, words, limit, hot.as_ref(), tuning);
    plan.accept = accept;
    match plan.best(progress) {
        Some((_, picks)) => picks
            .iter()
            .map(|p| p.map(|at| lists[at.ty].ids[at.pos] as usize))
            .collect(),
        None => vec![None; k],
    }
}

/// Each train slot's pick, if it runs: its type and rank position.
pub(super) type Picks = Vec<Option<RouteAt>>;

/// A route in one train type's ranked list: the type and its rank position.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct RouteAt {
    pub(super) ty: usize,
    pub(super) pos: usize,
}

/// The most trains a search handles (the bounds keep small fixed arrays).
pub const MAX_TRAINS: usize = 16;
pub(super) const MAX_RUNS: usize = MAX_TRAINS;
