//! A JSON object whose keys keep the order given (map order for hexes).

use serde::de::{Deserialize, Deserializer};
use serde::ser::{SerializeMap, Serializer};

pub fn serialize<S: Serializer, V: serde::Serialize>(
    v: &[(String, V)],
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut m = s.serialize_map(Some(v.len()))?;
    for (k, x) in v {
        m.serialize_entry(k, x)?;
    }
    m.end()
}

pub fn deserialize<'de, D: Deserializer<'de>, V: Deserialize<'de>>(
    d: D,
) -> Result<Vec<(String, V)>, D::Error> {
    let m = crate::unique::map::<D, String, V>(d)?;
    Ok(m.into_iter().collect())
}
