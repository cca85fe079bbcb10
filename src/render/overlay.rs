//! Routes over the map: the routes read from a `hexroute routes --json`
//! report, the lane each is drawn in so shared track stays readable, and
//! drawing them, their stops and the legend (or tracing them as SVG paths
//! for a web page).

use super::map::MapPicture;
use super::tile::{Rect, baseline_text, city_circles, face_to_face, rect_gap};
use super::{Pt, Rgb, parse_colour, set};
use crate::error::{Error, Result};
use crate::game::{CompanyId, Game};
use crate::geometry::{Coord, Face};
use crate::routes::report::{RouteReport, RoutesReport, StopKindName};
use crate::state::MapState;
use crate::tile::StopKind;
use cairo::Context;
use std::f64::consts::PI;

/// One train's route to draw.
#[derive(Clone, Debug)]
pub struct RoutePath {
    /// The company running it.
    pub company: String,
    pub train: String,
    pub revenue: u32,
    /// 2 for a train that doubles its stops (5+5E), else 1.
    pub multiplier: u32,
    /// Hexes entered in order, starting with the first stop's hex.
    pub hexes: Vec<Coord>,
    pub stops: Vec<StopMark>,
    /// Each bonus the route earns, named, with what it pays: the legend
    /// names them so its stops and bonuses add up to the revenue.
    pub bonuses: Vec<(String, u32)>,
}

#[derive(Clone, Debug)]
pub struct StopMark {
    pub hex: Coord,
    pub kind: StopKind,
    pub skipped: bool,
    /// The location's name and face value, for a page's tooltips.
    pub name: String,
    pub revenue: u32,
    /// What it adds to the route: face value times the train's
    /// multiplier, face value for a free town, 0 when skipped.
    pub counted: u32,
}

/// A route traced for a web page: see [`MapPicture::route_shapes`].
#[derive(Clone, Debug)]
pub struct RouteShape {
    pub d: String,
    pub colour: Rgb,
    /// Dashes and gaps, in pixels; empty for a solid line.
    pub dash: Vec<f64>,
    pub width: f64,
    pub stop_radius: f64,
    /// Canvas point of each stop, and whether the train skipped it.
    pub stops: Vec<(Pt, bool)>,
}

/// A company's routes, as `hexroute routes --json` prints them.
#[derive(Clone, Debug)]
pub struct RouteOverlay {
    pub routes: Vec<RoutePath>,
    /// Each company drawn, with its total, in report order.
    pub companies: Vec<(String, u32)>,
}

impl RouteOverlay {
    /// The routes of a report, checked to belong to `game` and to the map
    /// `state` draws: each company one of the game's, each route entering
    /// a hex and multiplying by 1 or more, each stop one of its tile's.
    pub fn from_report(
        game: &Game,
        state: &MapState,
        report: &RoutesReport,
    ) -> Result<RouteOverlay, Error> {
        let companies = report.companies();
        let mut routes = Vec::new();
        for company in companies {
            if company.game != game.id {
                return Err(Error::Invalid(format!(
                    "the routes are for game {}, but the map is {}",
                    company.game, game.id
                )));
            }
            check_company(game, &CompanyId::from(&company.company))?;
            for (n, r) in company.routes.iter().enumerate() {
                let place = format!(
                    "company {}, route {} (train {})",
                    company.company,
                    n + 1,
                    r.train
                );
                check_route(game, state, r, &place)?;
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
                            counted: s.counted,
                        })
                    })
                    .collect::<Result<Vec<_>, Error>>()?;
                routes.push(RoutePath {
                    company: company.company.clone(),
                    train: r.train.clone(),
                    revenue: r.revenue,
                    multiplier: r.multiplier.max(1),
                    hexes,
                    stops,
                    bonuses: r
                        .bonuses
                        .iter()
                        .map(|b| (b.name.clone(), b.amount))
                        .collect(),
                });
            }
        }
        Ok(RouteOverlay {
            routes,
            companies: companies
                .iter()
                .map(|c| (c.company.clone(), c.total))
                .collect(),
        })
    }
}

/// What every refusal of a routes document ends with.
const ROUTES_HINT: &str =
    "draw the routes `hexroute routes FILE --json` finds on this map (or write them as it does)";

/// A route is run by one of the game's companies.
fn check_company(game: &Game, company: &CompanyId) -> Result<(), Error> {
    if game.companies.iter().any(|c| c.abbrev == company) {
        return Ok(());
    }
    let known: Vec<&str> = game.companies.iter().map(|c| c.abbrev.as_str()).collect();
    Err(Error::Invalid(format!(
        "company {:?}: not a company of {} (it has {}); {ROUTES_HINT}",
        company.as_str(),
        game.id,
        known.join(", ")
    )))
}

