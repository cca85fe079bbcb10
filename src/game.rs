//! Game definitions: one RON file per game, with its map, rules and rosters.
//!
//! Everything game-specific lives in data so that a new game needs a new RON
//! file, not new Rust. Built-in games are embedded in the binary; a custom
//! game can be loaded from a file (`--game-file`).

use crate::address::CoordSystem;
use crate::catalogue;
use crate::error::{Error, Result};
use crate::geometry::{Coord, Face, Rotation};
use crate::tile::{Colour, Tile};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

mod check;

/// Game files shipped inside the binary.
pub const BUILTIN: &[(&str, &str)] = &[
    ("1830", include_str!("../games/1830.ron")),
    ("1861", include_str!("../games/1861.ron")),
    ("1867", include_str!("../games/1867.ron")),
    ("1889", include_str!("../games/1889.ron")),
];

/// A phase of the game: which tiles may be laid, which off-board value applies.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phase {
    pub name: String,
    pub tiles: Vec<Colour>,
    pub offboard: Colour,
    /// How many trains a company of each kind may own in this phase; a kind
    /// left out has no limit here (1867's majors before they can start).
    #[serde(default, deserialize_with = "crate::unique::map")]
    pub train_limit: BTreeMap<CompanyKind, u32>,
}

/// Companies differ in train limits and in how they pay (1867's minors).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CompanyKind {
    #[default]
    Major,
    Minor,
    National,
}

impl CompanyKind {
    pub fn name(self) -> &'static str {
        match self {
            CompanyKind::Major => "major",
            CompanyKind::Minor => "minor",
            CompanyKind::National => "national",
        }
    }
}

/// How a game pays dividends (18xx.games's `Dividend` steps).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dividends {
    /// Majors may pay half: the treasury keeps half the revenue, rounded
    /// down to a multiple of the share count (1867, 1861).
    #[serde(default)]
    pub half: bool,
    /// Minors split their revenue: half (rounded down) to the treasury,
    /// the rest to the owner (1867, 1861).
    #[serde(default)]
    pub minors_split: bool,
}

impl Phase {
    /// The tile colours this phase allows, in words: `yellow, green`.
    pub fn tiles_word(&self) -> String {
        self.tiles
            .iter()
            .map(|c| c.name())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Which stops a train may pass without stopping.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Skip {
    /// Must stop at every town and city it passes (1830 style).
    Nothing,
    /// May pass towns; must stop at every city (1867 style).
    Towns,
    /// Express: may pass any stop between its first and last.
    Any,
}

/// What a train's number limits.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Distance {
    /// Revenue stops (the usual N-train).
    #[default]
    Stops,
    /// Hexes entered, counting the first.
    Hexes,
}

/// A kind of train.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainDef {
    pub name: String,
    /// `None` for unlimited (D trains).
    pub stops: Option<u32>,
    pub skip: Skip,
    pub multiplier: u32,
    #[serde(default)]
    pub distance: Distance,
}

/// A railway company.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Company {
    pub abbrev: String,
    pub name: String,
    pub tokens: u32,
    pub colour: String,
    pub stripe: String,
    pub text: String,
    #[serde(default)]
    pub home: Option<String>,
    /// Other names people and other programs use for it (1830's `NNH`,
    /// 1867's old `GW` for `GWR`); accepted wherever a company is named.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Tokens on the map from the start of the game (1867's CN in Toronto):
    /// `new` places them.
    #[serde(default)]
    pub setup_tokens: Vec<SetupToken>,
    /// Which city of the `home` hex is reserved for the company (1861's
    /// Moscow holds three homes); without it a one-city home reserves its
    /// city and a home of several cities reserves one space in the hex.
    #[serde(default)]
    pub home_city: Option<usize>,
    /// Where a company without a printed home may put its first token.
    #[serde(default)]
    pub first_token: Option<FirstToken>,
    #[serde(default)]
    pub kind: CompanyKind,
    /// Shares its revenue is paid over (10 for 10% shares; a minor: 1).
    #[serde(default = "ten")]
    pub shares: u32,
}

fn ten() -> u32 {
    10
}

