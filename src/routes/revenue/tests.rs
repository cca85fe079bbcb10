//! The pricing of stops checked against a brute force, and by hand.

use super::*;
use crate::game::EndTowns;
use crate::routes::Lcg;

pub(super) fn hex(i: u64) -> Coord {
    Coord {
        row: 0,
        col: i as i32,
    }
}

/// A city in hex `i` worth `revenue`, holding the company's token or not.
pub(super) fn city(i: u64, revenue: u32, token: bool) -> Visit {
    Visit {
        hex: hex(i),
        revenue,
        is_city: true,
        off_board: false,
        token,
        port: None,
        at_least: 0,
        free: false,
        toll: 0,
    }
}

/// A train named `name` with the plain rules: it counts every stop it
/// visits, towns included, up to `stops`, and is paid for each once. Each
/// test changes only the fields it is about.
pub(super) fn plain_train(name: &str, stops: Option<u32>) -> TrainDef {
    TrainDef {
        name: name.into(),
        stops,
        skip: Skip::Nothing,
        multiplier: 1,
        distance: Distance::Stops,
        towns: Towns::Counted,
        end_towns: EndTowns::AsOthers,
        pays: None,
        token_bonus: None,
        stacks: false,
        track_pool: None,
        runs: Default::default(),
        edge_cost: None,
        plus_towns: None,
        spare_for_towns: false,
        pullman: None,
        half_pay_from: None,
        halved: false,
        own_tokens_only: false,
    }
}

/// A train paid for its best 3 of up to 5 cities, one holding the
/// company's token (1846's and 18 Los Angeles's 3/5).
pub(super) fn three_five() -> TrainDef {
    TrainDef {
        skip: Skip::Any,
        pays: Some(3),
        ..plain_train("3/5", Some(5))
    }
}

/// Every subset of stops, checked against the rules one by one: slow,
/// and shares nothing with `choose` but the types and [`subsets`].
fn brute_force(train: &TrainDef, visits: &[Visit], hexes: usize, bonuses: &[Bonus]) -> Option<u64> {
    let n = visits.len();
    // A train paid for N of the M stops it visits: at most M, no town.
    if train.pays.is_some()
        && (visits.iter().any(|v| !v.is_city) || train.stops.is_some_and(|m| n > m as usize))
    {
        return None;
    }
    // A route may not end at a town (`EndTowns::Refused`).
    if train.end_towns == EndTowns::Refused && !(visits[0].is_city && visits[n - 1].is_city) {
        return None;
    }
    let mut best = None;
    for stops in subsets(n) {
        let counted = |i: usize| stops.contains(i);
        let ends = train.pays.is_some() || counted(0) && counted(n - 1);
        // A free town is paid whenever it is passed, and is outside N; an
        // unpaid one is passed for nothing, outside N too.
        let free_town = |i: usize| train.towns != Towns::Counted && !visits[i].is_city;
        let paid = |i: usize| train.towns != Towns::Unpaid || visits[i].is_city;
        // An end town may take one of N all the same (`EndTowns::TakeStop`).
        let end_town = |i: usize| {
            train.end_towns == EndTowns::TakeStop && free_town(i) && (i == 0 || i == n - 1)
        };
        let skips_ok = (0..n).all(|i| {
            counted(i)
                || !free_town(i)
                    && match train.skip {
                        Skip::Nothing => false,
                        Skip::Towns => !visits[i].is_city,
                        Skip::Any => true,
                    }
        });
        let count = (0..n)
            .filter(|&i| counted(i) && (!free_town(i) || end_town(i)))
            .count();
        let reach = match (train.distance, train.pays.or(train.stops)) {
            (_, None) => true,
            (Distance::Stops, Some(k)) => count <= k as usize,
            (Distance::Hexes | Distance::Edges, Some(k)) => hexes <= k as usize,
        };
        let token = (0..n).any(|i| counted(i) && visits[i].token);
        let token_ok = (train.skip != Skip::Any && train.pays.is_none()) || token;
        if !(ends && skips_ok && reach && token_ok) {
            continue;
        }
        let stopped: Vec<Coord> = (0..n)
            .filter(|&i| counted(i))
            .map(|i| visits[i].hex)
            .collect();
        // A counted port asks for enough counted stops and pays once per
        // counted token city.
        let port = (0..n).find(|&i| counted(i) && visits[i].port.is_some());
        if port.is_some_and(|p| stopped.len() < visits[p].port.unwrap() as usize) {
            continue;
        }
        let tokens = (0..n)
            .filter(|&i| counted(i) && visits[i].is_city && visits[i].token)
            .count() as u64;
        // The multiplier doubles what is not a free town.
        let value: u64 = (0..n)
            .filter(|&i| counted(i) && !free_town(i))
            .map(|i| u64::from(visits[i].revenue) * if port == Some(i) { tokens } else { 1 })
            .sum();
        let towns: u64 = (0..n)
            .filter(|&i| counted(i) && free_town(i) && paid(i))
            .map(|i| u64::from(visits[i].revenue))
            .sum();
        let bonus: u64 = bonuses
            .iter()
            .filter(|b| b.trains.is_empty() || b.trains.contains(&train.name))
            .filter(|b| match &b.kind {
                BonusKind::Visit(hs) => hs.iter().any(|h| stopped.contains(h)),
                BonusKind::Connection { from, to_any } => {
                    stopped.contains(from) && to_any.iter().any(|h| stopped.contains(h))
                }
                BonusKind::Between { one_of, and_one_of } => {
                    one_of.iter().any(|h| stopped.contains(h))
                        && and_one_of.iter().any(|h| stopped.contains(h))
                }
                // Given to this train's route: once a stop it visits.
                BonusKind::LongestRoute => true,
            })
            .map(|b| {
                let per = if b.kind == BonusKind::LongestRoute {
                    n as u64
                } else {
                    1
                };
                per * u64::from(b.amount)
                    * if b.multiplied {
                        u64::from(train.multiplier)
                    } else {
                        1
                    }
            })
            .sum();
        let total = value * u64::from(train.multiplier) + towns + bonus;
        best = best.max(Some(total));
    }
    best
}

