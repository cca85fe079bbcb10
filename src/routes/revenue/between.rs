//! A bonus between two sets of hexes (`BonusKind::Between`: 1847AE's coal
//! bonus, a coal mine to a Z city, and its local bonus), worked by hand:
//! paid once a route however many hexes of either set it counts, only for
//! stops the train is paid for, and to the trains it names only.

use super::tests::{city, hex, plain_train, three_five};
use super::*;

fn between(one_of: &[u64], and_one_of: &[u64], amount: u32) -> Bonus {
    Bonus {
        optional: false,
        phases: Vec::new(),
        private: None,
        token_holders: false,
        others: None,
        company: None,
        once_per_run: false,
        name: "coal".into(),
        amount,
        multiplied: false,
        kind: BonusKind::Between {
            one_of: one_of.iter().map(|&i| hex(i)).collect(),
            and_one_of: and_one_of.iter().map(|&i| hex(i)).collect(),
        },
        trains: vec![],
    }
}

#[test]
fn a_bonus_between_two_sets_is_paid_once_a_route() {
    // token city 20 (hex 0) - 30 (hex 1) - 10 (hex 2) - 40 (hex 3): a 4
    // counts all four, 20 + 30 + 10 + 40 = 100.
    let visits = [
        city(0, 20, true),
        city(1, 30, false),
        city(2, 10, false),
        city(3, 40, false),
    ];
    let four = plain_train("4", Some(4));
    assert_eq!(best_run(&four, &visits, 4, &[]).unwrap().revenue, 100);
    // Hexes 0 and 1 are both in the first set, hex 3 in the second: $70
    // once, 100 + 70 = 170 (two connection bonuses, 0-3 and 1-3, would pay
    // it twice: 240).
    let coal = between(&[0, 1], &[3], 70);
    assert_eq!(
        best_run(&four, &visits, 4, std::slice::from_ref(&coal))
            .unwrap()
            .revenue,
        170
    );
    // No stop of the second set: nothing.
    let elsewhere = between(&[0, 1], &[9], 70);
    assert_eq!(
        best_run(&four, &visits, 4, &[elsewhere]).unwrap().revenue,
        100
    );
    // A train the bonus does not name earns none of it (1847AE's 6E).
    let named = Bonus {
        trains: vec!["3".into()],
        ..coal.clone()
    };
    assert_eq!(best_run(&four, &visits, 4, &[named]).unwrap().revenue, 100);
}

#[test]
fn a_train_paid_for_fewer_stops_counts_the_bonus_stops_when_it_pays() {
    // token 20 (hex 0), then 30, 50, 40, 60 (hexes 1-4); a 3/5 is paid
    // for three of them, one the token: 20 + 60 + 50 = 130.
    let visits = [
        city(0, 20, true),
        city(1, 30, false),
        city(2, 50, false),
        city(3, 40, false),
        city(4, 60, false),
    ];
    let three_five = three_five();
    assert_eq!(best_run(&three_five, &visits, 5, &[]).unwrap().revenue, 130);
    // $70 between hex 1 or 2 and hex 3: 20 + 50 + 40 + 70 = 180 (hex 1
    // instead of hex 2 gives 160; no bonus 130).
    let bonus = between(&[1, 2], &[3], 70);
    let run = best_run(&three_five, &visits, 5, &[bonus]).unwrap();
    assert_eq!(run.revenue, 180);
    assert_eq!(run.stops, [true, false, true, true, false]);
}
