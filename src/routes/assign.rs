//! Matching trains to conflict-free routes for the largest total.
//!
//! Branch and bound: each train type's candidates are ranked by what that
//! train earns; a branch stops as soon as what it holds plus the best route
//! each remaining train could still run alone cannot beat the best total
//! found. Identical trains take candidates in increasing rank, so no set of
//! routes is tried twice.
//!
//! The first train's branches run in parallel, sharing only the best total
//! found so far; ties are settled by branch order, so the answer does not
//! depend on which thread finished first.
//!
//! Track use is packed per train type in rank order, with the most used
//! track elements in the first word, so a conflict test usually reads one
//! word of memory that sits next to the previous one.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

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

/// One train type's runnable candidates, richest first, packed.
struct Ranked {
    ids: Vec<u32>,
    revenue: Vec<u32>,
    /// `ids.len()` rows of `words` each.
    bits: Vec<u64>,
}

impl Ranked {
    fn top(&self) -> u32 {
        self.revenue.first().copied().unwrap_or(0)
    }
}

/// Renumbers track elements so the most used come first.
struct Packing {
    /// For each old element, its new number.
    new_of: Vec<u32>,
    words: usize,
}

impl Packing {
    fn of(cands: &[Priced]) -> Packing {
        let words = cands[0].bits.len();
        let mut uses = vec![0u32; words * 64];
        for c in cands {
            for_each_bit(c.bits, |e| uses[e] += 1);
        }
        let mut order: Vec<usize> = (0..uses.len()).collect();
        order.sort_by(|&a, &b| uses[b].cmp(&uses[a]).then(a.cmp(&b)));
        let mut new_of = vec![0u32; uses.len()];
        for (new, &old) in order.iter().enumerate() {
            new_of[old] = new as u32;
        }
        Packing { new_of, words }
    }

    fn pack_into(&self, bits: &[u64], out: &mut Vec<u64>) {
        let start = out.len();
        out.resize(start + self.words, 0);
        for_each_bit(bits, |e| {
            let n = self.new_of[e] as usize;
            out[start + n / 64] |= 1 << (n % 64);
        });
    }
}

fn for_each_bit(bits: &[u64], mut f: impl FnMut(usize)) {
    for (w, &word) in bits.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            f(w * 64 + rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
}

fn rank(cands: &[Priced], t: usize, packing: &Packing) -> Ranked {
    let mut ids: Vec<u32> = (0..cands.len() as u32)
        .filter(|&c| cands[c as usize].revenue[t] > 0)
        .collect();
    ids.sort_by(|&a, &b| {
        cands[b as usize].revenue[t]
            .cmp(&cands[a as usize].revenue[t])
            .then(a.cmp(&b))
    });
    let revenue = ids.iter().map(|&c| cands[c as usize].revenue[t]).collect();
    let mut bits = Vec::with_capacity(ids.len() * packing.words);
    for &c in &ids {
        packing.pack_into(cands[c as usize].bits, &mut bits);
    }
    Ranked { ids, revenue, bits }
}

/// The best conflict-free choice of one candidate (or none) per train;
/// `type_of[slot]` is the type of each train, indexing `revenue`.
pub fn choose(
    cands: &[Priced],
    type_of: &[usize],
    n_types: usize,
    progress: &(dyn Fn(Progress) + Sync),
) -> Vec<Option<usize>> {
    let k = type_of.len();
    if k == 0 || cands.is_empty() {
        return vec![None; k];
    }
    let packing = Packing::of(cands);
    let lists: Vec<Ranked> = (0..n_types)
        .into_par_iter()
        .map(|t| rank(cands, t, &packing))
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
    let mut rest = vec![0u32; k + 1];
    for i in (0..k).rev() {
        rest[i] = rest[i + 1] + top(order[i]);
    }
    let plan = Plan {
        lists: &lists,
        type_of,
        order: &order,
        rest: &rest,
        words: packing.words,
    };
    match plan.best(progress) {
        Some((_, picks)) => picks
            .iter()
            .map(|p| p.map(|(t, pos)| lists[t].ids[pos] as usize))
            .collect(),
        None => vec![None; k],
    }
}

/// Each train slot's pick, if it runs: its type and rank position.
type Picks = Vec<Option<(usize, usize)>>;

/// What every search over one set of candidates shares.
struct Plan<'a> {
    lists: &'a [Ranked],
    type_of: &'a [usize],
    order: &'a [usize],
    rest: &'a [u32],
    words: usize,
}

