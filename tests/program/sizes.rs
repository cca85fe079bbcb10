//! Companies' sizes (`rules.company_sizes`): the import sets them from a
//! record's par, choices and conversions, a save keeps them, and the
//! `token` rule counts a company's tokens by them.

use crate::common::{fails_with, hexroute, new_game, record_at, saved_json};
use serde_json::Value;

/// Each sized company's (shares, tokens) in a save, by name.
fn sizes(save: &Value) -> Vec<(String, u64, u64)> {
    let mut v: Vec<(String, u64, u64)> = (save["sizes"].as_object().into_iter().flatten())
        .map(|(co, s)| {
            (
                co.clone(),
                s["shares"].as_u64().unwrap(),
                s["tokens"].as_u64().unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

/// 1817 record 20758 before actions 250 and 360: every size and token
/// count as 18xx.games's engine has them there (checked once with the
/// engine: `total_shares` and `tokens.size` of each company parred).
/// PSNR was given the Train Station (a token on its charter: 2), GT, PW
/// and UR converted to 5 shares by action 359 (1 + 1 = 2 tokens each).
#[test]
fn the_import_sizes_companies_as_the_engine_does() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.json");
    let two = |co: &str, tokens| (co.to_string(), 2, tokens);
    let five = |co: &str| (co.to_string(), 5, 2);
    let before = record_at("1817_20758.json", 249, &out);
    let mut want = vec![
        two("A&A", 1),
        two("B&A", 1),
        two("Belt", 1),
        two("Bess", 1),
        two("GT", 1),
        two("H", 1),
        two("PSNR", 2),
        two("PW", 1),
        two("R", 1),
        two("UR", 1),
    ];
    assert_eq!(sizes(&before), want);
    let after = record_at("1817_20758.json", 359, &out);
    for co in ["GT", "PW", "UR"] {
        let at = want.iter().position(|(c, _, _)| c == co).unwrap();
        want[at] = five(co);
    }
    assert_eq!(sizes(&after), want);
}

/// By hand: a size the title lacks, or a save naming one, is refused; a
/// save without sizes reads as before (every company its game file's 8).
#[test]
fn a_size_is_set_by_hand_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    new_game("1817", &save);
    hexroute()
        .args(["companies"])
        .arg(&save)
        .args(["UR", "--size", "2"])
        .assert()
        .success();
    assert_eq!(sizes(&saved_json(&save)), [("UR".to_string(), 2, 1)]);
    hexroute()
        .arg("token")
        .arg(&save)
        .args(["D9", "UR"])
        .assert()
        .success();
    // Its one token placed, a second is beyond its count.
    fails_with(
        hexroute().arg("token").arg(&save).args(["F19", "UR"]),
        "UR has placed all 1 of its tokens",
    );
    fails_with(
        hexroute()
            .arg("companies")
            .arg(&save)
            .args(["UR", "--size", "3"]),
        "3 shares is not a size of 1817",
    );
    let mut text: Value = saved_json(&save);
    text["sizes"]["UR"]["shares"] = 4.into();
    std::fs::write(&save, serde_json::to_string(&text).unwrap()).unwrap();
    fails_with(
        hexroute().arg("companies").arg(&save),
        "UR has 4 shares, not a size of 1817",
    );
}
