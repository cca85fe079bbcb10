//! How the 18xx.games engine draws our tiles, from
//! `catalogues/18xx_games.ron` (written by `scripts/x18-tiles.rb` from the
//! engine): which way round a tile's base orientation is, and in which
//! order it numbers a tile's cities.

use crate::error::Error;
use crate::geometry::Rotation;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

#[derive(Debug, Default, Deserialize)]
struct Drawn {
    rotations: BTreeMap<String, u8>,
    cities: BTreeMap<String, Vec<usize>>,
    printed: BTreeMap<String, BTreeMap<String, Vec<usize>>>,
}

fn drawn() -> Result<&'static Drawn, Error> {
    static DRAWN: OnceLock<Result<Drawn, String>> = OnceLock::new();
    DRAWN
        .get_or_init(|| {
            ron::from_str(include_str!("../../../catalogues/18xx_games.ron"))
                .map_err(|e| format!("catalogues/18xx_games.ron: {e}"))
        })
        .as_ref()
        .map_err(|e| Error::Internal(e.clone()))
}

/// Our rotation of `tile` laid at the engine's `rotation`.
pub fn rotation(tile: &str, rotation: i64) -> Result<Rotation, Error> {
    let offset = drawn()?.rotations.get(tile).copied().unwrap_or(0);
    Ok(Rotation::new(rotation + i64::from(offset)))
}

/// Our city index of the engine's city `city` on laid tile `tile`.
pub fn laid_city(tile: &str, city: usize) -> Result<usize, Error> {
    Ok(drawn()?
        .cities
        .get(tile)
        .and_then(|m| m.get(city).copied())
        .unwrap_or(city))
}

/// Our city index of the engine's city `city` on the tile printed on
/// `hex` (the engine's hex id) of `title`.
pub fn printed_city(title: &str, hex: &str, city: usize) -> Result<usize, Error> {
    Ok(drawn()?
        .printed
        .get(title)
        .and_then(|t| t.get(hex))
        .and_then(|m| m.get(city).copied())
        .unwrap_or(city))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_loads_and_turns_tile_7_one_step() {
        // The engine draws tile 7's curve one step round from ours.
        assert_eq!(rotation("7", 0).unwrap(), Rotation::new(1));
        assert_eq!(rotation("57", 2).unwrap(), Rotation::new(2));
        assert_eq!(laid_city("54", 0).unwrap(), 1);
        assert_eq!(laid_city("57", 0).unwrap(), 0);
    }
}
