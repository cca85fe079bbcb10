//! What the commands print with `--json`, besides routes
//! ([`crate::routes::report`]): one serde type per output, so a field is
//! named and shaped in one place, and a JSON Schema in `docs/` is made
//! from each ([`schemas`]) and checked by a test.

use crate::game::{CompanyId, Game, Supply};
use crate::geometry::Coord;
use crate::state::MapState;
use crate::tile::TileId;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use std::collections::BTreeMap;

/// A tile count: a number, or `null` when the game never runs out of it.
fn supply_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": ["integer", "null"],
        "minimum": 0
    })
}

/// `games --json`: one per game hexroute knows.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GameRow {
    pub id: String,
    pub name: String,
    /// The `--game-file` it came from; `null` for a built-in game.
    pub file: Option<String>,
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
    /// Every token, in board order.
    pub tokens: Vec<Token>,
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
    pub name: Option<String>,
}

/// A station token, as every command shows one: whose, the hex, the token
/// space on its tile (from 0) and the tile's city that space is in.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Token {
    pub company: String,
    pub hex: String,
    pub space: usize,
    /// Which of the tile's cities (from 0) holds the space.
    pub city: Option<usize>,
}

impl Token {
    /// `company`'s token in `space` of hex `c` as the map has it now.
    pub fn on_map(
        game: &Game,
        state: &MapState,
        c: Coord,
        space: usize,
        company: &CompanyId,
    ) -> Token {
        Token {
            company: company.to_string(),
            hex: game.format(c),
            space,
            city: state
                .tile_at(game, c)
                .and_then(|(t, _)| t.city_of_space(space)),
        }
    }
}

/// `companies FILE --json`: one per company of the game.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CompanyRow {
    pub company: String,
    pub name: String,
    /// `major`, `minor`, …: the game's word for its kind.
    pub kind: String,
    /// The printed home, or the hex of the first token of a company that
    /// chooses its home; `null` until then.
    pub home: Option<String>,
    /// Its tokens on the map, in board order.
    pub tokens: Vec<Token>,
    /// Tokens it may still place: its own count, and those gained with a
    /// minor or a private it owns (`token_to_buyer`, `token.extra`), less
    /// those on the map.
    pub tokens_left: u32,
    pub trains: Vec<String>,
    /// The private companies it owns (18xx.games's syms, `BSS`): their
    /// route bonuses go to its routes.
    pub privates: Vec<String>,
    /// True once it has a token on the map.
    pub started: bool,
}

/// A player tile's count and how many are left (`null`: unlimited).
#[derive(Debug, Serialize, JsonSchema)]
pub struct SupplyRow {
    pub tile: String,
    #[schemars(schema_with = "supply_schema")]
    pub count: Supply,
    pub left: Option<i64>,
}

/// `show --history --json`: where an imported game came from, and each
/// recorded change, oldest first.
#[derive(Debug, Serialize, JsonSchema)]
pub struct HistoryReport {
    /// The record `import` made the save from (`null`: not imported), as
    /// `show --history` prints it.
    pub imported: Option<ImportedReport>,
    pub changes: Vec<HistoryEntry>,
}

/// The record a save was imported from.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ImportedReport {
    /// The record as named to `import`: a file name or an 18xx.games address.
    pub record: String,
    /// The record's game id, when it has one.
    pub game: Option<String>,
    /// The record's title, as 18xx.games writes it.
    pub title: String,
    /// The last action replayed.
    pub action: u64,
}

/// One recorded change.
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
    pub tokens: Vec<Token>,
    pub cost: u32,
    pub cost_parts: Vec<CostPart>,
}

/// One part of a lay's cost: `mountain`, `water side N`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CostPart {
    #[serde(rename = "for")]
    pub what: String,
    pub amount: u32,
}

/// Each output's schema made from a type here, by the file name it is kept
/// under in `docs/` (`review`, `advise` and `import` keep their own).
pub fn schemas() -> Vec<(&'static str, Schema)> {
    vec![
        ("tiles.schema.json", schemars::schema_for!(Vec<TileRow>)),
        ("show.schema.json", schemars::schema_for!(ShowReport)),
        ("history.schema.json", schemars::schema_for!(HistoryReport)),
        (
            "trains.schema.json",
            schemars::schema_for!(BTreeMap<String, TrainsRow>),
        ),
        ("lay.schema.json", schemars::schema_for!(LayReport)),
        ("lays.schema.json", schemars::schema_for!(Vec<LayReport>)),
        ("game.schema.json", schemars::schema_for!(GameData)),
        ("games.schema.json", schemars::schema_for!(Vec<GameRow>)),
        (
            "companies.schema.json",
            schemars::schema_for!(Vec<CompanyRow>),
        ),
    ]
}

