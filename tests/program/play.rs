//! The late game by hand (`merge`, `nationalise`, `form`, `close`): each
//! command, from `import --at` of a public record just before the move,
//! leaves the save `import --at` gives just after it (history apart: only
//! the hand-played save has one), and `undo` takes it back. The records'
//! states after each move are the engine's, compared in `x18`.

use crate::common::{fails_with, fixture, hexroute, record_at, saved_json, stdout_of};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn record(name: &str) -> PathBuf {
    fixture("18xx.games").join(name)
}

/// The save without its history (what hand play records and an import does
/// not, and the action an import stopped at).
fn without_history(mut save: Value) -> Value {
    let map = save.as_object_mut().unwrap();
    map.remove("history");
    map.remove("undone");
    map.remove("imported");
    save
}

/// Runs `hexroute ARGS FILE REST`, which must succeed.
fn play(args: &[&str], file: &Path, rest: &[&str]) {
    stdout_of(hexroute().args(args).arg(file).args(rest));
}

/// 1867, record 21268: LPS and CA merge into CNR (actions 541 and 543),
/// and GTR, left with no train, chooses to be nationalised (699). From
/// `import --at` the action before each, the commands give what `import
/// --at` gives after it: the minors' tokens and trains are CNR's, both
/// closed; GTR's tokens leave, CN taking the one in its best city it has
/// none in (E15).
#[test]
fn a_hand_played_1867_game_merges_and_nationalises_as_the_record_does() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.json");
    let before = record_at("1867_21268.json", 540, &game);
    let merged = record_at("1867_21268.json", 543, &dir.path().join("543.json"));
    assert_ne!(before, merged, "the merger changes the map");
    play(&["merge"], &game, &["LPS", "CA", "--into", "CNR"]);
    let hand = saved_json(&game);
    assert_eq!(
        without_history(hand.clone()),
        without_history(merged.clone())
    );
    assert_eq!(
        hand["history"][0]["standing"]["LPS"]["after"],
        "merged into CNR"
    );

    let game = dir.path().join("late.json");
    let before = record_at("1867_21268.json", 698, &game);
    let nationalised = record_at("1867_21268.json", 699, &dir.path().join("699.json"));
    assert_ne!(before, nationalised);
    play(&["nationalise"], &game, &["GTR"]);
    assert_eq!(
        without_history(saved_json(&game)),
        without_history(nationalised.clone())
    );
    play(&["undo"], &game, &[]);
    assert_eq!(
        without_history(saved_json(&game)),
        without_history(before.clone())
    );
}

/// 1856, the record whose CGR forms as the first 6 is bought (589-595):
/// `form` with the seven companies, in the record's order, gives the
/// CGR's eleven tokens and the seven closed, as `import --at 595` does.
#[test]
fn a_hand_formed_cgr_is_the_one_the_record_forms() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.json");
    record_at("1856_game_end_bank.json", 588, &game);
    let formed = record_at("1856_game_end_bank.json", 595, &dir.path().join("595.json"));
    play(
        &["form"],
        &game,
        &["TGB", "GW", "CPR", "THB", "CA", "GT", "LPS"],
    );
    assert_eq!(
        without_history(saved_json(&game)),
        without_history(formed.clone())
    );
}

/// The lists say what the rules allow now, and the refusals name the rule.
#[test]
fn lists_and_refusals_name_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.json");
    record_at("1867_21268.json", 698, &game);
    let list = stdout_of(hexroute().args(["nationalise", "--list"]).arg(&game));
    assert!(list.contains("into CN"), "{list}");
    assert!(list.contains("now: GTR"), "{list}");
    assert!(
        list.contains("not CNR: CNR owns 1 train: a company is nationalised when it has none (nationalisation rule)"),
        "{list}"
    );
    let before = std::fs::read(&game).unwrap();
    fails_with(
        hexroute().args(["nationalise"]).arg(&game).arg("CNR"),
        "(nationalisation rule); use --force",
    );
    fails_with(
        hexroute()
            .args(["merge"])
            .arg(&game)
            .args(["GTR", "--into", "CS"]),
        "GTR is a major: only minors merge (merger rule)",
    );
    fails_with(
        hexroute().args(["form", "--list"]).arg(&game),
        "1867 has no national formed from other companies (formation rule)",
    );
    assert_eq!(
        std::fs::read(&game).unwrap(),
        before,
        "a refusal writes nothing"
    );

    let other = dir.path().join("1830.json");
    crate::common::new_game("1830", &other);
    fails_with(
        hexroute().args(["nationalise"]).arg(&other).arg("PRR"),
        "1830 has no national that nationalises companies (nationalisation rule)",
    );
}

/// `close` takes a company's tokens and trains off, records it closed,
/// refuses a second time, and `undo` brings all back.
#[test]
fn a_closed_company_leaves_and_undo_brings_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.json");
    let before = record_at("1867_21268.json", 698, &game);
    play(&["close"], &game, &["NYC"]);
    let closed = saved_json(&game);
    assert!(closed["closed"].as_array().unwrap().contains(&"NYC".into()));
    assert_eq!(closed["trains"].get("NYC"), None);
    assert!(
        !serde_json::to_string(&closed["hexes"])
            .unwrap()
            .contains("\"NYC\"")
    );
    fails_with(
        hexroute().args(["close"]).arg(&game).arg("NYC"),
        "has left the game already (closed) (closing rule)",
    );
    play(&["undo"], &game, &[]);
    assert_eq!(
        without_history(saved_json(&game)),
        without_history(before.clone())
    );
}

/// 1846's companies close at a price of 0 or with a bankrupt president
/// (the importer's `close_company`, the `play` event `Close`): the save
/// records them closed. The seven of the record that ends with all closed
/// (the engine's `game_end_reason_all_closed`), and GT of the one that
/// ends bankrupt.
#[test]
fn companies_an_1846_record_closes_are_closed_in_the_save() {
    let dir = tempfile::tempdir().unwrap();
    for (name, closed) in [
        (
            "1846_all_closed.json",
            &["B&O", "C&O", "ERIE", "GT", "IC", "NYC", "PRR"][..],
        ),
        ("1846_bankrupt.json", &["GT"][..]),
    ] {
        let out = dir.path().join(name);
        hexroute()
            .arg("import")
            .arg(record(name))
            .arg("-o")
            .arg(&out)
            .assert()
            .success();
        let save = saved_json(&out);
        assert_eq!(save["closed"], serde_json::json!(closed), "{name}");
    }
}
