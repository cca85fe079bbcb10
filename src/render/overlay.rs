//! Routes over the map: the routes read from a `hexroute routes --json`
//! report, the lane each is drawn in so shared track stays readable, and
//! drawing them, their stops and the legend (or tracing them as SVG paths
//! for a web page).

use super::map::{MapPicture, baseline_text};
use super::tile::face_to_face;
use super::{Pt, Rgb, set};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::geometry::{Coord, Face};
use crate::routes::report::RoutesReport;
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
impl MapPicture<'_> {
    pub(super) fn draw_routes(&self, cr: &Context, overlay: &RouteOverlay) -> Result<()> {
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
            cr.stroke()?;
            cr.translate(-shift[i].0, -shift[i].1);
            cr.pop_group_to_source()?;
            cr.paint()?;
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
                    cr.fill_preserve()?;
                    set(cr, colour);
                    cr.set_line_width(r * 0.05);
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

    pub(super) fn draw_legend(&self, cr: &Context, overlay: &RouteOverlay) -> Result<()> {
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
                baseline_text(cr, &head, (r * 0.4, y + size * 0.35), size, true)?;
                y += line;
            }
            let colour = TRAIN_COLOURS[i % TRAIN_COLOURS.len()];
            cr.rectangle(r * 0.4, y - size * 0.4, r * 0.6, size * 0.8);
            set(cr, colour);
            cr.fill()?;
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
            baseline_text(cr, &label, (r * 1.2, y + size * 0.35), size, false)?;
            y += line;
        }
        let total = format!("{} total: ${}", overlay.company, overlay.total);
        baseline_text(cr, &total, (r * 0.4, y + size * 0.35), size, true)
    }
}
