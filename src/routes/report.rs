//! The routes report: what `routes --json` prints, what `render --routes`
//! reads back, and what `routes --render` hands to the renderer in memory.
//! One set of types for all three, so a field cannot be written one way and
//! read another. Addresses are printed ones (`L12`), for people and scripts.

use super::Solution;
use crate::error::Error;
use crate::game::Game;
use crate::tile::{Colour, StopKind};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One company's best routes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CompanyRoutes {
    /// The saved game the routes were found in, as it was named on the
    /// command line: only in the lines `routes FILE... --json` prints for
    /// several files, so that `render --routes` can keep one file's lines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The game the routes were found in (`1867`): a picture of another
    /// game's map refuses them.
    pub game: String,
    pub company: String,
    /// Net revenue of all the company's trains.
    pub total: u32,
    /// How many routes the search priced that some train can run: all the
    /// company could run for several trains; for one train, fewer, since
    /// that search skips routes that cannot earn more than one it found.
    pub candidates: usize,
    /// False when `--time-limit` stopped the search before it proved that
    /// no better set of routes exists.
    pub optimal: bool,
    /// One per train that runs, in the order the trains were given.
    pub routes: Vec<RouteReport>,
    /// The one-run token the company holds (18TN's `Civil War`): it loses
    /// its lowest route if every train runs, so the best runs one train
    /// fewer, paying the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lose_lowest: Option<String>,
    /// The hexes one route had to run between, both ends among them (the
    /// save's `required_routes`: 1870's connection run).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required_route: Option<Vec<String>>,
    /// Who gets the revenue, with `--pay`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payout: Option<crate::dividend::Payout>,
}

/// One train's route.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RouteReport {
    pub train: String,
    /// What the train earns, multiplier and bonuses included: the sum of
    /// its stops' `counted` values and its bonuses' amounts (half that
    /// sum, rounded down, when `halved`).
    pub revenue: u32,
    /// What the train multiplies its stops by: 2 for a 2+2 or a 5+5E.
    #[serde(default = "one")]
    pub multiplier: u32,
    /// True when the train pays half what its route earns (the game's
    /// `half_pay_from`: 1858's obsolete trains). Absent: false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub halved: bool,
    /// Hexes entered, in order, starting with the first stop's hex.
    pub hexes: Vec<String>,
    /// Every stop the route passes, in travel order.
    pub stops: Vec<StopReport>,
    pub bonuses: Vec<BonusReport>,
}

/// A stop on a route.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StopReport {
    pub hex: String,
    /// The printed location name, or `city`/`town` where the map has none.
    pub name: String,
    pub kind: StopKindName,
    /// Which of the tile's cities (or towns) it is, from 0.
    pub index: usize,
    /// Face value, before any multiplier (a port of the game's `ports`:
    /// once for each counted city holding the company's token).
    pub revenue: u32,
    /// True when the train passed without counting it.
    pub skipped: bool,
    /// What the stop adds to the route: its face value times the train's
    /// multiplier, or 0 when skipped.
    #[serde(default)]
    pub counted: u32,
}

fn one() -> u32 {
    1
}

/// A bonus earned by a route.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BonusReport {
    pub name: String,
    /// As paid: a bonus the train's multiplier doubles is shown doubled.
    pub amount: u32,
}

/// Whether a stop is a city, a town, or an off-board (a red hex's
/// stop: a city to the route rules, but a player reads it as the edge of
/// the map, as 18xx.games's `offboard` node).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum StopKindName {
    City,
    Town,
    Offboard,
}

/// The JSON Schema of routes reports, made from these types.
pub fn schema() -> schemars::Schema {
    schemars::schema_for!(RoutesReport)
}

/// The whole JSON document: one company, or an array of them (`--all`).
/// For several files, `routes` prints one company's object a line, each
/// with its `file`; `render --routes` reads those lines too.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum RoutesReport {
    One(CompanyRoutes),
    Many(Vec<CompanyRoutes>),
}

impl RoutesReport {
    /// The companies, whichever form the document has.
    pub fn companies(&self) -> &[CompanyRoutes] {
        match self {
            RoutesReport::One(c) => std::slice::from_ref(c),
            RoutesReport::Many(list) => list,
        }
    }

    /// Reads a routes document, naming what is missing or malformed: one
    /// company's object, an array of them (`--all`), or the lines
    /// `routes FILE... --json` prints, one object each.
    pub fn from_json(text: &str) -> Result<RoutesReport, Error> {
        let bad = |e: serde_json::Error| Error::Invalid(format!("not routes JSON: {e}"));
        // `untagged` hides why neither form fits; try each for its message.
        if text.trim_start().starts_with('[') {
            return serde_json::from_str::<Vec<CompanyRoutes>>(text)
                .map(RoutesReport::Many)
                .map_err(bad);
        }
        let mut list = serde_json::Deserializer::from_str(text)
            .into_iter::<CompanyRoutes>()
            .collect::<Result<Vec<_>, _>>()
            .map_err(bad)?;
        match list.len() {
            0 => Err(Error::Invalid(
                "not routes JSON: no company's routes in it".into(),
            )),
            1 => Ok(RoutesReport::One(list.remove(0))),
            _ => Ok(RoutesReport::Many(list)),
        }
    }

