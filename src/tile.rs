//! Tiles: track, towns, cities, token spaces and within-tile connectivity.
//!
//! A tile is defined topologically: each piece of track joins two ends, each
//! end a tile face, a town or a city. Connectivity is read from that data,
//! never from drawing geometry, so any rotation can be queried exactly.

use crate::geometry::{Face, Orientation, Rotation};
use crate::name::name_type;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Tile colours in upgrade order, plus the colours only printed on the map.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Colour {
    /// A pre-printed hex with no track yet (blank or with empty cities/towns).
    Blank,
    Yellow,
    Green,
    Brown,
    Grey,
    /// Off-board areas: routes may end there, never pass through.
    Red,
    /// Water and ports: like off-boards, routes end there.
    Blue,
}

impl Colour {
    /// The colour a tile must have to replace a tile of this colour.
    pub fn next_upgrade(self) -> Option<Colour> {
        match self {
            Colour::Blank => Some(Colour::Yellow),
            Colour::Yellow => Some(Colour::Green),
            Colour::Green => Some(Colour::Brown),
            Colour::Brown => Some(Colour::Grey),
            Colour::Grey | Colour::Red | Colour::Blue => None,
        }
    }

    /// True for hexes whose stops end every route (off-boards and ports).
    pub fn ends_routes(self) -> bool {
        matches!(self, Colour::Red | Colour::Blue)
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Blank => "blank",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Brown => "brown",
            Colour::Grey => "grey",
            Colour::Red => "red",
            Colour::Blue => "blue",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One end of a piece of track, relative to the unrotated tile.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum End {
    Face(Face),
    City(usize),
    Town(usize),
}

impl End {
    /// The same end on a tile turned by `rotation` (faces become map faces).
    pub fn rotated(self, rotation: Rotation) -> End {
        match self {
            End::Face(f) => End::Face(f.rotated(rotation)),
            other => other,
        }
    }

    pub fn face(self) -> Option<Face> {
        match self {
            End::Face(f) => Some(f),
            _ => None,
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Face(face) => write!(f, "{face}"),
            End::City(i) => write!(f, "city {i}"),
            End::Town(i) => write!(f, "town {i}"),
        }
    }
}

/// Which revenue centre of a tile a stop is: routes stop at them, pictures
/// mark them, and the routes report names them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StopKind {
    City(usize),
    Town(usize),
}

impl StopKind {
    /// The track end that leads into this stop.
    pub fn end(self) -> End {
        match self {
            StopKind::City(i) => End::City(i),
            StopKind::Town(i) => End::Town(i),
        }
    }

    /// Which of the tile's cities or towns it is.
    pub fn index(self) -> usize {
        match self {
            StopKind::City(i) | StopKind::Town(i) => i,
        }
    }
}

/// A city: a revenue centre that can hold station tokens.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct City {
    pub revenue: u32,
    /// Token spaces (0 on off-boards, where no company may place a token).
    pub spaces: u8,
    /// Drawing hint: position in hex radii from the centre (x right, y up).
    #[serde(default)]
    pub at: (f64, f64),
}

/// How a town is printed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TownStyle {
    #[default]
    Bar,
    Circle,
}

/// A town (dit): a revenue centre without token spaces.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Town {
    pub revenue: u32,
    #[serde(default)]
    pub at: (f64, f64),
    #[serde(default)]
    pub style: TownStyle,
    /// True when the town pays its `revenue` in every phase, on a tile
    /// whose `phase_revenue` sets its city's value (18MS's New Orleans: a
    /// $10 town beside an off-board city).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fixed: bool,
    /// A halt (1860's £ stops, 18xx.games's `halt`): a town no route may
    /// begin or end at ("Route cannot begin/end in a halt"), though it may
    /// pass or count it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub halt: bool,
}

/// Which of the parallel lanes a tile prints across one side a piece of
/// track uses there (18xx.games's `lanes`: 18MEX's brown Mexico City runs
/// two across the side it shares with Puebla). Most track has the one lane
/// a side. Two routes may cross a side in two lanes, and track goes on only
/// into the neighbour's lane facing it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lane {
    /// How many lanes the side has.
    pub width: u8,
    /// Which of them, 0 first, counted the same way round on every tile
    /// (as 18xx.games numbers them).
    pub index: u8,
}

impl Lane {
    /// The one lane of a side without lanes.
    pub const ONLY: Lane = Lane { width: 1, index: 0 };

    /// True when track leaving a side in this lane goes on in lane `there`
    /// of the neighbour's side facing it. Both tiles count their lanes the
    /// same way round, so across the side lane `i` of `w` faces lane
    /// `w - 1 - i`;
    /// a side of fewer lanes faces the middle of one of more (as
    /// 18xx.games matches them).
    pub fn meets(self, there: Lane) -> bool {
        let (narrow, wide) = if self.width <= there.width {
            (self, there)
        } else {
            (there, self)
        };
        let centred = narrow.index + (wide.width - narrow.width) / 2;
        u16::from(centred) + u16::from(wide.index) + 1 == u16::from(wide.width)
    }
}

