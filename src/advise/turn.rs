//! A company's whole turn of lays, as its title gives it (`rules.lays`):
//! every legal sequence of them, each with the search it needs. A private's
//! lay (`--private`) comes first, beside the company's own.

use super::search::{Planned, Today};
use super::{Ask, Move};
use crate::error::{Error, Result};
use crate::game::turn::TurnOf;
use crate::game::{Holding, LayRule, TurnLay};
use crate::geometry::Coord;
use crate::reach;
use crate::rules::{self, LayBy, LayKind, Site};
use crate::state::MapState;
use crate::tile::{Colour, End};
use std::collections::{BTreeMap, BTreeSet};

/// One lay of the turn and who makes it.
#[derive(Clone, Debug)]
struct Slot {
    lay: TurnLay,
    /// Laid through the private's ability (`Ask::by.private`).
    private: bool,
}

/// The lays of `ask`'s turn, in order: the private's, then the title's
/// for this company now (`Game::lays_of`), at most `ask.lays` of them.
fn slots(ask: &Ask) -> Vec<Slot> {
    let private = ask.by.private.map(|_| Slot {
        lay: TurnLay::any(),
        private: true,
    });
    let own = own_lays(ask).iter().map(|lay| Slot {
        lay: lay.clone(),
        private: false,
    });
    private
        .into_iter()
        .chain(own)
        .take(ask.lays.unwrap_or(usize::MAX).max(1))
        .collect()
}

/// The title's lays for the asking company in the save's phase, with the
/// privates it holds, on its first turn if `ask.first_turn`.
pub(super) fn own_lays<'a>(ask: &Ask<'a>) -> &'a [TurnLay] {
    let company = &ask.query.company;
    let kind = ask
        .game
        .companies
        .iter()
        .find(|c| c.abbrev == *company)
        .map(|c| c.kind)
        .unwrap_or_default();
    let holds = |h: &Holding| ask.state.privates.get(h) == Some(company);
    let has_token_on =
        |c: Coord| (ask.state.tokens_at(c)).is_some_and(|t| t.values().any(|co| co == company));
    ask.game.lays_of(&TurnOf {
        company,
        phase: ask.state.phase,
        kind,
        holds: &holds,
        first_turn: ask.first_turn,
        has_token_on: &has_token_on,
    })
}

/// A turn begun: its moves, the map after them, whether a company lay so
/// far upgraded (what `Permit::NotAfterUpgrade` asks), and whether each
/// company lay so far went on a hex showing a town (what
/// `TurnLay::after_towns` asks).
struct Begun {
    moves: Vec<Move>,
    after: MapState,
    upgraded: bool,
    on_towns: bool,
}

/// Every legal turn of one to all of the turn's lays (a turn may stop
/// early), each once: turns that lay the same tiles in another order
/// make the same map, and the cheaper order is kept.
pub(super) fn plans(ask: Ask, today: &Today) -> Result<Vec<Planned>> {
    use rayon::prelude::*;
    let slots = slots(&ask);
    let start = Begun {
        moves: Vec::new(),
        after: ask.state.clone(),
        upgraded: false,
        on_towns: true,
    };
    let firsts = lays_on(&ask, &start, &slots[0])?;
    let trees: Vec<Vec<Planned>> = firsts
        .into_par_iter()
        .map(|begun| {
            let mut out = Vec::new();
            grow(&ask, today, &slots[1..], begun, true, &mut out)?;
            Ok(out)
        })
        .collect::<Result<_>>()?;
    let mut best: BTreeMap<Vec<(Coord, String, u8)>, Planned> = BTreeMap::new();
    for p in trees.into_iter().flatten() {
        let key = same_map_key(&p.moves);
        let cheaper = best
            .get(&key)
            .is_none_or(|old| super::cost_of(&p.moves) < super::cost_of(&old.moves));
        if cheaper {
            best.insert(key, p);
        }
    }
    Ok(best.into_values().collect())
}

