//! Pictures of the map, of routes and of a game's tiles, through cairo: one
//! drawing code path, encoded as PNG, SVG or PDF. Depends on the model;
//! nothing in the model depends on it.

pub mod html;
mod sheet;
mod tile;
pub use sheet::{LaySheet, TileSheet};
pub use tile::{
    HexFrame, HexMarks, Pt, city_circles, fit_name, label_circle, name_band, rect_gap, revenue_spot,
};

use crate::address::Letters;
use crate::error::Error;
use crate::game::Game;
use crate::geometry::{Coord, Face, Orientation};
use crate::routes::report::RoutesReport;
use crate::state::MapState;
use crate::tile::Colour;
use crate::tile::StopKind;
use cairo::Context;
use std::f64::consts::PI;
use tile::{TileExtras, TokenLook, draw_tile, face_to_face, hex_path, text};

/// An RGB colour, each channel 0–1.
pub type Rgb = (f64, f64, f64);

pub(crate) fn set(cr: &Context, c: Rgb) {
    cr.set_source_rgb(c.0, c.1, c.2);
}

/// Printed colours of tiles and map hexes.
pub fn colour_of(c: Colour) -> Rgb {
    match c {
        Colour::Blank => (0.93, 0.90, 0.80),
        Colour::Yellow => (0.98, 0.85, 0.25),
        Colour::Green => (0.36, 0.70, 0.36),
        Colour::Brown => (0.70, 0.45, 0.25),
        Colour::Grey => (0.72, 0.72, 0.72),
        Colour::Red => (0.85, 0.22, 0.18),
        Colour::Blue => (0.45, 0.65, 0.90),
    }
}

pub(crate) fn hex_corners(f: &HexFrame) -> [Pt; 6] {
    let first: f64 = match f.orientation {
        Orientation::FlatTop => 0.0,
        Orientation::PointedTop => -30.0,
    };
    std::array::from_fn(|k| {
        let a = (first + 60.0 * k as f64).to_radians();
        (
            f.centre.0 + f.radius * a.cos(),
            f.centre.1 + f.radius * a.sin(),
        )
    })
}

/// How a company's token is drawn: its colours and abbreviation (grey
/// for a name the game does not know).
fn token_look(game: &Game, company: &str) -> TokenLook {
    match game.company(company) {
        Ok(co) => TokenLook {
            fill: parse_colour(&co.colour),
            stripe: parse_colour(&co.stripe),
            text: parse_colour(&co.text),
            label: co.abbrev.clone(),
        },
        Err(_) => TokenLook {
            fill: (0.5, 0.5, 0.5),
            stripe: (0.3, 0.3, 0.3),
            text: (1.0, 1.0, 1.0),
            label: company.to_string(),
        },
    }
}

/// `#rrggbb` to RGB; anything else is mid grey.
pub fn parse_colour(s: &str) -> Rgb {
    let hex = s.trim().trim_start_matches('#');
    let channel = |i: usize| {
        hex.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .map(|v| f64::from(v) / 255.0)
    };
    match (hex.len(), channel(0), channel(2), channel(4)) {
        (6, Some(r), Some(g), Some(b)) => (r, g, b),
        _ => (0.5, 0.5, 0.5),
    }
}

/// Output formats; all come from the same drawing code.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Png,
    Svg,
    Pdf,
}

impl Format {
    pub fn parse(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "png" => Some(Format::Png),
            "svg" => Some(Format::Svg),
            "pdf" => Some(Format::Pdf),
            _ => None,
        }
    }

    /// The format a file name asks for by its extension.
    pub fn from_path(path: &std::path::Path) -> Option<Format> {
        path.extension()
            .and_then(|e| e.to_str())
            .and_then(Format::parse)
    }
}

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
}

impl Default for MapOptions {
    fn default() -> Self {
        MapOptions {
            hex_size: DEFAULT_HEX_SIZE,
            crop: None,
            transparent: false,
            coords: true,
        }
    }
}

/// Hex radius of a full map a player can read at 100 %.
pub const DEFAULT_HEX_SIZE: f64 = 56.0;

/// One train's route to draw.
#[derive(Clone, Debug)]
pub struct RoutePath {
    /// The company running it.
    pub company: String,
    pub train: String,
    pub revenue: u32,
    /// Hexes entered in order, starting with the first stop's hex.
    pub hexes: Vec<Coord>,
    pub stops: Vec<StopMark>,
}

