//! The map picture: laying it out and drawing the map itself, hex by hex
//! (tiles, tokens, names, building costs, barriers, edge coordinates) and
//! the title. Routes and their legend are drawn over it by overlay.rs.

use super::layout::{Layout, crop_hexes, raw_centre};
use super::tile::{
    self, HexPlan, TileExtras, baseline_text, draw_tile_base, draw_tile_top, hex_path, plan_hex,
    text,
};
use super::{
    BARRIER_COLOUR, MapOptions, Pt, RouteOverlay, WATER_COLOUR, colour_of, set, token_look,
};
use crate::address::Letters;
use crate::error::{Error, Result};
use crate::game::{CompanyId, Game};
use crate::geometry::Rotation;
use crate::geometry::{Coord, Face};
use crate::state::MapState;
use crate::tile::{Colour, Tile};
use cairo::Context;
use std::collections::BTreeMap;

/// The tile of a blank hex: nothing printed but its colour.
static BLANK: std::sync::LazyLock<Tile> = std::sync::LazyLock::new(|| Tile {
    name: "".into(),
    colour: Colour::Blank,
    cities: Vec::new(),
    towns: Vec::new(),
    track: Vec::new(),
    labels: Vec::new(),
    phase_revenue: Vec::new(),
    permanent: false,
    passable: false,
});

