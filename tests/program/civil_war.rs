//! A one-run token that costs a company its lowest route (`rules.lose_lowest`,
//! 18TN's Civil War): `import` gives it as the engine's event does (the first
//! 3' train), `routes` and `review` pay as the engine's `routes_revenue`
//! does, and `companies --lose-lowest` / `--keep-lowest` set it by hand.

use crate::common::{Table, fixture, hexroute, json_of, stdout_of};
use serde_json::Value;
use std::fs;

/// `import RECORD --at AT` into a temporary save.
fn imported(record: &str, at: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("at.json");
    hexroute()
        .arg("import")
        .arg(fixture(&format!("18xx.games/{record}")))
        .args(["--at", at, "-o"])
        .arg(&out)
        .assert()
        .success();
    (dir, out)
}

/// 18TN 7818, run 294: L&N holds the token (the SR's 3' at action 190
/// fired the event) and runs 2, 2 and 3 trains. hexroute offered 270
/// (90 + 80 + 100), which the engine pays 190, the lowest lost; the best
/// is 190, 90 and 100 with one 2 idle, as the engine prices it
/// (`realprice.rb` on its own state, checked once). The player's routes
/// (80, 90 and 80 by the engine's price, an old record without revenues)
/// are paid 170.
#[test]
fn the_civil_war_costs_the_lowest_route_as_the_engine_pays() {
    let (_dir, save) = imported("18TN_7818.json", "293");
    let saved: Value = serde_json::from_slice(&fs::read(&save).unwrap()).unwrap();
    assert_eq!(saved["lose_lowest"], serde_json::json!(["L&N", "SR"]));
    let best = json_of(&[
        "routes",
        save.to_str().unwrap(),
        "--company",
        "L&N",
        "--json",
        "--quiet",
    ]);
    assert_eq!(best["total"], 190);
    assert_eq!(best["lose_lowest"], "Civil War");
    assert_eq!(best["routes"].as_array().unwrap().len(), 2, "{best}");
    let text = stdout_of(
        hexroute()
            .arg("routes")
            .arg(&save)
            .args(["--company", "L&N"]),
    );
    assert!(
        text.contains("Civil War: it loses its lowest route"),
        "{text}"
    );
    // The token is used by the run: after it, L&N holds none.
    let (_dir, after) = imported("18TN_7818.json", "295");
    let saved: Value = serde_json::from_slice(&fs::read(&after).unwrap()).unwrap();
    assert_eq!(saved["lose_lowest"], serde_json::json!(["SR"]));
    let review = json_of(&[
        "review",
        fixture("18xx.games/18TN_7818.json").to_str().unwrap(),
        "--json",
    ]);
    let run = review["runs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["action"] == 294)
        .unwrap();
    assert_eq!(
        (run["priced"].as_u64(), run["best"].as_u64()),
        (Some(170), Some(190)),
        "{run}"
    );
}

/// 18TN game_end_stock_market, run 180: NC&StL bought the first 3' at
/// action 163 and runs it alone beside its 2: one route for two trains is
/// paid in full, 110, as the engine pays it (checked once with
/// `realprice.rb`).
#[test]
fn fewer_routes_than_trains_pay_in_full() {
    let (_dir, save) = imported("18TN_stock_market.json", "179");
    let best = json_of(&[
        "routes",
        save.to_str().unwrap(),
        "--company",
        "NC&StL",
        "--json",
        "--quiet",
    ]);
    assert_eq!(
        (best["total"].as_u64(), best["lose_lowest"].as_str()),
        (Some(110), Some("Civil War"))
    );
}

/// By hand: the token is given and taken with `companies`, recorded, and
/// undone; a game without the rule refuses it.
#[test]
fn the_token_is_set_and_cleared_by_hand() {
    let t = Table::new("18TN");
    let said = t.accept(&["companies", "L&N", "--lose-lowest"]);
    assert!(said.contains("L&N holds the Civil War token"), "{said}");
    assert_eq!(t.json()["lose_lowest"], serde_json::json!(["L&N"]));
    t.refuse(
        &["companies", "L&N", "--lose-lowest"],
        "L&N already holds the Civil War token",
    );
    let history = stdout_of(&mut t.cmd(&["show", "--history"]));
    assert!(
        history.contains("lowest-route token held by none → L&N"),
        "{history}"
    );
    let said = t.accept(&["companies", "L&N", "--keep-lowest"]);
    assert!(said.contains("no longer holds"), "{said}");
    assert!(t.json().get("lose_lowest").is_none());
    t.cmd(&["undo"]).assert().success();
    assert_eq!(t.json()["lose_lowest"], serde_json::json!(["L&N"]));
    let other = Table::new("1830");
    other.refuse(
        &["companies", "PRR", "--lose-lowest"],
        "1830 has no token that costs a company its lowest route",
    );
}
