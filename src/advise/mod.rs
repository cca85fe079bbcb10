//! The lay advisor: every whole turn a company may make now (its title's
//! lays, `rules.lays`, and a token), each priced by the optimal revenue its
//! trains earn after it.
//!
//! Every legal lay comes from [`rules::lay_options`], so the game's lay
//! rules, tile supply, phase and reach decide what is offered. A turn whose
//! new track the company cannot reach from its tokens, or that routes see
//! as today's map, cannot change its routes (a route runs only on track
//! joined to a token), so it earns what the company earns now and is
//! ranked without a search; turns that routes see alike share one search;
//! the others are solved exactly, in parallel.

use crate::error::{Error, Result};
use crate::game::{Game, turn::token_price};
use crate::geometry::{Coord, Rotation};
use crate::routes::{self, Query, Solution};
use crate::rules::{self, LayBy, LayKind, Site};
use crate::state::MapState;
use crate::tile::TileId;

mod bound;
pub mod report;
mod search;
mod turn;

use search::{Planned, Today};

/// One move the company may make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// A tile on hex `hex` (placed on an empty hex or upgrading one).
    Lay {
        kind: LayKind,
        hex: Coord,
        tile: TileId,
        rotation: Rotation,
        /// What the lay costs: terrain, water, and the turn's price for
        /// this lay (1867's second lay, $20).
        cost: u32,
        /// Laid through the private's ability (`Ask::by.private`).
        private: bool,
    },
    /// A station token in token space `space` of hex `hex`, at `price`
    /// (`None`: the game file gives no token prices).
    Token {
        hex: Coord,
        space: usize,
        price: Option<u32>,
    },
}

impl Move {
    fn lay_hex(&self) -> Option<Coord> {
        match self {
            Move::Lay { hex, .. } => Some(*hex),
            Move::Token { .. } => None,
        }
    }

    /// The hex the move is on.
    fn hex(&self) -> Coord {
        match self {
            Move::Lay { hex, .. } | Move::Token { hex, .. } => *hex,
        }
    }

    /// What the move costs, a token of unknown price counted as free.
    fn cost(&self) -> u32 {
        match self {
            Move::Lay { cost, .. } => *cost,
            Move::Token { price, .. } => price.unwrap_or(0),
        }
    }
}

fn cost_of(moves: &[Move]) -> u32 {
    moves.iter().map(Move::cost).sum()
}

/// A turn (its lays, and a token), with what the company earns after it.
#[derive(Clone, Debug)]
pub struct Choice {
    pub moves: Vec<Move>,
    pub solution: Solution,
    /// False when no route search was made: the turn cannot touch the
    /// company's network, or a bound proves it earns what the company
    /// earns now (today's routes, priced on the turn's map).
    pub searched: bool,
}

impl Choice {
    pub fn revenue(&self) -> u32 {
        self.solution.total
    }

    /// What the turn costs (a token of unknown price counted as free).
    pub fn cost(&self) -> u32 {
        cost_of(&self.moves)
    }
}

/// What to advise on.
#[derive(Clone, Copy)]
pub struct Ask<'a> {
    pub game: &'a Game,
    pub state: &'a MapState,
    /// The company, its trains and bonuses, as `routes` asks.
    pub query: &'a Query,
    /// Who lays: the company, and a private company whose lay comes
    /// first in the turn.
    pub by: LayBy<'a>,
    /// Rank token placements too: alone, and after the best turn's lays.
    pub tokens: bool,
    /// At most this many lays in a turn (`None`: the title's whole turn).
    pub lays: Option<usize>,
    /// The company's first operating turn, whose lays some titles give
    /// apart (`rules.turns`' `first_turn`); a save cannot know it.
    pub first_turn: bool,
}

/// The advice: what the company earns now, and every choice, best first.
#[derive(Clone, Debug)]
pub struct Advice {
    pub now: Solution,
    /// The turns worth making, best first: a turn is left out when some
    /// of its moves alone earn as much for no more.
    pub choices: Vec<Choice>,
    /// How many legal turns were priced (those left out included).
    pub turns: usize,
    /// How many route searches were made (turns that routes see alike
    /// share one; turns that change nothing need none).
    pub searches: usize,
}

impl Advice {
    /// True when no choice earns more than the company earns now.
    pub fn no_gain(&self) -> bool {
        self.choices
            .first()
            .is_none_or(|c| c.revenue() <= self.now.total)
    }
}

/// Every legal turn of the company, solved and ranked (best first: more
/// revenue, then cheaper, then fewer moves, then board order).
/// `progress(done, of)` is told as searches finish.
pub fn advise(ask: Ask, progress: &(dyn Fn(usize, usize) + Sync)) -> Result<Advice> {
    advise_with(ask, true, progress)
}

/// As [`advise`], but searching every turn, none skipped by a bound: the
/// same advice, slower (what the tests compare it with).
pub fn advise_exhaustively(ask: Ask, progress: &(dyn Fn(usize, usize) + Sync)) -> Result<Advice> {
    advise_with(ask, false, progress)
}