/// Where a company that chooses its home may start.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FirstToken {
    /// In a city holding no token (1867 minors).
    EmptyCity,
    /// In a hex with no company's token (neutral tokens allowed), and in
    /// a hex whose cities no track joins to another stop while one exists
    /// (1867 majors).
    EmptyHexUnconnectedFirst,
    /// In a city holding no token, in a hex whose cities no track joins to
    /// another stop (1861 majors).
    UnconnectedEmptyCity,
}

/// A token placed at setup: the hex and the token space.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupToken {
    pub at: String,
    pub space: usize,
}

/// A hex of the printed map.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexDef {
    pub at: String,
    #[serde(default)]
    pub tile: Option<String>,
    #[serde(default)]
    pub rotation: u8,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub labels: Vec<String>,
    /// Printed track stubs: a tile laid here must have an exit on each.
    #[serde(default)]
    pub stubs: Vec<Face>,
    /// What building on the printed hex costs (mountain, river, lake).
    #[serde(default)]
    pub cost: Option<LayCost>,
}

/// The cost printed on a hex, paid by the first tile laid over it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayCost {
    pub amount: u32,
    /// In words, for the player: `mountain`, `water`, `river and mountain`.
    pub terrain: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BarrierDef {
    pub at: String,
    pub face: Face,
}

/// A hex side across water (1867's St Lawrence): laying track over it
/// costs money, but it is no barrier to track or trains.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WaterSideDef {
    pub at: String,
    pub face: Face,
    pub cost: u32,
}

/// What earns a bonus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BonusKind {
    /// Stopping at any of these hexes (once per route).
    Visit(Vec<String>),
    /// Stopping at `from` and at any of `to_any` in the same route.
    Connection { from: String, to_any: Vec<String> },
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BonusDef {
    pub name: String,
    pub bonus: u32,
    /// Optional bonuses apply only when named (private companies); the others always do.
    #[serde(default)]
    pub optional: bool,
    /// True when a multiplier train (2+2, 5+5E) multiplies the bonus as it
    /// does the stops (1867's Timmins); false adds it once (privates).
    #[serde(default)]
    pub multiplied: bool,
    pub kind: BonusKind,
    /// Only these trains earn it (empty: every train).
    #[serde(default)]
    pub trains: Vec<String>,
    /// Only in these phases (empty: every phase).
    #[serde(default)]
    pub phases: Vec<String>,
}

/// What routes may not share.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConflictRule {
    /// No piece of track (hex edge) twice.
    TrackOnly,
    /// No track twice, and no two stops in the same hex.
    TrackOrCityHex,
}

/// Which new track a company must be able to reach when laying a tile.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LayRule {
    Permissive,
    SemiRestrictive,
    Restrictive,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    pub within_route: ConflictRule,
    pub between_routes: ConflictRule,
    pub tile_lay: LayRule,
    /// When true, new track may end at the map edge, a barrier or the blank
    /// side of a grey or red hex (most games forbid it).
    #[serde(default)]
    pub track_may_dead_end: bool,
    /// On a hex with a city, a lay must use a tile with the most exits
    /// among the legal tiles of its colour (1867, 1861: 63 before 611).
    #[serde(default)]
    pub upgrades_use_most_exits: bool,
}

/// Rules in force until a phase begins (1867's "rules until the start of
/// phase 3"): hexes closed to track, and neutral tokens filling cities.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UntilPhase {
    /// The phase that ends these rules.
    pub phase: String,
    /// Hexes where no tile may be laid until then.
    #[serde(default)]
    pub closed_hexes: Vec<String>,
    /// Cities (hex, city index) where a neutral token fills one space until
    /// then. It keeps companies out but does not block routes.
    #[serde(default)]
    pub neutral_tokens: Vec<NeutralToken>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NeutralToken {
    pub at: String,
    pub city: usize,
}

