//! Where things go on the canvas: the options a map is drawn with, which
//! hexes a crop keeps, each hex's centre and the canvas size (margins,
//! title and legend band). Kept apart from drawing so sizes can be reasoned
//! about without cairo.

use super::{HexFrame, Pt};
use crate::game::Game;
use crate::geometry::{Coord, Orientation};

/// How a map picture is laid out.
#[derive(Clone, Debug)]
pub struct MapOptions {
    /// Hex radius (centre to corner) in pixels (points for PDF).
    pub hex_size: f64,
    /// Only hexes whose printed letters and numbers lie between these two
    /// corners, each (letter index from 0, number).
    pub crop: Option<((i32, i32), (i32, i32))>,
    pub transparent: bool,
    pub coords: bool,
    /// The title over the map; `None`: the game's name and phase.
    pub title: Option<String>,
    /// Hexes outlined in a bold colour (`advise --render`: the hexes its
    /// best turn lays on or tokens).
    pub marked: Vec<crate::geometry::Coord>,
}

impl Default for MapOptions {
    fn default() -> Self {
        MapOptions {
            hex_size: DEFAULT_HEX_SIZE,
            crop: None,
            transparent: false,
            coords: true,
            title: None,
            marked: Vec::new(),
        }
    }
}

/// Hex radius of a full map a player can read at 100 %.
pub const DEFAULT_HEX_SIZE: f64 = 56.0;
/// The hexes a crop keeps: those whose letters and numbers lie between the corners.
pub fn crop_hexes(game: &Game, (la, na): (i32, i32), (lb, nb): (i32, i32)) -> Vec<Coord> {
    game.hexes
        .keys()
        .copied()
        .filter(|c| {
            let (l, n) = game.coords.split(*c);
            (la.min(lb)..=la.max(lb)).contains(&l) && (na.min(nb)..=na.max(nb)).contains(&n)
        })
        .collect()
}

/// Where each hex goes on the canvas.
pub(super) struct Layout {
    pub(super) r: f64,
    pub(super) orientation: Orientation,
    pub(super) origin: Pt,
    pub(super) width: f64,
    pub(super) height: f64,
    /// Top of the legend band.
    pub(super) legend_top: f64,
}

pub(super) fn raw_centre(c: Coord, r: f64, o: Orientation) -> Pt {
    let s3 = 3f64.sqrt();
    match o {
        Orientation::FlatTop => (
            f64::from(c.col) * 1.5 * r,
            f64::from(c.row) * s3 * r
                + if c.col.rem_euclid(2) == 1 {
                    s3 / 2.0 * r
                } else {
                    0.0
                },
        ),
        Orientation::PointedTop => (
            f64::from(c.col) * s3 * r
                + if c.row.rem_euclid(2) == 1 {
                    s3 / 2.0 * r
                } else {
                    0.0
                },
            f64::from(c.row) * 1.5 * r,
        ),
    }
}

impl Layout {
    pub(super) fn new(
        hexes: &[Coord],
        r: f64,
        o: Orientation,
        coords: bool,
        legend_lines: usize,
    ) -> Layout {
        let s3 = 3f64.sqrt();
        let (hw, hh) = match o {
            Orientation::FlatTop => (r, s3 / 2.0 * r),
            Orientation::PointedTop => (s3 / 2.0 * r, r),
        };
        let pts: Vec<Pt> = hexes.iter().map(|c| raw_centre(*c, r, o)).collect();
        let min_x = pts.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let max_x = pts.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
        let min_y = pts.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let max_y = pts.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
        let margin = if coords { 0.6 * r } else { 0.25 * r };
        let title = 0.7 * r;
        let legend = if legend_lines > 0 {
            0.2 * r + 0.45 * r * legend_lines as f64
        } else {
            0.0
        };
        let map_h = max_y - min_y + 2.0 * hh;
        Layout {
            r,
            orientation: o,
            origin: (margin + hw - min_x, title + margin + hh - min_y),
            width: (max_x - min_x + 2.0 * hw + 2.0 * margin).ceil(),
            height: (title + map_h + 2.0 * margin + legend).ceil(),
            legend_top: title + map_h + 2.0 * margin,
        }
    }

    pub(super) fn frame(&self, c: Coord) -> HexFrame {
        let p = raw_centre(c, self.r, self.orientation);
        HexFrame {
            centre: (p.0 + self.origin.0, p.1 + self.origin.1),
            radius: self.r,
            orientation: self.orientation,
        }
    }
}
