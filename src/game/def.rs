//! The game file's types, as RON reads them: phases, trains, companies,
//! the printed map, bonuses, privates and rules. `resolve` checks them and
//! turns them into a [`super::Game`].

use crate::address::CoordSystem;
use crate::geometry::Face;
use crate::tile::{Colour, TileId};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use super::private_def::{MapEffect, OnMap, Private, PrivateToken};
pub use super::train_def::{
    Distance, EdgeCost, EndTowns, PhaseTokenBonus, Pullman, Repays, Runs, Skip, TokenBonus, Towns,
    TrainDef, running,
};

/// A phase of the game: which tiles may be laid, which off-board value applies.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Phase {
    /// Its name as the game prints it (`2`, `D`, `III`).
    pub name: String,
    /// The tile colours players may lay in it.
    pub tiles: Vec<Colour>,
    /// Which of an off-board's values applies: the colour it is printed under.
    pub offboard: Colour,
    /// How many trains a company of each kind may own in this phase; a kind
    /// left out has no limit here (1867's majors before they can start).
    #[serde(default, deserialize_with = "crate::unique::map")]
    pub train_limit: BTreeMap<CompanyKind, u32>,
    /// The sizes (share counts, `rules.company_sizes`) a company may start
    /// at in this phase, the one taken unasked first (1817: 2, then 2 or 5).
    #[serde(default)]
    pub sizes: Vec<u32>,
}

/// Companies differ in train limits and in how they pay (1867's minors).
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
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
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
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

/// A railway company.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Company {
    /// Its abbreviation, as saves, commands and 18xx.games name it (`CPR`).
    pub abbrev: super::CompanyId,
    /// Its full name, for the player.
    pub name: String,
    /// How many station tokens it has, its home token among them.
    pub tokens: u32,
    /// The colour of its tokens in pictures, `#rrggbb`.
    pub colour: String,
    /// The colour of its tokens' stripe in pictures, `#rrggbb`.
    pub stripe: String,
    /// The colour of the abbreviation on its tokens, `#rrggbb`.
    pub text: String,
    /// The hex of its printed home token, if it has one.
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
    /// Tokens that go down with its home token, as its title puts that
    /// down (a second home: 1847 AE's HLB, in Worms and Darmstadt as it
    /// floats); an import places them, judged by no placement rule.
    #[serde(default)]
    pub home_tokens: Vec<SetupToken>,
    /// Which city of the `home` hex is reserved for the company (1861's
    /// Moscow holds three homes); without it a one-city home reserves its
    /// city and a home of several cities reserves one space in the hex.
    #[serde(default)]
    pub home_city: Option<usize>,
    /// Where a company without a printed home may put its first token.
    #[serde(default)]
    pub first_token: Option<FirstToken>,
    /// Major (absent), minor or national: what its train limits and dividends follow.
    #[serde(default)]
    pub kind: CompanyKind,
    /// Shares its revenue is paid over (10 for 10% shares; a minor: 1).
    #[serde(default = "ten")]
    pub shares: u32,
    /// Its tokens block no one: a city holding one lets every company's
    /// trains through, full or not (18xx.games's neutral tokens: 1882's
    /// CN, whose tokens the other companies lay). An 18xx.games token of
    /// type `neutral` is this company's.
    #[serde(default)]
    pub neutral: bool,
    /// Token spaces held for the company, each with its right to a token
    /// there (18xx.games's `reservation` and `token` abilities of a
    /// corporation: 1846's PRR in Fort Wayne, B&O in Cincinnati).
    #[serde(default)]
    pub reserved_tokens: Vec<ReservedToken>,
    /// A company may buy this minor, as the private company of its
    /// abbreviation (a save's `privates`), and then holds the minor's home
    /// token as one beyond its own count (18xx.games's 1846 Michigan
    /// Southern and Big 4: "purchasing company receives its cash, train
    /// and token").
    #[serde(default)]
    pub token_to_buyer: bool,
    /// On reaching its destination (a save's `destinations_reached`) the
    /// company holds a token in this hex's first city beside its spaces,
    /// taking none (18xx.games's `extra_slot`: 1870's destination token).
    #[serde(default)]
    pub destination_token: Option<String>,
    /// What its tokens cost, the home token first, where they differ from
    /// the title's `rules.token_prices` (18JP-T's Tobu: its second token,
    /// Koshigaya's, free too); the last price repeats. Absent: the title's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub token_prices: Vec<u32>,
}

