//! Map editing through the real binary: every rule refuses (leaving the file
//! byte-for-byte unchanged) and accepts, and `undo` restores each change.

use crate::common::{Table, stdout_of};
use assert_cmd::Command;
use serde_json::Value;
use std::fs;

/// `--force` warns that a change broke the rules only once it is written:
/// a write that fails says one line, why, and records nothing.
#[test]
fn a_forced_change_warns_only_once_written() {
    let t = Table::new("1867");
    // A regular file where a directory should be: the write fails.
    let out = t.file.join("out.json");
    let out = out.to_str().unwrap();
    let err = t.refuse(
        &["place", "F2", "9", "--rotate", "0", "--force", "-o", out],
        "out.json: not a directory",
    );
    assert!(!err.contains("despite"), "{err}");
    let said = t.accept(&["place", "F2", "9", "--rotate", "0", "--force"]);
    let lines: Vec<&str> = said.lines().collect();
    assert!(lines[0].starts_with("placed 9 on F2"), "{said}");
    assert!(
        lines[1].contains("recorded despite the rules (--force)"),
        "{said}"
    );
}

fn upgrade_list(t: &Table, hex: &str) -> Vec<(String, u64, Value)> {
    let out = stdout_of(&mut t.cmd(&["upgrade", hex, "--list", "--json"]));
    let v: Value = serde_json::from_str(&out).unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["tile"].as_str().unwrap().to_string(),
                o["rotation"].as_u64().unwrap(),
                o["tokens"].clone(),
            )
        })
        .collect()
}

fn rotations_of(list: &[(String, u64, Value)], tile: &str) -> Vec<u64> {
    list.iter()
        .filter(|(t, _, _)| t == tile)
        .map(|(_, r, _)| *r)
        .collect()
}

/// 1867 Montreal: QLS in the city joined to the top face, LPS in the city
/// joined to the lower-left face of the yellow Montreal tile.
fn montreal() -> Table {
    let t = Table::new("1867");
    // Montreal's printed cities: 0 joins the lower-left face, 1 the top face.
    t.accept(&["token", "L12", "QLS", "--space", "1"]);
    t.accept(&["token", "L12", "LPS", "--space", "0"]);
    t.accept(&["phase", "3"]);
    t
}

#[test]
fn montreal_keeps_both_tokens_in_four_green_and_two_brown_rotations() {
    let t = montreal();
    let list = upgrade_list(&t, "L12");
    assert_eq!(rotations_of(&list, "X2"), vec![0, 1, 3, 4]);
    // The list agrees with what `upgrade` accepts, rotation by rotation.
    for rot in 0..6 {
        let r = rot.to_string();
        let args = ["upgrade", "L12", "X2", "--rotate", r.as_str()];
        if [0, 1, 3, 4].contains(&rot) {
            t.accept_then_undo(&args);
        } else {
            t.refuse(&args, "no place for every token");
        }
    }
    // Without --rotate the choice is the player's: four legal rotations.
    t.refuse(
        &["upgrade", "L12", "X2"],
        "legal at 4 rotations (0, 1, 3, 4)",
    );

    // X2 at rotation 1: city 0 joins LL+UR, city 1 joins T+LR, city 2 joins UL+B.
    t.accept(&["upgrade", "L12", "X2", "--rotate", "1"]);
    let hex = t.hex("L12");
    assert_eq!(hex["tile"], "X2");
    assert_eq!(hex["tokens"]["0"], "LPS", "LPS keeps its lower-left face");
    assert_eq!(hex["tokens"]["1"], "QLS", "QLS keeps its top face");

    t.accept(&["phase", "5"]);
    let list = upgrade_list(&t, "L12");
    assert_eq!(rotations_of(&list, "X7"), vec![1, 4]);
    for rot in [0, 2, 3, 5] {
        t.refuse(
            &["upgrade", "L12", "X7", "--rotate", &rot.to_string()],
            "L12",
        );
    }
    // X7 at rotation 1: city 0 (one space) joins T+LR, where QLS was; city 1
    // (two spaces) joins the other four faces and takes LPS.
    t.accept(&["upgrade", "L12", "X7", "--rotate", "1"]);
    let hex = t.hex("L12");
    assert_eq!(hex["tokens"]["0"], "QLS");
    assert_eq!(hex["tokens"]["1"], "LPS");
    let tokens = &list
        .iter()
        .find(|(tile, r, _)| tile == "X7" && *r == 4)
        .unwrap()
        .2;
    // At rotation 4 city 0 joins UL+B, where no token was: both share city 1.
    assert_eq!(tokens[0]["company"], "LPS");
    assert_eq!(tokens[0]["space"], 1);
    assert_eq!(tokens[1]["company"], "QLS");
    assert_eq!(tokens[1]["space"], 2);
}

