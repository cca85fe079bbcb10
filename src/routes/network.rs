//! The track network compressed into revenue stops joined by segments.
//!
//! A segment is one way to get from a stop to another stop over track that
//! passes no stop in between. Routes are sequences of segments, so the
//! search never walks plain track twice. Each segment carries the track
//! elements it uses (hex edges crossed, each lane of a side apart, plus any
//! stop-to-stop track inside a tile): two routes conflict exactly when they
//! share an element.

use super::pass_through::PassHexes;
use crate::game::{CompanyId, Game, Rules};
use crate::geometry::{Coord, Face};
use crate::state::{MapState, city_blocks};
use crate::tile::{End, Gauge, Lane, StopKind, Tile};
use std::collections::BTreeMap;

/// A revenue centre on the map.
#[derive(Clone, Debug)]
pub struct Stop {
    pub hex: Coord,
    /// The off-board groups holding its hex (1867's Detroit; 18 Los
    /// Angeles 2's overlapping W, NW and SW): a route stops in each once.
    pub groups: Vec<usize>,
    pub kind: StopKind,
    pub revenue: u32,
    /// Off-board or port: a route may end here, never pass through.
    pub terminal: bool,
    /// On a red off-board hex (18EU's red-to-red bonus asks for two).
    pub off_board: bool,
    /// A port of the game's `ports`: the fewest stops a route to it counts.
    pub port: Option<u32>,
    /// The fewest stops a route with this one has (`min_stops`), or 0.
    pub at_least: u32,
    /// Token spaces of the city (0 for towns and off-boards).
    pub spaces: usize,
    /// Companies holding tokens in this city, in space order.
    pub tokens: Vec<CompanyId>,
    /// Companies holding a token beside its spaces (a destination token,
    /// `MapState::beside_tokens`): theirs to start from and pass.
    pub beside: Vec<CompanyId>,
    /// One of them is neutral (`companies[].neutral`): the city blocks no one.
    pub neutral: bool,
    /// It takes none of a train's N (`free_stops`).
    pub free: bool,
    /// What counting it costs a route (`pass_through` with `at_stop`).
    pub toll: Option<super::stop_toll::StopToll>,
    /// A halt (a town's `halt`): no route begins or ends here.
    pub halt: bool,
}

impl Stop {
    pub fn is_city(&self) -> bool {
        matches!(self.kind, StopKind::City(_))
    }

    /// True when `company` may run a route through this stop (not only to it).
    pub fn passable_for(&self, company: &CompanyId) -> bool {
        !self.terminal
            && (self.neutral
                || self.beside.contains(company)
                || !city_blocks(self.spaces, &self.tokens, Some(company)))
    }

    /// True when `company` holds a token here, in a space or beside them.
    pub fn holds_token(&self, company: &CompanyId) -> bool {
        self.tokens.contains(company) || self.beside.contains(company)
    }
}

/// One way over plain track from stop `from` to stop `to`.
#[derive(Clone, Debug)]
pub struct Segment {
    pub to: usize,
    /// Track elements used, sorted.
    pub elements: Vec<u32>,
    /// Hexes entered after leaving `from`, in order, ending with `to`'s hex.
    pub hexes: Vec<Coord>,
    /// Its track's gauge: broad or narrow where it holds a piece of that
    /// gauge (never both: a route changes gauge only at a stop), dual
    /// where every piece is dual.
    pub gauge: Gauge,
}

/// Stops and the segments between them.
#[derive(Clone, Debug)]
pub struct Network {
    pub stops: Vec<Stop>,
    /// Segments leaving each stop.
    pub out: Vec<Vec<Segment>>,
    /// Number of distinct track elements.
    pub elements: usize,
    /// The game's rules for what routes may share.
    pub rules: Rules,
    /// The hexes that pay a route entering them (`pass_through`).
    pub pass: PassHexes,
    /// Each company's home hex (`rules.run_through_home`).
    pub homes: BTreeMap<CompanyId, Coord>,
}