fn advise_with(ask: Ask, prune: bool, progress: &(dyn Fn(usize, usize) + Sync)) -> Result<Advice> {
    let Ask {
        game, state, query, ..
    } = ask;
    if ask.tokens {
        refuse_national_tokens(game, &query.company)?;
    }
    if ask.first_turn {
        refuse_first_turn(game)?;
    }
    let now = routes::solve(game, state, query)?;
    let today = Today::new(ask);
    let mut planned = turn::plans(ask, &today)?;
    if ask.tokens {
        planned.extend(tokens_on(&ask, state, &[])?);
    }
    let solved = search::solve_all(ask, &now, planned, &[], prune, progress)?;
    let (mut choices, mut searches, mut skipped) =
        (solved.choices, solved.searches, solved.skipped);
    rank(&mut choices);
    if ask.tokens
        && let Some(best) = choices
            .iter()
            .find(|c| matches!(c.moves[0], Move::Lay { .. }))
    {
        let lays = best.moves.clone();
        let after = after(&ask, &lays)?;
        let combos = tokens_on(&ask, &after, &lays)?;
        let more = search::solve_all(ask, &now, combos, &choices, prune, progress)?;
        choices.extend(more.choices);
        searches += more.searches;
        skipped += more.skipped;
        rank(&mut choices);
    }
    let turns = choices.len() + skipped;
    drop_dominated(&mut choices);
    Ok(Advice {
        now,
        choices,
        turns,
        searches,
    })
}

/// A first turn is asked for only where the title gives one lays of its
/// own: elsewhere the flag would be ignored in silence.
pub fn refuse_first_turn(game: &Game) -> Result<()> {
    if game.has_first_turn() {
        return Ok(());
    }
    Err(Error::Invalid(format!(
        "--first-turn: {} gives a company's first turn no lays of its own (its game file's \
         rules.turns has none with first_turn); ask without --first-turn",
        game.id
    )))
}

/// A title's national (`Mechanism::National`: 1867's CN, 1861's RSR)
/// never chooses a token: the game puts its tokens down for it, in the
/// cities of the companies it takes over and where it reserved one
/// (18xx.games gives it no token step), so a token for it has no price
/// and no place to advise.
pub fn refuse_national_tokens(game: &Game, company: &crate::game::CompanyId) -> Result<()> {
    let national = game
        .from_18xx_games
        .as_ref()
        .and_then(|play| play.national.as_ref());
    match national {
        Some(n) if n.company == *company => Err(Error::Invalid(format!(
            "{company} is the national: the game places its tokens for it, it never \
             chooses one (ask without --token)"
        ))),
        _ => Ok(()),
    }
}

/// Drops each turn that some of its own moves, made alone, match: they
/// earn as much for no more money, so the rest of the turn adds nothing
/// (1846's best upgrade followed by any yellow tile anywhere).
fn drop_dominated(choices: &mut Vec<Choice>) {
    let key = |moves: &[&Move]| turn_key(moves.iter().copied());
    let known: std::collections::BTreeMap<_, (u32, u32)> = choices
        .iter()
        .map(|c| {
            (
                key(&c.moves.iter().collect::<Vec<_>>()),
                (c.revenue(), c.cost()),
            )
        })
        .collect();
    choices.retain(|c| {
        let n = c.moves.len();
        !(1..(1u32 << n) - 1).any(|mask| {
            let part: Vec<&Move> = (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| &c.moves[i])
                .collect();
            known
                .get(&key(&part))
                .is_some_and(|&(r, k)| r >= c.revenue() && k <= c.cost())
        })
    });
}

/// What tells turns apart: their moves, in any order (the same tiles in
/// another order make the same map).
fn turn_key<'m>(moves: impl IntoIterator<Item = &'m Move>) -> Vec<(Coord, String, u8, usize)> {
    let mut key: Vec<_> = moves
        .into_iter()
        .map(|m| match m {
            Move::Lay {
                hex,
                tile,
                rotation,
                ..
            } => (*hex, tile.to_string(), rotation.steps(), 0),
            Move::Token { hex, space, .. } => (*hex, String::new(), 0, *space + 1),
        })
        .collect();
    key.sort();
    key
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
                Move::Token { hex, space, .. } => (1, hex.col, hex.row, String::new(), 0, *space),
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

/// The map after `moves` (a choice's), each lay checked as `ask` lays it.
pub fn after(ask: &Ask, moves: &[Move]) -> Result<MapState> {
    let Ask { game, state, .. } = *ask;
    let company = &ask.query.company;
    let mut next = state.clone();
    for m in moves {
        next = match m {
            Move::Lay {
                kind,
                hex,
                tile,
                rotation,
                private,
                ..
            } => {
                let site = Site {
                    game,
                    state: &next,
                    c: *hex,
                    kind: *kind,
                    by: LayBy {
                        company: ask.by.company,
                        private: if *private { ask.by.private } else { None },
                    },
                };
                let lay = rules::check_lay(site, tile, *rotation)?;
                lay.apply(&next, *hex)
                    .ok_or_else(|| Error::Impossible(format!("tile {tile} loses a token")))?
            }
            Move::Token { hex, space, .. } => {
                crate::edit::place_token(game, &next, *hex, company, Some(*space))?.next
            }
        };
    }
    Ok(next)
}

/// Every legal token placement (one per city: its first free space), each
/// after the moves `before` (whose map is `state`), at the company's next
/// token's price.
fn tokens_on(ask: &Ask, state: &MapState, before: &[Move]) -> Result<Vec<Planned>> {
    let (game, company) = (ask.game, &ask.query.company);
    let placed = state.tokens().filter(|(_, _, co)| *co == company).count();
    let own = game.company(company).map(|c| &c.token_prices);
    let prices = match own {
        Ok(p) if !p.is_empty() => p,
        _ => &game.rules.token_prices,
    };
    let price = token_price(prices, placed);
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
            moves.push(Move::Token {
                hex: c,
                space,
                price,
            });
            out.push(Planned {
                search: Some(search::Search::Alone(out.len())),
                moves,
                after: Some(edit.next),
            });
        }
    }
    Ok(out)
}
