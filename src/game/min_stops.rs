//! `min_stops`: hexes a route may stop in only when it has enough stops
//! (1849's ports: 18xx.games's `check_other` refuses a route touching a
//! port with fewer than three stops). Unlike `ports` it pays nothing
//! special: it only refuses short routes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Hexes whose stops ask for a longer route: a route with a stop in one
/// of them must run to at least `stops` stops in all, counted or passed,
/// that one included (1849: `(hexes: ["a12", "A5", "L14", "N8"], stops: 3)`,
/// so a port's route needs two more stops).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MinStops {
    /// The hexes.
    pub hexes: Vec<String>,
    /// The fewest stops a route with a stop in one of them has (at least 2).
    pub stops: u32,
}

impl super::Game {
    /// The fewest stops a route with a stop on `c` must have (0: no rule).
    pub fn min_stops_at(&self, c: crate::geometry::Coord) -> u32 {
        self.min_stops.get(&c).copied().unwrap_or(0)
    }
}
