//! Drawing one tile: background, track (true arcs, bridges), towns, cities,
//! tokens, revenue, labels; where its marks go (`plan`) and how text is
//! set (`text`). Pixel geometry lives here and in `render/mod.rs` only.

use super::{Rgb, colour_of, hex_corners, set};
use crate::error::Result;
use crate::game::LayCost;
use crate::geometry::{Face, Orientation, Rotation};
use crate::tile::{Colour, End, Gauge, Tile, TownStyle};
use cairo::Context;
use std::f64::consts::PI;

mod plan;
mod text;

use plan::tile_revenue;
pub use plan::{HexPlan, city_circles, plan_hex, rect_circle_gap, rect_gap, rect_rect_gap};
pub(crate) use text::baseline_text;
pub use text::{TextItem, fit_name, font, text, with_text_set_aside};
use text::{name_tag, squeezed_text};

/// A point on the canvas.
pub type Pt = (f64, f64);

/// Where and how big one hex is drawn, and which way it points.
#[derive(Copy, Clone, Debug)]
pub struct HexFrame {
    pub centre: Pt,
    pub radius: f64,
    pub orientation: Orientation,
}

/// A token to draw in a city's space: fill, ring and text colours, and text.
#[derive(Clone, Debug)]
pub struct TokenLook {
    pub fill: Rgb,
    pub stripe: Rgb,
    pub text: Rgb,
    pub label: String,
}

/// What to draw on a tile besides the tile itself.
#[derive(Clone, Debug, Default)]
pub struct TileExtras<'a> {
    /// Tokens by token space.
    pub tokens: Vec<(usize, TokenLook)>,
    /// Token spaces a neutral token fills (1867's Montreal and Timmins
    /// until phase 3).
    pub neutral: Vec<usize>,
    /// Token spaces kept for a company's home token, not yet placed.
    pub reserved: Vec<(usize, TokenLook)>,
    /// The off-board colour of the current phase (highlighted revenue box).
    pub phase_colour: Option<Colour>,
    /// Printed name of the location.
    pub name: Option<&'a str>,
    /// Labels printed on the hex (Y, OO, T …), when the tile has none itself.
    pub hex_labels: &'a [String],
    /// Show the tile's number (laid tiles and the tile sheet).
    pub number: bool,
    /// A printed building cost still to pay (no tile laid yet).
    pub cost: Option<&'a LayCost>,
    /// Printed track stubs (map faces), drawn while no tile is laid.
    pub stubs: &'a [Face],
    /// Why no tile may be laid here yet ("closed to phase 3").
    pub closed: Option<String>,
}

/// A rectangle: (left, top, right, bottom).
pub type Rect = (f64, f64, f64, f64);

impl HexFrame {
    /// Screen angle (radians, clockwise from east) of a map face's midpoint.
    fn face_angle(&self, face: Face) -> f64 {
        let first = match self.orientation {
            Orientation::FlatTop => -90.0,
            Orientation::PointedTop => -60.0,
        };
        (first + 60.0 * face.index() as f64).to_radians()
    }

    fn polar(&self, angle: f64, dist: f64) -> Pt {
        (
            self.centre.0 + dist * angle.cos(),
            self.centre.1 + dist * angle.sin(),
        )
    }

    fn apothem(&self) -> f64 {
        self.radius * 3f64.sqrt() / 2.0
    }

    pub fn face_mid(&self, face: Face) -> Pt {
        self.polar(self.face_angle(face), self.apothem())
    }

    /// Ends of the hex side `face` (for barriers).
    pub fn side(&self, face: Face) -> (Pt, Pt) {
        let a = self.face_angle(face);
        let half = 30f64.to_radians();
        (
            self.polar(a - half, self.radius),
            self.polar(a + half, self.radius),
        )
    }

    /// A drawing hint (hex radii, x right, y up, unrotated flat-top tile)
    /// turned with the tile and placed on the canvas.
    pub fn hint(&self, at: (f64, f64), rot: Rotation) -> Pt {
        let turn = match self.orientation {
            Orientation::FlatTop => 0.0,
            Orientation::PointedTop => 30.0,
        } + 60.0 * f64::from(rot.steps());
        let (x, y) = (at.0 * self.radius, -at.1 * self.radius);
        let (s, c) = turn.to_radians().sin_cos();
        (self.centre.0 + x * c - y * s, self.centre.1 + x * s + y * c)
    }

