//! Maps read from saves and game files that refuse a key given twice.
//!
//! serde's own maps keep the last of two equal keys, so a save with two
//! `"E13"` entries would load with one and the next edit would write the
//! other away: a tile or a token silently lost. These refuse instead, and
//! the parser says where (serde_json and RON both add the line and column
//! to an error raised while they read).

use serde::de::{Deserialize, Deserializer, Error, MapAccess, Visitor};
use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

/// Reads a map, refusing a key that comes twice: use with
/// `#[serde(deserialize_with = "crate::unique::map")]`.
pub fn map<'de, D, K, V>(d: D) -> Result<BTreeMap<K, V>, D::Error>
where
    D: Deserializer<'de>,
    K: Deserialize<'de> + Ord + fmt::Debug,
    V: Deserialize<'de>,
{
    d.deserialize_map(UniqueMap(PhantomData))
}

struct UniqueMap<K, V>(PhantomData<(K, V)>);

impl<'de, K, V> Visitor<'de> for UniqueMap<K, V>
where
    K: Deserialize<'de> + Ord + fmt::Debug,
    V: Deserialize<'de>,
{
    type Value = BTreeMap<K, V>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
        let mut out = BTreeMap::new();
        while let Some(key) = access.next_key::<K>()? {
            // Checked before the value is read, so the position the parser
            // reports is the second key's.
            if out.contains_key(&key) {
                return Err(A::Error::custom(format!(
                    "key {key:?} is given twice (the first would be lost); merge the two entries"
                )));
            }
            let value = access.next_value()?;
            out.insert(key, value);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    struct Holder {
        #[serde(deserialize_with = "map")]
        m: BTreeMap<String, u32>,
    }

    #[test]
    fn json_names_the_key_and_the_line() {
        let e = serde_json::from_str::<Holder>("{\"m\": {\"a\": 1,\n \"b\": 2,\n \"a\": 3}}")
            .unwrap_err();
        assert_eq!(e.line(), 3, "{e}");
        assert!(e.to_string().contains("key \"a\" is given twice"), "{e}");
        let ok: Holder = serde_json::from_str("{\"m\": {\"a\": 1, \"b\": 2}}").unwrap();
        assert_eq!(ok.m.len(), 2);
    }

    #[test]
    fn ron_names_the_key_and_the_line() {
        let e = ron::from_str::<Holder>("(m: {\"a\": 1,\n \"a\": 3})").unwrap_err();
        assert_eq!(e.span.start.line, 2, "{e}");
        assert!(e.to_string().contains("key \"a\" is given twice"), "{e}");
    }
}
