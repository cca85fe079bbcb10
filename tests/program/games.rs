//! 1830, 1861 and 1889, run end to end through the real binary: new, show,
//! tiles, render, import, and routes worked out by hand.

use crate::common::{fails_with, fixture, hex_groups, hexroute, json_of, stdout_of};
use serde_json::Value;
use std::fs;

fn builtin(game: &str) -> hexroute::game::Game {
    hexroute::game::builtin(game).unwrap()
}

#[test]
fn every_game_starts_shows_lists_tiles_and_renders() {
    let dir = tempfile::tempdir().unwrap();
    // (game, hexes on the map, a tile and how many the game has)
    let games = [
        ("1830", 93, "57", Value::from(4)),
        ("1861", 144, "8", Value::Null),
        ("1889", 52, "8", Value::from(5)),
    ];
    for (game, hexes, tile, count) in games {
        assert_eq!(builtin(game).hexes.len(), hexes, "{game}");
        let save = dir.path().join(format!("{game}.json"));
        let save = save.to_str().unwrap();
        hexroute()
            .args(["new", game, "-o", save])
            .assert()
            .success();
        let shown = json_of(&["show", save, "--json"]);
        assert_eq!(shown["game"], game);
        assert_eq!(shown["phase"], "2");
        let tiles = json_of(&["tiles", game, "--json"]);
        let entry = tiles
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["tile"] == tile)
            .unwrap_or_else(|| panic!("{game} has no tile {tile}"));
        assert_eq!(entry["count"], count, "{game} tile {tile}");

        let svg = dir.path().join(format!("{game}.svg"));
        hexroute()
            .args(["render", save, "-o"])
            .arg(&svg)
            .assert()
            .success();
        // One group per hex, plus the page.
        assert_eq!(hex_groups(&svg), hexes + 1, "{game}");

        let png = dir.path().join(format!("{game}.png"));
        hexroute()
            .args(["render", save, "-o"])
            .arg(&png)
            .assert()
            .success();
        assert!(fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    }
}

#[test]
fn addresses_are_the_printed_boards() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("1830.json");
    let save = save.to_str().unwrap();
    hexroute()
        .args(["new", "1830", "-o", save])
        .assert()
        .success();
    // 1830 letters its rows: Chicago is F2 and New York (two cities) G19.
    fails_with(
        hexroute().args(["token", save, "F2", "PRR"]),
        "F2 (Chicago) has no token spaces",
    );
    // NYNH's charter names New York's first city (18xx.games: city 0),
    // so its home token needs no --space.
    let out = hexroute()
        .args(["token", save, "G19", "NYNH"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("placed a NYNH token on G19 (space 0)"),
        "{out:?}"
    );
    // A home is where the charter says: PRR's first token goes to H12.
    fails_with(
        hexroute().args(["token", save, "F22", "PRR"]),
        "PRR's first token goes on its home hex H12, not F22",
    );
    // 1889's first column carries even numbers: A10 is Sukumo, A9 cannot be.
    let save = dir.path().join("1889.json");
    let save = save.to_str().unwrap();
    hexroute()
        .args(["new", "1889", "-o", save])
        .assert()
        .success();
    fails_with(hexroute().args(["token", save, "A9", "KU"]), "A9");
    fails_with(hexroute().args(["token", save, "A10", "KU"]), "C10");
}

#[test]
fn companies_and_names_are_typed_without_surprises() {
    let games = stdout_of(hexroute().args(["games"]));
    for game in ["1830", "1861", "1867", "1889"] {
        assert!(games.contains(game), "{games}");
    }
    // 1861's minor Moscow-Kursk and major Moscow & Kazan are told apart.
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("1861.json");
    let save = save.to_str().unwrap();
    hexroute()
        .args(["new", "1861", "-o", save])
        .assert()
        .success();
    hexroute()
        .args(["token", save, "H8", "M-K", "--space", "0"])
        .assert()
        .success();
    // MK may not start in Moscow (track joins it to other stops, and its
    // last city is MNN's home), so the house rule needs --force.
    hexroute()
        .args(["token", save, "H8", "MK", "--space", "2", "--force"])
        .assert()
        .success();
    let tokens = &json_of(&["show", save, "--json"])["tokens"];
    assert_eq!(
        tokens,
        &serde_json::json!([
            {"company": "M-K", "hex": "H8", "space": 0, "city": 0},
            {"company": "MK", "hex": "H8", "space": 2, "city": 2},
        ])
    );
    // No soft hyphens or reference typos in names a user sees or types.
    for game in ["1830", "1861", "1889"] {
        let data =
            fs::read_to_string(format!("{}/games/{game}.ron", env!("CARGO_MANIFEST_DIR"))).unwrap();
        // Only the import table may spell the reference's names.
        let ours = &data[..data.find("import:").unwrap()];
        assert!(!ours.contains('\u{ad}'), "{game} has a soft hyphen");
        assert!(!ours.contains("Hartfort") && !ours.contains("Okoyama"));
    }
    let russia = builtin("1861");
    let at = |name: &str| {
        let (c, _) = russia
            .hexes
            .iter()
            .find(|(_, h)| h.name.as_deref() == Some(name))
            .unwrap_or_else(|| panic!("no hex named {name}"));
        russia.format(*c)
    };
    assert_eq!(at("Lugansk"), "I17");
    assert_eq!(at("Simbirsk"), "M9");
}

