//! Tile catalogues: RON files of tile definitions, embedded in the binary.

use crate::error::Error;
use crate::geometry::Face;
use crate::tile::{City, Colour, End, Gauge, Lane, Tile, TileId, Town, Track};
use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use std::collections::BTreeMap;
use std::fmt;

/// Catalogues shipped inside the binary, so the tool works from any directory.
pub const EMBEDDED: &[(&str, &str)] = &[
    ("standard", include_str!("../catalogues/standard.ron")),
    ("1830", include_str!("../catalogues/1830.ron")),
    ("1836Jr30", include_str!("../catalogues/1836Jr30.ron")),
    ("1836Jr56", include_str!("../catalogues/1836Jr56.ron")),
    ("1846", include_str!("../catalogues/1846.ron")),
    ("1847AE", include_str!("../catalogues/1847AE.ron")),
    ("1822", include_str!("../catalogues/1822.ron")),
    ("1849", include_str!("../catalogues/1849.ron")),
    (
        "1849KingdomoftheTwoSicilies",
        include_str!("../catalogues/1849KingdomoftheTwoSicilies.ron"),
    ),
    ("1858", include_str!("../catalogues/1858.ron")),
    ("1860", include_str!("../catalogues/1860.ron")),
    (
        "18LosAngeles1",
        include_str!("../catalogues/18LosAngeles1.ron"),
    ),
    (
        "18LosAngeles2",
        include_str!("../catalogues/18LosAngeles2.ron"),
    ),
    ("1856", include_str!("../catalogues/1856.ron")),
    ("1861", include_str!("../catalogues/1861.ron")),
    ("1867", include_str!("../catalogues/1867.ron")),
    ("1880", include_str!("../catalogues/1880.ron")),
    ("1882", include_str!("../catalogues/1882.ron")),
    ("1889", include_str!("../catalogues/1889.ron")),
    ("1893", include_str!("../catalogues/1893.ron")),
    ("18AL", include_str!("../catalogues/18AL.ron")),
    (
        "18Chesapeake",
        include_str!("../catalogues/18Chesapeake.ron"),
    ),
    ("18CO", include_str!("../catalogues/18CO.ron")),
    ("18EU", include_str!("../catalogues/18EU.ron")),
    ("18GA", include_str!("../catalogues/18GA.ron")),
    ("18MEX", include_str!("../catalogues/18MEX.ron")),
    ("18MS", include_str!("../catalogues/18MS.ron")),
    ("18NL", include_str!("../catalogues/18NL.ron")),
    (
        "18NewEngland",
        include_str!("../catalogues/18NewEngland.ron"),
    ),
    (
        "18NewEngland2",
        include_str!("../catalogues/18NewEngland2.ron"),
    ),
    ("1817", include_str!("../catalogues/1817.ron")),
    ("1817NA", include_str!("../catalogues/1817NA.ron")),
    ("1817WO", include_str!("../catalogues/1817WO.ron")),
    ("18DE", include_str!("../catalogues/18DE.ron")),
    (
        "1877Venezuela",
        include_str!("../catalogues/1877Venezuela.ron"),
    ),
    ("1870", include_str!("../catalogues/1870.ron")),
    ("18MT", include_str!("../catalogues/18MT.ron")),
    ("1888", include_str!("../catalogues/1888.ron")),
    ("18JPT", include_str!("../catalogues/18JPT.ron")),
    ("18TN", include_str!("../catalogues/18TN.ron")),
    ("18Texas", include_str!("../catalogues/18Texas.ron")),
];

/// The RON spelling of a track end: a face name, `City(i)` or `Town(i)`.
#[derive(Deserialize)]
enum EndDef {
    Top,
    UpperRight,
    LowerRight,
    Bottom,
    LowerLeft,
    UpperLeft,
    City(usize),
    Town(usize),
}

impl From<EndDef> for End {
    fn from(d: EndDef) -> End {
        match d {
            EndDef::Top => End::Face(Face::Top),
            EndDef::UpperRight => End::Face(Face::UpperRight),
            EndDef::LowerRight => End::Face(Face::LowerRight),
            EndDef::Bottom => End::Face(Face::Bottom),
            EndDef::LowerLeft => End::Face(Face::LowerLeft),
            EndDef::UpperLeft => End::Face(Face::UpperLeft),
            EndDef::City(i) => End::City(i),
            EndDef::Town(i) => End::Town(i),
        }
    }
}

/// A piece of track as a catalogue writes it: `(end, end)`, or with its
/// lanes `(end, end, (lanes: 2))` / `(end, end, (a: (2, 1)))`, or its
/// gauge `(end, end, (gauge: Narrow))`.
struct TrackDef {
    a: EndDef,
    b: EndDef,
    lanes: Option<LaneDef>,
}

/// The lanes of a piece of track (18xx.games's `lanes`, `a_lane`,
/// `b_lane`): `lanes: n` makes it n parallel pieces, one in each lane of
/// the sides it reaches; `a`/`b` put its end in lane (width, index);
/// `gauge` is its gauge (absent: broad).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LaneDef {
    #[serde(default)]
    gauge: Gauge,
    #[serde(default = "one")]
    lanes: u8,
    #[serde(default = "only")]
    a: (u8, u8),
    #[serde(default = "only")]
    b: (u8, u8),
}

fn one() -> u8 {
    1
}

/// The one lane of a side without lanes, as (width, index).
fn only() -> (u8, u8) {
    (1, 0)
}

