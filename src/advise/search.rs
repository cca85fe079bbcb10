//! Which planned turns need a route search, and the searches themselves:
//! a turn routes see as today's map keeps today's routes, and turns that
//! routes see alike share one search, solved in parallel.

use super::{Ask, Choice, Move};
use crate::error::Result;
use crate::game::{CompanyId, Game};
use crate::geometry::Coord;
use crate::reach;
use crate::routes::{self, Solution};
use crate::state::MapState;
use crate::tile::End;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

/// What one search solves: the laid hexes as routes see them after a
/// turn (those the company reaches whose view changed), or one plan alone
/// (a token starts routes, so it is always searched).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Search {
    Lays(Vec<(Coord, Seen)>),
    Alone(usize),
}

/// Today's view of each hex a plan lays on, computed once.
pub(super) struct Today<'a> {
    ask: Ask<'a>,
    seen: BTreeMap<Coord, Seen>,
}

impl<'a> Today<'a> {
    pub(super) fn new(ask: Ask<'a>) -> Today<'a> {
        let seen = ask
            .game
            .hexes
            .keys()
            .map(|&c| (c, Seen::of(ask.game, ask.state, c)))
            .collect();
        Today { ask, seen }
    }

    /// The search a plan needs: `None` when routes see its map as today's.
    /// A hex routes see as before, or that the company cannot reach after
    /// the turn, changes no route; two maps whose other laid hexes look
    /// alike to routes (their live track, stops and tokens) have the same
    /// routes, since a neighbour's track is live exactly when the laid
    /// hex's view has track on that side.
    pub(super) fn search(&self, moves: &[Move], after: &MapState) -> Option<Search> {
        let (game, company) = (self.ask.game, &self.ask.query.company);
        let mut hexes: Vec<Coord> = moves
            .iter()
            .filter_map(|m| match m {
                Move::Lay { hex, .. } => Some(*hex),
                Move::Token { .. } => None,
            })
            .collect();
        hexes.sort();
        hexes.dedup();
        // The views first: they are cheap, and most lays leave them as they were.
        let changed: Vec<(Coord, Seen)> = hexes
            .into_iter()
            .map(|c| (c, Seen::of(game, after, c)))
            .filter(|(c, view)| self.seen.get(c) != Some(view))
            .collect();
        if changed.is_empty() {
            return None;
        }
        let reach = reached(game, after, company);
        let live: Vec<(Coord, Seen)> = changed
            .into_iter()
            .filter(|(c, _)| reach.contains(c))
            .collect();
        (!live.is_empty()).then_some(Search::Lays(live))
    }
}

fn reached(game: &Game, state: &MapState, company: &CompanyId) -> Vec<Coord> {
    let mut hexes: Vec<Coord> = reach::from_tokens(game, state, company)
        .pieces
        .iter()
        .map(|(c, _)| *c)
        .collect();
    hexes.sort();
    hexes.dedup();
    hexes
}

/// One planned turn: its moves, the search it needs (`None`: today's
/// routes), and its map when no other plan's stands in for it.
pub(super) struct Planned {
    pub moves: Vec<Move>,
    pub search: Option<Search>,
    pub after: Option<MapState>,
}

/// Solves the plans' distinct searches in parallel and prices every plan.
/// A plan whose map was dropped is rebuilt only if it is the first of its
/// search. Returns the choices and how many searches were made.
pub(super) fn solve_all(
    ask: Ask,
    now: &Solution,
    planned: Vec<Planned>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<(Vec<Choice>, usize)> {
    use rayon::prelude::*;
    let mut first: BTreeMap<&Search, usize> = BTreeMap::new();
    for (i, p) in planned.iter().enumerate() {
        if let Some(s) = &p.search {
            first.entry(s).or_insert(i);
        }
    }
    let index_of: BTreeMap<Search, usize> =
        first.into_iter().map(|(s, i)| (s.clone(), i)).collect();
    let of = index_of.len();
    let done = AtomicUsize::new(0);
    let solved: BTreeMap<usize, Solution> = index_of
        .values()
        .copied()
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|i| {
            let p = &planned[i];
            let map = match &p.after {
                Some(m) => m.clone(),
                None => super::after(&ask, &p.moves)?,
            };
            let s = routes::solve(ask.game, &map, ask.query)?;
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, of);
            Ok((i, s))
        })
        .collect::<Result<_>>()?;
    let choices = planned
        .into_iter()
        .map(|p| {
            let solution = match &p.search {
                None => now.clone(),
                Some(s) => solved[&index_of[s]].clone(),
            };
            Choice {
                searched: p.search.is_some(),
                moves: p.moves,
                solution,
            }
        })
        .collect();
    Ok((choices, of))
}

/// One hex as routes see it: the track pieces a route can run over (each
/// end a stop, or a hex edge that track meets on the far side), and the
/// stops they touch with their value and who holds their token spaces.
/// Track that leads nowhere is left out: no route runs over it.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Seen {
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
