//! 18JP-T's rules of its own, worked by hand on its printed map: new track
//! meeting a grey tile's blank side, Keisei's Narita paid twice, Tobu's
//! second starting token and Kamata's one upgrade.

use crate::common::{Table, stdout_of};
use serde_json::Value;

/// The best total of `company`'s `trains` on the table's map.
fn total(t: &Table, company: &str, trains: &str) -> u64 {
    let out = stdout_of(&mut t.cmd(&[
        "routes",
        "--company",
        company,
        "--trains",
        trains,
        "--json",
        "--quiet",
    ]));
    let out: Value = serde_json::from_str(&out).unwrap();
    out["total"].as_u64().unwrap()
}

/// New track may meet a grey hex's blank side
/// (`track_may_meet_blank_sides`: 18xx.games asks only that the
/// neighbour exists). Kichijoji (C85, grey) has track to its lower right
/// only; a straight 9 on C87, right below it, runs from Noborito (C89) up
/// into Kichijoji's blank bottom side. Off the map is still a dead end: a
/// 9 on B78 runs off the top edge. Without the field the first lay is
/// refused as most titles refuse it.
#[test]
fn an_18jpt_lay_may_meet_a_grey_hexs_blank_side() {
    let t = Table::new("18JP-T");
    t.accept(&["place", "C87", "9", "--rotate", "0"]);
    t.refuse(&["place", "B78", "9", "--rotate", "0"], "runs off the map");

    let dir = tempfile::tempdir().unwrap();
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/games/18JPT.ron")).unwrap();
    let line = "track_may_meet_blank_sides: true,";
    assert!(text.contains(line));
    let game_file = dir.path().join("custom.ron");
    std::fs::write(&game_file, text.replace(line, "")).unwrap();
    let strict = Table::with_game_file("18JP-T", Some(&game_file));
    std::fs::copy(&game_file, strict.dir.path().join("custom.ron")).unwrap();
    strict.refuse(
        &["place", "C87", "9", "--rotate", "0"],
        "runs into the blank side of grey hex C85",
    );
}

/// Keisei's hex bonus (18xx.games g_18_jpt `revenue_for`): a stop in
/// Narita (L84) pays Keisei its value again. Worked by hand in phase 2:
/// Funabashi (K85, a white city of ¥20) takes a yellow 6 whose upper-right
/// side meets Narita's track (an off-board of ¥30 in yellow). A 2-train
/// from a token in Funabashi to Narita earns 20 + 30 = ¥50, and Keisei
/// ¥30 more for Narita: ¥80. The Hokuso Railway on the same route: ¥50.
/// (Each token is the company's first, off its home: `--force`.)
#[test]
fn keisei_is_paid_narita_twice() {
    let t = Table::new("18JP-T");
    t.accept(&["place", "K85", "6", "--rotate", "0"]);
    t.accept(&["token", "K85", "KER", "--force"]);
    assert_eq!(total(&t, "KER", "2"), 80);
    t.accept(&["token", "K85", "KER", "--remove"]);
    t.accept(&["token", "K85", "HR", "--force"]);
    assert_eq!(total(&t, "HR", "2"), 50);
}

/// Tobu starts with a second token in Koshigaya (H76, 18xx.games's
/// TR_SECOND_STARTING_TOKEN), on the map from the start; Kamata's green
/// (F92) takes only the brown 611 (18xx.games's `upgrades_to?`).
#[test]
fn tobu_holds_koshigaya_and_kamata_takes_only_the_611() {
    let t = Table::new("18JP-T");
    assert_eq!(t.hex("H76")["tokens"], serde_json::json!({"0": "TR"}));
    t.accept(&["phase", "5"]);
    let out = stdout_of(&mut t.cmd(&["upgrade", "F92", "--list"]));
    let tiles: Vec<&str> = out
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(tiles, ["611"], "{out}");
}
