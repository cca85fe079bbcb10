//! The lay advisor: every tile lay (and token) a company may make now,
//! each priced by the optimal revenue its trains earn after it.
//!
//! Every legal lay comes from [`rules::lay_options`], so the game's lay
//! rules, tile supply, phase and reach decide what is offered. A lay whose
//! new track the company cannot reach from its tokens cannot change its
//! routes (a route runs only on track joined to a token), so it earns what
//! the company earns now and is ranked without a search; the others are
//! solved exactly, in parallel.

use crate::error::{Error, Result};
use crate::game::{CompanyId, Game};
use crate::geometry::{Coord, Rotation};
use crate::reach;
use crate::routes::{self, Query, Solution};
use crate::rules::{self, Lay, LayBy, LayKind, Site};
use crate::state::MapState;
use crate::tile::{Colour, End, TileId};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

pub mod report;

/// One move the company may make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// A tile on hex `hex` (placed on an empty hex or upgrading one).
    Lay {
        kind: LayKind,
        hex: Coord,
        tile: TileId,
        rotation: Rotation,
        /// What the lay costs (terrain, water).
        cost: u32,
    },
    /// A station token in token space `space` of hex `hex`.
    Token { hex: Coord, space: usize },
}

/// A move, or a lay then a token, with what the company earns after it.
#[derive(Clone, Debug)]
pub struct Choice {
    pub moves: Vec<Move>,
    pub solution: Solution,
    /// False when the move cannot touch the company's network, so the
    /// routes are today's and no search was made.
    pub searched: bool,
}

impl Choice {
    pub fn revenue(&self) -> u32 {
        self.solution.total
    }

    /// What the lays cost (tokens are priced by the player: hexroute keeps
    /// no token prices).
    pub fn cost(&self) -> u32 {
        self.moves
            .iter()
            .map(|m| match m {
                Move::Lay { cost, .. } => *cost,
                Move::Token { .. } => 0,
            })
            .sum()
    }
}

/// What to advise on.
#[derive(Clone, Copy)]
pub struct Ask<'a> {
    pub game: &'a Game,
    pub state: &'a MapState,
    /// The company, its trains and bonuses, as `routes` asks.
    pub query: &'a Query,
    /// Who lays: the company, or a private company's ability.
    pub by: LayBy<'a>,
    /// Rank token placements too: alone, and after the best lay.
    pub tokens: bool,
}

/// The advice: what the company earns now, and every choice, best first.
#[derive(Clone, Debug)]
pub struct Advice {
    pub now: Solution,
    pub choices: Vec<Choice>,
    /// How many route searches were made (lays that routes see alike
    /// share one; lays that change nothing need none).
    pub searches: usize,
}

/// Every legal lay of the company, solved and ranked (best first: more
/// revenue, then cheaper, then lays before tokens, then board order).
/// `progress(done, of)` is told as searches finish.
pub fn advise(ask: Ask, progress: &(dyn Fn(usize, usize) + Sync)) -> Result<Advice> {
    let Ask {
        game, state, query, ..
    } = ask;
    let now = routes::solve(game, state, query)?;
    let lays = legal_lays(ask)?;
    let mut planned: Vec<(Vec<Move>, MapState)> = lays;
    if ask.tokens {
        planned.extend(tokens_on(game, state, &query.company, &[])?);
    }
    let (mut choices, mut searches) = solve_all(ask, &now, planned, progress)?;
    rank(&mut choices);
    if ask.tokens
        && let Some(best) = choices
            .iter()
            .find(|c| matches!(c.moves[0], Move::Lay { .. }))
    {
        let lay = best.moves.clone();
        let after = after(&ask, &lay)?;
        let combos = tokens_on(game, &after, &query.company, &lay)?;
        let (more, n) = solve_all(ask, &now, combos, progress)?;
        choices.extend(more);
        searches += n;
        rank(&mut choices);
    }
    Ok(Advice {
        now,
        choices,
        searches,
    })
}