/// A piece of track's gauge (18xx.games's `track:` on a path; 1849, 1858
/// and 1844 print narrow track beside the usual broad). Track goes on
/// across a side only into track of a gauge it meets, and a route changes
/// gauge only at a stop (see `routes::gauge`).
#[derive(
    Copy,
    Clone,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
)]
pub enum Gauge {
    /// Standard track: every piece of a catalogue that names no gauge.
    #[default]
    Broad,
    /// Narrow (metre) gauge.
    Narrow,
    /// Both gauges at once: meets either.
    Dual,
}

impl Gauge {
    /// True when track of this gauge goes on across a side into track of
    /// gauge `there` (18xx.games's walk: broad into broad or dual, narrow
    /// into narrow or dual, dual into any).
    pub fn meets(self, there: Gauge) -> bool {
        self == Gauge::Dual || there == Gauge::Dual || self == there
    }

    /// The gauge of a run of track once `piece` joins what is so far
    /// `self` (dual while it has been dual throughout), or `None` where it
    /// would hold both broad and narrow pieces: a route changes gauge only
    /// at a stop (1849's `track_type`: "only at station").
    pub fn then(self, piece: Gauge) -> Option<Gauge> {
        match (self, piece) {
            (Gauge::Dual, p) => Some(p),
            (g, Gauge::Dual) => Some(g),
            (g, p) if g == p => Some(g),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Gauge::Broad => "broad",
            Gauge::Narrow => "narrow",
            Gauge::Dual => "dual",
        }
    }
}

/// A piece of track joining two ends of the unrotated tile.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Track {
    pub a: End,
    pub b: End,
    /// The lane it uses at `a` and at `b` (only a side's counts).
    pub lanes: [Lane; 2],
    /// Its gauge: broad unless the catalogue says otherwise.
    pub gauge: Gauge,
}

impl Track {
    /// Track in the one lane of each side it reaches.
    pub fn plain(a: End, b: End) -> Track {
        Track {
            a,
            b,
            lanes: [Lane::ONLY; 2],
            gauge: Gauge::Broad,
        }
    }

    pub fn touches(&self, end: End) -> bool {
        self.a == end || self.b == end
    }

    /// The lane it uses at `end` (one of its ends).
    pub fn lane_at(&self, end: End) -> Lane {
        if self.a == end {
            self.lanes[0]
        } else {
            self.lanes[1]
        }
    }

    /// The end across from `end`, if this track touches it.
    pub fn other(&self, end: End) -> Option<End> {
        if self.a == end {
            Some(self.b)
        } else if self.b == end {
            Some(self.a)
        } else {
            None
        }
    }
}

name_type!(
    /// A tile by its catalogue name: `57`, `X1`, or a printed map tile's
    /// name such as `1830:B20`.
    TileId
);

/// A tile: what is printed on one hexagon.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    pub name: TileId,
    pub colour: Colour,
    pub cities: Vec<City>,
    pub towns: Vec<Town>,
    pub track: Vec<Track>,
    /// Upgrade labels (Y, OO, T, M, NY …): a labelled tile only goes where
    /// the same label is printed.
    pub labels: Vec<String>,
    /// Off-board revenue by phase colour; empty for ordinary tiles.
    pub phase_revenue: Vec<(Colour, u32)>,
    /// Never upgraded, whatever its colour (18AL's lumber terminal 445).
    pub permanent: bool,
    /// A red hex's city that routes may run through, as any city (an
    /// 18xx.games `city` on a red hex, not an `offboard`: 18EU's
    /// Hamburg); it still pays by phase and counts as red.
    pub passable: bool,
}

impl Tile {
    /// True when the tile's stops end every route (an off-board, a port),
    /// unless it is `passable`.
    pub fn ends_routes(&self) -> bool {
        self.colour.ends_routes() && !self.passable
    }

    /// Total token spaces, numbered through the cities in order.
    pub fn token_spaces(&self) -> usize {
        self.cities.iter().map(|c| usize::from(c.spaces)).sum()
    }

    /// Which city holds token space `space`.
    pub fn city_of_space(&self, space: usize) -> Option<usize> {
        let mut first = 0;
        for (ix, city) in self.cities.iter().enumerate() {
            let n = usize::from(city.spaces);
            if space < first + n {
                return Some(ix);
            }
            first += n;
        }
        None
    }

    /// The token spaces of city `city`, as a range of space numbers.
    pub fn spaces_of_city(&self, city: usize) -> std::ops::Range<usize> {
        let first: usize = self.cities[..city]
            .iter()
            .map(|c| usize::from(c.spaces))
            .sum();
        first..first + usize::from(self.cities[city].spaces)
    }

