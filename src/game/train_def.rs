//! A game file's trains: their number, what it counts, which stops they may
//! pass, and how towns are counted and paid (part of [`super::def`], which
//! re-exports it; split out as the file's other types filled `def.rs`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which stops a train may pass without stopping.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Skip {
    /// Must stop at every town and city it passes (1830 style).
    Nothing,
    /// May pass towns; must stop at every city (1867 style).
    Towns,
    /// Express: may pass any stop between its first and last.
    Any,
}

/// What a train's number limits.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Distance {
    /// Revenue stops (the usual N-train).
    #[default]
    Stops,
    /// Hexes entered, counting the first.
    Hexes,
}

/// Whether a train's towns take part of its number.
///
/// Most games count a town as one of an N-train's N stops. Some (18GA's
/// `distance: [{nodes: [city, offboard], pay: N}, {nodes: [town], pay: 99}]`)
/// count only cities and off-boards toward N and pay every town passed: a
/// route may then run through any number of towns, and always earns them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Towns {
    /// A town is a stop like a city: it takes one of the N, and `skip`
    /// says whether the train may pass it.
    #[default]
    Counted,
    /// Towns take none of the N and always count, whatever `skip` says.
    Free,
    /// Towns take none of the N and are never paid: the train runs through
    /// any number of them for nothing (18CO's 4D and 5D, 18xx.games's
    /// `{nodes: [town], pay: 0, visit: 99}`). Unlike `skip: Towns`, which
    /// lets a train count a town and earn it, such a town earns nothing.
    Unpaid,
}

/// What a town at either end of a route does to a train whose towns are
/// outside its number (`towns: Free` or `Unpaid`); a counted town takes one
/// of the N wherever it is.
///
/// 18CO and 18MT let a train run through any number of towns, but a town
/// where the route starts or ends takes one of the cities the train may
/// visit (their `check_distance`: "Towns on route ends are counted against
/// city limit"), so a 2-train may run city-town-town but not
/// town-city-city-town.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum EndTowns {
    /// An end town is like any other: outside the N (the usual rule).
    #[default]
    AsOthers,
    /// An end town takes one of the N, and is still paid as the train's
    /// towns are (18CO, 18MT).
    TakeStop,
    /// A route may not start or end at a town.
    Refused,
}

/// A kind of train.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrainDef {
    /// Its name (`2`, `5+5E`, `D`): what saves and commands call it.
    pub name: super::TrainId,
    /// Its number: the stops (or hexes) it may count; `None` for no limit
    /// (D trains).
    pub stops: Option<u32>,
    /// Which stops it may pass without counting them.
    pub skip: Skip,
    /// What its revenue is multiplied by: 2 for a 2+2 or a 5+5E, else 1.
    pub multiplier: u32,
    /// What its number counts: stops (absent) or hexes.
    #[serde(default)]
    pub distance: Distance,
    /// Whether towns take part of its number; absent in most game files:
    /// towns are counted stops.
    #[serde(default)]
    pub towns: Towns,
    /// What a town at a route's end does to a train whose towns are
    /// outside its number; absent: it is like the route's other towns.
    #[serde(default)]
    pub end_towns: EndTowns,
    /// A train that visits more stops than it is paid for (1846's 3/5,
    /// 4/6 and 7/8; 18xx.games's `distance: [{nodes: [city, offboard],
    /// pay: N, visit: M}]`): `stops` is M, the cities and off-boards it may
    /// visit, and it is paid for the best `pays` (N) of them, any of them,
    /// one holding the company's token; bonuses count only stops it is
    /// paid for. It visits no town (18xx.games has no row for one). Such a
    /// train passes stops as an express does (`skip: Any`). Absent: the
    /// train is paid for every stop it counts.
    #[serde(default)]
    pub pays: Option<u32>,
    /// Towns a train may count beyond its number (18xx.games's N+M trains,
    /// whose `distance` gives towns a row of their own). With `towns:
    /// Counted` (1880's and 1847AE's 2+2: `[{nodes: [town], pay: M, visit:
    /// M}, {nodes: [city, offboard, town], pay: N, visit: N}]`) it counts at
    /// most `stops` (N) cities and off-boards and at most N+M stops in all:
    /// up to M towns beyond the N, and more towns in the N. With `towns:
    /// Free` (1860's `[{nodes: [city, offboard], pay: N}, {nodes: [town],
    /// pay: M, visit: 99}]`) its towns take none of the N and it counts the
    /// best M of them, passing the others unpaid, a route's ends included.
    /// Absent: the train counts no town beyond its number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plus_towns: Option<u32>,
    /// What each counted city holding the running company's token adds to
    /// the train's run (18DE's and 1817's optional "modern trains": a 7
    /// earns 10 and an 8 20 per station marker of its company among its
    /// stops). Absent: nothing.
    #[serde(default)]
    pub token_bonus: Option<TokenBonus>,
    /// Trains that stack (18NewEngland's expresses, its `route_trains` and
    /// `revenue_multiplier`): of a company's trains marked so, only one of
    /// the smallest number runs, its revenue multiplied by how many such
    /// trains the company owns (a 5E and an 8E run as one 5E paid twice).
    /// Absent: the train runs for itself.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stacks: bool,
    /// The track its routes keep to themselves (18 Los Angeles's
    /// passenger and freight trains: 18xx.games's `check_overlap` keyed by
    /// train type): routes of trains of one pool never share track (nor,
    /// under `between_routes: TrackOrCityHex`, a stop hex), routes of
    /// trains of two pools may. Absent: the pool of every train without one.
    #[serde(default)]
    pub track_pool: Option<String>,
}

