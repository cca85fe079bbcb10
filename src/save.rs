//! Saved games: readable, diff-friendly JSON, written atomically.
//!
//! Loading checks structure (game, tiles, addresses, token spaces,
//! companies) but not play rules: a saved state is what it is.

use crate::error::Error;
use crate::game::Game;
use crate::game::{CompanyId, PhaseId, TrainId};
use crate::geometry::{Coord, Rotation};
use crate::state::{Change, HexState, History, MapState, SavedGame};
use crate::tile::TileId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Format version written in every saved game.
pub const FORMAT: u32 = 1;

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
}

fn is_zero(r: &u8) -> bool {
    *r == 0
}

/// A hexroute saved game: what differs from the game's printed map.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "SavedGame")]
struct SaveIn {
    /// The format version (1).
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
    /// Changes made by hexroute commands, oldest first.
    #[serde(default)]
    history: Vec<ChangeJson>,
    /// Changes taken back by `undo` that `redo` can apply again, most
    /// recent last.
    #[serde(default)]
    undone: Vec<ChangeJson>,
}

/// A history entry as saved: the command, when, and each changed hex before and after.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ChangeJson {
    /// The command as typed, without the program name.
    command: String,
    /// When, as UTC `YYYY-MM-DDTHH:MM:SSZ`.
    time: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    phase: Option<PhaseChange>,
    /// Each changed hex by address.
    #[serde(default, skip_serializing_if = "Vec::is_empty", with = "ordered")]
    #[schemars(with = "BTreeMap<String, HexChange>")]
    hexes: Vec<(String, HexChange)>,
    /// Each company whose trains changed, before and after.
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "crate::unique::map"
    )]
    trains: BTreeMap<String, TrainsChange>,
}

/// A company's trains before and after a change.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct TrainsChange {
    before: Vec<String>,
    after: Vec<String>,
}

/// A phase change: names before and after.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct PhaseChange {
    before: String,
    after: String,
}

/// One hex before and after a change.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct HexChange {
    before: HexJson,
    after: HexJson,
}

/// A JSON object whose keys keep the order given (map order for hexes).
mod ordered {
    use serde::de::{Deserialize, Deserializer};
    use serde::ser::{SerializeMap, Serializer};

    pub fn serialize<S: Serializer, V: serde::Serialize>(
        v: &[(String, V)],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(v.len()))?;
        for (k, x) in v {
            m.serialize_entry(k, x)?;
        }
        m.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>, V: Deserialize<'de>>(
        d: D,
    ) -> Result<Vec<(String, V)>, D::Error> {
        let m = crate::unique::map::<D, String, V>(d)?;
        Ok(m.into_iter().collect())
    }
}

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
    #[serde(skip_serializing_if = "Vec::is_empty")]
    history: Vec<ChangeJson>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    undone: Vec<ChangeJson>,
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
    let raw: SaveIn = serde_json::from_str(text).map_err(|e| Error::SaveFile(json_error(&e)))?;
    if raw.hexroute != FORMAT {
        return Err(Error::SaveFile(format!(
            "saved-game format {} is not supported (this hexroute reads {FORMAT})",
            raw.hexroute
        )));
    }
    if raw.game != game.id {
        return Err(Error::SaveFile(format!(
            "the file is a {} game, not {}",
            raw.game, game.id
        )));
    }
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
    let history = changes_from_json(raw.history, game, "history")?;
    let undone = changes_from_json(raw.undone, game, "undone")?;
    let mut trains: BTreeMap<CompanyId, Vec<TrainId>> = BTreeMap::new();
    for (company, names) in raw.trains {
        let abbrev = game.company(&company)?.abbrev.clone();
        trains
            .entry(abbrev)
            .or_default()
            .extend(train_names(game, &company, names)?);
    }
    Ok(SavedGame {
        state: MapState {
            phase,
            hexes,
            trains,
        },
        history: History {
            changes: history,
            undone,
        },
    })
}