impl Plan<'_> {
    fn same_type_next(&self, depth: usize) -> bool {
        depth + 1 < self.order.len()
            && self.type_of[self.order[depth + 1]] == self.type_of[self.order[depth]]
    }

    /// The best set, found with the first train's branches in parallel.
    ///
    /// A branch is cut when it cannot beat its own best, or cannot reach
    /// the best of all branches; ties with other branches are kept, so
    /// each branch reports its first best set in the fixed order, and the
    /// earliest branch with the largest total wins, on any thread count.
    fn best(&self, progress: &(dyn Fn(Progress) + Sync)) -> Option<(u32, Picks)> {
        let shared = AtomicU32::new(0);
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
                    let result = s.branch(pos);
                    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if d.is_multiple_of(64) || d == total {
                        progress(Progress { done: d, total });
                    }
                    result.map(|(value, picks)| (value, pos, picks))
                },
            )
            .flatten()
            .collect();
        found
            .into_iter()
            .filter(|(value, _, _)| *value > 0)
            .min_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)))
            .map(|(value, _, picks)| (value, picks))
    }
}

struct Search<'a> {
    plan: &'a Plan<'a>,
    used: Vec<u64>,
    picks: Picks,
    /// The best total of this branch, and its picks.
    best: u32,
    best_picks: Picks,
    /// The best total any branch has found, to prune by.
    shared: &'a AtomicU32,
    /// A recent reading of `shared`.
    global: u32,
    steps: u32,
}

impl<'a> Search<'a> {
    fn new(plan: &'a Plan<'a>, shared: &'a AtomicU32) -> Self {
        let k = plan.order.len();
        Search {
            plan,
            used: vec![0; plan.words],
            picks: vec![None; k],
            best: 0,
            best_picks: vec![None; k],
            shared,
            global: 0,
            steps: 0,
        }
    }

    /// The best set whose first train takes rank position `pos` (or idles,
    /// for the position past the end), if it can reach the best of all.
    fn branch(&mut self, pos: usize) -> Option<(u32, Picks)> {
        let plan = self.plan;
        self.best = 0;
        self.global = self.shared.load(Ordering::Relaxed);
        let first = &plan.lists[plan.type_of[plan.order[0]]];
        if pos == first.ids.len() {
            if plan.same_type_next(0) {
                return None;
            }
            self.go(1, 0, 0);
        } else {
            let r = first.revenue[pos];
            if self.cut(r + plan.rest[1]) {
                return None;
            }
            self.take(0, pos);
            let from = if plan.same_type_next(0) { pos + 1 } else { 0 };
            self.go(1, r, from);
            self.untake(0, pos);
        }
        (self.best > 0 && self.best >= self.global)
            .then(|| (self.best, std::mem::take(&mut self.best_picks)))
    }

    /// True when no set below a node worth at most `bound` is wanted.
    fn cut(&self, bound: u32) -> bool {
        bound <= self.best || bound < self.global
    }

