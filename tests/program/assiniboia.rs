//! 1882's rules of its own, worked by hand: the CN's neutral tokens, which
//! block no one; the fishing exit, which takes none of a train's stops; the
//! Hudson Bay bonus; and the SC's first token in place of a neutral one.

use crate::common::{fixture, hexroute, new_game, stdout_of};
use serde_json::Value;
use std::fs;
use std::path::Path;

/// The best run of `company` with `trains` (its own when empty): the total
/// and each route's stops by hex.
fn best(save: &Path, company: &str, trains: &str) -> (u64, Vec<Vec<String>>) {
    let mut cmd = hexroute();
    cmd.arg("routes").arg(save).args(["--company", company]);
    if !trains.is_empty() {
        cmd.args(["--trains", trains]);
    }
    let out: Value = serde_json::from_str(&stdout_of(cmd.args(["--json", "--quiet"]))).unwrap();
    let routes = out["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["stops"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["hex"].as_str().unwrap().to_string())
                .collect()
        })
        .collect();
    (out["total"].as_u64().unwrap(), routes)
}

fn run(save: &Path, args: &[&str]) {
    hexroute()
        .arg(args[0])
        .arg(save)
        .args(&args[1..])
        .arg("--quiet")
        .assert()
        .success();
}

fn hexes(list: &[&str]) -> Vec<String> {
    list.iter().map(|h| h.to_string()).collect()
}

/// Record 5236 before the CN's run at action 750 (phase 6). CNR's 6 runs
/// Western Canada I1 (brown $80), Medicine Hat K3 (#63, its token, $40),
/// Swift Current I5 (#63, $40), Shaunavon N6 ($30), Assiniboia L8 (#14,
/// $30) and Moose Jaw J8 ($30): $250, through I5 (CPR and CN), N6 (CN) and
/// L8 (GT and CN), each full, each opened by its neutral token. With a GT
/// token in N6 instead of the CN's, N6 blocks CNR and the route is gone.
#[test]
fn neutral_tokens_block_no_one() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("1882.json");
    fs::copy(fixture("1882_mid.json"), &save).unwrap();
    let (total, routes) = best(&save, "CNR", "");
    assert_eq!(total, 250);
    assert_eq!(routes, [hexes(&["I1", "K3", "I5", "N6", "L8", "J8"])]);
    // CN's own 5: Regina J10 (#R2, $70), a town of I11 ($10), Wadena G11
    // (#63, $40), Moosomin J12 (#14, $30), Eastern Canada I13 ($40): $190.
    assert_eq!(best(&save, "CN", "").0, 190);
    run(&save, &["token", "N6", "CN", "--remove"]);
    run(&save, &["token", "N6", "GT", "--force"]);
    let (total, routes) = best(&save, "CNR", "");
    assert!(total < 250, "{total}: {routes:?}");
    assert!(routes.iter().all(|r| !r.contains(&"N6".to_string())));
}

/// A new 1882 in phase 3: #15 on Spiritwood D6 (sides to the fishing exit
/// B6 and to E7), #8 on E7 joining D6 to Prince Albert D8, CNR's home. A
/// 2-train runs D8 ($30), D6 ($30) and the fish ($20): two counted stops
/// and a free one, $80. With D6 full of HBR and QLL it may not pass D6:
/// D8-D6, $60. A neutral token for QLL's opens D6 again: $80. Then the SC
/// starts in the neutral token's space, which leaves.
#[test]
fn the_fishing_exit_is_a_free_stop_and_neutral_tokens_open_cities() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("1882.json");
    new_game("1882", &save);
    run(&save, &["phase", "3"]);
    run(&save, &["place", "D6", "15", "--rotate", "2", "--force"]);
    run(&save, &["place", "E7", "8", "--rotate", "4", "--force"]);
    run(&save, &["token", "D8", "CNR"]);
    let (total, routes) = best(&save, "CNR", "2");
    assert_eq!(total, 80);
    assert_eq!(routes, [hexes(&["B6", "D6", "D8"])]);
    // A 3-train counts D8 and D6 and the fish besides: still $80.
    assert_eq!(best(&save, "CNR", "3").0, 80);
    run(&save, &["token", "D6", "HBR", "--force"]);
    run(&save, &["token", "D6", "QLL", "--force"]);
    assert_eq!(best(&save, "CNR", "2"), (60, vec![hexes(&["D6", "D8"])]));
    run(&save, &["token", "D6", "QLL", "--remove"]);
    run(&save, &["token", "D6", "CN", "--force"]);
    assert_eq!(best(&save, "CNR", "2").0, 80);
    // The SC starts anywhere with a free space, or in a neutral token's.
    let held = |save: &Path| -> Value {
        let v: Value = serde_json::from_str(&fs::read_to_string(save).unwrap()).unwrap();
        v["hexes"]["D6"]["tokens"].clone()
    };
    let cn_space = held(&save)
        .as_object()
        .unwrap()
        .iter()
        .find(|(_, co)| *co == "CN")
        .map(|(s, _)| s.clone())
        .unwrap();
    run(&save, &["token", "D6", "SC", "--space", &cn_space]);
    let now = held(&save);
    assert_eq!(now[&cn_space], "SC");
    assert!(now.as_object().unwrap().values().all(|co| co != "CN"));
}

/// Record game_end_stock_market before CPR's run at action 620 (phase 6),
/// its tiles on the route and CPR's tokens only: CPR's 6 runs Hudson Bay
/// B12 (brown $50), Humboldt G9 (#14, $30), Saskatoon G7 (#63, $40), Swift
/// Current I5 (#63, $40), Medicine Hat K3 (#15, $30) and Western Canada I1
/// (brown $80): $270, and $100 for joining Hudson Bay to the west: $370, as
/// the player ran it (the engine prices it alike).
#[test]
fn hudson_bay_to_the_west_pays_100() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("1882.json");
    let hexes_json = r#"{"J2": {"tile": "9", "rotation": 2}, "K3": {"tile": "15", "rotation": 1, "tokens": {"0": "CPR"}},
        "J4": {"tile": "9", "rotation": 1}, "I5": {"tile": "63", "tokens": {"0": "CPR"}},
        "H6": {"tile": "9", "rotation": 1}, "G7": {"tile": "63", "tokens": {"1": "CPR"}},
        "H8": {"tile": "23", "rotation": 4}, "G9": {"tile": "14", "rotation": 1, "tokens": {"0": "CPR"}},
        "F10": {"tile": "9", "rotation": 1}, "E11": {"tile": "9", "rotation": 1},
        "D12": {"tile": "23", "rotation": 3}}"#;
    let text = format!(r#"{{"hexroute": 2, "game": "1882", "phase": "6", "hexes": {hexes_json}}}"#);
    fs::write(&save, text).unwrap();
    let (total, routes) = best(&save, "CPR", "6");
    assert_eq!(total, 370);
    assert_eq!(routes, [hexes(&["B12", "G9", "G7", "I5", "K3", "I1"])]);
}