/// Imports a rusty_train save and compares it with the position it encodes.
fn imports_as(save: &str, ours: &str) {
    let imported = json_of(&["import", fixture(save).to_str().unwrap(), "-o", "-"]);
    let expected: Value =
        serde_json::from_str(&fs::read_to_string(fixture(ours)).unwrap()).unwrap();
    assert_eq!(imported["game"], expected["game"], "{save}");
    assert_eq!(imported["phase"], expected["phase"], "{save}");
    assert_eq!(imported["hexes"], expected["hexes"], "{save}");
}

#[test]
fn rusty_train_saves_import_for_every_game() {
    // Phase-coloured off-board tiles map to ours, NNH becomes NYNH.
    imports_as("rusty_train_1830.game", "1830_late.json");
    // The save leaves Lugansk's hex blank, and its "MK" is the minor M-K.
    imports_as("rusty_train_1861.game", "1861_mid.json");
    // Phase D, where off-board tiles are the brown ones.
    imports_as("rusty_train_1889.game", "1889_late.json");
}

/// A stop as (hex, revenue, skipped).
type Stop = (String, u64, bool);
/// A train's route as (train, revenue, stops).
type Route = (String, u64, Vec<Stop>);

/// The total and routes of one company.
fn routes_of(file: &str, company: &str) -> (u64, Vec<Route>) {
    let out = json_of(&[
        "routes",
        fixture(file).to_str().unwrap(),
        "--company",
        company,
        "--json",
    ]);
    let routes = out["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let stops = r["stops"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| {
                    (
                        s["hex"].as_str().unwrap().to_string(),
                        s["revenue"].as_u64().unwrap(),
                        s["skipped"].as_bool().unwrap(),
                    )
                })
                .collect();
            (
                r["train"].as_str().unwrap().to_string(),
                r["revenue"].as_u64().unwrap(),
                stops,
            )
        })
        .collect();
    (out["total"].as_u64().unwrap(), routes)
}

fn stop(hex: &str, revenue: u64) -> Stop {
    (hex.to_string(), revenue, false)
}

/// Worked by hand from the printed values, to catch data errors that the
/// oracle (which reads the same data) cannot see.
#[test]
fn hand_worked_routes() {
    // 1830, phase 7 (brown off-boards), B&M with a D train (stops everywhere).
    // Maritime Provinces B24 (brown: $30), Boston E23 (printed yellow, $30),
    // Fall River F24 (grey town, $10), Providence F22 (green #15, $30),
    // one town of Hartford/New Haven F20 (#55, $10), New York G19 (printed
    // yellow, $40 a city): 30 + 30 + 10 + 30 + 10 + 40 = $150.
    let (total, routes) = routes_of("1830_late.json", "B&M");
    assert_eq!(total, 150);
    assert_eq!(
        routes,
        vec![(
            "D".to_string(),
            150,
            vec![
                stop("B24", 30),
                stop("E23", 30),
                stop("F24", 10),
                stop("F22", 30),
                stop("F20", 10),
                stop("G19", 40)
            ]
        )]
    );

    // 1861, phase 8, MK (the major) with a 5 and a 5+5E. The 5+5E runs
    // Moscow H8 ($40, printed yellow) to Samara N10 (#622, $40) and doubles:
    // (40 + 40) x 2 = $160. The 5 runs Kazan M7 (#15, $30) to Samara: $70.
    let (total, routes) = routes_of("1861_late.json", "MK");
    assert_eq!(total, 230);
    assert_eq!(
        routes,
        vec![
            ("5".to_string(), 70, vec![stop("M7", 30), stop("N10", 40)]),
            (
                "5+5E".to_string(),
                160,
                vec![stop("H8", 40), stop("N10", 40)]
            ),
        ]
    );

    // 1889, phase D, IR with a 6 and a D. Imabari F1 pays its brown $60, and
    // the D train earns +$40 there in phase D. D: Imabari 60 + 40, Matsuyama
    // E2 (#15, $30), Saijou F3 (#14, $30), Ikeda H7 (#12, $30) = $190.
    // 6: Imabari 60 + Saijou 30 = $90, over the other side of Imabari.
    let (total, routes) = routes_of("1889_late.json", "IR");
    assert_eq!(total, 280);
    assert_eq!(
        routes,
        vec![
            ("6".to_string(), 90, vec![stop("F1", 60), stop("F3", 30)]),
            (
                "D".to_string(),
                190,
                vec![
                    stop("F1", 60),
                    stop("E2", 30),
                    stop("F3", 30),
                    stop("H7", 30)
                ]
            ),
        ]
    );
}