/// A token space held for a company until a phase, and the company's right
/// to a token there (18xx.games: a corporation's `reservation` ability with
/// its `token` ability on the same hex).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReservedToken {
    /// The hex.
    pub at: String,
    /// The city of the hex's tile, numbered as our catalogues number it
    /// (0 in a hex of one city).
    #[serde(default)]
    pub city: usize,
    /// The space of that city held (ERIE's in Erie is 1: NYC's home token
    /// takes the 0).
    #[serde(default)]
    pub slot: usize,
    /// The phase from which the space is no longer held; without it, held
    /// until the company's token is on the hex.
    #[serde(default)]
    pub until: Option<String>,
    /// The company may place its token on the hex without a route, in any
    /// phase (18xx.games's `teleport_price`: PRR's Fort Wayne at $60 rather
    /// than $40 with a route). Without it the token needs a route as any
    /// other does.
    #[serde(default)]
    pub teleport: bool,
}

fn ten() -> u32 {
    10
}

/// Where a company that chooses its home may start.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
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
    /// In any city with a free space, other companies' homes kept, or in
    /// the space of a neutral token, which leaves the map (1882's
    /// Saskatchewan Central).
    FreeSpace,
}

/// A token placed at setup: the hex and the token space.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupToken {
    /// The hex.
    pub at: String,
    /// The token space, counted over the hex's cities in order (0 first).
    pub space: usize,
}

/// A hex of the printed map.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexDef {
    /// Its printed address (`J12`).
    pub at: String,
    /// The tile printed on it, from the catalogues; absent for an empty hex.
    #[serde(default)]
    pub tile: Option<TileId>,
    /// How many sixths of a turn clockwise the printed tile sits (0 to 5).
    #[serde(default)]
    pub rotation: u8,
    /// The place's name, as printed.
    #[serde(default)]
    pub name: Option<String>,
    /// Labels (`OO`, `Y`, `NY`) that a tile laid here must carry.
    #[serde(default)]
    pub labels: Vec<String>,
    /// Labels that bind only tiles of a colour and later: tiles of earlier
    /// colours on the hex are unlabelled (18xx.games's `future_label`:
    /// 18MS's Mobile takes the common yellow and green tiles, then the
    /// brown Mob; 18AL's Montgomery L5 any yellow city, then only the green
    /// and brown M tiles).
    #[serde(default)]
    pub future_labels: Vec<FutureLabel>,
    /// Printed track stubs: a tile laid here must have an exit on each.
    #[serde(default)]
    pub stubs: Vec<Face>,
    /// What building on the printed hex costs (mountain, river, lake).
    #[serde(default)]
    pub cost: Option<LayCost>,
}

/// A label a hex takes from one tile colour on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FutureLabel {
    /// The label.
    pub label: String,
    /// The first colour it binds.
    pub from: Colour,
    /// The first colour it no longer binds (18MEX's Guadalajara: G on
    /// its brown tile only, its grey one unlabelled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<Colour>,
}

/// The cost printed on a hex, paid by the first tile laid over it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LayCost {
    /// What it costs, in money.
    pub amount: u32,
    /// In words, for the player: `mountain`, `water`, `river and mountain`.
    pub terrain: String,
}

/// A hex side no track crosses (a river or a mountain range printed
/// along it).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BarrierDef {
    /// A hex on one side of the barrier.
    pub at: String,
    /// The side of that hex the barrier lies along.
    pub face: Face,
}

/// A side of an edge hex where track may leave the map (`open_sides`).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OpenSideDef {
    /// A hex at the map's edge.
    pub at: String,
    /// Its side facing off the map.
    pub face: Face,
}

/// A hex side across water (1867's St Lawrence): laying track over it
/// costs money, but it is no barrier to track or trains.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WaterSideDef {
    /// A hex on one side of the water.
    pub at: String,
    /// The side of that hex across the water.
    pub face: Face,
    /// What laying track over it costs.
    pub cost: u32,
}

