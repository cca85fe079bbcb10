//! The map picture: laying it out and drawing the map itself, hex by hex
//! (tiles, tokens, names, building costs, barriers, edge coordinates) and
//! the title. Routes and their legend are drawn over it by overlay.rs.

use super::layout::{Layout, crop_hexes, raw_centre};
use super::tile::{self, TileExtras, draw_tile, hex_path, text};
use super::{
    BARRIER_COLOUR, MapOptions, Pt, RouteOverlay, TERRAIN_COLOUR, WATER_COLOUR, colour_of, set,
    token_look,
};
use crate::address::Letters;
use crate::error::{Error, Result};
use crate::game::Game;
use crate::geometry::{Coord, Face};
use crate::state::MapState;
use crate::tile::Colour;
use cairo::Context;
use std::f64::consts::PI;

/// A map picture: what to draw and how big the canvas is.
pub struct MapPicture<'a> {
    pub(super) game: &'a Game,
    pub(super) state: &'a MapState,
    pub(super) hexes: Vec<Coord>,
    pub(super) layout: Layout,
    pub(super) options: MapOptions,
    pub(super) routes: Option<&'a RouteOverlay>,
}

impl<'a> MapPicture<'a> {
    /// Lays out the map (or the cropped part); `Err` when the crop holds no hex.
    pub fn new(
        game: &'a Game,
        state: &'a MapState,
        options: MapOptions,
        routes: Option<&'a RouteOverlay>,
    ) -> Result<MapPicture<'a>, Error> {
        let hexes: Vec<Coord> = match options.crop {
            Some((a, b)) => crop_hexes(game, a, b),
            None => game.hexes.keys().copied().collect(),
        };
        if hexes.is_empty() {
            return Err(Error::Invalid(format!(
                "the crop holds no hex of the {} map",
                game.id
            )));
        }
        // A line per train, a heading per company when there are several,
        // and the total.
        let legend = routes
            .map(|r| {
                let heads = if r.companies.len() > 1 {
                    r.companies.len()
                } else {
                    0
                };
                r.routes.len() + heads + 1
            })
            .unwrap_or(0);
        let layout = Layout::new(
            &hexes,
            options.hex_size,
            game.coords.orientation,
            options.coords,
            legend,
        );
        Ok(MapPicture {
            game,
            state,
            hexes,
            layout,
            options,
            routes,
        })
    }

    /// Canvas size in whole pixels.
    pub fn size(&self) -> (i32, i32) {
        (self.layout.width as i32, self.layout.height as i32)
    }

    /// Canvas position of a hex's centre.
    pub fn centre(&self, c: Coord) -> Pt {
        self.layout.frame(c).centre
    }

    /// Draws the whole picture.
    pub fn draw(&self, cr: &Context) -> Result<()> {
        let (w, h) = (self.layout.width, self.layout.height);
        if !self.options.transparent {
            cr.rectangle(0.0, 0.0, w, h);
            set(cr, (1.0, 1.0, 1.0));
            cr.fill()?;
        }
        let r = self.layout.r;
        let title = format!(
            "{} — phase {}",
            self.game.name, self.game.phases[self.state.phase].name
        );
        // Shrink the title to fit small crops.
        let mut size = r * 0.3;
        tile::font(cr, size, true);
        let ext = cr.text_extents(&title)?;
        let room = w - r * 0.6;
        if ext.x_advance() > room {
            size *= room / ext.x_advance();
        }
        baseline_text(cr, &title, (r * 0.3, r * 0.45), size, true)?;
        for c in &self.hexes {
            // One group per hex, so SVG output keeps each hex together.
            cr.push_group();
            self.draw_hex(cr, *c)?;
            cr.pop_group_to_source()?;
            cr.paint()?;
        }
        self.draw_barriers(cr)?;
        if self.options.coords {
            self.draw_coords(cr)?;
        }
        if let Some(routes) = self.routes {
            self.draw_routes(cr, routes)?;
            self.draw_legend(cr, routes)?;
        }
        Ok(())
    }

    fn draw_hex(&self, cr: &Context, c: Coord) -> Result<()> {
        let f = self.layout.frame(c);
        let printed = &self.game.hexes[&c];
        match self.state.tile_at(self.game, c) {
            Some((tile, rot)) => {
                let tokens = self
                    .state
                    .tokens_at(c)
                    .map(|t| {
                        t.iter()
                            .map(|(space, co)| (*space, token_look(self.game, co)))
                            .collect()
                    })
                    .unwrap_or_default();
                let laid = self.state.hexes.get(&c).is_some_and(|h| h.tile.is_some());
                let extras = TileExtras {
                    tokens,
                    phase_colour: Some(self.state.offboard_colour(self.game)),
                    name: printed.name.as_deref(),
                    hex_labels: &printed.labels,
                    number: laid,
                };
                draw_tile(cr, tile, rot, &f, &extras)?;
            }
            None => {
                hex_path(cr, &f);
                set(cr, colour_of(Colour::Blank));
                cr.fill()?;
            }
        }
        let laid = self.state.hexes.get(&c).is_some_and(|h| h.tile.is_some());
        if let Some(cost) = printed.cost.as_ref().filter(|_| !laid) {
            self.draw_cost(cr, &f, cost)?;
        }
        hex_path(cr, &f);
        set(cr, (0.35, 0.35, 0.35));
        cr.set_line_width(r_line(self.layout.r));
        cr.stroke()?;
        Ok(())
    }

    /// A printed building cost: a brown triangle for a mountain, a blue
    /// drop for water, and the amount, in the upper part of the hex.
    fn draw_cost(
        &self,
        cr: &Context,
        f: &tile::HexFrame,
        cost: &crate::game::LayCost,
    ) -> Result<()> {
        let r = self.layout.r;
        let at = (f.centre.0 - r * 0.18, f.centre.1 - r * 0.52);
        let s = r * 0.1;
        if cost.terrain.contains("mountain") {
            cr.move_to(at.0 - s, at.1 + s * 0.8);
            cr.line_to(at.0, at.1 - s * 0.9);
            cr.line_to(at.0 + s, at.1 + s * 0.8);
            cr.close_path();
            set(cr, TERRAIN_COLOUR);
        } else {
            cr.new_path();
            cr.arc(at.0, at.1 + s * 0.2, s * 0.7, 0.0, 2.0 * PI);
            set(cr, WATER_COLOUR);
        }
        cr.fill()?;
        tile::text(
            cr,
            &format!("${}", cost.amount),
            (at.0 + r * 0.27, at.1),
            r * 0.16,
            TERRAIN_COLOUR,
            true,
        )
    }

    fn draw_barriers(&self, cr: &Context) -> Result<()> {
        set(cr, BARRIER_COLOUR);
        cr.set_line_width(self.layout.r * 0.12);
        cr.set_line_cap(cairo::LineCap::Round);
        self.stroke_sides(cr, self.game.barriers.iter())?;
        // Water sides: thinner and lighter, dashed, as track may cross them.
        set(cr, WATER_COLOUR);
        cr.set_line_width(self.layout.r * 0.08);
        cr.set_dash(&[self.layout.r * 0.12, self.layout.r * 0.1], 0.0);
        self.stroke_sides(cr, self.game.water_sides.keys())?;
        cr.set_dash(&[], 0.0);
        Ok(())
    }

    /// Strokes each hex side of the picture's hexes in the current style.
    fn stroke_sides<'s>(
        &self,
        cr: &Context,
        sides: impl Iterator<Item = &'s (Coord, Face)>,
    ) -> Result<()> {
        for (c, face) in sides {
            if !self.hexes.contains(c) {
                continue;
            }
            let (a, b) = self.layout.frame(*c).side(*face);
            cr.move_to(a.0, a.1);
            cr.line_to(b.0, b.1);
            cr.stroke()?;
        }
        Ok(())
    }

    /// Letters and numbers on the map edges, as the game prints them.
    fn draw_coords(&self, cr: &Context) -> Result<()> {
        let r = self.layout.r;
        let w = self.layout.width;
        let top = self.layout.origin.1
            + self
                .hexes
                .iter()
                .map(|c| raw_centre(*c, r, self.layout.orientation).1)
                .fold(f64::INFINITY, f64::min);
        let bottom = self.layout.legend_top;
        let mut along_x: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
        let mut along_y: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
        for c in &self.hexes {
            let (letters, number) = self.game.coords.parts(*c);
            let p = self.layout.frame(*c).centre;
            let (x_label, y_label) = match self.game.coords.letters() {
                Letters::Columns => (letters, number.to_string()),
                Letters::Rows => (number.to_string(), letters),
            };
            along_x.entry(x_label).or_default().push(p.0);
            along_y.entry(y_label).or_default().push(p.1);
        }
        let size = r * 0.26;
        let ink = (0.3, 0.3, 0.3);
        let first_y = top - r - r * 0.25;
        for (label, xs) in &along_x {
            let x = xs.iter().sum::<f64>() / xs.len() as f64;
            text(
                cr,
                label,
                (x, first_y.max(self.layout.r * 0.85)),
                size,
                ink,
                true,
            )?;
            text(cr, label, (x, bottom - r * 0.3), size, ink, true)?;
        }
        for (label, ys) in &along_y {
            let y = ys.iter().sum::<f64>() / ys.len() as f64;
            text(cr, label, (r * 0.3, y), size, ink, true)?;
            text(cr, label, (w - r * 0.3, y), size, ink, true)?;
        }
        Ok(())
    }
}

pub(crate) fn r_line(r: f64) -> f64 {
    (r * 0.025).max(0.8)
}

/// Black text starting at `at`, which is on its baseline.
pub(crate) fn baseline_text(cr: &Context, s: &str, at: Pt, size: f64, bold: bool) -> Result<()> {
    tile::font(cr, size, bold);
    set(cr, (0.0, 0.0, 0.0));
    cr.move_to(at.0, at.1);
    cr.show_text(s)?;
    Ok(())
}
