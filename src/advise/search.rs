//! Which planned turns need a route search, and the searches themselves:
//! a turn routes see as today's map keeps today's routes, and turns that
//! routes see alike share one search, solved in parallel.

use super::{Ask, Choice, Move, bound};
use crate::error::Result;
use crate::game::{CompanyId, Game};
use crate::geometry::Coord;
use crate::reach;
use crate::routes::{self, Solution};
use crate::state::MapState;
use crate::tile::End;
use rayon::prelude::*;
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

/// What [`solve_all`] found: every plan priced but those skipped, and
/// how many searches it made.
pub(super) struct Solved {
    pub choices: Vec<Choice>,
    pub searches: usize,
    /// Plans left out unsearched: proven to earn no more than a part of
    /// themselves priced already (see [`solve_all`]).
    pub skipped: usize,
}

/// Solves the plans' distinct searches in parallel and prices every plan,
/// shorter turns first. A longer turn whose map [`bound::upper`] proves
/// earns no more than the turn one move shorter (priced already, here or
/// in `earlier`) is left out unsearched when every plan sharing its search
/// is: that shorter turn earns as much for no more money, so the longer
/// one would be dropped from the advice anyway ([`super::drop_dominated`]).
/// With `prune` false every search is made. A plan whose map was dropped
/// is rebuilt only if it is the first of its search.
pub(super) fn solve_all(
    ask: Ask,
    now: &Solution,
    planned: Vec<Planned>,
    earlier: &[Choice],
    prune: bool,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Solved> {
    let mut lengths: Vec<usize> = planned.iter().map(|p| p.moves.len()).collect();
    lengths.sort();
    lengths.dedup();
    let mut known: BTreeMap<TurnKey, Choice> = earlier
        .iter()
        .map(|c| (super::turn_key(&c.moves), c.clone()))
        .collect();
    let mut solved: BTreeMap<Search, Solution> = BTreeMap::new();
    // Turns on whose map no train's route alone beats its floor there.
    let mut settled: BTreeMap<TurnKey, bound::Settled> = BTreeMap::new();
    let longer = lengths.iter().any(|&n| n >= 2);
    let mut planned: Vec<Option<Planned>> = planned.into_iter().map(Some).collect();
    let mut out = Solved {
        choices: Vec::new(),
        searches: 0,
        skipped: 0,
    };
    for len in lengths {
        let round: Vec<Planned> = planned
            .iter_mut()
            .filter(|p| p.as_ref().is_some_and(|p| p.moves.len() == len))
            .filter_map(Option::take)
            .collect();
        let mut groups: BTreeMap<Search, Vec<usize>> = BTreeMap::new();
        for (i, p) in round.iter().enumerate() {
            if let Some(s) = p.search.as_ref().filter(|s| !solved.contains_key(*s)) {
                groups.entry(s.clone()).or_default().push(i);
            }
        }
        let skip: Vec<Search> = if prune {
            provably_no_better(ask, &round, &groups, &known, &settled)?
        } else {
            Vec::new()
        };
        for s in &skip {
            groups.remove(s);
        }
        let as_now = if prune && len == 1 {
            earn_as_now(ask, now, &round, &groups)?
        } else {
            BTreeMap::new()
        };
        for s in as_now.keys() {
            groups.remove(s);
        }
        let as_now: BTreeMap<Search, Solution> = as_now
            .into_iter()
            .map(|(s, (solution, proven))| {
                for &i in &by_search(&round, &s) {
                    if let Some(floors) = &proven {
                        settled.insert(super::turn_key(&round[i].moves), floors.clone());
                    }
                }
                (s, solution)
            })
            .collect();
        // Turns routes see as today's map are settled where today's is.
        let unchanged = || round.iter().filter(|p| p.search.is_none());
        let today = (prune && longer && len == 1 && unchanged().next().is_some())
            .then(|| {
                bound::settle(
                    ask.game,
                    ask.state,
                    ask.query,
                    bound::floors(ask.query, now),
                )
            })
            .flatten();
        if let Some(floors) = &today {
            for p in unchanged() {
                settled.insert(super::turn_key(&p.moves), floors.clone());
            }
        }
        let done = AtomicUsize::new(0);
        let of = groups.len();
        let fresh: Vec<(Search, Solution)> = groups
            .into_iter()
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|(s, members)| {
                let p = &round[members[0]];
                let map = map_of(ask, p)?;
                let solution = routes::solve(ask.game, &map, ask.query)?;
                progress(done.fetch_add(1, Ordering::Relaxed) + 1, of);
                Ok((s, solution))
            })
            .collect::<Result<_>>()?;
        out.searches += fresh.len();
        solved.extend(fresh);
        solved.extend(as_now.iter().map(|(s, sol)| (s.clone(), sol.clone())));
        for p in round {
            if p.search.as_ref().is_some_and(|s| skip.contains(s)) {
                out.skipped += 1;
                continue;
            }
            let solution = match &p.search {
                None => now.clone(),
                Some(s) => solved[s].clone(),
            };
            let choice = Choice {
                searched: p.search.as_ref().is_some_and(|s| !as_now.contains_key(s)),
                moves: p.moves,
                solution,
            };
            known.insert(super::turn_key(&choice.moves), choice.clone());
            out.choices.push(choice);
        }
    }
    Ok(out)
}

