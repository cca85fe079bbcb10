//! Where each mark of a hex goes: the name, the revenue, the labels and
//! costs placed so that none covers a city, a town or another mark.

use super::super::hex_corners;
use super::text::{fit_name, font};
use super::{
    COST_SIZE, HexFrame, LABEL_SIZE, NAME_ROOM, NAME_SIZE, NOTE_SIZE, NUMBER_SIZE, Pt, Rect, SLOT,
    TileExtras, slot_centres, stop_point,
};
use crate::geometry::Rotation;
use crate::tile::{Tile, TownStyle};
use cairo::Context;
use std::f64::consts::PI;

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

pub(super) fn tile_revenue(tile: &Tile) -> u32 {
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
