//! `routes --check`: routes a player chose, priced by our rules or refused
//! with the rule they break.

use crate::common::{fails_with, fixture, hexroute, stdout_of};
use serde_json::Value;
use std::fs;

fn check(save: &str, company: &str, routes: &[&str]) -> Value {
    check_with(save, company, &[], routes)
}

fn check_with(save: &str, company: &str, extra: &[&str], routes: &[&str]) -> Value {
    let mut cmd = hexroute();
    cmd.arg("routes")
        .arg(fixture(save))
        .args(["--company", company, "--json"])
        .args(extra);
    for r in routes {
        cmd.args(["--check", r]);
    }
    serde_json::from_str(&stdout_of(&mut cmd)).unwrap()
}

/// Every company's best routes in every fixture, handed back to
/// `--check` as the `routes --json` file they came in, are valid together
/// and earn exactly the best: pricing agrees with the search.
#[test]
fn the_best_routes_check_at_their_own_price() {
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for entry in fs::read_dir(fixture("")).unwrap() {
        let save = entry.unwrap().path();
        if save.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let all = stdout_of(
            hexroute()
                .arg("routes")
                .arg(&save)
                .args(["--all", "--json", "--quiet"]),
        );
        let all: Vec<Value> = serde_json::from_str(&all).unwrap();
        for company in all {
            let file = dir.path().join("best.json");
            fs::write(&file, company.to_string()).unwrap();
            let name = company["company"].as_str().unwrap();
            let out = stdout_of(
                hexroute()
                    .arg("routes")
                    .arg(&save)
                    .args(["--company", name, "--json", "--check"])
                    .arg(&file),
            );
            let report: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(report["valid"], true, "{} {name}: {report}", save.display());
            assert_eq!(
                report["total"],
                company["total"],
                "{} {name}",
                save.display()
            );
            assert_eq!(report["best"], company["total"]);
            assert_eq!(report["gap"], 0);
            for (given, best) in report["routes"]
                .as_array()
                .unwrap()
                .iter()
                .zip(company["routes"].as_array().unwrap())
            {
                assert_eq!(given["route"]["revenue"], best["revenue"]);
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} companies checked");
}

/// 1889_mid: TR has tokens in Kouchi (F9) and Ikeda (H7), here with
/// trains enough for every route given (`--trains`).
/// Kouchi–Nangoku–Nahari is $30 + $30 + $30 on the tiles laid there; each
/// other route breaks one rule.
#[test]
fn each_route_is_priced_or_names_the_rule_it_breaks() {
    let trains = ["--trains", "3,3,3,2,3,3"];
    let report = check_with(
        "1889_mid.json",
        "TR",
        &trains,
        &[
            "3:F9-G10-G12",
            "3:G12-G10-F9",
            "3:F9-K8",
            "2:F9-G10-G12",
            "3:I4-J5-K4",
            "3:F9-G10-G12-H11",
        ],
    );
    let routes = report["routes"].as_array().unwrap();
    let rules: Vec<&Value> = routes.iter().map(|r| &r["rule"]).collect();
    assert_eq!(
        rules,
        [
            &Value::Null,
            &Value::from("overlap"),
            &Value::from("no-track"),
            &Value::from("too-long"),
            &Value::from("no-token"),
            &Value::from("no-stop"),
        ]
    );
    let first = &routes[0]["route"];
    assert_eq!(first["revenue"], 90);
    let values: Vec<u64> = first["stops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["revenue"].as_u64().unwrap())
        .collect();
    assert_eq!(values, [30, 30, 30]);
    assert_eq!(routes[2]["message"], "no track joins F9 and K8");
    assert_eq!(routes[5]["message"], "H11 has no city, town or off-board");
    assert_eq!(report["total"], 90);
    assert_eq!(report["valid"], false);
    // TR's best with those trains, as `routes` finds it.
    let best = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1889_mid.json"))
            .args(["--company", "TR", "--json", "--quiet"])
            .args(trains),
    );
    let best: Value = serde_json::from_str(&best).unwrap();
    assert_eq!(report["best"], best["total"]);
    assert_eq!(report["gap"], best["total"].as_u64().unwrap() - 90);
    // The same route either way round earns the same.
    let back = check("1889_mid.json", "TR", &["3:G12-G10-F9"]);
    assert_eq!(back["total"], 90);
}

/// One stop is a pullman's route only (18EU's `P:A10`): given to any
/// other train, the check reads it and refuses it by its rule.
#[test]
fn a_one_stop_route_is_too_short_for_a_train_not_a_pullman() {
    let report = check("1889_mid.json", "TR", &["3:F9"]);
    assert_eq!(report["routes"][0]["rule"], "too-short", "{report}");
    assert_eq!(report["total"], 0);
}

#[test]
fn bad_checks_are_refused_in_one_line() {
    let save = fixture("1889_mid.json");
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&save)
            .args(["--company", "TR", "--check", "3:F9-"]),
        "is not TRAIN:HEX-HEX",
    );
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&save)
            .args(["--company", "TR", "--check", "3:F9-Z99"]),
        "Z99 is not on the 1889 map",
    );
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&save)
            .args(["--company", "TR", "--check", "9:F9-G10"]),
        "unknown train \"9\"",
    );
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&save)
            .args(["--check", "3:F9-G10"]),
        "--company",
    );
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&save)
            .args(["--company", "TR", "--check"])
            .arg(&save),
        "not a `routes --json` report",
    );
    fails_with(
        hexroute().arg("routes").arg(&save).arg(&save).args([
            "--company",
            "TR",
            "--check",
            "3:F9-G10",
        ]),
        "one file",
    );
}