/// What earns a bonus: hexes as a game file writes them (`String`), or
/// resolved on a map (`Coord`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum BonusKind<H = String> {
    /// Stopping at any of these hexes (once per route).
    Visit(Vec<H>),
    /// Stopping at `from` and at any of `to_any` in the same route.
    Connection { from: H, to_any: Vec<H> },
    /// Stopping at any of `one_of` and at any of `and_one_of` in the same
    /// route: once a route, however many of either it counts (1847AE's
    /// coal bonus, a coal mine to a Z city, and its local bonus:
    /// 18xx.games's `coal_bonus` and `local_bonus`).
    Between { one_of: Vec<H>, and_one_of: Vec<H> },
    /// The bonus for each stop the company's longest route visits, counted
    /// or not: the route of the set that visits the most stops (1846's Mail
    /// Contract, $10 a stop; 18xx.games's `visited_stops`). One route of a
    /// set earns it.
    LongestRoute,
}

/// A bonus a route earns on top of its stops' revenue.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BonusDef {
    /// Its name, for the player and for `--bonus`.
    pub name: String,
    /// What it adds to a route's revenue.
    pub bonus: u32,
    /// Optional bonuses apply only when named (private companies); the others always do.
    #[serde(default)]
    pub optional: bool,
    /// True when a multiplier train (2+2, 5+5E) multiplies the bonus as it
    /// does the stops (1867's Timmins); false adds it once (privates).
    #[serde(default)]
    pub multiplied: bool,
    /// What a route does to earn it.
    pub kind: BonusKind,
    /// Only these trains earn it (empty: every train).
    #[serde(default)]
    pub trains: Vec<super::TrainId>,
    /// Only in these phases (empty: every phase).
    #[serde(default)]
    pub phases: Vec<String>,
    /// The private company (18xx.games's sym, `BSS`) whose owner earns it
    /// without naming it: a save's `privates` says who owns which.
    /// `SYM@HEX` is the private's marker once assigned to that hex
    /// (18xx.games's `assign`: 18AL's Warrior Coal Field token, `SNAR@G4`).
    #[serde(default)]
    pub private: Option<super::PrivateId>,
    /// True when only a company with a token in one of its hexes earns it
    /// (18MS's New Orleans: $10 a route to the company whose token is there).
    #[serde(default)]
    pub token_holders: bool,
    /// Every other company earns this instead while the company owning
    /// `private` holds it (1870's open port: $20 to its owner, $10 to the rest).
    #[serde(default)]
    pub others: Option<u32>,
    /// The bonus stays with the company that owns `private` when private
    /// companies close (18xx.games gives the ability to the company
    /// itself: 18AL's M&C markers and Warrior Coal Field token).
    #[serde(default)]
    pub after_close: bool,
    /// Only this company earns it (1888's, 1870's destinations).
    #[serde(default)]
    pub company: Option<super::CompanyBonus>,
    /// Paid once a run, to the one route of the set it pays most, however
    /// many routes earn it (1822's destination bonus: 18xx.games g_1822
    /// `destination_bonus`, the biggest of the routes'). Absent: every
    /// route earning it is paid.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub once_per_run: bool,
}

/// Companies of `kind` that have not started by `phase` never do.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CannotStart {
    /// The kind of company.
    pub kind: CompanyKind,
    /// The phase from which those not started never do.
    pub phase: String,
}

/// What routes may not share.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum ConflictRule {
    /// No piece of track (hex edge) twice.
    TrackOnly,
    /// No track twice, and no two stops in the same hex.
    TrackOrCityHex,
}

/// Which new track a company must be able to reach when laying a tile.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum LayRule {
    Permissive,
    SemiRestrictive,
    Restrictive,
}

