//! The lay and token rules of issue 14, each as 18xx.games and the printed
//! games apply them: the game's refusal (exit 2, the rule named, the file
//! byte-identical) and the legal alternative accepted.

use crate::common::Table;
use serde_json::Value;
use std::collections::BTreeSet;
use std::fs;

/// Runs `args` (with `--json`) and returns what it prints.
fn json(t: &Table, args: &[&str]) -> Value {
    let out = t.cmd(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn stubs_need_an_exit() {
    let t = Table::new("1867");
    // Peterborough (G15) has a stub at its lower-left side; 57 at rotation
    // 0 runs top to bottom, at rotation 1 upper-right to lower-left.
    t.refuse(
        &["place", "G15", "57", "--rotate", "0"],
        "hex G15 has a printed track stub at the SW side; tile 57 at rotation 0 has no exit there (stubs rule)",
    );
    // Without --rotate the only legal rotation is the one on the stub.
    let said = t.accept(&["place", "G15", "57"]);
    assert!(said.contains("placed 57 on G15 (rotation 1)"), "{said}");
    // Cornwall (K13, a town) has its stub at the upper right.
    t.refuse(&["place", "K13", "3", "--rotate", "0"], "stubs rule");
}

#[test]
fn a_city_upgrade_uses_the_most_exits() {
    let t = Table::new("1867");
    t.accept(&["place", "E13", "57", "--rotate", "0"]);
    t.accept(&["phase", "3"]);
    t.accept(&["upgrade", "E13", "14", "--rotate", "0"]);
    t.accept(&["phase", "5"]);
    // 63 (six exits) is in supply, so 611 (five) may not be chosen.
    t.refuse(
        &["upgrade", "E13", "611", "--rotate", "0"],
        "tile 611 has 5 exits but tile 63 with 6 can be laid; a city's tile must have the most exits (most exits rule)",
    );
    let listed: BTreeSet<String> = json(&t, &["upgrade", "--list", "E13", "--json"])
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["tile"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(listed, BTreeSet::from(["63".to_string()]));
    t.accept(&["upgrade", "E13", "63", "--rotate", "0"]);
}

#[test]
fn one_token_per_company_per_hex() {
    let t = Table::new("1867");
    // Montreal's three cities: CPR starts in the first (its track reaches
    // no other stop yet) and may not take the second as well.
    t.accept(&["token", "L12", "CPR", "--space", "0"]);
    t.refuse(
        &["token", "L12", "CPR", "--space", "1"],
        "CPR already has a token on hex L12 (one token per hex rule)",
    );
    // Another company may: a minor starts in any city holding no token.
    t.accept(&["token", "L12", "BBG", "--space", "1"]);
}

#[test]
fn a_printed_home_is_reserved_until_its_token_is_placed() {
    // 1861: Kiev's second city is KB's home, its third KK's.
    let t = Table::new("1861");
    t.refuse(
        &["token", "D14", "GRR", "--space", "1"],
        "hex D14: the city's free space is reserved for KB's home token until it is placed (home reserved rule)",
    );
    t.accept(&["token", "D14", "GRR", "--space", "0"]);
    // A minor's home token goes in its own city: KB's without --space.
    let t = Table::new("1861");
    t.refuse(
        &["token", "D14", "KB", "--space", "2"],
        "KB's home is city 1 of D14",
    );
    t.cmd(&["token", "D14", "KB"]).assert().success();
    assert_eq!(t.hex("D14")["tokens"]["1"], "KB");
    // Once KB's token is down the reservation is gone; KK's stays.
    t.refuse(&["token", "D14", "GRR", "--space", "2"], "KK's home token");
    // From phase 5 a minor not yet started never starts (18xx.games's
    // minors_cannot_start), so KK's home is free to take.
    t.accept(&["phase", "5", "--force"]);
    t.accept(&["token", "D14", "GRR", "--space", "2"]);
}

#[test]
fn an_1830_home_of_two_cities_reserves_one_space() {
    // Erie's home Buffalo (E11) has two cities and no city named: a space
    // in the hex, not a city, is Erie's until its token is placed.
    let t = Table::new("1830");
    t.cmd(&["token", "E11", "PRR", "--space", "0", "--force"])
        .assert()
        .success();
    let err = crate::common::fails_with(
        &mut t.cmd(&["token", "E11", "NYC", "--space", "1"]),
        "the last free space is reserved for ERIE's home token until it is placed (home reserved rule)",
    );
    assert!(err.contains("E11"), "{err}");
    t.accept(&["token", "E11", "ERIE", "--space", "1"]);
}

#[test]
fn where_a_first_token_may_go() {
    let t = Table::new("1867");
    // Barrie (E13) and Guelph (E15) joined by track; London (C17) is not.
    t.accept(&["place", "E13", "57", "--rotate", "0"]);
    t.accept(&["place", "E15", "57", "--rotate", "0"]);
    t.refuse(
        &["token", "E13", "CPR"],
        "CPR starts in a hex no track joins to another stop while one is open",
    );
    t.accept(&["token", "C17", "CPR"]);
    // A major never starts beside another company's token (Toronto holds
    // CN's); a minor may, in the empty city.
    t.refuse(
        &["token", "F16", "GWR"],
        "GWR starts in a hex holding no company's token; hex F16 holds one (first token rule)",
    );
    t.accept(&["token", "F16", "BBG"]);
    // A minor never starts in a city holding a token, neutral ones too.
    t.refuse(&["token", "D2", "CV"], "first token rule");
    t.accept(&["token", "E13", "CV"]);
    // 1861 majors: unjoined hexes only, even when every one is joined.
    let t = Table::new("1861");
    t.refuse(
        &["token", "H8", "GRR", "--space", "1"],
        "GRR starts in a hex no track joins to another stop; hex H8 is joined (first token rule)",
    );
}

#[test]
fn phase_two_restrictions_name_the_hex_and_the_phase() {
    let t = Table::new("1867");
    t.refuse(
        &["place", "M13", "4", "--rotate", "0"],
        "hex M13 is closed to track until phase 3 (until phase rule)",
    );
    // Timmins holds a neutral token until phase 3.
    t.refuse(
        &["token", "D2", "CPR"],
        "hex D2: token space 0 holds a neutral token until phase 3 (until phase rule)",
    );
    // Montreal's third city too; its first is free.
    t.refuse(&["token", "L12", "CPR", "--space", "2"], "until phase 3");
    t.accept(&["phase", "3"]);
    t.accept(&["place", "M13", "4", "--rotate", "0"]);
    t.accept(&["token", "D2", "CPR"]);
    // 1861: Yaroslavl (I5) among five hexes closed until phase 3.
    let t = Table::new("1861");
    let empty = json(&t, &["place", "--list", "I5", "--json"]);
    assert_eq!(empty, serde_json::json!([]));
    t.refuse(
        &["place", "I5", "4", "--rotate", "0"],
        "hex I5 is closed to track until phase 3",
    );
    t.accept(&["phase", "3"]);
    let open = json(&t, &["place", "--list", "I5", "--json"]);
    assert!(!open.as_array().unwrap().is_empty(), "{open}");
}

#[test]
fn the_1889_lay_rule_and_its_privates() {
    let t = Table::new("1889");
    // The port tile goes only through the Mitsubishi Ferry.
    t.refuse(
        &["place", "G10", "437", "--rotate", "0"],
        "tile 437 is laid only through Mitsubishi Ferry (--private MF) on B11, G10, I12, J9 (private tile rule)",
    );
    t.refuse(
        &["place", "C8", "437", "--rotate", "0", "--private", "MF"],
        "private ability rule",
    );
    t.accept(&[
        "place",
        "G10",
        "437",
        "--rotate",
        "0",
        "--private",
        "Mitsubishi Ferry",
    ]);
    // The Ehime Railway lays a green tile on Ohzu in phase 2.
    t.refuse(
        &["upgrade", "C4", "12", "--rotate", "3"],
        "phase colour rule",
    );
    t.accept(&["upgrade", "C4", "12", "--rotate", "3", "--private", "ER"]);
    crate::common::fails_with(
        &mut t.cmd(&["upgrade", "C4", "12", "--private", "Ehime"]),
        "unknown private company \"Ehime\"",
    );
}

#[test]
fn semi_restrictive_lays_in_1889() {
    // IR's home Matsuyama (E2) gets tile 57 joining its lower-left and
    // upper-right sides; on D3, beyond the lower left, IR may lay only
    // track that meets it.
    let t = Table::new("1889");
    t.accept(&["token", "E2", "IR"]);
    t.accept(&["place", "E2", "57", "--rotate", "1", "--company", "IR"]);
    let lays = |by: &[&str]| -> Vec<Value> {
        json(&t, &[&["place", "--list", "D3", "--json"][..], by].concat())
            .as_array()
            .unwrap()
            .clone()
    };
    let ir = lays(&["--company", "IR"]);
    let anyone = lays(&[]);
    let joins = |l: &Value| l["connects"].as_str().unwrap().contains("NE");
    assert!(!ir.is_empty() && ir.iter().all(joins), "{ir:?}");
    let unreached = anyone.iter().find(|l| !joins(l)).unwrap();
    let rot = unreached["rotation"].to_string();
    let tile = unreached["tile"].as_str().unwrap();
    t.refuse(
        &["place", "D3", tile, "--rotate", &rot, "--company", "IR"],
        "IR cannot reach any of its new track or a city whose value changes on hex D3 from its tokens (SemiRestrictive tile lays) (tile lay rule)",
    );
    let reached = &ir[0];
    t.accept(&[
        "place",
        "D3",
        reached["tile"].as_str().unwrap(),
        "--rotate",
        &reached["rotation"].to_string(),
        "--company",
        "IR",
    ]);
}

#[test]
fn tiles_7_8_and_9_never_run_out_in_1867() {
    let out = crate::common::stdout_of(crate::common::hexroute().args(["tiles", "1867", "--json"]));
    let tiles: Value = serde_json::from_str(&out).unwrap();
    let count = |name: &str| {
        tiles
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["tile"] == name)
            .map(|t| t["count"].clone())
            .unwrap()
    };
    for name in ["7", "8", "9"] {
        assert_eq!(count(name), serde_json::Value::Null, "tile {name}");
    }
    assert_eq!(count("57"), 2);
}

#[test]
fn lays_print_their_cost() {
    // 1830: Pittsburgh's mountain (F16) costs $120 on the first lay.
    let t = Table::new("1830");
    let lay = json(
        &t,
        &["place", "F16", "57", "--rotate", "0", "--json", "--force"],
    );
    assert_eq!(lay["cost"], 120);
    assert_eq!(
        lay["cost_parts"],
        serde_json::json!([{"for": "mountain", "amount": 120}])
    );
    // 1867: the St Lawrence costs $80 when track first meets across it.
    let t = Table::new("1867");
    let first = json(&t, &["place", "M9", "57", "--rotate", "0", "--json"]);
    assert_eq!(first["cost"], 0, "nothing on M11 yet: {first}");
    let second = json(&t, &["place", "M11", "9", "--rotate", "0", "--json"]);
    assert_eq!(
        second["cost_parts"],
        serde_json::json!([{"for": "water at the N side", "amount": 80}])
    );
    // A water hex: K11 costs $20; the words go to standard error.
    let said = t.accept(&["place", "K11", "9", "--rotate", "0"]);
    assert!(
        said.contains("placed 9 on K11 (rotation 0); cost $20 (water $20)"),
        "{said}"
    );
}

#[test]
fn printed_company_names_and_old_ones() {
    let t = Table::new("1867");
    t.accept(&["token", "C17", "GW"]);
    assert_eq!(t.hex("C17")["tokens"]["0"], "GWR");
    let t = Table::new("1861");
    t.accept(&["token", "H18", "D"]);
    assert_eq!(t.hex("H18")["tokens"]["0"], "Y");
}

/// `--list` is exactly the tiles and rotations a lay accepts: every tile
/// in supply is tried at all six rotations through the binary, and the
/// accepted shapes (tile and track in words) match the list.
#[test]
fn list_is_every_lay_that_is_accepted() {
    let t = Table::new("1867");
    t.accept(&["place", "E13", "57", "--rotate", "0"]);
    t.accept(&["token", "E13", "CPR"]);
    t.accept(&["phase", "5"]);
    let out = crate::common::stdout_of(crate::common::hexroute().args(["tiles", "1867", "--json"]));
    let tiles: Vec<String> = serde_json::from_str::<Value>(&out)
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["tile"].as_str().unwrap().to_string())
        .collect();
    let cases = [
        ("place", "G15", None),
        ("place", "E11", Some("CPR")),
        ("place", "E15", Some("CPR")),
        ("upgrade", "E13", Some("CPR")),
    ];
    for (kind, hex, company) in cases {
        let by: Vec<&str> = company.map(|c| vec!["--company", c]).unwrap_or_default();
        let listed: BTreeSet<(String, String)> =
            json(&t, &[&[kind, "--list", hex, "--json"][..], &by].concat())
                .as_array()
                .unwrap()
                .iter()
                .map(|l| {
                    (
                        l["tile"].as_str().unwrap().into(),
                        l["connects"].as_str().unwrap().to_string(),
                    )
                })
                .collect();
        let out = t.dir.path().join("try.json");
        let mut accepted = BTreeSet::new();
        for tile in &tiles {
            for rot in 0..6 {
                let r = rot.to_string();
                let o = t
                    .cmd(
                        &[
                            &[kind, hex, tile, "--rotate", &r, "--json", "-o"][..],
                            &[out.to_str().unwrap()],
                            &by,
                        ]
                        .concat(),
                    )
                    .output()
                    .unwrap();
                if o.status.success() {
                    let l: Value = serde_json::from_slice(&o.stdout).unwrap();
                    accepted.insert((tile.clone(), l["connects"].as_str().unwrap().to_string()));
                } else {
                    assert_eq!(
                        o.status.code(),
                        Some(2),
                        "{}",
                        String::from_utf8_lossy(&o.stderr)
                    );
                }
            }
        }
        assert!(!listed.is_empty(), "{kind} {hex} lists something");
        assert_eq!(listed, accepted, "{kind} --list {hex}");
    }
}

/// `--list`'s text output, which must succeed.
fn listed(t: &Table, args: &[&str]) -> String {
    crate::common::stdout_of(&mut t.cmd(args))
}

/// With no legal lay, `--list` says which rules refused the tiles, the
/// most telling first, each naming its rule.
#[test]
fn an_empty_list_says_why() {
    let t = Table::new("1867");
    let out = listed(&t, &["upgrade", "--list", "L12"]);
    assert!(
        out.contains(
            "  none:\n    yellow tile Montreal upgrades only to green tiles (upgrade colour rule)\n    no green tile in phase 2, which allows yellow (phase colour rule)\n"
        ),
        "{out}"
    );
    // A hex closed this phase says only that.
    let out = listed(&t, &["place", "--list", "M13"]);
    assert!(
        out.ends_with("  none:\n    hex M13 is closed to track until phase 3 (until phase rule)\n"),
        "{out}"
    );
    // Peterborough for CPR, who has no token: the colour, the stops, the
    // labels, the stub, the map's edge, then the reach of its trains.
    let out = listed(&t, &["place", "--list", "G15", "--company", "CPR"]);
    let rules: Vec<&str> = out
        .lines()
        .skip(2)
        .map(|l| l.rsplit_once(" (").unwrap().1.trim_end_matches(" rule)"))
        .collect();
    assert_eq!(
        rules,
        [
            "yellow first",
            "same stops",
            "labels",
            "stubs",
            "track into nowhere",
            "tile lay"
        ],
        "{out}"
    );
    assert!(
        out.contains("    the hex has 1 city, unlike tiles 7, 8, 9, 3, 4, 58 (same stops rule)\n"),
        "{out}"
    );
    // A brown city with a token: no tile is both grey and labelled Y.
    fs::copy(crate::common::fixture("1867_bc.json"), &t.file).unwrap();
    let out = listed(&t, &["upgrade", "--list", "D16"]);
    assert!(
        out.contains("    brown tile 63 upgrades only to grey tiles (upgrade colour rule)\n    the hex is labelled Y; tiles 124, 639, X8 are not (labels rule)\n"),
        "{out}"
    );
}

/// Issue 22, item 14: a yellow tile on a brown city is refused for its
/// colour first, not for the token it cannot hold.
#[test]
fn a_refusal_names_the_most_telling_rule_first() {
    let t = Table::new("1867");
    fs::copy(crate::common::fixture("1867_bc.json"), &t.file).unwrap();
    let colour = "hex D16: brown tile 63 upgrades to a grey tile, not to yellow tile 9 (upgrade colour rule); ";
    let err = t.refuse(&["upgrade", "D16", "9", "--rotate", "0"], colour);
    assert!(err.trim_end().ends_with("(tokens kept rule)"), "{err}");
    // --force cannot give the token a place either.
    t.refuse(&["upgrade", "D16", "9", "--rotate", "0", "--force"], colour);
    t.refuse(
        &["upgrade", "D16", "9"],
        "e.g. brown tile 63 upgrades to a grey tile",
    );
}

/// Track reads in the compass sides of the map's own hexes, one way for
/// every tile: `tiles` and `--list` alike.
#[test]
fn track_is_named_by_the_sides_of_the_map() {
    let flat = ["N", "NE", "SE", "S", "SW", "NW"];
    let pointed = ["NE", "E", "SE", "SW", "W", "NW"];
    for (game, sides) in [
        ("1830", pointed),
        ("1861", flat),
        ("1867", flat),
        ("1889", flat),
    ] {
        let out = crate::common::stdout_of(crate::common::hexroute().args(["tiles", game]));
        for line in out.lines().skip(2) {
            let track = line
                .split_whitespace()
                .skip(3)
                .collect::<Vec<_>>()
                .join(" ");
            for word in track.split(|ch: char| !ch.is_ascii_alphanumeric()) {
                let side = !word.is_empty() && word.chars().all(|ch| ch.is_ascii_uppercase());
                let label =
                    line.contains(&format!("[{word}")) || line.contains(&format!(",{word}"));
                assert!(
                    !side || label || sides.contains(&word),
                    "{game}: {word} in {line}"
                );
            }
        }
    }
    // 57 and 621 are the same track, so they read the same.
    let out = crate::common::stdout_of(crate::common::hexroute().args(["tiles", "1867"]));
    let track = |tile: &str| {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("{tile} ")))
            .unwrap();
        line.split_whitespace()
            .skip(3)
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(track("57"), "city: N, S");
    assert_eq!(track("621"), "city: N, S");
    // Pointed-top 1830: Pittsburgh's three ways for tile 57.
    let t = Table::new("1830");
    let out = listed(&t, &["place", "--list", "H10"]);
    for (rot, sides) in [(0, "NE, SW"), (1, "E, W"), (2, "SE, NW")] {
        assert!(
            out.contains(&format!("57    --rotate {rot}  city: {sides}\n")),
            "{out}"
        );
    }
}

