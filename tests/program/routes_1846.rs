//! 1846's route rules worked by hand on the 1846_mid fixture: trains paid
//! for fewer stops than they visit, the east-west bonus, the Mail Contract
//! and the Steamboat's marker.

use crate::common::{fixture, json_of};
use serde_json::Value;

/// 1846's 4/6 and the east-west bonus, worked by hand on 1846_mid (phase
/// III, brown off-board values): NYC's 4/6 visits five stops from Chicago
/// Connections (W, 40) through Chicago (40), Cleveland (60) and Erie (30,
/// NYC's token) to Buffalo (E, 60) and is paid for the best four, Erie
/// passed: 40 + 40 + 60 + 60 = 200, and the east-west bonus 50 + 30 = 80,
/// $280. A 4-train must count every stop it visits, and pays less.
#[test]
fn a_4_6_on_1846_counts_its_best_four_and_the_east_west_bonus() {
    let save = fixture("1846_mid.json");
    let save = save.to_str().unwrap();
    let run = json_of(&[
        "routes",
        save,
        "--company",
        "NYC",
        "--trains",
        "4/6",
        "--json",
    ]);
    assert_eq!(run["total"], 280);
    let route = &run["routes"][0];
    let stops: Vec<(&str, bool)> = route["stops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["hex"].as_str().unwrap(), s["skipped"].as_bool().unwrap()))
        .collect();
    assert_eq!(
        stops,
        [
            ("C5", false),
            ("D6", false),
            ("E17", false),
            ("D20", true),
            ("C21", false)
        ]
    );
    assert_eq!(route["bonuses"][0]["amount"], 80);
    let four = json_of(&[
        "routes",
        save,
        "--company",
        "NYC",
        "--trains",
        "4",
        "--json",
    ]);
    assert!(four["total"].as_u64().unwrap() < 280);
}

/// 1846's Mail Contract, worked by hand on 1846_mid (IC: 2, 2, 2, 3/5).
/// Without it IC earns $470: the 2s $120 (St. Louis 70, Cairo 20, the
/// Meat Packing's 30) and $100 twice (Indianapolis 30, Louisville 70), the
/// 3/5 $150 (Windsor 60, Detroit 60, Indianapolis 30, Toledo passed). With
/// it, the longest route earns $10 a stop it visits, counted or not: the
/// 3/5 goes on to Terre Haute (passed) to visit five stops, $150 + $50;
/// a 2 visits two ($20), so the bonus is the 3/5's: $520. Checked back,
/// the player's own four-stop 3/5 earns $40 more, and the 2 nothing.
#[test]
fn the_mail_contract_pays_ten_a_stop_of_the_longest_route() {
    let save = fixture("1846_mid.json");
    let save = save.to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["routes", save, "--company", "IC", "--json"];
        args.extend_from_slice(extra);
        json_of(&args)
    };
    assert_eq!(run(&[])["total"], 470);
    let mail = run(&["--bonus", "Mail Contract"]);
    assert_eq!(mail["total"], 520);
    let routes = mail["routes"].as_array().unwrap();
    let carrying: Vec<(&str, usize, &Value)> = routes
        .iter()
        .filter_map(|r| {
            let bonus = r["bonuses"]
                .as_array()?
                .iter()
                .find(|b| b["name"] == "Mail Contract")?;
            Some((
                r["train"].as_str()?,
                r["stops"].as_array()?.len(),
                &bonus["amount"],
            ))
        })
        .collect();
    assert_eq!(carrying, [("3/5", 5, &Value::from(50))]);
    let checked = run(&[
        "--bonus",
        "Mail Contract",
        "--check",
        "3/5:C17-C15-D14-G9",
        "--check",
        "2:I1-K3",
    ]);
    assert_eq!(checked["valid"], true, "{checked}");
    assert_eq!(checked["total"], 150 + 40 + 120);
}

/// The Steamboat's marker, worked by hand on 1846_mid (GT: 3/5, 3/5, 5;
/// the marker on Toledo, `SC@D14`, phase III): it pays $20 to each of
/// GT's routes stopping there, not once a run. The 5 runs Chicago
/// Connections (40), Chicago (40), Toledo (30), Detroit (60), Windsor (60):
/// $230, east-west $80 (Chicago Connections' 50 and Windsor's 30) and the
/// Steamboat's $20, $330; a 3/5 runs Detroit (60), Toledo (30),
/// Indianapolis (passed), Louisville (70): $160 and $20; the other 3/5
/// Sarnia (50), Port Huron (20), Detroit (60): $130, no marker. $640, as
/// the engine prices it (`realprice.rb`). Without the marker the same
/// routes earn $40 less.
#[test]
fn the_steamboat_pays_each_route_stopping_at_its_marker() {
    let save = fixture("1846_mid.json");
    let run = json_of(&[
        "routes",
        save.to_str().unwrap(),
        "--company",
        "GT",
        "--json",
    ]);
    assert_eq!(run["total"], 640);
    let steamboat: Vec<(&str, u64)> = run["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let paid = r["bonuses"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|b| b["name"] == "Steamboat (Toledo)")
                .map(|b| b["amount"].as_u64().unwrap())
                .sum();
            (r["train"].as_str().unwrap(), paid)
        })
        .collect();
    assert_eq!(steamboat, [("3/5", 20), ("3/5", 0), ("5", 20)]);
    let checks = [
        "5:C5-D6-D14-C15-C17",
        "3/5:C15-D14-G9-J10",
        "3/5:B18-B16-C15",
    ];
    let priced = |save: &std::path::Path| {
        let mut args = vec!["routes", save.to_str().unwrap(), "--company", "GT"];
        for c in &checks {
            args.extend(["--check", c]);
        }
        args.push("--json");
        json_of(&args)["total"].as_u64().unwrap()
    };
    assert_eq!(priced(&save), 640);
    let dir = tempfile::tempdir().unwrap();
    let bare = dir.path().join("no-marker.json");
    let mut data: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    data["privates"].as_object_mut().unwrap().remove("SC@D14");
    std::fs::write(&bare, data.to_string()).unwrap();
    assert_eq!(priced(&bare), 600);
}