    fn offset(&self, dx: f64, dy: f64) -> Pt {
        (
            self.centre.0 + dx * self.radius,
            self.centre.1 + dy * self.radius,
        )
    }
}

pub(super) fn hex_path(cr: &Context, f: &HexFrame) {
    let corners = hex_corners(f);
    cr.move_to(corners[0].0, corners[0].1);
    for p in &corners[1..] {
        cr.line_to(p.0, p.1);
    }
    cr.close_path();
}

/// Draws a path from face `a` to face `b` as the printed track would run:
/// straight across, or a true circular arc for gentle and sharp curves.
pub fn face_to_face(cr: &Context, f: &HexFrame, a: Face, b: Face) {
    let (pa, pb) = (f.face_mid(a), f.face_mid(b));
    let steps = (b.index() + 6 - a.index()) % 6;
    if steps == 3 {
        cr.move_to(pa.0, pa.1);
        cr.line_to(pb.0, pb.1);
        return;
    }
    // The arc's centre lies beyond the hex, in the direction between the faces.
    let (mid, dist, r) = match steps {
        1 => (f.face_angle(a) + PI / 6.0, f.radius, f.radius / 2.0),
        5 => (f.face_angle(a) - PI / 6.0, f.radius, f.radius / 2.0),
        2 => (
            f.face_angle(a) + PI / 3.0,
            f.radius * 3f64.sqrt(),
            f.radius * 1.5,
        ),
        _ => (
            f.face_angle(a) - PI / 3.0,
            f.radius * 3f64.sqrt(),
            f.radius * 1.5,
        ),
    };
    let c = f.polar(mid, dist);
    let a1 = (pa.1 - c.1).atan2(pa.0 - c.0);
    let a2 = (pb.1 - c.1).atan2(pb.0 - c.0);
    let mut delta = a2 - a1;
    while delta > PI {
        delta -= 2.0 * PI;
    }
    while delta < -PI {
        delta += 2.0 * PI;
    }
    cr.new_sub_path();
    if delta >= 0.0 {
        cr.arc(c.0, c.1, r, a1, a1 + delta);
    } else {
        cr.arc_negative(c.0, c.1, r, a1, a1 + delta);
    }
}

pub(super) fn stop_point(tile: &Tile, f: &HexFrame, rot: Rotation, end: End) -> Pt {
    match end {
        End::City(i) => f.hint(tile.cities[i].at, rot),
        End::Town(i) => f.hint(tile.towns[i].at, rot),
        End::Face(face) => f.face_mid(face.rotated(rot)),
    }
}

fn piece_path(cr: &Context, tile: &Tile, f: &HexFrame, rot: Rotation, a: End, b: End) {
    match (a, b) {
        (End::Face(x), End::Face(y)) => face_to_face(cr, f, x.rotated(rot), y.rotated(rot)),
        _ => {
            let (p, q) = (stop_point(tile, f, rot, a), stop_point(tile, f, rot, b));
            cr.move_to(p.0, p.1);
            cr.line_to(q.0, q.1);
        }
    }
}

const WHITE: Rgb = (1.0, 1.0, 1.0);
pub(super) const BLACK: Rgb = (0.0, 0.0, 0.0);

/// Draws a whole tile in its hex: [`draw_tile_base`], then
/// [`draw_tile_top`] with its marks placed by [`plan_hex`].
pub fn draw_tile(
    cr: &Context,
    tile: &Tile,
    rot: Rotation,
    f: &HexFrame,
    extras: &TileExtras,
) -> Result<()> {
    draw_tile_base(cr, tile, rot, f, extras)?;
    let plan = plan_hex(cr, tile, rot, f, extras);
    draw_tile_top(cr, tile, rot, f, extras, &plan)
}

