//! Private companies' markers on the map (1846's Meat Packing and
//! Steamboat, 1856's Great Lakes port, 18AL's Warrior Coal Field). A save's
//! `privates` holds each placed marker as `SYM@HEX`; the badge names the
//! bonus and what it pays, as the marker on the table tells the players
//! which stop earns more.

use super::map::MapPicture;
use super::tile::{self, Rect, city_circles, rect_circle_gap, rect_rect_gap};
use super::{Pt, set};
use crate::error::Result;
use crate::geometry::Coord;
use cairo::Context;

/// A private company's marker placed on a hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    pub hex: Coord,
    /// The private's sym (`MPC`).
    pub private: String,
    /// The bonus it pays, without the hex's name: `Meat Packing`.
    pub label: String,
    /// What the bonus pays a route stopping there.
    pub amount: u32,
}

/// Font size and line gap of a badge's text, in hex radii.
const SIZE: f64 = 0.13;

impl MapPicture<'_> {
    /// The markers on the hexes drawn, in the save's order of privates.
    pub fn markers(&self) -> Vec<Marker> {
        let game = self.game;
        let mut out = Vec::new();
        for held in self.state.privates.keys() {
            let Some(marker) = held.marker() else {
                continue;
            };
            let (private, at) = (marker.private.as_str(), marker.hex.as_str());
            let Ok(hex) = game.hex(at) else { continue };
            if !self.hexes.contains(&hex) {
                continue;
            }
            let bonus = game
                .bonuses
                .iter()
                .find(|b| b.private.as_ref() == Some(held));
            let (label, amount) = match bonus {
                // "Meat Packing (St. Louis)": the hex says where.
                Some(b) => (
                    b.name.split(" (").next().unwrap_or(&b.name).to_string(),
                    b.amount,
                ),
                None => (private.to_string(), 0),
            };
            out.push(Marker {
                hex,
                private: private.to_string(),
                label,
                amount,
            });
        }
        out
    }

    /// Where a marker's badge goes on hex `c`: the first of a few places
    /// clear of the hex's marks and cities, else below the centre.
    pub fn marker_box(&self, c: Coord, size: (f64, f64)) -> Rect {
        let f = self.layout.frame(c);
        let r = f.radius;
        let (w, h) = size;
        let boxed = |(dx, dy): Pt| {
            let (x, y) = (f.centre.0 + dx * r, f.centre.1 + dy * r);
            (x - w / 2.0, y - h / 2.0, x + w / 2.0, y + h / 2.0)
        };
        let marks: Vec<Rect> = self
            .plans
            .get(&c)
            .map(|p| p.boxes().into_iter().map(|(_, b)| b).collect())
            .unwrap_or_default();
        let circles = self
            .state
            .tile_at(self.game, c)
            .map(|(tile, rot)| city_circles(tile, rot, &f))
            .unwrap_or_default();
        let clearance = |b: &Rect| {
            let marks = marks.iter().map(|m| rect_rect_gap(*b, *m));
            let cities = circles.iter().map(|ci| rect_circle_gap(*b, *ci));
            marks.chain(cities).fold(f64::INFINITY, f64::min)
        };
        // The first place clear of everything, else the one that covers
        // least: a crowded off-board still shows its name.
        let places = [
            (0.0, 0.62),
            (0.0, -0.62),
            (-0.45, 0.35),
            (0.45, 0.35),
            (-0.45, -0.35),
            (0.45, -0.35),
            (0.0, 0.3),
            (0.0, -0.3),
        ];
        let boxes: Vec<Rect> = places.iter().map(|&p| boxed(p)).collect();
        boxes
            .iter()
            .find(|b| clearance(b) >= 0.0)
            .or_else(|| {
                boxes
                    .iter()
                    .max_by(|a, b| clearance(a).total_cmp(&clearance(b)))
            })
            .copied()
            .unwrap_or_else(|| boxed(places[0]))
    }

    /// Each marker as a badge: its bonus's name over what it pays.
    pub(super) fn draw_markers(&self, cr: &Context) -> Result<()> {
        let r = self.layout.r;
        let size = r * SIZE;
        for m in self.markers() {
            let pays = format!("+${}", m.amount);
            tile::font(cr, size, true);
            let wide = cr
                .text_extents(&m.label)?
                .x_advance()
                .max(cr.text_extents(&pays)?.x_advance());
            let (w, h) = (wide + size * 0.8, size * 2.5);
            let b = self.marker_box(m.hex, (w, h));
            cr.new_path();
            cr.rectangle(b.0, b.1, b.2 - b.0, b.3 - b.1);
            set(cr, (1.0, 0.93, 0.62));
            cr.fill_preserve()?;
            set(cr, (0.45, 0.3, 0.1));
            cr.set_line_width(r * 0.025);
            cr.stroke()?;
            let x = (b.0 + b.2) / 2.0;
            let ink = (0.2, 0.12, 0.0);
            tile::text(cr, &m.label, (x, b.1 + h * 0.3), size, ink, true)?;
            tile::text(cr, &pays, (x, b.1 + h * 0.72), size, ink, true)?;
        }
        Ok(())
    }
}
