//! Tolls on counted stops (`routes::stop_toll`), in the choice of stops: a
//! toll takes what it can from the stop's own pay, so a tolled stop is
//! worth its pay less the toll, never below nothing, and the stops are
//! still chosen richest first by that net worth; what the stop's pay
//! cannot cover comes out of the visit bonuses earned in its hex.

use super::Bonus;
use crate::game::BonusKind;
use crate::geometry::Coord;

/// What a toll of `toll` takes from a stop paying `paid`, and what is
/// left of it to take from the bonuses earned there.
pub(super) fn split(toll: u32, paid: u64) -> (u64, u32) {
    let taken = paid.min(u64::from(toll));
    // `taken <= toll`, so the difference fits.
    (taken, toll - u32::try_from(taken).unwrap_or(toll))
}

/// What the tolls left over at counted stops (`short`: each stop's hex and
/// what its pay did not cover) take from the visit bonuses (amounts, not
/// stop values) the route earns in those hexes, each stop at most its
/// leftover.
pub(super) fn from_bonuses(
    bonuses: &[Bonus],
    active: &[usize],
    earned: &dyn Fn(&Bonus) -> bool,
    short: impl Iterator<Item = (Coord, u32)>,
    multiplier: u32,
    visits: usize,
) -> u64 {
    short
        .map(|(hex, left)| {
            let there: u64 = active
                .iter()
                .map(|&b| &bonuses[b])
                .filter(|b| {
                    matches!(&b.kind, BonusKind::Visit(hs) if hs.contains(&hex))
                        && !b.pays_stop_value()
                        && earned(b)
                })
                .map(|b| b.pays_on(multiplier, visits))
                .sum();
            there.min(u64::from(left))
        })
        .sum()
}

/// Worked by hand: 18 Los Angeles's Dump ($20) on stops of a small route.
#[cfg(test)]
mod tests {
    use super::super::tests::{city, hex, plain_train, three_five};
    use super::super::{Bonus, Visit, best_run};
    use crate::game::BonusKind;

    /// A city in hex `i` worth `revenue`, where stopping costs `toll`.
    fn tolled(i: u64, revenue: u32, toll: u32) -> Visit {
        Visit {
            toll,
            ..city(i, revenue, false)
        }
    }

    /// Pasadena $40 (the company's token), the Dump on a $30 city and on
    /// Westminster's $10, Riverside $50.
    fn stops() -> [Visit; 4] {
        [
            city(0, 40, true),
            tolled(1, 30, 20),
            tolled(2, 10, 20),
            city(3, 50, false),
        ]
    }

    #[test]
    fn a_train_counting_a_tolled_stop_pays_the_toll() {
        let [a, b, _, d] = stops();
        // 40 + 30 + 50 = 120, less the Dump's 20 at the $30 city: 100.
        let run = best_run(&plain_train("4", Some(4)), &[a, b, d], 3, &[]).unwrap();
        assert_eq!((run.revenue, run.toll), (100, 20));
    }

    #[test]
    fn a_freight_train_counts_its_stops_by_their_worth_less_the_toll() {
        // Its best 3 of 40, 30 - 20, 10 - 10 (never below nothing), 50:
        // 40 + 50 + 10 = 100, the $30 city counted, Westminster skipped.
        let run = best_run(&three_five(), &stops(), 4, &[]).unwrap();
        assert_eq!((run.revenue, run.toll), (100, 20));
        assert_eq!(run.stops, [true, true, false, true]);
        // Without the $30 city: 40 + 50 + Westminster's 10 - 10 = 90.
        let [a, _, c, d] = stops();
        let run = best_run(&three_five(), &[a, c, d], 3, &[]).unwrap();
        assert_eq!((run.revenue, run.toll), (90, 10));
    }

    #[test]
    fn a_toll_takes_a_stop_to_nothing_then_takes_from_its_bonus() {
        let [a, _, c, _] = stops();
        // Pasadena 40 + Westminster 10 - min(20, 10) = 40.
        let two = plain_train("2", Some(2));
        let run = best_run(&two, &[a, c], 2, &[]).unwrap();
        assert_eq!((run.revenue, run.toll), (40, 10));
        // With the Steamship's $40 at Westminster the rest of the toll
        // comes from it: 40 + (10 + 40 - 20) = 70 (18xx.games: the Dump
        // takes $20 there then).
        let steamship = Bonus {
            optional: false,
            phases: Vec::new(),
            private: None,
            token_holders: false,
            others: None,
            company: None,
            once_per_run: false,
            name: "Steamship".into(),
            amount: 40,
            multiplied: false,
            kind: BonusKind::Visit(vec![hex(2)]),
            trains: vec![],
        };
        let run = best_run(&two, &[a, c], 2, &[steamship]).unwrap();
        assert_eq!((run.revenue, run.toll), (70, 20));
    }
}
