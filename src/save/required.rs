//! The routes companies' next runs must include (`required_routes`: 1870's
//! connection run), as the save holds them: each company's abbreviation and
//! the hexes both ends of one of its routes must be among.

use crate::error::Error;
use crate::game::Game;
use crate::state::{RequiredRoutes, RouteEnds};
use std::collections::{BTreeMap, BTreeSet};

/// Company → hexes (by address), as saved.
pub(super) type RequiredJson = BTreeMap<String, BTreeSet<String>>;

/// The requirements a save names, checked: known companies, hexes on the
/// map, at least one hex each. `field` names the save's key in an error.
pub(super) fn required_from_json(
    game: &Game,
    raw: &RequiredJson,
    field: &str,
) -> Result<RequiredRoutes, Error> {
    let mut out = RequiredRoutes::new();
    for (co, hexes) in raw {
        let place = format!("{field}: {co}");
        let company = game.company(co).map_err(|e| e.context(&place))?;
        let coords = hexes
            .iter()
            .map(|h| game.hex(h).map_err(|e| e.context(&place)))
            .collect::<Result<Vec<_>, _>>()?;
        let ends = RouteEnds::new(coords).ok_or_else(|| {
            Error::SaveFile(format!(
                "{place}: no hexes; name the hexes both ends of the required route must be among (its home and destination)"
            ))
        })?;
        out.insert(company.abbrev.clone(), ends);
    }
    Ok(out)
}

/// The requirements as the save writes them.
pub(super) fn required_to_json(game: &Game, required: &RequiredRoutes) -> RequiredJson {
    required
        .iter()
        .map(|(co, ends)| {
            (
                co.to_string(),
                ends.hexes().map(|c| game.format(c)).collect(),
            )
        })
        .collect()
}