/// A private company whose ability lays tiles outside the normal rules.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Private {
    pub abbrev: String,
    pub name: String,
    /// Hexes where it may lay.
    pub hexes: Vec<String>,
    /// Tiles it may lay there.
    pub tiles: Vec<String>,
    /// Rules its lay is exempt from, by name (`phase colour`, `tile lay`).
    #[serde(default)]
    pub waives: Vec<String>,
    /// True when its tiles can be laid only through it (1889's port 437).
    #[serde(default)]
    pub exclusive: bool,
}

/// How saves of the rusty_train / navig18xx GUI name this game and its tiles.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportDef {
    pub name: String,
    #[serde(default, deserialize_with = "crate::unique::map")]
    pub tiles: BTreeMap<String, String>,
    /// Company abbreviations in rusty_train saves that differ from ours.
    #[serde(default, deserialize_with = "crate::unique::map")]
    pub companies: BTreeMap<String, String>,
    /// Hexes whose printed tile rusty_train's map leaves out (1861's
    /// Lugansk): an empty hex there in a save means the printed tile.
    #[serde(default)]
    pub absent: Vec<String>,
    /// Phase names in rusty_train saves that differ from ours (1830's "7",
    /// a phase the printed game does not have, is our "D").
    #[serde(default, deserialize_with = "crate::unique::map")]
    pub phases: BTreeMap<String, String>,
}

/// The RON file as written.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameDef {
    pub id: String,
    pub name: String,
    pub coordinates: CoordSystem,
    pub catalogues: Vec<String>,
    pub phases: Vec<Phase>,
    pub trains: Vec<TrainDef>,
    pub companies: Vec<Company>,
    pub hexes: Vec<HexDef>,
    #[serde(default)]
    pub barriers: Vec<BarrierDef>,
    #[serde(default)]
    pub water_sides: Vec<WaterSideDef>,
    pub tile_counts: Vec<(String, u32)>,
    /// Player tiles the game never runs out of (listed before the counted ones).
    #[serde(default)]
    pub unlimited_tiles: Vec<String>,
    #[serde(default)]
    pub bonuses: Vec<BonusDef>,
    /// Off-board areas printed across several hexes, each hex its own
    /// off-board: a route may stop in only one hex of a group.
    #[serde(default)]
    pub offboard_groups: Vec<OffboardGroup>,
    #[serde(default)]
    pub until_phase: Vec<UntilPhase>,
    /// Trains that rust (leave play) when a phase begins: (train, phase).
    #[serde(default)]
    pub rusts: Vec<(String, String)>,
    #[serde(default)]
    pub dividends: Dividends,
    #[serde(default)]
    pub privates: Vec<Private>,
    pub rules: Rules,
    #[serde(default)]
    pub import: ImportDef,
}

/// Hexes of one off-board area (1867's Detroit: A17 and A19).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffboardGroup {
    pub name: String,
    pub hexes: Vec<String>,
}

/// Rules a private's special lay may be exempt from.
pub const WAIVABLE: [&str; 4] = ["phase colour", "tile lay", "upgrade colour", "supply"];

/// The largest bonus a game file or `--visit-bonus` may name: far above
/// any printed game's, and low enough that no sum of revenues overflows.
pub const MAX_BONUS: u32 = 10_000;

/// How many copies of a player tile a game has.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Supply {
    Copies(u32),
    Unlimited,
}

impl Supply {
    /// True when another copy may be laid while `used` are on the map.
    pub fn allows(self, used: usize) -> bool {
        match self {
            Supply::Copies(n) => used < n as usize,
            Supply::Unlimited => true,
        }
    }
}

/// In JSON a count is a number, or the string "unlimited".
impl Serialize for Supply {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Supply::Copies(n) => s.serialize_u32(*n),
            Supply::Unlimited => s.serialize_str("unlimited"),
        }
    }
}

impl std::fmt::Display for Supply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Supply::Copies(n) => n.fmt(f),
            Supply::Unlimited => "∞".fmt(f),
        }
    }
}

/// A printed map hex, resolved.
#[derive(Clone, Debug)]
pub struct MapHex {
    pub tile: Option<String>,
    pub rotation: Rotation,
    pub name: Option<String>,
    pub labels: Vec<String>,
    pub stubs: Vec<Face>,
    pub cost: Option<LayCost>,
}

