//! The operating round from the shell (issue 17): trains, companies, a
//! dividend, confirmations, undo and redo, batch routes. The walkthrough
//! test runs the README's "An operating round" commands, in order.

use crate::common::{Table, fails_with, fixture, hexroute, stdout_of};
use serde_json::Value;
use std::fs;

/// The README walkthrough, command by command (without `hexroute` and the
/// file, which Table adds). Keep the two the same.
const WALKTHROUGH: &[&str] = &[
    "token L12 CPR --space 0",
    "place K13 4 --company CPR",
    "place J14 9 --rotate 1 --company CPR",
    "place I15 57 --company CPR",
    "trains CPR --add 2 --add 2",
    "routes --company CPR --pay full",
    "phase 3",
    "trains CPR --add 3",
    "phase 4",
    "trains",
    "undo",
    "redo",
];

#[test]
fn the_readme_walkthrough_runs_end_to_end() {
    let readme = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = &readme[readme.find("### An operating round").unwrap()..];
    let section = &section[..section[4..].find("\n#").map_or(section.len(), |i| i + 4)];
    let typed: Vec<String> = section
        .lines()
        .filter_map(|l| l.strip_prefix("hexroute "))
        .map(|l| l.split(" #").next().unwrap().trim().to_string())
        .collect();
    assert_eq!(typed[0], "new 1867 -o game.json");
    let expected: Vec<String> = WALKTHROUGH
        .iter()
        .map(|c| {
            let (first, rest) = c.split_once(' ').unwrap_or((c, ""));
            format!("{first} game.json {rest}").trim().to_string()
        })
        .collect();
    assert_eq!(typed[1..], expected[..], "README and test differ");

    let t = Table::new("1867");
    let mut said = Vec::new();
    for command in WALKTHROUGH {
        let args: Vec<&str> = command.split(' ').collect();
        let out = t.cmd(&args).output().unwrap();
        assert!(
            out.status.success(),
            "{command}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        said.push((
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        ));
    }
    assert_eq!(said[0].1, "placed a CPR token on L12 (space 0)\n");
    assert_eq!(said[1].1, "placed 4 on K13 (rotation 1) for CPR; cost $0\n");
    let routes = &said[5].0;
    assert!(routes.contains("train 2     $60"), "{routes}");
    assert!(
        routes.contains("pays full: $6 per 10% share (10 shares); treasury keeps $0"),
        "{routes}"
    );
    assert_eq!(said[8].1, "phase 3 → 4; CPR's 2 and 2 rust\n");
    assert_eq!(said[9].0, "Trains in phase 4:\n  CPR   3  (limit 3)\n");
    assert!(said[10].1.starts_with("undid: phase"), "{}", said[10].1);
    assert!(said[11].1.starts_with("redid: phase"), "{}", said[11].1);
    assert_eq!(t.json()["trains"]["CPR"], serde_json::json!(["3"]));
}

#[test]
fn trains_are_added_within_the_limit_and_removed() {
    let t = Table::new("1867");
    t.accept(&["trains", "BBG", "--add", "2", "--add", "2"]);
    assert_eq!(t.json()["trains"]["BBG"], serde_json::json!(["2", "2"]));
    t.refuse(
        &["trains", "BBG", "--add", "3"],
        "BBG would own 3 trains; a minor may own 2 in phase 2 (train limit rule)",
    );
    t.refuse(&["trains", "BBG", "--add", "9"], "unknown train \"9\"");
    t.refuse(
        &["trains", "BBG", "--remove", "5"],
        "BBG has no 5 train to remove",
    );
    t.accept(&["trains", "BBG", "--remove", "2"]);
    // Each purchase and discard is in the history, as `show` tells it
    // (`accept` checked that undo and redo restore each, byte for byte).
    let history = stdout_of(&mut t.cmd(&["show", "--history"]));
    assert!(history.contains("BBG trains: none → 2, 2"), "{history}");
    assert!(history.contains("BBG trains: 2, 2 → 2"), "{history}");
    let history: Value =
        serde_json::from_str(&stdout_of(&mut t.cmd(&["show", "--history", "--json"]))).unwrap();
    assert_eq!(history["changes"][1]["changes"][0], "BBG trains: 2, 2 → 2");
    assert_eq!(history["imported"], Value::Null);
    // Listing: one company, or every company with trains; JSON for scripts.
    let list: Value = serde_json::from_str(&stdout_of(&mut t.cmd(&["trains", "--json"]))).unwrap();
    assert_eq!(
        list,
        serde_json::json!({"BBG": {"trains": ["2"], "limit": 2}})
    );
    // Adding needs a company.
    fails_with(
        &mut t.cmd(&["trains", "--add", "2"]),
        "required arguments were not provided: <COMPANY>",
    );
}