/// The game's rules for routes and tile lays.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// What one route may not use twice.
    pub within_route: ConflictRule,
    /// What two routes of a company may not share.
    pub between_routes: ConflictRule,
    /// Which new track a company must be able to reach to lay a tile.
    pub tile_lay: LayRule,
    /// A one-run token, by the game's name for it (18TN's "Civil War"): a
    /// company holding it (a save's `lose_lowest`) loses its
    /// lowest-revenue route at its next run, unless it runs fewer routes
    /// than it has trains. Absent: the game has no such token.
    #[serde(default)]
    pub lose_lowest: Option<String>,
    /// When true, new track may end at the map edge, a barrier or the blank
    /// side of a grey or red hex (most games forbid it).
    #[serde(default)]
    pub track_may_dead_end: bool,
    /// When true, new track may end at the blank side of a neighbouring
    /// grey, red or blue tile, though still not off the map or across a
    /// barrier: 18xx.games's own lay check asks only that the neighbour
    /// exists (18JP-T's Tokyu laid a green T tile into the blank side of
    /// Shijuku's grey one).
    #[serde(default)]
    pub track_may_meet_blank_sides: bool,
    /// On a hex with a city, a lay must use a tile with the most exits
    /// among the legal tiles of its colour (1867, 1861: 63 before 611).
    #[serde(default)]
    pub upgrades_use_most_exits: bool,
    /// On a labelled hex an upgrade may have more cities than the tile it
    /// replaces, each old city's sides kept by one new city (18xx.games
    /// lets a labelled city upgrade whatever its count: 1836Jr30's
    /// Amsterdam, one NY city in yellow, two in green and brown).
    #[serde(default)]
    pub labelled_cities_may_split: bool,
    /// The tile lays of one company's turn, in order (18xx.games's
    /// `TILE_LAYS`); absent: one lay, placed or upgraded.
    #[serde(default = "super::turn::one_lay")]
    pub lays: Vec<super::TurnLay>,
    /// Turns that differ from `lays` by phase, kind of company, privates
    /// held or a company's first turn; the first that holds is the turn.
    #[serde(default)]
    pub turns: Vec<super::turn::KeyedTurn>,
    /// What a company's tokens cost, the home token first; the last price
    /// repeats (18xx.games's corporations' `tokens`). Absent: unknown.
    #[serde(default)]
    pub token_prices: Vec<u32>,
    /// The sizes a company comes in and the tokens each owns (1817's 2, 5
    /// and 10 shares: 1, 2 and 4): a company's size in a save sets its
    /// token count. Absent: every company has its `tokens`.
    #[serde(default)]
    pub company_sizes: Vec<super::sizes::CompanySize>,
    /// Hexes whose city makes a second home: a company whose first token
    /// is there puts its second anywhere a token may go, no route needed
    /// (1817WO's Nieuw Zeeland, 18xx.games's `place_second_token`).
    #[serde(default)]
    pub second_home_hexes: Vec<String>,
    /// Routes may run through a city other companies' tokens fill, so many
    /// a route, on one route of a run or each (1860). Absent: such a city
    /// ends a route.
    #[serde(default)]
    pub pass_blocked: Option<super::pass_blocked::PassBlocked>,
    /// A route enters each hex once: having left a hex it may not come
    /// back to it, though it may run between two stops inside it (1860,
    /// 18xx.games g_1860 `check_hex_reentry`). Absent: a route may enter a
    /// hex again on other track.
    #[serde(default)]
    pub enter_hex_once: bool,
    /// One route of a run must run to or through the city holding the
    /// company's token in its home hex (1860, g_1860 `check_home_token`:
    /// "At least one route must include home token"). Absent: any route.
    #[serde(default)]
    pub run_through_home: bool,
    /// The routes of a run must hold together: each shares a stop, passed
    /// or counted, with another, and all are so joined (1860, g_1860
    /// `check_intersection`: "Routes must intersect with each other").
    /// Absent: routes may lie apart.
    #[serde(default)]
    pub routes_meet: bool,
    /// An upgrade that joins cities leaves a company with two tokens in
    /// one city: the second leaves the map (18EU's brown tiles over
    /// Paris's, Berlin's or Vienna's cities: 18xx.games's
    /// `maybe_remove_duplicate_token!`). Absent: both stay.
    #[serde(default)]
    pub joined_tokens_leave: bool,
}

/// Rules in force until a phase begins (1867's "rules until the start of
/// phase 3"): hexes closed to track, and neutral tokens filling cities.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
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

/// A neutral token in one city of a hex.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NeutralToken {
    /// The hex.
    pub at: String,
    /// The city of the hex's tile (0 in a hex of one city).
    pub city: usize,
}

