//! `advise` follows the title's turn for this company now (`rules.turns`):
//! 18CO's one lay in phase 7, 18MEX's minors' one yellow, 1817's lays
//! priced by the track privates held, `--first-turn` where a title gives
//! a first turn lays of its own, and 18JP-T's companies' own turns and
//! token prices (18xx.games's `tile_lays(entity)` in g_18_co, g_18_mex,
//! g_1817, g_18_ms, g_18_jpt; Tobu's `tokens` in g_18_jpt entities.rb).

use crate::common::{Table, fails_with, fixture, hexroute, stdout_of};
use serde_json::Value;
use std::fs;

/// The count in `advise`'s first line: "DRG earns $280 now; N legal turns".
fn legal_turns(t: &Table, args: &[&str]) -> u64 {
    let mut all = vec!["advise"];
    all.extend_from_slice(args);
    all.push("--quiet");
    let out = stdout_of(&mut t.cmd(&all));
    let words: Vec<&str> = out.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "legal").expect(&out);
    words[at - 1].parse().expect(&out)
}

fn options(t: &Table, args: &[&str]) -> Vec<Value> {
    let mut all = vec!["advise"];
    all.extend_from_slice(args);
    all.extend(["--json", "--quiet", "--top", "0"]);
    let out = stdout_of(&mut t.cmd(&all));
    let v: Value = serde_json::from_str(&out).unwrap();
    v["options"].as_array().unwrap().clone()
}

fn lengths(options: &[Value]) -> Vec<usize> {
    options
        .iter()
        .map(|o| o["moves"].as_array().unwrap().len())
        .collect()
}

/// 18CO_mid, DRG with a 4 (named, as phase 7 rusts it): in phase 5b its turn holds two lays, so more turns than
/// `--lays 1`; set to phase 7 (same map, same tile colours) its whole turn
/// is one lay, exactly the single lays of phase 5b.
#[test]
fn co_lays_one_tile_in_phase_7() {
    let t = Table::new("18CO");
    fs::copy(fixture("18CO_mid.json"), &t.file).unwrap();
    let drg = ["-c", "DRG", "--trains", "4"];
    let single = legal_turns(&t, &[&drg[..], &["--lays", "1"]].concat());
    assert!(legal_turns(&t, &drg) > single);
    t.cmd(&["phase", "7"]).assert().success();
    assert_eq!(legal_turns(&t, &drg), single);
}

/// A new 18MEX game in phase 3, minor A's home M12 laid yellow and CHI at
/// home in E6, each with a 2-train: A is offered only single yellow lays
/// (no upgrade of M12, no second lay), also with `--first-turn`; CHI a
/// turn of two yellows, and of three on its first turn (the optional
/// rule triple_yellow_first_or).
#[test]
fn mex_minors_lay_one_yellow_and_majors_more() {
    let t = Table::new("18MEX");
    for args in [
        &["token", "M12", "A"][..],
        &["token", "E6", "CHI"],
        &["phase", "3"],
        &["place", "M12", "472", "--rotate", "0", "--company", "A"],
    ] {
        t.cmd(args).assert().success();
    }
    for first in [&[][..], &["--first-turn"]] {
        let minor = options(&t, &[&["-c", "A", "--trains", "2"][..], first].concat());
        assert!(!minor.is_empty());
        for o in &minor {
            let moves = o["moves"].as_array().unwrap();
            assert_eq!(moves.len(), 1, "{o}");
            assert_eq!(moves[0]["kind"], "place", "{o}");
        }
    }
    let major = options(&t, &["-c", "CHI", "--trains", "2"]);
    assert_eq!(lengths(&major).into_iter().max(), Some(2));
    let first = options(&t, &["-c", "CHI", "--trains", "2", "--first-turn"]);
    assert_eq!(lengths(&first).into_iter().max(), Some(3));
}

/// 1817_mid, WC, one lay: its best upgrades Charleston (H9, 448) for $0; held
/// with Express Track (P18) the first lay costs $10; with Efficient Track
/// (P19), or both, $0 (g_1817 tile_lays).
#[test]
fn seventeen_prices_the_first_lay_by_the_track_privates() {
    let t = Table::new("1817");
    let save: Value = serde_json::from_slice(&fs::read(fixture("1817_mid.json")).unwrap()).unwrap();
    for (held, cost) in [
        (&[][..], 0),
        (&["P18"], 10),
        (&["P19"], 0),
        (&["P18", "P19"], 0),
    ] {
        let mut s = save.clone();
        for p in held {
            s["privates"][*p] = "WC".into();
        }
        fs::write(&t.file, serde_json::to_vec(&s).unwrap()).unwrap();
        let best = &options(&t, &["-c", "WC", "--lays", "1"])[0];
        assert_eq!(best["moves"][0]["hex"], "H9", "{held:?}");
        assert_eq!(best["moves"][0]["tile"], "448", "{held:?}");
        assert_eq!(best["cost"], cost, "{held:?}");
    }
}

