//! Game definitions: one RON file per game, with its map, rules and rosters.
//!
//! Everything game-specific lives in data so that a new game needs a new RON
//! file, not new Rust. Built-in games are embedded in the binary; a custom
//! game can be loaded from a file (`--game-file`).
//!
//! [`def`]: the file's types as read; `resolve`: turning them into a
//! checked [`Game`] (with `check`); `builtin`: the games shipped inside the
//! binary; this file: the resolved game and what it answers.

use crate::address::CoordSystem;
use crate::error::{Error, Result};
use crate::geometry::{Coord, Face, Rotation};
use crate::tile::{Colour, Tile, TileId};
use std::collections::{BTreeMap, BTreeSet};

pub mod absorb;
mod builtin;
mod check;
mod company_bonus;
pub mod def;
mod ids;
pub mod market;
mod mechanisms;
mod min_stops;
mod on_map;
pub mod pass_blocked;
mod pass_through;
pub mod play;
mod private_def;
mod reserve;
mod resolve;
pub mod revision;
mod rule;
mod run_rules;
pub mod sizes;
mod train_check;
mod train_def;
pub mod turn;
pub mod voted;

pub use absorb::{AbsorbDef, TwinTiles};
pub use builtin::{BUILTIN, builtin, builtin_ids, from_file};
pub use company_bonus::{BonusPays, CompanyBonus};
pub use def::*;
pub use ids::{CompanyId, Holding, Marker, PhaseId, PrivateId, TrainId};
pub use mechanisms::{Depot, National, PhaseBy, Play, PrivateTrain, RoundStart, TileLift};
pub use min_stops::MinStops;
pub use pass_blocked::{PassBlocked, PassingRoutes};
pub use pass_through::PassThrough;
pub use play::*;
pub use reserve::{Holder, Reservation};
pub use revision::{Revision, RevisionDef};
pub use rule::Rule;
pub use turn::{Permit, TurnLay};
pub use voted::VotedFormation;

/// A printed map hex, resolved.
#[derive(Clone, Debug)]
pub struct MapHex {
    pub tile: Option<TileId>,
    pub rotation: Rotation,
    pub name: Option<String>,
    pub labels: Vec<String>,
    /// Labels from a tile colour on (`def::FutureLabel`).
    pub future_labels: Vec<FutureLabel>,
    pub stubs: Vec<Face>,
    pub cost: Option<LayCost>,
}

impl MapHex {
    /// The labels a tile of `colour` laid here must carry: the printed
    /// ones and the future ones of its colour or an earlier one.
    pub fn labels_for(&self, colour: Colour) -> Vec<String> {
        let later = (self.future_labels.iter())
            .filter(|f| f.from <= colour && f.until.is_none_or(|u| colour < u));
        self.labels
            .iter()
            .cloned()
            .chain(later.map(|f| f.label.clone()))
            .collect()
    }
}

/// [`Ports`] with its hexes resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortRule {
    pub hexes: BTreeSet<Coord>,
    pub min_stops: u32,
}

/// [`UntilPhase`] with its hexes resolved.
#[derive(Clone, Debug)]
pub struct EarlyRules {
    /// Index of the phase that ends them.
    pub until: PhaseId,
    pub closed_hexes: BTreeSet<Coord>,
    pub neutral_tokens: BTreeSet<(Coord, usize)>,
}

/// A bonus a route can earn, its hexes resolved: one of the game's, or
/// one given for a single search (`--visit-bonus`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bonus {
    pub name: String,
    pub amount: u32,
    /// Applies only when named (private companies); the others always do.
    pub optional: bool,
    /// True when a multiplier train (2+2, 5+5E) multiplies it too, as it
    /// does 1867's Timmins bonus; private companies' bonuses are not.
    pub multiplied: bool,
    pub kind: BonusKind<Coord>,
    /// Only these trains earn it (empty: every train).
    pub trains: Vec<TrainId>,
    /// Only in these phases (empty: every phase).
    pub phases: Vec<PhaseId>,
    /// The private company (or its marker) whose owner earns it without
    /// naming it.
    pub private: Option<Holding>,
    /// Only a company with a token in one of its hexes earns it.
    pub token_holders: bool,
    /// What every company but the one owning `private` earns while the
    /// private (its marker) is held (1870's open port).
    pub others: Option<u32>,
    /// Only this company earns it, and how.
    pub company: Option<CompanyBonus>,
    /// Paid to one route of a run only, the one it pays most
    /// (`routes::once`).
    pub once_per_run: bool,
}

