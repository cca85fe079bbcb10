//! Where a company's trains could go: a search over the track network from
//! its station tokens. Tile-lay and token rules ask this question; it knows
//! nothing of routes or revenue. Track goes on across a hex side only into
//! track of a gauge it meets (18xx.games's walk: broad into broad or dual,
//! narrow into narrow or dual, dual into either); at a town or city any
//! gauge goes on.

use crate::game::{CompanyId, Game};
use crate::geometry::{Coord, Face};
use crate::state::{MapState, city_blocks};
use crate::tile::{End, Gauge};
use std::collections::{BTreeSet, VecDeque};

/// The track ends and pieces a company can reach, in map faces.
#[derive(Clone, Debug, Default)]
pub struct Reach {
    /// Ends (faces at hex edges, towns, cities) a train of the company can reach.
    pub ends: BTreeSet<(Coord, End)>,
    /// Track pieces (hex, index in the tile's track list) it can run over.
    pub pieces: BTreeSet<(Coord, usize)>,
}

impl Reach {
    pub fn has_city(&self, c: Coord, city: usize) -> bool {
        self.ends.contains(&(c, End::City(city)))
    }
}

/// True when `company` may run a train through (not only to) this end.
fn passable(
    game: &Game,
    state: &MapState,
    company: Option<&CompanyId>,
    c: Coord,
    end: End,
) -> bool {
    let Some((tile, _)) = state.tile_at(game, c) else {
        return false;
    };
    match end {
        End::Face(_) => true,
        _ if tile.ends_routes() => false,
        End::Town(_) => true,
        End::City(i) => {
            let spaces = tile.spaces_of_city(i);
            let holders = state.holders(c, spaces.clone());
            // A neutral token opens the city to every company.
            holders.iter().any(|h| game.is_neutral(h))
                || company.is_some_and(|co| state.beside_tokens(game, c, i).contains(co))
                || !city_blocks(spaces.len(), &holders, company)
        }
    }
}

/// Searches the map from every city holding one of `company`'s tokens.
/// Cities filled by other companies are reached but not passed.
pub fn from_tokens(game: &Game, state: &MapState, company: &CompanyId) -> Reach {
    let mut starts = Vec::new();
    for (c, space, co) in state.tokens() {
        if co != company {
            continue;
        }
        if let Some(city) = state
            .tile_at(game, c)
            .and_then(|(t, _)| t.city_of_space(space))
        {
            starts.push((c, End::City(city)));
        }
    }
    // A token beside a city's spaces (a destination token) is in its first.
    for (c, co) in state.destination_tokens(game) {
        if co == *company {
            starts.push((c, End::City(0)));
        }
    }
    search(game, state, Some(company), &starts)
}

/// True when track joins a city of hex `c` to another stop (a town, a
/// city, an off-board): the hex is "connected" for choosing a home.
pub fn joins_another_stop(game: &Game, state: &MapState, c: Coord) -> bool {
    let Some((tile, _)) = state.tile_at(game, c) else {
        return false;
    };
    let starts: Vec<(Coord, End)> = (0..tile.cities.len()).map(|i| (c, End::City(i))).collect();
    let reach = search(game, state, None, &starts);
    reach.ends.iter().any(|(at, end)| {
        matches!(end, End::City(_) | End::Town(_)) && !starts.contains(&(*at, *end))
    })
}

/// `company`: `None` when no company's token opens a full city.
fn search(
    game: &Game,
    state: &MapState,
    company: Option<&CompanyId>,
    starts: &[(Coord, End)],
) -> Reach {
    let mut reach = Reach::default();
    // Each end with the gauge of the track that led to it (`None` at a
    // start): at a side, only track meeting that gauge goes on.
    let mut seen: BTreeSet<(Coord, End, Option<Gauge>)> = BTreeSet::new();
    let mut queue: VecDeque<(Coord, End, Option<Gauge>)> = VecDeque::new();
    for &(c, end) in starts {
        reach.ends.insert((c, end));
        if seen.insert((c, end, None)) {
            queue.push_back((c, end, None));
        }
    }
    while let Some((c, end, led)) = queue.pop_front() {
        let is_start = starts.contains(&(c, end));
        if !is_start && !passable(game, state, company, c, end) {
            continue;
        }
        let Some((tile, rot)) = state.tile_at(game, c) else {
            continue;
        };
        let at_side = matches!(end, End::Face(_));
        let mut next: Vec<(Coord, End, Option<Gauge>)> = Vec::new();
        for (ix, piece) in tile.track_rotated(rot).enumerate() {
            if at_side && led.is_some_and(|g| !g.meets(piece.gauge)) {
                continue;
            }
            if let Some(other) = piece.other(end) {
                reach.pieces.insert((c, ix));
                next.push((c, other, Some(piece.gauge)));
            }
        }
        // A face we arrived at from inside the tile leads across the hex
        // edge, carrying the gauge of the piece that reached it.
        if let End::Face(face) = end
            && let Some((n, far)) = across_edge(game, state, c, face)
        {
            next.push((n, far, led));
        }
        for (n, e, g) in next {
            reach.ends.insert((n, e));
            if seen.insert((n, e, g)) {
                queue.push_back((n, e, g));
            }
        }
    }
    reach
}

/// The end on the far side of a hex edge, when track meets there.
pub fn across_edge(game: &Game, state: &MapState, c: Coord, face: Face) -> Option<(Coord, End)> {
    if game.is_barrier(c, face) {
        return None;
    }
    let n = c.neighbour(face, game.coords.orientation);
    let (tile, rot) = state.tile_at(game, n)?;
    let entry = face.opposite();
    tile.faces(rot)
        .contains(&entry)
        .then_some((n, End::Face(entry)))
}
