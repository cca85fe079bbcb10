//! The port rule (`min_stops`, 1849's ports: a route stopping in one of
//! the hexes needs so many stops) on the random maps that carry it: the
//! search equals the brute force, and the rule changes the answer on some.

use super::{fast_equals_oracle, random_bonuses, random_case};

#[test]
fn min_stops_binds_on_random_maps_and_the_search_agrees() {
    let (mut ruled, mut binding) = (0, 0);
    for seed in 1..=600 {
        let (game, state, trains, chosen) = random_case(seed);
        if game.min_stops.is_empty() {
            continue;
        }
        let bonuses = random_bonuses(seed, &game);
        let Some((with, _)) =
            fast_equals_oracle(seed, &game, &state, &trains, &chosen, bonuses.clone())
        else {
            continue;
        };
        let mut free = game.clone();
        free.min_stops.clear();
        let Some((without, _)) = fast_equals_oracle(seed, &free, &state, &trains, &chosen, bonuses)
        else {
            continue;
        };
        ruled += 1;
        binding += usize::from(with < without);
    }
    assert!(
        ruled >= 50 && binding >= 4,
        "{ruled} maps with the rule compared, {binding} where it lowers the best"
    );
}