    fn row(&self, t: usize, pos: usize) -> &'a [u64] {
        let w = self.plan.words;
        &self.plan.lists[t].bits[pos * w..(pos + 1) * w]
    }

    fn fits(&self, t: usize, pos: usize) -> bool {
        self.row(t, pos)
            .iter()
            .zip(&self.used)
            .all(|(a, b)| a & b == 0)
    }

    fn take(&mut self, depth: usize, pos: usize) {
        let slot = self.plan.order[depth];
        let t = self.plan.type_of[slot];
        let row = self.row(t, pos);
        for (u, b) in self.used.iter_mut().zip(row) {
            *u |= b;
        }
        self.picks[slot] = Some((t, pos));
    }

    fn untake(&mut self, depth: usize, pos: usize) {
        let slot = self.plan.order[depth];
        let t = self.plan.type_of[slot];
        let row = self.row(t, pos);
        for (u, b) in self.used.iter_mut().zip(row) {
            *u &= !b;
        }
        self.picks[slot] = None;
    }

    /// Revenue of the richest route of type `t` that fits beside those taken.
    fn best_fitting(&self, t: usize) -> u32 {
        let list = &self.plan.lists[t];
        (0..list.ids.len())
            .find(|&pos| self.fits(t, pos))
            .map_or(0, |pos| list.revenue[pos])
    }

    /// Picks up better totals other threads found, now and then.
    fn refresh(&mut self) {
        self.steps = self.steps.wrapping_add(1);
        if self.steps.is_multiple_of(256) {
            self.global = self.global.max(self.shared.load(Ordering::Relaxed));
        }
    }

    /// Assigns the `depth`-th train in search order; `from` is where an
    /// identical previous train's rank position ended.
    fn go(&mut self, depth: usize, total: u32, from: usize) {
        if total > self.best {
            self.best = total;
            self.best_picks = self.picks.clone();
            self.global = self.global.max(total);
            self.shared.fetch_max(total, Ordering::Relaxed);
        }
        self.refresh();
        let plan = self.plan;
        if depth == plan.order.len() || self.cut(total + plan.rest[depth]) {
            return;
        }
        let t = plan.type_of[plan.order[depth]];
        // What the later trains can still earn beside the routes taken so
        // far: each one's richest route that fits. Routes this train adds
        // only shrink that, so it bounds every branch below this node.
        let later: u32 = plan.order[depth + 1..]
            .iter()
            .map(|&s| self.best_fitting(plan.type_of[s]))
            .sum();
        let list = &plan.lists[t];
        let next_same = plan.same_type_next(depth);
        for pos in from..list.ids.len() {
            let r = list.revenue[pos];
            if self.cut(total + r + later) {
                break;
            }
            if !self.fits(t, pos) {
                continue;
            }
            self.take(depth, pos);
            self.go(depth + 1, total + r, if next_same { pos + 1 } else { 0 });
            self.untake(depth, pos);
        }
        // This train may also stay idle; an identical later train then does too.
        if !next_same {
            self.go(depth + 1, total, 0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % n
        }
    }

    /// Every way to give each train one candidate or none, without conflicts.
    fn brute(bits: &[Vec<u64>], rev: &[Vec<u32>], type_of: &[usize]) -> u32 {
        fn go(slot: usize, used: u64, bits: &[Vec<u64>], rev: &[Vec<u32>], ty: &[usize]) -> u32 {
            if slot == ty.len() {
                return 0;
            }
            let mut best = go(slot + 1, used, bits, rev, ty);
            for c in 0..bits.len() {
                if rev[c][ty[slot]] > 0 && bits[c][0] & used == 0 {
                    let r = rev[c][ty[slot]] + go(slot + 1, used | bits[c][0], bits, rev, ty);
                    best = best.max(r);
                }
            }
            best
        }
        go(0, 0, bits, rev, type_of)
    }

    fn run(
        threads: usize,
        bits: &[Vec<u64>],
        rev: &[Vec<u32>],
        ty: &[usize],
    ) -> Vec<Option<usize>> {
        let cands: Vec<Priced> = bits
            .iter()
            .zip(rev)
            .map(|(b, r)| Priced {
                bits: b,
                revenue: r,
            })
            .collect();
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| choose(&cands, ty, 2, &|_| {}))
    }

    /// Optimal against brute force, and the same set on one thread or four,
    /// on small instances full of equal revenues so that ties abound.
    #[test]
    fn optimal_and_independent_of_threads() {
        let mut rng = Lcg(11);
        for case in 0..400 {
            let n = 1 + rng.below(14) as usize;
            let bits: Vec<Vec<u64>> = (0..n)
                .map(|_| vec![(0..3).fold(0, |b, _| b | 1 << rng.below(12))])
                .collect();
            let rev: Vec<Vec<u32>> = (0..n)
                .map(|_| (0..2).map(|_| 10 * rng.below(4) as u32).collect())
                .collect();
            let ty: Vec<usize> = (0..1 + rng.below(3))
                .map(|_| rng.below(2) as usize)
                .collect();
            let one = run(1, &bits, &rev, &ty);
            let four = run(4, &bits, &rev, &ty);
            assert_eq!(one, four, "case {case}");
            let mut used = 0;
            let mut total = 0;
            for (slot, pick) in one.iter().enumerate() {
                if let Some(c) = pick {
                    assert_eq!(bits[*c][0] & used, 0, "case {case}: conflict");
                    used |= bits[*c][0];
                    total += rev[*c][ty[slot]];
                }
            }
            assert_eq!(total, brute(&bits, &rev, &ty), "case {case}");
        }
    }
}
