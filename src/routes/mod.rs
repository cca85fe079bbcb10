//! Optimal routes: the set of train routes that earns a company the most.
//!
//! 1. [`network`] compresses the map into stops joined by track segments.
//! 2. Routes are enumerated once each (`enumerate`): from every company token `T`, routes
//!    whose smallest token stop is `T` are built as two halves leaving `T`,
//!    kept only in one orientation.
//! 3. Each route is priced once per train type ([`revenue`]), exactly.
//! 4. Trains are matched to routes by branch and bound over revenue-sorted
//!    candidates, with track use as bitsets, so a conflict test is a few ANDs
//!    ([`assign`]).
//!
//! One train needs no list and no assignment: each walk keeps only its
//! richest route, and skips routes, and whole branches of the walk, that a
//! ceiling on what they can earn shows cannot beat it (`ceiling`).

mod apart;
pub mod assign;
mod bitset;
mod ceiling;
pub mod check;
mod describe;
mod enumerate;
mod gauge;
mod hex_once;
mod joined;
mod lose_lowest;
pub mod network;
mod once;
mod pass_blocked;
pub mod pass_through;
mod places;
mod pools;
mod pullman;
mod repay;
pub mod report;
pub mod request;
mod requirement;
pub mod revenue;
pub mod stop_toll;

use crate::error::Error;
use crate::game::{Bonus, BonusKind, CompanyId, Game, PhaseId, TrainDef, TrainId};
use crate::geometry::Coord;
use crate::state::{MapState, RouteEnds};
use crate::tile::StopKind;
use describe::describe;
use enumerate::{enumerate, richest};
pub use lose_lowest::pays;
use network::Network;
pub use revenue::{Run, Visit};

/// What to search for.
#[derive(Clone, Debug)]
pub struct Query {
    pub company: CompanyId,
    pub trains: Vec<TrainDef>,
    pub bonuses: Vec<Bonus>,
    /// The one-run token the company holds (`rules.lose_lowest`, by the
    /// game's name for it): it loses its lowest route unless it runs
    /// fewer routes than it has trains.
    pub lose_lowest: Option<String>,
    /// A route the run must include: at least one train's route has both
    /// ends among these hexes (1870's connection run; the map state's
    /// `required_routes`). See [`requirement`].
    pub required: Option<RouteEnds>,
}

impl Query {
    /// The query with the trains that run: stacking trains (`stacks`,
    /// 18NewEngland's expresses) as the one that runs for them all.
    pub fn running(&self) -> Query {
        Query {
            trains: crate::game::running(&self.trains),
            ..self.clone()
        }
    }
}

/// One train's route in a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrainRoute {
    pub train: TrainId,
    pub revenue: u32,
    /// What the train multiplies its stops by (2 for 2+2 and 5+5E).
    pub multiplier: u32,
    /// True when the train pays half what the route earns, rounded down
    /// (`TrainDef::halved`: 1858's obsolete trains): `revenue` is that half.
    pub halved: bool,
    /// Hexes entered, in order, starting with the first stop's hex.
    pub hexes: Vec<Coord>,
    pub stops: Vec<RouteStop>,
    /// Names and amounts of the bonuses earned, as paid (a multiplied
    /// bonus times the train's multiplier).
    pub bonuses: Vec<(String, u32)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteStop {
    pub hex: Coord,
    pub kind: StopKind,
    /// Face value of the stop (before any multiplier); a port (the
    /// game's `ports`) once for each counted city with the company's token.
    pub revenue: u32,
    pub skipped: bool,
    /// The train's multiplier applies to it (not to a free town).
    pub multiplied: bool,
}

/// The best set of routes, in the order the trains were given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub company: CompanyId,
    pub total: u32,
    /// One entry per train that runs; trains left idle are omitted.
    pub routes: Vec<TrainRoute>,
    /// How many routes the search priced that some train can run (for
    /// reports): every one for several trains, fewer for one, whose search
    /// skips routes that cannot beat the best its walk found (the same
    /// count every time: walks share nothing while they run).
    pub candidates: usize,
    /// False when a time limit stopped the search before it proved that
    /// no better set exists.
    pub optimal: bool,
    /// The one-run token the search took into account (the query's
    /// `lose_lowest`): one train fewer runs, paying what all would.
    pub lose_lowest: Option<String>,
    /// The route the run had to include (the query's `required`).
    pub required: Option<RouteEnds>,
}

