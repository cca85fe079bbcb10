//! The oracle's reading of 1860's route rules, each a plain look at what
//! the oracle found: a route entering each hex once
//! (`rules.enter_hex_once`), and a run's routes holding together
//! (`rules.run_through_home`, `rules.routes_meet`).

use hexroute::geometry::Coord;
use std::collections::BTreeSet;

/// The game's `rules.enter_hex_once`: no hex appears twice in a route's
/// path, which lists a hex again only when the route leaves it and comes
/// back (a move between two stops inside a hex adds none).
pub(super) fn enters_each_hex_once(path: &[Coord]) -> bool {
    let distinct: BTreeSet<&Coord> = path.iter().collect();
    distinct.len() == path.len()
}

impl super::Oracle<'_> {
    /// The game's rules on a whole run (g_1860 `check_route_combination`),
    /// read from each route's stops, passed or counted: one route holds
    /// the city with the company's token in its home hex
    /// (`rules.run_through_home`), and every route is joined to the others
    /// by routes sharing a stop (`rules.routes_meet`). No route, no rule.
    pub(super) fn run_holds_together<'r>(
        &self,
        routes: impl Iterator<Item = &'r super::OracleRoute>,
    ) -> bool {
        let routes: Vec<&super::OracleRoute> = routes.collect();
        if routes.is_empty() {
            return true;
        }
        let rules = &self.game.rules;
        let home = self.game.homes.get(self.company);
        let at_home = |r: &&super::OracleRoute| {
            r.stops
                .iter()
                .any(|&(c, e)| Some(&c) == home && self.has_own_token(c, e))
        };
        if rules.run_through_home && !routes.iter().any(at_home) {
            return false;
        }
        if !rules.routes_meet {
            return true;
        }
        // Grow the set joined to the first route until it stops growing.
        let meet = |a: &super::OracleRoute, b: &super::OracleRoute| {
            a.stops.iter().any(|s| b.stops.contains(s))
        };
        let mut joined = vec![false; routes.len()];
        joined[0] = true;
        loop {
            let next = (0..routes.len()).find(|&i| {
                !joined[i] && (0..routes.len()).any(|j| joined[j] && meet(routes[i], routes[j]))
            });
            match next {
                Some(i) => joined[i] = true,
                None => return joined.iter().all(|&j| j),
            }
        }
    }
}

impl super::Oracle<'_> {
    /// True when the route begins or ends at a halt (a tile's town with
    /// `halt`, 1860's £ stops), which no route may.
    pub(super) fn ends_at_halt(&self, r: &super::OracleRoute) -> bool {
        let halt = |&(c, e): &(Coord, hexroute::tile::End)| match e {
            hexroute::tile::End::Town(i) => {
                let (tile, _) = self.state.tile_at(self.game, c).unwrap();
                tile.towns[i].halt
            }
            _ => false,
        };
        r.stops.first().is_some_and(halt) || r.stops.last().is_some_and(halt)
    }
}

/// The fast search against the oracle on random maps with 1860's route
/// rules (`random::with_1860s_rules`): the same total, every route legal
/// and the run held together by the oracle's own reading.
#[test]
fn fast_search_equals_brute_force_with_1860s_rules() {
    let (mut checked, mut paying) = (0, 0);
    for seed in 1..=200 {
        let (mut game, state, trains, chosen) = super::random_case(seed);
        super::random::with_1860s_rules(seed, &mut game, &state);
        let bonuses = super::random_bonuses(seed, &game);
        if let Some((oracle, _)) =
            super::fast_equals_oracle(seed, &game, &state, &trains, &chosen, bonuses)
        {
            checked += 1;
            paying += usize::from(oracle > 0);
        }
    }
    // Real work: most cases checked, a good part of them paying.
    assert!(
        checked > 150 && paying > 60,
        "{checked} checked, {paying} paying"
    );
}
