//! 1880's record replayed past the players' choices (`PlayerChoices`: a
//! president's share, building permits), which decide nothing on the map:
//! the replay passes them with one caution, from the first (action 66) on.

use crate::common::{fixture, hexroute, saved_json};

/// Imports tobymao/18xx's 1880 record up to `at`; its stderr.
fn import_1880_at(at: u64, out: &std::path::Path) -> String {
    let done = hexroute()
        .arg("import")
        .arg(fixture("18xx.games").join("1880_1.json"))
        .args(["--at", &at.to_string(), "-o"])
        .arg(out)
        .assert()
        .success();
    String::from_utf8_lossy(&done.get_output().stderr).into_owned()
}

#[test]
fn players_choices_pass_with_one_caution() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("game.json");
    // Before the first choice: nothing to note.
    let before = import_1880_at(65, &out);
    assert!(!before.contains("players' choices"), "{before}");
    // After it (and six more up to action 115): one caution, naming
    // the first.
    let after = import_1880_at(115, &dir.path().join("later.json"));
    assert_eq!(after.matches("players' choices").count(), 1, "{after}");
    assert!(after.contains("action 66:"), "{after}");
    let saved = saved_json(&dir.path().join("later.json"));
    assert_eq!(saved["imported"]["action"], 115);
}