#[derive(Clone, Debug)]
pub struct StopMark {
    pub hex: Coord,
    pub kind: StopKind,
    pub skipped: bool,
    /// The location's name and face value, for a page's tooltips.
    pub name: String,
    pub revenue: u32,
}

/// A route traced for a web page: see [`MapPicture::route_shapes`].
#[derive(Clone, Debug)]
pub struct RouteShape {
    pub d: String,
    pub colour: Rgb,
    pub width: f64,
    pub stop_radius: f64,
    /// Canvas point of each stop, and whether the train skipped it.
    pub stops: Vec<(Pt, bool)>,
}

/// A company's routes, as `hexroute routes --json` prints them.
#[derive(Clone, Debug)]
pub struct RouteOverlay {
    pub company: String,
    pub total: u32,
    pub routes: Vec<RoutePath>,
    /// Each company drawn, with its total, in report order.
    pub companies: Vec<(String, u32)>,
}

impl RouteOverlay {
    /// The routes of a report, checked to belong to `game` and its map.
    pub fn from_report(game: &Game, report: &RoutesReport) -> Result<RouteOverlay, Error> {
        let companies = report.companies();
        let several = companies.len() > 1;
        let mut routes = Vec::new();
        let mut total = 0u32;
        for company in companies {
            if company.game != game.id {
                return Err(Error::Invalid(format!(
                    "the routes are for game {}, but the map is {}",
                    company.game, game.id
                )));
            }
            total = total.checked_add(company.total).ok_or_else(|| {
                Error::Invalid("the routes' totals add up past $4294967295".into())
            })?;
            for r in &company.routes {
                let hexes = r
                    .hexes
                    .iter()
                    .map(|h| game.hex(h))
                    .collect::<Result<Vec<_>, _>>()?;
                let stops = r
                    .stops
                    .iter()
                    .map(|s| {
                        Ok(StopMark {
                            hex: game.hex(&s.hex)?,
                            kind: s.kind.with_index(s.index),
                            skipped: s.skipped,
                            name: s.name.clone(),
                            revenue: s.revenue,
                        })
                    })
                    .collect::<Result<Vec<_>, Error>>()?;
                routes.push(RoutePath {
                    company: company.company.clone(),
                    train: if several {
                        format!("{} {}", company.company, r.train)
                    } else {
                        r.train.clone()
                    },
                    revenue: r.revenue,
                    hexes,
                    stops,
                });
            }
        }
        Ok(RouteOverlay {
            company: companies
                .iter()
                .map(|c| c.company.as_str())
                .collect::<Vec<_>>()
                .join(" + "),
            total,
            routes,
            companies: companies
                .iter()
                .map(|c| (c.company.clone(), c.total))
                .collect(),
        })
    }
}

/// Distinct, strong colours for trains: none of them a tile colour, and
/// none a blue or a grey, which belong to water and barriers.
pub const TRAIN_COLOURS: [Rgb; 6] = [
    (0.85, 0.0, 0.75),
    (1.0, 0.45, 0.0),
    (0.55, 0.1, 0.95),
    (0.9, 0.0, 0.1),
    (1.0, 0.35, 0.6),
    (0.6, 0.0, 0.35),
];

/// Impassable hex sides: a heavy near-black line.
pub const BARRIER_COLOUR: Rgb = (0.12, 0.12, 0.12);
/// Printed building costs (mountains): a dark earth brown.
pub const TERRAIN_COLOUR: Rgb = (0.42, 0.28, 0.12);
/// Water sides track may cross for a price: light blue, dashed.
pub const WATER_COLOUR: Rgb = (0.45, 0.72, 0.98);

/// Which lane each route runs in: routes that share a hex get different
/// lanes, so they are drawn side by side instead of on top of each other.
/// Lane 0 is the track itself; the first route keeps it.
pub fn route_lanes(routes: &[RoutePath]) -> Vec<usize> {
    let mut lanes: Vec<usize> = Vec::with_capacity(routes.len());
    for (i, route) in routes.iter().enumerate() {
        let taken: std::collections::BTreeSet<usize> = (0..i)
            .filter(|&j| routes[j].hexes.iter().any(|h| route.hexes.contains(h)))
            .map(|j| lanes[j])
            .collect();
        lanes.push((0..).find(|l| !taken.contains(l)).expect("a free lane"));
    }
    lanes
}

