//! A train runs once an operating round (`TrainsRunOnce`): in the 18MT
//! record `18MT_bankrupt.json`, MWS runs its 3 at action 604 and buys a 4
//! (606); NP then takes MWS over (its buys of MWS shares, 618 to 621) and
//! runs at 627, in the same operating round. The engine keeps the 3
//! marked as run (step/takeover.rb clears `operated` only when the taken
//! company has not operated this round), so NP may run the 4 alone: the
//! player ran $230 with it, and the best is $240 (C9 to D6 through A19
//! and E17), which the engine accepts and prices at $240 (checked once
//! with `../shared/x18/realprice.rb` on action 627, the save's NP trains
//! the 4 alone). With both trains, as before, the best was $400.

use crate::common::{fixture, hexroute, stdout_of};
use serde_json::Value;
use std::path::Path;

fn review(game_file: Option<&Path>) -> Value {
    let mut cmd = hexroute();
    cmd.arg("review")
        .arg(fixture("18xx.games").join("18MT_bankrupt.json"))
        .arg("--json");
    if let Some(g) = game_file {
        cmd.arg("--game-file").arg(g);
    }
    serde_json::from_str(&stdout_of(&mut cmd)).unwrap()
}

fn run(review: &Value, action: u64) -> &Value {
    (review["runs"].as_array().unwrap().iter())
        .find(|r| r["action"] == action)
        .unwrap()
}

#[test]
fn a_train_run_for_the_taken_company_waits_for_the_next_round() {
    let r = review(None);
    let mws = run(&r, 604);
    assert_eq!(mws["company"], "MWS");
    assert_eq!(mws["trains"], serde_json::json!(["3"]));
    let np = run(&r, 627);
    assert_eq!(np["company"], "NP");
    assert_eq!(np["trains"], serde_json::json!(["4"]));
    assert_eq!(np["ran"], 230);
    assert_eq!(np["best"], 240);
}

#[test]
fn without_the_mechanism_the_taker_runs_every_train_it_holds() {
    let dir = tempfile::tempdir().unwrap();
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("games/18MT.ron"))
            .unwrap();
    let without = text.replace("            TrainsRunOnce,\n", "");
    assert_ne!(without, text, "18MT's game file lists TrainsRunOnce");
    let file = dir.path().join("18MT.ron");
    std::fs::write(&file, without).unwrap();
    let r = review(Some(&file));
    let np = run(&r, 627);
    assert_eq!(np["trains"], serde_json::json!(["3", "4"]));
    assert_eq!(np["best"], 400);
}