/// [`UntilPhase`] with its hexes resolved.
#[derive(Clone, Debug)]
pub struct EarlyRules {
    /// Index of the phase that ends them.
    pub until: usize,
    pub closed_hexes: BTreeSet<Coord>,
    pub neutral_tokens: BTreeSet<(Coord, usize)>,
}

/// A bonus with its hexes resolved.
#[derive(Clone, Debug)]
pub struct Bonus {
    pub name: String,
    pub bonus: u32,
    pub optional: bool,
    pub multiplied: bool,
    pub kind: ResolvedBonus,
    pub trains: Vec<String>,
    pub phases: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolvedBonus {
    Visit(Vec<Coord>),
    Connection { from: Coord, to_any: Vec<Coord> },
}

/// A loaded, checked game.
#[derive(Clone, Debug)]
pub struct Game {
    pub id: String,
    pub name: String,
    pub coords: CoordSystem,
    pub tiles: BTreeMap<String, Tile>,
    pub phases: Vec<Phase>,
    pub trains: Vec<TrainDef>,
    pub companies: Vec<Company>,
    pub hexes: BTreeMap<Coord, MapHex>,
    /// Impassable hex sides, recorded from both sides.
    pub barriers: BTreeSet<(Coord, Face)>,
    /// Water sides and what building across them costs, from both sides.
    pub water_sides: BTreeMap<(Coord, Face), u32>,
    /// Player tiles and how many of each there are.
    pub tile_counts: Vec<(String, Supply)>,
    pub bonuses: Vec<Bonus>,
    /// Each hex of a multi-hex off-board, and its group's first hex.
    pub offboard_groups: BTreeMap<Coord, Coord>,
    pub early: Vec<EarlyRules>,
    pub privates: Vec<Private>,
    /// Trains and the phase index at whose start they rust.
    pub rusts: Vec<(String, usize)>,
    pub dividends: Dividends,
    pub rules: Rules,
    pub import: ImportDef,
}

/// Names of the built-in games.
pub fn builtin_ids() -> Vec<&'static str> {
    BUILTIN.iter().map(|(id, _)| *id).collect()
}

/// Loads a built-in game by id.
pub fn builtin(id: &str) -> Result<Game> {
    let (_, text) = BUILTIN.iter().find(|(gid, _)| *gid == id).ok_or_else(|| {
        Error::unknown(
            "game",
            id,
            "",
            builtin_ids(),
            format!("; hexroute knows: {}", builtin_ids().join(", ")),
        )
    })?;
    Game::from_ron(text, &format!("games/{id}.ron"), None)
}

/// Loads a game file from disk; its catalogues are embedded names or paths
/// relative to the file.
pub fn from_file(path: &Path) -> Result<Game> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::GameFile(format!("{}: {e}", path.display())))?;
    // Some editors start a UTF-8 file with a byte order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    Game::from_ron(text, &path.display().to_string(), path.parent())
}

impl Game {
    pub fn from_ron(text: &str, source: &str, dir: Option<&Path>) -> Result<Game> {
        let def: GameDef = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(text)
            .map_err(|e| Error::GameFile(format!("{source}: {e}")))?;
        Game::from_def(def, source, dir)
    }

