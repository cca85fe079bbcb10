//! Saved games from odd places: names that are not UTF-8, a byte order
//! mark, a history entry that could not be undone.

mod common;

use common::{fails_with, fixture, hexroute, stdout_of};
use std::fs;

/// A file name that is not UTF-8 is a fine place for a save: editing it
/// records the command lossily instead of panicking.
#[cfg(unix)]
#[test]
fn a_non_utf8_file_name_is_edited_and_recorded() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"game-\xff.json");
    let path = dir.path().join(name);
    hexroute()
        .args(["new", "1867", "-o"])
        .arg(&path)
        .assert()
        .success();
    let out = hexroute()
        .arg("place")
        .arg(&path)
        .args(["E13", "57", "--rotate", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let saved: serde_json::Value = serde_json::from_slice(&fs::read(&path).unwrap()).unwrap();
    let command = saved["history"][0]["command"].as_str().unwrap();
    assert!(command.starts_with("place "), "{command}");
    assert!(command.contains("game-\u{fffd}.json E13 57"), "{command}");
}

/// A save that an editor wrote with a byte order mark loads as any other.
#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.json");
    let text = fs::read_to_string(fixture("1867_bc.json")).unwrap();
    fs::write(&path, format!("\u{feff}{text}")).unwrap();
    let plain = stdout_of(hexroute().arg("show").arg(fixture("1867_bc.json")));
    assert_eq!(stdout_of(hexroute().arg("show").arg(&path)), plain);
}

/// A history entry whose state no save could hold (a token on a space the
/// tile lacks) is bad input when the file loads, not an internal fault
/// when `undo` writes it back.
#[test]
fn a_bad_history_entry_is_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    fs::write(
        &path,
        r#"{"hexroute": 1, "game": "1867", "phase": "2",
            "hexes": {"E13": {"tile": "57"}},
            "history": [{"command": "place game.json E13 57", "time": "2026-11-22T23:00:00Z",
                         "hexes": {"E13": {"before": {"tokens": {"3": "CPR"}},
                                           "after": {"tile": "57"}}}}]}"#,
    )
    .unwrap();
    let before = fs::read(&path).unwrap();
    fails_with(
        hexroute().arg("undo").arg(&path),
        "history entry 1: hex E13: token space 3 does not exist",
    );
    assert_eq!(fs::read(&path).unwrap(), before, "the file is untouched");
}