/// Orders choices best first, deterministically.
fn rank(choices: &mut [Choice]) {
    let key = |c: &Choice| {
        let moves: Vec<(u8, i32, i32, String, u8, usize)> = c
            .moves
            .iter()
            .map(|m| match m {
                Move::Lay {
                    hex,
                    tile,
                    rotation,
                    ..
                } => (0, hex.col, hex.row, tile.to_string(), rotation.steps(), 0),
                Move::Token { hex, space } => (1, hex.col, hex.row, String::new(), 0, *space),
            })
            .collect();
        (
            std::cmp::Reverse(c.revenue()),
            c.cost(),
            c.moves.len(),
            moves,
        )
    };
    choices.sort_by_cached_key(key);
}

/// Solves each planned map in parallel, once per distinct network: a map
/// whose changed hex the company does not reach, or that routes see as
/// they see today's, keeps today's routes; lays that routes see alike
/// (rotations whose other ends lead nowhere) share one search.
fn solve_all(
    ask: Ask,
    now: &Solution,
    planned: Vec<(Vec<Move>, MapState)>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<(Vec<Choice>, usize)> {
    use rayon::prelude::*;
    let (game, company) = (ask.game, &ask.query.company);
    // Each plan's search: `None` for today's routes, else the index of the
    // first plan routes see alike.
    let mut seen: BTreeMap<Search, usize> = BTreeMap::new();
    let mut search_of: Vec<Option<usize>> = Vec::new();
    for (i, (moves, after)) in planned.iter().enumerate() {
        let key = match moves.as_slice() {
            [Move::Lay { hex, .. }] => {
                // The view first: it is cheap, and most lays leave it as it was.
                let view = Seen::of(game, after, *hex);
                let changed = view != Seen::of(game, ask.state, *hex);
                let reached = || {
                    reach::from_tokens(game, after, company)
                        .pieces
                        .iter()
                        .any(|(c, _)| c == hex)
                };
                (changed && reached()).then_some(Search::Lay(*hex, view))
            }
            // A token starts routes: always searched, on its own.
            _ => Some(Search::Alone(i)),
        };
        search_of.push(key.map(|k| *seen.entry(k).or_insert(i)));
    }
    let searches: Vec<usize> = seen.into_values().collect();
    let of = searches.len();
    let done = AtomicUsize::new(0);
    let solved: BTreeMap<usize, Solution> = searches
        .into_par_iter()
        .map(|i| {
            let s = routes::solve(game, &planned[i].1, ask.query)?;
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, of);
            Ok((i, s))
        })
        .collect::<Result<_>>()?;
    let choices = planned
        .into_iter()
        .zip(search_of)
        .map(|((moves, _), search)| Choice {
            moves,
            solution: search.map_or_else(|| now.clone(), |i| solved[&i].clone()),
            searched: search.is_some(),
        })
        .collect();
    Ok((choices, of))
}

/// What one search solves: a lay's hex as routes see it after the lay, or
/// one plan alone.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Search {
    Lay(Coord, Seen),
    Alone(usize),
}

/// One hex as routes see it: the track pieces a route can run over (each
/// end a stop, or a hex edge that track meets on the far side), and the
/// stops they touch with their value and who holds their token spaces.
/// Track that leads nowhere is left out: no route runs over it.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Seen {
    pieces: Vec<(End, End)>,
    stops: Vec<(End, u32, usize, Vec<CompanyId>)>,
}

