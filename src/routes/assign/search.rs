//! One branch of the search: the routes taken as a stack of levels, the
//! scans for the next route that fits, and the bounds that cut a node.

use super::clash::{ClashCache, Level};
use super::plan::{Best, NO_BRANCH, Plan};
use super::{MAX_RUNS, MAX_TRAINS, Picks, RouteAt};
use crate::routes::bitset;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

pub(super) struct Search<'a> {
    pub(super) plan: &'a Plan<'a>,
    pub(super) used: Vec<u64>,
    pub(super) picks: Picks,
    /// The best total of this branch, and its picks.
    pub(super) best: u32,
    pub(super) best_picks: Picks,
    /// The best total any branch has found, to prune by.
    pub(super) shared: &'a AtomicU64,
    /// A recent reading of `shared`.
    pub(super) global: Best,
    /// The branch being searched.
    pub(super) branch_id: u32,
    pub(super) steps: u32,
    /// `used` as a stack: each level adds the elements of one route taken
    /// (or one element a bound sets aside) and has a stamp of its own.
    pub(super) levels: Vec<Level>,
    /// The active levels are `levels[..=top]`; level 0 is the empty board.
    pub(super) top: usize,
    pub(super) next_stamp: u64,
    /// For each train type, level and chunk of 64 routes: the stamp it was
    /// worked out for, and which of those routes clash with the routes
    /// taken. A chunk's clashes at one level are its clashes at the level
    /// below plus those with the level's own elements, so each is a few
    /// ORs; and a search tries a node's routes one after another with
    /// `used` back in the same state, so most chunks need no second look.
    pub(super) blocked: RefCell<Vec<ClashCache>>,
    /// For each level and train type: a rank position before which no
    /// route of the type fits at that level. Taking more routes only
    /// blocks more, so a level starts from the floors of the one below,
    /// and a scan starts at its floor instead of at the top of the list.
    pub(super) floors: RefCell<Vec<usize>>,
    /// The hot elements no route taken uses, and the outside prices of
    /// the elements no route taken uses (for the hot bound).
    hot_free: u32,
    outside_free: u64,
}

impl<'a> Search<'a> {
    pub(super) fn new(plan: &'a Plan<'a>, shared: &'a AtomicU64) -> Self {
        let k = plan.type_of.len();
        Search {
            plan,
            used: vec![0; plan.words],
            picks: vec![None; k],
            best: 0,
            best_picks: vec![None; k],
            shared,
            global: Best::new(0, NO_BRANCH),
            branch_id: NO_BRANCH,
            steps: 0,
            levels: vec![Level {
                stamp: 1,
                elements: Vec::new(),
            }],
            top: 0,
            next_stamp: 2,
            blocked: RefCell::new(
                plan.lists
                    .iter()
                    .map(|l| ClashCache::new(l.chunks, k + 2))
                    .collect(),
            ),
            floors: RefCell::new(vec![0; (k + 3) * plan.lists.len()]),
            hot_free: plan.hot.map_or(0, |h| h.all),
            outside_free: plan.hot.map_or(0, |h| h.outside_total),
        }
    }

    /// Marks `bits` as used, as a new level of the stack.
    pub(super) fn push_level(&mut self, bits: &[u64]) {
        let level = self.open_level();
        bitset::for_each(bits, |e| level.elements.push(e as u32));
        for (u, b) in self.used.iter_mut().zip(bits) {
            *u |= b;
        }
    }

    /// Marks one element as used, as a new level of the stack.
    pub(super) fn push_element(&mut self, e: usize) {
        self.open_level().elements.push(e as u32);
        bitset::insert(&mut self.used, e);
    }

    /// A new, empty level on top of the stack, with a fresh stamp and the
    /// floors of the level below.
    pub(super) fn open_level(&mut self) -> &mut Level {
        self.top += 1;
        if self.levels.len() == self.top {
            self.levels.push(Level::default());
        }
        self.copy_floors_up();
        for cache in self.blocked.get_mut() {
            cache.inherit(self.top);
        }
        let level = &mut self.levels[self.top];
        level.stamp = self.next_stamp;
        self.next_stamp += 1;
        level.elements.clear();
        level
    }

