//! The oracle's trains: how they are made for the random maps, and the
//! rules on towns it checks each route against (its own reading of them,
//! sharing nothing with `hexroute::routes`).

use super::OracleRoute;
use hexroute::game::{Distance, EndTowns, Skip, TokenBonus, Towns, TrainDef};
use hexroute::tile::End;

pub(super) fn train(
    name: &str,
    stops: Option<u32>,
    skip: Skip,
    multiplier: u32,
    distance: Distance,
) -> TrainDef {
    TrainDef {
        name: name.into(),
        stops,
        skip,
        multiplier,
        distance,
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

/// The same train, its towns outside its number and always paid (18GA).
pub(super) fn free_towns(t: TrainDef) -> TrainDef {
    TrainDef {
        towns: Towns::Free,
        ..t
    }
}

/// The same train paid for `n` of the stops it visits (1846's 3/5).
pub(super) fn pays(t: TrainDef, n: u32) -> TrainDef {
    TrainDef { pays: Some(n), ..t }
}

/// The same train earning `per_token` more for each counted city holding
/// the company's token (18DE's modern 7 and 8).
pub(super) fn token_bonus(t: TrainDef, per_token: u32) -> TrainDef {
    TrainDef {
        token_bonus: Some(TokenBonus {
            per_token,
            between_off_boards: false,
            cap: None,
            from_phase: Vec::new(),
        }),
        ..t
    }
}

/// The same train in track pool `pool`: its routes may share track with
/// the routes of trains of other pools (18 Los Angeles's freight trains).
pub(super) fn track_pool(t: TrainDef, pool: &str) -> TrainDef {
    TrainDef {
        track_pool: Some(pool.into()),
        runs: Default::default(),
        edge_cost: None,
        ..t
    }
}

/// The same train, running through its towns outside its number and
/// unpaid (18CO's 4D).
pub(super) fn unpaid_towns(t: TrainDef) -> TrainDef {
    TrainDef {
        towns: Towns::Unpaid,
        ..t
    }
}

/// The same train, a town at its route's end taking one of its number
/// (18CO, 18MT).
pub(super) fn end_towns(t: TrainDef) -> TrainDef {
    TrainDef {
        end_towns: EndTowns::TakeStop,
        ..t
    }
}

fn is_town(end: End) -> bool {
    matches!(end, End::Town(_))
}

/// True when the train is paid nothing at this stop: a town it runs
/// through unpaid.
pub(super) fn unpaid(train: &TrainDef, end: End) -> bool {
    train.towns == Towns::Unpaid && is_town(end)
}

/// The towns at the route's two ends that take one of the train's number
/// though its other towns take none.
pub(super) fn end_towns_counted(train: &TrainDef, r: &OracleRoute) -> usize {
    if train.end_towns != EndTowns::TakeStop || train.towns == Towns::Counted {
        return 0;
    }
    let ends = [r.stops.first(), r.stops.last()];
    ends.iter().flatten().filter(|(_, e)| is_town(*e)).count()
}

/// True when the train may not run the route: it starts or ends at a town
/// and the train ends no route at one.
pub(super) fn ends_refused(train: &TrainDef, r: &OracleRoute) -> bool {
    train.end_towns == EndTowns::Refused
        && [r.stops.first(), r.stops.last()]
            .iter()
            .flatten()
            .any(|(_, e)| is_town(*e))
}

/// The same train counting up to `m` towns beyond its number (1880's
/// 2+2 with its towns counted, 1860's 2+1 with them free).
pub(super) fn plus_towns(t: TrainDef, m: u32) -> TrainDef {
    TrainDef {
        plus_towns: Some(m),
        spare_for_towns: false,
        ..t
    }
}

/// True when an N+M train whose towns are outside its number may pass
/// this town, a route's end too: it is paid for its best M (1860).
pub(super) fn passable_town(train: &TrainDef, end: End) -> bool {
    train.plus_towns.is_some() && train.towns == Towns::Free && is_town(end)
}

/// For an N+M train, by 18xx.games's two rows of its `distance`: the
/// towns fill the town row (M) first and the rest the other (N), so at
/// most N cities and N+M stops count (towns counted), or N cities and M
/// towns (towns free). `counted`: the stops counted, free stops left out.
pub(super) fn n_plus_m_fits(
    train: &TrainDef,
    r: &OracleRoute,
    counted: &dyn Fn(usize) -> bool,
) -> bool {
    let (n, m) = (
        train.stops.unwrap() as usize,
        train.plus_towns.unwrap() as usize,
    );
    let towns = (0..r.stops.len())
        .filter(|&i| counted(i) && is_town(r.stops[i].1))
        .count();
    let cities = (0..r.stops.len())
        .filter(|&i| counted(i) && !is_town(r.stops[i].1))
        .count();
    let in_town_row = towns.min(m);
    let in_other_row = cities + towns - in_town_row;
    match train.towns {
        Towns::Counted => in_other_row <= n,
        // 1860: the towns take the M, then what the cities leave of the N.
        _ if train.spare_for_towns => cities <= n && towns <= m + (n - cities.min(n)),
        _ => cities <= n && towns <= m,
    }
}

/// The same train, stacking with the company's other stacking trains
/// (18NewEngland's expresses).
pub(super) fn stacking(t: TrainDef) -> TrainDef {
    TrainDef { stacks: true, ..t }
}

/// The trains that run, by the oracle's own reading of 18NewEngland's
/// `route_trains` and `revenue_multiplier`: every train that does not
/// stack, and of those that do, one with the fewest stops (no number is
/// the most), paid once for each stacking train the company owns.
pub(super) fn running(trains: &[TrainDef]) -> Vec<TrainDef> {
    let stack_size = trains.iter().filter(|t| t.stacks).count() as u32;
    let mut out: Vec<TrainDef> = trains.iter().filter(|t| !t.stacks).cloned().collect();
    let mut shortest: Option<&TrainDef> = None;
    for t in trains.iter().filter(|t| t.stacks) {
        let shorter = match (shortest.and_then(|s| s.stops), t.stops) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some(a), Some(b)) => b < a,
        };
        if shortest.is_none() || shorter {
            shortest = Some(t);
        }
    }
    if let Some(t) = shortest {
        out.push(TrainDef {
            multiplier: t.multiplier * stack_size,
            ..t.clone()
        });
    }
    out
}
