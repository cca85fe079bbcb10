//! `routes` as a shell user runs it: the Bankruptcy Club's revenues,
//! determinism and `--all`, bonuses, doubling, time limits, batches and
//! route errors.

use crate::common::{fails_with, fixture, hexroute, stdout_of};
use std::fs;
use std::path::Path;

fn routes_json(args: &[&str]) -> serde_json::Value {
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1867_bc.json"))
            .args(args)
            .arg("--json"),
    );
    serde_json::from_str(&out).unwrap()
}

#[test]
fn bankruptcy_club_final_round_revenues() {
    assert_eq!(
        routes_json(&["--company", "GW", "--trains", "5,8"])["total"],
        840
    );
    assert_eq!(
        routes_json(&["--company", "C&O", "--trains", "6,8"])["total"],
        900
    );
    // The issue quotes $1130 for CNR, from a reference search that misses
    // routes. $1150 is reached by (checked hex by hex against the rules):
    //   5:    Montreal 100, Ottawa 60, Toronto 100, Hamilton 50, Buffalo 60 = 370
    //         via L12 K11 J12 I11 H12 G13 F14 F16 E17 F18;
    //   5+5E: New England 60, Montreal 100, Ottawa 60, Toronto 100, Detroit 70
    //         = 390 x 2 = 780, via M15 M13 L12 L10 K9 J10 J12 K13 J14 I15 H14
    //         G15 F16 E15 D16 D18 C19 C17 B18 A19, skipping the rest.
    // The two share cities but no hex edge; every city passed has a free
    // space or a CNR token; no stop hex is used twice.
    let cnr = routes_json(&["--company", "CNR", "--trains", "5,5+5E"]);
    assert_eq!(cnr["total"], 1150);
    let express = cnr["routes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["train"] == "5+5E")
        .unwrap();
    assert_eq!(express["revenue"], 780);
    let stopped: Vec<&str> = express["stops"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["skipped"] == false)
        .map(|s| s["hex"].as_str().unwrap())
        .collect();
    assert_eq!(stopped, ["M15", "L12", "J12", "F16", "A19"]);
}

#[test]
fn routes_are_deterministic_and_all_runs_every_company() {
    let a = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1867_bc.json"))
            .args(["--all", "--json"]),
    );
    let b = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1867_bc.json"))
            .args(["--all", "--json"]),
    );
    assert_eq!(a, b);
    let all: serde_json::Value = serde_json::from_str(&a).unwrap();
    let totals: Vec<(String, u64)> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["company"].as_str().unwrap().to_string(),
                s["total"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        totals,
        [
            ("C&O".to_string(), 900),
            ("CNR".to_string(), 1150),
            ("GWR".to_string(), 840)
        ]
    );
}

#[test]
fn route_bonuses_add_to_the_total() {
    // GW's 8 runs through Montreal and ends at Detroit (A19).
    let plain = routes_json(&["--company", "GW", "--trains", "5,8"])["total"]
        .as_u64()
        .unwrap();
    let bridge = routes_json(&[
        "--company",
        "GW",
        "--trains",
        "5,8",
        "--bonus",
        "montreal bridge",
    ])["total"]
        .as_u64()
        .unwrap();
    assert_eq!(bridge, plain + 20, "both GW routes stop at Montreal");
    let adhoc = routes_json(&[
        "--company",
        "GW",
        "--trains",
        "8",
        "--visit-bonus",
        "A19=15",
    ]);
    assert!(
        adhoc["routes"][0]["bonuses"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["amount"] == 15)
    );
}

#[test]
fn route_errors_are_one_line_with_exit_code_2() {
    let f = fixture("1867_bc.json");
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&f)
            .args(["--company", "XYZ", "--trains", "5"]),
        "unknown company",
    );
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&f)
            .args(["--company", "GW", "--trains", "9"]),
        "its trains are: 2, 3",
    );
    fails_with(
        hexroute().arg("routes").arg(&f).args([
            "--company",
            "GW",
            "--trains",
            "5",
            "--bonus",
            "Montreal Brige",
        ]),
        "did you mean Montreal Bridge?",
    );
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&f)
            .args(["--company", "GT", "--trains", "5"]),
        "GTR has no tokens",
    );
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&f)
            .args(["--company", "GW", "--visit-bonus", "A19"]),
        "expected HEX=AMOUNT",
    );
}

#[test]
fn a_company_with_no_route_earns_zero() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("g.json");
    fs::write(&game, r#"{"hexroute": 1, "game": "1867", "phase": "2", "hexes": {"F16": {"tokens": {"0": "GW"}}}}"#).unwrap();
    let out =
        stdout_of(
            hexroute()
                .arg("routes")
                .arg(&game)
                .args(["--company", "GW", "--trains", "2"]),
        );
    assert!(out.contains("no route can be run: revenue $0"), "{out}");
    assert!(out.contains("total $0"));
}