/// Distinct train types, and which type each given train is.
fn train_types(trains: &[TrainDef]) -> (Vec<TrainDef>, Vec<usize>) {
    let mut types: Vec<TrainDef> = Vec::new();
    let mut of = Vec::new();
    for t in trains {
        let ix = types.iter().position(|u| u == t).unwrap_or_else(|| {
            types.push(t.clone());
            types.len() - 1
        });
        of.push(ix);
    }
    (types, of)
}

/// A small deterministic generator for the unit tests, so they need no
/// extra crate and every run tests the same cases.
#[cfg(test)]
pub(crate) struct Lcg(pub u64);

#[cfg(test)]
impl Lcg {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// The game's bonuses that apply in phase `phase` (an index): every
/// always-on one, and the optional ones named in `chosen` (any case).
pub fn bonuses_in_force(game: &Game, phase: PhaseId, chosen: &[String]) -> Vec<Bonus> {
    game.bonuses_in(phase)
        .filter(|b| !b.optional || chosen.iter().any(|n| n.eq_ignore_ascii_case(&b.name)))
        .cloned()
        .collect()
}

/// Finds the optimal routes for a company's trains.
pub fn solve(game: &Game, state: &MapState, query: &Query) -> Result<Solution, Error> {
    let net = Network::build(game, state);
    solve_on(&net, query)
}

/// As [`solve`], on a network already built.
pub fn solve_on(net: &Network, query: &Query) -> Result<Solution, Error> {
    solve_watched(net, query, &|_| {})
}

/// The most distinct hexes a search's bonuses may name: pricing tries
/// every set of them a route passes (2^16 at worst). The printed games name
/// at most seven.
pub const MAX_BONUS_HEXES: usize = 16;

/// Refuses a search with more trains than the search holds, more bonus
/// hexes than pricing tries exactly, or revenues that could overflow
/// `u32`: the whole map's stops and every bonus, at the largest multiplier,
/// once per train. Every sum the search makes is at most that, so passing
/// here proves none wraps.
pub fn check_bounds(net: &Network, query: &Query) -> Result<(), Error> {
    if query.trains.len() > assign::MAX_TRAINS {
        return Err(Error::Invalid(format!(
            "{} trains: hexroute runs at most {} trains of one company at once",
            query.trains.len(),
            assign::MAX_TRAINS
        )));
    }
    let mut named: Vec<Coord> = query.bonuses.iter().flat_map(|b| b.hexes()).collect();
    named.sort();
    named.dedup();
    if named.len() > MAX_BONUS_HEXES {
        return Err(Error::Invalid(format!(
            "bonuses name {} hexes: hexroute prices at most {MAX_BONUS_HEXES} exactly \
             (it tries every set of them a route passes)",
            named.len()
        )));
    }
    let multiplier = query.trains.iter().map(|t| u64::from(t.multiplier)).max();
    // A port pays once for each city of the route at most.
    let cities = net.stops.iter().filter(|s| s.is_city()).count().max(1) as u64;
    let stops: u64 = net
        .stops
        .iter()
        .map(|s| u64::from(s.revenue) * if s.port.is_some() { cities } else { 1 })
        .sum();
    // A longest route's bonus pays once a stop, for as many as the map has.
    let bonuses: u64 = query
        .bonuses
        .iter()
        .map(|b| match b.kind {
            BonusKind::LongestRoute => u64::from(b.amount) * net.stops.len() as u64,
            _ => u64::from(b.amount),
        })
        .sum();
    let worst = (stops + bonuses) * multiplier.unwrap_or(1) * query.trains.len() as u64;
    if worst > u64::from(u32::MAX) {
        return Err(Error::Invalid(format!(
            "revenues up to ${worst} are beyond what hexroute can add exactly (${}); \
             check the game's revenues, multipliers and bonuses",
            u32::MAX
        )));
    }
    Ok(())
}

/// As [`solve_on`], telling `progress` how the train assignment advances.
pub fn solve_watched(
    net: &Network,
    query: &Query,
    progress: &(dyn Fn(assign::Progress) + Sync),
) -> Result<Solution, Error> {
    solve_within(net, query, progress, &assign::Limit::none())
}

/// As [`solve_watched`], giving up the proof of optimality when `limit`
/// says so: the answer is then the best set found, with `optimal` false.
pub fn solve_within(
    net: &Network,
    query: &Query,
    progress: &(dyn Fn(assign::Progress) + Sync),
    limit: &assign::Limit,
) -> Result<Solution, Error> {
    let query = &query.running();
    check_bounds(net, query)?;
    if query.trains.iter().any(TrainDef::is_pullman) {
        return pullman::solve(net, query, progress, limit);
    }
    if let Some(required) = &query.required {
        return requirement::solve(net, query, required, progress, limit);
    }
    if let Some(token) = &query.lose_lowest {
        return lose_lowest::solve(net, query, token, progress, limit);
    }
    match query.bonuses.iter().any(once::once) {
        true => once::solve(net, query, progress, limit),
        false => solve_plain(net, query, progress, limit),
    }
}

/// [`solve_within`] with every bonus priced route by route.
fn solve_plain(
    net: &Network,
    query: &Query,
    progress: &(dyn Fn(assign::Progress) + Sync),
    limit: &assign::Limit,
) -> Result<Solution, Error> {
    if let [train] = query.trains.as_slice()
        && !joined::applies(&net.rules)
    {
        return Ok(solve_one(net, query, train));
    }
    let (types, type_of) = train_types(&query.trains);
    let (candidates, priced) = enumerate(net, query, &types);
    let priced_routes: Vec<assign::Priced> = candidates
        .iter()
        .map(|c| assign::Priced {
            bits: &c.bits,
            revenue: &c.revenue,
        })
        .collect();
    let pool_of = pools::Pools::of_types(&types);
    let choice = match joined::Joined::of(net, &query.company, &candidates) {
        Some(j) => assign::choose_accepted(
            &priced_routes,
            &type_of,
            &pool_of,
            (progress, limit),
            &|ids| j.accepts(ids),
        ),
        None => assign::choose(&priced_routes, &type_of, &pool_of, progress, limit),
    };
    Ok(solution_of(
        net,
        query,
        (&candidates, priced),
        (&types, &type_of),
        &choice,
        limit,
    ))
}

/// The solution a choice of candidates (`choice[slot]`, the slot's train
/// of type `type_of[slot]` among `types`) makes: each route described and
/// the total added up.
fn solution_of(
    net: &Network,
    query: &Query,
    (candidates, priced): (&[enumerate::Candidate], usize),
    (types, type_of): (&[TrainDef], &[usize]),
    choice: &[Option<usize>],
    limit: &assign::Limit,
) -> Solution {
    let mut routes = Vec::new();
    let mut total = 0;
    for (slot, pick) in choice.iter().enumerate() {
        let Some(ci) = pick else { continue };
        let tr = describe(
            net,
            query,
            &candidates[*ci],
            &types[type_of[slot]],
            &query.trains[slot].name,
        );
        total += tr.revenue;
        routes.push(tr);
    }
    Solution {
        company: query.company.clone(),
        total,
        routes,
        candidates: priced,
        optimal: !limit.stopped(),
        lose_lowest: None,
        required: None,
    }
}

/// What the richest route of `train` alone earns on `net`, if it earns
/// more than `floor`; `None` when no route of it does. The walk skips
/// every branch whose ceiling is no more than the floor, so a floor near
/// the answer makes it quick. The trains of a company together earn at
/// most what each earns alone, added up: a bound on the revenue that is
/// cheap to prove below a known one (`advise` skips turns so).
pub fn richest_above(net: &Network, query: &Query, train: &TrainDef, floor: u32) -> Option<u32> {
    richest(net, query, train, Some(floor))
        .0
        .map(|c| c.revenue[0])
        .filter(|&r| r > floor)
}

/// As [`richest_above`], among the routes that run on hex `hex`: where a
/// move changed only that hex, every route it adds runs there.
pub fn richest_through_above(
    net: &Network,
    query: &Query,
    train: &TrainDef,
    floor: u32,
    hex: Coord,
) -> Option<u32> {
    enumerate::richest_through(net, query, train, floor, hex)
}

/// One train needs no assignment: its richest route is the answer, found
/// as the routes are walked, with no list kept.
fn solve_one(net: &Network, query: &Query, train: &TrainDef) -> Solution {
    let (best, priced) = richest(net, query, train, None);
    let routes: Vec<TrainRoute> = best
        .iter()
        .map(|c| describe(net, query, c, train, &train.name))
        .collect();
    Solution {
        company: query.company.clone(),
        total: routes.iter().map(|r| r.revenue).sum(),
        routes,
        candidates: priced,
        optimal: true,
        lose_lowest: None,
        required: None,
    }
}