/// A custom game whose upgrade strands a token if tokens are placed
/// greedily: A's city fits both new cities, B's only the first.
const FLOW_CATALOGUE: &str = r#"[
    (name: "Twin", colour: Blank,
     cities: [(revenue: 0, spaces: 1), (revenue: 0, spaces: 1)]),
    (name: "Two", colour: Yellow,
     cities: [(revenue: 20, spaces: 1), (revenue: 20, spaces: 1)],
     track: [(Top, City(0)), (Bottom, City(1))]),
    (name: "Pair", colour: Green,
     cities: [(revenue: 30, spaces: 1), (revenue: 30, spaces: 1)],
     track: [(Top, City(0)), (Bottom, City(0)), (Top, City(1)), (UpperRight, City(1))]),
    (name: "Pair2", colour: Green,
     cities: [(revenue: 30, spaces: 1), (revenue: 30, spaces: 1)],
     track: [(Top, City(0)), (UpperRight, City(0)), (Top, City(1)), (Bottom, City(1))]),
]"#;

/// The game of that catalogue, a file so the game-file tests read it too.
const FLOW_GAME: &str = include_str!("../games/flowtest.ron");

#[test]
fn maximum_flow_places_tokens_where_a_greedy_choice_fails() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("flow.ron"), FLOW_CATALOGUE).unwrap();
    let game_file = dir.path().join("custom.ron");
    fs::write(&game_file, FLOW_GAME).unwrap();
    let t = Table::with_game_file("flowtest", Some(&game_file));
    fs::copy(&game_file, t.dir.path().join("custom.ron")).unwrap();
    fs::copy(dir.path().join("flow.ron"), t.dir.path().join("flow.ron")).unwrap();
    t.accept(&["place", "A3", "Two", "--rotate", "0"]);
    t.accept(&["token", "A3", "A", "--space", "0"]); // city joined to Top
    t.accept(&["token", "A3", "B", "--space", "1"]); // city joined to Bottom
    // "Pair": city 0 joins Top+Bottom, city 1 joins Top+UpperRight. A (Top)
    // fits both, B (Bottom) only city 0. Taking city 0 for A strands B.
    t.accept(&["upgrade", "A3", "Pair", "--rotate", "0"]);
    let hex = t.hex("A3");
    assert_eq!(hex["tokens"]["0"], "B");
    assert_eq!(hex["tokens"]["1"], "A");
    // Every rotation where B's bottom face has no city is refused.
    t.refuse(
        &["upgrade", "A3", "Pair", "--rotate", "1"],
        "no place for every token",
    );
}