impl Seen {
    fn of(game: &Game, state: &MapState, c: Coord) -> Seen {
        let Some((tile, rot)) = state.tile_at(game, c) else {
            return Seen::default();
        };
        let live = |e: End| match e {
            End::Face(f) => reach::across_edge(game, state, c, f).is_some(),
            _ => true,
        };
        let mut pieces: Vec<(End, End)> = tile
            .track_rotated(rot)
            .filter(|t| live(t.a) && live(t.b))
            .map(|t| (t.a.min(t.b), t.a.max(t.b)))
            .collect();
        pieces.sort();
        pieces.dedup();
        let mut stops: Vec<(End, u32, usize, Vec<CompanyId>)> = pieces
            .iter()
            .flat_map(|(a, b)| [*a, *b])
            .filter_map(|e| match e {
                End::City(i) => {
                    let spaces = tile.spaces_of_city(i);
                    let holders = state.holders(c, spaces.clone());
                    Some((e, tile.cities[i].revenue, spaces.len(), holders))
                }
                End::Town(i) => Some((e, tile.towns[i].revenue, 0, Vec::new())),
                End::Face(_) => None,
            })
            .collect();
        stops.sort();
        stops.dedup();
        Seen { pieces, stops }
    }
}

/// The map after `moves` (a choice's), laid as `ask` lays.
pub fn after(ask: &Ask, moves: &[Move]) -> Result<MapState> {
    let Ask {
        game, state, by, ..
    } = *ask;
    let company = &ask.query.company;
    let mut next = state.clone();
    for m in moves {
        next = match m {
            Move::Lay {
                kind,
                hex,
                tile,
                rotation,
                ..
            } => {
                let site = Site {
                    game,
                    state: &next,
                    c: *hex,
                    kind: *kind,
                    by,
                };
                let lay = rules::check_lay(site, tile, *rotation)?;
                lay.apply(&next, *hex)
                    .ok_or_else(|| Error::Impossible(format!("tile {tile} loses a token")))?
            }
            Move::Token { hex, space } => {
                crate::edit::place_token(game, &next, *hex, company, Some(*space))?.next
            }
        };
    }
    Ok(next)
}

/// Every legal lay on every hex, with the map after it.
fn legal_lays(ask: Ask) -> Result<Vec<(Vec<Move>, MapState)>> {
    let Ask {
        game, state, by, ..
    } = ask;
    let mut out = Vec::new();
    for &c in game.hexes.keys() {
        let kind = match state.tile_at(game, c).map(|(t, _)| t.colour) {
            None | Some(Colour::Blank) => LayKind::Place,
            Some(Colour::Red | Colour::Blue) => continue,
            Some(_) => LayKind::Upgrade,
        };
        let site = Site {
            game,
            state,
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
            out.push((vec![lay_move(kind, c, &lay)], applied(&lay, state, c)?));
        }
    }
    Ok(out)
}

fn lay_move(kind: LayKind, c: Coord, lay: &Lay) -> Move {
    Move::Lay {
        kind,
        hex: c,
        tile: lay.tile.clone(),
        rotation: lay.rotation,
        cost: lay.cost.amount,
    }
}

fn applied(lay: &Lay, state: &MapState, c: Coord) -> Result<MapState> {
    lay.apply(state, c).ok_or_else(|| {
        Error::Internal(format!(
            "a legal lay of tile {} loses a token on {c:?}",
            lay.tile
        ))
    })
}

/// Every legal token placement (one per city: its first free space), each
/// after the moves `before`, with the map after it.
fn tokens_on(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    before: &[Move],
) -> Result<Vec<(Vec<Move>, MapState)>> {
    let mut out = Vec::new();
    for &c in game.hexes.keys() {
        let Some((tile, _)) = state.tile_at(game, c) else {
            continue;
        };
        let held = state.tokens_at(c).cloned().unwrap_or_default();
        for city in 0..tile.cities.len() {
            let Some(space) = tile.spaces_of_city(city).find(|s| !held.contains_key(s)) else {
                continue;
            };
            let edit = match crate::edit::place_token(game, state, c, company, Some(space)) {
                Ok(edit) => edit,
                Err(Error::Impossible(_)) => continue,
                Err(e) => return Err(e),
            };
            if !edit.violations.is_empty() {
                continue;
            }
            let mut moves = before.to_vec();
            moves.push(Move::Token { hex: c, space });
            out.push((moves, edit.next));
        }
    }
    Ok(out)
}