/// A route enters at least one hex, multiplies its stops by 1 or more,
/// and stops only at a city or town of the tile now on each stop's hex.
fn check_route(game: &Game, state: &MapState, r: &RouteReport, place: &str) -> Result<(), Error> {
    if r.hexes.is_empty() {
        return Err(Error::Invalid(format!(
            "{place}: no hexes (a route enters at least the hex of its first stop); {ROUTES_HINT}"
        )));
    }
    if r.multiplier == 0 {
        return Err(Error::Invalid(format!(
            "{place}: multiplier 0 (a train counts its stops once, or twice for a 2+2 or a 5+5E: 1 or more); {ROUTES_HINT}"
        )));
    }
    for (n, stop) in r.stops.iter().enumerate() {
        let hex = game.hex(&stop.hex)?;
        let tile = state.tile_at(game, hex).map(|(tile, _)| tile);
        let (count, one, many) = match stop.kind {
            StopKindName::City | StopKindName::Offboard => {
                (tile.map_or(0, |t| t.cities.len()), "city", "cities")
            }
            StopKindName::Town => (tile.map_or(0, |t| t.towns.len()), "town", "towns"),
        };
        let what = if count == 1 { one } else { many };
        if stop.index >= count {
            let range = match count {
                0 => "none".to_string(),
                1 => "index 0".to_string(),
                _ => format!("indexes 0 to {}", count - 1),
            };
            return Err(Error::Invalid(format!(
                "{place}, stop {} at {}: index {} is out of range (the hex's tile has {count} {what}: {range}); {ROUTES_HINT}",
                n + 1,
                stop.hex,
                stop.index
            )));
        }
    }
    Ok(())
}

/// How one route is drawn: its colour and its dashes (in hex radii, empty
/// for a solid line).
#[derive(Clone, Debug, PartialEq)]
pub struct RouteStyle {
    pub colour: Rgb,
    pub dash: Vec<f64>,
}

/// A colour as hue (degrees), saturation and lightness, each 0–1 but hue.
fn to_hsl((r, g, b): Rgb) -> (f64, f64, f64) {
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    let l = (max + min) / 2.0;
    let d = max - min;
    if d < 1e-9 {
        return (0.0, 0.0, l);
    }
    let s = d / (1.0 - (2.0 * l - 1.0).abs());
    let h = if max == r {
        60.0 * ((g - b) / d).rem_euclid(6.0)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    (h, s.min(1.0), l)
}

fn from_hsl((h, s, l): (f64, f64, f64)) -> Rgb {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let hp = h.rem_euclid(360.0) / 60.0;
    let x = c * (1.0 - (hp.rem_euclid(2.0) - 1.0).abs());
    let (r, g, b) = match hp as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    (r + m, g + m, b + m)
}

/// How far apart two colours look, roughly (RGB distance).
pub fn colour_distance(a: Rgb, b: Rgb) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2) + (a.2 - b.2).powi(2)).sqrt()
}

/// Dash patterns that tell a company's trains apart, in hex radii.
const DASHES: [&[f64]; 4] = [&[], &[0.45, 0.2], &[0.14, 0.14], &[0.5, 0.14, 0.1, 0.14]];
/// Shades that tell a company's trains apart: lightness steps.
const SHADES: [f64; 4] = [0.0, -0.1, 0.1, -0.18];
/// How far apart two companies' route colours are kept.
const APART: f64 = 0.22;

