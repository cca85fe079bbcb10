//! Routes priced as the games are really played: one test per rule that
//! 18xx.games and the printed games apply, each on a small position written
//! here, with its value worked out by hand in the comment above it.

use crate::common::{fails_with, fixture, hexroute, new_game, stdout_of};
use std::fs;
use std::path::{Path, PathBuf};

/// Writes a saved game into `dir` and returns its path.
fn save(dir: &Path, name: &str, json: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, json).unwrap();
    path
}

/// `routes --json` of one company: the total and each train's revenue.
fn routes(file: &Path, company: &str, trains: &str, extra: &[&str]) -> (u64, Vec<u64>) {
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(file)
            .args(["--company", company, "--trains", trains, "--json"])
            .args(extra),
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let each = v["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["revenue"].as_u64().unwrap())
        .collect();
    (v["total"].as_u64().unwrap(), each)
}

/// Item 1: 1867's Timmins bonus is part of the stop's value, so a 2+2
/// doubles it (18xx.games: `40 * multiplier`).
#[test]
fn timmins_bonus_doubles_on_a_multiplier_train() {
    let dir = tempfile::tempdir().unwrap();
    let file = save(
        dir.path(),
        "timmins.json",
        r#"{"hexroute": 1, "game": "1867", "phase": "8", "hexes": {
            "D4": {"tile": "9"}, "D6": {"tile": "8", "rotation": 5},
            "E7": {"tile": "8", "rotation": 2}, "E9": {"tile": "9"},
            "E11": {"tile": "8", "rotation": 5}, "F12": {"tile": "8", "rotation": 2},
            "F14": {"tile": "9"}, "F16": {"tile": "124", "tokens": {"0": "CNR"}}}}"#,
    );
    // Timmins (grey, $40) to Toronto (#124, $100): (40 + 100) x 2 = 280,
    // and the Timmins-Toronto bonus 40 x 2 = 80: $360.
    assert_eq!(routes(&file, "CNR", "2+2", &[]), (360, vec![360]));
    // An 8-train: 40 + 100 + 40 = $180.
    assert_eq!(routes(&file, "CNR", "8", &[]), (180, vec![180]));
    // A private's +$10 at Toronto is added once, never doubled:
    // 360 + 10 = $370.
    assert_eq!(
        routes(&file, "CNR", "2+2", &["--visit-bonus", "F16=10"]),
        (370, vec![370])
    );
}

/// Item 3: within a route, the game file's rule decides. 1830 lets a route
/// stop at both cities of New York (tile 62); the same map under 1867's
/// rule ("Route visits same hex twice") does not.
#[test]
fn within_route_rule_comes_from_the_game_file() {
    let dir = tempfile::tempdir().unwrap();
    // New York G19 (#62): city 0 joins F20 and F18, city 1 joins G17 and
    // H18. F18 (#7) turns from G19 to G17; G17's town (#2) joins F18 to
    // G19. So a loop: NY city 0, F18, the town at G17, NY city 1.
    let file = save(
        dir.path(),
        "ny.json",
        r#"{"hexroute": 1, "game": "1830", "phase": "5", "hexes": {
            "F18": {"tile": "7"}, "G17": {"tile": "2"},
            "G19": {"tile": "62", "tokens": {"0": "NYNH"}}}}"#,
    );
    // A 3-train: NY 80 + town 10 + NY 80 = $170.
    assert_eq!(routes(&file, "NYNH", "3", &[]), (170, vec![170]));
    // The same game with TrackOrCityHex: one NY city per route, so the best
    // is NY 80 + the town 10 = $90.
    let text =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("games/1830.ron")).unwrap();
    assert!(text.contains("within_route: TrackOnly"));
    let strict = dir.path().join("1830-strict.ron");
    fs::write(
        &strict,
        text.replace("within_route: TrackOnly", "within_route: TrackOrCityHex"),
    )
    .unwrap();
    let out = stdout_of(
        hexroute()
            .arg("--game-file")
            .arg(&strict)
            .arg("routes")
            .arg(&file)
            .args(["--company", "NYNH", "--trains", "3", "--json"]),
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["total"], 90);
}

/// Item 4: Poland is four off-board hexes. Two trains may each run to a
/// different hex of it, but one route may stop in only one of them.
#[test]
fn each_offboard_hex_of_a_group_is_its_own_offboard() {
    let dir = tempfile::tempdir().unwrap();
    // A city (#5, $20) at B10, joined to Poland's A9 and A11 ($30 each in
    // phase 2), with GRR's token.
    let file = save(
        dir.path(),
        "poland.json",
        r#"{"hexroute": 2, "game": "1861", "phase": "2", "hexes": {
            "B10": {"tile": "5", "rotation": 2, "tokens": {"0": "GRR"}}}}"#,
    );
    // Two 2-trains: B10 + A9 and B10 + A11, 20 + 30 each: $100.
    assert_eq!(routes(&file, "GRR", "2,2", &[]), (100, vec![50, 50]));
    // A 3-train may not run Poland-B10-Poland: 20 + 30 = $50.
    assert_eq!(routes(&file, "GRR", "3", &[]), (50, vec![50]));
}