    /// The new top level starts from the floors of the level below.
    pub(super) fn copy_floors_up(&self) {
        let n = self.plan.lists.len();
        let mut floors = self.floors.borrow_mut();
        if floors.len() < (self.top + 1) * n {
            floors.resize((self.top + 1) * n, 0);
        }
        floors.copy_within((self.top - 1) * n..self.top * n, self.top * n);
    }

    /// Undoes the last [`Self::push_level`].
    pub(super) fn pop_level(&mut self) {
        for &e in &self.levels[self.top].elements {
            bitset::remove(&mut self.used, e as usize);
        }
        self.top -= 1;
    }

    /// Which routes of chunk `chunk` of type `t` clash with levels
    /// `..=level`, from the cache or worked out from the level below.
    pub(super) fn clashes(
        &self,
        cache: &mut ClashCache,
        t: usize,
        level: usize,
        chunk: usize,
    ) -> u64 {
        if level == 0 {
            return 0;
        }
        let stamp = self.levels[level].stamp;
        if let Some(&(s, clash)) = cache.clash.get(level).map(|row| &row[chunk])
            && s == stamp
        {
            return clash;
        }
        let below = self.clashes(cache, t, level - 1, chunk);
        let list = &self.plan.lists[t];
        let clash = if below == !0 {
            below
        } else {
            self.levels[level]
                .elements
                .iter()
                .fold(below, |c, &e| c | list.users(e as usize, chunk))
        };
        if let Some(row) = cache.clash.get_mut(level) {
            row[chunk] = (stamp, clash);
        }
        if clash == !0 {
            cache.mark_full(level, chunk);
        }
        clash
    }

    /// The best set whose first train takes rank position `pos` (or idles,
    /// for the position past the end), if it can reach the best of all.
    pub(super) fn branch(&mut self, branch: u32) -> Option<(u32, Picks)> {
        let plan = self.plan;
        let pos = branch as usize;
        self.best = 0;
        self.branch_id = branch;
        self.global = Best::from_key(self.shared.load(Ordering::Relaxed));
        let first = &plan.lists[plan.type_of[plan.order[0]]];
        if pos == first.ids.len() {
            let end = plan.group_end(0);
            if self.cut(plan.rest[end]) || self.cut_wide(self.hot_rest(end)) {
                return None;
            }
            self.go(end, 0, 0);
        } else {
            let r = first.revenue[pos];
            let t = plan.type_of[plan.order[0]];
            if self.cut(r + plan.ranked_cap(0)(r)) || self.cut_wide(self.hot_with(0, t, pos, r)) {
                return None;
            }
            self.take(0, pos);
            let from = if plan.same_type_next(0) { pos + 1 } else { 0 };
            self.go(1, r, from);
            self.untake(0, pos);
        }
        (self.best > 0 && self.best >= self.global.value)
            .then(|| (self.best, std::mem::take(&mut self.best_picks)))
    }

    /// True when no set below a node worth at most `bound` is wanted: it
    /// cannot beat this branch's best, nor reach the best of all, nor tie
    /// with it from a later branch than the one that found it.
    pub(super) fn cut(&self, bound: u32) -> bool {
        bound <= self.best
            || bound < self.global.value
            || (bound == self.global.value && self.branch_id > self.global.branch)
    }

    /// [`Self::cut`] for a bound that may pass `u32` (or be none at all).
    fn cut_wide(&self, bound: u64) -> bool {
        u32::try_from(bound).is_ok_and(|b| self.cut(b))
    }

    /// The hot bound on what the trains from `depth` on can earn beside
    /// the routes taken (none without a hot bound).
    fn hot_rest(&self, depth: usize) -> u64 {
        let plan = self.plan;
        plan.hot.map_or(u64::MAX, |h| {
            h.rest(depth, self.hot_free, self.outside_free)
        })
    }

    /// The hot bound on what the train at `depth` and those after it earn
    /// when it runs route `pos` of type `t`, worth `r`.
    fn hot_with(&self, depth: usize, t: usize, pos: usize, r: u32) -> u64 {
        let plan = self.plan;
        plan.hot.map_or(u64::MAX, |h| {
            h.with(depth, t, pos, r, self.hot_free, self.outside_free)
        })
    }

