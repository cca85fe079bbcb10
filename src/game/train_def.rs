//! A game file's trains: their number, what it counts, which stops they may
//! pass, and how towns are counted and paid (part of [`super::def`], which
//! re-exports it; split out as the file's other types filled `def.rs`).

use crate::tile::Gauge;
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
    /// Hex edges crossed, each costing what its stretch of track's gauge
    /// costs the train (`edge_cost`; 1849's H trains: the first hex is
    /// free, a narrow stretch's edges count double).
    Edges,
}

/// The gauges of track a train may run on (1858's broad and metre trains,
/// 1849's E train: `check_track_type`, `check_e_train_track_type`). Dual
/// track serves every train.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Runs {
    /// Any track (the usual train).
    #[default]
    Any,
    /// Broad and dual track, never narrow.
    Broad,
    /// Narrow and dual track, never broad.
    Narrow,
}

impl Runs {
    /// True when the train may run on a stretch of track of gauge `g`.
    pub fn on(self, g: Gauge) -> bool {
        !matches!(
            (self, g),
            (Runs::Broad, Gauge::Narrow) | (Runs::Narrow, Gauge::Broad)
        )
    }
}

/// What crossing one hex edge costs a train counting edges, by the gauge
/// of the stretch of track between two stops (broad where it holds any
/// broad piece, narrow where any narrow, dual where it is dual throughout:
/// 1849's `hex_edge_cost`). Each absent cost is 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EdgeCost {
    #[serde(default = "one")]
    pub broad: u32,
    #[serde(default = "one")]
    pub narrow: u32,
    #[serde(default = "one")]
    pub dual: u32,
}

fn one() -> u32 {
    1
}

impl Default for EdgeCost {
    fn default() -> EdgeCost {
        EdgeCost {
            broad: 1,
            narrow: 1,
            dual: 1,
        }
    }
}

impl EdgeCost {
    /// What an edge of a stretch of gauge `g` costs.
    pub fn of(&self, g: Gauge) -> u32 {
        match g {
            Gauge::Broad => self.broad,
            Gauge::Narrow => self.narrow,
            Gauge::Dual => self.dual,
        }
    }

    /// The least an edge costs, to bound how far a train reaches.
    pub fn least(&self) -> u32 {
        self.broad.min(self.narrow).min(self.dual)
    }
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
    /// With `plus_towns` and `towns: Free`: the towns counted may also
    /// take the part of the N that its cities and off-boards leave unused
    /// (1860's N+M trains, g_1860 `compute_stops`: "unused city/offboard
    /// allowance can be used for towns/halts"): at most N cities and
    /// off-boards and N+M stops in all, the towns still passed where not
    /// counted. Absent: at most M towns.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub spare_for_towns: bool,
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
    /// The gauges of track it may run on; absent: any.
    #[serde(default, skip_serializing_if = "is_default")]
    pub runs: Runs,
    /// What each hex edge costs a train of `distance: Edges`, by its
    /// stretch's gauge; absent: 1 each.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge_cost: Option<EdgeCost>,
    /// A pullman (18EU's P): it runs no route of its own, and adds the
    /// value of a stop another train's route visits. Absent: a train.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pullman: Option<Pullman>,
    /// The phase from which it pays half what its route earns (its stops
    /// and bonuses), rounded down, for as long as it still runs (18xx.games's obsolete trains in
    /// 1858: `revenue_for` halves an obsolete train's revenue, and the
    /// train stays until it rusts). Not in a game with a longest route's
    /// bonus (refused at load). Absent: it pays in full in every phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub half_pay_from: Option<String>,
    /// True when it pays half in the phase a search runs in: set from
    /// `half_pay_from` by [`TrainDef::in_phase`] (never read from a file),
    /// so the search sees one train that pays half, or in full.
    #[serde(skip)]
    #[schemars(skip)]
    pub halved: bool,
    /// A train paid only for the company's own token cities (1822's E:
    /// 18xx.games g_1822 `check_distance` and `revenue_for`): its route
    /// starts and ends in cities holding the company's token, and of the
    /// stops it visits only those pay (times its multiplier). It still
    /// visits the others (a bonus asking for a stop there sees it).
    /// Absent: the train is paid for its stops as usual.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub own_tokens_only: bool,
}

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// A train's bonus for the company's own tokens among the stops it counts:
/// a set amount for each counted city holding one, paid once (never
/// multiplied: the rule's trains have multiplier 1, and the load refuses
/// any other). 18EU pays it only on a run between two red off-boards, up
/// to a cap, both growing with the phase (its `revenue_for_red_to_red_bonus`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenBonus {
    /// What each counted city holding the company's token adds.
    pub per_token: u32,
    /// Paid only on a run whose first and last stops are both off-boards
    /// (red hexes: 18EU's red-to-red bonus). Absent: on any run.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub between_off_boards: bool,
    /// The most it pays one run. Absent: no cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cap: Option<u32>,
    /// Other amounts from a phase on, phases in the game's order: the
    /// amount and cap of the last one begun apply (18EU's bonus grows with
    /// the phase, whichever train runs). Absent: `per_token` and `cap` in
    /// every phase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub from_phase: Vec<PhaseTokenBonus>,
}

