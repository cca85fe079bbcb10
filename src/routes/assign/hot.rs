//! A bound on what the trains still to place can earn beside the routes
//! taken, that sees the conflicts among those trains where they matter.
//!
//! The relaxation's element prices ([`super::prices`]) are high where rich
//! routes crowd onto the same track. The few priciest elements are the
//! *hot* ones; every other element is relaxed to its price: a route pays
//! the prices of its elements outside the hot set, and the free elements
//! outside it are paid back whole. For the hot elements the bound is
//! exact: no two routes share one. So for trains `d..` and the free
//! elements `F`, with `y` the prices and `H` the hot set, any routes they
//! can run (disjoint, inside `F`) earn at most
//!
//! ```text
//!   y(F \ H)  +  best(d, F ∩ H)
//! ```
//!
//! where `best(d, S)` is the most the trains from `d` on earn with routes
//! whose hot elements are disjoint subsets of `S`, each route counted at
//! its revenue less its outside prices (or not run). The prices being zero
//! or more is all this needs, so it holds for any prices. `best` is a table
//! over the subsets of the hot set, worked out once per search (a subset
//! of the hot set is a word of bits); a node then bounds a route in a few
//! additions and one look-up, where scanning for the richest routes that
//! fit costs hundreds.

use super::prices::element_prices;
use super::rank::Ranked;
use crate::routes::bitset;

/// A bound on the trains from each depth on (in search order), given the
/// hot elements still free and the outside prices of the free elements.
pub(super) struct Hot {
    /// Per train type and rank position: the route's hot elements (bit
    /// `i` for the `i`-th hot element) and its price outside them.
    keys: Vec<Vec<u32>>,
    outside: Vec<Vec<u32>>,
    /// Every hot element, as a key.
    pub(super) all: u32,
    /// The prices of all the elements outside the hot set.
    pub(super) outside_total: u64,
    /// `best[d][S]` for depths `1..=k` (index `d - 1`): see the module.
    best: Vec<Vec<u32>>,
}

/// Per train type: each key's best net revenue (revenue less outside
/// prices, when positive), for the keys no subset of them beats.
struct Keys {
    keys: Vec<Vec<u32>>,
    outside: Vec<Vec<u32>>,
    /// `(key, net)`, for the keys worth having.
    useful: Vec<Vec<(u32, u32)>>,
    /// `best over subsets[S]`: the most one route within `S` nets.
    within: Vec<Vec<u32>>,
}

impl Hot {
    /// The bound for a search whose trains, in search order, are of the
    /// types `types`; `None` for fewer than three trains (the searches
    /// for two are quick without it) or when `max_bits` is 0.
    pub(super) fn new(
        lists: &[Ranked],
        types: &[usize],
        words: usize,
        max_bits: usize,
        budget: u64,
    ) -> Option<Hot> {
        if types.len() < 3 || max_bits == 0 {
            return None;
        }
        let mut counts = vec![0; lists.len()];
        for &t in types {
            counts[t] += 1;
        }
        let prices = element_prices(lists, &counts, words);
        let mut priced: Vec<usize> = (0..prices.len()).filter(|&e| prices[e] > 0).collect();
        priced.sort_by_key(|&e| (std::cmp::Reverse(prices[e]), e));
        let mut needed = vec![false; lists.len()];
        for &t in &types[1..] {
            needed[t] = true;
        }
        // As many hot elements as the tables' work allows, and no more
        // than make a table a few times the size of the lists: a small
        // search is over before a big table would be filled.
        let routes: usize = lists.iter().map(Ranked::len).sum();
        let size_cap = (usize::BITS - routes.leading_zeros()) as usize + 2;
        let mut bits = priced.len().min(max_bits).min(size_cap).min(24);
        let keys = loop {
            let hot = &priced[..bits];
            let keys = Keys::of(lists, words, &prices, hot, &needed);
            if bits == 0 || keys.work(types, bits) <= budget {
                break keys;
            }
            bits -= 1;
        };
        let hot = &priced[..bits];
        let outside_total = (0..prices.len())
            .filter(|e| !hot.contains(e))
            .map(|e| u64::from(prices[e]))
            .sum();
        let all = if bits == 32 {
            u32::MAX
        } else {
            (1u32 << bits) - 1
        };
        let best = tables(&keys, types, bits);
        Some(Hot {
            keys: keys.keys,
            outside: keys.outside,
            all,
            outside_total,
            best,
        })
    }

    pub(super) fn key(&self, t: usize, pos: usize) -> u32 {
        self.keys[t][pos]
    }

    pub(super) fn outside(&self, t: usize, pos: usize) -> u32 {
        self.outside[t][pos]
    }

    /// The most the trains from `depth` on can earn, with the hot
    /// elements `free` and outside prices `outside_free` still free
    /// (no bound for all the trains: that table is never needed).
    pub(super) fn rest(&self, depth: usize, free: u32, outside_free: u64) -> u64 {
        match depth {
            0 => u64::MAX,
            d if d > self.best.len() => outside_free,
            d => u64::from(self.best[d - 1][free as usize]) + outside_free,
        }
    }

