//! A company's bonus worked by hand (issue 42's company-scoped bonus, as
//! 1870 pays its destinations): on `tests/games/destination.ron`, three
//! $20 cities in a line, A1 (A's home), A3 and A5 (A's destination and
//! B's home). A route of A's that starts or ends at A5 earns A5's value
//! again until A has reached its destination; no other company earns it.

use crate::common::{Table, stdout_of};
use serde_json::Value;

const GAME: &str = include_str!("../games/destination.ron");

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

#[test]
fn a_destination_pays_its_company_its_value_again_until_reached() {
    let dir = tempfile::tempdir().unwrap();
    let game_file = dir.path().join("custom.ron");
    std::fs::write(&game_file, GAME).unwrap();
    let t = Table::with_game_file("destination", Some(&game_file));
    std::fs::copy(&game_file, t.dir.path().join("custom.ron")).unwrap();
    // The printed 57s run A1-A3-A5; each company's home token is there.
    t.accept(&["token", "A1", "A"]);
    t.accept(&["token", "A5", "B"]);
    // A's 3-train: A1 + A3 + A5 = 20 + 20 + 20 = 60, and A5 ends the
    // route: + 20 (its value again) = 80.
    assert_eq!(total(&t, "A", "3"), 80);
    // A's 2-train cannot reach A5 from its token (A1-A3 = 40).
    assert_eq!(total(&t, "A", "2"), 40);
    // B runs the same cities: 60, no bonus (it is A's alone).
    assert_eq!(total(&t, "B", "3"), 60);
    // A reaches its destination: the bonus stops, 20 + 20 + 20 = 60.
    t.accept(&["companies", "A", "--destination-reached"]);
    assert_eq!(t.json()["destinations_reached"], serde_json::json!(["A"]));
    assert_eq!(total(&t, "A", "3"), 60);
    t.refuse(
        &["companies", "B", "--destination-reached"],
        "no bonus that hangs on reaching its destination",
    );
    // Undone, it pays again.
    t.cmd(&["undo"]).assert().success();
    assert_eq!(total(&t, "A", "3"), 80);
}

/// The same bonus paid `from_destination` (1870's: the destination pays
/// again only once the company's destination token is on the map).
#[test]
fn a_destination_pays_its_company_its_value_again_once_reached() {
    let dir = tempfile::tempdir().unwrap();
    let game_file = dir.path().join("custom.ron");
    let text = GAME.replace("until_destination: true", "from_destination: true");
    std::fs::write(&game_file, text).unwrap();
    let t = Table::with_game_file("destination", Some(&game_file));
    std::fs::copy(&game_file, t.dir.path().join("custom.ron")).unwrap();
    t.accept(&["token", "A1", "A"]);
    t.accept(&["token", "A5", "B"]);
    // Not reached yet: A's 3-train earns A1 + A3 + A5 = 20 + 20 + 20 = 60.
    assert_eq!(total(&t, "A", "3"), 60);
    // Reached: A5 ends the route and pays again, 60 + 20 = 80; B still 60.
    t.accept(&["companies", "A", "--destination-reached"]);
    assert_eq!(total(&t, "A", "3"), 80);
    assert_eq!(total(&t, "B", "3"), 60);
}

/// 1888's destinations (18xx.games's `destinated?`): a route stopping in
/// the company's home hex and in its destination earns the company a fixed
/// amount, every run. Worked by hand on the printed map: JZR's home is
/// Beijing's left city (C9, $30, its track to the west); an 8 on C7 joins
/// it to a 2 on B6 (Zhangijakou & Xuanhua, towns of $10), JZR's
/// destination worth $40.
#[test]
fn an_1888_destination_pays_its_amount_to_a_route_from_home() {
    let t = Table::new("1888");
    t.accept(&["token", "C9", "JZR"]);
    t.accept(&["place", "C7", "8", "--rotate", "4", "--company", "JZR"]);
    t.accept(&["place", "B6", "2", "--rotate", "1", "--company", "JZR"]);
    // JZR's 2-train: Beijing 30 + B6's town 10 = 40, + the destination's
    // 40 = 80.
    assert_eq!(total(&t, "JZR", "2"), 80);
    // JHR, also at home in Beijing (its right city, track to the south
    // east), reaches neither C7 nor B6: its 2-train earns nothing, and
    // its own destination is Tangshan (D12).
    t.accept(&["token", "C9", "JHR"]);
    assert_eq!(total(&t, "JHR", "2"), 0);
}

const TOKEN_GAME: &str = include_str!("../games/destination_token.ron");

fn token_table() -> (tempfile::TempDir, Table) {
    let dir = tempfile::tempdir().unwrap();
    let game_file = dir.path().join("custom.ron");
    std::fs::write(&game_file, TOKEN_GAME).unwrap();
    let t = Table::with_game_file("destination_token", Some(&game_file));
    std::fs::copy(&game_file, t.dir.path().join("custom.ron")).unwrap();
    t.accept(&["token", "A1", "A"]);
    t.accept(&["token", "A5", "B"]);
    t.accept(&["token", "A7", "C"]);
    (dir, t)
}

/// A destination token worked by hand (`destination_token`, 1870's): on
/// `tests/games/destination_token.ron`, four $20 cities A1-A3-A5-A7, A5's
/// one space B's. Reaching its destination puts A's token beside that
/// space: A may then pass A5 and start there; C still may not pass it.
#[test]
fn a_destination_token_opens_its_city_to_its_company_alone() {
    let (_dir, t) = token_table();
    // Before: A's 4 stops at the full A5: A1 + A3 + A5 = 20 * 3 = 60.
    assert_eq!(total(&t, "A", "4"), 60);
    // C's 4 stops there too: A7 + A5 = 40.
    assert_eq!(total(&t, "C", "4"), 40);
    t.accept(&["companies", "A", "--destination-reached"]);
    // After: A passes A5 to C's A7: 20 * 4 = 80.
    assert_eq!(total(&t, "A", "4"), 80);
    // C is still stopped at A5 (A's token takes no space; B's fills it).
    assert_eq!(total(&t, "C", "4"), 40);
    // Undone, A is stopped at A5 again.
    t.cmd(&["undo"]).assert().success();
    assert_eq!(total(&t, "A", "4"), 60);
}

/// A private's bonus to the companies not owning it, worked by hand
/// (`others`, 1870's open port): P's marker on A3 pays its owner's company
/// $20 and every other company $10 a route stopping there.
#[test]
fn a_port_pays_its_owner_twenty_and_every_other_company_ten() {
    let (_dir, t) = token_table();
    // No one holds P@A3: A's 2 runs A1-A3 = 40.
    assert_eq!(total(&t, "A", "2"), 40);
    t.accept(&["companies", "B", "--give", "P@A3"]);
    // B's 4 runs A1-A3-A5-A7 (A1 and A7 full, its ends): 20 * 4 = 80,
    // + 20 for its port = 100.
    assert_eq!(total(&t, "B", "4"), 100);
    // A's 2: A1-A3 = 40 + 10 = 50; C's 4 never reaches A3 (A5 full): 40.
    assert_eq!(total(&t, "A", "2"), 50);
    assert_eq!(total(&t, "C", "4"), 40);
}