    /// Track pieces with faces turned to map faces.
    pub fn track_rotated(&self, rotation: Rotation) -> impl Iterator<Item = Track> + '_ {
        self.track.iter().map(move |t| Track {
            a: t.a.rotated(rotation),
            b: t.b.rotated(rotation),
            lanes: t.lanes,
            gauge: t.gauge,
        })
    }

    /// Ends joined to `end` by one piece of track, at this rotation.
    pub fn neighbours(&self, end: End, rotation: Rotation) -> Vec<End> {
        let mut out: Vec<End> = self
            .track_rotated(rotation)
            .filter_map(|t| t.other(end))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// True when some piece of track joins `a` and `b` directly.
    pub fn joins(&self, a: End, b: End, rotation: Rotation) -> bool {
        self.track_rotated(rotation)
            .any(|t| (t.a == a && t.b == b) || (t.a == b && t.b == a))
    }

    /// Map faces with track leaving them, at this rotation.
    pub fn faces(&self, rotation: Rotation) -> Vec<Face> {
        let mut out: Vec<Face> = self
            .track_rotated(rotation)
            .flat_map(|t| [t.a.face(), t.b.face()])
            .flatten()
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Revenue of a city given the phase's off-board colour.
    pub fn city_revenue(&self, city: usize, offboard: Colour) -> u32 {
        self.phase_value(offboard)
            .unwrap_or(self.cities[city].revenue)
    }

    /// Revenue of a town given the phase's off-board colour.
    pub fn town_revenue(&self, town: usize, offboard: Colour) -> u32 {
        let t = &self.towns[town];
        if t.fixed {
            return t.revenue;
        }
        self.phase_value(offboard).unwrap_or(t.revenue)
    }

    /// The value printed under the phase's colour, or else under the
    /// latest colour printed before it (18xx.games: 1817's Toronto prints
    /// yellow, green and brown values, and pays the brown in grey phases).
    fn phase_value(&self, offboard: Colour) -> Option<u32> {
        self.phase_revenue
            .iter()
            .filter(|(c, _)| *c <= offboard)
            .max_by_key(|(c, _)| *c)
            .map(|(_, v)| *v)
    }

    /// The track at `rotation` in words, e.g. `city: N, S` or `N-S;
    /// NE-SW`: each city and town with the map sides (and stops) it joins,
    /// then track from side to side. Sides are named for the map's
    /// orientation and go clockwise, so one shape always reads the same.
    pub fn describe(&self, rotation: Rotation, orientation: Orientation) -> String {
        let word = |end: End| match end {
            End::Face(f) => f.compass(orientation).to_string(),
            stop => self.stop_word(stop),
        };
        let stops = (0..self.cities.len())
            .map(End::City)
            .chain((0..self.towns.len()).map(End::Town));
        let mut groups: Vec<String> = stops
            .map(|stop| {
                let joined: Vec<String> = self
                    .neighbours(stop, rotation)
                    .into_iter()
                    .map(word)
                    .collect();
                let joined = if joined.is_empty() {
                    "no track".to_string()
                } else {
                    joined.join(", ")
                };
                format!("{}: {joined}", word(stop))
            })
            .collect();
        let mut plain: Vec<(Face, Face)> = self
            .track_rotated(rotation)
            .filter_map(|t| Some((t.a.face()?, t.b.face()?)))
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        plain.sort();
        plain.dedup();
        groups.extend(
            plain
                .into_iter()
                .map(|(a, b)| format!("{}-{}", word(End::Face(a)), word(End::Face(b)))),
        );
        groups.join("; ")
    }

    /// `city` on a tile with one city, else `city0`, `city1` …; towns alike.
    fn stop_word(&self, stop: End) -> String {
        let (kind, i, n) = match stop {
            End::City(i) => ("city", i, self.cities.len()),
            End::Town(i) => ("town", i, self.towns.len()),
            End::Face(f) => return f.to_string(),
        };
        if n == 1 {
            kind.to_string()
        } else {
            format!("{kind}{i}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Lane;

    fn lane(width: u8, index: u8) -> Lane {
        Lane { width, index }
    }

    /// 18xx.games's matching: across a side, lane i of w faces lane
    /// w - 1 - i (its lanes are counted the other way round); one lane
    /// faces the middle of three, and a side without lanes the second of two.
    #[test]
    fn lanes_meet_their_facing_lane() {
        assert!(Lane::ONLY.meets(Lane::ONLY));
        assert!(lane(2, 0).meets(lane(2, 1)));
        assert!(lane(2, 1).meets(lane(2, 0)));
        assert!(!lane(2, 0).meets(lane(2, 0)));
        assert!(!lane(2, 1).meets(lane(2, 1)));
        assert!(Lane::ONLY.meets(lane(3, 1)));
        assert!(!Lane::ONLY.meets(lane(3, 0)));
        assert!(lane(2, 0).meets(Lane::ONLY) != lane(2, 1).meets(Lane::ONLY));
        assert!(lane(2, 1).meets(Lane::ONLY));
    }
}
