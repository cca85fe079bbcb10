//! Import of saved games written by the rusty_train / navig18xx GUI.
//!
//! Its saves list every map hex by zero-based `(row, col)` with the tile
//! name, rotation (`Zero`, `Cw1` … `Acw1`) and tokens `[space, company]`.
//! Its coordinates are the same offset coordinates hexroute uses inside.
//! A save is a snapshot, not a game's moves: it becomes play events that
//! no rule judges (the phase, each tile shown, each token put in its
//! space), applied to a new game as any importer's events are.

use crate::error::Error;
use crate::game::{CompanyId, Game, PhaseId};
use crate::geometry::{Coord, Rotation};
use crate::play::{self, Event};
use crate::state::MapState;
use crate::tile::TileId;
use serde::Deserialize;

#[derive(Deserialize)]
struct Save {
    game: String,
    phase: String,
    map: SaveMap,
}

#[derive(Deserialize)]
struct SaveMap {
    #[allow(dead_code)]
    orientation: Option<String>,
    tiles: Vec<SaveHex>,
}

#[derive(Deserialize)]
struct SaveHex {
    row: i32,
    col: i32,
    tile: Option<String>,
    rotation: Option<String>,
    #[serde(default)]
    tokens: Vec<(usize, String)>,
}

/// The full game name a save names, to pick the game before importing.
pub fn game_name(text: &str) -> Result<String, Error> {
    #[derive(Deserialize)]
    struct Head {
        game: String,
    }
    serde_json::from_str::<Head>(text)
        .map(|h| h.game)
        .map_err(|e| Error::Import(e.to_string()))
}

fn rotation(name: &str) -> Option<Rotation> {
    let steps = match name {
        "Zero" => 0,
        "Cw1" => 1,
        "Cw2" => 2,
        "Half" => 3,
        "Acw2" => 4,
        "Acw1" => 5,
        _ => return None,
    };
    Some(Rotation::new(steps))
}

/// A save converted, with what had to be left out on the way.
#[derive(Clone, Debug)]
pub struct Imported {
    pub state: MapState,
    /// One line each: something in the save no real game can hold (a
    /// token on an off-board), or something the save lacks (a company's
    /// setup tokens).
    pub warnings: Vec<String>,
}

/// Converts a save into hexroute's map state for `game`.
pub fn import(text: &str, game: &Game) -> Result<Imported, Error> {
    let mut warnings = Vec::new();
    let save: Save = serde_json::from_str(text).map_err(|e| Error::Import(e.to_string()))?;
    if save.game != game.import.name && save.game != game.id {
        return Err(Error::Import(format!(
            "the save is for \"{}\", not {}",
            save.game, game.name
        )));
    }
    let phase = game.phase_index(game.import.phases.get(&save.phase).unwrap_or(&save.phase))?;
    let mut events = Vec::new();
    if phase != PhaseId(0) {
        events.push(Event::Phase(phase));
    }
    for h in save.map.tiles {
        let c = Coord::new(h.row, h.col);
        let addr = game.format(c);
        let printed = game.hexes.get(&c).ok_or_else(|| {
            Error::Import(format!(
                "row {} col {} ({addr}) is not on the {} map",
                h.row, h.col, game.id
            ))
        })?;
        let rot = match &h.rotation {
            Some(r) => rotation(r)
                .ok_or_else(|| Error::Import(format!("hex {addr}: unknown rotation \"{r}\"")))?,
            None => Rotation::ZERO,
        };
        let tile = match &h.tile {
            Some(name) => {
                let ours = game
                    .import
                    .tiles
                    .get(name)
                    .cloned()
                    .unwrap_or_else(|| name.clone());
                let ours = TileId::from(ours);
                game.tile(&ours)
                    .map_err(|e| e.context(format!("hex {addr}")))?;
                let same_as_printed =
                    printed.tile.as_deref() == Some(ours.as_str()) && printed.rotation == rot;
                (!same_as_printed).then_some((ours, rot))
            }
            None if printed.tile.is_some() && !game.import.absent.contains(&addr) => {
                return Err(Error::Import(format!(
                    "hex {addr}: the save has no tile where the map prints one"
                )));
            }
            None => None,
        };
        let tile_name = tile.as_ref().map(|(t, _)| t).or(printed.tile.as_ref());
        let offboard = tile_name
            .and_then(|t| game.tiles.get(t))
            .is_some_and(|t| t.colour.ends_routes());
        let mut tokens = Vec::new();
        for (space, company) in h.tokens {
            let ours = game.import.companies.get(&company).unwrap_or(&company);
            let abbrev = &game
                .company(ours)
                .map_err(|e| e.context(format!("hex {addr}")))?
                .abbrev;
            if offboard {
                warnings.push(format!(
                    "hex {addr}: dropped {abbrev}'s token: no game puts a token on an off-board"
                ));
                continue;
            }
            tokens.push(Event::PutToken {
                c,
                space,
                company: abbrev.clone(),
            });
        }
        if let Some((tile, rotation)) = tile {
            events.push(Event::ShowTile { c, tile, rotation });
        }
        events.extend(tokens);
    }
    let mut state = MapState::new();
    for event in &events {
        state = play::apply(game, &state, event)?.edit.next;
    }
    for (company, c, space) in game.setup_tokens() {
        let held = state.tokens_at(c).and_then(|t| t.get(&space));
        if held.map(CompanyId::as_str) != Some(company) {
            warnings.push(format!(
                "hex {}: {company}'s setup token is absent from the save (the other program does not know {company}); routes here ignore it",
                game.format(c)
            ));
        }
    }
    Ok(Imported { state, warnings })
}
