//! 1888's rules of its own, worked by hand on its printed map: private
//! companies' special tiles laid on fixed hexes (the Terracotta Army's red
//! L39 on Xi'an, the Yanda ferries on Dalian and Yantai), and a home token
//! going to the city that keeps the printed home's track once Beijing is
//! split in four (18xx.games moves the reservation with the track).

use crate::common::Table;

/// An exclusive private's own tile replaces a fixed tile on its hex when it
/// waives the upgrade colour (18xx.games's `special` lays); no one else
/// lays there, and another private's lay does not.
#[test]
fn an_1888_private_lays_its_tile_on_a_fixed_hex() {
    let t = Table::new("1888");
    t.refuse(
        &["upgrade", "H2", "L39", "--rotate", "5"],
        "off-board or water hex",
    );
    t.accept(&["token", "F6", "HJR"]);
    t.refuse(
        &["upgrade", "H2", "L39", "--rotate", "5", "--company", "HJR"],
        "off-board or water hex",
    );
    t.accept(&["companies", "HJR", "--give", "TA"]);
    t.accept(&[
        "upgrade",
        "H2",
        "L39",
        "--rotate",
        "5",
        "--company",
        "HJR",
        "--private",
        "TA",
    ]);
    assert_eq!(t.json()["hexes"]["H2"]["tile"], "L39");
    // Dalian's printed port is fixed: the Terracotta Army cannot lay there.
    t.refuse(
        &[
            "upgrade",
            "E17",
            "L40a",
            "--company",
            "HJR",
            "--private",
            "TA",
        ],
        "printed grey",
    );
    // The ferries, in phase 2, each opening a side to the other port: the
    // first one's new side meets Yantai's blank side until the second is
    // down (the rule the Yanda Railway Ferry waives).
    t.accept(&["companies", "HJR", "--give", "YRF"]);
    t.accept(&[
        "upgrade",
        "E17",
        "L40a",
        "--company",
        "HJR",
        "--private",
        "YRF",
    ]);
    t.accept(&[
        "upgrade",
        "F16",
        "L40b",
        "--company",
        "HJR",
        "--private",
        "YRF",
    ]);
    assert_eq!(t.json()["hexes"]["F16"]["tile"], "L40b");
}

/// JHR's home is Beijing's right city (C9, joined to the south east); JZR
/// starts in the left one, then lays the L42 (four cities) at rotation 4.
/// The engine's record 128097 then has JHR's home token in the L42's city
/// joined to the south east (our space 0), JZR's in space 1.
#[test]
fn an_1888_home_follows_its_track_when_beijing_splits() {
    let t = Table::new("1888");
    t.accept(&["token", "C9", "JZR"]);
    t.accept(&["phase", "3"]);
    t.accept(&["upgrade", "C9", "L42", "--rotate", "4", "--company", "JZR"]);
    t.accept(&["token", "C9", "JHR"]);
    let tokens = &t.json()["hexes"]["C9"]["tokens"];
    assert_eq!(tokens, &serde_json::json!({"0": "JHR", "1": "JZR"}));
}