/// 1836Jr30's Amsterdam (D6) prints one NY city; its green NY tile 54 has
/// two (`labelled_cities_may_split`): the HSM's token goes to the city that
/// keeps both its sides, and a rotation where no city does is refused.
/// Without the rule the second city breaks the same-stops rule.
#[test]
fn a_labelled_city_may_split_where_the_game_says_so() {
    let t = Table::new("1836Jr30");
    t.accept(&["token", "D6", "HSM"]);
    t.accept(&["phase", "3"]);
    t.refuse(&["upgrade", "D6", "54", "--rotate", "0"], "tokens kept");
    t.accept(&["upgrade", "D6", "54", "--rotate", "3"]);
    let d6 = &t.json()["hexes"]["D6"];
    assert_eq!(d6["tile"], "54");
    // Our 54's city 0 joins its UpperLeft and Top sides: at rotation 3
    // Bottom and LowerRight, Amsterdam's two.
    assert_eq!(d6["tokens"]["0"], "HSM", "{d6}");
    let strict = Table::new("1836Jr30");
    let text = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/games/1836Jr30.ron"))
        .unwrap()
        .replacen(
            "labelled_cities_may_split: true",
            "labelled_cities_may_split: false",
            1,
        );
    fs::write(strict.dir.path().join("custom.ron"), text).unwrap();
    strict.accept(&["phase", "3"]);
    strict.refuse(
        &["upgrade", "D6", "54", "--rotate", "3"],
        "tile Amsterdam has 1 city but tile 54 has 2 cities (same stops rule)",
    );
}