/// Prices one case three ways (the fast choice, the run it makes, and the
/// brute force), asserts they agree, and returns them.
fn agree(
    case: usize,
    train: &TrainDef,
    visits: &[Visit],
    hexes: usize,
    bonuses: &[Bonus],
    scratch: &mut Scratch,
) -> (u32, Option<u64>, Option<Run>) {
    let slow = brute_force(train, visits, hexes, bonuses);
    let fast = best_revenue(train, visits, hexes, bonuses, scratch);
    assert_eq!(
        u64::from(fast),
        slow.unwrap_or(0),
        "case {case}: {train:?} {visits:?} {bonuses:?}"
    );
    assert!(
        ceiling(train, visits, bonuses) >= u64::from(fast),
        "case {case}: the ceiling is below the best"
    );
    let run = best_run(train, visits, hexes, bonuses);
    assert_eq!(
        run.as_ref().map_or(0, |r| u64::from(r.revenue)),
        slow.unwrap_or(0)
    );
    (fast, slow, run)
}

fn random_case(rng: &mut Lcg, max_stops: u64) -> (TrainDef, Vec<Visit>, usize, Vec<Bonus>) {
    let skips = [Skip::Nothing, Skip::Towns, Skip::Any];
    let n = 2 + rng.below(max_stops - 1) as usize;
    // Few hexes for many stops: several stops may share one (1830's OO).
    let spread = 2 + rng.below(10);
    let visits: Vec<Visit> = (0..n)
        .map(|_| Visit {
            hex: hex(rng.below(spread)),
            revenue: 10 * rng.below(10) as u32,
            is_city: rng.below(3) > 0,
            off_board: false,
            token: rng.below(4) == 0,
            port: None,
            at_least: 0,
            free: false,
            toll: 0,
        })
        .collect();
    let train = TrainDef {
        stops: (rng.below(5) > 0).then(|| 2 + rng.below(6) as u32),
        skip: skips[rng.below(3) as usize],
        multiplier: 1 + rng.below(2) as u32,
        distance: if rng.below(6) == 0 {
            Distance::Hexes
        } else {
            Distance::Stops
        },
        towns: [Towns::Free, Towns::Unpaid, Towns::Counted, Towns::Counted][rng.below(4) as usize],
        ..plain_train("t", None)
    };
    // Some trains whose towns are outside N count an end town all the same,
    // and some trains end no route at a town.
    let end_towns = match rng.below(8) {
        0 | 1 if train.towns != Towns::Counted => EndTowns::TakeStop,
        2 => EndTowns::Refused,
        _ => EndTowns::AsOthers,
    };
    let train = TrainDef { end_towns, ..train };
    // One train in six is paid for fewer stops than it visits (1846's 3/5).
    let train = match train.stops {
        Some(m) if rng.below(6) == 0 => TrainDef {
            skip: Skip::Any,
            distance: Distance::Stops,
            towns: Towns::Counted,
            end_towns: EndTowns::AsOthers,
            pays: Some(1 + rng.below(u64::from(m)) as u32),
            ..train
        },
        _ => train,
    };
    let bonuses: Vec<Bonus> = (0..rng.below(4))
        .map(|b| Bonus {
            optional: false,
            phases: Vec::new(),
            private: None,
            token_holders: false,
            others: None,
            company: None,
            once_per_run: false,
            name: format!("b{b}"),
            amount: 10 * (1 + rng.below(8) as u32),
            multiplied: rng.below(2) == 0,
            kind: if rng.below(2) == 0 {
                BonusKind::Visit(vec![hex(rng.below(spread)), hex(rng.below(spread))])
            } else {
                BonusKind::Connection {
                    from: hex(rng.below(spread)),
                    to_any: vec![hex(rng.below(spread)), hex(rng.below(spread))],
                }
            },
            trains: if rng.below(4) == 0 {
                vec!["other".into()]
            } else {
                vec![]
            },
        })
        .collect();
    let hexes = n + rng.below(4) as usize;
    (train, visits, hexes, bonuses)
}