/// 18MS's New Orleans (I1): the company with its token there earns $10 more
/// on a route stopping there, until phase 6 (18xx.games's hexes_bonus);
/// its town pays $10 in every phase while its city's value rises.
#[test]
fn new_orleans_pays_its_token_holder_and_its_town_stays_at_ten() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("18MS.json");
    fs::copy(fixture("18MS_mid.json"), &save).unwrap();
    let file = save.to_str().unwrap();
    let best = || {
        json_of(&[
            "routes",
            file,
            "--company",
            "GMO",
            "--trains",
            "2+",
            "--json",
        ])
    };
    let town_and_bonus = |out: &Value| {
        let route = &out["routes"][0];
        let town = route["stops"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["hex"] == "I1" && s["kind"] == "town")
            .map(|s| s["revenue"].clone());
        (town, route["bonuses"].clone())
    };
    // GMO holds New Orleans: Pensacola, Mobile, Gulfport and New Orleans's
    // city and town, $10 + $20 + $10 + $50 + $10, and the bonus.
    let held = best();
    assert_eq!(held["total"], 110);
    let bonus: Value = serde_json::json!([{"name": "New Orleans", "amount": 10}]);
    assert_eq!(town_and_bonus(&held), (Some(10.into()), bonus));
    // Without its token there, the same route earns no bonus.
    hexroute()
        .args(["token", file, "I1", "GMO", "--remove"])
        .assert()
        .success();
    let not_held = best();
    assert_eq!(not_held["total"], 100);
    assert_eq!(
        town_and_bonus(&not_held),
        (Some(10.into()), Value::Array(vec![]))
    );
    // Phase 6: the city pays $80, the town still $10 (Jackson $60 beside).
    hexroute().args(["phase", file, "6"]).assert().success();
    let late = best();
    assert_eq!(late["total"], 150);
    assert_eq!(town_and_bonus(&late).0, Some(10.into()));
}

/// `games ID --json` dumps each game as loaded: every printed hex, every
/// tile with its track as the catalogue writes it, companies, trains,
/// phases and bonuses, agreeing with the game the library loads.
#[test]
fn every_game_dumps_as_data() {
    for id in hexroute::game::builtin_ids() {
        let game = builtin(id);
        let data = json_of(&["games", id, "--json"]);
        assert_eq!(data["id"], id);
        assert_eq!(
            data["hexes"].as_array().unwrap().len(),
            game.hexes.len(),
            "{id}"
        );
        assert_eq!(
            data["tiles"].as_array().unwrap().len(),
            game.tiles.len(),
            "{id}"
        );
        assert_eq!(
            data["companies"].as_array().unwrap().len(),
            game.companies.len()
        );
        assert_eq!(data["trains"].as_array().unwrap().len(), game.trains.len());
        assert_eq!(data["phases"].as_array().unwrap().len(), game.phases.len());
        for hex in data["hexes"].as_array().unwrap() {
            game.hex(hex["hex"].as_str().unwrap()).unwrap();
        }
        for supply in data["supply"].as_array().unwrap() {
            let name = supply["tile"].as_str().unwrap();
            assert!(
                data["tiles"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|t| t["name"] == name),
                "{id}: supply tile {name} is among the tiles"
            );
        }
    }
    // Facts of 1867, worked out from its files.
    let data = json_of(&["games", "1867", "--json"]);
    let hex = |addr: &str| {
        data["hexes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|h| h["hex"] == addr)
            .unwrap()
            .clone()
    };
    assert_eq!(hex("L12")["name"], "Montreal");
    assert_eq!(hex("L12")["labels"], serde_json::json!(["M"]));
    assert_eq!(hex("L12")["cost"], 20);
    let tile57 = data["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "57")
        .unwrap();
    assert_eq!(
        tile57["track"],
        serde_json::json!([["Bottom", "City(0)"], ["Top", "City(0)"]])
    );
    assert_eq!(
        tile57["cities"],
        serde_json::json!([{"revenue": 20, "spaces": 1}])
    );
    let timmins = &data["bonuses"][0];
    assert_eq!(timmins["from"], "D2");
    assert_eq!(timmins["to_any"], serde_json::json!(["F16", "L12", "O7"]));
    assert_eq!(timmins["multiplied"], true);
    let list = json_of(&["games", "--json"]);
    assert_eq!(
        list.as_array().unwrap().len(),
        hexroute::game::builtin_ids().len()
    );
}
