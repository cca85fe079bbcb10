//! Drawing one tile: background, track (true arcs, bridges), towns, cities,
//! tokens, revenue, labels. Pixel geometry lives here and in `mod.rs` only.

use super::{Rgb, colour_of, hex_corners, set};
use crate::error::Result;
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
    /// The off-board colour of the current phase (highlighted revenue box).
    pub phase_colour: Option<Colour>,
    /// Printed name of the location.
    pub name: Option<&'a str>,
    /// Labels printed on the hex (Y, OO, T …), when the tile has none itself.
    pub hex_labels: &'a [String],
    /// Show the tile's number (laid tiles and the tile sheet).
    pub number: bool,
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

/// Draws a whole tile in its hex.
pub fn draw_tile(
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
    // Track: each piece with a light edge, so a later piece crossing an
    // earlier one reads as a bridge.
    cr.set_line_cap(cairo::LineCap::Butt);
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
    let slot = r * 0.2;
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
            }
        }
    }
    if !tile.phase_revenue.is_empty() {
        draw_phase_boxes(cr, tile, f, extras.phase_colour)?;
    } else {
        let marks = HexMarks {
            name: extras.name.is_some(),
            label: !tile.labels.is_empty() || !extras.hex_labels.is_empty(),
            number: extras.number,
        };
        draw_revenue(cr, tile, rot, f, marks)?;
    }
    let labels = if tile.labels.is_empty() {
        extras.hex_labels
    } else {
        &tile.labels[..]
    };
    if !labels.is_empty() {
        let at = f.offset(-0.62, -0.42);
        text(cr, &labels.join(" "), at, r * 0.26, BLACK, true)?;
    }
    if let Some(name) = extras.name {
        // The hex is about 1.28 radii wide at the name's height.
        name_tag(cr, name, f.offset(0.0, 0.62), r * 0.15, r * 1.15)?;
    }
    if extras.number {
        let at = f.offset(0.55, 0.5);
        text(cr, &tile.name, at, r * 0.14, (0.2, 0.2, 0.2), false)?;
    }
    Ok(())
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
    cr.new_path();
    cr.arc(at.0, at.1, radius * 0.78, 0.0, 2.0 * PI);
    set(cr, look.fill);
    cr.fill()?;
    let size = radius
        * if look.label.chars().count() > 2 {
            0.72
        } else {
            0.95
        };
    text(cr, &look.label, at, size, look.text, true)
}

/// Revenue in a white circle, placed where the track leaves room.
fn draw_revenue(
    cr: &Context,
    tile: &Tile,
    rot: Rotation,
    f: &HexFrame,
    marks: HexMarks,
) -> Result<()> {
    let Some((spot, r)) = revenue_spot(tile, rot, f, marks) else {
        return Ok(());
    };
    let revenue = tile_revenue(tile);
    cr.new_path();
    cr.arc(spot.0, spot.1, r, 0.0, 2.0 * PI);
    set(cr, WHITE);
    cr.fill_preserve()?;
    set(cr, BLACK);
    cr.set_line_width(f.radius * 0.02);
    cr.stroke()?;
    text(cr, &revenue.to_string(), spot, r * 1.15, BLACK, false)
}

fn tile_revenue(tile: &Tile) -> u32 {
    tile.cities
        .iter()
        .map(|c| c.revenue)
        .chain(tile.towns.iter().map(|t| t.revenue))
        .max()
        .unwrap_or(0)
}

/// What else a hex shows besides its tile: the labels a revenue circle
/// must keep clear of.
#[derive(Copy, Clone, Debug, Default)]
pub struct HexMarks {
    /// A location name on a band below the centre.
    pub name: bool,
    /// A label (`OO`, `Y`) at the upper left.
    pub label: bool,
    /// The tile number at the lower right.
    pub number: bool,
}

/// The token spaces of a tile's cities as circles (centre, radius): what a
/// revenue circle must never cover.
pub fn city_circles(tile: &Tile, rot: Rotation, f: &HexFrame) -> Vec<(Pt, f64)> {
    let slot = f.radius * 0.2;
    (0..tile.cities.len())
        .flat_map(|i| {
            let p = f.hint(tile.cities[i].at, rot);
            slot_centres(p, slot, tile.spaces_of_city(i).len().max(1))
        })
        .map(|p| (p, slot))
        .collect()
}

/// The band a location name may fill: (left, top, right, bottom).
pub fn name_band(f: &HexFrame) -> (f64, f64, f64, f64) {
    let (c, r) = (f.offset(0.0, 0.62), f.radius);
    (c.0 - r * 0.6, c.1 - r * 0.11, c.0 + r * 0.6, c.1 + r * 0.11)
}

/// Where a hex label (`OO`, `Y`) sits, as a circle.
pub fn label_circle(f: &HexFrame) -> (Pt, f64) {
    (f.offset(-0.62, -0.42), f.radius * 0.2)
}