/// The exact choice agrees with trying every subset of stops, on every
/// kind of train, with bonuses, shared hexes and the express token rule.
#[test]
fn choice_equals_brute_force() {
    let mut rng = Lcg(7);
    let mut scratch = Scratch::default();
    let (mut paid, mut with_bonus, mut express_token, mut free_towns) = (0, 0, 0, 0);
    for case in 0..4000 {
        let (train, visits, hexes, bonuses) = random_case(&mut rng, 11);
        let (fast, _, run) = agree(case, &train, &visits, hexes, &bonuses, &mut scratch);
        paid += usize::from(fast > 0);
        with_bonus += usize::from(run.as_ref().is_some_and(|r| !r.bonuses.is_empty()));
        express_token += usize::from(
            train.skip == Skip::Any
                && run.is_some()
                && !visits[0].token
                && !visits[visits.len() - 1].token,
        );
        // Free towns let a train count more stops than its number.
        free_towns += usize::from(run.as_ref().is_some_and(|r| {
            train.distance == Distance::Stops
                && train
                    .stops
                    .is_some_and(|n| r.stops.iter().filter(|s| **s).count() > n as usize)
        }));
    }
    // The cases must exercise every path, not only routes no train runs.
    assert!(
        paid > 2000 && with_bonus > 400 && express_token > 100 && free_towns > 100,
        "{paid} paid, {with_bonus} with a bonus, {express_token} express token swaps, \
         {free_towns} runs counting more stops than N"
    );
}

/// A port at one end of the route (1836Jr30's Harwich, Dover, Paris) pays
/// once per counted token city and asks for enough counted stops: the
/// exact choice agrees with trying every subset of stops.
#[test]
fn port_choice_equals_brute_force() {
    let mut rng = Lcg(13);
    let mut scratch = Scratch::default();
    let (mut paid, mut refused) = (0, 0);
    for case in 0..3000 {
        let (train, mut visits, hexes, bonuses) = random_case(&mut rng, 10);
        // A game file with ports has no train paid for fewer stops than it visits.
        let train = TrainDef {
            pays: None,
            token_bonus: None,
            stacks: false,
            track_pool: None,
            runs: Default::default(),
            edge_cost: None,
            plus_towns: None,
            spare_for_towns: false,
            pullman: None,
            half_pay_from: None,
            halved: false,
            own_tokens_only: false,
            ..train
        };
        let end = if rng.below(2) == 0 {
            0
        } else {
            visits.len() - 1
        };
        visits[end] = Visit {
            is_city: true,
            off_board: false,
            token: false,
            port: Some(2 + rng.below(3) as u32),
            at_least: 0,
            ..visits[end]
        };
        let (fast, slow, _) = agree(case, &train, &visits, hexes, &bonuses, &mut scratch);
        paid += usize::from(fast > 0);
        refused += usize::from(slow.is_none() && visits.len() < 4);
    }
    assert!(
        paid > 1000 && refused > 50,
        "{paid} paid, {refused} too short"
    );
}

