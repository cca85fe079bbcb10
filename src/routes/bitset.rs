//! Sets of numbers kept as bits in `u64` words: number `i` is bit `i % 64`
//! of word `i / 64`. The route search keeps such sets of track elements
//! (what a route uses) and of ranked routes (which use an element); their
//! size is known only once the network is built, so they are plain slices
//! of words, sized by their owner. These helpers name the operations on one
//! member so the arithmetic lives in one place. No shift can overflow (it
//! is always by `i % 64`); a number past the slice's `64 × len` panics on
//! the index, as a slice does.

/// The bit of number `i` within its word.
#[inline]
fn bit(i: usize) -> u64 {
    1 << (i % 64)
}

/// True when `i` is in the set.
#[inline]
pub(super) fn contains(words: &[u64], i: usize) -> bool {
    words[i / 64] & bit(i) != 0
}

/// Adds `i` to the set.
#[inline]
pub(super) fn insert(words: &mut [u64], i: usize) {
    words[i / 64] |= bit(i);
}

/// Takes `i` out of the set.
#[inline]
pub(super) fn remove(words: &mut [u64], i: usize) {
    words[i / 64] &= !bit(i);
}

/// Calls `f` with each member, smallest first.
pub(super) fn for_each(words: &[u64], mut f: impl FnMut(usize)) {
    for (w, &word) in words.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            f(w * 64 + rest.trailing_zeros() as usize);
            rest &= rest - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_across_words() {
        let mut set = [0u64; 3];
        for i in [0, 5, 63, 64, 130] {
            insert(&mut set, i);
        }
        remove(&mut set, 5);
        assert!(contains(&set, 63) && contains(&set, 64) && !contains(&set, 5));
        let mut all = Vec::new();
        for_each(&set, |i| all.push(i));
        assert_eq!(all, [0, 63, 64, 130]);
    }
}