/// A future label (18xx.games's future_label) holds from its colour on:
/// 18MS's Mobile (H6) takes the common yellow and green tiles and then only
/// the brown Mob; Birmingham (C9) only the grey BM.
#[test]
fn future_labels_hold_from_their_colour() {
    let t = Table::new("18MS");
    t.accept(&["place", "H6", "57", "--rotate", "1"]);
    t.accept(&["phase", "3"]);
    t.accept(&["upgrade", "H6", "15", "--rotate", "1"]);
    t.accept(&["phase", "6"]);
    t.refuse(
        &["upgrade", "H6", "63", "--rotate", "1"],
        "tile 63 is labelled [] but hex H6 is labelled [Mob] (labels rule)",
    );
    t.accept(&["upgrade", "H6", "X31b", "--rotate", "1"]);
    t.accept(&["place", "C9", "57", "--rotate", "0"]);
    t.accept(&["upgrade", "C9", "15", "--rotate", "0"]);
    t.accept(&["upgrade", "C9", "63", "--rotate", "0"]);
    t.accept(&["phase", "D"]);
    t.accept(&["upgrade", "C9", "446", "--rotate", "0"]);
}

/// 18AL: Montgomery (L5) takes any yellow city, then only its M tiles
/// (a future label); Birmingham (G4) only its B tiles; the lumber terminal
/// goes on a swamp only through its private, and is never upgraded.
#[test]
fn the_18al_labels_and_the_lumber_terminal() {
    let t = Table::new("18AL");
    t.accept(&["place", "L5", "57", "--rotate", "0"]);
    t.refuse(
        &["place", "G4", "57", "--rotate", "0"],
        "tile 57 is labelled [] but hex G4 is labelled [B] (labels rule)",
    );
    t.accept(&["place", "G4", "441a", "--rotate", "0"]);
    t.accept(&["phase", "3"]);
    t.refuse(
        &["upgrade", "L5", "15", "--rotate", "0"],
        "tile 15 is labelled [] but hex L5 is labelled [M] (labels rule)",
    );
    t.accept(&["upgrade", "L5", "443a", "--rotate", "0"]);
    t.refuse(
        &["place", "G2", "445", "--rotate", "0"],
        "private tile rule",
    );
    t.refuse(
        &["place", "E4", "445", "--rotate", "0", "--private", "BLC"],
        "private ability rule",
    );
    t.accept(&["place", "G2", "445", "--rotate", "0", "--private", "BLC"]);
    t.accept(&["phase", "5"]);
    t.refuse(
        &["upgrade", "L5", "444b", "--rotate", "0"],
        "tile 444b is labelled [B] but hex L5 is labelled [M] (labels rule)",
    );
    t.accept(&["upgrade", "L5", "444m", "--rotate", "0"]);
    crate::common::fails_with(
        &mut t.cmd(&["upgrade", "G2", "143", "--rotate", "0"]),
        "tile 445 on hex G2 is permanent and cannot be upgraded",
    );
}