/// A map picture: what to draw and how big the canvas is.
pub struct MapPicture<'a> {
    pub(super) game: &'a Game,
    pub(super) state: &'a MapState,
    pub(super) hexes: Vec<Coord>,
    pub(super) layout: Layout,
    pub(super) options: MapOptions,
    pub(super) routes: Option<&'a RouteOverlay>,
    /// Where each hex's marks go (names, values, labels).
    pub(super) plans: BTreeMap<Coord, HexPlan>,
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
        // A heading per company and a line per train.
        let legend = routes
            .map(|r| r.routes.len() + r.companies.len())
            .unwrap_or(0);
        let layout = Layout::new(
            &hexes,
            options.hex_size,
            game.coords.orientation,
            options.coords,
            legend,
        );
        let mut picture = MapPicture {
            game,
            state,
            hexes,
            layout,
            options,
            routes,
            plans: BTreeMap::new(),
        };
        picture.plans = picture.plan_hexes()?;
        Ok(picture)
    }

    /// Each hex's plan, measured on a scratch surface so that every format
    /// places marks alike.
    fn plan_hexes(&self) -> Result<BTreeMap<Coord, HexPlan>, Error> {
        let err = |e: cairo::Error| Error::Internal(format!("measuring text: {e}"));
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1, 1).map_err(err)?;
        let cr = Context::new(&surface).map_err(err)?;
        Ok(self
            .hexes
            .iter()
            .filter_map(|c| {
                let (tile, rot, extras) = self.hex_extras(*c)?;
                Some((
                    *c,
                    plan_hex(&cr, tile, rot, &self.layout.frame(*c), &extras),
                ))
            })
            .collect())
    }

    /// Where each hex's marks go: names, values, labels, costs, numbers.
    pub fn plan(&self, c: Coord) -> Option<&HexPlan> {
        self.plans.get(&c)
    }

    /// The tile on hex `c` and what is drawn on it besides: tokens, the
    /// neutral tokens and reserved homes the rules see, the name, labels,
    /// cost, stubs, and why the hex is closed.
    fn hex_extras(&self, c: Coord) -> Option<(&'a Tile, Rotation, TileExtras<'a>)> {
        let game = self.game;
        let printed = game.hexes.get(&c)?;
        let (tile, rot) = self
            .state
            .tile_at(game, c)
            .unwrap_or((&BLANK, Rotation::ZERO));
        let held = self.state.tokens_at(c).cloned().unwrap_or_default();
        let tokens = held
            .iter()
            .map(|(space, co)| (*space, token_look(game, co)))
            .collect();
        let neutral = self.neutral_spaces(c, tile, &held);
        let reserved = self
            .kept_homes(c)
            .into_iter()
            .map(|(s, co)| (s, token_look(game, &co)))
            .collect();
        let phase = self.state.phase;
        let laid = self.state.hexes.get(&c).is_some_and(|h| h.tile.is_some());
        let closed = game
            .closed_by(c, phase)
            .map(|e| format!("closed to phase {}", game.phases[e.until].name));
        let extras = TileExtras {
            tokens,
            neutral,
            reserved,
            phase_colour: Some(self.state.offboard_colour(game)),
            name: printed.name.as_deref(),
            hex_labels: &printed.labels,
            number: laid,
            cost: printed.cost.as_ref().filter(|_| !laid),
            stubs: if laid { &[] } else { &printed.stubs },
            closed,
        };
        Some((tile, rot, extras))
    }

    /// The token spaces of hex `c` a neutral token takes: the last free
    /// space of each city that has one.
    fn neutral_spaces(
        &self,
        c: Coord,
        tile: &Tile,
        held: &BTreeMap<usize, CompanyId>,
    ) -> Vec<usize> {
        let mut neutral = Vec::new();
        for city in 0..tile.cities.len() {
            if self.game.neutral_token(c, city, self.state.phase).is_some()
                && let Some(s) = tile
                    .spaces_of_city(city)
                    .rev()
                    .find(|s| !held.contains_key(s))
            {
                neutral.push(s);
            }
        }
        neutral
    }

    /// The homes drawn kept on hex `c`, as (token space, company): a home
    /// not yet taken keeps the first free space of its city (or of the
    /// hex, when its city is not named), as the token rules keep it.
    pub fn kept_homes(&self, c: Coord) -> Vec<(usize, CompanyId)> {
        let game = self.game;
        let phase = self.state.phase;
        let (tile, _) = self
            .state
            .tile_at(game, c)
            .unwrap_or((&BLANK, Rotation::ZERO));
        let held = self.state.tokens_at(c).cloned().unwrap_or_default();
        let neutral = self.neutral_spaces(c, tile, &held);
        let mut kept: Vec<(usize, CompanyId)> = Vec::new();
        for co in &game.companies {
            // A company closed for good (1856's merged into the CGR) has
            // no home to keep: the rules free its space, so must the map.
            if game.home(&co.abbrev) != Some(c)
                || held.values().any(|h| *h == co.abbrev)
                || game.cannot_start(co, phase)
                || self.state.is_closed(&co.abbrev)
            {
                continue;
            }
            let city = co
                .home_city
                .or((tile.cities.len() == 1).then_some(0))
                .filter(|&k| k < tile.cities.len());
            let spaces = match city {
                Some(k) => tile.spaces_of_city(k),
                None => 0..tile.token_spaces(),
            };
            let free = spaces.clone().find(|s| {
                !held.contains_key(s) && !neutral.contains(s) && !kept.iter().any(|(r, _)| r == s)
            });
            if let Some(s) = free {
                kept.push((s, co.abbrev.clone()));
            }
        }
        kept
    }

    /// How many hexes the picture draws.
    pub fn hex_count(&self) -> usize {
        self.hexes.len()
    }

    /// Canvas size in whole pixels.
    pub fn size(&self) -> (i32, i32) {
        (self.layout.width as i32, self.layout.height as i32)
    }

    /// Canvas position of a hex's centre.
    pub fn centre(&self, c: Coord) -> Pt {
        self.layout.frame(c).centre
    }

    /// Draws the whole picture: under routes the hexes (tiles, track,
    /// stubs) and barriers; over them what players read (cities and
    /// tokens, values, names, labels), then the stop dots, coordinates and
    /// legend.
    pub fn draw(&self, cr: &Context) -> Result<()> {
        self.draw_layers(cr, self.routes, false)
    }

    /// The map without routes for a web page: what lies over routes is
    /// drawn as one group, the last, so the page can put its routes under it.
    pub(super) fn draw_for_page(&self, cr: &Context) -> Result<()> {
        self.draw_layers(cr, None, true)
    }

    fn draw_layers(&self, cr: &Context, routes: Option<&RouteOverlay>, page: bool) -> Result<()> {
        let (w, h) = (self.layout.width, self.layout.height);
        if !self.options.transparent {
            cr.rectangle(0.0, 0.0, w, h);
            set(cr, (1.0, 1.0, 1.0));
            cr.fill()?;
        }
        let r = self.layout.r;
        let title = self.options.title.clone().unwrap_or_else(|| {
            format!(
                "{} — phase {}",
                self.game.name, self.game.phases[self.state.phase].name
            )
        });
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
        self.draw_marked(cr)?;
        if let Some(routes) = routes {
            self.draw_routes(cr, routes)?;
        }
        if page {
            cr.push_group();
        }
        for c in &self.hexes {
            self.draw_hex_top(cr, *c)?;
        }
        self.draw_markers(cr)?;
        if page {
            cr.pop_group_to_source()?;
            cr.paint()?;
        }
        if let Some(routes) = routes {
            self.draw_stop_dots(cr, routes)?;
        }
        if self.options.coords {
            self.draw_coords(cr)?;
        }
        if let Some(routes) = routes {
            self.draw_legend(cr, routes)?;
        }
        Ok(())
    }

    /// A bold outline just inside each marked hex that is drawn.
    fn draw_marked(&self, cr: &Context) -> Result<()> {
        for c in self
            .options
            .marked
            .iter()
            .filter(|c| self.hexes.contains(c))
        {
            let mut f = self.layout.frame(*c);
            f.radius *= 0.93;
            hex_path(cr, &f);
            set(cr, (0.85, 0.0, 0.55));
            cr.set_line_width(r_line(self.layout.r) * 5.0);
            cr.stroke()?;
        }
        Ok(())
    }

    fn draw_hex(&self, cr: &Context, c: Coord) -> Result<()> {
        let f = self.layout.frame(c);
        match self.hex_extras(c) {
            Some((tile, rot, extras)) => draw_tile_base(cr, tile, rot, &f, &extras)?,
            None => {
                hex_path(cr, &f);
                set(cr, colour_of(Colour::Blank));
                cr.fill()?;
            }
        }
        hex_path(cr, &f);
        set(cr, (0.35, 0.35, 0.35));
        cr.set_line_width(r_line(self.layout.r));
        cr.stroke()?;
        Ok(())
    }

    fn draw_hex_top(&self, cr: &Context, c: Coord) -> Result<()> {
        let f = self.layout.frame(c);
        if let (Some((tile, rot, extras)), Some(plan)) = (self.hex_extras(c), self.plans.get(&c)) {
            draw_tile_top(cr, tile, rot, &f, &extras, plan)?;
        }
        Ok(())
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

/// Two map pictures side by side on one canvas (`review --render`: the
/// player's routes on the left, the best on the right).
pub struct PairPicture<'a> {
    pub left: MapPicture<'a>,
    pub right: MapPicture<'a>,
}

impl PairPicture<'_> {
    /// Canvas size in whole pixels.
    pub fn size(&self) -> (i32, i32) {
        let (a, b) = self.left.size();
        let (c, d) = self.right.size();
        (a + c, b.max(d))
    }

    /// Draws both, with a rule between them.
    pub fn draw(&self, cr: &Context) -> Result<()> {
        let (w, h) = self.size();
        cr.rectangle(0.0, 0.0, f64::from(w), f64::from(h));
        set(cr, (1.0, 1.0, 1.0));
        cr.fill()?;
        self.left.draw(cr)?;
        let x = f64::from(self.left.size().0);
        cr.save()?;
        cr.translate(x, 0.0);
        self.right.draw(cr)?;
        cr.restore()?;
        cr.move_to(x, 0.0);
        cr.line_to(x, f64::from(h));
        set(cr, (0.6, 0.6, 0.6));
        cr.set_line_width(2.0);
        cr.stroke()?;
        Ok(())
    }
}
