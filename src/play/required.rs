//! A route a company's next run must include (1870's connection run: one of
//! its trains runs between its home and its destination), set when the
//! connection is found and cleared once that run is made. `routes` reads it
//! from the map state (`MapState::required_routes`).

use crate::edit::Edit;
use crate::error::{Error, Result};
use crate::game::{CompanyId, Game};
use crate::state::{MapState, RouteEnds};

/// Sets `company`'s requirement to `ends`, or with `None` clears it.
pub(super) fn require(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    ends: Option<&RouteEnds>,
) -> Result<Edit> {
    let co = game.company(company)?.abbrev.clone();
    for c in ends.into_iter().flat_map(RouteEnds::hexes) {
        if !game.hexes.contains_key(&c) {
            return Err(Error::Invalid(format!(
                "hex {} is not on the map",
                game.format(c)
            )));
        }
    }
    let mut next = state.clone();
    let said = match ends {
        Some(ends) => {
            let hexes: Vec<String> = ends.hexes().map(|c| game.format(c)).collect();
            next.required_routes.insert(co.clone(), ends.clone());
            format!(
                "{co}'s next run must include a route between {}",
                hexes.join(" and ")
            )
        }
        None if next.required_routes.remove(&co).is_some() => {
            format!("{co}'s next run has no required route")
        }
        None => return Err(Error::Invalid(format!("{co} has no required route"))),
    };
    Ok(Edit {
        next,
        violations: Vec::new(),
        said,
    })
}
