//! Drawing one tile: background, track (true arcs, bridges), towns, cities,
//! tokens, revenue, labels. Pixel geometry lives here and in `mod.rs` only.

use super::{Rgb, colour_of, hex_corners, set};
use crate::error::Result;
use crate::game::LayCost;
use crate::geometry::{Face, Orientation, Rotation};
use crate::tile::{Colour, End, Tile, TownStyle};
use cairo::Context;
use std::f64::consts::PI;

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

/// Where each mark of one hex goes, chosen so that none covers a city, a
/// town or another mark (see [`plan_hex`]).
#[derive(Clone, Debug, Default)]
pub struct HexPlan {
    /// The name's lines, font size, centre and box.
    pub name: Option<(Vec<String>, f64, Pt, Rect)>,
    /// The hex label (`OO`, `Y`): its text, centre and box.
    pub label: Option<(String, Pt, Rect)>,
    /// The building cost: its centre, box and scale (1 at full size).
    pub cost: Option<(Pt, Rect, f64)>,
    /// Why the hex is closed: its centre and box.
    pub note: Option<(Pt, Rect)>,
    /// The revenue circle: centre and radius.
    pub revenue: Option<(Pt, f64)>,
    /// The tile number: centre and box.
    pub number: Option<(Pt, Rect)>,
    /// An off-board's row of phase values.
    pub phase_boxes: Option<Rect>,
}

impl HexPlan {
    /// Every mark's box, named: the revenue circle as its bounding square.
    pub fn boxes(&self) -> Vec<(&'static str, Rect)> {
        let mut out = Vec::new();
        out.extend(self.name.as_ref().map(|n| ("name", n.3)));
        out.extend(self.label.as_ref().map(|l| ("label", l.2)));
        out.extend(self.cost.map(|c| ("cost", c.1)));
        out.extend(self.note.map(|c| ("note", c.1)));
        out.extend(self.revenue.map(|(p, r)| ("revenue", circle_box(p, r))));
        out.extend(self.number.map(|c| ("number", c.1)));
        out.extend(self.phase_boxes.map(|b| ("values", b)));
        out
    }

    /// The marks that show a value (revenue, off-board values): what a
    /// route's stop dot must never cover.
    pub fn values(&self) -> Vec<Rect> {
        let mut out = Vec::new();
        out.extend(self.revenue.map(|(p, r)| circle_box(p, r)));
        out.extend(self.phase_boxes);
        out
    }
}

/// The square around a circle.
pub fn circle_box(p: Pt, r: f64) -> Rect {
    (p.0 - r, p.1 - r, p.0 + r, p.1 + r)
}

/// How far apart two rectangles are (negative: how deep they overlap).
pub fn rect_rect_gap(a: Rect, b: Rect) -> f64 {
    let dx = (b.0 - a.2).max(a.0 - b.2);
    let dy = (b.1 - a.3).max(a.1 - b.3);
    if dx < 0.0 && dy < 0.0 {
        dx.max(dy)
    } else {
        dx.max(0.0).hypot(dy.max(0.0))
    }
}

/// How far a rectangle is from a circle (negative: they overlap).
pub fn rect_circle_gap(a: Rect, (c, r): (Pt, f64)) -> f64 {
    let inside = c.0 >= a.0 && c.0 <= a.2 && c.1 >= a.1 && c.1 <= a.3;
    if inside {
        -r - (c.0 - a.0).min(a.2 - c.0).min(c.1 - a.1).min(a.3 - c.1)
    } else {
        rect_gap(c, a) - r
    }
}

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

