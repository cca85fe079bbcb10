//! `advise`: what it says a company earns now is what `routes` finds, and
//! its best lay, made with `upgrade`/`place`, earns what it claims.

use crate::common::{Table, fails_with, fixture, hexroute, stdout_of};
use serde_json::Value;
use std::fs;

fn advice(file: &std::path::Path, args: &[&str]) -> Value {
    let out = stdout_of(
        hexroute()
            .arg("advise")
            .arg(file)
            .args(args)
            .args(["--json", "--quiet"]),
    );
    serde_json::from_str(&out).unwrap()
}

fn routes_total(t: &Table, company: &str) -> u64 {
    let out = stdout_of(&mut t.cmd(&["routes", "--company", company, "--json", "--quiet"]));
    serde_json::from_str::<Value>(&out).unwrap()["total"]
        .as_u64()
        .unwrap()
}

/// Runs each move's `command` (as `advise` prints it for `file`), word by
/// word: the commands name plain files, so no word needs quotes here.
fn make_moves(option: &Value) {
    for m in option["moves"].as_array().unwrap() {
        let command = m["command"].as_str().unwrap();
        let words: Vec<&str> = command.split(' ').collect();
        assert_eq!(words[0], "hexroute", "{command}");
        hexroute().args(&words[1..]).assert().success();
    }
}

/// On 1830_mid (PRR), 1867_bc (GWR, two lays) and 1846_mid (NYC, two
/// lays): `now` is `routes`'s total, and the best option, made with the
/// commands it prints, earns its `revenue`.
#[test]
fn the_best_turn_earns_what_it_claims() {
    for (game, file, company) in [
        ("1830", "1830_mid.json", "PRR"),
        ("1867", "1867_bc.json", "GWR"),
        ("1846", "1846_mid.json", "NYC"),
    ] {
        let t = Table::new(game);
        fs::copy(fixture(file), &t.file).unwrap();
        let a = advice(&t.file, &["--company", company, "--top", "3"]);
        assert_eq!(a["company"], company);
        assert_eq!(
            a["now"].as_u64().unwrap(),
            routes_total(&t, company),
            "{file}"
        );
        let options = a["options"].as_array().unwrap();
        assert_eq!(options.len(), 3, "{file}");
        let best = &options[0];
        for key in ["moves", "revenue", "gain", "cost", "routes"] {
            assert!(best.get(key).is_some(), "{file}: no {key} in {best}");
        }
        for key in ["kind", "hex", "tile", "rotation", "cost", "command"] {
            assert!(best["moves"][0].get(key).is_some(), "{file}: no {key}");
        }
        assert_eq!(
            best["gain"].as_i64().unwrap(),
            best["revenue"].as_i64().unwrap() - a["now"].as_i64().unwrap()
        );
        make_moves(best);
        assert_eq!(
            routes_total(&t, company),
            best["revenue"].as_u64().unwrap(),
            "{file}"
        );
    }
    // 1830_mid: PRR's best is Buffalo's green 59, +$40 (checked by hand:
    // its 3 and 4 trains then both run through Buffalo's two cities).
    let a = advice(
        &fixture("1830_mid.json"),
        &["--company", "PRR", "--top", "0"],
    );
    assert_eq!(a["options"][0]["moves"][0]["hex"], "E11");
    assert_eq!(a["options"][0]["gain"], 40);
    assert_eq!(a["options"].as_array().unwrap().len(), 26);
}

/// 1846_mid, NYC: the title's turn is two lays (18xx.games g_1846
/// TILE_LAYS), and the best is one: yellow 9 on F18 joins Wheeling's
/// green 14 on G19 to NYC's network, +$40, where the best single lay
/// (Chicago's 299) earns +$30. `--lays 1` ranks single lays only.
#[test]
fn an_1846_turn_of_two_lays_beats_any_single_lay() {
    let save = fixture("1846_mid.json");
    let a = advice(&save, &["--company", "NYC", "--top", "1"]);
    let best = &a["options"][0];
    let hexes: Vec<&str> = best["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["hex"].as_str().unwrap())
        .collect();
    assert_eq!(hexes, ["F18", "G19"]);
    assert_eq!(best["gain"], 40);
    assert_eq!(best["cost"], 100);
    let one = advice(&save, &["--company", "NYC", "--top", "0", "--lays", "1"]);
    let options = one["options"].as_array().unwrap();
    assert!(
        options
            .iter()
            .all(|o| o["moves"].as_array().unwrap().len() == 1)
    );
    assert_eq!(options[0]["gain"], 30);
    assert_eq!(options[0]["moves"][0]["hex"], "D6");
}

/// A company whose every turn earns what it earns now is told so, not
/// shown zero-gain lays as if they were advice.
#[test]
fn a_turn_that_earns_nothing_more_says_so() {
    let out = stdout_of(hexroute().arg("advise").arg(fixture("1867_bc.json")).args([
        "--company",
        "CNR",
        "--quiet",
    ]));
    assert!(
        out.contains("No lay this turn raises CNR's revenue."),
        "{out}"
    );
    assert!(!out.contains("MOVES"), "{out}");
}

#[test]
fn advise_refuses_bad_input_with_one_line() {
    let save = fixture("1830_mid.json");
    fails_with(
        hexroute()
            .arg("advise")
            .arg(&save)
            .args(["--company", "XX"]),
        "1830_mid.json: unknown company \"XX\"",
    );
    fails_with(
        hexroute()
            .arg("advise")
            .arg(&save)
            .args(["--company", "CPR"]),
        "CPR has no trains",
    );
    fails_with(
        hexroute()
            .arg("advise")
            .arg(&save)
            .args(["--company", "PRR", "--private", "Nowhere"]),
        "Nowhere",
    );
}