struct Builder<'a> {
    game: &'a Game,
    tiles: BTreeMap<Coord, (&'a Tile, crate::geometry::Rotation)>,
    stop_ids: BTreeMap<(Coord, StopKind), usize>,
    element_ids: BTreeMap<(Coord, Face, u8), u32>,
    piece_ids: BTreeMap<(Coord, usize), u32>,
    next_element: u32,
}

impl Network {
    /// Builds the network of the map as it stands.
    pub fn build(game: &Game, state: &MapState) -> Network {
        let offboard = state.offboard_colour(game);
        let mut tiles = BTreeMap::new();
        for c in game.hexes.keys() {
            if let Some(t) = state.tile_at(game, *c) {
                tiles.insert(*c, t);
            }
        }
        let mut stops = Vec::new();
        let mut stop_ids = BTreeMap::new();
        for (c, (tile, _)) in &tiles {
            let terminal = tile.ends_routes();
            let off_board = tile.colour == crate::tile::Colour::Red;
            for (ix, _) in tile.cities.iter().enumerate() {
                let spaces = tile.spaces_of_city(ix);
                let toks = state.holders(*c, spaces.clone());
                stop_ids.insert((*c, StopKind::City(ix)), stops.len());
                stops.push(Stop {
                    hex: *c,
                    groups: game.groups_of(*c).to_vec(),
                    kind: StopKind::City(ix),
                    revenue: tile.city_revenue(ix, offboard),
                    terminal,
                    off_board,
                    port: game.port_at(*c),
                    at_least: game.min_stops_at(*c),
                    spaces: spaces.len(),
                    neutral: toks.iter().any(|t| game.is_neutral(t)),
                    tokens: toks,
                    beside: state.beside_tokens(game, *c, ix),
                    free: game.is_free_stop(*c),
                    toll: super::stop_toll::at(game, state, *c),
                    halt: false,
                });
            }
            for (ix, town) in tile.towns.iter().enumerate() {
                stop_ids.insert((*c, StopKind::Town(ix)), stops.len());
                stops.push(Stop {
                    hex: *c,
                    groups: game.groups_of(*c).to_vec(),
                    kind: StopKind::Town(ix),
                    revenue: tile.town_revenue(ix, offboard),
                    terminal,
                    off_board,
                    port: game.port_at(*c),
                    at_least: game.min_stops_at(*c),
                    spaces: 0,
                    tokens: Vec::new(),
                    beside: Vec::new(),
                    neutral: false,
                    free: game.is_free_stop(*c),
                    toll: super::stop_toll::at(game, state, *c),
                    halt: town.halt,
                });
            }
        }
        let mut b = Builder {
            game,
            tiles,
            stop_ids,
            element_ids: BTreeMap::new(),
            piece_ids: BTreeMap::new(),
            next_element: 0,
        };
        let out: Vec<Vec<Segment>> = (0..stops.len())
            .map(|s| b.segments_from(&stops[s], s))
            .collect();
        let stop_hexes: Vec<Coord> = stops.iter().map(|s| s.hex).collect();
        let seg_hexes: Vec<Vec<&[Coord]>> = out
            .iter()
            .map(|segs| segs.iter().map(|s| s.hexes.as_slice()).collect())
            .collect();
        let pass = PassHexes::of(game, state, &stop_hexes, &seg_hexes);
        Network {
            stops,
            out,
            elements: b.next_element as usize,
            rules: game.rules.clone(),
            pass,
            homes: game.homes.clone(),
        }
    }
}

