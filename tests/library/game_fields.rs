//! Every field of the game file is set by some game: a built-in title
//! (`games/*.ron`) or a test's game file (`tests/games/*.ron`). A field no
//! game sets is a rule no title needs and no test holds, so it is either
//! removed or given a game that uses it.
//!
//! The fields are the object properties of the game file's schema (the
//! one in `docs/game-file.schema.json`), each named by the type that owns
//! it; a game sets one when its RON, parsed into a `ron::Value`, has the
//! key in a place the schema gives that type.

use serde_json::Value as Json;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Fields no game file sets that stay for a reason, with the reason.
const ALLOWED_UNUSED: &[(&str, &str)] = &[
    // General rules no title has needed yet, kept for the titles that will
    // (a company's space held in one city of a hex of several): each wants
    // a hand-worked test game.
    ("ReservedToken", "city"),
];

/// A field: the type (schema definition) that owns it, and its name.
type Field = (String, String);

fn schema() -> Json {
    serde_json::to_value(schemars::schema_for!(hexroute::game::GameDef)).unwrap()
}

/// The root's title names the root type, as `$defs` names the others.
const ROOT: &str = "GameDef";

fn definition<'a>(schema: &'a Json, reference: &'a str) -> (&'a str, &'a Json) {
    let name = reference
        .strip_prefix("#/$defs/")
        .unwrap_or_else(|| panic!("a reference outside $defs: {reference}"));
    (name, &schema["$defs"][name])
}

/// The one property of an externally tagged enum variant's object
/// (`{"Connection": {...}}`): RON writes the variant by name, and
/// `ron::Value` keeps its contents only, so the walk looks through it.
fn variant_contents(branch: &Json) -> Option<&Json> {
    let required = branch.get("required")?.as_array()?;
    let properties = branch.get("properties")?.as_object()?;
    match (required.as_slice(), properties.len()) {
        ([tag], 1) => properties.get(tag.as_str()?),
        _ => None,
    }
}

/// Every field the schema declares, each under its owning type.
fn declared(schema: &Json) -> BTreeSet<Field> {
    let mut fields = BTreeSet::new();
    collect(ROOT, schema, &mut fields);
    for (name, node) in schema["$defs"].as_object().unwrap() {
        collect(name, node, &mut fields);
    }
    fields
}

fn collect(owner: &str, node: &Json, fields: &mut BTreeSet<Field>) {
    if let Some(contents) = node
        .get("oneOf")
        .or_else(|| node.get("anyOf"))
        .and_then(Json::as_array)
    {
        for branch in contents {
            collect(owner, variant_contents(branch).unwrap_or(branch), fields);
        }
    }
    if let Some(properties) = node.get("properties").and_then(Json::as_object) {
        for (key, property) in properties {
            if is_field_name(key) {
                fields.insert((owner.to_string(), key.clone()));
            }
            collect(owner, property, fields);
        }
    }
}

/// The keys a branch of the schema accepts in a map, if it is an object
/// with named fields (following a reference).
fn object_keys<'a>(
    schema: &'a Json,
    owner: &'a str,
    node: &'a Json,
) -> Option<(&'a str, &'a Json)> {
    if let Some(reference) = node.get("$ref").and_then(Json::as_str) {
        let (name, target) = definition(schema, reference);
        return object_keys(schema, name, target);
    }
    node.get("properties").map(|_| (owner, node))
}

/// Marks the fields `value` sets, where `node` (owned by `owner`)
/// describes it. Panics when a map's keys fit nowhere: the walk, not the
/// game, would be wrong (the game loads with unknown fields denied).
fn walk(schema: &Json, owner: &str, node: &Json, value: &ron::Value, used: &mut BTreeSet<Field>) {
    let value = match value {
        ron::Value::Option(None) | ron::Value::Unit => return,
        ron::Value::Option(Some(inner)) => inner.as_ref(),
        other => other,
    };
    if let Some(reference) = node.get("$ref").and_then(Json::as_str) {
        let (name, target) = definition(schema, reference);
        return walk(schema, name, target, value, used);
    }
    if let Some(branches) = node
        .get("oneOf")
        .or_else(|| node.get("anyOf"))
        .and_then(Json::as_array)
    {
        // A newtype variant (`National((..))`, `FreeTrains([..])`), which
        // RON reads as a one-item tuple: its item, where a variant takes it.
        if let ron::Value::Seq(items) = value
            && let [item] = items.as_slice()
        {
            let taking: Vec<&Json> = branches
                .iter()
                .filter_map(variant_contents)
                .filter(|c| fits(schema, c, item))
                .collect();
            if !taking.is_empty() {
                for contents in taking {
                    walk(schema, owner, contents, item, used);
                }
                return;
            }
        }
        let branches = branches.iter().map(|b| variant_contents(b).unwrap_or(b));
        return match value {
            ron::Value::Map(map) => {
                let keys: Vec<String> = map.keys().map(key_name).collect();
                let fitting: Vec<(&str, &Json)> = branches
                    .filter_map(|b| object_keys(schema, owner, b))
                    .filter(|(_, obj)| keys.iter().all(|k| obj["properties"].get(k).is_some()))
                    .collect();
                assert!(
                    !fitting.is_empty(),
                    "no branch of {owner} takes the keys {keys:?}"
                );
                for (name, obj) in fitting {
                    walk(schema, name, obj, value, used);
                }
            }
            // A list (`FreeTrains([...])`): RON keeps no variant name, so
            // the branches whose items take the items' keys.
            _ => {
                for branch in branches.filter(|b| fits(schema, b, value)) {
                    walk(schema, owner, branch, value, used);
                }
            }
        };
    }
    match value {
        ron::Value::Map(map) => {
            if let Some(properties) = node.get("properties").and_then(Json::as_object) {
                for (key, inner) in map.iter() {
                    if let ron::Value::Unit = key {
                        // A map keyed by an enum (`train_limit: {Minor: 2}`):
                        // RON keeps no variant name, and it is no field.
                        continue;
                    }
                    let key = key_name(key);
                    let property = properties
                        .get(&key)
                        .unwrap_or_else(|| panic!("{owner} has no field {key}"));
                    used.insert((owner.to_string(), key));
                    walk(schema, owner, property, inner, used);
                }
            } else if let Some(values) = node.get("additionalProperties") {
                for inner in map.values() {
                    walk(schema, owner, values, inner, used);
                }
            }
        }
        ron::Value::Seq(items) => {
            if let Some(prefix) = node.get("prefixItems").and_then(Json::as_array) {
                for (item, item_schema) in items.iter().zip(prefix) {
                    walk(schema, owner, item_schema, item, used);
                }
            } else if let Some(item_schema) = node.get("items") {
                for item in items {
                    walk(schema, owner, item_schema, item, used);
                }
            }
        }
        _ => {}
    }
}

