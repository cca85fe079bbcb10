//! The engine's ids of the things an action names, parsed once as the
//! record is read rather than split by hand where the replay reads them.

use serde::Deserialize;
use std::fmt;

/// The engine's id of a tile: a laid tile's name and copy (`57-0`, the
/// first tile 57; a name may hold dashes, `X-1-0`), or a tile printed on
/// the map, named after its hex (`H12-0`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(from = "String")]
pub struct TileId {
    id: String,
    /// Where the name ends: before the last dash (the whole id if none).
    name_end: usize,
    /// Where a printed tile's hex ends: before the first dash.
    hex_end: usize,
}

impl From<String> for TileId {
    fn from(id: String) -> TileId {
        let name_end = id.rfind('-').unwrap_or(id.len());
        let hex_end = id.find('-').unwrap_or(id.len());
        TileId {
            id,
            name_end,
            hex_end,
        }
    }
}

impl TileId {
    /// The id as the engine writes it (`57-0`).
    pub fn as_str(&self) -> &str {
        &self.id
    }

    /// The tile's name: the id less its copy (`57`).
    pub fn name(&self) -> &str {
        &self.id[..self.name_end]
    }

    /// The hex of a tile printed on the map: the id's first part.
    pub fn printed_hex(&self) -> &str {
        &self.id[..self.hex_end]
    }
}

impl fmt::Display for TileId {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.id)
    }
}

/// The engine's id of a city: its tile's id and the city's index on that
/// tile (`57-0-1`: city 1 of the first tile 57).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct CityId {
    pub tile: TileId,
    pub index: usize,
}

impl TryFrom<String> for CityId {
    type Error = String;

    fn try_from(id: String) -> Result<CityId, String> {
        let bad = || format!("city \"{id}\" is not TILE-COPY-CITY (18xx.games writes 57-0-0)");
        let (tile, index) = id.rsplit_once('-').ok_or_else(bad)?;
        let index = index.parse().map_err(|_| bad())?;
        Ok(CityId {
            tile: TileId::from(tile.to_string()),
            index,
        })
    }
}

impl fmt::Display for CityId {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}-{}", self.tile, self.index)
    }
}

/// The engine's id of a train: its type's name and its copy (`5-1`, the
/// second 5; `2D-0`), parsed once where the record or the game file names
/// one. Ordered as its text, as the engine's ids sort.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(from = "String")]
pub struct EngineTrain {
    id: String,
    /// Where the type's name ends: before the last dash (the whole id if
    /// none).
    name_end: usize,
    /// The copy number after the last dash, when it is a number.
    copy: Option<u32>,
}

impl From<String> for EngineTrain {
    fn from(id: String) -> EngineTrain {
        let (name_end, copy) = match id.rsplit_once('-') {
            Some((name, copy)) => (name.len(), copy.parse().ok()),
            None => (id.len(), None),
        };
        EngineTrain { id, name_end, copy }
    }
}

impl From<&str> for EngineTrain {
    fn from(id: &str) -> EngineTrain {
        EngineTrain::from(id.to_string())
    }
}

impl EngineTrain {
    /// The id of copy `copy` of train type `name` (`5`, 2: `5-2`).
    pub fn new(name: &str, copy: u32) -> EngineTrain {
        EngineTrain {
            id: format!("{name}-{copy}"),
            name_end: name.len(),
            copy: Some(copy),
        }
    }

    /// The id as the engine writes it (`5-1`).
    pub fn as_str(&self) -> &str {
        &self.id
    }

    /// The train type's name: the id less its copy (`5`).
    pub fn name(&self) -> &str {
        &self.id[..self.name_end]
    }

    /// The copy number (`5-1`: 1), if the id has one.
    pub fn copy(&self) -> Option<u32> {
        self.copy
    }
}

impl PartialOrd for EngineTrain {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for EngineTrain {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.id.cmp(&other.id)
    }
}

impl std::borrow::Borrow<str> for EngineTrain {
    fn borrow(&self) -> &str {
        &self.id
    }
}

impl fmt::Display for EngineTrain {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_id_is_a_name_and_a_copy() {
        let t = TileId::from("57-0".to_string());
        assert_eq!(
            (t.as_str(), t.name(), t.printed_hex()),
            ("57-0", "57", "57")
        );
        let dashed = TileId::from("X-1-2".to_string());
        assert_eq!(dashed.name(), "X-1");
        let printed = TileId::from("H12-0".to_string());
        assert_eq!(printed.printed_hex(), "H12");
        let bare = TileId::from("H12".to_string());
        assert_eq!((bare.name(), bare.printed_hex()), ("H12", "H12"));
    }

    #[test]
    fn a_train_id_is_a_type_and_a_copy() {
        let t = EngineTrain::from("5-1");
        assert_eq!((t.as_str(), t.name(), t.copy()), ("5-1", "5", Some(1)));
        let d = EngineTrain::from("2D-0");
        assert_eq!((d.name(), d.copy()), ("2D", Some(0)));
        let dashed = EngineTrain::from("X-1-2");
        assert_eq!((dashed.name(), dashed.copy()), ("X-1", Some(2)));
        // No copy: the whole id is the type (a game file's start train).
        let bare = EngineTrain::from("8");
        assert_eq!((bare.name(), bare.copy()), ("8", None));
        let word = EngineTrain::from("P-x");
        assert_eq!((word.name(), word.copy()), ("P", None));
        // Ordered as text, as the engine's ids are: 10-0 before 2-0.
        assert!(EngineTrain::from("10-0") < EngineTrain::from("2-0"));
    }

    #[test]
    fn a_city_id_is_a_tile_id_and_an_index() {
        let c = CityId::try_from("57-0-1".to_string()).unwrap();
        assert_eq!((c.tile.as_str(), c.index), ("57-0", 1));
        assert_eq!(c.to_string(), "57-0-1");
        for bad in ["nowhere", "57-0-x", "57"] {
            assert_eq!(
                CityId::try_from(bad.to_string()).unwrap_err(),
                format!("city \"{bad}\" is not TILE-COPY-CITY (18xx.games writes 57-0-0)")
            );
        }
    }
}