    /// The most the train at `depth` and those after it can earn when it
    /// runs route `pos` of type `t`: its revenue, then the rest beside it
    /// (whose free elements no longer hold the route's).
    pub(super) fn with(
        &self,
        depth: usize,
        t: usize,
        pos: usize,
        revenue: u32,
        free: u32,
        outside_free: u64,
    ) -> u64 {
        let key = self.keys[t][pos];
        debug_assert_eq!(key & !free, 0, "a route that fits uses free elements");
        let outside = u64::from(self.outside[t][pos]);
        let rest = self.rest(depth + 1, free & !key, outside_free.saturating_sub(outside));
        u64::from(revenue).saturating_add(rest)
    }
}

impl Keys {
    /// Each route's key and outside price, and for the types `needed`
    /// (those of the trains after the first: no table holds the first)
    /// their useful keys and best within each set.
    fn of(lists: &[Ranked], words: usize, prices: &[u32], hot: &[usize], needed: &[bool]) -> Keys {
        let mut bit_of = vec![u32::MAX; prices.len()];
        for (i, &e) in hot.iter().enumerate() {
            bit_of[e] = i as u32;
        }
        let size = 1usize << hot.len();
        let mut out = Keys {
            keys: Vec::new(),
            outside: Vec::new(),
            useful: Vec::new(),
            within: Vec::new(),
        };
        for (t, list) in lists.iter().enumerate() {
            let (mut keys, mut outside) = (Vec::new(), Vec::new());
            for pos in 0..list.len() {
                let (mut key, mut paid) = (0u32, 0u32);
                bitset::for_each(list.row(pos, words), |e| match bit_of[e] {
                    u32::MAX => paid = paid.saturating_add(prices[e]),
                    b => key |= 1 << b,
                });
                keys.push(key);
                outside.push(paid);
            }
            let (useful, within) = if needed[t] {
                useful_keys(list, &keys, &outside, size, hot.len())
            } else {
                (Vec::new(), Vec::new())
            };
            out.keys.push(keys);
            out.outside.push(outside);
            out.useful.push(useful);
            out.within.push(within);
        }
        out
    }

    /// Table entries the tables for these trains touch: each useful key
    /// of a train before the last two fills its supersets once.
    fn work(&self, types: &[usize], bits: usize) -> u64 {
        let k = types.len();
        let fills: u64 = types[1..k - 1]
            .iter()
            .map(|&t| {
                self.useful[t]
                    .iter()
                    .map(|&(key, _)| 1u64 << (bits - key.count_ones() as usize))
                    .sum::<u64>()
            })
            .sum();
        fills + ((k as u64) << bits)
    }
}

/// For one type's routes (their `keys` and `outside` prices): the keys
/// worth having, `(key, net)` with net their best revenue less outside
/// prices, each beating every key inside it; and the best net within
/// each set of hot elements.
fn useful_keys(
    list: &Ranked,
    keys: &[u32],
    outside: &[u32],
    size: usize,
    bits: usize,
) -> (Vec<(u32, u32)>, Vec<u32>) {
    let mut within = vec![0u32; size];
    for ((&key, &paid), &revenue) in keys.iter().zip(outside).zip(&list.revenue) {
        let slot = &mut within[key as usize];
        *slot = (*slot).max(revenue.saturating_sub(paid));
    }
    let mut exact: Vec<(u32, u32)> = keys
        .iter()
        .map(|&k| (k, within[k as usize]))
        .filter(|&(_, net)| net > 0)
        .collect();
    exact.sort_unstable();
    exact.dedup();
    max_over_subsets(&mut within, bits);
    let useful = exact
        .into_iter()
        .filter(|&(key, net)| {
            (0..bits)
                .filter(|b| key >> b & 1 == 1)
                .all(|b| net > within[(key ^ (1 << b)) as usize])
        })
        .collect();
    (useful, within)
}

/// Makes each entry of a table over the subsets of `bits` elements the
/// largest over its subsets, one element at a time.
fn max_over_subsets(table: &mut [u32], bits: usize) {
    for b in 0..bits {
        let half = 1 << b;
        for block in table.chunks_exact_mut(2 * half) {
            let (low, high) = block.split_at_mut(half);
            for (h, l) in high.iter_mut().zip(low.iter()) {
                *h = (*h).max(*l);
            }
        }
    }
}

/// `best[d]` for depths `1..=k−1` of trains of types `types` (see the
/// module), from the last train back: the last train's table is its best
/// single route within each set; each train before it either idles or
/// runs a useful key, beside the best of the trains after it on the rest.
fn tables(keys: &Keys, types: &[usize], bits: usize) -> Vec<Vec<u32>> {
    let k = types.len();
    let all = (1u32 << bits) - 1;
    let mut best: Vec<Vec<u32>> = vec![Vec::new(); k - 1];
    best[k - 2] = keys.within[types[k - 1]].clone();
    for d in (1..k - 1).rev() {
        let next = &best[d];
        let mut table = next.clone();
        for &(key, net) in &keys.useful[types[d]] {
            let comp = all & !key;
            let mut sub = 0u32;
            loop {
                let s = (key | sub) as usize;
                table[s] = table[s].max(net + next[sub as usize]);
                if sub == comp {
                    break;
                }
                sub = sub.wrapping_sub(comp) & comp;
            }
        }
        best[d - 1] = table;
    }
    best
}