/// Item 5: the St Lawrence sides are water, not barriers: trains cross.
#[test]
fn trains_cross_the_st_lawrence() {
    let dir = tempfile::tempdir().unwrap();
    // Trois-Rivieres M9 (#57, $20) across the river side to M11 (#9),
    // Granby's town M13 (#4), and New England M15 ($30 in phase 2).
    let file = save(
        dir.path(),
        "river.json",
        r#"{"hexroute": 1, "game": "1867", "phase": "2", "hexes": {
            "M9": {"tile": "57", "tokens": {"0": "CNR"}},
            "M11": {"tile": "9"}, "M13": {"tile": "4"}}}"#,
    );
    // A 2-train counts its two ends and passes the town: 20 + 30 = $50.
    assert_eq!(routes(&file, "CNR", "2", &[]), (50, vec![50]));
}

/// Item 7: 1830 as printed.
#[test]
fn the_1830_map_pays_as_printed() {
    let dir = tempfile::tempdir().unwrap();
    // Pittsburgh H10 (#57, $20) to Altoona H12 (grey, $10): $30.
    let altoona = save(
        dir.path(),
        "altoona.json",
        r#"{"hexroute": 1, "game": "1830", "phase": "2", "hexes": {
            "H10": {"tile": "57", "rotation": 1},
            "H12": {"tokens": {"0": "PRR"}}}}"#,
    );
    assert_eq!(routes(&altoona, "PRR", "2", &[]), (30, vec![30]));
    // Brown New York (#62) has two $80 cities: NY 80 + a Hartford town
    // (#1, $10) = $90.
    let ny = save(
        dir.path(),
        "ny.json",
        r#"{"hexroute": 1, "game": "1830", "phase": "5", "hexes": {
            "F20": {"tile": "1", "rotation": 1},
            "G19": {"tile": "62", "tokens": {"0": "NYNH"}}}}"#,
    );
    assert_eq!(routes(&ny, "NYNH", "2", &[]), (90, vec![90]));
    // There is no 7-train, and the last phase is D.
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&ny)
            .args(["--company", "NYNH", "--trains", "7"]),
        "unknown train \"7\" in 1830",
    );
    let game = hexroute::game::builtin("1830").unwrap();
    let phases: Vec<&str> = game.phases.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(phases, ["2", "3", "4", "5", "6", "D"]);
    // Ottawa B16 to C17 is impassable, from both sides.
    let b16 = game.hex("B16").unwrap();
    let c17 = game.hex("C17").unwrap();
    use hexroute::geometry::Face;
    assert!(game.is_barrier(b16, Face::LowerRight));
    assert!(game.is_barrier(c17, Face::UpperLeft));
}

/// Item 6: 1867 starts with the national CN's token in Toronto, which
/// fills that city like any other token.
#[test]
fn cn_holds_toronto_from_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("new.json");
    new_game("1867", &file);
    let shown: serde_json::Value =
        serde_json::from_str(&stdout_of(hexroute().args(["show", "--json"]).arg(&file))).unwrap();
    assert_eq!(
        shown["tokens"],
        serde_json::json!([{"company": "CN", "hex": "F16", "space": 0, "city": 0}])
    );
    // Toronto's first city holds one token: CN's, so GWR cannot go there.
    fails_with(
        hexroute()
            .arg("token")
            .arg(&file)
            .args(["F16", "GWR", "--space", "0"]),
        "already holds CN",
    );
}

/// Item 8: absurd bonuses are refused rather than summed past u32.
#[test]
fn absurd_bonuses_are_refused() {
    fails_with(
        hexroute().arg("routes").arg(fixture("1867_bc.json")).args([
            "--company",
            "GW",
            "--visit-bonus",
            "A19=4294967295",
        ]),
        "more than the $10000 a bonus may be",
    );
    // Pricing tries every set of bonus hexes a route passes: at most 16.
    let many: Vec<String> = [
        "A17", "A19", "B18", "C17", "D16", "E15", "E17", "F14", "F16", "F18", "G15", "H14", "I15",
        "J12", "K13", "L12", "M13",
    ]
    .iter()
    .flat_map(|h| ["--visit-bonus".to_string(), format!("{h}=10")])
    .collect();
    fails_with(
        hexroute()
            .arg("routes")
            .arg(fixture("1867_bc.json"))
            .args(["--company", "GW"])
            .args(&many),
        "hexroute prices at most 16 exactly",
    );
    // The search's fixed-size bounds hold 16 trains; more are refused.
    fails_with(
        hexroute().arg("routes").arg(fixture("1867_bc.json")).args([
            "--company",
            "GW",
            "--trains",
            &["2"; 17].join(","),
        ]),
        "17 trains: hexroute runs at most 16 trains",
    );
}

/// Item 9: impossible states from other programs, and their names.
#[test]
fn imports_drop_offboard_tokens_and_accept_old_names() {
    let dir = tempfile::tempdir().unwrap();
    let text = fs::read_to_string(fixture("rusty_train_small.game")).unwrap();
    let with_offboard_token = text.replace(
        r#""tile": "Sault Ste Marie Gn" }"#,
        r#""tile": "Sault Ste Marie Gn", "tokens": [[0, "CPR"]] }"#,
    );
    assert_ne!(text, with_offboard_token);
    let input = save(dir.path(), "odd.game", &with_offboard_token);
    let out = hexroute()
        .arg("import")
        .arg(&input)
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let warnings = String::from_utf8(out.stderr).unwrap();
    assert!(
        warnings.contains("hex A7: dropped CPR's token: no game puts a token on an off-board"),
        "{warnings}"
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json["hexes"].get("A7").is_none());
    // The other program's NNH is 1830's NYNH wherever a company is named.
    let (total, _) = routes(&fixture("1830_late.json"), "NNH", "5", &[]);
    assert_eq!(total, 120);
}
