//! The pricing of stops worked by hand for the train kinds whose stops
//! are not simply all paid: paid for fewer than they visit (1846's 3/5),
//! towns outside the number (18CO), a bonus per own token (18DE).

use super::tests::{city, hex, plain_train, three_five};
use super::*;
use crate::game::EndTowns;

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
    let three_five = three_five();
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
        once_per_run: false,
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
        off_board: false,
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
        token_bonus: Some(crate::game::TokenBonus {
            per_token: 10,
            between_off_boards: false,
            cap: None,
            from_phase: Vec::new(),
        }),
        ..plain_train("7", Some(7))
    };
    let eight = TrainDef {
        name: "8".into(),
        stops: Some(8),
        token_bonus: Some(crate::game::TokenBonus {
            per_token: 20,
            between_off_boards: false,
            cap: None,
            from_phase: Vec::new(),
        }),
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

/// Worked by hand: 1849's ports (`min_stops` 3 on a12, A5, L14, N8): a
/// route with a stop at a port needs two more stops; the port pays its
/// face value as any stop, so the rule only refuses short routes.
#[test]
fn a_port_refuses_a_route_of_fewer_stops_than_it_asks() {
    let six_h = TrainDef {
        distance: Distance::Edges,
        ..plain_train("6H", Some(6))
    };
    let port = |i: u64, at_least: u32| Visit {
        off_board: true,
        at_least,
        ..city(i, 20, false)
    };
    let town = Visit {
        is_city: false,
        ..city(1, 10, false)
    };
    let home = city(2, 30, true);
    // port 20 - home 30: two stops, a port asking for three: no run;
    // without the rule (at_least 0) it is 20 + 30 = 50.
    assert_eq!(best_run(&six_h, &[port(0, 3), home], 3, &[]), None);
    assert_eq!(
        best_run(&six_h, &[port(0, 0), home], 3, &[])
            .unwrap()
            .revenue,
        50
    );
    // port 20 - town 10 - home 30: three stops, 20 + 10 + 30 = 60.
    let three = [port(0, 3), town, home];
    assert_eq!(best_run(&six_h, &three, 4, &[]).unwrap().revenue, 60);
    assert_eq!(
        best_revenue(&six_h, &three, 4, &[], &mut Scratch::default()),
        60
    );
    // Asking for four, the same three stops are no run.
    assert_eq!(best_run(&six_h, &[port(0, 4), town, home], 4, &[]), None);
    // A route with no port is not touched: town 10 - home 30 = 40.
    assert_eq!(best_run(&six_h, &[town, home], 2, &[]).unwrap().revenue, 40);
}
