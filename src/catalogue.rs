//! Tile catalogues: RON files of tile definitions, embedded in the binary.

use crate::error::Error;
use crate::geometry::Face;
use crate::tile::{City, Colour, End, Tile, TileId, Town, Track};
use serde::Deserialize;
use std::collections::BTreeMap;

/// Catalogues shipped inside the binary, so the tool works from any directory.
pub const EMBEDDED: &[(&str, &str)] = &[
    ("standard", include_str!("../catalogues/standard.ron")),
    ("1830", include_str!("../catalogues/1830.ron")),
    ("1836Jr30", include_str!("../catalogues/1836Jr30.ron")),
    ("1836Jr56", include_str!("../catalogues/1836Jr56.ron")),
    ("1846", include_str!("../catalogues/1846.ron")),
    (
        "18LosAngeles2",
        include_str!("../catalogues/18LosAngeles2.ron"),
    ),
    ("1856", include_str!("../catalogues/1856.ron")),
    ("1861", include_str!("../catalogues/1861.ron")),
    ("1867", include_str!("../catalogues/1867.ron")),
    ("1882", include_str!("../catalogues/1882.ron")),
    ("1889", include_str!("../catalogues/1889.ron")),
    ("1893", include_str!("../catalogues/1893.ron")),
    ("18AL", include_str!("../catalogues/18AL.ron")),
    (
        "18Chesapeake",
        include_str!("../catalogues/18Chesapeake.ron"),
    ),
    ("18CO", include_str!("../catalogues/18CO.ron")),
    ("18GA", include_str!("../catalogues/18GA.ron")),
    ("18MEX", include_str!("../catalogues/18MEX.ron")),
    ("18MS", include_str!("../catalogues/18MS.ron")),
    ("18NL", include_str!("../catalogues/18NL.ron")),
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
    track: Vec<(EndDef, EndDef)>,
    #[serde(default)]
    labels: Vec<String>,
    #[serde(default)]
    phase_revenue: Vec<(Colour, u32)>,
    #[serde(default)]
    permanent: bool,
}

impl TileDef {
    fn into_tile(self) -> Result<Tile, String> {
        let track: Vec<Track> = self
            .track
            .into_iter()
            .map(|(a, b)| Track {
                a: a.into(),
                b: b.into(),
            })
            .collect();
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
