//! Saved games: readable, diff-friendly JSON, written atomically.
//!
//! Loading checks structure (game, tiles, addresses, token spaces,
//! companies) but not play rules: a saved state is what it is.

use crate::error::Error;
use crate::game::Game;
use crate::game::{CompanyId, Holding, PhaseId, TrainId};
use crate::geometry::{Coord, Rotation};
use crate::state::{Change, HexState, History, MapState, Provenance, SavedGame, Standing};
use crate::tile::TileId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Format version written in every saved game. Format 2 numbers 1861 as
/// 18xx.games does; the game file's `former_numbering` says how format 1
/// addressed it, so an older save is never read in the wrong numbering,
/// and one written anew is never moved twice.
pub const FORMAT: u32 = 2;

/// The oldest format this hexroute reads.
const OLDEST_FORMAT: u32 = 1;

/// A saved game as read, and what reading it changed.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub saved: SavedGame,
    /// Set when the save used its game's former numbering.
    pub renumbered: Option<Renumbered>,
}

/// A save read in its game's former numbering and moved to today's: the
/// same hexes, other addresses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renumbered {
    pub game: String,
    /// How much lower today's numbers are (1861: 2).
    pub lower_by: i32,
    /// Today's numbering in words (`18xx.games's coordinates`).
    pub now: String,
    /// One of the save's hexes, before and after, to show the move.
    pub example: Option<(String, String)>,
    /// True when the save's tiles and tokens fit both numberings alike, so
    /// its format alone decided.
    pub by_format_alone: bool,
}

impl std::fmt::Display for Renumbered {
    /// One line for standard error: what moved, by how much, and that an
    /// edit writes the save anew.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let by = match self.lower_by {
            n if n < 0 => format!("{} higher", -n),
            n => format!("{n} lower"),
        };
        let example = match &self.example {
            Some((old, new)) => format!(": {old} is now {new}"),
            None => String::new(),
        };
        let alone = if self.by_format_alone {
            " (its tiles fit either numbering, so its format decided)"
        } else {
            ""
        };
        write!(
            f,
            "{} save moved to {} on load (hex numbers {by}{example}){alone}; the next edit writes it in them",
            self.game, self.now
        )
    }
}

/// A hex that differs from the printed map.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct HexJson {
    /// The laid tile; absent: the printed tile is still there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tile: Option<String>,
    /// Clockwise turn in 60° steps, 0-5; absent when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    #[schemars(range(max = 5))]
    rotation: u8,
    /// Company holding each token space, spaces numbered through the tile's cities in order.
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "crate::unique::map"
    )]
    tokens: BTreeMap<usize, String>,
    /// Public markers on the hex (1817's `mine`), each one a game's
    /// `pass_through` rule names.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    markers: BTreeSet<String>,
}

fn is_zero(r: &u8) -> bool {
    *r == 0
}