/// `--first-turn` on 18MS_mid gives GMO a turn of two lays, more turns
/// than without; a title with no first-turn lays refuses it in one line
/// (exit 2), and `--help` teaches it.
#[test]
fn first_turn_lays_where_the_title_gives_them() {
    let t = Table::new("18MS");
    fs::copy(fixture("18MS_mid.json"), &t.file).unwrap();
    let one = legal_turns(&t, &["-c", "GMO"]);
    assert_eq!(
        legal_turns(&t, &["-c", "GMO", "--lays", "1", "--first-turn"]),
        one
    );
    assert!(legal_turns(&t, &["-c", "GMO", "--first-turn"]) > one);
    fails_with(
        hexroute()
            .arg("advise")
            .arg(fixture("1830_mid.json"))
            .args(["-c", "PRR", "--first-turn"]),
        "1830_mid.json: --first-turn: 1830 gives a company's first turn no lays of its own",
    );
    let help = stdout_of(hexroute().args(["advise", "--help"]));
    assert!(help.contains("--first-turn"), "{help}");
    assert!(help.contains("18MS"), "{help}");
}

/// Token moves of `advise --token --json`: each (hex, cost).
fn token_costs(t: &Table, args: &[&str]) -> Vec<(String, u64)> {
    let all = [args, &["--token"]].concat();
    let mut out: Vec<(String, u64)> = options(t, &all)
        .iter()
        .flat_map(|o| o["moves"].as_array().unwrap().clone())
        .filter(|m| m["kind"] == "token")
        .map(|m| {
            (
                m["hex"].as_str().unwrap().to_string(),
                m["cost"].as_u64().unwrap(),
            )
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// 18JPT_mid: Tobu (TR) has a token in Asakusa (H84), so its turn holds
/// two lays (more turns than `--lays 1`, and its best lays two tiles);
/// with that token taken back it lays one. Tokyu (TC) lays again after a
/// lay on a hex with a town: more turns than `--lays 1`, each second lay
/// after a first on a town (D94's printed town); Keisei (KER) lays one.
#[test]
fn jpt_tobu_lays_twice_from_asakusa_and_tokyu_after_towns() {
    let t = Table::new("18JP-T");
    fs::copy(fixture("18JPT_mid.json"), &t.file).unwrap();
    let tr = ["-c", "TR", "--trains", "4"];
    let single = legal_turns(&t, &[&tr[..], &["--lays", "1"]].concat());
    assert!(legal_turns(&t, &tr) > single);
    assert_eq!(options(&t, &tr)[0]["moves"].as_array().unwrap().len(), 2);
    let tc = ["-c", "TC", "--trains", "4"];
    let tc_single = legal_turns(&t, &[&tc[..], &["--lays", "1"]].concat());
    assert!(legal_turns(&t, &tc) > tc_single);
    for o in options(&t, &tc)
        .iter()
        .filter(|o| o["moves"].as_array().unwrap().len() > 1)
    {
        assert_eq!(o["moves"][0]["hex"], "D94", "{o}");
    }
    let ker = ["-c", "KER", "--trains", "4"];
    assert_eq!(
        legal_turns(&t, &ker),
        legal_turns(&t, &[&ker[..], &["--lays", "1"]].concat())
    );
    t.cmd(&["token", "H84", "TR", "--remove"])
        .assert()
        .success();
    assert_eq!(
        legal_turns(&t, &tr),
        legal_turns(&t, &[&tr[..], &["--lays", "1"]].concat())
    );
}

/// Tobu's tokens cost [0, 0, 40, 100, 100] (its second, Koshigaya's, free):
/// with its tokens in Kawagoe and Koshigaya alone its next costs 40, where
/// Keisei's third (it holds Asakusa and Takasago) costs the title's 100.
#[test]
fn jpt_tobu_s_third_token_costs_40() {
    let t = Table::new("18JP-T");
    fs::copy(fixture("18JPT_mid.json"), &t.file).unwrap();
    for hex in ["H80", "H84"] {
        t.cmd(&["token", hex, "TR", "--remove"]).assert().success();
    }
    let tobu = token_costs(&t, &["-c", "TR", "--trains", "4"]);
    assert!(!tobu.is_empty());
    assert!(tobu.iter().all(|(_, cost)| *cost == 40), "{tobu:?}");
    let keisei = token_costs(&t, &["-c", "KER", "--trains", "4"]);
    assert!(!keisei.is_empty());
    assert!(keisei.iter().all(|(_, cost)| *cost == 100), "{keisei:?}");
}
