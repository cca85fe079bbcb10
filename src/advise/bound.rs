//! A cheap proof that a turn earns no more than a known revenue, so its
//! route search can be skipped.
//!
//! A company's trains together earn at most what each earns alone, added
//! up: the best set of routes gives each train one route, and that route
//! earns no more than the train's richest route alone (sharing track only
//! forbids sets, and the query's bonuses are priced on each route as the
//! search prices them, a bonus on one route of the set at most once). The
//! one-train search walks with a floor: it stops at once where no route
//! can beat it (`routes::richest_above`), so where a train's floor is what
//! its route earns before the turn, and the turn gives it nothing richer,
//! the proof costs a network and a few walks cut at their root. A pullman
//! (18EU's P) runs no route alone, yet earns the stop it re-pays: its term
//! is the richest city or off-board on the map.

use crate::game::Game;
use crate::geometry::Coord;
use crate::routes::check::{self, Checked, Given};
use crate::routes::{self, Query, Solution, TrainRoute, network::Network};
use crate::state::MapState;

/// What each of the query's trains earned on a map before the turn (its
/// route in `before`, 0 if it stood idle): the one-train searches' floors.
/// Any floors give a true bound; these make it tight and quick.
pub(super) fn floors(query: &Query, before: &Solution) -> Vec<u32> {
    let mut floors = vec![0; query.trains.len()];
    let mut taken = vec![false; query.trains.len()];
    for r in &before.routes {
        if let Some(i) =
            (0..query.trains.len()).find(|&i| !taken[i] && query.trains[i].name == r.train)
        {
            taken[i] = true;
            floors[i] = r.revenue;
        }
    }
    floors
}

/// An upper bound on what the company earns on `state`: the sum, over its
/// trains, of the richest route each runs alone, or the train's floor
/// where no route of it beats the floor. Stops adding once the sum passes
/// `enough` (the caller needs only to know that it does).
pub(super) fn upper(
    game: &Game,
    state: &MapState,
    query: &Query,
    floors: &[u32],
    enough: u32,
) -> u64 {
    let net = Network::build(game, state);
    sum_alone(query, floors, enough, |train, floor| {
        match train.is_pullman() {
            true => most_repaid(&net, floor),
            false => routes::richest_above(&net, query, train, floor),
        }
    })
}

/// As [`upper`], on the map after one move on hex `hex` where, on the map
/// before it, no train's route alone beats its floor (`floors` were proven
/// so, see [`Settled`]): a route that does not run on `hex` ran before the
/// move for as much, so only the routes that run there are walked.
pub(super) fn upper_through(
    game: &Game,
    state: &MapState,
    query: &Query,
    floors: &[u32],
    enough: u32,
    hex: Coord,
) -> u64 {
    let net = Network::build(game, state);
    sum_alone(query, floors, enough, |train, floor| {
        match train.is_pullman() {
            true => most_repaid(&net, floor),
            false => routes::richest_through_above(&net, query, train, floor, hex),
        }
    })
}

/// What a pullman can earn at most: it runs no route of its own (its
/// richest route alone is none) but re-pays a city or off-board another
/// route visits, so the richest on the map bounds it, when above `floor`.
fn most_repaid(net: &Network, floor: u32) -> Option<u32> {
    (net.stops.iter())
        .filter(|s| s.is_city())
        .map(|s| s.revenue)
        .max()
        .filter(|&v| v > floor)
}

/// The sum, over the query's trains, of `alone(train, floor)` (the richest
/// route of the train above its floor, `None` if none) or the floor.
fn sum_alone(
    query: &Query,
    floors: &[u32],
    enough: u32,
    alone: impl Fn(&crate::game::TrainDef, u32) -> Option<u32>,
) -> u64 {
    let mut sum = 0u64;
    // Trains of one type share a walk, at the lowest of their floors.
    let mut done = vec![false; query.trains.len()];
    for i in 0..query.trains.len() {
        if done[i] {
            continue;
        }
        let train = &query.trains[i];
        let same: Vec<usize> = (i..query.trains.len())
            .filter(|&j| !done[j] && query.trains[j] == *train)
            .collect();
        let floor = same.iter().map(|&j| floors[j]).min().unwrap_or(0);
        let best = alone(train, floor).unwrap_or(0);
        for &j in &same {
            done[j] = true;
            sum += u64::from(best.max(floors[j]));
        }
        if sum > u64::from(enough) {
            break;
        }
    }
    sum
}

/// Floors no route beats: on a turn's map, no train of the query runs a
/// route alone that earns more than its floor. Proven when [`upper`] with
/// these floors is no more than their sum (each train's term is at least
/// its floor, so none is more); a later move on the map then need only
/// walk the routes through its hex ([`upper_through`]).
pub(super) type Settled = Vec<u32>;