/// What lies under routes: the tile's colour, a closed hex's hatching,
/// printed stubs, track and towns.
pub fn draw_tile_base(
    cr: &Context,
    tile: &Tile,
    rot: Rotation,
    f: &HexFrame,
    extras: &TileExtras,
) -> Result<()> {
    hex_path(cr, f);
    set(cr, colour_of(tile.colour));
    cr.fill()?;
    let r = f.radius;
    if extras.closed.is_some() {
        // Closed to track: dark red hatching across the hex.
        cr.save()?;
        hex_path(cr, f);
        cr.clip();
        cr.set_source_rgba(0.55, 0.1, 0.1, 0.45);
        cr.set_line_width(r * 0.04);
        let mut k = -2.0;
        while k <= 2.0 {
            cr.move_to(f.centre.0 + k * r - r, f.centre.1 + r);
            cr.line_to(f.centre.0 + k * r + r, f.centre.1 - r);
            k += 0.25;
        }
        cr.stroke()?;
        cr.restore()?;
    }
    // Track: each piece with a light edge, so a later piece crossing an
    // earlier one reads as a bridge. Printed stubs run a third of the way
    // in from their side.
    cr.set_line_cap(cairo::LineCap::Butt);
    let stub = |cr: &Context, face: Face| {
        let a = f.face_mid(face);
        let t = 0.38;
        cr.move_to(a.0, a.1);
        cr.line_to(a.0 + (f.centre.0 - a.0) * t, a.1 + (f.centre.1 - a.1) * t);
    };
    for face in extras.stubs {
        for (ink, width) in [((0.97, 0.95, 0.9), 0.2), (BLACK, 0.11)] {
            stub(cr, *face);
            set(cr, ink);
            cr.set_line_width(r * width);
            cr.stroke()?;
        }
    }
    // Narrow gauge is a thin line, dual a broad one with a light rail
    // down its middle, as a player reads the printed tiles.
    for t in &tile.track {
        let (edge, ink) = match t.gauge {
            Gauge::Narrow => (0.12, 0.05),
            Gauge::Broad | Gauge::Dual => (0.2, 0.11),
        };
        piece_path(cr, tile, f, rot, t.a, t.b);
        set(cr, (0.97, 0.95, 0.9));
        cr.set_line_width(r * edge);
        cr.stroke()?;
        piece_path(cr, tile, f, rot, t.a, t.b);
        set(cr, BLACK);
        cr.set_line_width(r * ink);
        cr.stroke()?;
        if t.gauge == Gauge::Dual {
            piece_path(cr, tile, f, rot, t.a, t.b);
            set(cr, (0.97, 0.95, 0.9));
            cr.set_line_width(r * 0.03);
            cr.stroke()?;
        }
    }
    for (i, town) in tile.towns.iter().enumerate() {
        let p = f.hint(town.at, rot);
        set(cr, BLACK);
        match town.style {
            TownStyle::Circle => {
                cr.new_path();
                cr.arc(p.0, p.1, r * 0.11, 0.0, 2.0 * PI);
                cr.fill()?;
            }
            TownStyle::Bar => {
                let along = tile
                    .neighbours(End::Town(i), rot)
                    .first()
                    .map(|e| stop_point(tile, f, rot, *e))
                    .map(|q| (q.1 - p.1).atan2(q.0 - p.0))
                    .unwrap_or(0.0);
                cr.save()?;
                cr.translate(p.0, p.1);
                cr.rotate(along);
                cr.rectangle(-r * 0.06, -r * 0.2, r * 0.12, r * 0.4);
                cr.fill()?;
                cr.restore()?;
            }
        }
    }
    Ok(())
}

