//! 1861 took 18xx.games's numbering (every hex number 2 lower) in save
//! format 2. A format 1 save of it is read in the old numbering, says so
//! once on standard error, and is written anew by the next edit; a format
//! 2 save is never moved again.

use crate::common::{fixture, hexroute, saved_json};
use serde_json::Value;
use std::fs;
use std::path::Path;

/// The old save: `1861_mid.json` in format 1, with one change in its
/// history (`place ... H12`) and one undone (`token ... H10 MNN`).
const OLD: &str = "1861_mid_format1.json";

/// Runs hexroute; returns (stdout, stderr), asserting success.
fn run(args: &[&str], file: &Path) -> (String, String) {
    let out = hexroute()
        .arg(args[0])
        .arg(file)
        .args(&args[1..])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{args:?}: {err}");
    (String::from_utf8(out.stdout).unwrap(), err)
}

/// The note an old save gets: one line, naming the file and the move.
fn assert_moved_note(err: &str, file: &Path) {
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(lines[0].starts_with("hexroute: note: "), "{err}");
    assert!(lines[0].contains(&file.display().to_string()), "{err}");
    assert!(
        lines[0].contains("1861 save moved to 18xx.games's coordinates")
            && lines[0].contains("2 lower"),
        "{err}"
    );
}

#[test]
fn an_old_1861_save_routes_as_the_same_position_renumbered() {
    let old = fixture(OLD);
    let (moved, err) = run(&["routes", "--all", "--json"], &old);
    assert_moved_note(&err, &old);
    let (new, err) = run(&["routes", "--all", "--json"], &fixture("1861_mid.json"));
    assert_eq!(err, "", "a format 2 save is not moved");
    assert_eq!(moved, new);
    // Moscow, where M-K runs from, is H8 (it was H10).
    let report: Value = serde_json::from_str(&new).unwrap();
    let moscow: Vec<&Value> = report
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["routes"].as_array().unwrap())
        .flat_map(|r| r["stops"].as_array().unwrap())
        .filter(|s| s["name"] == "Moscow")
        .collect();
    assert!(
        !moscow.is_empty() && moscow.iter().all(|s| s["hex"] == "H8"),
        "{new}"
    );
}

#[test]
fn an_edit_writes_an_old_1861_save_in_the_new_numbering() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("old.json");
    fs::copy(fixture(OLD), &file).unwrap();
    // `redo` applies the undone token: an edit, in place.
    let (_, err) = run(&["redo"], &file);
    assert!(err.contains("hexroute: note: "), "{err}");
    let saved = saved_json(&file);
    assert_eq!(saved["hexroute"], 2);
    let expected = saved_json(&fixture("1861_mid.json"));
    let mut hexes = expected["hexes"].clone();
    hexes["H8"]["tokens"]["2"] = "MNN".into();
    assert_eq!(saved["hexes"], hexes);
    // The history's hexes and the addresses in its commands moved too.
    let history = saved["history"].as_array().unwrap();
    let commands: Vec<&str> = history
        .iter()
        .map(|c| c["command"].as_str().unwrap())
        .collect();
    assert_eq!(
        commands,
        [
            "place 1861_mid.json H10 58 --rotate 3",
            "token 1861_mid.json H8 MNN --space 2"
        ]
    );
    let hexes_of = |n: usize| -> Vec<String> {
        history[n]["hexes"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect()
    };
    assert_eq!(hexes_of(0), ["H10"]);
    assert_eq!(hexes_of(1), ["H8"]);
    // Written anew, it is read as it stands: no note, and undo finds H8.
    let (_, err) = run(&["undo"], &file);
    assert!(!err.contains("note:"), "{err}");
    assert_eq!(
        saved_json(&file)["hexes"]["H8"]["tokens"],
        serde_json::json!({"0": "M-K"})
    );
}

#[test]
fn a_rusty_train_1861_save_lands_on_the_new_coordinates() {
    let (out, _) = run(&["import", "-o", "-"], &fixture("rusty_train_1861.game"));
    let imported: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(imported["hexroute"], 2);
    // Moscow's first city holds the minor M-K (the save's "MK").
    assert_eq!(imported["hexes"]["H8"]["tokens"]["0"], "M-K");
    assert!(
        imported["hexes"]
            .get("H10")
            .is_none_or(|h| h.get("tokens").is_none())
    );
}