    pub fn from_def(def: GameDef, source: &str, dir: Option<&Path>) -> Result<Game> {
        let err = |msg: String| Error::GameFile(format!("{source}: {msg}"));
        let mut parts = Vec::new();
        for name in &def.catalogues {
            let (label, text) = match catalogue::embedded(name) {
                Some(text) => (format!("catalogues/{name}.ron"), text.to_string()),
                None => {
                    let path = dir.map(|d| d.join(name)).unwrap_or_else(|| name.into());
                    let text = std::fs::read_to_string(&path).map_err(|e| {
                        err(format!(
                            "catalogue \"{name}\": {e} (built-in catalogues: {})",
                            embedded_names()
                        ))
                    })?;
                    (path.display().to_string(), text)
                }
            };
            parts.push((label.clone(), catalogue::parse(&text, &label)?));
        }
        let tiles = catalogue::merge(parts)?;
        if def.phases.is_empty() {
            return Err(err("a game needs at least one phase".into()));
        }
        let coords = def.coordinates;
        let parse = |text: &str| coords.parse(text).map_err(|e| err(e.to_string()));
        let mut hexes = BTreeMap::new();
        for h in &def.hexes {
            let c = parse(&h.at)?;
            if let Some(t) = &h.tile
                && !tiles.contains_key(t)
            {
                return Err(err(format!("hex {}: unknown tile \"{t}\"", h.at)));
            }
            let rotation = Rotation::checked(i64::from(h.rotation))
                .ok_or_else(|| err(format!("hex {}: rotation {} is not 0-5", h.at, h.rotation)))?;
            let hex = MapHex {
                tile: h.tile.clone(),
                rotation,
                name: h.name.clone(),
                labels: h.labels.clone(),
                stubs: h.stubs.clone(),
                cost: h.cost.clone(),
            };
            if hexes.insert(c, hex).is_some() {
                return Err(err(format!("hex {} is listed twice", h.at)));
            }
        }
        let mut barriers = BTreeSet::new();
        for b in &def.barriers {
            let c = parse(&b.at)?;
            barriers.insert((c, b.face));
            barriers.insert((c.neighbour(b.face, coords.orientation), b.face.opposite()));
        }
        let mut water_sides = BTreeMap::new();
        for w in &def.water_sides {
            let c = parse(&w.at)?;
            if barriers.contains(&(c, w.face)) {
                return Err(err(format!(
                    "hex {} {}: a side is water or a barrier, not both",
                    w.at, w.face
                )));
            }
            water_sides.insert((c, w.face), w.cost);
            water_sides.insert(
                (c.neighbour(w.face, coords.orientation), w.face.opposite()),
                w.cost,
            );
        }
        let tile_counts: Vec<(String, Supply)> = def
            .unlimited_tiles
            .iter()
            .map(|name| (name.clone(), Supply::Unlimited))
            .chain(
                def.tile_counts
                    .iter()
                    .map(|(name, n)| (name.clone(), Supply::Copies(*n))),
            )
            .collect();
        let mut seen = BTreeSet::new();
        for (name, _) in &tile_counts {
            if !tiles.contains_key(name) {
                return Err(err(format!("tile_counts: unknown tile \"{name}\"")));
            }
            if !seen.insert(name) {
                return Err(err(format!("tile_counts: tile \"{name}\" is listed twice")));
            }
        }
        let mut bonuses = Vec::new();
        for b in &def.bonuses {
            let kind = match &b.kind {
                BonusKind::Visit(hs) => {
                    ResolvedBonus::Visit(hs.iter().map(|h| parse(h)).collect::<Result<_, _>>()?)
                }
                BonusKind::Connection { from, to_any } => ResolvedBonus::Connection {
                    from: parse(from)?,
                    to_any: to_any.iter().map(|h| parse(h)).collect::<Result<_, _>>()?,
                },
            };
            if b.bonus > MAX_BONUS {
                return Err(err(format!(
                    "bonus \"{}\": ${} is more than the ${MAX_BONUS} any game pays",
                    b.name, b.bonus
                )));
            }
            bonuses.push(Bonus {
                name: b.name.clone(),
                bonus: b.bonus,
                optional: b.optional,
                multiplied: b.multiplied,
                kind,
                trains: b.trains.clone(),
                phases: b.phases.clone(),
            });
        }
        let mut offboard_groups = BTreeMap::new();
        for g in &def.offboard_groups {
            let hexes = g
                .hexes
                .iter()
                .map(|h| parse(h))
                .collect::<Result<Vec<_>>>()?;
            let Some(&first) = hexes.iter().min() else {
                return Err(err(format!("off-board group {} has no hex", g.name)));
            };
            for h in hexes {
                if offboard_groups.insert(h, first).is_some() {
                    return Err(err(format!(
                        "hex {} is in two off-board groups",
                        coords.format(h)
                    )));
                }
            }
        }
        let mut seen = BTreeSet::new();
        for c in &def.companies {
            for name in std::iter::once(&c.abbrev).chain(&c.aliases) {
                if !seen.insert(name.to_ascii_uppercase()) {
                    return Err(err(format!(
                        "company name {name} is used twice (abbreviations and aliases)"
                    )));
                }
            }
            for t in &c.setup_tokens {
                let at = parse(&t.at)?;
                if !hexes.contains_key(&at) {
                    return Err(err(format!(
                        "{}'s setup token: hex {} is not on the map",
                        c.abbrev, t.at
                    )));
                }
            }
        }
        let phase_of = |name: &str, what: &str| {
            def.phases
                .iter()
                .position(|p| p.name == name)
                .ok_or_else(|| err(format!("{what}: unknown phase \"{name}\"")))
        };
        let on_map = |h: &str, what: &str| -> Result<Coord> {
            let c = parse(h)?;
            if hexes.contains_key(&c) {
                Ok(c)
            } else {
                Err(err(format!("{what}: hex {h} is not on the map")))
            }
        };
        let mut early = Vec::new();
        for u in &def.until_phase {
            early.push(EarlyRules {
                until: phase_of(&u.phase, "until_phase")?,
                closed_hexes: u
                    .closed_hexes
                    .iter()
                    .map(|h| on_map(h, "until_phase"))
                    .collect::<Result<_>>()?,
                neutral_tokens: u
                    .neutral_tokens
                    .iter()
                    .map(|n| Ok((on_map(&n.at, "neutral token")?, n.city)))
                    .collect::<Result<_>>()?,
            });
        }
        let mut rusts = Vec::new();
        for (train, phase) in &def.rusts {
            if !def.trains.iter().any(|t| &t.name == train) {
                return Err(err(format!("rusts: unknown train \"{train}\"")));
            }
            rusts.push((train.clone(), phase_of(phase, "rusts")?));
        }
        for p in &def.privates {
            for h in &p.hexes {
                on_map(h, &p.name)?;
            }
            for t in &p.tiles {
                if !tiles.contains_key(t) {
                    return Err(err(format!("{}: unknown tile \"{t}\"", p.name)));
                }
            }
            for w in &p.waives {
                if !WAIVABLE.contains(&w.as_str()) {
                    return Err(err(format!(
                        "{}: rule \"{w}\" cannot be waived (waivable: {})",
                        p.name,
                        WAIVABLE.join(", ")
                    )));
                }
            }
        }
        let game = Game {
            id: def.id,
            name: def.name,
            coords,
            tiles,
            phases: def.phases,
            trains: def.trains,
            companies: def.companies,
            hexes,
            barriers,
            water_sides,
            tile_counts,
            bonuses,
            offboard_groups,
            early,
            privates: def.privates,
            rusts,
            dividends: def.dividends,
            rules: def.rules,
            import: def.import,
        };
        check::loaded(&game, source)?;
        Ok(game)
    }