/// 18Texas: Fort Worth & Dallas's two yellow cities become the one city of
/// the green Y tile 511, the T&P's home token kept; the New Orleans Pacific
/// lays the 511 on the blank San Antonio (waiving `yellow first`), and its
/// company may then put a token there without a route (`reachable`).
#[test]
fn the_18texas_y_cities_and_teleports() {
    let t = Table::new("18Texas");
    t.accept(&["token", "D9", "T&P"]);
    t.accept(&["token", "G10", "MP"]);
    t.accept(&["phase", "3"]);
    t.refuse(
        &["upgrade", "D9", "14", "--rotate", "0"],
        "tile 14 is labelled [] but hex D9 is labelled [Y] (labels rule)",
    );
    let said = t.accept(&["upgrade", "D9", "511", "--rotate", "1"]);
    assert!(said.contains("cost $60"), "{said}");
    t.refuse(
        &["place", "J5", "511", "--rotate", "1"],
        "yellow first rule",
    );
    t.accept(&["place", "J5", "511", "--rotate", "1", "--private", "NOPR"]);
    t.refuse(&["token", "J5", "MP"], "reachable rule");
    t.refuse(
        &["token", "J5", "MP", "--private", "IGN"],
        "International–Great Northern places no tokens (private ability rule)",
    );
    t.accept(&["token", "J5", "MP", "--private", "NOPR"]);
    t.accept(&["place", "D13", "8", "--rotate", "2", "--private", "IGN"]);
    let save: Value = serde_json::from_str(&fs::read_to_string(&t.file).unwrap()).unwrap();
    assert_eq!(save["hexes"]["D9"]["tokens"]["0"], "T&P");
    assert_eq!(save["hexes"]["J5"]["tokens"]["0"], "MP");
}

