//! Hex geometry: orientations, faces, rotations and neighbours.
//!
//! Coordinates are zero-based offset coordinates `(row, col)`. Flat-top maps
//! shift odd columns half a hex down; pointed-top maps shift odd rows half a
//! hex right. Everything above this module speaks in faces and coordinates,
//! never in pixels.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How hexes sit on the map: decides which neighbour lies across each face.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Orientation {
    FlatTop,
    PointedTop,
}

/// One of the six sides of a hex, clockwise from `Top`.
///
/// On pointed-top maps the same names are turned 30° clockwise (`Top` is the
/// north-east edge), so tiles are defined once for both orientations.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub enum Face {
    Top,
    UpperRight,
    LowerRight,
    Bottom,
    LowerLeft,
    UpperLeft,
}

impl Face {
    /// All faces in clockwise order, starting at `Top`.
    pub const ALL: [Face; 6] = [
        Face::Top,
        Face::UpperRight,
        Face::LowerRight,
        Face::Bottom,
        Face::LowerLeft,
        Face::UpperLeft,
    ];

    /// Position in clockwise order (`Top` = 0).
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Face {
        Face::ALL[i % 6]
    }

    /// The face `rotation` steps clockwise from this one.
    pub fn rotated(self, rotation: Rotation) -> Face {
        Face::from_index(self.index() + rotation.steps() as usize)
    }

    /// The face directly across the hex.
    pub fn opposite(self) -> Face {
        Face::from_index(self.index() + 3)
    }

    /// Where this face points on a map of `orientation`: the one name
    /// players read in listings and messages. Flat-top hexes have sides N,
    /// NE, SE, S, SW, NW; pointed-top ones (turned 30° clockwise, so `Top`
    /// is the north-east side) NE, E, SE, SW, W, NW.
    pub fn compass(self, orientation: Orientation) -> Compass {
        use Compass::*;
        let flat = [N, NE, SE, S, SW, NW];
        let pointed = [NE, E, SE, SW, W, NW];
        match orientation {
            Orientation::FlatTop => flat[self.index()],
            Orientation::PointedTop => pointed[self.index()],
        }
    }
}

/// A hex side named by the direction it faces on the map, so a player can
/// find it on the board whichever way the game's hexes point.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Compass {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl fmt::Display for Compass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// A clockwise turn in 60° steps; always 0–5, so no invalid turn exists.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rotation(u8);

impl Rotation {
    pub const ZERO: Rotation = Rotation(0);

    /// Any whole number of steps, reduced to 0–5 (negative = anticlockwise).
    pub fn new(steps: i64) -> Rotation {
        Rotation(steps.rem_euclid(6) as u8)
    }

    /// Accepts only 0–5: the form players type and saved games store.
    pub fn checked(steps: i64) -> Option<Rotation> {
        (0..6).contains(&steps).then_some(Rotation(steps as u8))
    }

    pub fn steps(self) -> u8 {
        self.0
    }

    pub fn all() -> impl Iterator<Item = Rotation> {
        (0..6).map(Rotation)
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for Rotation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Rotation {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let steps = i64::deserialize(d)?;
        Rotation::checked(steps).ok_or_else(|| {
            serde::de::Error::custom(format!("rotation {steps} is not 0-5 (clockwise 60° steps)"))
        })
    }
}

/// Zero-based offset coordinates of a hex on a map.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    pub row: i32,
    pub col: i32,
}

impl Coord {
    pub fn new(row: i32, col: i32) -> Coord {
        Coord { row, col }
    }