/// A port pays its value for each counted city holding the company's
/// token: Paris ($30) at the end of a 4-train run through two token
/// cities ($40, $30) and one other ($20) earns 40 + 30 + 20 + 2 × 30;
/// with one stop of its three a 2-train cannot run to it.
#[test]
fn a_port_pays_once_per_token_city() {
    let stop = |i: u64, revenue: u32, token: bool, port: Option<u32>| Visit {
        hex: hex(i),
        revenue,
        is_city: true,
        off_board: false,
        token,
        port,
        at_least: 0,
        free: false,
        toll: 0,
    };
    let visits = [
        stop(0, 40, true, None),
        stop(1, 20, false, None),
        stop(2, 30, true, None),
        stop(3, 30, false, Some(3)),
    ];
    let four = plain_train("4", Some(4));
    assert_eq!(best_run(&four, &visits, 4, &[]).unwrap().revenue, 150);
    let two = plain_train("2", Some(2));
    assert_eq!(best_run(&two, &visits[2..], 2, &[]), None);
    // Through no token city at all, the port pays nothing.
    let untokened: Vec<Visit> = visits
        .iter()
        .map(|v| Visit { token: false, ..*v })
        .collect();
    assert_eq!(best_run(&four, &untokened, 4, &[]).unwrap().revenue, 90);
}

/// The reported stops earn what the reported revenue says.
#[test]
fn reported_stops_price_to_the_revenue() {
    let mut rng = Lcg(11);
    for _ in 0..2000 {
        let (train, visits, hexes, bonuses) = random_case(&mut rng, 9);
        let Some(run) = best_run(&train, &visits, hexes, &bonuses) else {
            continue;
        };
        let paid = |multiplied: bool| -> u32 {
            visits
                .iter()
                .zip(&run.stops)
                .filter(|(v, s)| **s && super::multiplied(&train, v) == multiplied)
                .map(|(v, _)| {
                    if unpaid_town(&train, v.is_city) {
                        0
                    } else {
                        v.revenue
                    }
                })
                .sum()
        };
        let (value, towns) = (paid(true), paid(false));
        let bonus: u32 = run
            .bonuses
            .iter()
            .map(|&b| {
                bonuses[b].amount
                    * if bonuses[b].multiplied {
                        train.multiplier
                    } else {
                        1
                    }
            })
            .sum();
        assert_eq!(value * train.multiplier + towns + bonus, run.revenue);
        if train.skip == Skip::Any {
            assert!(visits.iter().zip(&run.stops).any(|(v, s)| *s && v.token));
        }
    }
}

/// No limit on the number of optional stops bonuses name: 20 of them
/// (the old pricer stopped at 16) on one express route, each hex its own
/// +$10 bonus, so the best run counts the ten poorest-but-bonus stops.
#[test]
fn twenty_bonus_stops_are_all_considered() {
    let visits: Vec<Visit> = (0..22)
        .map(|i| Visit {
            hex: hex(i),
            revenue: if i == 0 || i == 21 { 50 } else { 10 },
            is_city: true,
            off_board: false,
            token: i == 0,
            port: None,
            at_least: 0,
            free: false,
            toll: 0,
        })
        .collect();
    let bonuses: Vec<Bonus> = (1..21)
        .map(|i| Bonus {
            optional: false,
            phases: Vec::new(),
            private: None,
            token_holders: false,
            others: None,
            company: None,
            once_per_run: false,
            name: format!("b{i}"),
            amount: 10 + i as u32,
            multiplied: false,
            kind: BonusKind::Visit(vec![hex(i)]),
            trains: vec![],
        })
        .collect();
    let express = TrainDef {
        skip: Skip::Any,
        ..plain_train("12E", Some(12))
    };
    let run = best_run(&express, &visits, 22, &bonuses).unwrap();
    // Ends 50 + 50; ten more stops at $10 each; the ten richest bonuses
    // are those of hexes 11-20: (21 + 30) * 10 / 2 = 255.
    assert_eq!(run.revenue, 100 + 100 + 255);
    assert_eq!(run.bonuses, (10..20).collect::<Vec<_>>());
}

/// An express must count a stop that holds the company's token, even a
/// poor one it would rather pass (1867 and 1861's 5+5E).
#[test]
fn express_counts_its_token_stop() {
    // Ends $50 and $50; the token city pays $10; five more pay $50.
    let visits = [
        city(0, 50, false),
        city(1, 10, true),
        city(2, 50, false),
        city(3, 50, false),
        city(4, 50, false),
        city(5, 50, false),
        city(6, 50, false),
    ];
    let express = TrainDef {
        skip: Skip::Any,
        multiplier: 2,
        ..plain_train("5+5E", Some(5))
    };
    // Ends 100, the token city 10, two more 50s: 210 x 2 = $420 (without
    // the rule it would be the five $50s: 250 x 2 = $500).
    let run = best_run(&express, &visits, 7, &[]).unwrap();
    assert_eq!(run.revenue, 420);
    assert!(run.stops[1], "the token city counts");
    // With no token stop on the route, an express cannot run it.
    let untokened: Vec<Visit> = visits
        .iter()
        .map(|v| Visit { token: false, ..*v })
        .collect();
    assert_eq!(best_run(&express, &untokened, 7, &[]), None);
}