/// A bonus per own token's amount and cap from a phase on.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PhaseTokenBonus {
    /// The phase's name, as in the game's `phases`.
    pub phase: String,
    /// What each counted city holding the company's token adds from it on.
    pub per_token: u32,
    /// The most it pays one run from it on. Absent: no cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cap: Option<u32>,
}

impl TokenBonus {
    /// True when it is not simply linear in the own-token cities counted:
    /// a cap or a condition on the route's ends. Such a bonus is only
    /// allowed on trains that count every city they pass (checked at load),
    /// so what it pays is fixed by the route, whichever stops are chosen.
    pub fn is_fixed_by_route(&self) -> bool {
        self.between_off_boards || self.cap.is_some()
    }

    /// The bonus as it pays in the phase named `phase`, whose place among
    /// the game's phases `place_of` gives: the last `from_phase` begun.
    pub fn in_phase(&self, place_of: impl Fn(&str) -> Option<usize>, phase: usize) -> TokenBonus {
        let mut out = TokenBonus {
            from_phase: Vec::new(),
            ..self.clone()
        };
        for step in &self.from_phase {
            if place_of(&step.phase).is_some_and(|p| p <= phase) {
                out.per_token = step.per_token;
                out.cap = step.cap;
            }
        }
        out
    }
}

impl TrainDef {
    /// What a counted city adds to the run for holding the company's token
    /// (`token_bonus`; 0 without one).
    pub fn per_own_token(&self) -> u32 {
        self.token_bonus.as_ref().map_or(0, |b| b.per_token)
    }

    /// The train as it pays in phase `phase` of a game whose phases are
    /// `phases`: its bonus per own token at that phase's amount and cap
    /// (`from_phase`), the search then seeing one amount, and paying half
    /// from its `half_pay_from` on (`halved`).
    pub fn in_phase(&self, phases: &[super::Phase], phase: super::PhaseId) -> TrainDef {
        let place_of = |name: &str| phases.iter().position(|p| p.name == name);
        TrainDef {
            token_bonus: self
                .token_bonus
                .as_ref()
                .map(|b| b.in_phase(place_of, phase.0)),
            halved: self.halved
                || self
                    .half_pay_from
                    .as_deref()
                    .and_then(place_of)
                    .is_some_and(|p| p <= phase.0),
            ..self.clone()
        }
    }

    /// What it is paid for a route earning `full`: half, rounded down, when
    /// it pays half (`halved`), else all of it. Halving keeps the order of
    /// routes, so the richest route is still the richest halved.
    pub fn paid(&self, full: u64) -> u64 {
        if self.halved { full / 2 } else { full }
    }

    /// True when it runs no route of its own (a pullman, `pullman`).
    pub fn is_pullman(&self) -> bool {
        self.pullman.is_some()
    }
}

/// A train that runs no route of its own but re-pays a stop another of
/// the company's trains runs to (18EU's pullman, 18xx.games g_18_eu
/// `check_overlap`: its one stop, a city or an off-board, must be on
/// another route of the run; it needs no token and may not run alone).
/// A struct so that other kinds of pullman (1822's) can join it as fields.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Pullman {
    /// Which stop it re-pays: the richest city or off-board of one other
    /// route of the run, at its face value.
    pub repays: Repays,
}

/// Which stop a pullman re-pays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Repays {
    /// One city or off-board (never a town) that another route of the run
    /// visits, once (18EU).
    OneCityOfAnotherRoute,
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
    } else if t.spare_for_towns && t.towns != Towns::Free {
        Err(
            "towns counted in its N already take what its cities leave (`towns: Counted`); \
             spare_for_towns asks for `towns: Free`",
        )
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