#[test]
fn a_lower_train_limit_names_who_must_discard() {
    let t = Table::new("1830");
    t.accept(&[
        "trains", "PRR", "--add", "3", "--add", "3", "--add", "3", "--add", "3",
    ]);
    t.accept(&["phase", "3"]);
    // Phase 4 lowers the limit to 3 and rusts the 2s, not the 3s.
    let said = t.accept(&["phase", "4"]);
    assert_eq!(
        said,
        "phase 3 → 4; 2 trains rust (none owned); PRR owns 4 trains, over the limit of 3: discard with `hexroute trains FILE PRR --remove TRAIN`\n"
    );
    t.accept(&["trains", "PRR", "--remove", "3"]);
}

#[test]
fn companies_list_homes_tokens_and_trains() {
    let list: Value = serde_json::from_str(&stdout_of(
        hexroute()
            .args(["companies"])
            .arg(fixture("1830_late.json"))
            .arg("--json"),
    ))
    .unwrap();
    let prr = list
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["company"] == "PRR")
        .unwrap();
    assert_eq!(prr["home"], "H12");
    assert_eq!(prr["started"], true);
    assert_eq!(prr["trains"], serde_json::json!(["6", "D"]));
    let placed = prr["tokens"].as_array().unwrap().len() as u64;
    assert_eq!(prr["tokens_left"].as_u64().unwrap() + placed, 4);
    let text = stdout_of(
        hexroute()
            .args(["companies"])
            .arg(fixture("1830_late.json")),
    );
    assert!(text.starts_with("CO    KIND"), "{text}");
}

