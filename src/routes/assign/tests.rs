//! The search against brute force on random and crowded instances.

use super::*;
use rank::Ranked;

use crate::routes::Lcg;

fn disjoint(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & y == 0)
}

/// Every way to give each train one candidate or none, without conflicts.
fn brute(bits: &[Vec<u64>], rev: &[Vec<u32>], ty: &[usize], used: &mut Vec<u64>) -> u32 {
    let Some((&t, rest)) = ty.split_first() else {
        return 0;
    };
    let mut best = brute(bits, rev, rest, used); // this train stays idle
    for c in 0..bits.len() {
        if rev[c][t] > 0 && disjoint(&bits[c], used) {
            for (u, b) in used.iter_mut().zip(&bits[c]) {
                *u |= b;
            }
            best = best.max(rev[c][t] + brute(bits, rev, rest, used));
            for (u, b) in used.iter_mut().zip(&bits[c]) {
                *u &= !b;
            }
        }
    }
    best
}

/// The same answer another way, fast enough for a hundred crowded
/// routes and five trains: every set of pairwise disjoint candidates
/// (in increasing order, so each set once), at most one per train, and
/// for each set every way to hand its routes to distinct trains (or to
/// none). Only sets that grow no further are handed out: a set does no
/// better than one that holds it.
fn brute_sets(bits: &[Vec<u64>], rev: &[Vec<u32>], ty: &[usize]) -> u32 {
    fn hand_out(set: &[usize], rev: &[Vec<u32>], ty: &[usize], free: &mut [bool]) -> u32 {
        let Some((&c, rest)) = set.split_first() else {
            return 0;
        };
        let mut best = hand_out(rest, rev, ty, free); // this route unrun
        for slot in 0..ty.len() {
            if free[slot] && rev[c][ty[slot]] > 0 {
                free[slot] = false;
                best = best.max(rev[c][ty[slot]] + hand_out(rest, rev, ty, free));
                free[slot] = true;
            }
        }
        best
    }
    fn grow(
        start: usize,
        bits: &[Vec<u64>],
        rev: &[Vec<u32>],
        ty: &[usize],
        set: &mut Vec<usize>,
        used: &mut Vec<u64>,
    ) -> u32 {
        let mut best = 0;
        let mut grew = false;
        for c in start..bits.len() {
            if set.len() < ty.len() && disjoint(&bits[c], used) {
                grew = true;
                let before = used.clone();
                for (u, b) in used.iter_mut().zip(&bits[c]) {
                    *u |= b;
                }
                set.push(c);
                best = best.max(grow(c + 1, bits, rev, ty, set, used));
                set.pop();
                *used = before;
            }
        }
        if !grew {
            best = hand_out(set, rev, ty, &mut vec![true; ty.len()]);
        }
        best
    }
    grow(
        0,
        bits,
        rev,
        ty,
        &mut Vec::new(),
        &mut vec![0; bits[0].len()],
    )
}

/// The program's bounds, with a greedy seed of one start, so that the
/// search itself, not the seed, has to find the answer.
const SEARCH_ALONE: Tuning = Tuning {
    greedy_starts: 1,
    ..Tuning::RELEASE
};

/// The search's picks on `threads` threads, tuned as `tuning` says.
fn run(
    threads: usize,
    tuning: Tuning,
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
        .install(|| choose_tuned(&cands, ty, &[0, 0], &|_| {}, &Limit::none(), tuning, None))
}

/// Regression: of several identical trains, any number may idle. One
/// route for three identical 2-trains earns its $70 (the search used to
/// demand that all but the last run, and found $0); with a 3-train route
/// beside it, disjoint, the total is 70 + 20 = $90.
#[test]
fn identical_trains_may_all_but_one_idle() {
    let bits = vec![vec![0b01u64], vec![0b10u64]];
    let rev = vec![vec![70, 0], vec![0, 20]];
    let picks = run(2, SEARCH_ALONE, &bits, &rev, &[0, 0, 0]);
    assert_eq!(picks.iter().flatten().count(), 1);
    assert_eq!(picks.iter().flatten().next(), Some(&0));
    let picks = run(2, SEARCH_ALONE, &bits, &rev, &[0, 0, 0, 1]);
    assert_eq!(picks, vec![Some(0), None, None, Some(1)]);
}