/// The floors `floors` when [`upper`] on `state` proves them [`Settled`].
pub(super) fn settle(
    game: &Game,
    state: &MapState,
    query: &Query,
    floors: Vec<u32>,
) -> Option<Settled> {
    let sum: u32 = floors.iter().sum();
    (upper(game, state, query, &floors, sum) <= u64::from(sum)).then_some(floors)
}

/// The company's routes after a move that gives no train a richer route:
/// when [`upper`] on `state` is no more than `now` earns, and `now`'s
/// routes, checked on `state` as `routes --check` checks a player's, run
/// there together for as much, no set earns more and that set earns as
/// much, so it is the optimum without a search. `None` when either fails
/// (the move may gain, or took a track `now` ran on), and for a query
/// whose company loses its lowest route, which the check does not price.
/// With the routes, `now`'s floors when the bound proves them [`Settled`]
/// on `state`.
pub(super) fn as_now(
    game: &Game,
    state: &MapState,
    query: &Query,
    now: &Solution,
) -> Option<(Solution, Option<Settled>)> {
    if !now.optimal || query.lose_lowest.is_some() {
        return None;
    }
    let floors = floors(query, now);
    let most = upper(game, state, query, &floors, now.total);
    if most > u64::from(now.total) {
        return None;
    }
    let sum: u64 = floors.iter().map(|&f| u64::from(f)).sum();
    let settled = (most <= sum).then_some(floors);
    let net = Network::build(game, state);
    let given: Vec<Given> = now
        .routes
        .iter()
        .map(|r| given_of(query, r))
        .collect::<Option<_>>()?;
    let routes: Vec<TrainRoute> = check::check(&net, query, &given)
        .into_iter()
        .map(|c| match c {
            Checked::Valid(route) => Some(route),
            Checked::Invalid(..) => None,
        })
        .collect::<Option<_>>()?;
    let total: u32 = routes.iter().map(|r| r.revenue).sum();
    let solution = Solution {
        routes,
        ..now.clone()
    };
    (total == now.total).then_some((solution, settled))
}

/// A route of a solution as a player would give it: its train, every
/// stop it visits (skipped ones too), and the hexes of each leg.
fn given_of(query: &Query, route: &TrainRoute) -> Option<Given> {
    let train = query.trains.iter().find(|t| t.name == route.train)?;
    let stops: Vec<Coord> = route.stops.iter().map(|s| s.hex).collect();
    Some(Given {
        train: train.clone(),
        name: route.train.to_string(),
        legs: legs_of(&route.hexes, &stops),
        stops,
    })
}

/// The hexes from each stop to the next, cut from the route's hexes at
/// its stops in order (`None` if a stop is not found in turn: the check
/// then finds the track from the stops alone).
fn legs_of(hexes: &[Coord], stops: &[Coord]) -> Option<Vec<Option<Vec<Coord>>>> {
    let mut at = Vec::with_capacity(stops.len());
    let mut from = 0;
    for stop in stops {
        let i = from + hexes[from..].iter().position(|h| h == stop)?;
        at.push(i);
        from = i;
    }
    Some(
        at.windows(2)
            .map(|w| Some(hexes[w[0]..=w[1]].to_vec()))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routes::request::{Runners, queries};

    /// 18EU game 74045 before its last run (fixtures/18EU_late.json, from
    /// `import --at 827`): GSR holds an 8 and a pullman. The 8's richest
    /// route alone is all a train-by-train bound finds; the run earns the
    /// pullman's stop beside it, so a bound that left the pullman out
    /// would fall below the optimum and let `advise` skip a better turn.
    #[test]
    fn the_bound_counts_what_a_pullman_re_pays() {
        let game = crate::game::builtin("18EU").unwrap();
        let text = include_str!("../../fixtures/18EU_late.json");
        let state = crate::save::from_json(text, &game).unwrap().state;
        let runners = Runners::One {
            company: "GSR".into(),
            trains: Some(vec!["8".into(), "P".into()]),
        };
        let query = queries(&game, &state, &runners, &[], "18EU_late")
            .unwrap()
            .remove(0);
        let best = routes::solve(&game, &state, &query).unwrap();
        let pullman = best.routes.iter().find(|r| r.train.as_str() == "P");
        assert!(pullman.is_some_and(|r| r.revenue > 0), "{best:?}");
        let bound = upper(&game, &state, &query, &[0, 0], u32::MAX);
        assert!(bound >= u64::from(best.total), "{bound} < {}", best.total);
        // The 8 alone: what the bound was without the pullman's term.
        let eight = Query {
            trains: query.trains[..1].to_vec(),
            ..query.clone()
        };
        let alone = upper(&game, &state, &eight, &[0], u32::MAX);
        assert!(alone < u64::from(best.total), "{alone} >= {}", best.total);
    }
}
