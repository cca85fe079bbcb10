//! `import` of an 18xx.games record as a player steps through a game: the
//! save says where it came from, and may be replaced by the same record's
//! next step without `--force`, but nothing else is.

use crate::common::{fails_with, fixture, hexroute, new_game, saved_json};
use std::path::{Path, PathBuf};

fn record(name: &str) -> PathBuf {
    fixture("18xx.games").join(name)
}

fn import_at(rec: &Path, at: u64, out: &Path) -> assert_cmd::Command {
    let mut cmd = hexroute();
    cmd.arg("import")
        .arg(rec)
        .args(["--at", &at.to_string(), "-o"])
        .arg(out);
    cmd
}

/// The save names its record, the record's game id and title, and the
/// action the replay stopped at; the next `--at` replaces it in place.
#[test]
fn an_imported_save_records_its_record_and_steps_through_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("game.json");
    let rec = record("1846_12666.json");
    import_at(&rec, 100, &out).assert().success();
    let saved = saved_json(&out);
    let from = &saved["imported"];
    assert!(
        from["record"]
            .as_str()
            .unwrap()
            .ends_with("1846_12666.json")
    );
    assert_eq!(from["game"], "12666");
    assert_eq!(from["title"], "1846");
    assert_eq!(from["action"], 100);
    import_at(&rec, 200, &out).assert().success();
    assert_eq!(saved_json(&out)["imported"]["action"], 200);
    let history = hexroute()
        .args(["show", "--history"])
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8(history.stdout).unwrap();
    assert!(text.contains("(1846), through action 200"), "{text}");
}

/// Without `--at`, the action recorded is the record's last.
#[test]
fn a_whole_record_imported_records_its_last_action() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("game.json");
    let rec = record("1846_12666.json");
    hexroute()
        .arg("import")
        .arg(&rec)
        .arg("-o")
        .arg(&out)
        .assert()
        .success();
    let text = std::fs::read_to_string(&rec).unwrap();
    let raw: serde_json::Value = serde_json::from_str(&text).unwrap();
    let last = raw["actions"].as_array().unwrap().last().unwrap()["id"].clone();
    assert_eq!(saved_json(&out)["imported"]["action"], last);
}

/// Another record's save, a new game, and a save the player has changed
/// since its import all still need `--force`; each is left as it was.
#[test]
fn only_the_same_records_untouched_save_is_replaced_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.json");
    import_at(&record("1846_20381.json"), 50, &other)
        .assert()
        .success();
    let before = std::fs::read(&other).unwrap();
    fails_with(
        &mut import_at(&record("1846_12666.json"), 50, &other),
        "use --force",
    );
    assert_eq!(std::fs::read(&other).unwrap(), before);

    let fresh = dir.path().join("new.json");
    new_game("1846", &fresh);
    fails_with(
        &mut import_at(&record("1846_12666.json"), 50, &fresh),
        "use --force",
    );

    let played = dir.path().join("played.json");
    import_at(&record("1846_12666.json"), 100, &played)
        .assert()
        .success();
    let mut saved = saved_json(&played);
    saved["history"] =
        serde_json::json!([{"command": "place 57 H12", "time": "2026-11-27T00:00:00Z"}]);
    std::fs::write(&played, serde_json::to_vec_pretty(&saved).unwrap()).unwrap();
    // The edited save loads (else the refusal below would prove nothing).
    let shown = hexroute()
        .args(["show", "--history"])
        .arg(&played)
        .output()
        .unwrap();
    assert!(
        String::from_utf8(shown.stdout)
            .unwrap()
            .contains("place 57 H12")
    );
    let before = std::fs::read(&played).unwrap();
    fails_with(
        &mut import_at(&record("1846_12666.json"), 200, &played),
        "use --force",
    );
    assert_eq!(std::fs::read(&played).unwrap(), before);
    import_at(&record("1846_12666.json"), 200, &played)
        .arg("--force")
        .assert()
        .success();
}

/// Game ids are matched without regard to case, and the save names the
/// title as the game file spells it.
#[test]
fn a_game_id_is_matched_without_regard_to_case() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.json");
    hexroute()
        .args(["new", "18chesapeake", "-o"])
        .arg(&out)
        .assert()
        .success();
    assert_eq!(saved_json(&out)["game"], "18Chesapeake");
}

/// A misspelt company gets "did you mean", and the error names the file
/// it was looked for in, as a misspelt train does.
#[test]
fn a_misspelt_company_or_train_is_named_with_its_file() {
    let save = fixture("1846_mid.json");
    let name = save.display().to_string();
    let msg = fails_with(
        hexroute()
            .arg("routes")
            .arg(&save)
            .args(["--company", "PRRR"]),
        "did you mean PRR?",
    );
    assert!(msg.contains(&name), "{msg}");
    let msg = fails_with(
        hexroute()
            .arg("routes")
            .arg(&save)
            .args(["--company", "NYC", "--trains", "9x"]),
        "unknown train \"9x\"",
    );
    assert!(msg.contains(&name), "{msg}");
    let msg = fails_with(
        hexroute().arg("trains").arg(&save).arg("ERe"),
        "did you mean ERIE?",
    );
    assert!(msg.contains(&name), "{msg}");
}