/// 1856: from phase 6 (`stop_upgrades`) a yellow town becomes plain track
/// or a yellow city of its shape, by `upgrade` or by `place` over it, and
/// two towns a green city keeping both towns' sides; before, the colour
/// order and the stops rule refuse it.
#[test]
fn the_1856_towns_become_track_or_cities_from_phase_6() {
    let t = Table::new("1856");
    t.accept(&["place", "N9", "4", "--rotate", "0"]);
    t.accept(&["place", "M6", "58", "--rotate", "3"]);
    t.accept(&["place", "I14", "1", "--rotate", "0"]);
    t.accept(&["phase", "5"]);
    t.refuse(
        &["upgrade", "N9", "9", "--rotate", "0"],
        "yellow tile 4 upgrades to a green tile, not to yellow tile 9 (upgrade colour rule)",
    );
    t.accept(&["phase", "6"]);
    t.accept(&["upgrade", "N9", "9", "--rotate", "0"]);
    t.accept(&["place", "M6", "6", "--rotate", "3"]);
    t.refuse(
        &["upgrade", "I14", "14", "--rotate", "0"],
        "tile 14 at rotation 0 drops tile 1's old track (town: NE, NW) (track preserved rule)",
    );
    t.accept(&["upgrade", "I14", "14"]);
    let save: Value = serde_json::from_str(&fs::read_to_string(&t.file).unwrap()).unwrap();
    assert_eq!(save["hexes"]["N9"]["tile"], "9");
    assert_eq!(save["hexes"]["M6"]["tile"], "6");
    assert_eq!(save["hexes"]["I14"]["tile"], "14");
}