/// Each route's style: its company's colour from the game file, made dark
/// enough to read on the map, each of its trains told apart by shade and
/// dash. A company whose trains would look like those of a company drawn
/// before it turns its hue away (a grey or black one, its lightness).
pub fn route_styles(game: &Game, overlay: &RouteOverlay) -> Vec<RouteStyle> {
    let mut companies: Vec<(&str, usize)> = Vec::new();
    for route in &overlay.routes {
        match companies.iter_mut().find(|(c, _)| *c == route.company) {
            Some((_, n)) => *n += 1,
            None => companies.push((&route.company, 1)),
        }
    }
    let shades = |base: (f64, f64, f64), n: usize| -> Vec<Rgb> {
        (0..n)
            .map(|k| {
                let (h, s, l) = base;
                from_hsl((h, s, (l + SHADES[k % SHADES.len()]).clamp(0.12, 0.72)))
            })
            .collect()
    };
    let mut taken: Vec<Rgb> = Vec::new();
    let mut colours: Vec<(&str, Vec<Rgb>)> = Vec::new();
    for (company, n) in companies {
        let printed = game
            .company(company)
            .map(|c| parse_colour(&c.colour))
            .unwrap_or((0.5, 0.5, 0.5));
        let (h, s, l) = to_hsl(printed);
        let grey = s < 0.2 || !(0.12..=0.92).contains(&l);
        let l = l.clamp(0.3, 0.55);
        let candidates: Vec<(f64, f64, f64)> = if grey {
            let mut c = vec![(h, 0.0, 0.3), (h, 0.0, 0.5)];
            c.extend((0..12).map(|k| (30.0 * f64::from(k), 0.6, 0.4)));
            c
        } else {
            // The company's hue, then up to 60° either way.
            (0..5)
                .map(|k| {
                    let step = f64::from((k + 1) / 2) * if k % 2 == 1 { 1.0 } else { -1.0 };
                    (h + 30.0 * step, s.max(0.35), l)
                })
                .collect()
        };
        // How close a candidate's trains come to those already drawn.
        let nearest = |cs: &[Rgb]| {
            cs.iter()
                .flat_map(|c| taken.iter().map(move |t| colour_distance(*c, *t)))
                .fold(f64::INFINITY, f64::min)
        };
        let options: Vec<Vec<Rgb>> = candidates.iter().map(|b| shades(*b, n)).collect();
        let chosen = options
            .iter()
            .find(|cs| nearest(cs) >= APART)
            .or_else(|| {
                options
                    .iter()
                    .max_by(|a, b| nearest(a).total_cmp(&nearest(b)))
            })
            .cloned()
            .unwrap_or_default();
        taken.extend(chosen.iter().copied());
        colours.push((company, chosen));
    }
    let mut seen: Vec<(&str, usize)> = Vec::new();
    overlay
        .routes
        .iter()
        .map(|route| {
            let k = match seen.iter_mut().find(|(c, _)| *c == route.company) {
                Some((_, n)) => {
                    *n += 1;
                    *n
                }
                None => {
                    seen.push((&route.company, 0));
                    0
                }
            };
            let colour = colours
                .iter()
                .find(|(c, _)| *c == route.company)
                .map_or((0.5, 0.5, 0.5), |(_, cs)| cs[k]);
            RouteStyle {
                colour,
                dash: DASHES[k % DASHES.len()].to_vec(),
            }
        })
        .collect()
}

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
const ROUTE_WIDTH: f64 = 0.11;
const STOP_RADIUS: f64 = 0.1;

/// How far a lane lies from the track, in hex radii: 0, +1, -1, +2, …
fn lane_offset(lane: usize) -> f64 {
    let step = (lane as f64 / 2.0).ceil();
    if lane % 2 == 1 { step } else { -step }
}

