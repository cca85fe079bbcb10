//! 1856's Canadian Government Railway, formed as the first 6 is bought
//! from the companies that merge into it (`from_18xx_games.mechanisms`: `Formation`):
//! import past it, review whole games, and the closed companies' homes.
//! The engine's own states after it are compared in `x18`.

use crate::common::{fails_with, fixture, hexroute, record_at, saved_json, stdout_of, tokens_of};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

fn record(name: &str) -> PathBuf {
    fixture("18xx.games").join(name)
}

const END_BANK: &str = "1856_game_end_bank.json";

/// TGB buys the first 6 (action 586) and seven companies merge into the
/// CGR (589-595): their tokens become its own, one a city (eleven, as
/// the engine has them after 595), its president removes the one over
/// its ten (596: Hamilton's second city, N3), and it discards its four
/// 4s (597-600) keeping the 6 and the two 5s. The seven close.
#[test]
fn the_cgr_forms_from_the_companies_merging_into_it() {
    let dir = tempfile::tempdir().unwrap();
    let before = record_at(END_BANK, 588, &dir.path().join("before.json"));
    assert_eq!(tokens_of(&before, "CGR"), Vec::<String>::new());
    assert_eq!(before.get("closed"), None);

    let formed = record_at(END_BANK, 595, &dir.path().join("formed.json"));
    let eleven = [
        "C14:0", "D17:0", "F15:0", "F17:0", "I12:0", "K8:0", "L15:1", "M4:0", "N11:2", "N3:0",
        "P9:0",
    ];
    assert_eq!(tokens_of(&formed, "CGR"), eleven);
    for co in ["CA", "CPR", "GT", "GW", "LPS", "TGB", "THB"] {
        assert_eq!(tokens_of(&formed, co), Vec::<String>::new(), "{co}");
    }
    assert_eq!(
        formed["closed"],
        serde_json::json!(["CA", "CPR", "GT", "GW", "LPS", "TGB", "THB"])
    );
    assert_eq!(
        formed["trains"]["CGR"],
        serde_json::json!(["6", "4", "4", "5", "4", "5", "4"])
    );
    // The merged companies' rights: GT's bridge token and GW's St. Clair
    // tunnel are the CGR's; LPS's and CA's tunnel tokens go back to the bank.
    assert_eq!(
        formed["privates"],
        serde_json::json!({"BRIDGE1": "CGR", "SCFTC": "CGR"})
    );

    let settled = record_at(END_BANK, 600, &dir.path().join("settled.json"));
    let ten: Vec<&str> = eleven.into_iter().filter(|t| *t != "N3:0").collect();
    assert_eq!(tokens_of(&settled, "CGR"), ten);
    assert_eq!(settled["trains"]["CGR"], serde_json::json!(["6", "5", "5"]));
}

/// A closed company keeps no space of its home: BBG's token on London
/// (action 764), where GW's home was, is one our rules accept; with the
/// save's `closed` taken away, the space is GW's again.
#[test]
fn a_closed_company_keeps_no_home_space() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    record_at(END_BANK, 763, &save);
    let token = |file: &Path| {
        let mut c = hexroute();
        c.args(["token"]).arg(file).args(["F15", "BBG"]);
        c
    };
    let mut open: Value = saved_json(&save);
    open.as_object_mut().unwrap().remove("closed");
    let reopened = dir.path().join("open.json");
    fs::write(&reopened, serde_json::to_vec(&open).unwrap()).unwrap();
    fails_with(
        &mut token(&reopened),
        "the city's free space is reserved for GW's home token",
    );
    token(&save).assert().success();
    assert_eq!(saved_json(&save)["hexes"]["F15"]["tokens"]["1"], "BBG");
}