/// A route's line width and its stop markers' radius, in hex radii.
const ROUTE_WIDTH: f64 = 0.13;
const STOP_RADIUS: f64 = 0.13;

/// How far a lane lies from the track, in hex radii: 0, +1, -1, +2, …
fn lane_offset(lane: usize) -> f64 {
    let step = (lane as f64 / 2.0).ceil();
    if lane % 2 == 1 { step } else { -step }
}

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
struct Layout {
    r: f64,
    orientation: Orientation,
    origin: Pt,
    width: f64,
    height: f64,
    /// Top of the legend band.
    legend_top: f64,
}

fn raw_centre(c: Coord, r: f64, o: Orientation) -> Pt {
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
    fn new(hexes: &[Coord], r: f64, o: Orientation, coords: bool, legend_lines: usize) -> Layout {
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

    fn frame(&self, c: Coord) -> HexFrame {
        let p = raw_centre(c, self.r, self.orientation);
        HexFrame {
            centre: (p.0 + self.origin.0, p.1 + self.origin.1),
            radius: self.r,
            orientation: self.orientation,
        }
    }
}

/// A map picture: what to draw and how big the canvas is.
pub struct MapPicture<'a> {
    game: &'a Game,
    state: &'a MapState,
    hexes: Vec<Coord>,
    layout: Layout,
    options: MapOptions,
    routes: Option<&'a RouteOverlay>,
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
    pub fn draw(&self, cr: &Context) {
        let (w, h) = (self.layout.width, self.layout.height);
        if !self.options.transparent {
            cr.rectangle(0.0, 0.0, w, h);
            set(cr, (1.0, 1.0, 1.0));
            let _ = cr.fill();
        }
        let r = self.layout.r;
        let title = format!(
            "{} — phase {}",
            self.game.name, self.game.phases[self.state.phase].name
        );
        // Shrink the title to fit small crops.
        let mut size = r * 0.3;
        tile::font(cr, size, true);
        if let Ok(ext) = cr.text_extents(&title) {
            let room = w - r * 0.6;
            if ext.x_advance() > room {
                size *= room / ext.x_advance();
            }
        }
        baseline_text(cr, &title, (r * 0.3, r * 0.45), size, true);
        for c in &self.hexes {
            // One group per hex, so SVG output keeps each hex together.
            cr.push_group();
            self.draw_hex(cr, *c);
            let _ = cr.pop_group_to_source();
            let _ = cr.paint();
        }
        self.draw_barriers(cr);
        if self.options.coords {
            self.draw_coords(cr);
        }
        if let Some(routes) = self.routes {
            self.draw_routes(cr, routes);
            self.draw_legend(cr, routes);
        }
    }

    fn draw_hex(&self, cr: &Context, c: Coord) {
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
                draw_tile(cr, tile, rot, &f, &extras);
            }
            None => {
                hex_path(cr, &f);
                set(cr, colour_of(Colour::Blank));
                let _ = cr.fill();
            }
        }
        let laid = self.state.hexes.get(&c).is_some_and(|h| h.tile.is_some());
        if let Some(cost) = printed.cost.as_ref().filter(|_| !laid) {
            self.draw_cost(cr, &f, cost);
        }
        hex_path(cr, &f);
        set(cr, (0.35, 0.35, 0.35));
        cr.set_line_width(r_line(self.layout.r));
        let _ = cr.stroke();
    }

    /// A printed building cost: a brown triangle for a mountain, a blue
    /// drop for water, and the amount, in the upper part of the hex.
    fn draw_cost(&self, cr: &Context, f: &tile::HexFrame, cost: &crate::game::LayCost) {
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
        let _ = cr.fill();
        tile::text(
            cr,
            &format!("${}", cost.amount),
            (at.0 + r * 0.27, at.1),
            r * 0.16,
            TERRAIN_COLOUR,
            true,
        );
    }

    fn draw_barriers(&self, cr: &Context) {
        set(cr, BARRIER_COLOUR);
        cr.set_line_width(self.layout.r * 0.12);
        cr.set_line_cap(cairo::LineCap::Round);
        self.stroke_sides(cr, self.game.barriers.iter());
        // Water sides: thinner and lighter, dashed, as track may cross them.
        set(cr, WATER_COLOUR);
        cr.set_line_width(self.layout.r * 0.08);
        cr.set_dash(&[self.layout.r * 0.12, self.layout.r * 0.1], 0.0);
        self.stroke_sides(cr, self.game.water_sides.keys());
        cr.set_dash(&[], 0.0);
    }

    /// Strokes each hex side of the picture's hexes in the current style.
    fn stroke_sides<'s>(&self, cr: &Context, sides: impl Iterator<Item = &'s (Coord, Face)>) {
        for (c, face) in sides {
            if !self.hexes.contains(c) {
                continue;
            }
            let (a, b) = self.layout.frame(*c).side(*face);
            cr.move_to(a.0, a.1);
            cr.line_to(b.0, b.1);
            let _ = cr.stroke();
        }
    }

    /// Letters and numbers on the map edges, as the game prints them.
    fn draw_coords(&self, cr: &Context) {
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
            );
            text(cr, label, (x, bottom - r * 0.3), size, ink, true);
        }
        for (label, ys) in &along_y {
            let y = ys.iter().sum::<f64>() / ys.len() as f64;
            text(cr, label, (r * 0.3, y), size, ink, true);
            text(cr, label, (w - r * 0.3, y), size, ink, true);
        }
    }

    fn draw_routes(&self, cr: &Context, overlay: &RouteOverlay) {
        let r = self.layout.r;
        cr.set_line_cap(cairo::LineCap::Round);
        cr.set_line_join(cairo::LineJoin::Round);
        let shift = self.lane_shifts(&overlay.routes);
        for (i, route) in overlay.routes.iter().enumerate() {
            // One group per route, so an SVG keeps each route together.
            cr.push_group();
            cr.translate(shift[i].0, shift[i].1);
            let colour = TRAIN_COLOURS[i % TRAIN_COLOURS.len()];
            cr.set_source_rgba(colour.0, colour.1, colour.2, 0.9);
            cr.set_line_width(r * ROUTE_WIDTH);
            self.route_path(cr, route);
            let _ = cr.stroke();
            cr.translate(-shift[i].0, -shift[i].1);
            let _ = cr.pop_group_to_source();
            let _ = cr.paint();
        }
        for (i, route) in overlay.routes.iter().enumerate() {
            let colour = TRAIN_COLOURS[i % TRAIN_COLOURS.len()];
            let radius = r * STOP_RADIUS;
            for stop in &route.stops {
                let p = self.shifted_stop(stop, shift[i]);
                cr.new_path();
                cr.arc(p.0, p.1, radius, 0.0, 2.0 * PI);
                if stop.skipped {
                    // Passed without stopping: a hollow ring.
                    set(cr, (1.0, 1.0, 1.0));
                    let _ = cr.fill_preserve();
                    set(cr, colour);
                    cr.set_line_width(r * 0.05);
                    let _ = cr.stroke();
                } else {
                    set(cr, colour);
                    let _ = cr.fill_preserve();
                    set(cr, (1.0, 1.0, 1.0));
                    cr.set_line_width(r * 0.03);
                    let _ = cr.stroke();
                }
            }
        }
    }

    /// Each route as an SVG path (`d`), its colour and width, and its stops
    /// (canvas point, skipped), in lanes as [`MapPicture::draw`] draws them:
    /// what a web page overlays on the map.
    pub fn route_shapes(&self, overlay: &RouteOverlay) -> Result<Vec<RouteShape>, Error> {
        let err = |e: cairo::Error| Error::Internal(format!("tracing a route: {e}"));
        let surface =
            cairo::RecordingSurface::create(cairo::Content::ColorAlpha, None).map_err(err)?;
        let cr = Context::new(&surface).map_err(err)?;
        let mut out = Vec::new();
        for (i, (route, shift)) in overlay
            .routes
            .iter()
            .zip(self.lane_shifts(&overlay.routes))
            .enumerate()
        {
            cr.new_path();
            cr.identity_matrix();
            cr.translate(shift.0, shift.1);
            self.route_path(&cr, route);
            cr.identity_matrix();
            let path = cr.copy_path().map_err(err)?;
            let mut d = String::new();
            use std::fmt::Write;
            for seg in path.iter() {
                let _ = match seg {
                    cairo::PathSegment::MoveTo((x, y)) => write!(d, "M{x:.1} {y:.1} "),
                    cairo::PathSegment::LineTo((x, y)) => write!(d, "L{x:.1} {y:.1} "),
                    cairo::PathSegment::CurveTo((a, b), (c, e), (x, y)) => {
                        write!(d, "C{a:.1} {b:.1} {c:.1} {e:.1} {x:.1} {y:.1} ")
                    }
                    cairo::PathSegment::ClosePath => write!(d, "Z "),
                };
            }
            let stops = route
                .stops
                .iter()
                .map(|s| (self.shifted_stop(s, shift), s.skipped))
                .collect();
            out.push(RouteShape {
                d: d.trim_end().to_string(),
                colour: TRAIN_COLOURS[i % TRAIN_COLOURS.len()],
                width: self.layout.r * ROUTE_WIDTH,
                stop_radius: self.layout.r * STOP_RADIUS,
                stops,
            });
        }
        Ok(out)
    }

    /// How far each route is drawn off the track: its lane, across its
    /// own direction.
    fn lane_shifts(&self, routes: &[RoutePath]) -> Vec<Pt> {
        routes
            .iter()
            .zip(route_lanes(routes))
            .map(|(route, lane)| self.lane_shift(route, lane))
            .collect()
    }

    /// Where a stop's marker goes for a route drawn `shift` off the track.
    fn shifted_stop(&self, stop: &StopMark, shift: Pt) -> Pt {
        let p = self.stop_point(stop.hex, stop.kind);
        (p.0 + shift.0, p.1 + shift.1)
    }

    /// Where a route in `lane` is drawn relative to the track: across the
    /// line from its first stop to its last, so side by side routes stay
    /// apart along most of their length.
    fn lane_shift(&self, route: &RoutePath, lane: usize) -> Pt {
        if lane == 0 {
            return (0.0, 0.0);
        }
        let (Some(first), Some(last)) = (route.hexes.first(), route.hexes.last()) else {
            return (0.0, 0.0);
        };
        let (a, b) = (self.centre(*first), self.centre(*last));
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = dx.hypot(dy);
        // A route that ends where it starts: shift straight down.
        let (nx, ny) = if len < 1e-6 {
            (0.0, 1.0)
        } else {
            (-dy / len, dx / len)
        };
        let d = lane_offset(lane) * self.layout.r * 0.15;
        (nx * d, ny * d)
    }

    /// Canvas position of a town or city, where route markers go.
    pub fn stop_point(&self, c: Coord, kind: StopKind) -> Pt {
        let f = self.layout.frame(c);
        let Some((tile, rot)) = self.state.tile_at(self.game, c) else {
            return f.centre;
        };
        let at = match kind {
            StopKind::City(i) => tile.cities.get(i).map(|x| x.at),
            StopKind::Town(i) => tile.towns.get(i).map(|x| x.at),
        };
        at.map(|a| f.hint(a, rot)).unwrap_or(f.centre)
    }

    /// The route along its track: hex by hex, through its stops.
    fn route_path(&self, cr: &Context, route: &RoutePath) {
        let o = self.game.coords.orientation;
        let face_between =
            |a: Coord, b: Coord| Face::ALL.into_iter().find(|f| a.neighbour(*f, o) == b);
        let mut next_stop = 0;
        for (i, c) in route.hexes.iter().enumerate() {
            let f = self.layout.frame(*c);
            let entry = i
                .checked_sub(1)
                .and_then(|p| face_between(*c, route.hexes[p]));
            let exit = route.hexes.get(i + 1).and_then(|n| face_between(*c, *n));
            let mut points: Vec<Pt> = Vec::new();
            while let Some(s) = route.stops.get(next_stop).filter(|s| s.hex == *c) {
                points.push(self.stop_point(s.hex, s.kind));
                next_stop += 1;
            }
            match (entry, exit, points.is_empty()) {
                (Some(a), Some(b), true) => face_to_face(cr, &f, a, b),
                _ => {
                    let mut all = Vec::new();
                    all.extend(entry.map(|e| f.face_mid(e)));
                    all.extend(points);
                    all.extend(exit.map(|e| f.face_mid(e)));
                    if let Some(first) = all.first() {
                        cr.move_to(first.0, first.1);
                        for p in &all[1..] {
                            cr.line_to(p.0, p.1);
                        }
                    }
                }
            }
        }
    }

    fn draw_legend(&self, cr: &Context, overlay: &RouteOverlay) {
        let r = self.layout.r;
        let line = r * 0.45;
        let mut y = self.layout.legend_top + r * 0.3;
        let size = r * 0.26;
        let mut company: Option<&str> = None;
        for (i, route) in overlay.routes.iter().enumerate() {
            if overlay.companies.len() > 1 && company != Some(route.company.as_str()) {
                company = Some(route.company.as_str());
                let total = overlay
                    .companies
                    .iter()
                    .find(|(c, _)| *c == route.company)
                    .map_or(0, |(_, t)| *t);
                let head = format!("{}: ${total}", route.company);
                baseline_text(cr, &head, (r * 0.4, y + size * 0.35), size, true);
                y += line;
            }
            let colour = TRAIN_COLOURS[i % TRAIN_COLOURS.len()];
            cr.rectangle(r * 0.4, y - size * 0.4, r * 0.6, size * 0.8);
            set(cr, colour);
            let _ = cr.fill();
            let skipped = route.stops.iter().filter(|s| s.skipped).count();
            let label = format!(
                "train {}: ${}  ({} stops{})",
                route.train,
                route.revenue,
                route.stops.len() - skipped,
                if skipped > 0 {
                    format!(", {skipped} skipped shown hollow")
                } else {
                    String::new()
                }
            );
            baseline_text(cr, &label, (r * 1.2, y + size * 0.35), size, false);
            y += line;
        }
        let total = format!("{} total: ${}", overlay.company, overlay.total);
        baseline_text(cr, &total, (r * 0.4, y + size * 0.35), size, true);
    }
}