#[test]
fn tile_lays_follow_the_rules() {
    let t = Table::new("1867");
    // Hex and tile must exist whatever --force says.
    t.refuse(&["place", "Z99", "57", "--rotate", "0", "--force"], "Z99");
    t.refuse(
        &["place", "E13", "577", "--rotate", "0", "--force"],
        "did you mean 57?",
    );
    t.refuse(&["place", "E13", "57", "--rotate", "9"], "rotation 9");
    // Off-boards, ports and printed grey hexes take no tile.
    t.refuse(
        &["place", "A19", "57", "--rotate", "0", "--force"],
        "off-board",
    );
    t.refuse(
        &["place", "E19", "9", "--rotate", "0", "--force"],
        "off-board or water",
    );
    t.refuse(
        &["place", "L14", "9", "--rotate", "0", "--force"],
        "printed grey",
    );
    // Printed yellow Toronto: upgrade, not place.
    t.refuse(&["place", "F16", "57", "--rotate", "0"], "upgrade");
    // Yellow first.
    t.refuse(
        &["place", "E11", "14", "--rotate", "0"],
        "yellow first rule",
    );
    // A city hex takes a one-city tile; a plain hex takes no city.
    t.refuse(&["place", "E13", "9", "--rotate", "0"], "same stops rule");
    t.refuse(&["place", "E11", "57", "--rotate", "0"], "same stops rule");
    t.accept(&["place", "E13", "57", "--rotate", "0"]);
    // Labels: Hamilton (Y) needs a Y tile; a Y tile needs a Y hex.
    t.refuse(&["place", "E17", "57", "--rotate", "0"], "labels rule");
    t.refuse(&["place", "E15", "621", "--rotate", "0"], "labels rule");
    t.accept(&["place", "E17", "621", "--rotate", "0"]);
    // Track may not run off the map, across a barrier, or into a blank side.
    t.refuse(&["place", "C3", "9", "--rotate", "0"], "printed grey");
    t.refuse(&["place", "F2", "9", "--rotate", "0"], "runs off the map");
    t.refuse(&["place", "D18", "9", "--rotate", "2"], "crosses a barrier");
    // Granby (M13) is closed to track until phase 3.
    t.refuse(
        &["place", "M13", "4", "--rotate", "0"],
        "hex M13 is closed to track until phase 3 (until phase rule)",
    );
    t.cmd(&["phase", "3"]).assert().success();
    t.refuse(
        &["place", "M13", "4", "--rotate", "1"],
        "blank side of grey hex L14",
    );
    t.accept(&["place", "M13", "4", "--rotate", "0"]);
    // Going back a phase is refused by the phase order rule, unless forced.
    t.refuse(&["phase", "2"], "phase 2 comes before phase 3");
    t.refuse(&["phase", "2"], "(phase order rule); use --force");
    t.cmd(&["phase", "2", "--force"]).assert().success();
    t.accept(&["place", "D18", "9", "--rotate", "1"]);
    // --force records what the rules forbid, and says so.
    let warning = t.accept(&["place", "F2", "9", "--rotate", "0", "--force"]);
    assert!(warning.contains("runs off the map"), "{warning}");
    // Phase colour.
    t.refuse(
        &["upgrade", "E13", "14", "--rotate", "0"],
        "phase colour rule",
    );
    t.accept(&["phase", "3"]);
    // Colour order: yellow to green only.
    t.refuse(
        &["upgrade", "E13", "63", "--rotate", "0"],
        "upgrade colour rule",
    );
    // Track preservation: 57 joins Top and Bottom; tile 14 at rotation 1 does not.
    t.refuse(
        &["upgrade", "E13", "14", "--rotate", "1"],
        "track preserved rule",
    );
    t.accept(&["upgrade", "E13", "14", "--rotate", "0"]);
    // Nothing to upgrade on an empty hex; grey printed hexes never change.
    t.refuse(
        &["upgrade", "E11", "14", "--rotate", "0", "--force"],
        "no tile to upgrade",
    );
}

#[test]
fn supply_runs_out_and_comes_back() {
    let t = Table::new("1867");
    // Two copies of tile 57 in 1867.
    for hex in ["E13", "E15"] {
        t.cmd(&["place", hex, "57", "--rotate", "0"])
            .assert()
            .success();
    }
    t.refuse(
        &["place", "G15", "57", "--rotate", "1"],
        "all 2 copies of tile 57",
    );
    t.cmd(&["phase", "3"]).assert().success();
    t.cmd(&["upgrade", "E13", "14", "--rotate", "0"])
        .assert()
        .success();
    // The 57 replaced on E13 went back into supply.
    t.accept(&["place", "G15", "57", "--rotate", "1"]);
}

/// Column E of 1867: CPR at Hamilton (E17), GW filling Guelph (E15), Barrie
/// (E13) and plain E11 beyond, all joined by straight track.
fn blocked_line() -> Table {
    let t = Table::new("1867");
    // Majors start where no track joins the hex to another stop, so the
    // tokens go down before the track.
    t.accept(&["token", "E17", "CPR"]);
    t.accept(&["token", "E15", "GW"]);
    for (hex, tile) in [("E13", "57"), ("E15", "57"), ("E17", "621")] {
        t.cmd(&["place", hex, tile, "--rotate", "0"])
            .assert()
            .success();
    }
    t
}

#[test]
fn reachability_stops_at_a_city_filled_by_others() {
    let t = blocked_line();
    // Barrie is beyond GW's full Guelph; E11 is three hexes from Hamilton.
    t.refuse(&["token", "E13", "CPR"], "reachable rule");
    t.refuse(
        &["place", "E11", "9", "--rotate", "0", "--company", "CPR"],
        "lay rule",
    );
    // GW reaches both from its own token.
    t.accept_then_undo(&["place", "E11", "9", "--rotate", "0", "--company", "GW"]);
    // Open Guelph: CPR can pass.
    t.cmd(&["token", "E15", "GW", "--remove"])
        .assert()
        .success();
    t.accept(&["token", "E13", "CPR"]);
    t.accept(&["place", "E11", "9", "--rotate", "0", "--company", "CPR"]);
}