/// 1846's reserved spaces (`reserved_tokens`): PRR's Fort Wayne is held
/// for it until phase IV, and PRR may put its token there without a route
/// in any phase (18xx.games's `teleport_price`); ERIE's space in Erie is
/// the second (NYC's home takes the first) and needs a route.
#[test]
fn reserved_spaces_and_their_tokens_without_a_route() {
    let t = Table::new("1846");
    t.accept(&["token", "F20", "PRR"]);
    t.accept(&["token", "D20", "NYC"]);
    assert_eq!(t.hex("D20")["tokens"]["0"], "NYC", "ERIE's space is left");
    t.refuse(
        &["token", "E11", "NYC"],
        "hex E11: token space 0 is reserved for PRR until phase IV (reserved space rule)",
    );
    t.refuse(
        &["token", "D20", "GT", "--space", "1"],
        "token space 1 is reserved for ERIE until phase IV (reserved space rule)",
    );
    t.accept(&["token", "E21", "ERIE"]);
    t.refuse(
        &["token", "D20", "ERIE"],
        "ERIE cannot reach the city on hex D20 over track from its tokens (reachable rule)",
    );
    t.accept(&["token", "E11", "PRR"]);
    // From phase IV the space is no one's; the teleport stays.
    let t = Table::new("1846");
    t.accept(&["token", "F20", "PRR"]);
    t.accept(&["token", "D20", "NYC"]);
    t.accept(&["phase", "IV"]);
    let said = t.refuse(&["token", "E11", "NYC"], "(reachable rule)");
    assert!(!said.contains("reserved"), "{said}");
    t.accept(&["token", "E11", "PRR"]);
}