/// A hexroute saved game: what differs from the game's printed map.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "SavedGame")]
struct SaveIn {
    /// The format version: 2, or 1 (which numbered 1861's hexes 2 higher).
    #[schemars(range(min = 1, max = 2))]
    hexroute: u32,
    /// The game id, e.g. `1867`.
    game: String,
    /// The current phase's name.
    phase: String,
    /// Hexes by printed address, in board order when written.
    #[serde(default, deserialize_with = "crate::unique::map")]
    hexes: BTreeMap<String, HexJson>,
    /// Each company's trains, by train name.
    #[serde(default, deserialize_with = "crate::unique::map")]
    trains: BTreeMap<String, Vec<String>>,
    /// Private companies owned by companies: the private's 18xx.games sym
    /// (`BSS`) → its owner. A private's route bonus goes to its owner.
    #[serde(default, deserialize_with = "crate::unique::map")]
    privates: BTreeMap<String, String>,
    /// Companies that have closed for good (nationalised, merged into
    /// another, 1856's merged into the CGR): no space of their home stays
    /// kept for them. A change in the history says into which one merged.
    #[serde(default)]
    closed: BTreeSet<String>,
    /// Companies in receivership (run by the bank for want of a president).
    #[serde(default)]
    receivership: BTreeSet<String>,
    /// Companies holding the game's one-run token (`rules.lose_lowest`,
    /// 18TN's Civil War): each loses its lowest route at its next run.
    #[serde(default)]
    lose_lowest: BTreeSet<String>,
    /// Companies that have reached their destination: a bonus paid
    /// `until_destination` no longer pays them, one `from_destination`
    /// (1870's) now does.
    #[serde(default)]
    destinations_reached: BTreeSet<String>,
    /// Each company's size and token count (`rules.company_sizes`: 1817's
    /// 2, 5 and 10 shares); a company left out has its `tokens`.
    #[serde(default, deserialize_with = "crate::unique::map")]
    sizes: BTreeMap<String, SizeJson>,
    /// The route a company's next run must include (1870's connection
    /// run): company → the hexes both ends of one of its routes must be
    /// among (its home and its destination).
    #[serde(default, deserialize_with = "crate::unique::map")]
    required_routes: RequiredJson,
    /// Tokens a company owns beyond its count, kept on its charter to
    /// place later (1870's destination token kept on the charter):
    /// company → how many.
    #[serde(default, deserialize_with = "crate::unique::map")]
    charter_tokens: BTreeMap<String, u32>,
    /// Changes made by hexroute commands, oldest first.
    #[serde(default)]
    history: Vec<ChangeJson>,
    /// Changes taken back by `undo` that `redo` can apply again, most
    /// recent last.
    #[serde(default)]
    undone: Vec<ChangeJson>,
    /// Where `import` made this game from: an 18xx.games record, its
    /// title and the action the replay stopped at.
    #[serde(default)]
    imported: Option<ProvenanceJson>,
}

/// A history entry as saved, read and written.
mod change;
/// A JSON object whose keys keep the order given (map order for hexes).
mod ordered;
/// The routes companies' next runs must include, as saved.
mod required;
/// Companies' sizes as saved.
mod sizes;

use required::{RequiredJson, required_from_json, required_to_json};

use sizes::{SizeJson, sizes_from_json, sizes_to_json};

use change::{ChangeJson, ProvenanceJson, change_to_json, changes_from_json};

#[derive(Serialize)]
struct SaveOut<'a> {
    hexroute: u32,
    game: &'a str,
    phase: &'a str,
    /// In map order (column, then row), not string order, so files read like the board.
    #[serde(skip_serializing_if = "Vec::is_empty", with = "ordered")]
    hexes: Vec<(String, HexJson)>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    trains: &'a BTreeMap<CompanyId, Vec<TrainId>>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    privates: &'a BTreeMap<Holding, CompanyId>,
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    closed: BTreeSet<&'a CompanyId>,
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    receivership: BTreeSet<&'a CompanyId>,
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    lose_lowest: &'a BTreeSet<CompanyId>,
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    destinations_reached: &'a BTreeSet<CompanyId>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    sizes: BTreeMap<String, SizeJson>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    required_routes: RequiredJson,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    charter_tokens: &'a BTreeMap<CompanyId, u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    history: Vec<ChangeJson>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    undone: Vec<ChangeJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    imported: Option<ProvenanceJson>,
}

/// The JSON Schema of saved games, made from the types that read them.
pub fn schema() -> schemars::Schema {
    schemars::schema_for!(SaveIn)
}

/// The game id a saved file names, read before the game is known.
pub fn game_id(text: &str) -> Result<String, Error> {
    #[derive(Deserialize)]
    struct Head {
        game: String,
    }
    serde_json::from_str::<Head>(text)
        .map(|h| h.game)
        .map_err(|e| Error::SaveFile(json_error(&e)))
}

fn json_error(e: &serde_json::Error) -> String {
    if e.line() > 0 {
        format!("line {} column {}: {e}", e.line(), e.column())
    } else {
        e.to_string()
    }
    .replace(&format!(" at line {} column {}", e.line(), e.column()), "")
}

/// Parses and checks a saved game against its game definition.
pub fn from_json(text: &str, game: &Game) -> Result<SavedGame, Error> {
    read(text, game).map(|loaded| loaded.saved)
}