/// Regression for the bound on the rest of a run of identical trains:
/// it starts right after the route about to be taken. Three identical
/// trains; the greedy set is R0 + R4 + R5 = $133, the best R1 + R2 + R3
/// = $134. Beside R1, taking R2 is worth it only because R3, the very
/// next route, fits too: a bound that started one route later would
/// see R4 ($17), judge R1 + R2 worth at most $132, and keep $133.
#[test]
fn identical_trains_bound_counts_the_next_route() {
    let elements = [
        0b1111,    // R0 $100
        0b0001,    // R1 $95
        0b0010,    // R2 $20
        0b0100,    // R3 $19
        0b1_0000,  // R4 $17
        0b10_0000, // R5 $16
    ];
    let bits: Vec<Vec<u64>> = elements.iter().map(|&e| vec![e]).collect();
    let rev: Vec<Vec<u32>> = [100, 95, 20, 19, 17, 16]
        .iter()
        .map(|&r| vec![r, 0])
        .collect();
    let picks = run(1, SEARCH_ALONE, &bits, &rev, &[0, 0, 0]);
    assert_eq!(picks, vec![Some(1), Some(2), Some(3)]);
}

/// Optimal against brute force, and the same set on one thread or four,
/// on instances full of equal revenues (ties abound), from a handful of
/// candidates to a few hundred over two words of track, so that the
/// 64-route chunks and the second word are exercised.
#[test]
fn optimal_and_independent_of_threads() {
    let mut rng = Lcg(11);
    for case in 0..900 {
        // Big instances crowd long routes onto few elements, some in
        // the second word, so that the best routes overlap; crowded
        // ones give three to five trains, mostly identical, a hundred
        // long routes that mostly clash (whole chunks of them blocked
        // once two are taken, as on a real map).
        let (big, crowded) = (case % 3 == 0, case % 3 == 1 && case % 2 == 0);
        let n = match (big, crowded) {
            (true, _) => 64 + rng.below(120),
            (_, true) => 64 + rng.below(48),
            _ => 1 + rng.below(14),
        } as usize;
        let (elements, shortest, per_route, values) = match (big, crowded) {
            (true, _) => (120, 1, 12, 20),
            (_, true) => (70, 6, 24, 12),
            _ => (12, 1, 3, 4),
        };
        let bits: Vec<Vec<u64>> = (0..n)
            .map(|_| {
                let mut b = vec![0u64; 2];
                for _ in 0..shortest + rng.below(per_route) {
                    let e = rng.below(elements) as usize;
                    b[e / 64] |= 1 << (e % 64);
                }
                b
            })
            .collect();
        let rev: Vec<Vec<u32>> = (0..n)
            .map(|_| (0..2).map(|_| 10 * rng.below(values) as u32).collect())
            .collect();
        // Up to five trains, often several of one type: an identical
        // train must be free to idle whatever the others do.
        let trains = match (big, crowded) {
            (true, _) => 1 + rng.below(3),
            (_, true) => 3 + rng.below(3),
            _ => 1 + rng.below(5),
        };
        let odd_one_out = if crowded { 4 } else { 2 };
        let ty: Vec<usize> = (0..trains)
            .map(|_| usize::from(rng.below(odd_one_out) == 0))
            .collect();
        // Half the cases let the bounds scan, half make them fall back
        // at once, so that both paths are proven exact; and half seed the
        // search as the program does, half with one greedy start.
        let tuning = Tuning {
            bound_chunks: if case % 4 < 2 { 0 } else { 32 },
            greedy_starts: if case % 2 == 0 { 1 } else { 256 },
            hot_bits: [0, 3, 18][case % 3],
            ..Tuning::RELEASE
        };
        let one = run(1, tuning, &bits, &rev, &ty);
        let four = run(4, tuning, &bits, &rev, &ty);
        assert_eq!(one, four, "case {case}");
        let mut used = vec![0u64; 2];
        let mut total = 0;
        for (slot, pick) in one.iter().enumerate() {
            if let Some(c) = pick {
                assert!(disjoint(&bits[*c], &used), "case {case}: conflict");
                for (u, b) in used.iter_mut().zip(&bits[*c]) {
                    *u |= b;
                }
                total += rev[*c][ty[slot]];
            }
        }
        let mut empty = vec![0u64; 2];
        assert_eq!(total, brute_sets(&bits, &rev, &ty), "case {case}");
        if !big && !crowded {
            assert_eq!(total, brute(&bits, &rev, &ty, &mut empty), "case {case}");
        }
    }
}