/// Distance from `p` to the rectangle `b` (0 inside it).
pub fn rect_gap(p: Pt, b: (f64, f64, f64, f64)) -> f64 {
    let dx = (b.0 - p.0).max(p.0 - b.2).max(0.0);
    let dy = (b.1 - p.1).max(p.1 - b.3).max(0.0);
    dx.hypot(dy)
}

/// Where a tile's revenue circle goes, and its radius: of spots around the
/// centre, the one farthest from the cities' token spaces, towns, track,
/// name, label and number. `None` when the tile earns nothing.
pub fn revenue_spot(
    tile: &Tile,
    rot: Rotation,
    f: &HexFrame,
    marks: HexMarks,
) -> Option<(Pt, f64)> {
    if tile_revenue(tile) == 0 {
        return None;
    }
    let r = f.radius;
    let mut busy: Vec<(Pt, f64)> = city_circles(tile, rot, f);
    busy.extend(tile.towns.iter().map(|t| (f.hint(t.at, rot), r * 0.12)));
    for piece in tile.track_rotated(Rotation::ZERO) {
        let (a, b) = (
            stop_point(tile, f, rot, piece.a),
            stop_point(tile, f, rot, piece.b),
        );
        for k in 0..=6 {
            let t = f64::from(k) / 6.0;
            busy.push(((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t), r * 0.07));
        }
    }
    if marks.name {
        busy.extend([-0.45, -0.15, 0.15, 0.45].map(|x| (f.offset(x, 0.62), r * 0.12)));
    }
    if marks.label {
        busy.push(label_circle(f));
    }
    if marks.number {
        busy.push((f.offset(0.55, 0.5), r * 0.12));
    }
    let radius = r * 0.15;
    let cities = city_circles(tile, rot, f);
    let room = |p: Pt, among: &[(Pt, f64)]| {
        among
            .iter()
            .map(|(q, qr)| (p.0 - q.0).hypot(p.1 - q.1) - qr)
            .fold(f64::INFINITY, f64::min)
    };
    // Covering a city, the name band or the label is never allowed while
    // a spot clear of them exists; among those, the most room from
    // everything wins.
    let band = marks.name.then(|| name_band(f));
    let key = |p: Pt| {
        let clear_cities = room(p, &cities) >= radius;
        let clear_band = band.is_none_or(|b| rect_gap(p, b) >= radius);
        let clear_label = !marks.label || room(p, &[label_circle(f)]) >= radius;
        (clear_cities && clear_band && clear_label, room(p, &busy))
    };
    let spot = [0.56, 0.44, 0.66, 0.7]
        .into_iter()
        .flat_map(|d| (0..24).map(move |k| (k, d)))
        .map(|(k, d)| f.polar(f64::from(k) * PI / 12.0 + PI / 24.0, r * d))
        .max_by(|a, b| {
            let (ka, kb) = (key(*a), key(*b));
            ka.0.cmp(&kb.0).then(ka.1.total_cmp(&kb.1))
        })
        .expect("candidate spots");
    Some((spot, radius))
}

/// Off-board values for each phase colour, the current one outlined.
fn draw_phase_boxes(
    cr: &Context,
    tile: &Tile,
    f: &HexFrame,
    current: Option<Colour>,
) -> Result<()> {
    let n = tile.phase_revenue.len() as f64;
    let (w, h) = (f.radius * 0.36, f.radius * 0.3);
    let left = f.centre.0 - w * n / 2.0;
    let top = f.centre.1 - f.radius * 0.5;
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

/// A location name on a pale band so it stays readable over track. A name
/// wider than `room` is set smaller, and if still too wide, on two lines.
fn name_tag(cr: &Context, name: &str, at: Pt, size: f64, room: f64) -> Result<()> {
    let (lines, size) = fit_name(cr, name, size, room);
    font(cr, size, false);
    let widths: Vec<f64> = lines
        .iter()
        .map(|l| cr.text_extents(l).map(|e| e.width()))
        .collect::<Result<_, _>>()?;
    let line_h = size * 1.2;
    let top = at.1 - line_h * (lines.len() as f64 - 1.0) / 2.0;
    let widest = widths.iter().copied().fold(0.0, f64::max);
    cr.rectangle(
        at.0 - widest / 2.0 - size * 0.25,
        top - size * 0.65,
        widest + size * 0.5,
        size * 1.3 + line_h * (lines.len() as f64 - 1.0),
    );
    cr.set_source_rgba(1.0, 1.0, 1.0, 0.75);
    cr.fill()?;
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

/// Text centred on `at`.
pub fn text(cr: &Context, s: &str, at: Pt, size: f64, colour: Rgb, bold: bool) -> Result<()> {
    font(cr, size, bold);
    let ext = cr.text_extents(s)?;
    set(cr, colour);
    cr.move_to(
        at.0 - ext.width() / 2.0 - ext.x_bearing(),
        at.1 - ext.height() / 2.0 - ext.y_bearing(),
    );
    cr.show_text(s)?;
    Ok(())
}