/// Parses and checks a saved game, reading a save of an older format in
/// the numbering its game used then (see [`Renumbered`]).
pub fn read(text: &str, game: &Game) -> Result<Loaded, Error> {
    let raw: SaveIn = serde_json::from_str(text).map_err(|e| Error::SaveFile(json_error(&e)))?;
    if !(OLDEST_FORMAT..=FORMAT).contains(&raw.hexroute) {
        return Err(Error::SaveFile(format!(
            "saved-game format {} is not supported (this hexroute reads {OLDEST_FORMAT} to {FORMAT})",
            raw.hexroute
        )));
    }
    if raw.game != game.id {
        return Err(Error::SaveFile(format!(
            "the file is a {} game, not {}",
            raw.game, game.id
        )));
    }
    let Some(old) = game.numbered_as_in(raw.hexroute) else {
        return Ok(Loaded {
            saved: saved_from(raw, game, None)?,
            renumbered: None,
        });
    };
    // A save of the older format whose map fits the game's own numbering
    // better was written in it (the 18xx.games engine's exports say format
    // 1 and number as 18xx.games does): it is read so, not moved twice.
    let again = || -> Result<SaveIn, Error> {
        serde_json::from_str(text).map_err(|e| Error::SaveFile(json_error(&e)))
    };
    let as_now = saved_from(again()?, game, None);
    let mut tie = false;
    if let Ok(now) = &as_now {
        let then = saved_from(again()?, &old, Some(game));
        let fits = then
            .as_ref()
            .map(|then| (fit(game, &now.state), fit(game, &then.state)));
        if fits.is_err() || fits.is_ok_and(|(now, then)| now > then) {
            return as_now.map(|saved| Loaded {
                saved,
                renumbered: None,
            });
        }
        tie = fits.is_ok_and(|(now, then)| now == then);
    }
    let mut renumbered = renumbered(&raw, &old, game);
    renumbered.by_format_alone = tie;
    let saved = saved_from(raw, &old, Some(game))?;
    Ok(Loaded {
        saved,
        renumbered: Some(renumbered),
    })
}

/// How many of a save's hexes look like the printed map under it: a laid
/// tile with as many cities and towns as the hex prints, or tokens on a
/// hex that prints a city. Read in the wrong numbering, tiles land on
/// other hexes and few fit.
fn fit(game: &Game, state: &MapState) -> usize {
    let printed = MapState::start(game);
    let stops = |t: &crate::tile::Tile| (t.cities.len(), t.towns.len());
    state
        .hexes
        .iter()
        .filter(|(c, h)| {
            let was = printed.tile_at(game, **c).map(|(t, _)| stops(t));
            match &h.tile {
                Some((name, _)) => game.tiles.get(name).map(stops) == Some(was.unwrap_or((0, 0))),
                None => was.is_some_and(|(cities, _)| cities > 0),
            }
        })
        .count()
}

/// What moving a save from `old`'s numbering to `game`'s does, shown on
/// its first hex.
fn renumbered(raw: &SaveIn, old: &Game, game: &Game) -> Renumbered {
    let example = raw.hexes.keys().find_map(|addr| {
        let c = old.hex(addr).ok()?;
        Some((old.format(c), game.format(c)))
    });
    Renumbered {
        game: game.id.clone(),
        lower_by: old.coords.shift - game.coords.shift,
        now: game
            .former_numbering
            .as_ref()
            .map(|f| f.now.clone())
            .unwrap_or_default(),
        example,
        by_format_alone: false,
    }
}