fn stop_point(tile: &Tile, f: &HexFrame, rot: Rotation, end: End) -> Pt {
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
const BLACK: Rgb = (0.0, 0.0, 0.0);

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
    for t in &tile.track {
        piece_path(cr, tile, f, rot, t.a, t.b);
        set(cr, (0.97, 0.95, 0.9));
        cr.set_line_width(r * 0.2);
        cr.stroke()?;
        piece_path(cr, tile, f, rot, t.a, t.b);
        set(cr, BLACK);
        cr.set_line_width(r * 0.11);
        cr.stroke()?;
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
const SLOT: f64 = 0.2;
/// Font sizes, in hex radii.
const NAME_SIZE: f64 = 0.15;
const LABEL_SIZE: f64 = 0.26;
const COST_SIZE: f64 = 0.16;
const NOTE_SIZE: f64 = 0.12;
const NUMBER_SIZE: f64 = 0.14;
/// The room a name may take across its hex, in hex radii.
const NAME_ROOM: f64 = 1.15;

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
fn slot_centres(p: Pt, slot: f64, n: usize) -> Vec<Pt> {
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

/// Every token space's circle and every town's: what no mark may cover.
fn stop_circles(tile: &Tile, rot: Rotation, f: &HexFrame) -> Vec<(Pt, f64)> {
    let r = f.radius;
    let mut out = city_circles(tile, rot, f);
    // An off-board city has no spaces: its point still marks the stop.
    for (i, c) in tile.cities.iter().enumerate() {
        if tile.spaces_of_city(i).is_empty() && tile.phase_revenue.is_empty() {
            out.push((f.hint(c.at, rot), r * 0.12));
        }
    }
    for t in &tile.towns {
        let size = match t.style {
            TownStyle::Circle => 0.13,
            TownStyle::Bar => 0.2,
        };
        out.push((f.hint(t.at, rot), r * size));
    }
    out
}

/// True when the rectangle lies inside the hex.
fn inside_hex(b: Rect, f: &HexFrame) -> bool {
    let corners = hex_corners(f);
    let inside = |p: Pt| {
        (0..6).all(|k| {
            let (a, c) = (corners[k], corners[(k + 1) % 6]);
            // Corners run clockwise on screen: inside is to the right.
            (c.0 - a.0) * (p.1 - a.1) - (c.1 - a.1) * (p.0 - a.0) >= -1e-9
        })
    };
    [(b.0, b.1), (b.2, b.1), (b.0, b.3), (b.2, b.3)]
        .into_iter()
        .all(inside)
}

/// Where each of a hex's marks goes: the name, the label, the cost, why
/// it is closed, the revenue circle and the tile number, in that order,
/// each at the first of its places that lies in the hex clear of every
/// token space, town and mark placed before it (and of track, for the
/// small ones, where a place allows it). Sizes come from `cr`'s font.
pub fn plan_hex(
    cr: &Context,
    tile: &Tile,
    rot: Rotation,
    f: &HexFrame,
    extras: &TileExtras,
) -> HexPlan {
    let r = f.radius;
    let mut plan = HexPlan::default();
    let stops = stop_circles(tile, rot, f);
    let mut track: Vec<(Pt, f64)> = Vec::new();
    for piece in tile.track_rotated(Rotation::ZERO) {
        let (a, b) = (
            stop_point(tile, f, rot, piece.a),
            stop_point(tile, f, rot, piece.b),
        );
        for k in 0..=8 {
            let t = f64::from(k) / 8.0;
            track.push(((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t), r * 0.06));
        }
    }
    for face in extras.stubs {
        let a = f.face_mid(*face);
        track.push((a, r * 0.08));
    }
    let mut placed: Vec<Rect> = Vec::new();
    // Stubs are track the rules check: no mark covers them.
    let hard: Vec<(Pt, f64)> = stops
        .iter()
        .copied()
        .chain(extras.stubs.iter().flat_map(|face| {
            let a = f.face_mid(*face);
            (0..=3).map(move |k| {
                let t = 0.38 * f64::from(k) / 3.0;
                (
                    (a.0 + (f.centre.0 - a.0) * t, a.1 + (f.centre.1 - a.1) * t),
                    r * 0.08,
                )
            })
        }))
        .collect();
    // The first of `places` clear of stops, stubs and marks, preferring
    // one clear of track too when `avoid_track`; else the place nearest
    // the first on a fine grid over the hex that is clear; else the one
    // overlapping least.
    let choose = |places: &[(f64, f64)], w: f64, h: f64, placed: &[Rect], avoid_track: bool| {
        let at = |(dx, dy): (f64, f64)| {
            let c = f.offset(dx, dy);
            (
                c,
                (c.0 - w / 2.0, c.1 - h / 2.0, c.0 + w / 2.0, c.1 + h / 2.0),
            )
        };
        let boxes: Vec<(Pt, Rect)> = places.iter().map(|p| at(*p)).collect();
        let gap = |b: Rect, among: &[(Pt, f64)]| {
            among
                .iter()
                .map(|c| rect_circle_gap(b, *c))
                .fold(f64::INFINITY, f64::min)
        };
        let clearance = |b: Rect| {
            let marks = placed
                .iter()
                .map(|p| rect_rect_gap(b, *p))
                .fold(f64::INFINITY, f64::min);
            gap(b, &hard).min(marks)
        };
        let fits = |b: Rect| inside_hex(b, f) && clearance(b) >= r * 0.01;
        let clear_of_track = |b: Rect| gap(b, &track) >= 0.0;
        let first = places[0];
        let mut grid: Vec<(f64, f64)> = (-15..=15)
            .flat_map(|i| (-15..=15).map(move |j| (f64::from(i) * 0.06, f64::from(j) * 0.06)))
            .collect();
        grid.sort_by(|a, b| {
            let da = (a.0 - first.0).hypot(a.1 - first.1);
            let db = (b.0 - first.0).hypot(b.1 - first.1);
            da.total_cmp(&db)
        });
        let fitting = boxes
            .iter()
            .find(|(_, b)| fits(*b) && (!avoid_track || clear_of_track(*b)))
            .or_else(|| boxes.iter().find(|(_, b)| fits(*b)))
            .copied()
            .or_else(|| grid.iter().map(|p| at(*p)).find(|(_, b)| fits(*b)));
        let least_bad = || {
            boxes
                .iter()
                .copied()
                .chain(grid.iter().map(|p| at(*p)))
                .filter(|(_, b)| inside_hex(*b, f))
                .max_by(|a, b| clearance(a.1).total_cmp(&clearance(b.1)))
                .unwrap_or(boxes[0])
        };
        (fitting.is_some(), fitting.unwrap_or_else(least_bad))
    };
    if !tile.phase_revenue.is_empty() {
        // An off-board's values: above its centre where the city allows.
        let n = tile.phase_revenue.len() as f64;
        let (w, h) = (r * 0.36 * n + r * 0.07, r * 0.3 + r * 0.07);
        let places = [
            (0.0, -0.35),
            (0.0, 0.35),
            (0.0, -0.5),
            (0.0, 0.5),
            (0.0, 0.0),
        ];
        // Wider than the hex with four values: only the cities count.
        let boxes = places.map(|(dx, dy)| {
            let c = f.offset(dx, dy);
            (c.0 - w / 2.0, c.1 - h / 2.0, c.0 + w / 2.0, c.1 + h / 2.0)
        });
        let clear = |b: &Rect| hard.iter().all(|c| rect_circle_gap(*b, *c) >= 0.0);
        let b = boxes.iter().find(|b| clear(b)).unwrap_or(&boxes[0]);
        placed.push(*b);
        plan.phase_boxes = Some(*b);
    }
    let extent = |s: &str, size: f64, bold: bool| {
        font(cr, size, bold);
        cr.text_extents(s)
            .map(|e| (e.width(), e.height()))
            .unwrap_or((0.0, 0.0))
    };
    if let Some(name) = extras.name {
        // Set smaller, down to 70 %, where the name fits nowhere.
        let mut best = None;
        for shrink in [1.0, 0.9, 0.8, 0.7] {
            let (lines, size) = fit_name(cr, name, r * NAME_SIZE * shrink, r * NAME_ROOM);
            let widest = lines
                .iter()
                .map(|l| extent(l, size, false).0)
                .fold(0.0, f64::max);
            let (w, h) = (
                widest + size * 0.5,
                size * 1.3 + size * 1.2 * (lines.len() as f64 - 1.0),
            );
            let places = [
                (0.0, 0.62),
                (0.0, -0.62),
                (0.0, 0.5),
                (0.0, -0.5),
                (0.0, 0.38),
                (0.0, -0.38),
                (0.0, 0.0),
                (0.0, 0.25),
                (0.0, -0.25),
            ];
            // A name on two lines moves in from the hex's edge.
            let inward = (h / r - 0.22).max(0.0) / 2.0;
            let places: Vec<(f64, f64)> = places
                .iter()
                .map(|&(x, y): &(f64, f64)| {
                    let side = if y > 0.0 {
                        1.0
                    } else if y < 0.0 {
                        -1.0
                    } else {
                        0.0
                    };
                    (x, y - inward * side)
                })
                .collect();
            let (fits, (c, b)) = choose(&places, w, h, &placed, false);
            if fits || best.is_none() {
                best = Some((lines, size, c, b));
            }
            if fits {
                break;
            }
        }
        if let Some((lines, size, c, b)) = best {
            placed.push(b);
            plan.name = Some((lines, size, c, b));
        }
    }
    let labels = if tile.labels.is_empty() {
        extras.hex_labels
    } else {
        &tile.labels[..]
    };
    if !labels.is_empty() {
        let label = labels.join(" ");
        let (w, h) = extent(&label, r * LABEL_SIZE, true);
        let places = [
            (-0.62, -0.42),
            (0.62, -0.42),
            (-0.62, 0.42),
            (0.62, 0.42),
            (-0.7, 0.0),
            (0.7, 0.0),
            (-0.4, -0.62),
            (0.4, -0.62),
            (-0.4, 0.62),
            (0.4, 0.62),
        ];
        let (_, (c, b)) = choose(&places, w + r * 0.06, h + r * 0.06, &placed, true);
        placed.push(b);
        plan.label = Some((label, c, b));
    }
    if let Some(cost) = extras.cost {
        // Set smaller, down to 70 %, where it fits nowhere.
        let mut best = None;
        for k in [1.0, 0.85, 0.7] {
            let (tw, th) = extent(&format!("${}", cost.amount), r * COST_SIZE * k, true);
            let (w, h) = (
                (r * 0.22 + r * 0.08) * k + tw,
                (th.max(r * 0.2) + r * 0.06) * k,
            );
            let places = [
                (0.0, -0.58),
                (0.0, 0.58),
                (-0.45, -0.35),
                (0.45, -0.35),
                (-0.45, 0.35),
                (0.45, 0.35),
                (-0.6, 0.0),
                (0.6, 0.0),
                (0.0, -0.3),
                (0.0, 0.3),
            ];
            let (fits, (c, b)) = choose(&places, w, h, &placed, true);
            if fits || best.is_none() {
                best = Some((c, b, k));
            }
            if fits {
                break;
            }
        }
        if let Some((c, b, k)) = best {
            placed.push(b);
            plan.cost = Some((c, b, k));
        }
    }
    if let Some(note) = &extras.closed {
        let (tw, th) = extent(note, r * NOTE_SIZE, true);
        let (w, h) = (tw + r * 0.08, th + r * 0.08);
        let places = [
            (0.0, -0.3),
            (0.0, 0.3),
            (0.0, -0.55),
            (0.0, 0.55),
            (0.0, 0.0),
            (0.0, -0.7),
            (0.0, 0.7),
        ];
        let (_, (c, b)) = choose(&places, w, h, &placed, false);
        placed.push(b);
        plan.note = Some((c, b));
    }
    if tile.phase_revenue.is_empty() && tile_revenue(tile) > 0 {
        plan.revenue = Some(revenue_place(tile, rot, f, &hard, &track, &placed));
        placed.extend(plan.revenue.map(|(p, rr)| circle_box(p, rr)));
    }
    if extras.number {
        let (tw, th) = extent(&tile.name, r * NUMBER_SIZE, false);
        let places = [
            (0.55, 0.5),
            (-0.55, 0.5),
            (0.55, -0.5),
            (-0.55, -0.5),
            (0.72, 0.0),
            (-0.72, 0.0),
            (0.3, 0.72),
            (-0.3, 0.72),
            (0.3, -0.72),
            (-0.3, -0.72),
        ];
        let (_, (c, b)) = choose(&places, tw + r * 0.04, th + r * 0.04, &placed, true);
        plan.number = Some((c, b));
    }
    plan
}

fn tile_revenue(tile: &Tile) -> u32 {
    tile.cities
        .iter()
        .map(|c| c.revenue)
        .chain(tile.towns.iter().map(|t| t.revenue))
        .max()
        .unwrap_or(0)
}

/// The token spaces of a tile's cities as circles (centre, radius): what a
/// revenue circle must never cover.
pub fn city_circles(tile: &Tile, rot: Rotation, f: &HexFrame) -> Vec<(Pt, f64)> {
    let slot = f.radius * SLOT;
    (0..tile.cities.len())
        .flat_map(|i| {
            let p = f.hint(tile.cities[i].at, rot);
            slot_centres(p, slot, tile.spaces_of_city(i).len().max(1))
        })
        .map(|p| (p, slot))
        .collect()
}

/// Distance from `p` to the rectangle `b` (0 inside it).
pub fn rect_gap(p: Pt, b: (f64, f64, f64, f64)) -> f64 {
    let dx = (b.0 - p.0).max(p.0 - b.2).max(0.0);
    let dy = (b.1 - p.1).max(p.1 - b.3).max(0.0);
    dx.hypot(dy)
}

/// Where a tile's revenue circle goes, and its radius: of spots around the
/// centre, one clear of the token spaces, towns and marks placed, with
/// the most room from them and from track.
fn revenue_place(
    tile: &Tile,
    rot: Rotation,
    f: &HexFrame,
    stops: &[(Pt, f64)],
    track: &[(Pt, f64)],
    placed: &[Rect],
) -> (Pt, f64) {
    let r = f.radius;
    let radius = r * 0.15;
    let cities = city_circles(tile, rot, f);
    let room = |p: Pt, among: &[(Pt, f64)]| {
        among
            .iter()
            .map(|(q, qr)| (p.0 - q.0).hypot(p.1 - q.1) - qr)
            .fold(f64::INFINITY, f64::min)
    };
    let marks = |p: Pt| {
        placed
            .iter()
            .map(|b| rect_gap(p, *b))
            .fold(f64::INFINITY, f64::min)
    };
    let key = |p: Pt| {
        let clear = room(p, &cities) >= radius
            && room(p, stops) >= radius
            && marks(p) >= radius
            && inside_hex(circle_box(p, radius), f);
        let near = room(p, stops).min(room(p, track)).min(marks(p));
        (clear, near)
    };
    let grid = (-15..=15)
        .flat_map(|i| (-15..=15).map(move |j| f.offset(f64::from(i) * 0.06, f64::from(j) * 0.06)));
    let spot = [0.56, 0.44, 0.66, 0.7, 0.3, 0.0]
        .into_iter()
        .flat_map(|d| (0..24).map(move |k| (k, d)))
        .map(|(k, d)| f.polar(f64::from(k) * PI / 12.0 + PI / 24.0, r * d))
        .chain(grid)
        .max_by(|a, b| {
            let (ka, kb) = (key(*a), key(*b));
            ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
        })
        .expect("candidate spots");
    (spot, radius)
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

/// A location name on a pale band (`b`) so it stays readable over track.
fn name_tag(cr: &Context, lines: &[String], size: f64, at: Pt, b: Rect) -> Result<()> {
    cr.rectangle(b.0, b.1, b.2 - b.0, b.3 - b.1);
    cr.set_source_rgba(1.0, 1.0, 1.0, 0.75);
    cr.fill()?;
    let line_h = size * 1.2;
    let top = at.1 - line_h * (lines.len() as f64 - 1.0) / 2.0;
    for (i, line) in lines.iter().enumerate() {
        text(
            cr,
            line,
            (at.0, top + line_h * i as f64),
            size,
            BLACK,
            false,
        )?;
    }
    Ok(())
}

/// The lines and size a name is set in to fit `room`: one line, shrunk to
/// no less than 70 %; else two lines split at the space nearest the middle.
pub fn fit_name(cr: &Context, name: &str, size: f64, room: f64) -> (Vec<String>, f64) {
    let width_at = |s: &str, size: f64| {
        font(cr, size, false);
        cr.text_extents(s).map(|e| e.width()).unwrap_or(0.0)
    };
    let widest =
        |lines: &[&str], size: f64| lines.iter().map(|l| width_at(l, size)).fold(0.0, f64::max);
    // Text does not scale exactly with its size (hinting): step down
    // until it fits.
    let shrink = |lines: &[&str]| {
        let mut s = size * (room / widest(lines, size)).min(1.0);
        while s > size * 0.2 && widest(lines, s) > room {
            s *= 0.97;
        }
        s
    };
    let one = shrink(&[name]);
    let split = name
        .char_indices()
        .filter(|(_, c)| *c == ' ')
        .min_by_key(|(i, _)| i.abs_diff(name.len() / 2))
        .map(|(i, _)| i);
    match split {
        Some(i) if one < size * 0.7 => {
            let lines = [&name[..i], &name[i + 1..]];
            (
                lines.iter().map(|l| l.to_string()).collect(),
                shrink(&lines),
            )
        }
        _ => (vec![name.to_string()], one),
    }
}

pub fn font(cr: &Context, size: f64, bold: bool) {
    cr.select_font_face(
        "Sans",
        cairo::FontSlant::Normal,
        if bold {
            cairo::FontWeight::Bold
        } else {
            cairo::FontWeight::Normal
        },
    );
    cr.set_font_size(size);
}

/// A piece of text a web page sets as SVG text instead of outlines:
/// where its baseline starts (`x` the middle of its advance when
/// `middle`), its size, weight and colour, and how much it is narrowed.
#[derive(Clone, Debug, PartialEq)]
pub struct TextItem {
    pub text: String,
    pub x: f64,
    pub y: f64,
    pub size: f64,
    pub bold: bool,
    pub colour: Rgb,
    pub middle: bool,
    pub squeeze: f64,
}

thread_local! {
    static SET_ASIDE: std::cell::RefCell<Option<Vec<TextItem>>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `draw` with every piece of text set aside instead of drawn, and
/// returns them (a web page writes them as text, so a browser finds them).
pub fn with_text_set_aside<T>(draw: impl FnOnce() -> T) -> (T, Vec<TextItem>) {
    SET_ASIDE.with(|s| *s.borrow_mut() = Some(Vec::new()));
    let out = draw();
    let items = SET_ASIDE
        .with(|s| s.borrow_mut().take())
        .unwrap_or_default();
    (out, items)
}

/// Sets `item` aside when a page is being drawn; false when it must be
/// drawn.
fn set_aside(cr: &Context, mut item: TextItem) -> bool {
    SET_ASIDE.with(|s| match s.borrow_mut().as_mut() {
        Some(items) => {
            let (x, y) = cr.user_to_device(item.x, item.y);
            item.x = x;
            item.y = y;
            items.push(item);
            true
        }
        None => false,
    })
}

/// Text centred on `at`.
pub fn text(cr: &Context, s: &str, at: Pt, size: f64, colour: Rgb, bold: bool) -> Result<()> {
    centred_text(cr, s, at, (size, bold), colour, 1.0)
}

/// Bold text centred on `at`, narrowed to `squeeze` of its width.
fn squeezed_text(
    cr: &Context,
    s: &str,
    at: Pt,
    size: f64,
    colour: Rgb,
    squeeze: f64,
) -> Result<()> {
    centred_text(cr, s, at, (size, true), colour, squeeze)
}

fn centred_text(
    cr: &Context,
    s: &str,
    at: Pt,
    (size, bold): (f64, bool),
    colour: Rgb,
    squeeze: f64,
) -> Result<()> {
    font(cr, size, bold);
    let ext = cr.text_extents(s)?;
    let left = at.0 - (ext.width() / 2.0 + ext.x_bearing()) * squeeze;
    let baseline = at.1 - ext.height() / 2.0 - ext.y_bearing();
    let item = TextItem {
        text: s.to_string(),
        x: left + ext.x_advance() * squeeze / 2.0,
        y: baseline,
        size,
        bold,
        colour,
        middle: true,
        squeeze,
    };
    if set_aside(cr, item) {
        return Ok(());
    }
    set(cr, colour);
    cr.save()?;
    cr.translate(left, baseline);
    cr.scale(squeeze, 1.0);
    cr.move_to(0.0, 0.0);
    cr.show_text(s)?;
    cr.restore()?;
    Ok(())
}

/// Black text starting at `at`, which is on its baseline.
pub(crate) fn baseline_text(cr: &Context, s: &str, at: Pt, size: f64, bold: bool) -> Result<()> {
    font(cr, size, bold);
    let item = TextItem {
        text: s.to_string(),
        x: at.0,
        y: at.1,
        size,
        bold,
        colour: BLACK,
        middle: false,
        squeeze: 1.0,
    };
    if set_aside(cr, item) {
        return Ok(());
    }
    set(cr, BLACK);
    cr.move_to(at.0, at.1);
    cr.show_text(s)?;
    Ok(())
}