/// A list of recorded changes; a bad one is named by its place in `list`.
fn changes_from_json(
    changes: Vec<ChangeJson>,
    game: &Game,
    list: &str,
) -> Result<Vec<Change>, Error> {
    changes
        .into_iter()
        .enumerate()
        .map(|(n, ch)| {
            change_from_json(ch, game).map_err(|e| e.context(format!("{list} entry {}", n + 1)))
        })
        .collect()
}

/// Train names as the game spells them.
fn train_names(game: &Game, company: &str, names: Vec<String>) -> Result<Vec<TrainId>, Error> {
    names
        .iter()
        .map(|t| {
            game.train(t)
                .map(|train| train.name.clone())
                .map_err(|e| e.context(format!("trains of {company}")))
        })
        .collect()
}

/// Every token of a hex's state sits in a token space its tile has.
fn check_token_spaces(game: &Game, c: Coord, addr: &str, state: &HexState) -> Result<(), Error> {
    let probe = MapState {
        phase: PhaseId(0),
        hexes: BTreeMap::from([(c, state.clone())]),
        trains: BTreeMap::new(),
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
    Ok(HexState { tile, tokens })
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
    }
}

fn change_from_json(ch: ChangeJson, game: &Game) -> Result<Change, Error> {
    let phase = match ch.phase {
        Some(p) => Some((game.phase_index(&p.before)?, game.phase_index(&p.after)?)),
        None => None,
    };
    let mut hexes = BTreeMap::new();
    for (addr, hc) in ch.hexes {
        let c = game.hex(&addr)?;
        let before = hex_from_json(&addr, hc.before, game)?;
        let after = hex_from_json(&addr, hc.after, game)?;
        // `undo` writes `before` back: it must be a state a save can hold.
        check_token_spaces(game, c, &addr, &before)?;
        check_token_spaces(game, c, &addr, &after)?;
        hexes.insert(c, (before, after));
    }
    let mut trains = BTreeMap::new();
    for (company, tc) in ch.trains {
        let abbrev = game.company(&company)?.abbrev.clone();
        let before = train_names(game, &company, tc.before)?;
        let after = train_names(game, &company, tc.after)?;
        trains.insert(abbrev, (before, after));
    }
    Ok(Change {
        command: ch.command,
        time: ch.time,
        phase,
        hexes,
        trains,
    })
}

/// Hexes keyed by coordinate, in board order (column, then row).
fn board_order<V>(hexes: impl Iterator<Item = (Coord, V)>) -> Vec<(Coord, V)> {
    let mut out: Vec<(Coord, V)> = hexes.collect();
    out.sort_by_key(|(c, _)| (c.col, c.row));
    out
}

fn change_to_json(ch: &Change, game: &Game) -> ChangeJson {
    let hexes = board_order(ch.hexes.iter().map(|(c, h)| (*c, h)));
    ChangeJson {
        command: ch.command.clone(),
        time: ch.time.clone(),
        phase: ch.phase.map(|(b, a)| PhaseChange {
            before: game.phases[b].name.clone(),
            after: game.phases[a].name.clone(),
        }),
        hexes: hexes
            .into_iter()
            .map(|(c, (b, a))| {
                (
                    game.format(c),
                    HexChange {
                        before: hex_to_json(b),
                        after: hex_to_json(a),
                    },
                )
            })
            .collect(),
        trains: ch
            .trains
            .iter()
            .map(|(co, (b, a))| {
                (
                    co.to_string(),
                    TrainsChange {
                        before: b.iter().map(TrainId::to_string).collect(),
                        after: a.iter().map(TrainId::to_string).collect(),
                    },
                )
            })
            .collect(),
    }
}

/// Writes a saved game as pretty JSON, with only non-default state.
pub fn to_json(saved: &SavedGame, game: &Game) -> String {
    let SavedGame { state, history } = saved;
    let hexes = board_order(
        state
            .hexes
            .iter()
            .filter(|(_, h)| h.tile.is_some() || !h.tokens.is_empty())
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
    };
    let mut text = serde_json::to_string_pretty(&out).expect("saved games always serialise");
    text.push('\n');
    text
}