    /// Keeps the routes found in one saved game, where the lines name
    /// several (`routes a.json b.json --all --json`): those whose `file`
    /// `is_this` says is the one drawn. Lines of one file, or that name
    /// none, are all kept, whatever the file is called now.
    pub fn of_file(self, is_this: impl Fn(&str) -> bool) -> Result<RoutesReport, Error> {
        let mut files: Vec<&str> = self
            .companies()
            .iter()
            .filter_map(|c| c.file.as_deref())
            .collect();
        files.sort_unstable();
        files.dedup();
        if files.len() < 2 {
            return Ok(self);
        }
        let names = files.join(", ");
        let kept: Vec<CompanyRoutes> = match self {
            RoutesReport::One(c) => vec![c],
            RoutesReport::Many(list) => list,
        }
        .into_iter()
        .filter(|c| c.file.as_deref().is_some_and(&is_this))
        .collect();
        if kept.is_empty() {
            return Err(Error::Invalid(format!(
                "the routes were found in {names}, none of them the map drawn (keep the lines of its file: grep '\"file\":\"NAME\"')"
            )));
        }
        Ok(RoutesReport::Many(kept))
    }
}

impl StopKindName {
    /// The tile's stop this names.
    pub fn with_index(self, index: usize) -> StopKind {
        match self {
            StopKindName::City | StopKindName::Offboard => StopKind::City(index),
            StopKindName::Town => StopKind::Town(index),
        }
    }

    /// The name of a stop of `kind` in `hex` of `game`'s map: off-boards
    /// are printed red hexes, never laid over, so the printed tile says.
    pub fn of(game: &Game, hex: crate::geometry::Coord, kind: StopKind) -> StopKindName {
        let printed_red = game
            .hexes
            .get(&hex)
            .and_then(|h| h.tile.as_ref())
            .and_then(|t| game.tiles.get(t))
            .is_some_and(|t| t.colour == Colour::Red);
        match kind {
            _ if printed_red => StopKindName::Offboard,
            StopKind::City(_) => StopKindName::City,
            StopKind::Town(_) => StopKindName::Town,
        }
    }
}

impl CompanyRoutes {
    /// The report of a solution found on `game`'s map.
    pub fn new(game: &Game, s: &Solution) -> CompanyRoutes {
        CompanyRoutes {
            file: None,
            game: game.id.clone(),
            company: s.company.to_string(),
            total: s.total,
            candidates: s.candidates,
            optimal: s.optimal,
            routes: s.routes.iter().map(|r| RouteReport::new(game, r)).collect(),
            lose_lowest: s.lose_lowest.clone(),
            required_route: (s.required.as_ref())
                .map(|e| e.hexes().map(|c| game.format(c)).collect()),
            payout: None,
        }
    }
}

impl RouteReport {
    /// The report of one train's route on `game`'s map.
    pub fn new(game: &Game, r: &super::TrainRoute) -> RouteReport {
        RouteReport {
            train: r.train.to_string(),
            revenue: r.revenue,
            multiplier: r.multiplier,
            halved: r.halved,
            hexes: r.hexes.iter().map(|h| game.format(*h)).collect(),
            stops: r
                .stops
                .iter()
                .map(|st| StopReport {
                    hex: game.format(st.hex),
                    name: stop_name(game, st),
                    kind: StopKindName::of(game, st.hex, st.kind),
                    index: st.kind.index(),
                    revenue: st.revenue,
                    skipped: st.skipped,
                    counted: if st.skipped {
                        0
                    } else if st.multiplied {
                        st.revenue.saturating_mul(r.multiplier)
                    } else {
                        st.revenue
                    },
                })
                .collect(),
            bonuses: r
                .bonuses
                .iter()
                .map(|(name, amount)| BonusReport {
                    name: name.clone(),
                    amount: *amount,
                })
                .collect(),
        }
    }
}

/// `routes --check --json`: routes a player chose, priced by hexroute's
/// rules, beside hexroute's best for the same trains.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckReport {
    pub game: String,
    pub company: String,
    /// One per route given, in the order given.
    pub routes: Vec<CheckedRoute>,
    /// What the valid routes earn together.
    pub total: u32,
    /// True when every route given is valid, and all of them together.
    pub valid: bool,
    /// hexroute's optimum for the company's trains (or `--trains`).
    pub best: u32,
    /// `best - total`: what the routes given leave on the table; each
    /// route must use a train of the company's, so it is never below zero.
    pub gap: i64,
}

/// One route given, priced or refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckedRoute {
    pub train: String,
    /// Its stops as given: `E5-F6-G7`.
    pub given: String,
    pub valid: bool,
    /// The route rule it breaks (`no-stop`, `no-track`, `reuse`,
    /// `blocked`, `no-token`, `reenters-hex`, `ends-at-halt`, `too-long`,
    /// `few-stops`, `overlap`); null when valid.
    pub rule: Option<String>,
    /// That rule in words; null when valid.
    pub message: Option<String>,
    /// The route as hexroute prices it; null when invalid.
    pub route: Option<RouteReport>,
}

/// The JSON Schema of `routes --check --json`.
pub fn check_schema() -> schemars::Schema {
    schemars::schema_for!(CheckReport)
}

/// The printed name of a stop's location, else its kind.
pub fn stop_name(game: &Game, s: &super::RouteStop) -> String {
    game.location(s.hex)
        .map(str::to_string)
        .unwrap_or_else(|| match s.kind {
            StopKind::City(_) => "city".into(),
            StopKind::Town(_) => "town".into(),
        })
}