    pub(super) fn row(&self, t: usize, pos: usize) -> &'a [u64] {
        self.plan.lists[t].row(pos, self.plan.words)
    }

    pub(super) fn fits(&self, t: usize, pos: usize) -> bool {
        self.row(t, pos)
            .iter()
            .zip(&self.used)
            .all(|(a, b)| a & b == 0)
    }

    /// The first rank position in `from..end` whose route fits beside those
    /// taken, 64 routes at a time: a chunk's routes that use a taken
    /// element are found with one OR per taken element.
    ///
    /// With a `budget` of chunks, gives up past it with `Err(position)`:
    /// nothing before that position fits.
    pub(super) fn next_fitting(
        &self,
        t: usize,
        from: usize,
        end: usize,
        budget: Option<usize>,
    ) -> Result<Option<usize>, usize> {
        let at = self.top * self.plan.lists.len() + t;
        let floor = self.floors.borrow()[at];
        let found = self.scan(t, from.max(floor), end, budget);
        // Starting at or before the floor, the scan saw every route from
        // the floor on: none before what it found (or where it stopped) fits.
        if from <= floor {
            let next = match found {
                Ok(Some(pos)) => pos,
                Ok(None) => end.max(floor),
                Err(stop) => stop,
            };
            self.floors.borrow_mut()[at] = next;
        }
        found
    }

    /// [`Self::next_fitting`] without the floor.
    pub(super) fn scan(
        &self,
        t: usize,
        from: usize,
        end: usize,
        budget: Option<usize>,
    ) -> Result<Option<usize>, usize> {
        let mut cache = self.blocked.borrow_mut();
        let cache = &mut cache[t];
        let mut chunk = from / 64;
        let mut spent = 0;
        let end_chunk = end.div_ceil(64);
        while chunk < end_chunk {
            // Chunks known to be full cost nothing to pass (and no budget).
            let next = cache.skip_full(self.top, chunk, end_chunk);
            if next != chunk {
                chunk = next;
                continue;
            }
            if budget.is_some_and(|b| spent == b) {
                return Err(chunk * 64);
            }
            spent += 1;
            let mut free = !self.clashes(cache, t, self.top, chunk);
            if chunk == from / 64 {
                free &= !0u64 << (from % 64);
            }
            if free != 0 {
                let pos = chunk * 64 + free.trailing_zeros() as usize;
                if pos >= end {
                    return Ok(None);
                }
                debug_assert!(self.fits(t, pos));
                return Ok(Some(pos));
            }
            chunk += 1;
        }
        Ok(None)
    }

    pub(super) fn take(&mut self, depth: usize, pos: usize) {
        let slot = self.plan.order[depth];
        let t = self.plan.type_of[slot];
        self.push_level(self.row(t, pos));
        if let Some(h) = self.plan.hot {
            self.hot_free &= !h.key(t, pos);
            self.outside_free -= u64::from(h.outside(t, pos));
        }
        self.picks[slot] = Some(RouteAt { ty: t, pos });
    }

    pub(super) fn untake(&mut self, depth: usize, pos: usize) {
        let slot = self.plan.order[depth];
        let t = self.plan.type_of[slot];
        debug_assert_eq!(self.picks[slot], Some(RouteAt { ty: t, pos }));
        self.pop_level();
        if let Some(h) = self.plan.hot {
            self.hot_free |= h.key(t, pos);
            self.outside_free += u64::from(h.outside(t, pos));
        }
        self.picks[slot] = None;
    }

    /// What the trains after `depth` can still earn beside the routes
    /// taken: for each run of `c` identical trains, the `c` richest
    /// distinct routes of their type that fit (identical trains never share
    /// a route). The rest of the run of the train at `depth` takes routes
    /// from rank position `from` on.
    ///
    /// When those routes share a track element, at most one of the trains
    /// can use it: the bound is then the larger of "nobody uses it" and
    /// "one train of one run uses it, with its richest route", each with
    /// the other trains' richest routes that avoid it. That is worked out
    /// only when the plain bound lets the train at `depth` take a route
    /// (its best left is worth `reach`, on top of `total` so far).
    pub(super) fn later_bound(&mut self, depth: usize, from: usize, total: u32, reach: u32) -> u32 {
        let plan = self.plan;
        let mut runs = [(0usize, 0usize, 0usize); MAX_RUNS];
        let mut n = 0;
        let mut d = depth + 1;
        while d < plan.order.len() {
            if n == MAX_RUNS {
                return u32::MAX; // more runs than the arrays hold: no bound
            }
            let end = plan.group_end(d);
            let t = plan.type_of[plan.order[d]];
            let start = if d == depth + 1 && plan.same_type_next(depth) {
                from
            } else {
                0
            };
            runs[n] = (t, start, end - d);
            n += 1;
            d = end;
        }
        let runs = &runs[..n];
        let mut top = [RouteAt::default(); MAX_TRAINS];
        let mut found = 0;
        let mut plain = 0;
        for &(t, start, count) in runs {
            let (sum, k) = self.richest_fitting(t, start, count, &mut top[found..]);
            plain += sum;
            found += k;
        }
        if found < 2 || self.cut(total + reach + plain) {
            return plain;
        }
        let Some(e) = self.shared_element(&top[..found]) else {
            return plain;
        };
        self.push_element(e);
        let mut avoid = [(0u32, 0u32); MAX_RUNS];
        let mut none = 0;
        let mut scratch = [RouteAt::default(); MAX_TRAINS];
        for (i, &(t, start, count)) in runs.iter().enumerate() {
            let (all, k) = self.richest_fitting(t, start, count, &mut scratch);
            // The same scan's first count-1 routes, for "one of them uses e".
            let short = if k == count {
                all - self.plan.lists[t].revenue[scratch[k - 1].pos]
            } else {
                all
            };
            avoid[i] = (all, short);
            none += all;
        }
        self.pop_level();
        let mut best = none;
        for (i, &(t, start, _)) in runs.iter().enumerate() {
            // The run's richest fitting route, whatever it uses, bounds the
            // one train that may take `e`.
            let first = self.richest_fitting(t, start, 1, &mut scratch).0;
            best = best.max(none - avoid[i].0 + avoid[i].1 + first);
        }
        best.min(plain)
    }

    /// The track element used by the most of these routes, if two or
    /// more share one.
    pub(super) fn shared_element(&self, routes: &[RouteAt]) -> Option<usize> {
        let row = |r: &RouteAt| self.row(r.ty, r.pos);
        let mut best: Option<(usize, usize)> = None;
        for (i, a) in routes.iter().enumerate() {
            for b in &routes[i + 1..] {
                for (word, (x, y)) in row(a).iter().zip(row(b)).enumerate() {
                    let mut both = x & y;
                    while both != 0 {
                        let e = word * 64 + both.trailing_zeros() as usize;
                        both &= both - 1;
                        let uses = routes
                            .iter()
                            .filter(|r| bitset::contains(row(r), e))
                            .count();
                        if best.is_none_or(|(n, _)| uses > n) {
                            best = Some((uses, e));
                        }
                    }
                }
            }
        }
        best.map(|(_, e)| e)
    }

    /// The revenue of the `count` richest routes of type `t` from rank
    /// position `start` on that fit beside those taken, or an upper bound
    /// on it: a long scan stops early and counts the rest at the revenue
    /// where it stopped. The routes found go into `out`; returns the sum
    /// and how many were found.
    pub(super) fn richest_fitting(
        &self,
        t: usize,
        start: usize,
        count: usize,
        out: &mut [RouteAt],
    ) -> (u32, usize) {
        let list = &self.plan.lists[t];
        let mut sum = 0;
        let mut pos = start;
        for found in 0..count {
            match self.next_fitting(t, pos, list.len(), Some(self.plan.tuning.bound_chunks)) {
                Ok(Some(p)) => {
                    sum += list.revenue[p];
                    if let Some(slot) = out.get_mut(found) {
                        *slot = RouteAt { ty: t, pos: p };
                    }
                    pos = p + 1;
                }
                Ok(None) => return (sum, found),
                Err(stop) => {
                    let each = list.revenue.get(stop).copied().unwrap_or(0);
                    return (sum + each * (count - found) as u32, found);
                }
            }
        }
        (sum, count)
    }

    /// Picks up better totals other threads found, now and then.
    pub(super) fn refresh(&mut self) {
        self.steps = self.steps.wrapping_add(1);
        if self.steps.is_multiple_of(256) {
            let seen = Best::from_key(self.shared.load(Ordering::Relaxed));
            self.global = self.global.max(seen);
            self.plan.limit.check();
        }
    }

    /// Keeps the routes taken as this branch's best if they earn more.
    fn record(&mut self, total: u32) {
        if total > self.best && self.plan.accepts(&self.picks) {
            self.best = total;
            self.best_picks = self.picks.clone();
            let mine = Best::new(total, self.branch_id);
            self.global = self.global.max(mine);
            self.shared.fetch_max(mine.key(), Ordering::Relaxed);
        }
    }

    /// The last train in search order: the first route that fits among
    /// those worth having is its best, so it needs no bound on later
    /// trains and is never taken (no level is pushed for it).
    fn last(&mut self, depth: usize, total: u32, from: usize) {
        let plan = self.plan;
        let slot = plan.order[depth];
        let t = plan.type_of[slot];
        let list = &plan.lists[t];
        let end = list.revenue.partition_point(|&r| !self.cut(total + r));
        // Under a rule on the whole run, the richest that fits may not be
        // accepted: the next that fits is tried.
        let mut from = from;
        while let Ok(Some(pos)) = self.next_fitting(t, from, end, None) {
            self.picks[slot] = Some(RouteAt { ty: t, pos });
            let accepted = plan.accepts(&self.picks);
            if accepted {
                self.record(total + list.revenue[pos]);
            }
            self.picks[slot] = None;
            if accepted {
                break;
            }
            from = pos + 1;
        }
    }

    /// Assigns the `depth`-th train in search order; `from` is where an
    /// identical previous train's rank position ended.
    pub(super) fn go(&mut self, depth: usize, total: u32, from: usize) {
        self.record(total);
        self.refresh();
        let plan = self.plan;
        if depth == plan.order.len()
            || self.cut(total + plan.rest[depth])
            || self.cut_wide(u64::from(total).saturating_add(self.hot_rest(depth)))
            || plan.limit.stopped()
        {
            return;
        }
        if depth + 1 == plan.order.len() {
            self.last(depth, total, from);
            return;
        }
        let t = plan.type_of[plan.order[depth]];
        let list = &plan.lists[t];
        let next_same = plan.same_type_next(depth);
        // What the later trains can still earn beside the routes taken so
        // far, worked out when the first route of this train is about to
        // be taken (`None` until then: most nodes have no route worth
        // taking, and this bound is the costly part of a node).
        let mut later: Option<u32> = None;
        let ranked_cap = plan.ranked_cap(depth);
        if !next_same {
            let reach = list.revenue.get(from).copied().unwrap_or(0);
            later = Some(
                self.later_bound(depth, from, total, reach)
                    .min(plan.rest[depth + 1]),
            );
        }
        let mut from = from;
        loop {
            let cap = later.unwrap_or(plan.rest[depth + 1]);
            // Routes past `end` earn too little to matter (revenue falls).
            let end = list
                .revenue
                .partition_point(|&r| !self.cut(total + r + cap.min(ranked_cap(r))));
            let Ok(Some(pos)) = self.next_fitting(t, from, end, None) else {
                break;
            };
            // The hot bound: what this route and the later trains beside
            // it can earn, their conflicts on the hot elements counted. A
            // route that cannot make the set worth having is skipped
            // without being taken.
            let r = list.revenue[pos];
            if self.cut_wide(u64::from(total).saturating_add(self.hot_with(depth, t, pos, r))) {
                from = pos + 1;
                continue;
            }
            if later.is_none() {
                // Every route this train takes from here on ranks at `pos`
                // or after, and the identical trains after it after that.
                let bound = self.later_bound(depth, pos + 1, total, r);
                later = Some(bound.min(plan.rest[depth + 1]));
                continue;
            }
            self.take(depth, pos);
            self.go(depth + 1, total + r, if next_same { pos + 1 } else { 0 });
            self.untake(depth, pos);
            from = pos + 1;
        }
        // This train may also stay idle, and with it the identical trains
        // after it (they would take routes ranked after this one's).
        self.go(plan.group_end(depth), total, 0);
    }
}