/// From `phase` on, a tile of `from` may be replaced by one of `to`,
/// whatever their colours and stops, each old town's sides kept by a city
/// or by track joining them (18xx.games's `upgrades_to?` overrides: 1856's
/// towns become plain track or cities, two towns a green city, in phase 6).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StopUpgrade {
    /// The tiles that may be replaced.
    pub from: Vec<TileId>,
    /// The tiles that may replace them.
    pub to: Vec<TileId>,
    /// The phase from which they may.
    pub phase: String,
    /// The hexes where they may (none: everywhere); 18CO's green towns
    /// become brown cities only where the map prints the upgrade icon.
    #[serde(default)]
    pub hexes: Vec<String>,
}

/// How saves of the rusty_train / navig18xx GUI name this game and its tiles.
#[derive(Clone, Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportDef {
    /// The game's name in rusty_train saves.
    pub name: String,
    /// Tile names in rusty_train saves that differ from ours: theirs to ours.
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
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameDef {
    /// What `new` and saves call the game (`1867`).
    pub id: String,
    /// Its full title, for the player.
    pub name: String,
    /// How the board prints hex addresses.
    pub coordinates: CoordSystem,
    /// The tile catalogues its tiles come from, built-in names or files beside
    /// the game file; a later one may add tiles.
    pub catalogues: Vec<String>,
    /// Its phases, in play order.
    pub phases: Vec<Phase>,
    /// Its kinds of train.
    pub trains: Vec<TrainDef>,
    /// Its railway companies (majors, minors and nationals).
    pub companies: Vec<Company>,
    /// Every hex of the printed map.
    pub hexes: Vec<HexDef>,
    /// Hex sides no track crosses.
    #[serde(default)]
    pub barriers: Vec<BarrierDef>,
    /// Sides of the map's edge hexes where new track may run off the map
    /// (18 Los Angeles's A4, A6 and A8 lead to 18xx.games's hidden
    /// off-boards a5 and a9, of revenue 0 and visit cost 100, where no route
    /// ever stops): the track ends there, as if the map went on blank.
    #[serde(default)]
    pub open_sides: Vec<OpenSideDef>,
    /// Hex sides across water, which cost money to build over.
    #[serde(default)]
    pub water_sides: Vec<WaterSideDef>,
    /// The player tiles and how many copies of each the game has.
    pub tile_counts: Vec<(TileId, u32)>,
    /// Player tiles the game never runs out of (listed before the counted ones).
    #[serde(default)]
    pub unlimited_tiles: Vec<TileId>,
    /// Revenue bonuses: for visiting hexes, for connections, and privates'.
    #[serde(default)]
    pub bonuses: Vec<BonusDef>,
    /// Off-board areas printed across several hexes, each hex its own
    /// off-board: a route may stop in only one hex of a group.
    #[serde(default)]
    pub offboard_groups: Vec<OffboardGroup>,
    /// Hexes whose stops take none of a train's N and are always paid
    /// when the route reaches them (18xx.games's `visit_cost: 0`: 1882's
    /// fishing exit B6).
    #[serde(default)]
    pub free_stops: Vec<String>,
    /// Off-boards that pay per token (18xx.games's ports): absent in most
    /// games.
    #[serde(default)]
    pub ports: Option<Ports>,
    /// Hexes a route may stop in only with enough stops (1849's ports).
    #[serde(default)]
    pub min_stops: Vec<super::MinStops>,
    /// Bonuses or tolls for hexes a route's track enters, stop or not
    /// (1817's coal mines): see [`PassThroughDef`].
    #[serde(default)]
    pub pass_through: Vec<PassThroughDef>,
    /// Rules in force until a phase begins.
    #[serde(default)]
    pub until_phase: Vec<UntilPhase>,
    /// Trains that rust (leave play) when a phase begins: (train, phase).
    #[serde(default)]
    pub rusts: Vec<(super::TrainId, String)>,
    /// Trains made obsolete when a phase begins: (train, phase). Each runs
    /// once more, in its company's next operating turn, then leaves
    /// (18xx.games's obsolete_on: 18AL's 4 on the 7). Replaying a record
    /// drops it at that turn's dividend; a hand edit keeps it.
    #[serde(default)]
    pub obsolete: Vec<(super::TrainId, String)>,
    /// How companies may pay dividends, beyond paying all or withholding.
    #[serde(default)]
    pub dividends: Dividends,
    /// Private companies whose abilities lay tiles or place tokens.
    #[serde(default)]
    pub privates: Vec<Private>,
    /// Upgrades outside the colour order, from a phase on (1856's towns).
    #[serde(default)]
    pub stop_upgrades: Vec<StopUpgrade>,
    /// The phase in which every private company closes (1830, 1889,
    /// 18Chesapeake: 5): its abilities and bonuses end.
    #[serde(default)]
    pub privates_close: Option<String>,
    /// From a phase, companies of a kind not yet started never start, so
    /// their homes are no longer reserved (1867, 1861: minors from 5).
    #[serde(default)]
    pub cannot_start: Option<CannotStart>,
    /// What routes may share, and how lays are checked.
    pub rules: Rules,
    /// How rusty_train saves name the game and its tiles.
    #[serde(default)]
    pub import: ImportDef,
    /// How 18xx.games plays this title, for replaying its game records;
    /// absent: its records cannot be imported.
    #[serde(default)]
    pub from_18xx_games: Option<super::PlayDef>,
    /// How this game's saves numbered hexes before a save format, when
    /// that differs from `coordinates` (1861 before format 2).
    #[serde(default)]
    pub former_numbering: Option<FormerNumbering>,
}

