//! 18EU's minors exchanged for majors' shares (`MinorExchanges`), in
//! record 74045 (a copy of tobymao/18xx's public fixture). Facts read once
//! with the engine replaying the record (x18-compare: all 114 runs' maps
//! equal): at 352 BNR starts with its home token on Lyon (B17), the city
//! of its president's minor 15, which closes, its trains BNR's; at 515
//! minor 9 is exchanged for a treasury share of RPR, and at 516 RPR puts
//! its token in minor 9's space in Berlin (J5), though it has one in
//! another of Berlin's cities (the engine's `ReplaceToken` asks no
//! placement rule).

use crate::common::{fixture, hexroute};
use serde_json::Value;

fn import(at: u64) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("game.json");
    let done = hexroute()
        .arg("import")
        .arg(fixture("18xx.games").join("18EU_74045.json"))
        .args(["--at", &at.to_string(), "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        done.status.success(),
        "{}",
        String::from_utf8_lossy(&done.stderr)
    );
    serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap()
}

fn token(save: &Value, hex: &str, space: &str) -> Value {
    save["hexes"][hex]["tokens"][space].clone()
}

fn closed(save: &Value, company: &str) -> bool {
    (save["closed"].as_array()).is_some_and(|c| c.iter().any(|co| co == company))
}

#[test]
fn a_majors_home_takes_its_minors_place_with_its_trains() {
    let before = import(351);
    assert_eq!(token(&before, "B17", "0"), "15");
    assert!(!closed(&before, "15"));
    let after = import(352);
    assert_eq!(token(&after, "B17", "0"), "BNR");
    assert!(closed(&after, "15"));
    assert_eq!(after["trains"]["BNR"], serde_json::json!(["2", "2"]));
}

#[test]
fn a_minor_exchanged_for_a_treasury_share_leaves_its_space_to_the_major() {
    let before = import(515);
    assert_eq!(token(&before, "J5", "1"), "9");
    assert_eq!(token(&before, "J5", "2"), "RPR");
    let after = import(516);
    assert_eq!(token(&after, "J5", "1"), "RPR");
    assert!(closed(&after, "9"));
}

#[test]
fn every_move_of_the_game_is_accepted() {
    let out = hexroute()
        .arg("import")
        .arg(fixture("18xx.games").join("18EU_74045.json"))
        .args(["--check", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["refused"], serde_json::json!([]));
}