/// Whole records review, the runs after the formation included: every
/// run priced as the record has it, with no caution; the best as
/// hexroute finds it (each run's best checked against the engine once,
/// with `realgames.py --price`: never below the player's).
#[test]
fn whole_1856_records_review() {
    for (rec, runs, cgr_runs, ran, best, short) in [
        (END_BANK, 86, 12, 28180, 28600, 7),
        ("1856_51745.json", 35, 0, 5560, 5590, 1),
    ] {
        let out = stdout_of(hexroute().arg("review").arg(record(rec)).arg("--json"));
        let review: Value = serde_json::from_str(&out).unwrap();
        let list = review["runs"].as_array().unwrap();
        assert_eq!(list.len(), runs, "{rec}");
        let cgr = list.iter().filter(|r| r["company"] == "CGR").count();
        assert_eq!(cgr, cgr_runs, "{rec}");
        assert!(list.iter().all(|r| r["priced"] == r["ran"]), "{rec}");
        assert_eq!(review["total"]["ran"], ran, "{rec}");
        assert_eq!(review["total"]["best"], best, "{rec}");
        let left = list.iter().filter(|r| r["best"] != r["ran"]).count();
        assert_eq!(left, short, "{rec}");
        assert_eq!(review["stopped"], Value::Null, "{rec}");
        assert_eq!(review["cautions"], serde_json::json!([]), "{rec}");
    }
}

/// A company that merges twice, or the national itself merging, is
/// refused in one line naming the action.
#[test]
fn a_second_merge_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut rec: Value = serde_json::from_slice(&fs::read(record(END_BANK)).unwrap()).unwrap();
    let actions = rec["actions"].as_array_mut().unwrap();
    let at = actions.iter().position(|a| a["id"] == 590).unwrap();
    actions.truncate(at + 1);
    for (id, co) in [(591, "GW"), (592, "CGR")] {
        let mut recs = rec.clone();
        recs["actions"]
            .as_array_mut()
            .unwrap()
            .push(serde_json::json!({
                "type": "merge", "entity": co, "entity_type": "corporation",
                "corporation": co, "id": id
            }));
        let path = dir.path().join(format!("{co}.json"));
        fs::write(&path, serde_json::to_vec(&recs).unwrap()).unwrap();
        let why = if co == "GW" {
            "GW merges into CGR, but it has merged already"
        } else {
            "CGR merges into CGR, but it is the national"
        };
        fails_with(hexroute().arg("import").arg(&path), why);
    }
}

/// A trainless CGR may borrow a D or an 8 for its turn (`borrow_train`,
/// in none of the public records): it runs with it, and the train goes
/// back to the depot as its turn ends. Here the CGR of 1856_game_end_bank
/// borrows D-0 before its run at 638 (renumbered 639).
#[test]
fn a_borrowed_train_runs_for_one_turn() {
    let dir = tempfile::tempdir().unwrap();
    let mut rec: Value = serde_json::from_slice(&fs::read(record(END_BANK)).unwrap()).unwrap();
    let actions = rec["actions"].as_array_mut().unwrap();
    let at = actions.iter().position(|a| a["id"] == 638).unwrap();
    actions.truncate(at + 3);
    actions.insert(
        at,
        serde_json::json!({"type": "borrow_train", "entity": "CGR",
            "entity_type": "corporation", "train": "D-0", "id": 638}),
    );
    for a in &mut actions[at + 1..] {
        a["id"] = (a["id"].as_u64().unwrap() + 1).into();
    }
    let path = dir.path().join("borrow.json");
    fs::write(&path, serde_json::to_vec(&rec).unwrap()).unwrap();
    let at = |id: u64| {
        let out = dir.path().join(format!("at{id}.json"));
        hexroute()
            .arg("import")
            .arg(&path)
            .args(["--at", &id.to_string(), "--force", "-o"])
            .arg(&out)
            .assert()
            .success();
        saved_json(&out)
    };
    let borrowed = at(638);
    assert_eq!(
        borrowed["trains"]["CGR"],
        serde_json::json!(["6", "5", "5", "D"])
    );
    assert_eq!(borrowed["phase"], "6");
    assert_eq!(at(641)["trains"]["CGR"], serde_json::json!(["6", "5", "5"]));
}