impl Bonus {
    /// The hexes whose stops decide this bonus.
    pub fn hexes(&self) -> impl Iterator<Item = Coord> + '_ {
        let none: &[Coord] = &[];
        let (first, rest, more) = match &self.kind {
            BonusKind::Visit(hs) => (None, hs.as_slice(), none),
            BonusKind::Connection { from, to_any } => (Some(*from), to_any.as_slice(), none),
            BonusKind::Between { one_of, and_one_of } => {
                (None, one_of.as_slice(), and_one_of.as_slice())
            }
            BonusKind::LongestRoute => (None, none, none),
        };
        first
            .into_iter()
            .chain(rest.iter().copied())
            .chain(more.iter().copied())
    }
}

impl Game {
    /// Every private company a save may say a company owns: each of the
    /// game's privates (whatever it does on the map), the markers and
    /// rights its bonuses name (`SYM@HEX`, 1856's `BRIDGE1`), and the
    /// minors a company buys with their token.
    pub fn private_syms(&self) -> Vec<Holding> {
        let mut syms: Vec<Holding> = self
            .privates
            .iter()
            .map(|p| Holding::from(p.abbrev.clone()))
            .chain(self.bonuses.iter().filter_map(|b| b.private.clone()))
            .chain(
                self.minors_sold_with_token()
                    .map(|c| Holding::from(c.abbrev.as_str())),
            )
            .collect();
        syms.sort();
        syms.dedup();
        syms
    }

    /// True when `company`, not started by `phase`, never will (so its
    /// home is not reserved for it).
    pub fn cannot_start(&self, company: &Company, phase: PhaseId) -> bool {
        self.cannot_start
            .is_some_and(|(kind, from)| company.kind == kind && phase >= from)
    }

    /// True when `stop_upgrades` lets tile `to` replace `from` on hex `c`
    /// in `phase`.
    pub fn stop_upgrade(&self, from: &str, to: &str, phase: PhaseId, c: Coord) -> bool {
        self.stop_upgrades.iter().any(|(u, from_phase)| {
            phase >= *from_phase
                && u.from.iter().any(|t| t == from)
                && u.to.iter().any(|t| t == to)
                && (u.hexes.is_empty()
                    || u.hexes
                        .iter()
                        .any(|h| self.coords.parse(h).is_ok_and(|at| at == c)))
        })
    }

    /// The private company `name` (its sym, any case), as the game spells it.
    pub fn private_sym(&self, name: &str) -> Option<Holding> {
        self.private_syms()
            .into_iter()
            .find(|s| s.to_string().eq_ignore_ascii_case(name.trim()))
    }

    /// As [`Game::private_sym`], or an error that names the privates a
    /// save may hold.
    pub fn known_private_sym(&self, name: &str) -> crate::error::Result<Holding> {
        self.private_sym(name).ok_or_else(|| {
            crate::error::Error::Invalid(format!(
                "{name} is no private company of {} (its privates, markers and rights: {})",
                self.id,
                crate::suggest::words_or_none(
                    &self
                        .private_syms()
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                )
            ))
        })
    }

    /// The bonuses that may pay in phase `phase`: those of every phase and
    /// those naming it.
    pub fn bonuses_in(&self, phase: PhaseId) -> impl Iterator<Item = &Bonus> {
        self.bonuses
            .iter()
            .filter(move |b| b.phases.is_empty() || b.phases.contains(&phase))
    }
}