/// `--time-limit` ends a long search with the best routes found so far,
/// marked as not proven; without it, or in time, the answer is proven.
#[test]
fn time_limit_reports_the_best_found_unproven() {
    let out = hexroute()
        .arg("routes")
        .arg(fixture("1867_bc.json"))
        .args(["--company", "CNR", "--trains", "8,8,8,5+5E"])
        .args(["--time-limit", "0.05", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["optimal"], false);
    // Still a real set of routes: their revenues add up to the total, which
    // is no more than the proven best ($1710) and at least the greedy set.
    let total = v["total"].as_u64().unwrap();
    let summed: u64 = v["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["revenue"].as_u64().unwrap())
        .sum();
    assert_eq!(summed, total);
    assert!(total > 1000 && total <= 1710, "{total}");
    let text = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1867_bc.json"))
            .args(["--company", "CNR", "--trains", "8,8,8,5+5E"])
            .args(["--time-limit", "0.05"]),
    );
    assert!(text.contains("(not proven optimal"), "{text}");
    // A search that ends in time is proven, and says nothing more.
    let proven = routes_json(&["--company", "GW", "--trains", "5,8", "--time-limit", "60"]);
    assert_eq!(proven["optimal"], true);
    assert_eq!(proven["total"], 840);
    fails_with(
        hexroute().arg("routes").arg(fixture("1867_bc.json")).args([
            "--company",
            "GW",
            "--time-limit",
            "0",
        ]),
        "not a positive number of seconds",
    );
}

/// Every route says what its train multiplies by, and each stop what it
/// adds: the stops' `counted` values and the bonuses sum to the route's
/// revenue in every fixture, and the text says `×2` where a train doubles.
#[test]
fn doubling_is_shown_and_each_route_adds_up() {
    let mut doubled = 0;
    for entry in fs::read_dir(fixture("")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let out = stdout_of(
            hexroute()
                .arg("routes")
                .arg(&path)
                .args(["--all", "--json"]),
        );
        let all: serde_json::Value = serde_json::from_str(&out).unwrap();
        for company in all.as_array().unwrap() {
            for route in company["routes"].as_array().unwrap() {
                let multiplier = route["multiplier"].as_u64().unwrap();
                let mut sum = 0;
                for stop in route["stops"].as_array().unwrap() {
                    let face = stop["revenue"].as_u64().unwrap();
                    let counted = stop["counted"].as_u64().unwrap();
                    let expected = if stop["skipped"] == true {
                        0
                    } else {
                        face * multiplier
                    };
                    assert_eq!(counted, expected, "{}: {stop}", path.display());
                    sum += counted;
                }
                for bonus in route["bonuses"].as_array().unwrap() {
                    sum += bonus["amount"].as_u64().unwrap();
                }
                assert_eq!(sum, route["revenue"].as_u64().unwrap(), "{route}");
                doubled += usize::from(multiplier == 2);
            }
        }
    }
    assert!(doubled >= 3, "the fixtures run 2+2 and 5+5E trains");
    let text = stdout_of(hexroute().arg("routes").arg(fixture("1867_bc.json")).args([
        "--company",
        "CNR",
        "--trains",
        "5,5+5E",
    ]));
    assert!(text.contains("train 5+5E  $780  (stops $390 ×2)"), "{text}");
    assert!(text.contains("train 5     $370\n"), "{text}");
}

/// A bonus the train's multiplier doubles is reported as paid, doubled, so
/// the route still adds up (a game file whose bonus at Montreal doubles).
#[test]
fn a_doubled_bonus_is_reported_as_paid() {
    let dir = tempfile::tempdir().unwrap();
    let ron = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("games/1867.ron"))
        .unwrap()
        .replace(
            r#"(name: "Timmins", bonus: 40, multiplied: true, kind: Connection(from: "D2", to_any: ["F16", "L12", "O7"])),"#,
            r#"(name: "Montreal test", bonus: 40, multiplied: true, kind: Visit(["L12"])),"#,
        );
    assert!(ron.contains("Montreal test"));
    let game_file = dir.path().join("1867.ron");
    fs::write(&game_file, ron).unwrap();
    let out = stdout_of(
        hexroute()
            .arg("--game-file")
            .arg(&game_file)
            .arg("routes")
            .arg(fixture("1867_bc.json"))
            .args(["--company", "CNR", "--trains", "5+5E", "--json"]),
    );
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let route = &report["routes"][0];
    assert_eq!(route["multiplier"], 2);
    assert_eq!(route["bonuses"][0]["amount"], 80, "{route}");
    let counted: u64 = route["stops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["counted"].as_u64().unwrap())
        .sum();
    assert_eq!(counted + 80, route["revenue"].as_u64().unwrap());
}

/// `--all` on a save where no company has a token and a train is no error:
/// `[]` with `--json`, a sentence without, exit 0; likewise per file.
#[test]
fn all_with_no_company_to_run_is_an_empty_list() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.json");
    crate::common::new_game("1867", &empty);
    let json = stdout_of(
        hexroute()
            .arg("routes")
            .arg(&empty)
            .args(["--all", "--json"]),
    );
    assert_eq!(json.trim(), "[]");
    let text = stdout_of(hexroute().arg("routes").arg(&empty).arg("--all"));
    assert!(
        text.contains("no company has both tokens and trains"),
        "{text}"
    );
    let lines = stdout_of(
        hexroute()
            .arg("routes")
            .arg(&empty)
            .arg(fixture("1889_late.json"))
            .args(["--all", "--json"]),
    );
    assert!(lines.lines().count() >= 3, "{lines}");
    assert!(
        lines.lines().all(|l| l.contains("1889_late.json")),
        "{lines}"
    );
}