/// Each route runs a train of the company's, once: TR owns two 3s.
#[test]
fn a_route_needs_a_train_of_the_company_s_own() {
    let report = check(
        "1889_mid.json",
        "TR",
        &["6:G12-G10-F9", "3:F9-H7", "3:H7-J9-K8", "3:F9-G10"],
    );
    let rules: Vec<&Value> = report["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["rule"])
        .collect();
    assert_eq!(
        rules,
        [
            &Value::from("not-owned"),
            &Value::Null,
            &Value::Null,
            &Value::from("not-owned"),
        ]
    );
    // Kouchi-Ikeda $60, Ikeda-Komatsujima-Tokushima $60: $40 short of $160.
    assert_eq!(report["total"], 120);
    assert_eq!(report["gap"], 40);
    // Another company's routes file is refused.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ar.json");
    let ar = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1889_mid.json"))
            .args(["--company", "AR", "--json", "--quiet"]),
    );
    fs::write(&file, ar).unwrap();
    fails_with(
        hexroute()
            .arg("routes")
            .arg(fixture("1889_mid.json"))
            .args(["--company", "TR", "--check"])
            .arg(&file),
        "routes of AR in 1889, not of TR",
    );
}

/// `review` names a best route by the stops it counts; a 1861 train
/// passes towns it does not count, so `--check` finds the towns between
/// them itself. Every run of the 1861 record, its best routes given so,
/// checks at the best.
#[test]
fn routes_named_by_their_counted_stops_check_at_the_best() {
    let rec = fixture("18xx.games/1861_bank_breaks.json");
    let review = stdout_of(hexroute().arg("review").arg(&rec).arg("--json"));
    let review: Value = serde_json::from_str(&review).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for run in review["runs"].as_array().unwrap() {
        let routes = run["routes"].as_array().unwrap();
        if routes.is_empty() {
            continue;
        }
        let save = dir.path().join("at.json");
        let at = (run["action"].as_u64().unwrap() - 1).to_string();
        stdout_of(
            hexroute()
                .arg("import")
                .arg(&rec)
                .args(["--at", &at, "-o"])
                .arg(&save)
                .arg("--force"),
        );
        let mut cmd = hexroute();
        cmd.arg("routes").arg(&save).args([
            "--company",
            run["company"].as_str().unwrap(),
            "--json",
        ]);
        for r in routes {
            cmd.arg("--check").arg(format!(
                "{}:{}",
                r["train"].as_str().unwrap(),
                r["stops"].as_str().unwrap()
            ));
        }
        let report: Value = serde_json::from_str(&stdout_of(&mut cmd)).unwrap();
        assert_eq!(report["valid"], true, "action {}: {report}", run["action"]);
        assert_eq!(report["total"], run["best"], "action {}", run["action"]);
        checked += 1;
    }
    assert!(checked >= 20, "{checked}");
}

/// An express may end its route at a city it does not count, as
/// 18xx.games prices it (1867's 5+5E counts its off-boards and then the best
/// of the rest): CNR's run at action 627 of the public 1867 record
/// `nationalization_cash`, ending at Sudbury (D8, $20, not counted), earned
/// $760 in the game: Toronto, Hamilton, Montreal, Quebec and Timmins, doubled,
/// with Timmins's $80. Counting Sudbury in place of Quebec would give $700.
#[test]
fn an_express_may_end_at_a_stop_it_does_not_count() {
    let route = "5+5E:F16-E17-E15-G15-H14-I15-K13-L12-M13-N12-O7-M9-L10-H10-D2-D8";
    let report = check("1867_express.json", "CNR", &[route]);
    assert_eq!(report["valid"], true, "{report}");
    assert_eq!(report["total"], 760, "{report}");
}

/// 1849's ports ask a route for three stops (`min_stops`): at the start
/// RCS's Palermo (C5) reaches the port A5 by its printed track, a route of
/// two stops, which the check refuses by that rule, and the search finds
/// no route at all (18xx.games: "Route must include two non-port stops").
#[test]
fn a_port_route_of_two_stops_is_refused_by_its_rule() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("1849.json");
    crate::common::new_game("1849", &save);
    hexroute()
        .arg("token")
        .arg(&save)
        .args(["C5", "RCS"])
        .assert()
        .success();
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(&save)
            .args(["-c", "RCS", "-t", "4H", "--check", "4H:C5-A5"]),
    );
    assert!(out.contains("(rule: few-stops)"), "{out}");
    assert!(
        out.contains("hexroute's best for RCS's trains: $0"),
        "{out}"
    );
}