/// The plans of `round` that share search `s`.
fn by_search(round: &[Planned], s: &Search) -> Vec<usize> {
    (0..round.len())
        .filter(|&i| round[i].search.as_ref() == Some(s))
        .collect()
}

/// What tells turns apart: their moves, in any order.
type TurnKey = Vec<(Coord, String, u8, usize)>;

/// The plan's map: kept, or rebuilt from its moves.
fn map_of(ask: Ask, p: &Planned) -> Result<MapState> {
    match &p.after {
        Some(m) => Ok(m.clone()),
        None => super::after(&ask, &p.moves),
    }
}

/// The searches of `groups` (plans of `round` sharing one) that need not
/// be made: every plan sharing it is one move longer than a turn priced
/// already (in `known`), and the bound on its map is no more than that
/// turn's revenue. Bounds are proven in parallel.
fn provably_no_better(
    ask: Ask,
    round: &[Planned],
    groups: &BTreeMap<Search, Vec<usize>>,
    known: &BTreeMap<TurnKey, Choice>,
    settled: &BTreeMap<TurnKey, bound::Settled>,
) -> Result<Vec<Search>> {
    let shorter = |p: &Planned| {
        let n = p.moves.len();
        (n >= 2)
            .then(|| known.get(&super::turn_key(&p.moves[..n - 1])))
            .flatten()
    };
    let candidates: Vec<(&Search, Vec<&Choice>)> = groups
        .iter()
        .filter_map(|(s, members)| {
            let parts: Option<Vec<&Choice>> = members.iter().map(|&i| shorter(&round[i])).collect();
            parts.map(|parts| (s, parts))
        })
        .collect();
    let skip: Vec<Option<Search>> = candidates
        .into_par_iter()
        .map(|(s, parts)| {
            // Every plan of a search has the same routes: one bound serves
            // them all, floored by the first plan's shorter turn.
            let least = parts.iter().map(|c| c.revenue()).min().unwrap_or(0);
            let p = &round[groups[s][0]];
            let map = map_of(ask, p)?;
            let floors = bound::floors(ask.query, &parts[0].solution);
            // Where the shorter turn's map is settled at these floors,
            // only the routes through the last move's hex can beat them.
            let n = p.moves.len();
            let proven = settled.get(&super::turn_key(&p.moves[..n - 1])) == Some(&floors);
            let most = match p.moves[n - 1].hex() {
                hex if proven => {
                    bound::upper_through(ask.game, &map, ask.query, &floors, least, hex)
                }
                _ => bound::upper(ask.game, &map, ask.query, &floors, least),
            };
            Ok((most <= u64::from(least)).then(|| s.clone()))
        })
        .collect::<Result<_>>()?;
    Ok(skip.into_iter().flatten().collect())
}

/// A one-move turn's routes, proven to earn what the company earns now,
/// and the floors they settle on its map, if proven.
type AsNow = (Solution, Option<bound::Settled>);

/// The searches of `groups` (one-move plans of `round`) proven to earn
/// exactly what the company earns now, each with its routes: the bound on
/// the plan's map is no more than `now`, and `now`'s routes still run
/// there for as much ([`bound::as_now`]). A lay that gives no train a
/// richer route is most lays; this spares each its search. Proven in
/// parallel.
fn earn_as_now(
    ask: Ask,
    now: &Solution,
    round: &[Planned],
    groups: &BTreeMap<Search, Vec<usize>>,
) -> Result<BTreeMap<Search, AsNow>> {
    let proven: Vec<Option<(Search, AsNow)>> = groups
        .iter()
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|(s, members)| {
            let map = map_of(ask, &round[members[0]])?;
            Ok(bound::as_now(ask.game, &map, ask.query, now).map(|found| (s.clone(), found)))
        })
        .collect::<Result<_>>()?;
    Ok(proven.into_iter().flatten().collect())
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