/// A loaded, checked game.
#[derive(Clone, Debug)]
pub struct Game {
    pub id: String,
    pub name: String,
    pub coords: CoordSystem,
    pub tiles: BTreeMap<TileId, Tile>,
    pub phases: Vec<Phase>,
    pub trains: Vec<TrainDef>,
    pub companies: Vec<Company>,
    pub hexes: BTreeMap<Coord, MapHex>,
    /// Impassable hex sides, recorded from both sides.
    pub barriers: BTreeSet<(Coord, Face)>,
    /// Sides of edge hexes where new track may run off the map
    /// (`open_sides`).
    pub open_sides: BTreeSet<(Coord, Face)>,
    /// Water sides and what building across them costs, from both sides.
    pub water_sides: BTreeMap<(Coord, Face), u32>,
    /// Player tiles and how many of each there are.
    pub tile_counts: Vec<(TileId, Supply)>,
    pub bonuses: Vec<Bonus>,
    /// Each hex of an off-board group, and the groups holding it (indices
    /// into the file's `offboard_groups`): a route stops at one hex of a
    /// group at most.
    pub offboard_groups: BTreeMap<Coord, Vec<usize>>,
    /// The game's ports, if it has any (`ports`).
    pub ports: Option<PortRule>,
    /// Hexes whose stops take none of a train's N (`free_stops`).
    pub free_stops: BTreeSet<Coord>,
    /// Hexes a route stops in only with so many stops (`min_stops`).
    pub min_stops: BTreeMap<Coord, u32>,
    /// Bonuses and tolls for hexes a route enters (`pass_through`).
    pub pass_through: Vec<PassThrough>,
    pub early: Vec<EarlyRules>,
    pub privates: Vec<Private>,
    /// Trains and the phase index at whose start they rust.
    pub rusts: Vec<(TrainId, PhaseId)>,
    /// Trains and the phase index at whose start they become obsolete.
    pub obsolete: Vec<(TrainId, PhaseId)>,
    /// Upgrades outside the colour order and the phase they begin in.
    pub stop_upgrades: Vec<(StopUpgrade, PhaseId)>,
    /// The phase in which every private company closes.
    pub privates_close: Option<PhaseId>,
    /// Privates (syms) whose effect stays with their owner past that: a
    /// bonus kept after they close (`after_close`), a token counted beyond
    /// the owner's own (a minor's sold with its token, a private's extra).
    pub privates_kept: BTreeSet<Holding>,
    /// Token spaces held for companies and privates (`reserved_tokens`,
    /// `privates[].token.reserves`).
    pub reservations: Vec<Reservation>,
    /// From this phase, companies of this kind not yet started never start.
    pub cannot_start: Option<(CompanyKind, PhaseId)>,
    /// Each printed home, resolved when the game loads (`check` proves it
    /// is on the map with a city).
    pub homes: BTreeMap<CompanyId, Coord>,
    /// `rules.second_home_hexes`, resolved.
    pub second_homes: BTreeSet<Coord>,
    pub dividends: Dividends,
    pub rules: Rules,
    /// `rules.turns` resolved: see [`Game::lays_of`].
    pub turns: Vec<turn::Turn>,
    pub import: ImportDef,
    /// `from_18xx_games` resolved (`mechanisms.rs`).
    pub from_18xx_games: Option<Play>,
    pub former_numbering: Option<FormerNumbering>,
}

impl Game {
    /// The lays of one company's turn (`rules.turns`, else `rules.lays`).
    pub fn lays_of(&self, of: &turn::TurnOf) -> &[TurnLay] {
        turn::lays_of(&self.turns, &self.rules.lays, of)
    }

    /// Whether the title gives a company's first turn lays of its own.
    pub fn has_first_turn(&self) -> bool {
        self.turns.iter().any(|t| t.first_turn)
    }

    pub fn format(&self, c: Coord) -> String {
        self.coords.format(c)
    }

    /// This game as a save of `format` addressed it: the same hexes in the
    /// former numbering, or `None` when that format used today's.
    pub fn numbered_as_in(&self, format: u32) -> Option<Game> {
        let former = self
            .former_numbering
            .as_ref()
            .filter(|f| format < f.before_format)?;
        let mut old = self.clone();
        old.coords.shift = former.shift;
        Some(old)
    }