/// `games ID --json`: a game as loaded and resolved, for tools outside the
/// crate (they read this instead of parsing RON). Addresses are printed
/// ones; track is written as the catalogues write it, face names for a
/// flat-top tile and `City(n)` / `Town(n)` ends.
#[derive(Debug, Serialize, JsonSchema)]
pub struct GameData {
    pub id: String,
    pub name: String,
    /// `flat` or `pointed`: which way the map's hexes sit.
    pub orientation: String,
    /// Every printed hex, in board order.
    pub hexes: Vec<HexData>,
    /// Every tile of the game's catalogues, by name.
    pub tiles: Vec<TileData>,
    /// The player tiles and how many of each there are.
    pub supply: Vec<SupplyCount>,
    pub companies: Vec<CompanyData>,
    pub trains: Vec<TrainData>,
    pub phases: Vec<PhaseData>,
    pub bonuses: Vec<BonusData>,
}

/// A printed hex.
#[derive(Debug, Serialize, JsonSchema)]
pub struct HexData {
    pub hex: String,
    /// The printed tile, if any (`null`: an empty hex).
    pub tile: Option<String>,
    pub rotation: u8,
    pub name: Option<String>,
    pub labels: Vec<String>,
    /// What the first tile laid here costs, and for what terrain.
    pub cost: Option<u32>,
    pub terrain: Option<String>,
    /// Its stops take none of a train's number (1882's fishing exit).
    pub free_stop: bool,
}