/// What lies over routes, so players read it whatever runs there: cities
/// and their tokens, values, labels, the name, the cost and the number,
/// each where `plan` puts it.
pub fn draw_tile_top(
    cr: &Context,
    tile: &Tile,
    rot: Rotation,
    f: &HexFrame,
    extras: &TileExtras,
    plan: &HexPlan,
) -> Result<()> {
    let r = f.radius;
    let slot = r * SLOT;
    for (i, city) in tile.cities.iter().enumerate() {
        let p = f.hint(city.at, rot);
        let spaces = tile.spaces_of_city(i);
        let slots = slot_centres(p, slot, spaces.len());
        if slots.is_empty() {
            continue;
        }
        if slots.len() > 1 {
            // White background joining the spaces, as printed.
            set(cr, WHITE);
            cr.set_line_width(slot * 2.2);
            cr.set_line_join(cairo::LineJoin::Round);
            cr.set_line_cap(cairo::LineCap::Round);
            cr.move_to(slots[0].0, slots[0].1);
            for s in &slots[1..] {
                cr.line_to(s.0, s.1);
            }
            cr.close_path();
            cr.stroke_preserve()?;
            cr.fill()?;
            cr.set_line_cap(cairo::LineCap::Butt);
        }
        for (k, s) in spaces.zip(&slots) {
            cr.new_path();
            cr.arc(s.0, s.1, slot, 0.0, 2.0 * PI);
            set(cr, WHITE);
            cr.fill_preserve()?;
            set(cr, BLACK);
            cr.set_line_width(r * 0.025);
            cr.stroke()?;
            if let Some((_, look)) = extras.tokens.iter().find(|(space, _)| *space == k) {
                draw_token(cr, *s, slot * 0.92, look)?;
            } else if extras.neutral.contains(&k) {
                draw_token(cr, *s, slot * 0.92, &neutral_look())?;
            } else if let Some((_, look)) = extras.reserved.iter().find(|(space, _)| *space == k) {
                draw_reserved(cr, *s, slot * 0.92, look)?;
            }
        }
    }
    if !tile.phase_revenue.is_empty() {
        if let Some(b) = plan.phase_boxes {
            draw_phase_boxes(cr, tile, f, extras.phase_colour, b)?;
        }
    } else if let Some((spot, radius)) = plan.revenue {
        cr.new_path();
        cr.arc(spot.0, spot.1, radius, 0.0, 2.0 * PI);
        set(cr, WHITE);
        cr.fill_preserve()?;
        set(cr, BLACK);
        cr.set_line_width(f.radius * 0.02);
        cr.stroke()?;
        text(
            cr,
            &tile_revenue(tile).to_string(),
            spot,
            radius * 1.15,
            BLACK,
            false,
        )?;
    }
    if let Some((label, at, _)) = &plan.label {
        text(cr, label, *at, r * LABEL_SIZE, BLACK, true)?;
    }
    if let (Some(cost), Some((at, b, k))) = (extras.cost, plan.cost) {
        draw_cost(cr, cost, at, b, r * k)?;
    }
    if let (Some(note), Some((at, b))) = (&extras.closed, plan.note) {
        cr.rectangle(b.0, b.1, b.2 - b.0, b.3 - b.1);
        cr.set_source_rgba(1.0, 1.0, 1.0, 0.85);
        cr.fill()?;
        text(cr, note, at, r * NOTE_SIZE, (0.55, 0.1, 0.1), true)?;
    }
    if let Some((lines, size, at, b)) = &plan.name {
        name_tag(cr, lines, *size, *at, *b)?;
    }
    if let Some((at, _)) = plan.number {
        text(cr, &tile.name, at, r * NUMBER_SIZE, (0.2, 0.2, 0.2), false)?;
    }
    Ok(())
}

/// A token space's radius, in hex radii.
pub(super) const SLOT: f64 = 0.2;
/// Font sizes, in hex radii.
pub(super) const NAME_SIZE: f64 = 0.15;
pub(super) const LABEL_SIZE: f64 = 0.26;
pub(super) const COST_SIZE: f64 = 0.16;
pub(super) const NOTE_SIZE: f64 = 0.12;
pub(super) const NUMBER_SIZE: f64 = 0.14;
/// The room a name may take across its hex, in hex radii.
pub(super) const NAME_ROOM: f64 = 1.15;

/// A printed building cost: a brown triangle for a mountain, a blue drop
/// for water, and the amount, in the box `b` centred on `at`.
fn draw_cost(cr: &Context, cost: &crate::game::LayCost, at: Pt, b: Rect, r: f64) -> Result<()> {
    let s = r * 0.1;
    let icon = (b.0 + s * 1.1, at.1);
    cr.rectangle(b.0, b.1, b.2 - b.0, b.3 - b.1);
    cr.set_source_rgba(1.0, 1.0, 1.0, 0.6);
    cr.fill()?;
    if cost.terrain.contains("mountain") {
        cr.move_to(icon.0 - s, icon.1 + s * 0.8);
        cr.line_to(icon.0, icon.1 - s * 0.9);
        cr.line_to(icon.0 + s, icon.1 + s * 0.8);
        cr.close_path();
        set(cr, super::TERRAIN_COLOUR);
    } else {
        cr.new_path();
        cr.arc(icon.0, icon.1, s * 0.7, 0.0, 2.0 * PI);
        set(cr, super::WATER_COLOUR);
    }
    cr.fill()?;
    let words = format!("${}", cost.amount);
    let x = (icon.0 + s * 1.1 + b.2) / 2.0;
    text(
        cr,
        &words,
        (x, at.1),
        r * COST_SIZE,
        super::TERRAIN_COLOUR,
        true,
    )
}

/// The look of a neutral token: it fills a space but belongs to no one.
fn neutral_look() -> TokenLook {
    TokenLook {
        fill: (0.55, 0.55, 0.55),
        stripe: (0.35, 0.35, 0.35),
        text: WHITE,
        label: "N".into(),
    }
}