/// 1846's minors start with their token at home (`setup_tokens`); a
/// company buying one (`companies --give MS`) takes that token, one beyond
/// its own count (`token_to_buyer`), and the minor's home is held for no
/// one. GT (3 tokens) on Port Huron, its track to Detroit's second space.
#[test]
fn a_minors_token_passes_to_its_buyer_beyond_its_count() {
    let t = Table::new("1846");
    t.accept(&["token", "B16", "GT"]);
    t.accept(&["place", "B16", "6", "--rotate", "2", "--company", "GT"]);
    // IC buys the Michigan Southern: Detroit's first space is IC's, and
    // its second is no longer held for the MS's home token.
    t.accept(&["companies", "IC", "--give", "MS"]);
    assert_eq!(t.hex("C15")["tokens"]["0"], "IC");
    t.accept(&["token", "C15", "GT"]);
    // GT buys the Big 4: its token in Indianapolis is GT's.
    let t = Table::new("1846");
    t.accept(&["token", "B16", "GT"]);
    t.accept(&["place", "B16", "6", "--rotate", "2", "--company", "GT"]);
    t.accept(&["token", "E17", "GT", "--force"]);
    t.accept(&["companies", "GT", "--give", "BIG4"]);
    assert_eq!(t.hex("G9")["tokens"]["0"], "GT");
    // Three tokens on the map, one of them the Big 4's: a fourth is legal.
    t.accept(&["token", "C15", "GT"]);
    assert_eq!(
        json(&t, &["companies", "GT", "--json"])[0]["tokens_left"],
        0
    );
    t.refuse(
        &["token", "E11", "GT"],
        "GT has placed all 4 of its tokens (3 of its own, 1 gained with a minor or a private) (tokens left rule)",
    );
}

