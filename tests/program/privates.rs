//! Every private company of a title is in its game file, with what it does
//! on the map: a save may name one that does nothing there (18MS's
//! Meridian and Memphis, 18Chesapeake's Baltimore & Ohio Railroad), an
//! import keeps it with its owner, and `companies` shows it.

use crate::common::{Table, fixture, hexroute, json_of, record_at, stdout_of};
use serde_json::Value;
use std::fs;

/// The routes total of `company` on `save`.
fn total(save: &std::path::Path, company: &str) -> u64 {
    let out = stdout_of(hexroute().arg("routes").arg(save).args([
        "--company",
        company,
        "--json",
        "--quiet",
    ]));
    serde_json::from_str::<Value>(&out).unwrap()["total"]
        .as_u64()
        .unwrap()
}

/// A save naming the M&M (as `export.rb` writes every private a company
/// owns) loads; `companies` shows it, and routes pay as without it.
#[test]
fn a_save_naming_a_private_with_no_map_effect_loads() {
    let dir = tempfile::tempdir().unwrap();
    let mut save: Value =
        serde_json::from_slice(&fs::read(fixture("18MS_mid.json")).unwrap()).unwrap();
    let plain = dir.path().join("plain.json");
    fs::write(&plain, serde_json::to_vec(&save).unwrap()).unwrap();
    save["privates"]["M&M"] = "IC".into();
    let with = dir.path().join("with.json");
    fs::write(&with, serde_json::to_vec(&save).unwrap()).unwrap();
    let table = stdout_of(hexroute().arg("companies").arg(&with));
    let ic = table.lines().find(|l| l.starts_with("IC ")).unwrap();
    assert!(ic.contains("M&M"), "{table}");
    let rows = json_of(&["companies", with.to_str().unwrap(), "IC", "--json"]);
    assert_eq!(rows[0]["privates"], serde_json::json!(["M&M"]));
    assert_eq!(total(&with, "IC"), total(&plain, "IC"));
}

/// `companies --give` takes any private of the game, and the import of an
/// 18xx.games record keeps one with no map effect with the company that
/// bought it (18MS 14375: GMO buys the M&M at action 146; 18Chesapeake
/// 3055: the C&O buys the B&OR at action 212).
#[test]
fn privates_with_no_map_effect_change_hands_and_are_imported() {
    let t = Table::new("18Chesapeake");
    let said = t.accept(&["companies", "N&W", "--give", "B&OR"]);
    assert!(said.contains("N&W now owns B&OR"), "{said}");
    assert_eq!(t.json()["privates"]["B&OR"], "N&W");
    let cases = [
        ("18MS_14375.json", 200, "M&M", "GMO"),
        ("18Chesapeake_3055.json", 230, "B&OR", "C&O"),
    ];
    for (record, at, private, owner) in cases {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("at.json");
        let save = record_at(record, at, &out);
        assert_eq!(save["privates"][private], owner, "{record}");
        let rows = json_of(&["companies", out.to_str().unwrap(), owner, "--json"]);
        let privates = rows[0]["privates"].as_array().unwrap();
        assert!(privates.iter().any(|p| p == private), "{record}: {rows}");
    }
}

/// Titles with no private companies in play: 1877: Venezuela opens with a
/// stock round and no auction (18xx.games's `init_round`), so the private
/// companies its engine inherits from 1817 are never owned; 18EU has
/// minors where other titles have privates; 1822 and 1858 list none yet
/// (not modelled: 1858's private railways lay track and are exchanged
/// for shares, which hexroute does not follow).
const NO_PRIVATES: &[&str] = &[
    "1822",
    "1858",
    "1877: Venezuela",
    "18EU",
    "18NewEngland",
    "18NewEngland 2: Northern States",
];

/// Every built-in game lists privates (but those of `NO_PRIVATES`, which
/// list none), each saying what it does on the map: the game file's checks
/// hold them to the rest of the file.
#[test]
fn every_private_says_what_it_does_on_the_map() {
    for id in hexroute::game::builtin_ids() {
        let game = hexroute::game::builtin(id).unwrap();
        assert_eq!(game.privates.is_empty(), NO_PRIVATES.contains(&id), "{id}");
        for p in &game.privates {
            assert_eq!(
                game.private_sym(&p.abbrev),
                Some(hexroute::game::Holding::Private(p.abbrev.clone())),
                "{id}"
            );
        }
    }
}

/// A private closes with the company that owns it (18xx.games's
/// `close_corporation`), so the national does not take it when the
/// privates go to it: 1867 21268, the St. Clair Tunnel's owner CV closes
/// at action 439 (its only train rusts) and the engine closes the tunnel;
/// in phase 6 the CN takes the other bridges, not it (checked once with
/// the engine: `export.rb` and `compare.rb`).
#[test]
fn a_private_closed_with_its_owner_goes_to_no_national() {
    let dir = tempfile::tempdir().unwrap();
    let save = record_at("1867_21268.json", 700, &dir.path().join("at.json"));
    assert_eq!(save["phase"], "6");
    assert_eq!(save["privates"]["MB"], "CN");
    assert!(
        save["privates"].get("SCT").is_none(),
        "{}",
        save["privates"]
    );
}

