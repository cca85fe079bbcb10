//! The oracle with bonuses between two sets of hexes (`Between`: 1847AE's
//! coal and local bonuses) on random maps: the oracle pays one when a
//! route stops at a hex of each set, once however many it counts
//! (`pay.rs`, read from the bonus's hexes, not from the search's pricing),
//! and the search must find the same best total.

use super::*;

/// A bonus between two random sets of one to three hexes each, sometimes
/// for one train type only (1847AE's coal bonus, which its 6E does not
/// earn).
pub(super) fn random_between(hexes: &[Coord], trains: &[String], rng: &mut Rng) -> Bonus {
    let set = |rng: &mut Rng| -> Vec<Coord> {
        (0..1 + rng.below(3))
            .map(|_| hexes[rng.below(hexes.len())])
            .collect()
    };
    let one_of = set(rng);
    let and_one_of = set(rng);
    let only = if !trains.is_empty() && rng.chance(30) {
        vec![trains[rng.below(trains.len())].as_str().into()]
    } else {
        vec![]
    };
    Bonus {
        trains: only,
        ..super::bonuses::bonus(
            "between",
            10 * (1 + rng.below(7)) as u32,
            rng.chance(30),
            BonusKind::Between { one_of, and_one_of },
        )
    }
}

/// The search equals the brute force with one or two bonuses between two
/// sets of hexes; on enough maps the bonus changes the best total.
#[test]
fn between_bonus_equals_brute_force_on_random_maps() {
    let (mut tried, mut earned) = (0, 0);
    for seed in 1..=250 {
        let (game, state, trains, chosen) = random_case(seed);
        let mut rng = Rng(seed.wrapping_mul(0x51_7CC1_B727_220A) | 1);
        let hexes: Vec<Coord> = game.hexes.keys().copied().collect();
        let mut bonuses = vec![random_between(&hexes, &chosen, &mut rng)];
        if rng.chance(40) {
            bonuses.push(random_between(&hexes, &chosen, &mut rng));
        }
        let Some((plain, _)) = fast_equals_oracle(seed, &game, &state, &trains, &chosen, vec![])
        else {
            continue;
        };
        let Some((with, _)) = fast_equals_oracle(seed, &game, &state, &trains, &chosen, bonuses)
        else {
            continue;
        };
        assert!(with >= plain, "seed {seed}: a bonus lowered the best total");
        tried += 1;
        earned += usize::from(with > plain);
    }
    assert!(
        tried > 60 && earned > 10,
        "{tried} maps tried, {earned} where the bonus paid"
    );
}
