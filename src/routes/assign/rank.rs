//! Each train type's routes ranked richest first, with which routes use
//! each track element, 64 to a word.

use super::Priced;
use crate::routes::bitset;

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

    /// The track elements of the route at rank position `pos`.
    pub(super) fn row(&self, pos: usize, words: usize) -> &[u64] {
        &self.bits[pos * words..(pos + 1) * words]
    }

    /// Which routes of chunk `chunk` use element `e`.
    pub(super) fn users(&self, e: usize, chunk: usize) -> u64 {
        self.users[chunk * self.elements + e]
    }
}

/// Ranks type `t`'s routes into rows of `words` words, each route's track
/// elements placed `at` words in: a type's track pool (`TrainDef::track_pool`)
/// has elements of its own, so only routes of one pool can clash.
pub(super) fn rank(cands: &[Priced], t: usize, words: usize, at: usize) -> Ranked {
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
        let own = cands[c as usize].bits;
        bits.resize(bits.len() + at, 0);
        bits.extend_from_slice(own);
        bits.resize(bits.len() + words - at - own.len(), 0);
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
