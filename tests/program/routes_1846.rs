//! 1846's route rules worked by hand on the 1846_mid fixture: trains paid
//! for fewer stops than they visit, the east-west bonus and the Mail
//! Contract.

use crate::common::{fixture, hexroute, stdout_of};
use serde_json::Value;

fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(&stdout_of(hexroute().args(args))).unwrap()
}

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