fn r_line(r: f64) -> f64 {
    (r * 0.025).max(0.8)
}

/// Black text starting at `at`, which is on its baseline.
fn baseline_text(cr: &Context, s: &str, at: Pt, size: f64, bold: bool) {
    tile::font(cr, size, bold);
    set(cr, (0.0, 0.0, 0.0));
    cr.move_to(at.0, at.1);
    let _ = cr.show_text(s);
}

/// The most pixels cairo's image surfaces take on a side.
pub const MAX_PNG_SIDE: i32 = 32767;

/// Draws with `draw` on a `width`×`height` canvas and encodes it.
pub fn encode(
    format: Format,
    width: i32,
    height: i32,
    draw: impl FnOnce(&Context),
) -> Result<Vec<u8>, Error> {
    // A surface cairo cannot make is almost always one too large for it.
    let err = |e: cairo::Error| Error::Invalid(format!("drawing failed: {e}"));
    if format == Format::Png && (width > MAX_PNG_SIDE || height > MAX_PNG_SIDE) {
        return Err(Error::Invalid(format!(
            "the picture would be {width} × {height} pixels, and a PNG may be at most {MAX_PNG_SIDE} pixels a side (cairo's limit); draw fewer routes, give a smaller --hex-size, or write SVG or PDF"
        )));
    }
    let (w, h) = (f64::from(width), f64::from(height));
    // Vector surfaces write into an in-memory stream, finished below.
    let vector: cairo::Surface = match format {
        Format::Png => {
            let surface =
                cairo::ImageSurface::create(cairo::Format::ARgb32, width, height).map_err(err)?;
            {
                let cr = Context::new(&surface).map_err(err)?;
                draw(&cr);
            }
            let mut out = Vec::new();
            surface
                .write_to_png(&mut out)
                .map_err(|e| Error::Internal(format!("PNG encoding failed: {e}")))?;
            return Ok(out);
        }
        Format::Svg => {
            (*cairo::SvgSurface::for_stream(w, h, Vec::<u8>::new()).map_err(err)?).clone()
        }
        Format::Pdf => {
            (*cairo::PdfSurface::for_stream(w, h, Vec::<u8>::new()).map_err(err)?).clone()
        }
    };
    finish_vector(&vector, draw)
}

fn finish_vector(surface: &cairo::Surface, draw: impl FnOnce(&Context)) -> Result<Vec<u8>, Error> {
    {
        let cr =
            Context::new(surface).map_err(|e| Error::Invalid(format!("drawing failed: {e}")))?;
        draw(&cr);
    }
    let stream = surface
        .finish_output_stream()
        .map_err(|e| Error::Internal(format!("writing failed: {}", e.error)))?;
    stream
        .downcast::<Vec<u8>>()
        .map(|b| *b)
        .map_err(|_| Error::Internal("writing failed: unexpected stream".into()))
}
