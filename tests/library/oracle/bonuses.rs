//! The oracle's bonuses on random maps: visits, connections, one for a
//! train type only, and a bonus on the longest route of a set (1846's Mail
//! Contract: so much for each stop the route visiting the most visits),
//! which the oracle pays on every assignment it tries and the search by
//! giving it to one train type at a time.

use super::*;
use hexroute::game::CompanyBonus;

/// A bonus for every train and company, in every phase, paid once a
/// route: the random bonuses change what they need from it. The arguments
/// come in the order their values are drawn.
pub(super) fn bonus(name: &str, amount: u32, multiplied: bool, kind: BonusKind<Coord>) -> Bonus {
    Bonus {
        optional: false,
        phases: Vec::new(),
        private: None,
        token_holders: false,
        others: None,
        company: None,
        once_per_run: false,
        name: name.into(),
        amount,
        multiplied,
        kind,
        trains: vec![],
    }
}

/// A bonus of `per_stop` for each stop of the set's longest route.
pub(super) fn longest_route(per_stop: u32) -> Bonus {
    bonus("longest", per_stop, false, BonusKind::LongestRoute)
}

/// What the bonuses pay a stop of the longest route.
pub(super) fn longest_per_stop(bonuses: &[Bonus]) -> u32 {
    bonuses
        .iter()
        .filter(|b| b.kind == BonusKind::LongestRoute)
        .map(|b| b.amount)
        .sum()
}

pub(super) fn random_bonuses(seed: u64, game: &Game) -> Vec<Bonus> {
    let mut rng = Rng(seed ^ 0xDEAD_BEEF_u64 | 1);
    let hexes: Vec<Coord> = game.hexes.keys().copied().collect();
    let mut out = Vec::new();
    if rng.chance(50) {
        out.push(bonus(
            "visit",
            10 * (1 + rng.below(5)) as u32,
            rng.chance(50),
            BonusKind::Visit(vec![hexes[rng.below(hexes.len())]]),
        ));
    }
    if rng.chance(50) {
        let from = hexes[rng.below(hexes.len())];
        let to_any = (0..1 + rng.below(2))
            .map(|_| hexes[rng.below(hexes.len())])
            .collect();
        out.push(bonus(
            "connect",
            20 * (1 + rng.below(4)) as u32,
            rng.chance(50),
            BonusKind::Connection { from, to_any },
        ));
    }
    if rng.chance(25) {
        out.push(Bonus {
            trains: vec!["D".into()],
            ..bonus(
                "D only",
                40,
                false,
                BonusKind::Visit(vec![hexes[rng.below(hexes.len())]]),
            )
        });
    }
    if rng.chance(25) {
        out.push(longest_route(10 * (1 + rng.below(3)) as u32));
    }
    if rng.chance(40) {
        out.push(stop_value(&hexes, &mut rng));
    }
    if rng.chance(25) {
        out.push(super::between::random_between(&hexes, &[], &mut rng));
    }
    // Sometimes a destination paying its value, once a run or to every
    // route (1822's), from a generator of its own so the cases before stay.
    let mut dest = Rng(seed ^ 0x0018_2200_u64 | 1);
    if dest.chance(40) {
        let from = hexes[dest.below(hexes.len())];
        let to = hexes[dest.below(hexes.len())];
        out.push(Bonus {
            company: Some(CompanyBonus {
                company: "A".into(),
                pays: BonusPays::StopValue,
                at_route_end: false,
                until_destination: false,
                from_destination: false,
            }),
            once_per_run: dest.chance(70),
            ..bonus(
                "destination",
                0,
                dest.chance(50),
                BonusKind::Connection {
                    from,
                    to_any: vec![to],
                },
            )
        });
    }
    out
}

/// A company's bonus paying its hexes' stops once more (18JP-T's hex
/// bonus), or only at a route's end (1870's destination).
fn stop_value(hexes: &[Coord], rng: &mut Rng) -> Bonus {
    let at_route_end = rng.chance(50);
    Bonus {
        company: Some(CompanyBonus {
            company: "A".into(),
            pays: BonusPays::StopValue,
            at_route_end,
            until_destination: at_route_end,
            from_destination: false,
        }),
        ..bonus(
            "own value",
            0,
            false,
            BonusKind::Visit(
                (0..1 + rng.below(2))
                    .map(|_| hexes[rng.below(hexes.len())])
                    .collect(),
            ),
        )
    }
}

/// The search with a bonus on the longest route, on random maps with two
/// or more trains (so the bonus has routes to choose between), equals the
/// brute force that pays it on every assignment.
#[test]
fn longest_route_bonus_equals_brute_force_on_random_maps() {
    let (mut tried, mut earned) = (0, 0);
    for seed in 1..=250 {
        let (game, state, trains, chosen) = random_case(seed);
        if chosen.len() < 2 {
            continue;
        }
        let mut bonuses = random_bonuses(seed, &game);
        bonuses.retain(|b| b.kind != BonusKind::LongestRoute);
        bonuses.push(longest_route(10));
        let Some((_, fast)) = fast_equals_oracle(seed, &game, &state, &trains, &chosen, bonuses)
        else {
            continue;
        };
        // Every train's name is one it was given.
        for r in &fast.routes {
            assert!(
                chosen.iter().any(|n| n.as_str() == r.train.as_str()),
                "seed {seed}: {}",
                r.train
            );
        }
        tried += 1;
        earned += usize::from(fast.routes.len() > 1);
    }
    assert!(
        tried > 40 && earned > 20,
        "{tried} maps tried, {earned} with two routes"
    );
}
