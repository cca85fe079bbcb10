//! The pricing of stops checked against a brute force, and by hand.

use super::*;
use crate::game::EndTowns;
use crate::routes::Lcg;

fn hex(i: u64) -> Coord {
    Coord {
        row: 0,
        col: i as i32,
    }
}

/// A city in hex `i` worth `revenue`, holding the company's token or not.
fn city(i: u64, revenue: u32, token: bool) -> Visit {
    Visit {
        hex: hex(i),
        revenue,
        is_city: true,
        token,
        port: None,
        free: false,
    }
}

/// A train named `name` with the plain rules: it counts every stop it
/// visits, towns included, up to `stops`, and is paid for each once. Each
/// test changes only the fields it is about.
fn plain_train(name: &str, stops: Option<u32>) -> TrainDef {
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
        plus_towns: None,
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
            (Distance::Hexes, Some(k)) => hexes <= k as usize,
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
            token: rng.below(4) == 0,
            port: None,
            free: false,
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
            plus_towns: None,
            ..train
        };
        let end = if rng.below(2) == 0 {
            0
        } else {
            visits.len() - 1
        };
        visits[end] = Visit {
            is_city: true,
            token: false,
            port: Some(2 + rng.below(3) as u32),
            free: false,
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
        token,
        port,
        free: false,
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
            token: i == 0,
            port: None,
            free: false,
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
        token: i == 0,
        port: None,
        free: false,
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
    let visits = [
        Visit {
            hex: hex(0),
            revenue: 80,
            is_city: true,
            token: false,
            port: None,
            free: false,
        },
        Visit {
            hex: hex(1),
            revenue: 100,
            is_city: true,
            token: true,
            port: None,
            free: false,
        },
    ];
    let bonus = |amount, multiplied| Bonus {
        optional: false,
        phases: Vec::new(),
        private: None,
        token_holders: false,
        others: None,
        company: None,
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

/// A train paid for fewer stops than it visits (1846's 3/5), worked by
/// hand: it is paid for the best three of its five stops, one of them a
/// token stop, its ends no more compulsory than the rest; a bonus counts
/// only stops it is paid for; a sixth stop or a town is a route it cannot
/// run.
#[test]
fn a_three_five_is_paid_for_its_best_three_stops_one_a_token() {
    // The token city pays $20, the others $30, $10, $50 and $40.
    let visits = [
        city(0, 20, true),
        city(1, 30, false),
        city(2, 10, false),
        city(3, 50, false),
        city(4, 40, false),
    ];
    let three_five = TrainDef {
        skip: Skip::Any,
        pays: Some(3),
        ..plain_train("3/5", Some(5))
    };
    // The richest three (50 + 40 + 30) hold no token: 20 + 50 + 40 = 110,
    // the end at hex 0 counted, the other end (hex 4) too, hex 1 not.
    let run = best_run(&three_five, &visits, 5, &[]).unwrap();
    assert_eq!(run.revenue, 110);
    assert_eq!(run.stops, [true, false, false, true, true]);
    // An east-west bonus of $50 joining hexes 1 and 4 is worth counting
    // the $30 city instead of the $50 one: 20 + 30 + 40 + 50 = 140.
    let east_west = Bonus {
        optional: false,
        phases: Vec::new(),
        private: None,
        token_holders: false,
        others: None,
        company: None,
        name: "E-W".into(),
        amount: 50,
        multiplied: false,
        kind: BonusKind::Connection {
            from: hex(1),
            to_any: vec![hex(4)],
        },
        trains: vec![],
    };
    let run = best_run(&three_five, &visits, 5, std::slice::from_ref(&east_west)).unwrap();
    assert_eq!(run.revenue, 140);
    assert_eq!(run.stops, [true, true, false, false, true]);
    // The same bonus between hexes 2 and 3 and the token stop: 20 + 10 +
    // 50 + 50 = 130, above 110.
    let far = Bonus {
        kind: BonusKind::Connection {
            from: hex(2),
            to_any: vec![hex(3)],
        },
        ..east_west.clone()
    };
    assert_eq!(
        best_run(&three_five, &visits, 5, &[far]).unwrap().revenue,
        130
    );
    // A sixth stop is one too many; so is a town, whatever it pays.
    let mut six = visits.to_vec();
    six.push(city(5, 10, false));
    assert_eq!(best_run(&three_five, &six, 6, &[]), None);
    let mut town = visits.to_vec();
    town[2].is_city = false;
    assert_eq!(best_run(&three_five, &town, 5, &[]), None);
    // With no token stop on the route it runs nowhere.
    let untokened: Vec<Visit> = visits
        .iter()
        .map(|v| Visit { token: false, ..*v })
        .collect();
    assert_eq!(best_run(&three_five, &untokened, 5, &[]), None);
    // A 4-train must count both ends and every stop: five are too many.
    let four = plain_train("4", Some(4));
    assert_eq!(best_run(&four, &visits, 5, &[]), None);
    assert_eq!(best_run(&four, &visits[1..], 4, &[]).unwrap().revenue, 130);
}

/// Worked by hand: towns outside a train's number, paid (18CO's 3-train)
/// or unpaid (its 4D), with an end town taking one of the N
/// (`EndTowns::TakeStop`, 18CO's and 18MT's `check_distance`), and a
/// train that may end no route at a town (`EndTowns::Refused`).
#[test]
fn end_towns_take_a_stop_and_unpaid_towns_earn_nothing() {
    let town = |i: u64, revenue: u32| Visit {
        is_city: false,
        ..city(i, revenue, false)
    };
    // town 10 - city 30 (token) - town 20 - city 40 - town 10
    let long = [
        town(0, 10),
        city(1, 30, true),
        town(2, 20),
        city(3, 40, false),
        town(4, 10),
    ];
    // town 10 - city 30 (token) - town 20 - city 40
    let one_end = &long[..4];
    // city 30 (token) - town 20 - city 40
    let no_end = &long[1..4];
    let train = |stops: u32, multiplier: u32, towns: Towns, end_towns: EndTowns| TrainDef {
        multiplier,
        towns,
        end_towns,
        ..plain_train("t", Some(stops))
    };
    let price = |t: &TrainDef, v: &[Visit]| best_run(t, v, v.len(), &[]).map(|r| r.revenue);
    let free = |n: u32| train(n, 1, Towns::Free, EndTowns::TakeStop);
    // Two cities and two end towns take four of the N: a 3-train cannot
    // run it, a 4-train earns every stop, 10 + 30 + 20 + 40 + 10 = 110.
    assert_eq!(price(&free(3), &long), None);
    assert_eq!(price(&free(4), &long), Some(110));
    // One end town: 2 cities + 1 = 3 stops, too many for a 2-train; a
    // 3-train earns 10 + 30 + 20 + 40 = 100.
    assert_eq!(price(&free(2), one_end), None);
    assert_eq!(price(&free(3), one_end), Some(100));
    // No end town: the town between takes none, so a 2-train earns
    // 30 + 20 + 40 = 90.
    assert_eq!(price(&free(2), no_end), Some(90));
    // Without the end rule the same 2-train runs the long route: 110.
    let as_others = train(2, 1, Towns::Free, EndTowns::AsOthers);
    assert_eq!(price(&as_others, &long), Some(110));
    // 18CO's 4D: cities doubled, towns run through for nothing, the two
    // end towns still taking two of its four: 2 × (30 + 40) = 140; as a
    // 3D it could not run it.
    let four_d = train(4, 2, Towns::Unpaid, EndTowns::TakeStop);
    assert_eq!(price(&four_d, &long), Some(140));
    assert_eq!(
        price(&train(3, 2, Towns::Unpaid, EndTowns::TakeStop), &long),
        None
    );
    let run = best_run(&four_d, &long, 5, &[]).unwrap();
    assert!(run.stops.iter().all(|s| *s), "it runs through every town");
    // Unlike a train that may pass towns (`skip: Towns`), which on the
    // middle route counts the town if it has room: a 3-train 30 + 20 + 40
    // = 90, where the unpaid-town 3-train earns 30 + 40 = 70.
    let skipping = TrainDef {
        skip: Skip::Towns,
        ..train(3, 1, Towns::Counted, EndTowns::AsOthers)
    };
    assert_eq!(price(&skipping, no_end), Some(90));
    let unpaid = train(3, 1, Towns::Unpaid, EndTowns::AsOthers);
    assert_eq!(price(&unpaid, no_end), Some(70));
    // A train ending no route at a town: none of the routes with an end
    // town, the middle one as ever, 30 + 20 + 40 = 90.
    let refused = train(5, 1, Towns::Counted, EndTowns::Refused);
    assert_eq!(price(&refused, &long), None);
    assert_eq!(price(&refused, one_end), None);
    assert_eq!(price(&refused, no_end), Some(90));
}

/// A train's bonus per own token, worked by hand: 18DE's modern 7 (10 a
/// token) and 8 (20) on a route of four cities worth 30 (token), 20,
/// 40 (token) and 10: the stops pay 30 + 20 + 40 + 10 = 100, and the two
/// token cities 2 × 10 = 20 more on the 7 (120), 2 × 20 = 40 on the 8
/// (140); with no token among them both earn the stops' 100 alone.
#[test]
fn modern_trains_earn_per_own_token_by_hand() {
    let seven = TrainDef {
        token_bonus: Some(crate::game::TokenBonus { per_token: 10 }),
        ..plain_train("7", Some(7))
    };
    let eight = TrainDef {
        name: "8".into(),
        stops: Some(8),
        token_bonus: Some(crate::game::TokenBonus { per_token: 20 }),
        ..seven.clone()
    };
    let visits = [
        city(0, 30, true),
        city(1, 20, false),
        city(2, 40, true),
        city(3, 10, false),
    ];
    let run = best_run(&seven, &visits, 4, &[]).unwrap();
    assert_eq!(run.revenue, 120);
    assert_eq!(own_tokens::paid(&seven, &visits, &run.stops), Some((2, 20)));
    assert_eq!(best_run(&eight, &visits, 4, &[]).unwrap().revenue, 140);
    assert!(ceiling(&eight, &visits, &[]) >= 140);
    let untokened = visits.map(|v| Visit { token: false, ..v });
    assert_eq!(best_run(&seven, &untokened, 4, &[]).unwrap().revenue, 100);
    assert_eq!(best_run(&eight, &untokened, 4, &[]).unwrap().revenue, 100);
}
