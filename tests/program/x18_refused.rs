//! Bad 18xx.games records and arguments to `import` and `review`: a
//! damaged or foreign file, a title or action hexroute does not replay, an
//! action the rules refuse, a bad `--at`: refused in one line (exit 2),
//! nothing written.

use crate::common::{fails_with, fixture, hexroute};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

fn record(name: &str) -> PathBuf {
    fixture("18xx.games").join(name)
}

/// The first `n` actions of the 1830 record, then `extra` actions.
fn cut_record(dir: &Path, n: usize, extra: &[Value]) -> PathBuf {
    let mut rec: Value =
        serde_json::from_slice(&fs::read(record("1830_29133.json")).unwrap()).unwrap();
    let actions = rec["actions"].as_array_mut().unwrap();
    actions.truncate(n);
    let mut id = actions.last().map_or(0, |a| a["id"].as_u64().unwrap());
    for a in extra {
        id += 1;
        let mut a = a.clone();
        a["id"] = id.into();
        actions.push(a);
    }
    static MADE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let made = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = dir.join(format!("cut{n}_{made}.json"));
    fs::write(&path, serde_json::to_vec(&rec).unwrap()).unwrap();
    path
}

/// A 1867 record whose second action merges a minor into a company the
/// game does not have.
const MERGE_1867: &str = r#"{"title": "1867", "actions": [
    {"id": 1, "type": "pass", "entity": 1, "entity_type": "player"},
    {"id": 2, "type": "merge", "entity": "CA", "entity_type": "corporation", "corporation": "XYZ"}]}"#;

/// Bad records and arguments: exit 2, one line, nothing written.
#[test]
fn bad_records_are_refused_in_one_line_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let out = d.join("out.json");
    let write = |name: &str, text: &str| {
        let p = d.join(name);
        fs::write(&p, text).unwrap();
        p
    };
    let full = fs::read_to_string(record("1830_29133.json")).unwrap();
    let corp = |kind: &str, fields: Value| {
        let mut a =
            serde_json::json!({"type": kind, "entity": "PRR", "entity_type": "corporation"});
        for (k, v) in fields.as_object().unwrap() {
            a[k] = v.clone();
        }
        a
    };
    // The replay reaches action 96 (B&O's first run) before the bad one.
    let cases: Vec<(PathBuf, Vec<&str>, &str)> = vec![
        (
            write("truncated.json", &full[..full.len() / 2]),
            vec![],
            "neither an 18xx.games game record",
        ),
        (
            write("text.json", "not json at all"),
            vec![],
            "neither an 18xx.games game record",
        ),
        (
            write("other.json", r#"{"foo": 1}"#),
            vec![],
            "neither an 18xx.games game record",
        ),
        (
            write("title.json", r#"{"title": "18Moon", "actions": []}"#),
            vec![],
            "18Moon, which hexroute does not have",
        ),
        (
            write("actions.json", r#"{"title": "1830", "actions": 5}"#),
            vec![],
            "not an 18xx.games game record",
        ),
        (
            write(
                "1861.json",
                r#"{"title": "1861", "actions": [{"id": 1, "type": "merge", "entity": "KB", "entity_type": "minor"}]}"#,
            ),
            vec![],
            "action 1 (merge): a merge without \"corporation\"",
        ),
        (
            write(
                "1830merge.json",
                r#"{"title": "1830", "actions": [{"id": 1, "type": "merge", "entity": "PRR", "entity_type": "corporation", "corporation": "NYC"}]}"#,
            ),
            vec![],
            "action 1 (merge): hexroute does not replay \"merge\" actions",
        ),
        (write("1867.json", MERGE_1867), vec![], "action 2 (merge)"),
        (write("1867at.json", MERGE_1867), vec!["--at", "2"], "XYZ"),
        (
            write(
                "optional.json",
                r#"{"title": "1830", "settings": {"optional_rules": ["new_map_hexes"]}, "actions": []}"#,
            ),
            vec![],
            "changes the map",
        ),
        (
            write(
                "undo.json",
                r#"{"title": "1830", "actions": [{"id": 1, "type": "undo", "action_id": 7}]}"#,
            ),
            vec![],
            "undo to action 7",
        ),
        (
            write(
                "redo.json",
                r#"{"title": "1830", "actions": [{"id": 1, "type": "pass"}, {"id": 2, "type": "redo"}]}"#,
            ),
            vec![],
            "a redo with nothing undone",
        ),
        (
            cut_record(d, 120, &[corp("fly", serde_json::json!({}))]),
            vec![],
            "does not replay \"fly\" actions",
        ),
        (
            cut_record(
                d,
                120,
                &[corp(
                    "lay_tile",
                    serde_json::json!({"hex": "H10", "tile": "999-0", "rotation": 0}),
                )],
            ),
            vec![],
            "999",
        ),
        (
            cut_record(
                d,
                120,
                &[corp(
                    "lay_tile",
                    serde_json::json!({"hex": "Z99", "tile": "57-0", "rotation": 0}),
                )],
            ),
            vec![],
            "Z99",
        ),
        (
            cut_record(
                d,
                120,
                &[corp("lay_tile", serde_json::json!({"tile": "57-0"}))],
            ),
            vec![],
            "without \"hex\"",
        ),
        (
            cut_record(
                d,
                120,
                &[corp("place_token", serde_json::json!({"city": "nowhere"}))],
            ),
            vec![],
            "is not TILE-COPY-CITY",
        ),
        (
            cut_record(
                d,
                120,
                &[corp("place_token", serde_json::json!({"city": "H12-0-5"}))],
            ),
            vec![],
            "has no city 5",
        ),
        (
            cut_record(
                d,
                120,
                &[corp("buy_train", serde_json::json!({"train": "X-0"}))],
            ),
            vec![],
            "X",
        ),
        (
            cut_record(d, 120, &[corp("buy_train", serde_json::json!({}))]),
            vec![],
            "without \"train\"",
        ),
        // A second 6 bought when no 6 was: the first left the depot with
        // no action (an export), which the replay does not model.
        (
            cut_record(
                d,
                120,
                &[corp("buy_train", serde_json::json!({"train": "6-1"}))],
            ),
            vec![],
            "exported",
        ),
        (
            cut_record(d, 50, &[]),
            vec!["--at", "999999"],
            "numbered 1 to",
        ),
        (
            fixture("rusty_train_1830.game"),
            vec!["--at", "5"],
            "for 18xx.games records",
        ),
        (
            fixture("rusty_train_1830.game"),
            vec!["--check"],
            "for 18xx.games records",
        ),
    ];
    for (path, args, needle) in &cases {
        fails_with(
            hexroute()
                .arg("import")
                .arg(path)
                .args(args)
                .arg("-o")
                .arg(&out),
            needle,
        );
        assert!(!out.exists(), "{} wrote {}", path.display(), out.display());
    }
    // The review refuses the same way, and what is not a record.
    fails_with(
        hexroute().arg("review").arg(&cases[0].0),
        "not an 18xx.games game record",
    );
    fails_with(
        hexroute()
            .arg("review")
            .arg(fixture("rusty_train_1830.game")),
        "not an 18xx.games game record",
    );
    fails_with(
        hexroute()
            .arg("review")
            .arg(record("1889_314.json"))
            .args(["--company", "XYZ"]),
        "XYZ",
    );
    // An existing file is kept unless --force.
    fs::write(&out, "keep me").unwrap();
    fails_with(
        hexroute()
            .arg("import")
            .arg(record("1889_314.json"))
            .arg("-o")
            .arg(&out),
        "already exists",
    );
    assert_eq!(fs::read_to_string(&out).unwrap(), "keep me");
}