/// Records `begun` as a turn and tries each next lay after it. A plan's
/// map is kept only for a first lay (one per legal lay); longer turns are
/// many, and only the first of each search is rebuilt to be solved.
fn grow(
    ask: &Ask,
    today: &Today,
    rest: &[Slot],
    begun: Begun,
    keep_map: bool,
    out: &mut Vec<Planned>,
) -> Result<()> {
    let search = today.search(&begun.moves, &begun.after);
    if let Some((slot, rest)) = rest.split_first() {
        for next in lays_on(ask, &begun, slot)? {
            grow(ask, today, rest, next, false, out)?;
        }
    }
    out.push(Planned {
        search,
        after: keep_map.then_some(begun.after),
        moves: begun.moves,
    });
    Ok(())
}

/// What makes two turns' maps the same: the tiles laid, in any order.
fn same_map_key(moves: &[Move]) -> Vec<(Coord, String, u8)> {
    let mut key: Vec<(Coord, String, u8)> = moves
        .iter()
        .filter_map(|m| match m {
            Move::Lay {
                hex,
                tile,
                rotation,
                ..
            } => Some((*hex, tile.to_string(), rotation.steps())),
            Move::Token { .. } => None,
        })
        .collect();
    key.sort();
    key
}

/// Every legal lay of `slot` after `begun`, each extending it.
fn lays_on(ask: &Ask, begun: &Begun, slot: &Slot) -> Result<Vec<Begun>> {
    let game = ask.game;
    let by = LayBy {
        company: ask.by.company,
        private: if slot.private { ask.by.private } else { None },
    };
    let laid: Vec<Coord> = begun.moves.iter().filter_map(Move::lay_hex).collect();
    if slot.lay.after_towns && !begun.on_towns {
        return Ok(Vec::new());
    }
    let near = (!slot.private
        && (!begun.moves.is_empty() || game.rules.tile_lay != LayRule::Permissive))
        .then(|| near_reach(ask, &begun.after));
    let mut out = Vec::new();
    for &c in game.hexes.keys() {
        if near.as_ref().is_some_and(|n| !n.contains(&c)) {
            continue;
        }
        let kind = match begun.after.tile_at(game, c).map(|(t, _)| t.colour) {
            None | Some(Colour::Blank) => LayKind::Place,
            Some(Colour::Red | Colour::Blue) => continue,
            Some(_) => LayKind::Upgrade,
        };
        let upgrade = kind == LayKind::Upgrade;
        let town = (begun.after.tile_at(game, c)).is_some_and(|(t, _)| !t.towns.is_empty());
        if !slot.lay.allows(upgrade, begun.upgraded) || (slot.lay.other_hex && laid.contains(&c)) {
            continue;
        }
        let site = Site {
            game,
            state: &begun.after,
            c,
            kind,
            by,
        };
        let options = match rules::lay_options(site) {
            Ok(o) => o,
            // A hex no tile can go on (printed grey, a final tile).
            Err(Error::Impossible(_)) => continue,
            Err(e) => return Err(e),
        };
        for lay in options {
            let after = lay.apply(&begun.after, c).ok_or_else(|| {
                Error::Internal(format!(
                    "a legal lay of tile {} loses a token on {c:?}",
                    lay.tile
                ))
            })?;
            let mut moves = begun.moves.clone();
            moves.push(Move::Lay {
                kind,
                hex: c,
                tile: lay.tile.clone(),
                rotation: lay.rotation,
                cost: lay.cost.amount + slot.lay.cost,
                private: slot.private,
            });
            out.push(Begun {
                moves,
                after,
                upgraded: begun.upgraded || (upgrade && !slot.private),
                on_towns: begun.on_towns && (town || slot.private),
            });
        }
    }
    Ok(out)
}

/// The hexes where a company lay can add track the company reaches: those
/// it reaches, and those across an edge its reached track meets. Under a
/// semi-restrictive or restrictive lay rule no other lay is legal; under
/// any rule a later lay elsewhere adds track no route of the company
/// runs on (a route runs only on track joined to a token), so its turn
/// earns what the turn without it earns, and is not tried.
fn near_reach(ask: &Ask, state: &MapState) -> BTreeSet<Coord> {
    let game = ask.game;
    let reach = reach::from_tokens(game, state, &ask.query.company);
    reach
        .ends
        .iter()
        .flat_map(|&(c, end)| {
            let across = match end {
                End::Face(f) => Some(c.neighbour(f, game.coords.orientation)),
                _ => None,
            };
            std::iter::once(c).chain(across)
        })
        .collect()
}
