//! Each train type's routes ranked richest first, with which routes use
//! each track element, 64 to a word; and the partner tables built on them.

use super::Priced;
use crate::routes::bitset;
use rayon::prelude::*;

/// One train type's runnable candidates, richest first, packed.
pub(super) struct Ranked {
    pub(super) ids: Vec<u32>,
    pub(super) revenue: Vec<u32>,
    /// `ids.len()` rows of `words` each.
    pub(super) bits: Vec<u64>,
    /// For each chunk of 64 rank positions and each track element, which
    /// of those 64 routes use the element: `chunks × elements` words,
    /// chunk by chunk (the ORs for one chunk then read one small block).
    /// With it a search finds the routes that fit beside those taken 64 at
    /// a time, one OR per taken element.
    users: Vec<u64>,
    pub(super) chunks: usize,
    elements: usize,
}

impl Ranked {
    pub(super) fn top(&self) -> u32 {
        self.revenue.first().copied().unwrap_or(0)
    }

    pub(super) fn len(&self) -> usize {
        self.ids.len()
    }

    /// Which routes of chunk `chunk` use element `e`.
    pub(super) fn users(&self, e: usize, chunk: usize) -> u64 {
        self.users[chunk * self.elements + e]
    }
}

pub(super) fn rank(cands: &[Priced], t: usize, words: usize) -> Ranked {
    let mut ids: Vec<u32> = (0..cands.len() as u32)
        .filter(|&c| cands[c as usize].revenue[t] > 0)
        .collect();
    ids.sort_by(|&a, &b| {
        cands[b as usize].revenue[t]
            .cmp(&cands[a as usize].revenue[t])
            .then(a.cmp(&b))
    });
    let revenue = ids.iter().map(|&c| cands[c as usize].revenue[t]).collect();
    let mut bits = Vec::with_capacity(ids.len() * words);
    for &c in &ids {
        bits.extend_from_slice(cands[c as usize].bits);
    }
    let chunks = ids.len().div_ceil(64);
    let elements = words * 64;
    let mut users = vec![0u64; elements * chunks];
    for pos in 0..ids.len() {
        bitset::for_each(&bits[pos * words..][..words], |e| {
            users[(pos / 64) * elements + e] |= 1 << (pos % 64);
        });
    }
    Ranked {
        ids,
        revenue,
        bits,
        users,
        chunks,
        elements,
    }
}

/// For two train types `t` and `u` (the latter searched after the former):
/// for each of `t`'s routes, the revenue of `u`'s richest route that shares
/// no track with it, on an empty board, and ranked after it when `u` is
/// `t` (identical trains take routes in rank order). Whatever else is
/// taken, a later `u` train running beside that route earns no more.
pub(super) struct Partners {
    pub(super) types: usize,
    /// `[t * types + u]`: one entry per route of `t`, or empty when the
    /// search never needs the pair.
    pub(super) best: Vec<Vec<u32>>,
}

impl Partners {
    pub(super) fn of(
        lists: &[Ranked],
        type_of: &[usize],
        order: &[usize],
        words: usize,
    ) -> Partners {
        let types = lists.len();
        let mut needed = vec![false; types * types];
        for (i, &a) in order.iter().enumerate() {
            for &b in &order[i + 1..] {
                needed[type_of[a] * types + type_of[b]] = true;
            }
        }
        let best = (0..types * types)
            .into_par_iter()
            .map(|pair| {
                if !needed[pair] {
                    return Vec::new();
                }
                let (t, u) = (pair / types, pair % types);
                let (from, to) = (&lists[t], &lists[u]);
                (0..from.len())
                    .map(|pos| {
                        let row = &from.bits[pos * words..(pos + 1) * words];
                        let start = if t == u { pos + 1 } else { 0 };
                        first_disjoint(to, row, start).map_or(0, |q| to.revenue[q])
                    })
                    .collect()
            })
            .collect();
        Partners { types, best }
    }

    pub(super) fn best(&self, t: usize, u: usize, pos: usize) -> u32 {
        self.best[t * self.types + u]
            .get(pos)
            .copied()
            .unwrap_or(u32::MAX)
    }
}

/// The first rank position from `start` in `list` whose route shares no
/// element with `row`, 64 routes at a time.
pub(super) fn first_disjoint(list: &Ranked, row: &[u64], start: usize) -> Option<usize> {
    let mut elements = Vec::new();
    bitset::for_each(row, |e| elements.push(e));
    let mut chunk = start / 64;
    while chunk * 64 < list.len() {
        let blocked = elements.iter().fold(0u64, |b, &e| b | list.users(e, chunk));
        let mut free = !blocked;
        if chunk == start / 64 {
            free &= !0u64 << (start % 64);
        }
        if free != 0 {
            let pos = chunk * 64 + free.trailing_zeros() as usize;
            return (pos < list.len()).then_some(pos);
        }
        chunk += 1;
    }
    None
}