/// A home kept for a company: its colour faint, its abbreviation dark.
fn draw_reserved(cr: &Context, at: Pt, radius: f64, look: &TokenLook) -> Result<()> {
    cr.new_path();
    cr.arc(at.0, at.1, radius, 0.0, 2.0 * PI);
    cr.set_source_rgba(look.fill.0, look.fill.1, look.fill.2, 0.3);
    cr.fill_preserve()?;
    set(cr, darken(look.fill));
    cr.set_line_width(radius * 0.14);
    cr.set_dash(&[radius * 0.3, radius * 0.2], 0.0);
    cr.stroke()?;
    cr.set_dash(&[], 0.0);
    token_text(cr, &look.label, at, radius, darken(look.fill))
}

/// A colour dark enough to read on white.
fn darken(c: Rgb) -> Rgb {
    let l = 0.299 * c.0 + 0.587 * c.1 + 0.114 * c.2;
    if l <= 0.4 {
        c
    } else {
        let k = 0.4 / l;
        (c.0 * k, c.1 * k, c.2 * k)
    }
}

/// Centres of a city's token spaces in the usual layouts.
pub(super) fn slot_centres(p: Pt, slot: f64, n: usize) -> Vec<Pt> {
    let d = slot * 1.02;
    match n {
        0 => vec![],
        1 => vec![p],
        2 => vec![(p.0 - d, p.1), (p.0 + d, p.1)],
        3 => vec![
            (p.0, p.1 - d * 1.1),
            (p.0 + d, p.1 + d * 0.65),
            (p.0 - d, p.1 + d * 0.65),
        ],
        _ => vec![
            (p.0 - d, p.1 - d),
            (p.0 + d, p.1 - d),
            (p.0 + d, p.1 + d),
            (p.0 - d, p.1 + d),
        ],
    }
}

pub fn draw_token(cr: &Context, at: Pt, radius: f64, look: &TokenLook) -> Result<()> {
    cr.new_path();
    cr.arc(at.0, at.1, radius, 0.0, 2.0 * PI);
    set(cr, look.stripe);
    cr.fill()?;
    // A ring only when the company has a stripe colour of its own.
    let inner = if look.stripe == look.fill { 1.0 } else { 0.8 };
    cr.new_path();
    cr.arc(at.0, at.1, radius * inner, 0.0, 2.0 * PI);
    set(cr, look.fill);
    cr.fill()?;
    token_text(cr, &look.label, at, radius * inner, look.text)
}

/// The smallest font a token's text is set in, in pixels at the default
/// hex size: below it the text is narrowed instead.
pub const TOKEN_TEXT: f64 = 0.82;

/// A token's abbreviation, bold, as large as the token allows: set at
/// 0.82 of the token's radius (9 px at the default size), narrowed to fit
/// its width when it is long ("MNN", "C&O").
pub fn token_text(cr: &Context, label: &str, at: Pt, radius: f64, colour: Rgb) -> Result<()> {
    let size = radius
        * if label.chars().count() > 2 {
            TOKEN_TEXT
        } else {
            1.0
        };
    font(cr, size, true);
    let width = cr.text_extents(label)?.width();
    let room = radius * 1.8;
    let squeeze = if width > room { room / width } else { 1.0 };
    squeezed_text(cr, label, at, size, colour, squeeze)
}

/// Off-board values for each phase colour, the current one outlined.
fn draw_phase_boxes(
    cr: &Context,
    tile: &Tile,
    f: &HexFrame,
    current: Option<Colour>,
    b: Rect,
) -> Result<()> {
    let (w, h) = (f.radius * 0.36, f.radius * 0.3);
    let (left, top) = (b.0 + f.radius * 0.035, b.1 + f.radius * 0.035);
    for (k, (colour, value)) in tile.phase_revenue.iter().enumerate() {
        let x = left + w * k as f64;
        cr.rectangle(x, top, w, h);
        set(cr, colour_of(*colour));
        cr.fill_preserve()?;
        let now = Some(*colour) == current;
        set(cr, BLACK);
        cr.set_line_width(if now {
            f.radius * 0.07
        } else {
            f.radius * 0.015
        });
        cr.stroke()?;
        let ink = if matches!(colour, Colour::Brown) {
            WHITE
        } else {
            BLACK
        };
        text(
            cr,
            &value.to_string(),
            (x + w / 2.0, top + h / 2.0),
            h * 0.62,
            ink,
            now,
        )?;
    }
    Ok(())
}