/// A numbering a game's saves used before the game took another (1861
/// took 18xx.games's, 2 lower, in save format 2): the same hexes, other
/// addresses. Older saves are read with it, so none is misread, and
/// written anew in the game's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormerNumbering {
    /// The first save format written in the game's own numbering.
    pub before_format: u32,
    /// The `coordinates.shift` that older saves used.
    pub shift: i32,
    /// Today's numbering in words, for the note an older save gets
    /// (1861: `18xx.games's coordinates`).
    pub now: String,
}

/// Ports (18xx.games's off-boards of the group `port`, 1836Jr30's
/// Harwich, Dover and Paris): a route ending at one must count at least
/// `min_stops` stops, the port among them, and earns the port's value
/// once for each city it counts that holds the running company's token
/// (none when it counts none). The hexes must be off-boards of one
/// off-board group, so a route reaches one port at most.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ports {
    /// The ports' hexes.
    pub hexes: Vec<String>,
    /// How many stops a route ending at one must count, the port among them.
    pub min_stops: u32,
}

/// A bonus (or, negative, a toll) for each hex a route's track enters,
/// whether or not the train stops there (18xx.games's `revenue_for` over
/// `route.all_hexes`: 1817's coal mines pay $10 a route through one). A
/// hex counts once a route, however often its track enters it, and the
/// amount is added once whatever the train's multiplier. It is public:
/// every company's routes earn it. It applies on its printed `hexes`
/// from the start, and on any hex a public `marker` of its name is put
/// on during play (a save's `hexes[].markers`).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PassThroughDef {
    /// Its name, for the player and the routes' legend (`Coal mine`).
    pub name: String,
    /// What each such hex adds to a route's revenue; negative for a toll.
    pub amount: i32,
    /// Hexes where it applies from the start (a mine printed or placed at
    /// setup).
    #[serde(default)]
    pub hexes: Vec<String>,
    /// The public marker that brings it to a hex during play (1817's
    /// `mine`, placed with a mine private's tile), as a save's
    /// `hexes[].markers` names it.
    #[serde(default)]
    pub marker: Option<String>,
    /// True for a toll charged only to a route that counts a stop in the
    /// hex (18 Los Angeles's Dump: 18xx.games's `dump_penalty` looks at the
    /// route's stops), once per such stop, not to one running through. It
    /// takes its amount from what that stop pays and then from the visit
    /// bonuses paid there, never below nothing (the Dump on Westminster's
    /// $10 takes $10, or $20 with the Steamship's $40 there). Needs a
    /// negative `amount`, and a game without `ports`.
    #[serde(default)]
    pub at_stop: bool,
}

/// Hexes of one off-board area (1867's Detroit: A17 and A19): a route
/// stops at one of them at most. A hex may be in several groups, which
/// then each hold it (18 Los Angeles 2's Oxnard is in W, NW and SW).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OffboardGroup {
    /// The area's name (`Detroit`).
    pub name: String,
    /// Its hexes.
    pub hexes: Vec<String>,
}

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

/// In JSON a count is a number, or `null` for a tile that never runs out
/// (as a count of copies left is).
impl Serialize for Supply {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Supply::Copies(n) => s.serialize_u32(*n),
            Supply::Unlimited => s.serialize_none(),
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
