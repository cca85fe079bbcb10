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

/// `--private`: the private's lay comes first in every turn. 1889_mid, AR
/// with the Ehime Railway (a green tile on Ohzu, C4, in any phase, no
/// track of AR's needed): every option opens with that lay, its command
/// naming the private; some go on with AR's own lay, which is what gains
/// here; and the best, made with its printed commands, earns what it
/// claims.
#[test]
fn a_private_lay_opens_the_turn() {
    let t = Table::new("1889");
    fs::copy(fixture("1889_mid.json"), &t.file).unwrap();
    let a = advice(
        &t.file,
        &["--company", "AR", "--private", "ER", "--top", "0"],
    );
    let options = a["options"].as_array().unwrap();
    assert!(!options.is_empty(), "{a}");
    for o in options {
        let first = &o["moves"][0];
        assert_eq!(first["private"], "ER", "{o}");
        assert_eq!(first["hex"], "C4", "{o}");
        let tile = first["tile"].as_str().unwrap();
        assert!(
            ["12", "13", "14", "15", "205", "206"].contains(&tile),
            "{o}"
        );
        assert!(
            first["command"].as_str().unwrap().ends_with("--private ER"),
            "{o}"
        );
    }
    assert_eq!(options[0]["moves"].as_array().unwrap().len(), 2, "{a}");
    assert!(options[0]["moves"][1]["private"].is_null(), "{a}");
    make_moves(&options[0]);
    assert_eq!(
        routes_total(&t, "AR"),
        options[0]["revenue"].as_u64().unwrap()
    );
}

/// A national never chooses a token (1867's CN: the game puts its tokens
/// down for it), so `advise --token` for it is refused in one line.
#[test]
fn a_national_is_not_advised_a_token() {
    fails_with(
        hexroute().arg("advise").arg(fixture("1867_bc.json")).args([
            "--company",
            "CN",
            "--trains",
            "8",
            "--token",
        ]),
        "CN is the national",
    );
}

/// `--render` outlines the hexes of the best turn and no others: 1846_mid
/// NYC's best turn lays on F18 and G19, two outlines; with `--lays 1` its
/// best lay is Chicago's alone, one. The outline's colour (cairo writes it
/// `rgb(85%,0%,55%)`) is drawn for nothing else: `routes --render` of the
/// same map has none.
#[test]
fn render_outlines_the_advised_hexes() {
    let t = Table::new("1846");
    fs::copy(fixture("1846_mid.json"), &t.file).unwrap();
    let outline = "stroke:rgb(85%,0%,55%)";
    let drawn = |args: &[&str], name: &str| -> usize {
        let svg = t.file.with_file_name(name);
        let mut cmd = hexroute();
        cmd.args(args).arg(&t.file).arg("--render").arg(&svg);
        stdout_of(cmd.args(["--company", "NYC", "--quiet"]));
        fs::read_to_string(&svg).unwrap().matches(outline).count()
    };
    assert_eq!(drawn(&["advise"], "two.svg"), 2);
    assert_eq!(drawn(&["advise", "--lays", "1"], "one.svg"), 1);
    assert_eq!(drawn(&["routes"], "routes.svg"), 0);
}

/// 1846 lets a turn lay a yellow tile and then upgrade it (18xx.games's
/// tracker forbids a second lay on a hex laid this turn only where the
/// title's lay says `cannot_reuse_same_hex`, which 1846's TILE_LAYS does
/// not; only Little Miami's own lays may not). So 1846_mid PRR is offered
/// yellow then green on F18, and the turn, made with its commands, earns
/// what it claims.
#[test]
fn an_1846_turn_may_lay_and_upgrade_one_hex() {
    let t = Table::new("1846");
    fs::copy(fixture("1846_mid.json"), &t.file).unwrap();
    let a = advice(&t.file, &["--company", "PRR", "--top", "0"]);
    let same = a["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| {
            let m = o["moves"].as_array().unwrap();
            m.len() == 2 && m[0]["hex"] == "F18" && m[1]["hex"] == "F18"
        })
        .expect("a yellow then an upgrade on F18 is offered");
    assert_eq!(same["moves"][0]["kind"], "place");
    assert_eq!(same["moves"][1]["kind"], "upgrade");
    make_moves(same);
    assert_eq!(routes_total(&t, "PRR"), same["revenue"].as_u64().unwrap());
}
