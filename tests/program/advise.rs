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

/// On 1830_mid (PRR) and 1867_bc (GWR): `now` is `routes`'s total, and
/// the best option, laid as a player would, earns its `revenue`.
#[test]
fn the_best_lay_earns_what_it_claims() {
    for (game, file, company) in [
        ("1830", "1830_mid.json", "PRR"),
        ("1867", "1867_bc.json", "GWR"),
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
        let keys: Vec<&str> = best
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        for key in [
            "kind", "hex", "tile", "rotation", "revenue", "gain", "cost", "routes",
        ] {
            assert!(keys.contains(&key), "{file}: no {key} in {keys:?}");
        }
        assert_eq!(
            best["gain"].as_i64().unwrap(),
            best["revenue"].as_i64().unwrap() - a["now"].as_i64().unwrap()
        );
        let rotation = best["rotation"].to_string();
        t.cmd(&[
            best["kind"].as_str().unwrap(),
            best["hex"].as_str().unwrap(),
            best["tile"].as_str().unwrap(),
            "--rotate",
            &rotation,
            "--company",
            company,
        ])
        .assert()
        .success();
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
    assert_eq!(a["options"][0]["hex"], "E11");
    assert_eq!(a["options"][0]["gain"], 40);
    assert_eq!(a["options"].as_array().unwrap().len(), 26);
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