    pub fn format(&self, c: Coord) -> String {
        self.coords.format(c)
    }

    pub fn tile(&self, name: &str) -> Result<&Tile> {
        self.tiles.get(name).ok_or_else(|| {
            let names = self.tiles.keys().map(String::as_str);
            Error::unknown("tile", name, &self.id, names, String::new())
        })
    }

    /// A company by its abbreviation or an alias, in any case.
    pub fn company(&self, abbrev: &str) -> Result<&Company> {
        let abbrev = abbrev.trim();
        self.companies
            .iter()
            .find(|c| c.abbrev == abbrev)
            .or_else(|| {
                self.companies
                    .iter()
                    .find(|c| c.abbrev.eq_ignore_ascii_case(abbrev))
            })
            .or_else(|| {
                self.companies
                    .iter()
                    .find(|c| c.aliases.iter().any(|a| a.eq_ignore_ascii_case(abbrev)))
            })
            .ok_or_else(|| {
                let names = self.companies.iter().map(|c| c.abbrev.as_str());
                let known = format!(
                    "; companies: {}",
                    names.clone().collect::<Vec<_>>().join(", ")
                );
                Error::unknown("company", abbrev, &self.id, names, known)
            })
    }

    pub fn train(&self, name: &str) -> Result<&TrainDef> {
        self.trains
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| {
                let names = self.trains.iter().map(|t| t.name.as_str());
                let known = format!(
                    "; its trains are: {}",
                    names.clone().collect::<Vec<_>>().join(", ")
                );
                Error::unknown("train", name, &self.id, names, known)
            })
    }

    pub fn phase_index(&self, name: &str) -> Result<usize> {
        self.phases
            .iter()
            .position(|p| p.name == name.trim())
            .ok_or_else(|| {
                let names = self.phases.iter().map(|p| p.name.as_str());
                let known = format!("; phases: {}", names.clone().collect::<Vec<_>>().join(", "));
                Error::unknown("phase", name, &self.id, names, known)
            })
    }

    /// The printed name of the location at a hex, if any.
    pub fn location(&self, c: Coord) -> Option<&str> {
        self.hexes.get(&c).and_then(|h| h.name.as_deref())
    }

    /// Every token the game places at setup: company, hex, token space.
    pub fn setup_tokens(&self) -> impl Iterator<Item = (&str, Coord, usize)> + '_ {
        self.companies.iter().flat_map(move |c| {
            c.setup_tokens.iter().map(move |t| {
                let at = self
                    .coords
                    .parse(&t.at)
                    .expect("setup token hexes are checked when the game loads");
                (c.abbrev.as_str(), at, t.space)
            })
        })
    }

    /// Where route rules place a hex: itself, or its off-board group's first hex.
    pub fn place_of(&self, c: Coord) -> Coord {
        self.offboard_groups.get(&c).copied().unwrap_or(c)
    }

    pub fn is_barrier(&self, c: Coord, face: Face) -> bool {
        self.barriers.contains(&(c, face))
    }

    /// The early rules that close hex `c` to track in phase `phase`.
    pub fn closed_by(&self, c: Coord, phase: usize) -> Option<&EarlyRules> {
        self.early
            .iter()
            .find(|e| phase < e.until && e.closed_hexes.contains(&c))
    }

    /// The early rules whose neutral token fills a space of city `city` on
    /// hex `c` in phase `phase`.
    pub fn neutral_token(&self, c: Coord, city: usize, phase: usize) -> Option<&EarlyRules> {
        self.early
            .iter()
            .find(|e| phase < e.until && e.neutral_tokens.contains(&(c, city)))
    }

    /// A private company by name or abbreviation, any case.
    pub fn private(&self, name: &str) -> Result<&Private> {
        let wanted = name.trim();
        self.privates
            .iter()
            .find(|p| p.abbrev.eq_ignore_ascii_case(wanted) || p.name.eq_ignore_ascii_case(wanted))
            .ok_or_else(|| {
                let names: Vec<&str> = self.privates.iter().map(|p| p.name.as_str()).collect();
                let known = if names.is_empty() {
                    "; this game has no private that lays tiles".to_string()
                } else {
                    format!("; privates that lay tiles: {}", names.join(", "))
                };
                Error::unknown("private company", wanted, &self.id, names, known)
            })
    }

    /// How many trains `company` may own in phase `phase`, if limited.
    pub fn train_limit(&self, company: &Company, phase: usize) -> Option<u32> {
        self.phases[phase].train_limit.get(&company.kind).copied()
    }

    /// The trains that rust when phase `phase` begins.
    pub fn rusting_at(&self, phase: usize) -> impl Iterator<Item = &str> + '_ {
        self.rusts
            .iter()
            .filter(move |(_, p)| *p == phase)
            .map(|(t, _)| t.as_str())
    }

    /// The private through which alone `tile` may be laid, if any.
    pub fn exclusive_private(&self, tile: &str) -> Option<&Private> {
        self.privates
            .iter()
            .find(|p| p.exclusive && p.tiles.iter().any(|t| t == tile))
    }

    /// How many copies of a tile the game has, if players may lay it.
    pub fn tile_count(&self, name: &str) -> Option<Supply> {
        self.tile_counts
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, c)| *c)
    }
}

fn embedded_names() -> String {
    catalogue::EMBEDDED
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}