/// A private whose use closes it as the operating round ends
/// (`closes_at_round_end_on_use`) stays with its owner until then: 1856
/// 51745, the WR puts the Waterloo & Saugeen's token on Kitchener (action
/// 297); the WR still holds it as the GT runs in that round (321), and it
/// has closed when the CV runs in the next (336). Checked once with the
/// engine (`export.rb` and `compare.rb`: its `privates` at both runs).
#[test]
fn a_private_used_closes_as_the_round_ends() {
    let at = |n: u64| privates_at("1856_51745.json", n);
    assert_eq!(at(296)["WSRC"], "WR");
    assert_eq!(at(320)["WSRC"], "WR");
    let after = at(335);
    assert!(after.get("WSRC").is_none(), "{after}");
}

/// A private whose ability closes it when used (`closes_on_use`) leaves its
/// owner once the record's action by it is replayed, its marker staying:
/// 1856 hotseat005, the LPS buys the Great Lakes Shipping (action 52) and
/// places its port marker on C14 (53); the engine then holds `GLSC@C14`
/// for the LPS and no GLSC (checked once with `export.rb` and
/// `compare.rb`).
#[test]
fn a_private_closed_by_its_use_leaves_its_marker() {
    let at = |n: u64| privates_at("1856_hotseat005.json", n);
    assert_eq!(at(52)["GLSC"], "LPS");
    let after = at(53);
    assert!(after.get("GLSC").is_none(), "{after}");
    assert_eq!(after["GLSC@C14"], "LPS");
}

/// A private that closes after several uses (`closes_after_uses`) stays
/// with its owner until the last: 1817 20758, UR's Major Coal Mine (three
/// mines) lays at actions 166, 286 and 287; the engine's state before
/// UR's run at 288 has no MAJC (checked with `x18-compare.py`: all ten
/// runs of this record equal the engine).
#[test]
fn a_private_closes_after_its_last_use() {
    let dir = tempfile::tempdir().unwrap();
    let privates_at = |n: &str| {
        let out = dir.path().join(format!("at{n}.json"));
        hexroute()
            .arg("import")
            .arg(fixture("18xx.games/1817_20758.json"))
            .args(["--at", n, "-o"])
            .arg(&out)
            .assert()
            .success();
        serde_json::from_slice::<Value>(&fs::read(&out).unwrap()).unwrap()["privates"].clone()
    };
    assert_eq!(privates_at("166")["MAJC"], "UR");
    assert_eq!(privates_at("286")["MAJC"], "UR");
    let after = privates_at("287");
    assert!(after.get("MAJC").is_none(), "{after}");
}

/// A private exchanged for its train closes as its buyer gets the train
/// (`FreeTrains`' `exchanged`): 18MS 17510, WRA buys the Mississippi
/// Central at action 99 and gets a 2+; the engine's state after it has
/// no MC (checked with `x18-compare.py`, which found 18 runs of this
/// record holding MC before). 18GA's Ocilla Southern, whose train does
/// not close it, stays with its buyer.
#[test]
fn a_private_exchanged_for_its_train_closes() {
    let dir = tempfile::tempdir().unwrap();
    let at = |n: u64| {
        record_at(
            "18MS_17510.json",
            n,
            &dir.path().join(format!("at{n}.json")),
        )
    };
    let before = at(98);
    assert!(
        before["trains"]["WRA"].as_array().unwrap().len() == 1,
        "{before}"
    );
    let after = at(99);
    assert!(after["privates"].get("MC").is_none(), "{after}");
    assert_eq!(after["trains"]["WRA"], serde_json::json!(["3+", "2+"]));
}

/// A private whose ability changes nothing on the map acts as no private
/// there: 18MS's M&M sells a token at half price, so a token placed with
/// it is the company's own (`token --private M&M`, as `export.rb --lays`
/// names it); one that lays tiles is itself, and a name the game does not
/// know stays an error.
#[test]
fn a_private_with_no_map_ability_acts_as_none() {
    let game = hexroute::game::builtin("18MS").unwrap();
    assert!(game.acting_private("M&M").unwrap().is_none());
    let ags = game.acting_private("AGS").unwrap().unwrap();
    assert_eq!(ags.abbrev, "AGS");
    assert!(game.acting_private("Nowhere Railroad").is_err());
}

/// The privates of a public record's save after its first `at` actions.
fn privates_at(record: &str, at: u64) -> Value {
    let dir = tempfile::tempdir().unwrap();
    record_at(record, at, &dir.path().join("at.json"))["privates"].clone()
}