    pub fn tile(&self, name: &str) -> Result<&Tile> {
        self.tiles.get(name).ok_or_else(|| {
            let names = self.tiles.keys().map(TileId::as_str);
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

    pub fn phase_index(&self, name: &str) -> Result<PhaseId> {
        self.phases
            .iter()
            .position(|p| p.name == name.trim())
            .map(PhaseId)
            .ok_or_else(|| {
                let names = self.phases.iter().map(|p| p.name.as_str());
                let known = format!("; phases: {}", names.clone().collect::<Vec<_>>().join(", "));
                Error::unknown("phase", name, &self.id, names, known)
            })
    }

    /// The printed home of `company`, if it has one.
    pub fn home(&self, company: &CompanyId) -> Option<Coord> {
        self.homes.get(company).copied()
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

    /// The off-board groups holding hex `c` (none for most hexes).
    pub fn groups_of(&self, c: Coord) -> &[usize] {
        self.offboard_groups.get(&c).map_or(&[], Vec::as_slice)
    }

    /// The fewest stops a route to a port at `c` must count, when `c` is
    /// a port.
    pub fn port_at(&self, c: Coord) -> Option<u32> {
        self.ports
            .as_ref()
            .filter(|p| p.hexes.contains(&c))
            .map(|p| p.min_stops)
    }

    /// The private a marker named `sym` stands for: the one that closes
    /// into it when assigned again (`reassign_closes_as`: 1870's `GSCᶜ`
    /// is the Gulf Shipping's), else `sym` itself.
    pub fn marker_source<'a>(&'a self, sym: &'a str) -> &'a str {
        self.privates
            .iter()
            .find(|p| {
                p.reassign_closes_as
                    .as_ref()
                    .is_some_and(|c| c.as_str() == sym)
            })
            .map_or(sym, |p| p.abbrev.as_str())
    }

    /// True when `name` is a public marker of the game (a `pass_through`
    /// rule's), so a save may put it on a hex.
    pub fn knows_marker(&self, name: &str) -> bool {
        self.pass_through
            .iter()
            .any(|p| p.marker.as_deref() == Some(name))
    }

    /// True when a stop on hex `c` takes none of a train's N (`free_stops`).
    pub fn is_free_stop(&self, c: Coord) -> bool {
        self.free_stops.contains(&c)
    }

    /// True when `company`'s tokens block no one (`neutral`).
    pub fn is_neutral(&self, company: &CompanyId) -> bool {
        self.companies
            .iter()
            .any(|co| co.neutral && co.abbrev.as_str() == company)
    }

    /// The company whose tokens are neutral, if the game has one.
    pub fn neutral_company(&self) -> Option<&Company> {
        self.companies.iter().find(|co| co.neutral)
    }

    pub fn is_barrier(&self, c: Coord, face: Face) -> bool {
        self.barriers.contains(&(c, face))
    }

    /// The early rules that close hex `c` to track in phase `phase`.
    pub fn closed_by(&self, c: Coord, phase: PhaseId) -> Option<&EarlyRules> {
        self.early
            .iter()
            .find(|e| phase < e.until && e.closed_hexes.contains(&c))
    }

    /// The early rules whose neutral token fills a space of city `city` on
    /// hex `c` in phase `phase`.
    pub fn neutral_token(&self, c: Coord, city: usize, phase: PhaseId) -> Option<&EarlyRules> {
        self.early
            .iter()
            .find(|e| phase < e.until && e.neutral_tokens.contains(&(c, city)))
    }

    /// A private company by name or abbreviation, any case: one that acts
    /// on the map through lays or a token.
    /// Only those that lay tiles or place tokens (with hexes of their own).
    pub fn private(&self, name: &str) -> Result<&Private> {
        let wanted = name.trim();
        let acting = || self.privates.iter().filter(|p| !p.hexes.is_empty());
        acting()
            .find(|p| p.abbrev.eq_ignore_ascii_case(wanted) || p.name.eq_ignore_ascii_case(wanted))
            .ok_or_else(|| {
                let names: Vec<&str> = acting().map(|p| p.name.as_str()).collect();
                let known = if names.is_empty() {
                    "; this game has no private that lays tiles or places tokens".to_string()
                } else {
                    format!(
                        "; privates that lay tiles or place tokens: {}",
                        names.join(", ")
                    )
                };
                Error::unknown("private company", wanted, &self.id, names, known)
            })
    }

    /// The private `name` as it acts on the map: `None` for one of the
    /// game's privates whose ability changes nothing there (18MS's M&M
    /// places a token at half price: the token is the company's own), an
    /// error for a name the game does not know.
    pub fn acting_private(&self, name: &str) -> Result<Option<&Private>> {
        let wanted = name.trim();
        let known = |p: &&Private| {
            p.abbrev.eq_ignore_ascii_case(wanted) || p.name.eq_ignore_ascii_case(wanted)
        };
        match self.private(name) {
            Ok(p) => Ok(Some(p)),
            Err(_) if self.privates.iter().any(|p| known(&p)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// How many trains `company` may own in phase `phase`, if limited.
    pub fn train_limit(&self, company: &Company, phase: PhaseId) -> Option<u32> {
        self.phases[phase].train_limit.get(&company.kind).copied()
    }

    /// The trains made obsolete when phase `phase` begins.
    pub fn obsolete_at(&self, phase: PhaseId) -> impl Iterator<Item = &str> + '_ {
        self.obsolete
            .iter()
            .filter(move |(_, p)| *p == phase)
            .map(|(t, _)| t.as_str())
    }

    /// The trains that rust when phase `phase` begins.
    pub fn rusting_at(&self, phase: PhaseId) -> impl Iterator<Item = &str> + '_ {
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