impl MapPicture<'_> {
    /// Each route's line, cased in white so it reads over any tile.
    pub(super) fn draw_routes(&self, cr: &Context, overlay: &RouteOverlay) -> Result<()> {
        let r = self.layout.r;
        cr.set_line_cap(cairo::LineCap::Round);
        cr.set_line_join(cairo::LineJoin::Round);
        let shift = self.lane_shifts(&overlay.routes);
        let styles = route_styles(self.game, overlay);
        for (i, route) in overlay.routes.iter().enumerate() {
            // One group per route, so an SVG keeps each route together.
            cr.push_group();
            cr.translate(shift[i].0, shift[i].1);
            self.route_path(cr, route);
            cr.set_source_rgba(1.0, 1.0, 1.0, 0.85);
            cr.set_line_width(r * (ROUTE_WIDTH + 0.06));
            cr.stroke_preserve()?;
            let colour = styles[i].colour;
            set(cr, colour);
            cr.set_line_width(r * ROUTE_WIDTH);
            let dash: Vec<f64> = styles[i].dash.iter().map(|d| d * r).collect();
            cr.set_dash(&dash, 0.0);
            cr.stroke()?;
            cr.set_dash(&[], 0.0);
            cr.translate(-shift[i].0, -shift[i].1);
            cr.pop_group_to_source()?;
            cr.paint()?;
        }
        Ok(())
    }

    /// Each stop's dot beside its city (a filled dot, or a hollow ring for
    /// a stop passed without stopping), drawn over the map's marks.
    pub(super) fn draw_stop_dots(&self, cr: &Context, overlay: &RouteOverlay) -> Result<()> {
        let r = self.layout.r;
        let styles = route_styles(self.game, overlay);
        let dots = self.stop_dots(overlay);
        for (i, route) in overlay.routes.iter().enumerate() {
            let colour = styles[i].colour;
            for (stop, p) in route.stops.iter().zip(&dots[i]) {
                cr.new_path();
                cr.arc(p.0, p.1, r * STOP_RADIUS, 0.0, 2.0 * PI);
                if stop.skipped {
                    set(cr, (1.0, 1.0, 1.0));
                    cr.fill_preserve()?;
                    set(cr, colour);
                    cr.set_line_width(r * 0.045);
                    cr.stroke()?;
                } else {
                    set(cr, colour);
                    cr.fill_preserve()?;
                    set(cr, (1.0, 1.0, 1.0));
                    cr.set_line_width(r * 0.03);
                    cr.stroke()?;
                }
            }
        }
        Ok(())
    }

    /// Where each route's stop dots go (route by route, stop by stop):
    /// beside the stop on the route's way out of it, never on a token
    /// space or a value (revenue, off-board values), and where room
    /// allows off every other mark and dot.
    pub fn stop_dots(&self, overlay: &RouteOverlay) -> Vec<Vec<Pt>> {
        let r = self.layout.r;
        let dot = r * STOP_RADIUS;
        let margin = r * 0.02;
        let mut spaces: Vec<(Pt, f64)> = Vec::new();
        let mut values: Vec<Rect> = Vec::new();
        let mut marks: Vec<Rect> = Vec::new();
        for c in &self.hexes {
            if let Some((tile, rot)) = self.state.tile_at(self.game, *c) {
                spaces.extend(self.token_spaces(tile, rot, *c));
            }
            if let Some(plan) = self.plans.get(c) {
                values.extend(plan.values());
                marks.extend(plan.boxes().into_iter().map(|(_, b)| b));
            }
        }
        let hard = |p: Pt| {
            spaces
                .iter()
                .all(|(q, qr)| (p.0 - q.0).hypot(p.1 - q.1) >= qr + dot + margin)
                && values.iter().all(|b| rect_gap(p, *b) >= dot + margin)
        };
        let soft = |p: Pt| marks.iter().all(|b| rect_gap(p, *b) >= dot);
        let shifts = self.lane_shifts(&overlay.routes);
        let mut placed: Vec<Pt> = Vec::new();
        let mut out = Vec::new();
        for (route, shift) in overlay.routes.iter().zip(shifts) {
            let mut dots = Vec::new();
            let mut at = 0;
            for stop in &route.stops {
                let i = route.hexes[at..]
                    .iter()
                    .position(|h| *h == stop.hex)
                    .map_or(at, |k| at + k);
                at = i;
                let p = self.stop_point(stop.hex, stop.kind);
                let anchor = (p.0 + shift.0, p.1 + shift.1);
                let f = self.layout.frame(stop.hex);
                let o = self.game.coords.orientation;
                let face_to = |n: Coord| {
                    Face::ALL
                        .into_iter()
                        .find(|fc| stop.hex.neighbour(*fc, o) == n)
                };
                let way = route
                    .hexes
                    .get(i + 1)
                    .and_then(|n| face_to(*n))
                    .or_else(|| i.checked_sub(1).and_then(|k| face_to(route.hexes[k])));
                let dir = way
                    .map(|fc| f.face_mid(fc))
                    .map(|m| (m.0 - p.0, m.1 - p.1))
                    .filter(|d| d.0.hypot(d.1) > 1e-6)
                    .map_or((0.0, 1.0), |d| {
                        let n = d.0.hypot(d.1);
                        (d.0 / n, d.1 / n)
                    });
                let mut candidates: Vec<Pt> = Vec::new();
                for angle in [
                    0.0f64, 25.0, -25.0, 50.0, -50.0, 80.0, -80.0, 115.0, -115.0, 150.0, -150.0,
                    180.0,
                ] {
                    let (s, c) = angle.to_radians().sin_cos();
                    let d = (dir.0 * c - dir.1 * s, dir.0 * s + dir.1 * c);
                    if let Some(q) = (0..=24)
                        .map(|k| f64::from(k) * 0.04 * r)
                        .map(|t| (anchor.0 + d.0 * t, anchor.1 + d.1 * t))
                        .find(|q| hard(*q))
                    {
                        candidates.push(q);
                    }
                }
                let apart = |q: &Pt| {
                    placed
                        .iter()
                        .all(|o| (q.0 - o.0).hypot(q.1 - o.1) >= dot * 1.8)
                };
                let best = candidates
                    .iter()
                    .find(|q| soft(**q) && apart(q))
                    .or_else(|| candidates.iter().find(|q| apart(q)))
                    .or(candidates.first())
                    .copied()
                    .unwrap_or(anchor);
                placed.push(best);
                dots.push(best);
            }
            out.push(dots);
        }
        out
    }

    /// The token spaces of the tile on hex `c`, as circles.
    fn token_spaces(
        &self,
        tile: &crate::tile::Tile,
        rot: crate::geometry::Rotation,
        c: Coord,
    ) -> Vec<(Pt, f64)> {
        let f = self.layout.frame(c);
        if tile.token_spaces() == 0 {
            return Vec::new();
        }
        city_circles(tile, rot, &f)
    }

    /// Each route as an SVG path (`d`), its colour, dashes and width, and
    /// its stops' dots (canvas point, skipped), in lanes as
    /// [`MapPicture::draw`] draws them: what a web page overlays on the map.
    pub fn route_shapes(&self, overlay: &RouteOverlay) -> Result<Vec<RouteShape>, Error> {
        let err = |e: cairo::Error| Error::Internal(format!("tracing a route: {e}"));
        let surface =
            cairo::RecordingSurface::create(cairo::Content::ColorAlpha, None).map_err(err)?;
        let cr = Context::new(&surface).map_err(err)?;
        let styles = route_styles(self.game, overlay);
        let dots = self.stop_dots(overlay);
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
                .zip(&dots[i])
                .map(|(s, p)| (*p, s.skipped))
                .collect();
            out.push(RouteShape {
                d: d.trim_end().to_string(),
                colour: styles[i].colour,
                dash: styles[i].dash.iter().map(|x| x * self.layout.r).collect(),
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

    /// The legend: per company its colour, its total, and each of its
    /// trains with its line, revenue and stops (×2 for a doubling train).
    /// Companies are never added together.
    pub(super) fn draw_legend(&self, cr: &Context, overlay: &RouteOverlay) -> Result<()> {
        let r = self.layout.r;
        let line = r * 0.45;
        let mut y = self.layout.legend_top + r * 0.3;
        let size = r * 0.26;
        let styles = route_styles(self.game, overlay);
        for (company, total) in &overlay.companies {
            let look = super::token_look(self.game, &CompanyId::from(company));
            super::tile::draw_token(cr, (r * 0.55, y), r * 0.17, &look)?;
            let head = format!("{company}: ${total}");
            baseline_text(cr, &head, (r * 0.9, y + size * 0.35), size, true)?;
            y += line;
            for (route, style) in overlay
                .routes
                .iter()
                .zip(&styles)
                .filter(|(r, _)| r.company == *company)
            {
                cr.set_line_cap(cairo::LineCap::Butt);
                cr.move_to(r * 0.9, y);
                cr.line_to(r * 1.9, y);
                set(cr, style.colour);
                cr.set_line_width(r * ROUTE_WIDTH);
                let dash: Vec<f64> = style.dash.iter().map(|d| d * r).collect();
                cr.set_dash(&dash, 0.0);
                cr.stroke()?;
                cr.set_dash(&[], 0.0);
                baseline_text(
                    cr,
                    &legend_line(route),
                    (r * 2.1, y + size * 0.35),
                    size,
                    false,
                )?;
                y += line;
            }
        }
        Ok(())
    }
}

/// One train's line in a legend: its revenue, stops, the doubling of a
/// train that doubles, and each bonus it earns, so that the stops and the
/// bonuses add up to the revenue ("train 5: $330  (5 stops $230,
/// East-West (Chicago Connections, 30) +$80, Steamboat (Toledo) +$20)";
/// "train 5+5E: $780  (5 stops, stops $390 ×2, 10 skipped shown hollow)").
pub fn legend_line(route: &RoutePath) -> String {
    let skipped = route.stops.iter().filter(|s| s.skipped).count();
    let counted = route.stops.len() - skipped;
    let mut words = format!("{counted} stops");
    if route.multiplier > 1 {
        let face: u32 = route
            .stops
            .iter()
            .filter(|s| !s.skipped)
            .map(|s| s.revenue)
            .sum();
        words.push_str(&format!(", stops ${face} ×{}", route.multiplier));
    } else if !route.bonuses.is_empty() {
        let stops: u32 = route.stops.iter().map(|s| s.counted).sum();
        words.push_str(&format!(" ${stops}"));
    }
    for (name, amount) in &route.bonuses {
        words.push_str(&format!(", {name} +${amount}"));
    }
    if skipped > 0 {
        words.push_str(&format!(", {skipped} skipped shown hollow"));
    }
    format!("train {}: ${}  ({words})", route.train, route.revenue)
}