#[test]
fn token_rules() {
    let t = blocked_line();
    t.refuse(&["token", "E11", "CPR", "--force"], "no city");
    t.refuse(
        &["token", "E15", "CPR", "--force"],
        "every token space is taken",
    );
    t.refuse(
        &["token", "E15", "CPR", "--space", "0", "--force"],
        "already holds GW",
    );
    t.refuse(
        &["token", "E15", "CPR", "--space", "4", "--force"],
        "does not exist",
    );
    t.refuse(&["token", "E15", "XYZ"], "unknown company");
    t.refuse(&["token", "E13", "GW", "--remove"], "no token there");
    // Minors have one token; a second is refused, or recorded with --force.
    t.accept_then_undo(&["token", "E13", "BBG"]);
    t.cmd(&["phase", "3"]).assert().success();
    t.cmd(&["upgrade", "E15", "14", "--rotate", "0"])
        .assert()
        .success();
    t.refuse(&["token", "E15", "GW"], "one token per hex rule");
    t.accept_then_undo(&["token", "E15", "CPR"]);
    t.cmd(&["token", "E13", "OP"]).assert().success();
    t.refuse(&["token", "E15", "OP"], "tokens left rule");
    t.accept(&["token", "E15", "OP", "--force"]);
    // Toronto's first city holds the national CN's token from setup, so
    // its second city is the only choice and needs no --space. A minor may
    // start there (an empty city); a major may not (a hex with a token).
    t.refuse(&["token", "F16", "CV", "--space", "0"], "already holds CN");
    t.refuse(&["token", "F16", "CNR"], "first token rule");
    t.accept(&["token", "F16", "CV"]);
}

#[test]
fn history_lists_changes_and_undo_walks_back() {
    let t = Table::new("1867");
    let fresh = t.bytes();
    t.cmd(&["place", "E13", "57", "--rotate", "0"])
        .assert()
        .success();
    t.cmd(&["token", "E13", "CPR"]).assert().success();
    t.cmd(&["phase", "3"]).assert().success();
    let out = t.cmd(&["show", "--history"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("place"), "{text}");
    assert!(text.contains("E13: printed → tile 57 rotation 0"), "{text}");
    assert!(text.contains("phase 2 → 3"), "{text}");
    for _ in 0..3 {
        t.cmd(&["undo"]).assert().success();
    }
    // The map is fresh again; the three changes wait to be redone.
    assert_eq!(
        crate::common::without_undone(&t.bytes()),
        crate::common::without_undone(&fresh)
    );
    assert_eq!(t.json()["undone"].as_array().unwrap().len(), 3);
    t.refuse(&["undo"], "no recorded change");
}

#[test]
fn edits_read_standard_input_and_write_standard_output() {
    let t = Table::new("1867");
    let out = Command::cargo_bin("hexroute")
        .unwrap()
        .args(["place", "-", "E13", "57", "--rotate", "0"])
        .write_stdin(t.bytes())
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["hexes"]["E13"]["tile"], "57");
}

/// Changes `table`'s save as a hand edit would: D14's tile becomes an 8,
/// E13's 57 turns to rotation 3 (when laid), CPR's trains become one 3.
fn edit_by_hand(t: &Table) {
    let mut v = t.json();
    v["hexes"]["D14"]["tile"] = "8".into();
    if v["hexes"]["E13"].is_object() {
        v["hexes"]["E13"]["rotation"] = 3.into();
    }
    if v["trains"]["CPR"].is_array() {
        v["trains"]["CPR"] = serde_json::json!(["3"]);
    }
    fs::write(&t.file, serde_json::to_string_pretty(&v).unwrap()).unwrap();
}

/// Undoes `undos` changes, each without --force, and checks the map is
/// the fresh game again; then redoes `redos` of them, all there are, and
/// returns the map and the trains.
fn walk_back_and_forth(t: &Table, fresh: &[u8], undos: usize, redos: usize) -> Value {
    for _ in 0..undos {
        t.cmd(&["undo"]).assert().success();
    }
    t.refuse(&["undo"], "no recorded change");
    assert_eq!(
        crate::common::without_undone(&t.bytes()),
        crate::common::without_undone(fresh)
    );
    for _ in 0..redos {
        t.cmd(&["redo"]).assert().success();
    }
    t.refuse(&["redo"], "nothing to redo");
    let v = t.json();
    serde_json::json!({"hexes": v["hexes"], "trains": v["trains"]})
}