/// Whether `value` may be what `node` describes, by the keys of its maps
/// (a list's items' maps): how a list's enum variant is told apart.
fn fits(schema: &Json, node: &Json, value: &ron::Value) -> bool {
    if let Some(reference) = node.get("$ref").and_then(Json::as_str) {
        let (_, target) = definition(schema, reference);
        return fits(schema, target, value);
    }
    match value {
        ron::Value::Map(map) => match node.get("properties").and_then(Json::as_object) {
            Some(properties) => map.keys().all(|k| properties.contains_key(&key_name(k))),
            None => node.get("additionalProperties").is_some(),
        },
        ron::Value::Seq(items) => match node.get("items") {
            Some(item) => items.iter().all(|i| fits(schema, item, i)),
            None => node.get("prefixItems").is_some(),
        },
        _ => true,
    }
}

/// Fields are snake_case; a capitalised property is an enum's variant,
/// as the keys of `train_limit: {Minor: 2}` are, and names no field.
fn is_field_name(key: &str) -> bool {
    !key.starts_with(|c: char| c.is_ascii_uppercase())
}

fn key_name(key: &ron::Value) -> String {
    match key {
        ron::Value::String(s) => s.clone(),
        other => format!("{other:?}"),
    }
}

/// The built-in titles and the tests' game files.
fn game_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = ["games", "tests/games"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root.join(dir)).unwrap())
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
}

fn used_fields(schema: &Json) -> BTreeSet<Field> {
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let mut used = BTreeSet::new();
    for path in game_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let value: ron::Value = options
            .from_str(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        walk(schema, ROOT, schema, &value, &mut used);
    }
    used
}

#[test]
fn every_game_file_field_is_set_by_a_title_or_a_test() {
    let schema = schema();
    let declared = declared(&schema);
    let used = used_fields(&schema);
    let allowed: BTreeSet<Field> = ALLOWED_UNUSED
        .iter()
        .map(|(owner, field)| (owner.to_string(), field.to_string()))
        .collect();
    let unused: Vec<String> = declared
        .difference(&used)
        .filter(|field| !allowed.contains(*field))
        .map(|(owner, field)| format!("{owner}.{field}"))
        .collect();
    assert!(
        unused.is_empty(),
        "fields no title nor test game file sets: {}",
        unused.join(", ")
    );
    let stale: Vec<&Field> = allowed
        .iter()
        .filter(|f| used.contains(*f) || !declared.contains(*f))
        .collect();
    assert!(
        stale.is_empty(),
        "allowed as unused but used or gone: {stale:?}"
    );
}

/// The walk finds fields where they are: 1867's mechanisms (a field of
/// `PlayDef` inside `from_18xx_games`) and its national's kept tile (a
/// variant's contents), 1830's hexes' tiles, a bonus
/// kind's `to_any` (inside an enum variant), and the test game's dead ends.
#[test]
fn the_walk_finds_fields_deep_in_the_file() {
    let schema = schema();
    let used = used_fields(&schema);
    for (owner, field) in [
        ("PlayDef", "mechanisms"),
        ("NationalDef", "reserved_tile"),
        ("HexDef", "tile"),
        ("BonusKind", "to_any"),
        ("Rules", "track_may_dead_end"),
        ("GameDef", "rules"),
    ] {
        assert!(
            used.contains(&(owner.to_string(), field.to_string())),
            "{owner}.{field} not found"
        );
    }
    assert!(declared(&schema).len() > 150);
}
