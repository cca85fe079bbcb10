//! Values no record of 18xx.games holds (issue 40, point 5): each is bad
//! input, refused in one line naming the file and the action, never taken
//! as it came (a rotation of 7 was laid as 1).

use crate::common::{fails_with, fixture, hexroute, stdout_of};
use serde_json::{Value, json};
use std::fs;
use std::path::{Path, PathBuf};

/// The 1830 record's first `n` actions, then `extra` (each given the next
/// id unless it has one), written under `dir` as `name`.
fn cut_1830(dir: &Path, name: &str, n: usize, extra: &[Value]) -> PathBuf {
    let path = fixture("18xx.games").join("1830_29133.json");
    let mut rec: Value = serde_json::from_slice(&fs::read(path).unwrap()).unwrap();
    let actions = rec["actions"].as_array_mut().unwrap();
    actions.truncate(n);
    let mut id = actions.last().map_or(0, |a| a["id"].as_u64().unwrap());
    for a in extra {
        let mut a = a.clone();
        if a.get("id").is_none() {
            id += 1;
            a["id"] = id.into();
        }
        actions.push(a);
    }
    let out = dir.join(name);
    fs::write(&out, serde_json::to_vec(&rec).unwrap()).unwrap();
    out
}

/// A record of `actions` alone, written under `dir` as `name`.
fn record(dir: &Path, name: &str, actions: Value) -> PathBuf {
    let out = dir.join(name);
    let rec = json!({"title": "1830", "actions": actions});
    fs::write(&out, serde_json::to_vec(&rec).unwrap()).unwrap();
    out
}

fn prr(kind: &str, fields: Value) -> Value {
    let mut a = json!({"type": kind, "entity": "PRR", "entity_type": "corporation"});
    for (k, v) in fields.as_object().unwrap() {
        a[k] = v.clone();
    }
    a
}

fn pass(id: u64) -> Value {
    json!({"id": id, "type": "pass", "entity": 1, "entity_type": "player"})
}

/// `import` and `review` both refuse `path` in one line naming it and
/// `needle`; `import` writes nothing.
fn refused(path: &Path, needle: &str) {
    let out = path.with_extension("out.json");
    let err = fails_with(
        hexroute().args(["import"]).arg(path).arg("-o").arg(&out),
        needle,
    );
    let name = path.file_name().unwrap().to_str().unwrap();
    assert!(err.contains(name), "names the file: {err}");
    assert!(!out.exists(), "nothing written for {name}");
    fails_with(hexroute().args(["review"]).arg(path), needle);
}

#[test]
fn a_tile_rotation_outside_0_to_5_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    // Rotations a lay of the engine never writes (its edges are 0 to 5);
    // 7 was laid at rotation 1, -1 at 5.
    for (i, r) in [json!(7), json!(-1), json!(6), json!(i64::MAX)]
        .into_iter()
        .enumerate()
    {
        let lay = prr(
            "lay_tile",
            json!({"hex": "H10", "tile": "57-0", "rotation": r}),
        );
        let path = cut_1830(dir.path(), &format!("rotation{i}.json"), 120, &[lay]);
        refused(
            &path,
            &format!("action 121: a tile rotation of {r}, outside 0 to 5"),
        );
    }
}

#[test]
fn a_token_slot_beyond_the_city_s_spaces_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    // Action 102 of the record: PRR's token in city 57-1-0 (one space).
    let path = fixture("18xx.games").join("1830_29133.json");
    let rec: Value = serde_json::from_slice(&fs::read(path).unwrap()).unwrap();
    let token = rec["actions"][101].clone();
    assert_eq!(token["id"], 102);
    assert_eq!(token["type"], "place_token");
    for (i, slot) in [99, 1, -1].into_iter().enumerate() {
        let mut bad = token.clone();
        bad["slot"] = slot.into();
        let path = cut_1830(dir.path(), &format!("slot{i}.json"), 101, &[bad]);
        refused(
            &path,
            &format!("action 102 (place_token): token slot {slot} of city 0 of tile 57"),
        );
    }
    let path = cut_1830(dir.path(), "slot0.json", 101, &[token]);
    stdout_of(hexroute().args(["import", "--check"]).arg(&path));
}

#[test]
fn an_unknown_dividend_kind_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let dividend = prr("dividend", json!({"kind": "bonus"}));
    let path = cut_1830(dir.path(), "dividend.json", 120, &[dividend]);
    refused(
        &path,
        "action 121: a dividend of kind \"bonus\", which hexroute does not know",
    );
}

#[test]
fn a_par_price_that_is_not_a_number_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let par = json!({"type": "par", "entity": 1, "entity_type": "player", "corporation": "PRR", "share_price": "abc"});
    let path = cut_1830(dir.path(), "par.json", 120, &[par]);
    refused(
        &path,
        "action 121: a par price of \"abc\", which is not a number",
    );
}

#[test]
fn action_0_is_refused_and_repeated_ids_are_played_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let zero = record(d, "zero.json", json!([pass(0), pass(1)]));
    refused(&zero, "action 0: action ids count from 1");
    // The engine plays every action in the order written, whatever its id
    // (its hotseat games wrote 28, 16, 30, 29, 30: 1856's hotseat001), so
    // a repeated id is no bad input: the second action is played.
    let fly = prr("fly", json!({"id": 120}));
    let repeat = cut_1830(d, "repeat.json", 120, &[fly]);
    fails_with(
        hexroute().args(["import", "--check"]).arg(&repeat),
        "action 120 (fly): hexroute does not replay \"fly\" actions",
    );
}

#[test]
fn an_undo_to_a_later_action_or_with_nothing_to_undo_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let undo_to = |id: u64, to: u64| json!({"id": id, "type": "undo", "action_id": to});
    let undo = |id: u64| json!({"id": id, "type": "undo"});
    let later = record(d, "later.json", json!([pass(1), undo_to(2, 3), pass(3)]));
    refused(
        &later,
        "action 2: an undo to action 3, which comes after it",
    );
    let itself = record(d, "itself.json", json!([pass(1), undo_to(2, 2)]));
    refused(&itself, "action 2: an undo to itself");
    let missing = record(d, "missing.json", json!([pass(1), undo_to(2, 9)]));
    refused(
        &missing,
        "action 2: undo to action 9, which the record does not have",
    );
    let more = record(d, "more.json", json!([pass(1), undo(2), undo(3)]));
    refused(
        &more,
        "action 3: an undo with no action standing to take back",
    );
}