/// A hand edit is recorded in the history once hexroute records a change
/// over it: undo then walks back through it, and every hexroute change
/// before it, without --force.
#[test]
fn a_hand_edit_is_recorded_by_the_next_change() {
    let t = Table::new("1867");
    let fresh = t.bytes();
    t.cmd(&["place", "D14", "9", "--rotate", "0"])
        .assert()
        .success();
    t.cmd(&["trains", "CPR", "--add", "2"]).assert().success();
    edit_by_hand(&t);
    let out = t
        .cmd(&["place", "E13", "57", "--rotate", "0"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(
        said.contains("the hand edit made since the last change is recorded first"),
        "{said}"
    );
    let history = stdout_of(&mut t.cmd(&["show", "--history"]));
    assert!(history.contains("(edited by hand)"), "{history}");
    assert!(
        history.contains("D14: tile 9 rotation 0 → tile 8 rotation 0"),
        "{history}"
    );
    assert!(history.contains("CPR trains: 2 → 3"), "{history}");
    let edited = t.json();
    let back = walk_back_and_forth(&t, &fresh, 4, 4);
    assert_eq!(back["hexes"], edited["hexes"]);
    assert_eq!(back["trains"], edited["trains"]);
}

/// Forcing one undo past a hand edit is enough: the hand edit is recorded,
/// the part the undo writes over is undone with it (redo brings it back),
/// and the later undos need no --force.
#[test]
fn forcing_one_undo_past_a_hand_edit_is_enough() {
    let t = Table::new("1867");
    let fresh = t.bytes();
    t.cmd(&["place", "D14", "9", "--rotate", "0"])
        .assert()
        .success();
    t.cmd(&["place", "E13", "57", "--rotate", "0"])
        .assert()
        .success();
    edit_by_hand(&t);
    let edited = t.json();
    t.refuse(
        &["undo"],
        "hex E13 no longer matches the last recorded change",
    );
    let out = t.cmd(&["undo", "--force"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(
        said.contains("and the hand edit made over it since"),
        "{said}"
    );
    // Left: the D14 lay and the D14 hand edit, recorded over it. Redo
    // brings back both, then the forced undo's lay and its hand edit.
    let back = walk_back_and_forth(&t, &fresh, 2, 4);
    assert_eq!(back["hexes"], edited["hexes"]);
}

/// `companies CO --give P` and `--take P` change who owns a private
/// company, as history that undo walks back; the private's route bonus
/// follows its owner (1861: the Moscow-Yaroslavl Railway, +$10 a route
/// in Moscow, H8, for the company owning it).
#[test]
fn privates_change_hands_and_their_bonus_follows() {
    // 1861_mid: M-K's 3 train runs from its home, Moscow.
    let t = Table::new("1861");
    fs::copy(crate::common::fixture("1861_mid.json"), &t.file).unwrap();
    let total = |t: &Table| -> u64 {
        let out = stdout_of(&mut t.cmd(&["routes", "--company", "M-K", "--json", "--quiet"]));
        serde_json::from_str::<Value>(&out).unwrap()["total"]
            .as_u64()
            .unwrap()
    };
    let bare = total(&t);
    let said = t.accept(&["companies", "m-k", "--give", "myr"]);
    assert!(said.contains("M-K now owns MYR"), "{said}");
    assert_eq!(t.json()["privates"]["MYR"], "M-K");
    assert_eq!(total(&t), bare + 10);
    let history = stdout_of(&mut t.cmd(&["show", "--history"]));
    assert!(
        history.contains("MYR owned by no company → M-K"),
        "{history}"
    );
    t.refuse(
        &["companies", "MV", "--take", "MYR"],
        "MV does not own MYR (M-K does)",
    );
    t.refuse(
        &["companies", "M-K", "--give", "MYR"],
        "M-K already owns MYR",
    );
    t.refuse(
        &["companies", "M-K", "--give", "XYZ"],
        "XYZ is no private company of 1861",
    );
    let said = t.accept(&["companies", "MV", "--give", "MYR"]);
    assert!(said.contains("MYR goes from M-K to MV"), "{said}");
    assert_eq!(total(&t), bare);
    t.cmd(&["undo"]).assert().success();
    assert_eq!(total(&t), bare + 10);
    let said = t.accept(&["companies", "--take", "MYR"]);
    assert!(said.contains("M-K no longer owns MYR"), "{said}");
    assert!(t.json().get("privates").is_none());
    t.refuse(&["companies", "--take", "MYR"], "no company owns MYR");
    t.cmd(&["undo"]).assert().success();
    assert_eq!(t.json()["privates"]["MYR"], "M-K");
    // Private companies close in phase 5 in 1830's family; 1861's never do.
    let t = Table::new("1889");
    t.accept(&["phase", "5"]);
    t.refuse(&["companies", "TR", "--give", "ER"], "privates closed rule");
    t.accept(&["companies", "TR", "--give", "ER", "--force"]);
}
