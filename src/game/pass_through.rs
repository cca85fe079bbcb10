//! The game's pass-through bonuses and tolls (`pass_through`), resolved:
//! what a hex a route's track enters adds to its revenue, on printed hexes
//! and wherever a public marker of the rule is put during play.

use super::def::{MAX_BONUS, PassThroughDef};
use crate::error::{Error, Result};
use crate::geometry::Coord;

/// One pass-through rule, its hexes resolved on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassThrough {
    pub name: String,
    /// What each hex adds to a route once; negative for a toll.
    pub amount: i32,
    /// Hexes where it applies from the start.
    pub hexes: Vec<Coord>,
    /// The public marker bringing it to a hex during play.
    pub marker: Option<String>,
    /// A toll only on a route counting a stop there (`at_stop`).
    pub at_stop: bool,
}

impl PassThrough {
    /// True when it applies on hex `c` holding the public `markers`.
    pub fn applies(&self, c: Coord, markers: &std::collections::BTreeSet<String>) -> bool {
        self.hexes.contains(&c) || self.marker.as_ref().is_some_and(|m| markers.contains(m))
    }
}

/// `def` resolved: its hexes by `on_map`, its amount and names checked;
/// `ports` says the game has ports (a stop toll does not price with them).
pub(super) fn resolve(
    def: &PassThroughDef,
    ports: bool,
    on_map: impl Fn(&str, &str) -> Result<Coord>,
    err: &dyn Fn(String) -> Error,
) -> Result<PassThrough> {
    let what = format!("pass_through \"{}\"", def.name);
    if def.name.trim().is_empty() {
        return Err(err("pass_through: a rule needs a name".into()));
    }
    if def.amount == 0 || def.amount.unsigned_abs() > MAX_BONUS {
        return Err(err(format!(
            "{what}: amount {} must be non-zero and at most ${MAX_BONUS} either way",
            def.amount
        )));
    }
    if def.at_stop && def.amount > 0 {
        return Err(err(format!(
            "{what}: at_stop takes from a stop, so its amount {} must be negative \
             (a bonus for stopping there is a `bonuses` Visit)",
            def.amount
        )));
    }
    if def.at_stop && ports {
        return Err(err(format!(
            "{what}: at_stop is not priced in a game with `ports` (a port pays through \
             other stops); drop at_stop or the ports"
        )));
    }
    if def.hexes.is_empty() && def.marker.is_none() {
        return Err(err(format!(
            "{what}: applies nowhere (give it hexes, a marker, or both)"
        )));
    }
    if let Some(m) = &def.marker
        && (m.is_empty() || m.contains(|c: char| c.is_whitespace() || c.is_control()))
    {
        return Err(err(format!("{what}: marker {m:?} must be one word")));
    }
    let hexes = def
        .hexes
        .iter()
        .map(|h| on_map(h, &what))
        .collect::<Result<Vec<_>>>()?;
    Ok(PassThrough {
        name: def.name.clone(),
        amount: def.amount,
        hexes,
        marker: def.marker.clone(),
        at_stop: def.at_stop,
    })
}