/// 1846's Chicago and Western Indiana (`privates[].token`): Chicago's
/// city 3 is held for it until a company owns it; its owner, and only its
/// owner, may put a token there without a route, in city 3 only, beyond
/// the company's own count.
#[test]
fn the_c_and_wi_token_is_its_owners_beyond_its_count() {
    let t = Table::new("1846");
    t.accept(&["token", "G19", "B&O"]);
    for hex in ["E11", "I5", "E17"] {
        t.accept(&["token", hex, "B&O", "--force"]);
    }
    t.refuse(
        &["token", "D6", "B&O", "--space", "3"],
        "hex D6: token space 3 is reserved for the C&WI until a company owns it (reserved space rule)",
    );
    t.refuse(
        &["token", "D6", "B&O", "--private", "C&WI"],
        "B&O does not own the C&WI (Chicago and Western Indiana), whose token is its owner's (companies --give) (private ability rule)",
    );
    t.accept(&["companies", "B&O", "--give", "C&WI"]);
    t.refuse(
        &["token", "D6", "B&O", "--private", "C&WI", "--space", "0"],
        "Chicago and Western Indiana places its token in city 3 of D6 only, not in city 0 (private ability rule)",
    );
    // All four of B&O's own tokens are down; the C&WI's is one more.
    t.accept(&["token", "D6", "B&O", "--private", "C&WI"]);
    assert_eq!(t.hex("D6")["tokens"]["3"], "B&O");
    t.refuse(
        &["token", "H12", "B&O"],
        "B&O has placed all 5 of its tokens (4 of its own, 1 gained with a minor or a private) (tokens left rule)",
    );
}
