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
    /// A title's own tiles that share a name with another title's
    /// (18Chesapeake's X3 is not 1867's): read before the rest.
    #[serde(default)]
    titles: BTreeMap<String, Own>,
}

#[derive(Debug, Default, Deserialize)]
struct Own {
    rotations: BTreeMap<String, u8>,
    cities: BTreeMap<String, Vec<usize>>,
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

/// Our rotation of `title`'s tile `tile` laid at the engine's `rotation`.
pub fn rotation(title: &str, tile: &str, rotation: i64) -> Result<Rotation, Error> {
    let drawn = drawn()?;
    let offset = match drawn.titles.get(title) {
        Some(own) if own.rotations.contains_key(tile) => own.rotations[tile],
        _ => drawn.rotations.get(tile).copied().unwrap_or(0),
    };
    Ok(Rotation::new(rotation + i64::from(offset)))
}

/// Our city index of the engine's city `city` on `title`'s laid tile `tile`.
pub fn laid_city(title: &str, tile: &str, city: usize) -> Result<usize, Error> {
    let drawn = drawn()?;
    let map = match drawn.titles.get(title) {
        Some(own) if own.cities.contains_key(tile) => own.cities.get(tile),
        _ => drawn.cities.get(tile),
    };
    Ok(map.and_then(|m| m.get(city).copied()).unwrap_or(city))
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
        assert_eq!(rotation("1830", "7", 0).unwrap(), Rotation::new(1));
        assert_eq!(rotation("1830", "57", 2).unwrap(), Rotation::new(2));
        assert_eq!(laid_city("1830", "54", 0).unwrap(), 1);
        assert_eq!(laid_city("1830", "57", 0).unwrap(), 0);
    }

    #[test]
    fn a_title_s_own_tile_of_a_shared_name_is_read_first() {
        // 1867's X7 numbers its two cities the other way round from ours;
        // 18Chesapeake's X7 is another tile, with one city.
        assert_eq!(laid_city("1867", "X7", 0).unwrap(), 1);
        assert_eq!(laid_city("18Chesapeake", "X7", 0).unwrap(), 0);
        assert_eq!(laid_city("18Chesapeake", "X3", 0).unwrap(), 1);
    }
}