impl<'de> Deserialize<'de> for TrackDef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TrackDef, D::Error> {
        struct Piece;
        impl<'de> Visitor<'de> for Piece {
            type Value = TrackDef;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a piece of track: (end, end) or (end, end, (lanes: n, gauge: Narrow))")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<TrackDef, A::Error> {
                let a = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let b = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                let lanes = seq.next_element()?;
                if seq.next_element::<de::IgnoredAny>()?.is_some() {
                    return Err(de::Error::invalid_length(4, &self));
                }
                Ok(TrackDef { a, b, lanes })
            }
        }
        d.deserialize_tuple(3, Piece)
    }
}

impl TrackDef {
    /// The pieces it stands for: one, or one per lane.
    fn pieces(self) -> Result<Vec<Track>, String> {
        let (a, b): (End, End) = (self.a.into(), self.b.into());
        let Some(def) = self.lanes else {
            return Ok(vec![Track::plain(a, b)]);
        };
        let lane = |spec: (u8, u8), end: End| match spec {
            (1, 0) => Ok(Lane::ONLY),
            _ if end.face().is_none() => Err(format!("a lane at {end}, which is no side")),
            (width, index) if index < width => Ok(Lane { width, index }),
            (width, index) => Err(format!("lane {index} of {width} at {end}")),
        };
        match def.lanes {
            0 => Err(format!("track {a}-{b}: 0 lanes")),
            2.. if def.a != only() || def.b != only() => {
                Err(format!("track {a}-{b}: `lanes` with `a` or `b`"))
            }
            // A piece from side to side keeps its place across the tile:
            // lane i at one side is lane width - 1 - i at the other, as
            // 18xx.games counts them.
            width @ 2.. => Ok((0..width)
                .map(|index| {
                    let at_a = Lane { width, index };
                    let at_b = if a.face().is_some() && b.face().is_some() {
                        Lane {
                            width,
                            index: width - 1 - index,
                        }
                    } else {
                        at_a
                    };
                    Track {
                        a,
                        b,
                        lanes: [at_a, at_b],
                        gauge: def.gauge,
                    }
                })
                .collect()),
            1 => Ok(vec![Track {
                a,
                b,
                lanes: [
                    lane(def.a, a).map_err(|e| format!("track {a}-{b}: {e}"))?,
                    lane(def.b, b).map_err(|e| format!("track {a}-{b}: {e}"))?,
                ],
                gauge: def.gauge,
            }]),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TileDef {
    name: String,
    colour: Colour,
    #[serde(default)]
    cities: Vec<City>,
    #[serde(default)]
    towns: Vec<Town>,
    #[serde(default)]
    track: Vec<TrackDef>,
    #[serde(default)]
    labels: Vec<String>,
    #[serde(default)]
    phase_revenue: Vec<(Colour, u32)>,
    #[serde(default)]
    permanent: bool,
    #[serde(default)]
    passable: bool,
}

impl TileDef {
    fn into_tile(self) -> Result<Tile, String> {
        let mut track: Vec<Track> = Vec::new();
        for piece in self.track {
            track.extend(
                piece
                    .pieces()
                    .map_err(|e| format!("tile {}: {e}", self.name))?,
            );
        }
        for t in &track {
            for end in [t.a, t.b] {
                match end {
                    End::City(i) if i >= self.cities.len() => {
                        return Err(format!(
                            "tile {}: track to city {i}, which does not exist",
                            self.name
                        ));
                    }
                    End::Town(i) if i >= self.towns.len() => {
                        return Err(format!(
                            "tile {}: track to town {i}, which does not exist",
                            self.name
                        ));
                    }
                    _ => {}
                }
            }
            if t.a == t.b {
                return Err(format!("tile {}: track joins {} to itself", self.name, t.a));
            }
        }
        if let Some(c) = self.cities.iter().find(|c| c.spaces > 4) {
            return Err(format!(
                "tile {}: a city has {} token spaces (at most 4)",
                self.name, c.spaces
            ));
        }
        Ok(Tile {
            name: TileId::from(self.name),
            colour: self.colour,
            cities: self.cities,
            towns: self.towns,
            track,
            labels: self.labels,
            phase_revenue: self.phase_revenue,
            permanent: self.permanent,
            passable: self.passable,
        })
    }
}

/// Parses one catalogue file; `source` names it in errors.
pub fn parse(text: &str, source: &str) -> Result<Vec<Tile>, Error> {
    let bad = |e: String| Error::GameFile(format!("{source}: {e}"));
    let defs: Vec<TileDef> = ron::from_str(text).map_err(|e| bad(e.to_string()))?;
    defs.into_iter()
        .map(|d| d.into_tile().map_err(bad))
        .collect()
}

/// An embedded catalogue by name.
pub fn embedded(name: &str) -> Option<&'static str> {
    EMBEDDED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

/// Tiles by name, merged from several catalogues; later ones may not redefine.
pub fn merge(parts: Vec<(String, Vec<Tile>)>) -> Result<BTreeMap<TileId, Tile>, Error> {
    let mut out = BTreeMap::new();
    for (source, tiles) in parts {
        for tile in tiles {
            if out.contains_key(&tile.name) {
                return Err(Error::GameFile(format!(
                    "{source}: tile {} is defined twice",
                    tile.name
                )));
            }
            out.insert(tile.name.clone(), tile);
        }
    }
    Ok(out)
}