/// A tile as its catalogue defines it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TileData {
    pub name: String,
    pub colour: String,
    /// Each piece of track: its two ends.
    pub track: Vec<[String; 2]>,
    pub cities: Vec<CityData>,
    /// Each town's revenue.
    pub towns: Vec<u32>,
    pub labels: Vec<String>,
    /// An off-board's revenue by phase colour; empty for other tiles.
    pub phase_revenue: Vec<PhaseRevenue>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct CityData {
    pub revenue: u32,
    pub spaces: u8,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct PhaseRevenue {
    pub colour: String,
    pub revenue: u32,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct SupplyCount {
    pub tile: String,
    #[schemars(schema_with = "supply_schema")]
    pub count: Supply,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct CompanyData {
    pub abbrev: String,
    pub name: String,
    /// `major`, `minor` or `national`.
    pub kind: String,
    pub tokens: u32,
    pub colour: String,
    /// The printed home hex, if the company has one.
    pub home: Option<String>,
    /// Its tokens block no one (1882's CN).
    pub neutral: bool,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct TrainData {
    pub name: String,
    /// How far it runs (`null`: unlimited), counted as `distance` says.
    pub stops: Option<u32>,
    pub distance: String,
    /// What it may pass without counting.
    pub skip: String,
    /// `counted`: a town is one of its stops; `free`: towns are outside its
    /// number and always paid.
    pub towns: String,
    pub multiplier: u32,
    /// The stops it is paid for when fewer than those it visits (1846's
    /// 3/5: 3); `null` for every other train.
    pub pays: Option<u32>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct PhaseData {
    pub name: String,
    /// The tile colours it allows.
    pub tiles: Vec<String>,
    /// The colour of off-board values in force.
    pub offboard: String,
    /// Trains a company may own, by kind of company.
    pub train_limit: BTreeMap<String, u32>,
}

#[derive(Debug, Serialize, JsonSchema)]
pub struct BonusData {
    pub name: String,
    pub amount: u32,
    pub optional: bool,
    pub multiplied: bool,
    /// Only a company with a token in one of its hexes earns it.
    pub token_holders: bool,
    /// Stopping at any of these earns it (a visit bonus).
    pub visit: Vec<String>,
    /// Stopping at `from` and at any of `to_any` earns it.
    pub from: Option<String>,
    pub to_any: Vec<String>,
    /// Stopping at any of `from_any` and at any of `to_any` earns it, once
    /// (a bonus between two sets of hexes; empty for the others).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub from_any: Vec<String>,
    /// True when `amount` is paid for each stop of the company's longest
    /// route (the route of its set visiting the most stops).
    pub per_stop_of_longest: bool,
}

impl GameData {
    /// The data of a loaded game.
    pub fn of(game: &crate::game::Game) -> GameData {
        use crate::game::BonusKind;
        use crate::geometry::Orientation;
        let end = |e: crate::tile::End| match e {
            crate::tile::End::Face(f) => format!("{f:?}"),
            crate::tile::End::City(i) => format!("City({i})"),
            crate::tile::End::Town(i) => format!("Town({i})"),
        };
        let mut hexes: Vec<_> = game.hexes.iter().collect();
        hexes.sort_by_key(|(c, _)| (c.col, c.row));
        GameData {
            id: game.id.clone(),
            name: game.name.clone(),
            orientation: match game.coords.orientation {
                Orientation::FlatTop => "flat",
                Orientation::PointedTop => "pointed",
            }
            .into(),
            hexes: hexes
                .into_iter()
                .map(|(c, h)| HexData {
                    hex: game.format(*c),
                    tile: h.tile.as_ref().map(TileId::to_string),
                    rotation: h.rotation.steps(),
                    name: h.name.clone(),
                    labels: h.labels.clone(),
                    cost: h.cost.as_ref().map(|c| c.amount),
                    terrain: h.cost.as_ref().map(|c| c.terrain.clone()),
                    free_stop: game.is_free_stop(*c),
                })
                .collect(),
            tiles: game
                .tiles
                .values()
                .map(|t| TileData {
                    name: t.name.to_string(),
                    colour: t.colour.name().into(),
                    track: t.track.iter().map(|k| [end(k.a), end(k.b)]).collect(),
                    cities: t
                        .cities
                        .iter()
                        .map(|c| CityData {
                            revenue: c.revenue,
                            spaces: c.spaces,
                        })
                        .collect(),
                    towns: t.towns.iter().map(|w| w.revenue).collect(),
                    labels: t.labels.clone(),
                    phase_revenue: t
                        .phase_revenue
                        .iter()
                        .map(|(colour, revenue)| PhaseRevenue {
                            colour: colour.name().into(),
                            revenue: *revenue,
                        })
                        .collect(),
                })
                .collect(),
            supply: game
                .tile_counts
                .iter()
                .map(|(tile, count)| SupplyCount {
                    tile: tile.to_string(),
                    count: *count,
                })
                .collect(),
            companies: game
                .companies
                .iter()
                .map(|c| CompanyData {
                    abbrev: c.abbrev.to_string(),
                    name: c.name.clone(),
                    kind: c.kind.name().into(),
                    tokens: c.tokens,
                    colour: c.colour.clone(),
                    home: c.home.clone(),
                    neutral: c.neutral,
                })
                .collect(),
            trains: game
                .trains
                .iter()
                .map(|t| TrainData {
                    name: t.name.to_string(),
                    stops: t.stops,
                    distance: format!("{:?}", t.distance).to_lowercase(),
                    skip: format!("{:?}", t.skip).to_lowercase(),
                    towns: format!("{:?}", t.towns).to_lowercase(),
                    multiplier: t.multiplier,
                    pays: t.pays,
                })
                .collect(),
            phases: game
                .phases
                .iter()
                .map(|p| PhaseData {
                    name: p.name.clone(),
                    tiles: p.tiles.iter().map(|c| c.name().to_string()).collect(),
                    offboard: p.offboard.name().into(),
                    train_limit: p
                        .train_limit
                        .iter()
                        .map(|(kind, n)| (kind.name().to_string(), *n))
                        .collect(),
                })
                .collect(),
            bonuses: game
                .bonuses
                .iter()
                .map(|b| {
                    let (visit, from, to_any) = match &b.kind {
                        BonusKind::Visit(hs) => (hs.clone(), None, Vec::new()),
                        BonusKind::Connection { from, to_any } => {
                            (Vec::new(), Some(*from), to_any.clone())
                        }
                        BonusKind::Between { and_one_of, .. } => {
                            (Vec::new(), None, and_one_of.clone())
                        }
                        BonusKind::LongestRoute => (Vec::new(), None, Vec::new()),
                    };
                    let from_any = match &b.kind {
                        BonusKind::Between { one_of, .. } => one_of.clone(),
                        _ => Vec::new(),
                    };
                    BonusData {
                        name: b.name.clone(),
                        amount: b.amount,
                        optional: b.optional,
                        multiplied: b.multiplied,
                        token_holders: b.token_holders,
                        visit: visit.iter().map(|c| game.format(*c)).collect(),
                        from: from.map(|c| game.format(c)),
                        to_any: to_any.iter().map(|c| game.format(*c)).collect(),
                        from_any: from_any.iter().map(|c| game.format(*c)).collect(),
                        per_stop_of_longest: b.kind == BonusKind::LongestRoute,
                    }
                })
                .collect(),
        }
    }
}
