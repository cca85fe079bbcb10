//! N+M trains (`plus_towns`): what is left of a train's number once its
//! compulsory stops are counted, as three caps (cities and off-boards,
//! towns, all stops) instead of one count.
//!
//! A train counting at most N cities and N+M stops in all (1880's 2+2),
//! or N cities and M towns (1860's 2+1), chooses its optional stops under
//! caps on nested or disjoint sets of them: the richest stops that fit,
//! taken richest first, are the best choice (the sets a laminar family
//! caps form a matroid, on which the greedy choice is exact).

use super::{Subset, Visit};
use crate::game::{Towns, TrainDef};

/// What is left of a train's number: stops it may still count, by kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Caps {
    cities: usize,
    towns: usize,
    total: usize,
}

impl Caps {
    /// `slots` stops of any kind (every train without `plus_towns`).
    pub(super) fn uniform(slots: usize) -> Caps {
        Caps {
            cities: slots,
            towns: slots,
            total: slots,
        }
    }

    /// True when only the count of all stops binds (every train without
    /// `plus_towns`): the choice is then the richest `total` stops.
    pub(super) fn is_uniform(self) -> bool {
        self.cities >= self.total && self.towns >= self.total
    }

    /// The stops of any kind it may still count.
    pub(super) fn total(self) -> usize {
        self.total
    }

    /// Counts one more stop of this kind, or `false` when none is left.
    pub(super) fn take(&mut self, is_city: bool) -> bool {
        let cap = if is_city {
            &mut self.cities
        } else {
            &mut self.towns
        };
        if *cap == 0 || self.total == 0 {
            return false;
        }
        *cap -= 1;
        self.total -= 1;
        true
    }

    /// These caps after counting the stops `forced`, or `None` when they
    /// do not fit.
    pub(super) fn after(mut self, visits: &[Visit], forced: &[usize]) -> Option<Caps> {
        forced
            .iter()
            .all(|&i| self.take(visits[i].is_city))
            .then_some(self)
    }
}

/// True when the train may pass this town whatever `skip` says, a route's
/// ends included: its towns are outside its number and it counts only the
/// best M of them (`towns: Free` with `plus_towns`, 1860).
pub(super) fn passable_town(train: &TrainDef, v: &Visit) -> bool {
    train.plus_towns.is_some() && train.towns == Towns::Free && !v.is_city && !v.free
}

/// The caps of an N+M train once the compulsory stops that take part of
/// its number are counted (`cities` of them cities and off-boards,
/// `towns` towns), or `None` when they already exceed it; `None` too for
/// a train without `plus_towns` or without a number.
pub(super) fn caps(train: &TrainDef, cities: usize, towns: usize) -> Option<Caps> {
    let m = train.plus_towns? as usize;
    let n = train.stops? as usize;
    let cities_left = n.checked_sub(cities)?;
    if train.towns == Towns::Counted || train.spare_for_towns {
        let total = (n + m).checked_sub(cities + towns)?;
        Some(Caps {
            cities: cities_left.min(total),
            towns: total,
            total,
        })
    } else {
        let towns_left = m.checked_sub(towns)?;
        Some(Caps {
            cities: cities_left,
            towns: towns_left,
            total: cities_left + towns_left,
        })
    }
}

/// The optional bonus hexes (`(hex, lo, hi)`: a range of `in_hex`) that
/// hold both a city and a town, as a set of their indices: a train whose
/// caps differ by kind may count either there.
pub(super) fn mixed_hexes(
    bonus_hexes: &[(crate::geometry::Coord, usize, usize)],
    in_hex: &[super::Optional],
    visits: &[Visit],
) -> u64 {
    bonus_hexes
        .iter()
        .enumerate()
        .filter(|(_, (_, lo, hi))| {
            let group = &in_hex[*lo..*hi];
            group.iter().any(|o| visits[o.visit].is_city)
                && group.iter().any(|o| !visits[o.visit].is_city)
        })
        .fold(0, |set, (k, _)| set | 1 << k)
}

/// Every choice of bonus hexes to count a stop in (each subset of `n`),
/// each with every choice of which of its mixed hexes count a town (each
/// subset of the chosen hexes in `mixed`); with none mixed, one each.
pub(super) fn choices(n: usize, mixed: u64) -> impl Iterator<Item = (Subset, Subset)> {
    super::subsets(n).flat_map(move |chosen| {
        let flexible = chosen.0 & mixed;
        // Every submask of `flexible`, itself first and 0 last.
        let mut next = Some(flexible);
        std::iter::from_fn(move || {
            let pick = next?;
            next = (pick != 0).then(|| (pick - 1) & flexible);
            Some((chosen, Subset(pick)))
        })
    })
}

