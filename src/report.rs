//! What the commands print with `--json`, besides routes
//! ([`crate::routes::report`]): one serde type per output, so a field is
//! named and shaped in one place, and a JSON Schema in `docs/` is made
//! from each ([`schemas`]) and checked by a test.

use crate::game::Supply;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use std::collections::BTreeMap;

/// A tile count: a number, or `"unlimited"`.
fn supply_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "oneOf": [
            {"type": "integer", "minimum": 0},
            {"const": "unlimited"}
        ]
    })
}

/// `tiles GAME --json`: one per player tile.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TileRow {
    pub tile: String,
    pub colour: String,
    #[schemars(schema_with = "supply_schema")]
    pub count: Supply,
    pub labels: Vec<String>,
}

/// `show FILE --json`: the game, its phase, what is laid and left.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ShowReport {
    pub game: String,
    pub name: String,
    pub phase: String,
    /// Tiles laid, in board order (column, then row).
    pub tiles: Vec<LaidTile>,
    /// Each company's tokens, in board order.
    pub tokens: BTreeMap<String, Vec<TokenAt>>,
    /// Each company's trains.
    pub trains: BTreeMap<String, Vec<String>>,
    pub supply: Vec<SupplyRow>,
}

/// A tile on the map.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LaidTile {
    pub hex: String,
    pub tile: String,
    pub rotation: u8,
    /// The printed location name, if the hex has one.
    pub location: Option<String>,
}

/// A token: the hex and the space on its tile (from 0).
#[derive(Debug, Serialize, JsonSchema)]
pub struct TokenAt {
    pub hex: String,
    pub space: usize,
}

/// A player tile's count and how many are left (`null`: unlimited).
#[derive(Debug, Serialize, JsonSchema)]
pub struct SupplyRow {
    pub tile: String,
    #[schemars(schema_with = "supply_schema")]
    pub count: Supply,
    pub left: Option<i64>,
}

/// `show --history --json`: one per recorded change, oldest first.
#[derive(Debug, Serialize, JsonSchema)]
pub struct HistoryEntry {
    pub command: String,
    pub time: String,
    /// What changed, in words.
    pub changes: Vec<String>,
}

/// `trains FILE --json`: a company's trains and its limit in this phase.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TrainsRow {
    pub trains: Vec<String>,
    /// `null` where the game sets none.
    pub limit: Option<u32>,
}

/// A lay for scripts: what `place --json` and `upgrade --json` print, and
/// each entry of `--list --json`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LayReport {
    pub hex: String,
    pub tile: String,
    pub rotation: u8,
    pub colour: String,
    /// The tile's track at this rotation, in the map's directions.
    pub connects: String,
    /// Where the hex's tokens go on the new tile.
    pub tokens: Vec<TokenMove>,
    pub cost: u32,
    pub cost_parts: Vec<CostPart>,
}

/// A token's place on a laid tile.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TokenMove {
    pub company: String,
    pub space: usize,
    /// Which of the tile's cities the space is in.
    pub city: Option<usize>,
}

/// One part of a lay's cost: `mountain`, `water side N`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CostPart {
    #[serde(rename = "for")]
    pub what: String,
    pub amount: u32,
}

/// Each output's schema, by the file name it is kept under in `docs/`.
pub fn schemas() -> Vec<(&'static str, Schema)> {
    vec![
        ("tiles.schema.json", schemars::schema_for!(Vec<TileRow>)),
        ("show.schema.json", schemars::schema_for!(ShowReport)),
        (
            "history.schema.json",
            schemars::schema_for!(Vec<HistoryEntry>),
        ),
        (
            "trains.schema.json",
            schemars::schema_for!(BTreeMap<String, TrainsRow>),
        ),
        ("lay.schema.json", schemars::schema_for!(LayReport)),
        ("lays.schema.json", schemars::schema_for!(Vec<LayReport>)),
    ]
}