    /// The hex across `face` (a map face, not a tile face).
    pub fn neighbour(self, face: Face, orientation: Orientation) -> Coord {
        let Coord { row: r, col: c } = self;
        let (dr, dc) = match orientation {
            Orientation::FlatTop => {
                let odd = c.rem_euclid(2) == 1;
                match (face, odd) {
                    (Face::Top, _) => (-1, 0),
                    (Face::Bottom, _) => (1, 0),
                    (Face::UpperRight, false) => (-1, 1),
                    (Face::UpperRight, true) => (0, 1),
                    (Face::LowerRight, false) => (0, 1),
                    (Face::LowerRight, true) => (1, 1),
                    (Face::LowerLeft, false) => (0, -1),
                    (Face::LowerLeft, true) => (1, -1),
                    (Face::UpperLeft, false) => (-1, -1),
                    (Face::UpperLeft, true) => (0, -1),
                }
            }
            Orientation::PointedTop => {
                let odd = r.rem_euclid(2) == 1;
                match (face, odd) {
                    (Face::UpperRight, _) => (0, 1),
                    (Face::LowerLeft, _) => (0, -1),
                    (Face::Top, false) => (-1, 0),
                    (Face::Top, true) => (-1, 1),
                    (Face::LowerRight, false) => (1, 0),
                    (Face::LowerRight, true) => (1, 1),
                    (Face::Bottom, false) => (1, -1),
                    (Face::Bottom, true) => (1, 0),
                    (Face::UpperLeft, false) => (-1, -1),
                    (Face::UpperLeft, true) => (-1, 0),
                }
            }
        };
        Coord::new(r + dr, c + dc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_face_leads_back_through_its_opposite() {
        for orientation in [Orientation::FlatTop, Orientation::PointedTop] {
            for row in 0..4 {
                for col in 0..4 {
                    let here = Coord::new(row, col);
                    for face in Face::ALL {
                        let there = here.neighbour(face, orientation);
                        assert_ne!(there, here);
                        assert_eq!(there.neighbour(face.opposite(), orientation), here);
                    }
                }
            }
        }
    }

    #[test]
    fn flat_top_neighbours_follow_column_parity() {
        let even = Coord::new(2, 2);
        assert_eq!(
            even.neighbour(Face::UpperRight, Orientation::FlatTop),
            Coord::new(1, 3)
        );
        assert_eq!(
            even.neighbour(Face::LowerLeft, Orientation::FlatTop),
            Coord::new(2, 1)
        );
        let odd = Coord::new(2, 3);
        assert_eq!(
            odd.neighbour(Face::UpperRight, Orientation::FlatTop),
            Coord::new(2, 4)
        );
        assert_eq!(
            odd.neighbour(Face::LowerLeft, Orientation::FlatTop),
            Coord::new(3, 2)
        );
    }

    #[test]
    fn pointed_top_neighbours_follow_row_parity() {
        let even = Coord::new(2, 2);
        assert_eq!(
            even.neighbour(Face::Top, Orientation::PointedTop),
            Coord::new(1, 2)
        );
        assert_eq!(
            even.neighbour(Face::Bottom, Orientation::PointedTop),
            Coord::new(3, 1)
        );
        let odd = Coord::new(3, 2);
        assert_eq!(
            odd.neighbour(Face::Top, Orientation::PointedTop),
            Coord::new(2, 3)
        );
        assert_eq!(
            odd.neighbour(Face::UpperLeft, Orientation::PointedTop),
            Coord::new(2, 2)
        );
    }

    /// A hex centre on a plane with x east and y south (hex radius 1).
    fn centre(c: Coord, orientation: Orientation) -> (f64, f64) {
        let s3 = 3f64.sqrt();
        let (r, k) = (f64::from(c.row), f64::from(c.col));
        match orientation {
            Orientation::FlatTop => (1.5 * k, s3 * (r + 0.5 * f64::from(c.col.rem_euclid(2)))),
            Orientation::PointedTop => (s3 * (k + 0.5 * f64::from(c.row.rem_euclid(2))), 1.5 * r),
        }
    }

    /// Each face's compass name is the direction of the neighbour across it.
    #[test]
    fn compass_names_point_at_the_neighbour() {
        for orientation in [Orientation::FlatTop, Orientation::PointedTop] {
            for here in [Coord::new(4, 4), Coord::new(5, 5)] {
                let (x0, y0) = centre(here, orientation);
                for face in Face::ALL {
                    let (x, y) = centre(here.neighbour(face, orientation), orientation);
                    let (dx, dy) = (x - x0, y - y0);
                    let mut want = String::new();
                    if dy.abs() > 1e-9 {
                        want.push(if dy < 0.0 { 'N' } else { 'S' });
                    }
                    if dx.abs() > 1e-9 {
                        want.push(if dx > 0.0 { 'E' } else { 'W' });
                    }
                    assert_eq!(
                        face.compass(orientation).to_string(),
                        want,
                        "{face:?} {orientation:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn rotation_wraps_and_checks() {
        assert_eq!(Rotation::new(7).steps(), 1);
        assert_eq!(Rotation::new(-1).steps(), 5);
        assert!(Rotation::checked(6).is_none());
        assert_eq!(Face::Bottom.rotated(Rotation::new(1)), Face::LowerLeft);
        assert_eq!(Face::UpperLeft.rotated(Rotation::new(1)), Face::Top);
    }
}
