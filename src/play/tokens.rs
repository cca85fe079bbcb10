//! Tokens and tiles as the engine moves them with no player's say: a
//! token taken from a given space, put in one, passed from a minor to the
//! company that bought it, every token of a company lifted, a laid tile
//! lifted so the printed one shows again, a tile shown as another
//! program's save has it. No rule of placement judges these: the game's
//! own events (or a save that keeps no moves) make them.

use crate::edit::Edit;
use crate::error::{Error, Result};
use crate::game::{CompanyId, Game};
use crate::geometry::{Coord, Rotation};
use crate::state::MapState;
use crate::tile::TileId;

/// The token in `space` of hex `c` leaves.
pub(super) fn remove_at(game: &Game, state: &MapState, c: Coord, space: usize) -> Result<Edit> {
    let mut next = state.clone();
    let mut h = next.hex_state(c);
    let addr = game.format(c);
    let Some(owner) = h.tokens.remove(&space) else {
        return Err(Error::Invalid(format!(
            "hex {addr}: no token in space {space} to remove"
        )));
    };
    next.hexes.insert(c, h);
    Ok(edit(
        next,
        format!("{owner}'s token leaves {addr} (space {space})"),
    ))
}

/// `company`'s token goes in `space` of hex `c`, whoever held it.
pub(super) fn put(
    game: &Game,
    state: &MapState,
    c: Coord,
    space: usize,
    company: &CompanyId,
) -> Result<Edit> {
    game.company(company)?;
    let mut next = state.clone();
    let mut h = next.hex_state(c);
    h.tokens.insert(space, company.clone());
    next.hexes.insert(c, h);
    let said = format!(
        "a {company} token goes on {} (space {space})",
        game.format(c)
    );
    Ok(edit(next, said))
}

/// Each token of `from` becomes `to`'s, or leaves where `to` has one on
/// the hex already (a minor bought with its tokens: 1846's).
pub(super) fn pass(state: &MapState, from: &CompanyId, to: &CompanyId) -> Edit {
    let mut next = state.clone();
    for h in next.hexes.values_mut() {
        let Some(space) = (h.tokens.iter())
            .find(|(_, co)| *co == from)
            .map(|(s, _)| *s)
        else {
            continue;
        };
        if h.tokens.values().any(|co| co == to) {
            h.tokens.remove(&space);
        } else {
            h.tokens.insert(space, to.clone());
        }
    }
    edit(next, format!("{from}'s tokens are {to}'s"))
}

/// Every token of `company` leaves the map.
pub(super) fn lift_all(state: &MapState, company: &CompanyId) -> Edit {
    let mut next = state.clone();
    for h in next.hexes.values_mut() {
        h.tokens.retain(|_, co| co != company);
    }
    edit(next, format!("{company}'s tokens leave the map"))
}

/// The tile laid on `c` goes; the printed tile shows again, the tokens
/// staying in their spaces.
pub(super) fn lift_tile(game: &Game, state: &MapState, c: Coord) -> Edit {
    let mut next = state.clone();
    let mut h = next.hex_state(c);
    h.tile = None;
    next.hexes.insert(c, h);
    edit(next, format!("the tile on {} is lifted", game.format(c)))
}

/// Tile `tile` shows on hex `c` at `rotation`, whatever was there: a
/// snapshot (another program's save) keeps the map, not the lays that
/// made it, so there is no lay to judge.
pub(super) fn show_tile(
    game: &Game,
    state: &MapState,
    c: Coord,
    tile: &TileId,
    rotation: Rotation,
) -> Result<Edit> {
    game.tile(tile)?;
    let mut next = state.clone();
    let mut h = next.hex_state(c);
    h.tile = Some((tile.clone(), rotation));
    next.hexes.insert(c, h);
    let said = format!("{} shows {tile} (rotation {rotation})", game.format(c));
    Ok(edit(next, said))
}

fn edit(next: MapState, said: String) -> Edit {
    Edit {
        next,
        violations: Vec::new(),
        said,
    }
}