impl Builder<'_> {
    /// The element of crossing side `face` of `c` in lane `here`, into the
    /// neighbour's lane `there`: each lane of a side is track of its own.
    fn edge_element(&mut self, c: Coord, face: Face, here: Lane, there: Lane) -> u32 {
        let n = c.neighbour(face, self.game.coords.orientation);
        let key = std::cmp::min((c, face, here.index), (n, face.opposite(), there.index));
        let next = &mut self.next_element;
        *self.element_ids.entry(key).or_insert_with(|| {
            *next += 1;
            *next - 1
        })
    }

    fn piece_element(&mut self, c: Coord, piece: usize) -> u32 {
        let next = &mut self.next_element;
        *self.piece_ids.entry((c, piece)).or_insert_with(|| {
            *next += 1;
            *next - 1
        })
    }

    fn segments_from(&mut self, stop: &Stop, id: usize) -> Vec<Segment> {
        let (tile, _) = self.tiles[&stop.hex];
        let start = stop.kind.end();
        let mut found = Vec::new();
        let pieces: Vec<usize> = (0..tile.track.len())
            .filter(|&p| tile.track[p].touches(start))
            .collect();
        for p in pieces {
            let mut elements = Vec::new();
            let mut hexes = Vec::new();
            self.walk(
                id,
                stop.hex,
                start,
                (p, Gauge::Dual),
                &mut elements,
                &mut hexes,
                &mut found,
            );
        }
        found
    }

    /// Follows piece `piece` of the tile at `c`, entered at `from`, the
    /// track walked so far of gauge `so_far`.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &mut self,
        origin: usize,
        c: Coord,
        from: End,
        (piece, so_far): (usize, Gauge),
        elements: &mut Vec<u32>,
        hexes: &mut Vec<Coord>,
        found: &mut Vec<Segment>,
    ) {
        let (tile, rot) = self.tiles[&c];
        let track = tile.track[piece];
        let Some(gauge) = so_far.then(track.gauge) else {
            return;
        };
        let to = track
            .other(from)
            .expect("piece touches the end it was entered from");
        match to {
            End::City(_) | End::Town(_) => {
                let kind = match to {
                    End::City(i) => StopKind::City(i),
                    End::Town(i) => StopKind::Town(i),
                    End::Face(_) => unreachable!(),
                };
                let target = self.stop_ids[&(c, kind)];
                if target == origin {
                    return;
                }
                let mut els = elements.clone();
                if from.face().is_none() {
                    els.push(self.piece_element(c, piece));
                }
                els.sort_unstable();
                found.push(Segment {
                    to: target,
                    elements: els,
                    hexes: hexes.clone(),
                    gauge,
                });
            }
            End::Face(tile_face) => {
                let face = tile_face.rotated(rot);
                if self.game.is_barrier(c, face) {
                    return;
                }
                let n = c.neighbour(face, self.game.coords.orientation);
                let Some(&(ntile, nrot)) = self.tiles.get(&n) else {
                    return;
                };
                let entry = face.opposite();
                let entry_end = End::Face(rotate_back(entry, nrot));
                // The track goes on only in the lane facing its own, into
                // track of a gauge it meets.
                let out_lane = track.lane_at(to);
                let next: Vec<(usize, Lane)> = (0..ntile.track.len())
                    .map(|q| (q, ntile.track[q]))
                    .filter(|(_, t)| {
                        t.touches(entry_end)
                            && out_lane.meets(t.lane_at(entry_end))
                            && track.gauge.meets(t.gauge)
                    })
                    .map(|(q, t)| (q, t.lane_at(entry_end)))
                    .collect();
                let mut in_lanes: Vec<Lane> = next.iter().map(|&(_, l)| l).collect();
                in_lanes.sort_unstable();
                in_lanes.dedup();
                if in_lanes.is_empty() {
                    // Numbered all the same, so that elements keep their
                    // numbers whether or not track goes on.
                    self.edge_element(c, face, out_lane, out_lane);
                }
                for in_lane in in_lanes {
                    let el = self.edge_element(c, face, out_lane, in_lane);
                    if elements.contains(&el) {
                        continue;
                    }
                    elements.push(el);
                    hexes.push(n);
                    for &(q, _) in next.iter().filter(|(_, l)| *l == in_lane) {
                        self.walk(origin, n, entry_end, (q, gauge), elements, hexes, found);
                    }
                    hexes.pop();
                    elements.pop();
                }
            }
        }
    }
}

/// The tile face that a map face is on a tile turned by `rot`.
fn rotate_back(map_face: Face, rot: crate::geometry::Rotation) -> Face {
    Face::from_index(map_face.index() + 6 - rot.steps() as usize)
}
