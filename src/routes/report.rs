//! The routes report: what `routes --json` prints, what `render --routes`
//! reads back, and what `routes --render` hands to the renderer in memory.
//! One set of types for all three, so a field cannot be written one way and
//! read another. Addresses are printed ones (`L12`), for people and scripts.

use super::Solution;
use crate::error::Error;
use crate::game::Game;
use crate::tile::StopKind;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One company's best routes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CompanyRoutes {
    /// The game the routes were found in (`1867`): a picture of another
    /// game's map refuses them.
    pub game: String,
    pub company: String,
    /// Net revenue of all the company's trains.
    pub total: u32,
    /// How many distinct routes the company could run.
    pub candidates: usize,
    /// False when `--time-limit` stopped the search before it proved that
    /// no better set of routes exists.
    pub optimal: bool,
    /// One per train that runs, in the order the trains were given.
    pub routes: Vec<RouteReport>,
    /// Who gets the revenue, with `--pay`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payout: Option<crate::dividend::Payout>,
}

/// One train's route.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RouteReport {
    pub train: String,
    /// What the train earns, multiplier and bonuses included.
    pub revenue: u32,
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
    /// Face value, before any multiplier.
    pub revenue: u32,
    /// True when the train passed without counting it.
    pub skipped: bool,
}

/// A bonus earned by a route.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BonusReport {
    pub name: String,
    pub amount: u32,
}

/// Whether a stop is a city or a town.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum StopKindName {
    City,
    Town,
}

/// The JSON Schema of routes reports, made from these types.
pub fn schema() -> schemars::Schema {
    schemars::schema_for!(RoutesReport)
}

/// The whole JSON document: one company, or an array of them (`--all`).
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

    /// Reads a routes document, naming what is missing or malformed.
    pub fn from_json(text: &str) -> Result<RoutesReport, Error> {
        // `untagged` hides why neither form fits; try each for its message.
        if text.trim_start().starts_with('[') {
            serde_json::from_str::<Vec<CompanyRoutes>>(text).map(RoutesReport::Many)
        } else {
            serde_json::from_str::<CompanyRoutes>(text).map(RoutesReport::One)
        }
        .map_err(|e| Error::Invalid(format!("not routes JSON: {e}")))
    }
}

impl StopKindName {
    /// The tile's stop this names.
    pub fn with_index(self, index: usize) -> StopKind {
        match self {
            StopKindName::City => StopKind::City(index),
            StopKindName::Town => StopKind::Town(index),
        }
    }
}

impl CompanyRoutes {
    /// The report of a solution found on `game`'s map.
    pub fn new(game: &Game, s: &Solution) -> CompanyRoutes {
        CompanyRoutes {
            game: game.id.clone(),
            company: s.company.clone(),
            total: s.total,
            candidates: s.candidates,
            optimal: s.optimal,
            routes: s
                .routes
                .iter()
                .map(|r| RouteReport {
                    train: r.train.clone(),
                    revenue: r.revenue,
                    hexes: r.hexes.iter().map(|h| game.format(*h)).collect(),
                    stops: r
                        .stops
                        .iter()
                        .map(|st| StopReport {
                            hex: game.format(st.hex),
                            name: stop_name(game, st),
                            kind: match st.kind {
                                StopKind::City(_) => StopKindName::City,
                                StopKind::Town(_) => StopKindName::Town,
                            },
                            index: st.kind.index(),
                            revenue: st.revenue,
                            skipped: st.skipped,
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
                })
                .collect(),
            payout: None,
        }
    }
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