/// What `routes FILE... --all --json` prints, `render --routes` reads: from
/// the lines of two files it draws one file's routes, as the array of that
/// file alone would; a file that is none of them is refused.
#[test]
fn batch_routes_lines_chain_into_render() {
    let dir = tempfile::tempdir().unwrap();
    let (bc, late) = (fixture("1867_bc.json"), fixture("1889_late.json"));
    let lines = dir.path().join("lines.jsonl");
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(&bc)
            .arg(&late)
            .args(["--all", "--json"]),
    );
    assert!(out.lines().count() >= 6, "{out}");
    fs::write(&lines, &out).unwrap();
    let alone = dir.path().join("alone.json");
    fs::write(
        &alone,
        stdout_of(hexroute().arg("routes").arg(&bc).args(["--all", "--json"])),
    )
    .unwrap();
    let draw = |routes: &Path, picture: &str| {
        let to = dir.path().join(picture);
        stdout_of(
            hexroute()
                .arg("render")
                .arg(&bc)
                .arg("--routes")
                .arg(routes)
                .arg("-o")
                .arg(&to),
        );
        fs::read(to).unwrap()
    };
    assert_eq!(draw(&lines, "from_lines.svg"), draw(&alone, "alone.svg"));
    // One line alone is one company's document.
    let first = dir.path().join("first.json");
    fs::write(&first, out.lines().next().unwrap()).unwrap();
    draw(&first, "first.svg");
    // The lines name two other files than the one drawn.
    let picture = dir.path().join("other.svg");
    let err = fails_with(
        hexroute()
            .arg("render")
            .arg(fixture("1830_late.json"))
            .arg("--routes")
            .arg(&lines)
            .arg("-o")
            .arg(&picture),
        "none of them the map drawn",
    );
    assert!(err.contains("lines.jsonl"), "{err}");
    assert!(!picture.exists());
}

/// "1 route", not "1 routes": NYC on 1830_early has exactly one.
#[test]
fn one_route_is_one_route() {
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1830_early.json"))
            .args(["--company", "NYC"]),
    );
    assert!(out.starts_with("NYC — 1 route considered\n"), "{out}");
}

/// The slowest real position found in the public 18xx.games games (1861
/// game 167259 before action 721, as the engine left it): one 8-train,
/// searched without a list of routes. The player ran $540 there, which the
/// engine accepted, and hexroute's review finds nothing better. Across the
/// map: Poland to the Caucasus by St Petersburg, Ekaterinburg (with its
/// bonus) and Moscow, and the other stops passed.
#[test]
fn one_eight_train_across_russia() {
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1861_167259.json"))
            .args(["--company", "MK"]),
    );
    let counted: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("    ") && !l.contains("skipped") && !l.contains("bonus"))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        counted,
        ["A15", "D14", "B4", "E1", "Q3", "H8", "G15", "J20"],
        "{out}"
    );
    assert!(out.contains("bonus: Ekaterinburg +$40"), "{out}");
    assert!(out.ends_with("total $540\n"), "{out}");
}

/// One train's walks share nothing while they run, so what they price,
/// and the count reported, never depends on which thread runs first:
/// CNR's tokens walk in parallel on the Bankruptcy Club map.
#[test]
fn one_train_counts_the_same_every_time() {
    let run = || {
        stdout_of(hexroute().arg("routes").arg(fixture("1867_bc.json")).args([
            "--company",
            "CNR",
            "--trains",
            "8",
            "--json",
        ]))
    };
    let first = run();
    assert!(first.contains("\"candidates\":"), "{first}");
    for _ in 0..4 {
        assert_eq!(run(), first);
    }
}
