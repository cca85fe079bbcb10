//! Pictures of the map, of routes and of a game's tiles, through cairo: one
//! drawing code path, encoded as PNG, SVG or PDF. Depends on the model;
//! nothing in the model depends on it.

mod encode;
pub mod html;
mod layout;
mod map;
mod markers;
mod overlay;
mod sheet;
mod tile;
pub use encode::{Format, MAX_PNG_SIDE, encode};
pub use layout::{DEFAULT_HEX_SIZE, MapOptions, crop_hexes};
pub(crate) use map::r_line;
pub use map::{MapPicture, PairPicture};
pub use markers::Marker;
pub use overlay::{
    RouteOverlay, RoutePath, RouteShape, RouteStyle, StopMark, colour_distance, legend_line,
    route_lanes, route_styles,
};
pub use sheet::{LaySheet, TileSheet};
pub(crate) use tile::baseline_text;
pub use tile::{
    HexFrame, HexPlan, Pt, Rect, TOKEN_TEXT, TextItem, TileExtras, city_circles, fit_name,
    plan_hex, rect_circle_gap, rect_gap, rect_rect_gap, with_text_set_aside,
};

use crate::game::{CompanyId, Game};
use crate::geometry::Orientation;
use crate::tile::Colour;
use cairo::Context;
use tile::TokenLook;

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
fn token_look(game: &Game, company: &CompanyId) -> TokenLook {
    match game.company(company) {
        Ok(co) => TokenLook {
            fill: parse_colour(&co.colour),
            stripe: parse_colour(&co.stripe),
            text: parse_colour(&co.text),
            label: co.abbrev.to_string(),
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
/// Impassable hex sides: a heavy near-black line.
pub const BARRIER_COLOUR: Rgb = (0.12, 0.12, 0.12);
/// Printed building costs (mountains): a dark earth brown.
pub const TERRAIN_COLOUR: Rgb = (0.42, 0.28, 0.12);
/// Water sides track may cross for a price: light blue, dashed.
pub const WATER_COLOUR: Rgb = (0.45, 0.72, 0.98);