/// A train's bonus for the company's own tokens among the stops it counts:
/// a set amount for each counted city holding one, paid once (never
/// multiplied: the rule's trains have multiplier 1, and the load refuses
/// any other). A struct, not a bare amount, so that a condition on the
/// route (18EU's bonus per own token on a run between two red off-boards)
/// can join it as a field.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenBonus {
    /// What each counted city holding the company's token adds.
    pub per_token: u32,
}

impl TrainDef {
    /// What a counted city adds to the run for holding the company's token
    /// (`token_bonus`; 0 without one).
    pub fn per_own_token(&self) -> u32 {
        self.token_bonus.as_ref().map_or(0, |b| b.per_token)
    }
}

/// An N+M train (`plus_towns: Some(m)`) that its other fields allow: a
/// number of stops (N), towns counted in it (`Counted`) or outside it and
/// paid (`Free`), and no `pays` (which chooses among every stop visited
/// instead) nor end towns taking one of the N (which `Free` towns, all
/// passable, cannot do).
pub(super) fn plus_towns_fit(t: &TrainDef, m: u32) -> Result<(), &'static str> {
    if m == 0 {
        Err("Some(0) adds no town; give at least 1, or leave plus_towns out")
    } else if t.stops.is_none() || t.distance != Distance::Stops {
        Err("towns beyond a number need one: give `stops: Some(N)` and `distance: Stops`")
    } else if t.pays.is_some() {
        Err("a train paid for some of the stops it visits (`pays`) counts no towns beyond them")
    } else if t.towns == Towns::Unpaid {
        Err("unpaid towns earn nothing to count; give `towns: Counted` or `towns: Free`")
    } else if t.end_towns == EndTowns::TakeStop {
        Err("its end towns cannot take one of its N; leave `end_towns` out")
    } else {
        Ok(())
    }
}

/// The trains that run of a company owning `trains`: those that do not
/// stack, in their order, then, where any stack, one stacking train of the
/// smallest number (the first of equals) with its multiplier times the
/// number of stacking trains (`TrainDef::stacks`). A train of no number
/// counts as the largest.
pub fn running(trains: &[TrainDef]) -> Vec<TrainDef> {
    let (stacked, mut run): (Vec<&TrainDef>, Vec<&TrainDef>) =
        trains.iter().partition(|t| t.stacks);
    let shortest = stacked
        .iter()
        .min_by_key(|t| t.stops.map_or(u64::MAX, u64::from));
    let mut out: Vec<TrainDef> = run.drain(..).cloned().collect();
    if let Some(t) = shortest {
        let count = u32::try_from(stacked.len()).unwrap_or(u32::MAX);
        out.push(TrainDef {
            multiplier: t.multiplier.saturating_mul(count),
            ..(*t).clone()
        });
    }
    out
}