/// A train whose towns are free (18GA's) counts every town it passes, and
/// only cities toward its number: a 4-train through four cities and three
/// towns earns all seven.
#[test]
fn free_towns_are_always_paid_and_outside_the_number() {
    let stop = |i: u64, revenue: u32, is_city: bool| Visit {
        hex: hex(i),
        revenue,
        is_city,
        off_board: false,
        token: i == 0,
        port: None,
        at_least: 0,
        free: false,
        toll: 0,
    };
    // City $30, towns $10 and $20, city $40, town $10, cities $50 and $20.
    let visits = [
        stop(0, 30, true),
        stop(1, 10, false),
        stop(2, 20, false),
        stop(3, 40, true),
        stop(4, 10, false),
        stop(5, 50, true),
        stop(6, 20, true),
    ];
    let train = |stops: u32, skip: Skip, towns: Towns| TrainDef {
        skip,
        towns,
        ..plain_train("4", Some(stops))
    };
    // 30 + 10 + 20 + 40 + 10 + 50 + 20 = 180, every stop counted.
    let run = best_run(&train(4, Skip::Nothing, Towns::Free), &visits, 7, &[]).unwrap();
    assert_eq!(run.revenue, 180);
    assert!(run.stops.iter().all(|s| *s));
    // Free towns are paid even by a train that may pass them.
    let towns_passable = best_run(&train(4, Skip::Towns, Towns::Free), &visits, 7, &[]);
    assert_eq!(towns_passable.map(|r| r.revenue), Some(180));
    // Four cities are too many for a 3-train, whatever its towns.
    assert_eq!(
        best_run(&train(3, Skip::Nothing, Towns::Free), &visits, 7, &[]),
        None
    );
    // Counted towns: seven stops are too many for a 4-train, and a train
    // that passes towns earns only its four cities, 30 + 40 + 50 + 20 = 140.
    assert_eq!(
        best_run(&train(4, Skip::Nothing, Towns::Counted), &visits, 7, &[]),
        None
    );
    let passing = best_run(&train(4, Skip::Towns, Towns::Counted), &visits, 7, &[]);
    assert_eq!(passing.map(|r| r.revenue), Some(140));
    // A multiplier (18AL's 4D) doubles the cities, 2 × 140, and pays the
    // free towns 10 + 20 + 10 at face value: 320.
    let double = TrainDef {
        multiplier: 2,
        ..train(4, Skip::Nothing, Towns::Free)
    };
    assert_eq!(
        best_run(&double, &visits, 7, &[]).map(|r| r.revenue),
        Some(320)
    );
}

/// A multiplier doubles a multiplied bonus and leaves the others alone.
#[test]
fn multiplier_doubles_only_multiplied_bonuses() {
    let visits = [city(0, 80, false), city(1, 100, true)];
    let bonus = |amount, multiplied| Bonus {
        optional: false,
        phases: Vec::new(),
        private: None,
        token_holders: false,
        others: None,
        company: None,
        once_per_run: false,
        name: "b".into(),
        amount,
        multiplied,
        kind: BonusKind::Connection {
            from: hex(0),
            to_any: vec![hex(1)],
        },
        trains: vec![],
    };
    let two_plus_two = TrainDef {
        skip: Skip::Towns,
        multiplier: 2,
        ..plain_train("2+2", Some(2))
    };
    // (80 + 100) * 2 = 360, plus 40 * 2 = 80, plus 10 once.
    let run = best_run(
        &two_plus_two,
        &visits,
        2,
        &[bonus(40, true), bonus(10, false)],
    )
    .unwrap();
    assert_eq!(run.revenue, 360 + 80 + 10);
}

/// Each subset once, and each item in exactly half of them.
#[test]
fn subsets_are_each_set_of_items_once() {
    let all: Vec<Subset> = subsets(4).collect();
    assert_eq!(all.len(), 16);
    let mut seen: Vec<Vec<usize>> = all
        .iter()
        .map(|s| (0..4).filter(|&i| s.contains(i)).collect())
        .collect();
    assert!(
        all.iter()
            .zip(&seen)
            .all(|(s, items)| s.len() == items.len())
    );
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 16);
    assert!((0..4).all(|i| all.iter().filter(|s| s.contains(i)).count() == 8));
    assert!(!all[15].contains(4) && !all[15].contains(64));
    assert_eq!(subsets(0).count(), 1);
}

#[test]
#[should_panic(expected = "too many subsets")]
fn subsets_refuse_more_items_than_a_u64_counts() {
    let _ = subsets(Subset::MAX_ITEMS + 1);
}
