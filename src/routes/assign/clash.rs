//! Which routes of a chunk of 64 clash with the routes taken, cached per
//! level of the search's stack, and which chunks are known to be full.

/// One train type's clash cache (see [`Search::clashes`]).
pub(super) struct ClashCache {
    /// For each level, for each chunk: the stamp and the clashes.
    pub(super) clash: Vec<Vec<(u64, u64)>>,
    /// For each level, one bit per chunk: set when every route of the chunk
    /// is known to clash at that level. A level starts with the bits of
    /// the level below (taking a route only blocks more), so a scan skips
    /// 64 such chunks at a time instead of looking at each again.
    pub(super) full: Vec<u64>,
    /// Words of `full` per level.
    pub(super) words: usize,
}

impl ClashCache {
    pub(super) fn new(chunks: usize, levels: usize) -> ClashCache {
        let words = chunks.div_ceil(64);
        ClashCache {
            clash: vec![vec![(0, 0); chunks]; levels],
            full: vec![0; words * levels],
            words,
        }
    }

    /// The first chunk from `chunk` on not known to be full at `level`
    /// (or some chunk at or past `end`, of the `chunks` there are).
    pub(super) fn skip_full(&self, level: usize, mut chunk: usize, end: usize) -> usize {
        let Some(row) = self.full.get(level * self.words..(level + 1) * self.words) else {
            return chunk;
        };
        while chunk < end {
            let bits = row[chunk / 64] >> (chunk % 64);
            if bits & 1 == 0 {
                break;
            }
            chunk += (!bits).trailing_zeros() as usize;
        }
        chunk
    }

    pub(super) fn mark_full(&mut self, level: usize, chunk: usize) {
        if let Some(w) = self.full.get_mut(level * self.words + chunk / 64) {
            *w |= 1 << (chunk % 64);
        }
    }

    /// Level `level` starts with the full chunks of the level below.
    pub(super) fn inherit(&mut self, level: usize) {
        let w = self.words;
        if (level + 1) * w <= self.full.len() {
            self.full.copy_within((level - 1) * w..level * w, level * w);
        }
    }
}

/// One level of the `used` stack.
#[derive(Default)]
pub(super) struct Level {
    pub(super) stamp: u64,
    pub(super) elements: Vec<u32>,
}