/// Which stop of a bonus hex's group (richest first) it counts: the
/// richest (`any`, caps the same for every kind), else the richest town
/// where `town`, the richest city where not, or the richest where the hex
/// holds one kind only.
pub(super) fn pick(group: &[super::Optional], visits: &[Visit], town: bool, any: bool) -> usize {
    if any {
        return 0;
    }
    group
        .iter()
        .position(|o| visits[o.visit].is_city != town)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::super::{Scratch, best_revenue, best_run, ceiling, subsets};
    use super::*;
    use crate::game::{Bonus, BonusKind, Distance, EndTowns, Skip};
    use crate::geometry::Coord;
    use crate::routes::Lcg;

    fn stop(hex: i32, revenue: u32, is_city: bool, token: bool) -> Visit {
        Visit {
            hex: Coord { row: 0, col: hex },
            revenue,
            is_city,
            off_board: false,
            token,
            port: None,
            at_least: 0,
            free: false,
            toll: 0,
        }
    }

    fn n_plus_m(n: u32, m: u32, skip: Skip, towns: Towns, multiplier: u32) -> TrainDef {
        TrainDef {
            name: "n+m".into(),
            stops: Some(n),
            skip,
            multiplier,
            distance: Distance::Stops,
            towns,
            end_towns: EndTowns::AsOthers,
            pays: None,
            token_bonus: None,
            stacks: false,
            track_pool: None,
            runs: Default::default(),
            edge_cost: None,
            plus_towns: Some(m),
            spare_for_towns: false,
            pullman: None,
            half_pay_from: None,
            halved: false,
            own_tokens_only: false,
        }
    }

    #[test]
    fn caps_take_cities_within_n_and_towns_within_n_plus_m() {
        // A 2+2 (1880) with one compulsory city: one more city, three
        // stops in all.
        let mut c = caps(&n_plus_m(2, 2, Skip::Towns, Towns::Counted, 1), 1, 0).unwrap();
        assert!(c.take(true));
        assert!(!c.take(true), "a third city is beyond N");
        assert!(c.take(false) && c.take(false));
        assert!(!c.take(false), "a fifth stop is beyond N+M");
    }

    /// Worked by hand. 1880's 2+2 (`towns: Counted`, `skip: Nothing`)
    /// counts every stop it passes, at most 2 cities and 4 stops in all:
    /// city 30, town 10, town 20, city 40 pays 30+10+20+40 = 100; three
    /// towns and a city (the third town in the N) pay 10+20+10+40 = 80;
    /// a fifth stop or a third city is a route it cannot run. 1860's 2+1
    /// (`towns: Free`) counts its 2 cities and its best town, passing the
    /// others: on the same first route 30+40+20 = 90; on town 50, city 30,
    /// city 40, town 10 it passes its end town 10: 50+30+40 = 120.
    #[test]
    fn an_n_plus_m_train_is_paid_by_hand() {
        let two_two = n_plus_m(2, 2, Skip::Nothing, Towns::Counted, 1);
        let (c30, t10, t20, c40) = (
            stop(0, 30, true, true),
            stop(1, 10, false, false),
            stop(2, 20, false, false),
            stop(3, 40, true, false),
        );
        let pay = |t: &TrainDef, v: &[Visit]| best_run(t, v, v.len(), &[]).map(|r| r.revenue);
        assert_eq!(pay(&two_two, &[c30, t10, t20, c40]), Some(100));
        let t10b = stop(4, 10, false, false);
        assert_eq!(pay(&two_two, &[t10, t20, t10b, c40]), Some(80));
        assert_eq!(pay(&two_two, &[c30, t10, t20, t10b, c40]), None);
        assert_eq!(
            pay(&two_two, &[c30, t10, stop(5, 50, true, false), c40]),
            None
        );
        let two_one = n_plus_m(2, 1, Skip::Nothing, Towns::Free, 1);
        assert_eq!(pay(&two_one, &[c30, t10, t20, c40]), Some(90));
        let t50 = stop(6, 50, false, false);
        let run = best_run(&two_one, &[t50, c30, c40, t10], 4, &[]).unwrap();
        assert_eq!(run.revenue, 120);
        assert_eq!(run.stops, [true, true, true, false]);
    }

    /// Every subset of stops, judged by the N+M rule read on its own: the
    /// ends counted (but a passable town), skips as `skip` allows, at most
    /// N cities and N+M stops (`Counted`) or N cities and M towns
    /// (`Free`), an express counting a token stop; a visit bonus paid for
    /// a counted stop in one of its hexes.
    fn brute_force(train: &TrainDef, visits: &[Visit], bonuses: &[Bonus]) -> Option<u64> {
        let (n, m) = (
            train.stops.unwrap() as usize,
            train.plus_towns.unwrap() as usize,
        );
        let free = train.towns == Towns::Free;
        let last = visits.len() - 1;
        let mut best = None;
        for set in subsets(visits.len()) {
            let counted = |i: usize| set.contains(i);
            let town = |i: usize| !visits[i].is_city;
            let passable = |i: usize| {
                (free && town(i))
                    || (i != 0
                        && i != last
                        && match train.skip {
                            Skip::Nothing => false,
                            Skip::Towns => town(i),
                            Skip::Any => true,
                        })
            };
            if !(0..visits.len()).all(|i| counted(i) || passable(i)) {
                continue;
            }
            let cities = (0..visits.len())
                .filter(|&i| counted(i) && !town(i))
                .count();
            let towns = (0..visits.len()).filter(|&i| counted(i) && town(i)).count();
            let fits = cities <= n
                && if free {
                    towns <= m
                } else {
                    cities + towns <= n + m
                };
            let token = (0..visits.len()).any(|i| counted(i) && visits[i].token);
            if !fits || (train.skip == Skip::Any && !token) {
                continue;
            }
            let worth = |city: bool| -> u64 {
                (0..visits.len())
                    .filter(|&i| counted(i) && visits[i].is_city == city)
                    .map(|i| u64::from(visits[i].revenue))
                    .sum()
            };
            let mult = u64::from(train.multiplier);
            let (cities, towns) = (worth(true), worth(false));
            let stops = if free {
                cities * mult + towns
            } else {
                (cities + towns) * mult
            };
            let bonus: u64 = bonuses
                .iter()
                .filter(|b| match &b.kind {
                    BonusKind::Visit(hs) => {
                        (0..visits.len()).any(|i| counted(i) && hs.contains(&visits[i].hex))
                    }
                    _ => false,
                })
                .map(|b| u64::from(b.amount))
                .sum();
            best = best.max(Some(stops + bonus));
        }
        best
    }

    /// The choice under caps by kind agrees with the brute force, on
    /// routes where a city and a town often share a bonus hex.
    #[test]
    fn n_plus_m_choice_equals_brute_force() {
        let mut rng = Lcg(43);
        let mut scratch = Scratch::default();
        let (mut paid, mut beyond_n) = (0, 0);
        for case in 0..3000 {
            let len = 2 + rng.below(8) as usize;
            let spread = 2 + rng.below(5) as i32;
            let visits: Vec<Visit> = (0..len)
                .map(|_| {
                    let hex = rng.below(spread as u64) as i32;
                    stop(
                        hex,
                        10 * rng.below(8) as u32,
                        rng.below(2) == 0,
                        rng.below(4) == 0,
                    )
                })
                .collect();
            let skip = [Skip::Nothing, Skip::Towns, Skip::Any][rng.below(3) as usize];
            let towns = [Towns::Counted, Towns::Free][rng.below(2) as usize];
            let train = n_plus_m(
                1 + rng.below(4) as u32,
                1 + rng.below(3) as u32,
                skip,
                towns,
                1 + rng.below(2) as u32,
            );
            let bonuses: Vec<Bonus> = (0..rng.below(3))
                .map(|b| Bonus {
                    optional: false,
                    phases: Vec::new(),
                    private: None,
                    token_holders: false,
                    others: None,
                    company: None,
                    once_per_run: false,
                    name: format!("b{b}"),
                    amount: 10 * (1 + rng.below(6) as u32),
                    multiplied: false,
                    kind: BonusKind::Visit(vec![Coord {
                        row: 0,
                        col: rng.below(spread as u64) as i32,
                    }]),
                    trains: vec![],
                })
                .collect();
            let slow = brute_force(&train, &visits, &bonuses);
            let fast = best_revenue(&train, &visits, len, &bonuses, &mut scratch);
            assert_eq!(
                u64::from(fast),
                slow.unwrap_or(0),
                "case {case}: {train:?} {visits:?} {bonuses:?}"
            );
            let run = best_run(&train, &visits, len, &bonuses);
            assert_eq!(run.as_ref().map_or(0, |r| r.revenue), fast, "case {case}");
            assert!(ceiling(&train, &visits, &bonuses) >= u64::from(fast));
            paid += usize::from(fast > 0);
            beyond_n += usize::from(run.is_some_and(|r| {
                r.stops.iter().filter(|s| **s).count() > train.stops.unwrap() as usize
            }));
        }
        assert!(
            paid > 1200 && beyond_n > 300,
            "{paid} paid, {beyond_n} beyond N"
        );
    }

    /// Each subset of hexes once, with each choice of towns among its
    /// mixed hexes once, all of them first and none last; with nothing
    /// mixed, the bare subsets.
    #[test]
    fn choices_pair_each_subset_with_each_pick_of_its_mixed_hexes() {
        let got: Vec<(u64, u64)> = choices(3, 0b101).map(|(c, p)| (c.0, p.0)).collect();
        let mut want = Vec::new();
        for chosen in 0..8u64 {
            let flexible = chosen & 0b101;
            let mut picks: Vec<u64> = (0..8).filter(|p| p & !flexible == 0).collect();
            picks.sort_unstable_by(|a, b| b.cmp(a));
            want.extend(picks.into_iter().map(|p| (chosen, p)));
        }
        assert_eq!(got, want);
        let plain: Vec<(u64, u64)> = choices(2, 0).map(|(c, p)| (c.0, p.0)).collect();
        assert_eq!(plain, vec![(0, 0), (1, 0), (2, 0), (3, 0)]);
    }
}