#[test]
fn edits_confirm_quietly_or_not_and_dry_runs_write_nothing() {
    let t = Table::new("1867");
    let before = t.bytes();
    let out = t
        .cmd(&["place", "E13", "57", "--rotate", "0", "--dry-run"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "dry run, not written: placed 57 on E13 (rotation 0); cost $0\n"
    );
    assert_eq!(t.bytes(), before, "a dry run writes nothing");
    // A dry run still refuses what the rules refuse.
    t.refuse(&["place", "E13", "9", "--dry-run"], "same stops rule");
    let out = t
        .cmd(&["place", "E13", "57", "--rotate", "0", "--quiet"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stderr.is_empty(), "{out:?}");
    assert_eq!(t.hex("E13")["tile"], "57");
}

#[test]
fn redo_and_undo_after_hand_edits() {
    let t = Table::new("1867");
    t.refuse(&["redo"], "nothing to redo");
    t.accept(&["place", "E13", "57", "--rotate", "0"]);
    t.cmd(&["undo"]).assert().success();
    t.cmd(&["redo"]).assert().success();
    assert_eq!(t.hex("E13")["tile"], "57");
    t.refuse(&["redo"], "nothing to redo");
    // A new change after an undo ends what could be redone.
    t.cmd(&["undo"]).assert().success();
    t.accept(&["place", "E15", "57", "--rotate", "0"]);
    t.refuse(&["redo"], "nothing to redo");
    // A hand edit after the last change: undo would lose it, so it asks.
    let mut json = t.json();
    json["hexes"]["E15"]["rotation"] = Value::from(3);
    fs::write(&t.file, serde_json::to_string_pretty(&json).unwrap()).unwrap();
    t.refuse(
        &["undo"],
        "hex E15 no longer matches the last recorded change (edited by hand?)",
    );
    t.cmd(&["undo", "--force"]).assert().success();
    assert!(t.json()["hexes"].get("E15").is_none());
}

#[test]
fn routes_pay_by_the_games_rules() {
    let run = |file: &str, args: &[&str]| -> Value {
        serde_json::from_str(&stdout_of(
            hexroute()
                .arg("routes")
                .arg(fixture(file))
                .args(args)
                .arg("--json"),
        ))
        .unwrap()
    };
    let half = run("1867_bc.json", &["-c", "CNR", "--pay", "half"]);
    assert_eq!(
        half["payout"],
        serde_json::json!({"pay": "half", "revenue": 1150, "treasury": 570, "shares": 10, "per_share": 58})
    );
    let kept = run("1830_late.json", &["-c", "B&M", "--pay", "withhold"]);
    assert_eq!(kept["payout"]["treasury"], 150);
    fails_with(
        hexroute()
            .arg("routes")
            .arg(fixture("1830_late.json"))
            .args(["-c", "B&M", "--pay", "half"]),
        "1830 has no half pay",
    );
    // 1861's minor N splits with its owner.
    let split = run("1861_early.json", &["-c", "N", "--pay", "full"]);
    assert_eq!(split["payout"]["pay"], "split");
    assert_eq!(split["payout"]["treasury"], 40);
    fails_with(
        hexroute()
            .arg("routes")
            .arg(fixture("1861_early.json"))
            .args(["-c", "N", "--pay", "withhold"]),
        "N is a minor of 1861: it always splits its revenue",
    );
}

#[test]
fn routes_run_many_files_and_report_a_bad_one() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    fs::write(&bad, "{ not json").unwrap();
    let out = hexroute()
        .arg("routes")
        .arg(fixture("1830_late.json"))
        .arg(&bad)
        .arg(fixture("1889_late.json"))
        .args(["--all", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let files: Vec<(&str, &str)> = lines
        .iter()
        .map(|l| (l["file"].as_str().unwrap(), l["company"].as_str().unwrap()))
        .collect();
    assert_eq!(files.len(), 6, "{files:?}");
    assert!(
        files
            .iter()
            .all(|(f, _)| f.ends_with("1830_late.json") || f.ends_with("1889_late.json"))
    );
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("bad.json"), "{err}");
    assert!(err.contains("1 of 3 files could not be solved"), "{err}");
    // Options that cannot go together are refused by the parser.
    fails_with(
        hexroute()
            .arg("routes")
            .arg(fixture("1867_bc.json"))
            .args(["--all", "--trains", "5"]),
        "'--all' cannot be used with '--trains <TRAINS>'",
    );
}

/// `show --history --json` carries where an imported save came from, as
/// `show --history` prints it (the record, its game id, title, action).
#[test]
fn the_json_history_names_the_import() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("imported.json");
    hexroute()
        .arg("import")
        .arg(fixture("18xx.games/1846_12666.json"))
        .args(["--at", "100", "-o"])
        .arg(&save)
        .assert()
        .success();
    let history: Value = serde_json::from_str(&stdout_of(
        hexroute().args(["show", "--history", "--json"]).arg(&save),
    ))
    .unwrap();
    let imported = &history["imported"];
    assert_eq!(imported["game"], "12666");
    assert_eq!(imported["title"], "1846");
    assert_eq!(imported["action"], 100);
    assert!(
        imported["record"]
            .as_str()
            .unwrap()
            .ends_with("1846_12666.json")
    );
    let text = stdout_of(hexroute().args(["show", "--history"]).arg(&save));
    assert!(text.contains("through action 100"), "{text}");
}