/// The saved game `raw` holds, its addresses read in `game`'s numbering;
/// `today`, when given, is the numbering recorded commands are moved to.
fn saved_from(raw: SaveIn, game: &Game, today: Option<&Game>) -> Result<SavedGame, Error> {
    let phase = game.phase_index(&raw.phase)?;
    let mut hexes = BTreeMap::new();
    for (addr, h) in raw.hexes {
        let c = game.hex(&addr)?;
        let state = hex_from_json(&addr, h, game)?;
        check_token_spaces(game, c, &addr, &state)?;
        if hexes.insert(c, state).is_some() {
            return Err(Error::SaveFile(format!("hex {addr} appears twice")));
        }
    }
    let mut history = changes_from_json(raw.history, game, "history")?;
    let mut undone = changes_from_json(raw.undone, game, "undone")?;
    if let Some(today) = today {
        for change in history.iter_mut().chain(undone.iter_mut()) {
            change.command = renumber_words(&change.command, game, today);
        }
    }
    let mut trains: BTreeMap<CompanyId, Vec<TrainId>> = BTreeMap::new();
    for (company, names) in raw.trains {
        let abbrev = game.company(&company)?.abbrev.clone();
        trains
            .entry(abbrev)
            .or_default()
            .extend(train_names(game, names).map_err(|e| trains_of(e, &company))?);
    }
    let mut privates = BTreeMap::new();
    for (private, owner) in raw.privates {
        let sym = private_sym(game, &private)?;
        let owner = game
            .company(&owner)
            .map_err(|e| e.context(format!("privates: {private}")))?;
        privates.insert(sym, owner.abbrev.clone());
    }
    let mut standing = BTreeMap::new();
    for (list, what, s) in [
        (&raw.closed, "closed", Standing::Closed),
        (&raw.receivership, "receivership", Standing::Receivership),
    ] {
        for co in list {
            let abbrev = game
                .company(co)
                .map_err(|e| e.context(what))?
                .abbrev
                .clone();
            if standing.insert(abbrev, s.clone()).is_some() {
                return Err(Error::SaveFile(format!(
                    "{what}: {co} is both closed and in receivership"
                )));
            }
        }
    }
    let lose_lowest = lose_lowest_in(game, &raw.lose_lowest)?;
    let destinations = companies_in(game, &raw.destinations_reached, "destinations_reached")?;
    let sizes = sizes_from_json(game, &raw.sizes, "sizes")?;
    let required_routes = required_from_json(game, &raw.required_routes, "required_routes")?;
    let charter_tokens = charter_from_json(game, &raw.charter_tokens, "charter_tokens")?;
    Ok(SavedGame {
        state: MapState {
            phase,
            hexes,
            trains,
            privates,
            standing,
            lose_lowest,
            destinations,
            sizes,
            required_routes,
            charter_tokens,
        },
        history: History {
            changes: history,
            undone,
            imported: raw.imported.map(Provenance::from),
        },
    })
}