/// The hot bound never falls below the truth: on crowded random
/// instances, with some routes taken, what it allows the remaining trains
/// (and a route of the next train with the trains after it) is at least
/// their brute-force best beside the routes taken, for hot sets from a
/// couple of elements to every priced one.
#[test]
fn hot_bound_is_never_below_the_best() {
    let mut rng = Lcg(23);
    for case in 0..300 {
        let n = 16 + rng.below(24) as usize;
        let bits: Vec<Vec<u64>> = (0..n)
            .map(|_| {
                let mut b = vec![0u64; 2];
                for _ in 0..2 + rng.below(8) {
                    let e = rng.below(80) as usize;
                    b[e / 64] |= 1 << (e % 64);
                }
                b
            })
            .collect();
        let rev: Vec<Vec<u32>> = (0..n)
            .map(|_| (0..2).map(|_| 10 * rng.below(12) as u32).collect())
            .collect();
        let k = 3 + rng.below(3) as usize;
        let types: Vec<usize> = (0..k).map(|_| usize::from(rng.below(3) == 0)).collect();
        let cands: Vec<Priced> = bits
            .iter()
            .zip(&rev)
            .map(|(b, r)| Priced {
                bits: b,
                revenue: r,
            })
            .collect();
        let lists: Vec<Ranked> = (0..2).map(|t| rank(&cands, t, 2, 0)).collect();
        let hot_bits = [2, 6, 18][case % 3];
        let hot = Hot::new(&lists, &types, 2, hot_bits, 1 << 20).expect("three trains or more");
        // Take routes for the first `d` trains, one at random that fits
        // (or none), then bound the rest.
        let d = rng.below(k as u64) as usize;
        let mut used = vec![0u64; 2];
        let (mut free, mut outside) = (hot.all, hot.outside_total);
        for &t in &types[..d] {
            let list = &lists[t];
            if list.len() == 0 || rng.below(4) == 0 {
                continue;
            }
            let pos = rng.below(list.len() as u64) as usize;
            if disjoint(list.row(pos, 2), &used) {
                for (u, b) in used.iter_mut().zip(list.row(pos, 2)) {
                    *u |= b;
                }
                free &= !hot.key(t, pos);
                outside -= u64::from(hot.outside(t, pos));
            }
        }
        let truth = brute(&bits, &rev, &types[d..], &mut used.clone());
        assert!(
            u64::from(truth) <= hot.rest(d, free, outside) || d == 0,
            "case {case}: trains from {d} earn {truth}, bound {}",
            hot.rest(d, free, outside)
        );
        // Some routes of the next train that fit, with the trains after it.
        let t = types[d];
        for _ in 0..6.min(lists[t].len()) {
            let pos = rng.below(lists[t].len() as u64) as usize;
            let row = lists[t].row(pos, 2);
            if !disjoint(row, &used) {
                continue;
            }
            let mut with = used.clone();
            for (u, b) in with.iter_mut().zip(row) {
                *u |= b;
            }
            let r = lists[t].revenue[pos];
            let truth = r + brute(&bits, &rev, &types[d + 1..], &mut with);
            let bound = hot.with(d, t, pos, r, free, outside);
            assert!(
                u64::from(truth) <= bound,
                "case {case}: route {pos} earns {truth} with the rest, bound {bound}"
            );
        }
    }
}