/// A recorded command with each word that is an address on `old`'s map
/// written in `today`'s numbering, so `show --history` names the hexes
/// as the save now does. Other words (files, tiles, companies) stay.
fn renumber_words(command: &str, old: &Game, today: &Game) -> String {
    command
        .split(' ')
        .map(|word| match old.hex(word) {
            Ok(c) if !word.is_empty() => today.format(c),
            _ => word.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn private_sym(game: &Game, private: &str) -> Result<Holding, Error> {
    game.known_private_sym(private)
        .map_err(|e| Error::SaveFile(format!("privates: {e}")))
}

/// Tokens kept on charters as a save holds them: each company the game's,
/// each count at least one.
pub(crate) fn charter_from_json(
    game: &Game,
    raw: &BTreeMap<String, u32>,
    field: &str,
) -> Result<BTreeMap<CompanyId, u32>, Error> {
    raw.iter()
        .map(|(co, n)| {
            let company = game.company(co).map_err(|e| e.context(field))?;
            if *n == 0 {
                return Err(Error::SaveFile(format!(
                    "{field}: {co} keeps 0 tokens on its charter; hint: leave it out"
                )));
            }
            Ok((company.abbrev.clone(), *n))
        })
        .collect()
}

/// Train names as the game spells them.
fn train_names(game: &Game, names: Vec<String>) -> Result<Vec<TrainId>, Error> {
    names
        .iter()
        .map(|t| game.train(t).map(|train| train.name.clone()))
        .collect()
}

/// An unknown train's error, placed under the company's key as the save
/// writes it.
fn trains_of(e: Error, key: &str) -> Error {
    e.context(format!("trains of {key}"))
}

/// Every token of a hex's state sits in a token space its tile has.
fn check_token_spaces(game: &Game, c: Coord, addr: &str, state: &HexState) -> Result<(), Error> {
    let probe = MapState {
        phase: PhaseId(0),
        hexes: BTreeMap::from([(c, state.clone())]),
        trains: BTreeMap::new(),
        privates: BTreeMap::new(),
        standing: BTreeMap::new(),
        lose_lowest: BTreeSet::new(),
        destinations: BTreeSet::new(),
        sizes: BTreeMap::new(),
        required_routes: BTreeMap::new(),
        charter_tokens: BTreeMap::new(),
    };
    let on_hex = probe.tile_at(game, c);
    let spaces = on_hex.map(|(t, _)| t.token_spaces()).unwrap_or(0);
    match state.tokens.keys().find(|&&s| s >= spaces) {
        Some(space) => {
            let tile = on_hex.map(|(t, _)| t.name.as_str()).unwrap_or("no tile");
            Err(Error::SaveFile(format!(
                "hex {addr}: token space {space} does not exist (tile {tile} has {spaces} token space{})",
                if spaces == 1 { "" } else { "s" }
            )))
        }
        None => Ok(()),
    }
}

fn hex_from_json(addr: &str, h: HexJson, game: &Game) -> Result<HexState, Error> {
    let tile = match h.tile {
        Some(name) => {
            game.tile(&name)
                .map_err(|e| e.context(format!("hex {addr}")))?;
            let rot = Rotation::checked(i64::from(h.rotation)).ok_or_else(|| {
                Error::SaveFile(format!("hex {addr}: rotation {} is not 0-5", h.rotation))
            })?;
            Some((TileId::from(name), rot))
        }
        None if h.rotation != 0 => {
            return Err(Error::SaveFile(format!(
                "hex {addr}: a rotation needs a tile"
            )));
        }
        None => None,
    };
    // Saves may name a company by an alias or in another case: keep the
    // game's spelling, so every later lookup finds it.
    let mut tokens = BTreeMap::new();
    for (space, company) in h.tokens {
        let abbrev = game
            .company(&company)
            .map_err(|e| e.context(format!("hex {addr}")))?
            .abbrev
            .clone();
        tokens.insert(space, abbrev);
    }
    if let Some(m) = h.markers.iter().find(|m| !game.knows_marker(m)) {
        return Err(Error::SaveFile(format!(
            "hex {addr}: marker {m:?} is no public marker of {} (its pass_through rules name them)",
            game.id
        )));
    }
    Ok(HexState {
        tile,
        tokens,
        markers: h.markers,
    })
}

fn hex_to_json(h: &HexState) -> HexJson {
    let (tile, rotation) = match &h.tile {
        Some((n, r)) => (Some(n.to_string()), r.steps()),
        None => (None, 0),
    };
    HexJson {
        tile,
        rotation,
        tokens: h
            .tokens
            .iter()
            .map(|(s, co)| (*s, co.to_string()))
            .collect(),
        markers: h.markers.clone(),
    }
}

/// The companies `names` (any name the game knows them by), for `field`.
fn companies_in(
    game: &Game,
    names: &BTreeSet<String>,
    field: &str,
) -> Result<BTreeSet<CompanyId>, Error> {
    names
        .iter()
        .map(|co| {
            Ok(game
                .company(co)
                .map_err(|e| e.context(field))?
                .abbrev
                .clone())
        })
        .collect()
}

/// The holders of the one-run token: companies of a game that has one.
fn lose_lowest_in(game: &Game, names: &BTreeSet<String>) -> Result<BTreeSet<CompanyId>, Error> {
    if !names.is_empty() && game.rules.lose_lowest.is_none() {
        return Err(Error::SaveFile(format!(
            "lose_lowest: {} has no token that costs a company its lowest route",
            game.id
        )));
    }
    companies_in(game, names, "lose_lowest")
}

/// Hexes keyed by coordinate, in board order (column, then row).
fn board_order<V>(hexes: impl Iterator<Item = (Coord, V)>) -> Vec<(Coord, V)> {
    let mut out: Vec<(Coord, V)> = hexes.collect();
    out.sort_by_key(|(c, _)| (c.col, c.row));
    out
}

/// Writes a saved game as pretty JSON, with only non-default state.
pub fn to_json(saved: &SavedGame, game: &Game) -> String {
    let SavedGame { state, history } = saved;
    let hexes = board_order(
        state
            .hexes
            .iter()
            .filter(|(_, h)| **h != HexState::default())
            .map(|(c, h)| (*c, h)),
    )
    .into_iter()
    .map(|(c, h)| (game.format(c), hex_to_json(h)))
    .collect();
    let out = SaveOut {
        hexroute: FORMAT,
        game: &game.id,
        phase: &game.phases[state.phase].name,
        hexes,
        trains: &state.trains,
        privates: &state.privates,
        closed: state.closed().collect(),
        receivership: (state.standing.iter())
            .filter(|(_, s)| **s == Standing::Receivership)
            .map(|(co, _)| co)
            .collect(),
        lose_lowest: &state.lose_lowest,
        destinations_reached: &state.destinations,
        sizes: sizes_to_json(&state.sizes),
        required_routes: required_to_json(game, &state.required_routes),
        charter_tokens: &state.charter_tokens,
        history: history
            .changes
            .iter()
            .map(|c| change_to_json(c, game))
            .collect(),
        undone: history
            .undone
            .iter()
            .map(|c| change_to_json(c, game))
            .collect(),
        imported: history.imported.as_ref().map(ProvenanceJson::from),
    };
    let mut text = serde_json::to_string_pretty(&out).expect("saved games always serialise");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str, id: &str) -> Result<Loaded, Error> {
        read(text, &crate::game::builtin(id).unwrap())
    }

    /// Only a save older than its game's renumbering moves: a format 2
    /// 1861 save, or a format 1 save of another game, reads as written.
    #[test]
    fn only_an_older_save_of_a_renumbered_game_moves() {
        let old = r#"{"hexroute": 1, "game": "1861", "phase": "2", "hexes": {"H10": {"tokens": {"0": "M-K"}}}}"#;
        let moved = load(old, "1861").unwrap();
        let renumbered = moved.renumbered.expect("format 1 of 1861 moves");
        assert_eq!(renumbered.example, Some(("H10".into(), "H8".into())));
        let new = old.replace("\"hexroute\": 1", "\"hexroute\": 2");
        let err = load(&new, "1861").map(|_| ()).unwrap_err();
        assert!(
            err.to_string().contains("H10"),
            "Tula is H10 now, a town: {err}"
        );
        let same = new.replace("H10", "H8");
        let read = load(&same, "1861").unwrap();
        assert!(read.renumbered.is_none());
        assert_eq!(read.saved.state, moved.saved.state);
        let other = r#"{"hexroute": 1, "game": "1867", "phase": "2"}"#;
        assert!(load(other, "1867").unwrap().renumbered.is_none());
    }

    /// A format 1 save of 1861 already in 18xx.games's numbering (as the
    /// engine's own exports are written) fits that map and is not moved
    /// twice; the same save in the old numbering fits the old one.
    #[test]
    fn a_format_1_save_in_the_new_numbering_is_read_as_it_is() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/1861_mid.json");
        let new = std::fs::read_to_string(path).unwrap();
        let marked_old = new.replacen("\"hexroute\": 2", "\"hexroute\": 1", 1);
        assert_ne!(marked_old, new);
        let read = load(&marked_old, "1861").unwrap();
        assert!(read.renumbered.is_none());
        assert_eq!(read.saved.state, load(&new, "1861").unwrap().saved.state);
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/1861_mid_format1.json"
        );
        let old = std::fs::read_to_string(path).unwrap();
        let moved = load(&old, "1861").unwrap();
        assert!(moved.renumbered.is_some());
        assert_eq!(moved.saved.state, read.saved.state);
    }

    #[test]
    fn a_newer_format_is_refused() {
        let text = r#"{"hexroute": 3, "game": "1867", "phase": "2"}"#;
        let err = load(text, "1867").map(|_| ()).unwrap_err();
        assert!(err.to_string().contains("reads 1 to 2"), "{err}");
    }
}
