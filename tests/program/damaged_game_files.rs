//! Damaged game files: `new --game-file` with a built-in game file changed
//! in one place is refused as bad input when the file loads, on one line
//! naming the file and the field, writing nothing.

use crate::common::{fails_with, hexroute};
use std::fs;

/// A copy of a built-in game file, changed by `edit`, in a temporary
/// directory; returns the directory and the file's path.
fn damaged_game(
    game: &str,
    edit: impl Fn(&str) -> String,
) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let text = fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("games")
            .join(format!("{game}.ron")),
    )
    .unwrap();
    let damaged = edit(&text);
    assert_ne!(damaged, text, "the damage applies");
    let path = dir.path().join("custom.ron");
    fs::write(&path, damaged).unwrap();
    (dir, path)
}

/// Runs `new` with a damaged game file: refused as bad input, on one line
/// containing `needle`, writing nothing and leaving the game file as it was.
fn refuses_game_file(path: &std::path::Path, game: &str, needle: &str) {
    let before = fs::read(path).unwrap();
    let out = path.with_file_name("new.json");
    fails_with(
        hexroute()
            .arg("--game-file")
            .arg(path)
            .args(["new", game, "-o"])
            .arg(&out),
        needle,
    );
    assert!(!out.exists(), "{needle}: nothing is written");
    assert_eq!(fs::read(path).unwrap(), before);
}

/// A key given twice in a game file's map is refused, naming the key and
/// its line, instead of the last silently winning.
#[test]
fn a_key_given_twice_in_a_game_file_is_refused() {
    let (_dir, path) = damaged_game("1867", |t| {
        t.replacen(
            "train_limit: {Minor: 2}",
            "train_limit: {Minor: 2, Minor: 3}",
            1,
        )
    });
    refuses_game_file(&path, "1867", "custom.ron: 8:");
    refuses_game_file(&path, "1867", "key Minor is given twice");
    let (_dir, path) = damaged_game("1867", |t| {
        t.replacen(
            "        tiles: {\n",
            "        tiles: {\n            \"X\": \"57\",\n            \"X\": \"58\",\n",
            1,
        )
    });
    refuses_game_file(&path, "1867", "custom.ron: 289:");
    refuses_game_file(&path, "1867", "key \"X\" is given twice");
}

/// A game file that loads must work: what a later command relies on is
/// checked when it loads, and a mistake is bad input naming the file and
/// the field (exit 2), not an internal error when a save will not reload.
#[test]
fn a_damaged_game_file_is_refused_when_it_loads() {
    const PRR_E11: &str = "reserved_tokens: [(at: \"E11\", until: Some(\"IV\"), teleport: true)]";
    const CWI: &str = "token: Some((city: Some(3), extra: true, reserves: true))";
    let cases: [(&str, &str, &str, &str); 57] = [
        (
            "1867",
            "setup_tokens: [(at: \"F16\", space: 0)]",
            "setup_tokens: [(at: \"F16\", space: 2)]",
            "custom.ron: companies[CN].setup_tokens: hex F16: token space 2 does not exist",
        ),
        (
            "1830",
            "home: \"H12\"",
            "home: \"A3\"",
            "custom.ron: companies[PRR].home: hex A3 is not on the 1830 map",
        ),
        (
            "1830",
            "home: \"H12\"",
            "home: \"H\"",
            "custom.ron: companies[PRR].home: \"H\" is not a hex address",
        ),
        (
            "1830",
            "home: \"H12\"",
            "home: \"B12\"",
            "custom.ron: companies[PRR].home: hex B12 has no city with a token space",
        ),
        (
            "1861",
            "home: \"D14\", home_city: 1",
            "home: \"D14\", home_city: 3",
            "custom.ron: companies[KB].home: home_city 3: hex D14 has 3 cities",
        ),
        (
            "1867",
            "(at: \"O9\", face: UpperLeft, cost: 80)",
            "(at: \"D2\", face: Top, cost: 80)",
            "custom.ron: water_sides: the Top side of hex D2 leads off the map",
        ),
        (
            "1867",
            "(at: \"O9\", face: UpperLeft, cost: 80)",
            "(at: \"A3\", face: Bottom, cost: 80)",
            "custom.ron: water_sides: the side between hexes A3 and A5 is off the map",
        ),
        (
            "1830",
            "(name: \"3\", stops: Some(3)",
            "(name: \"d\", stops: None, skip: Nothing, multiplier: 1), (name: \"3\", stops: Some(3)",
            "custom.ron: trains[\"D\"]: two trains have this name",
        ),
        (
            "1830",
            "(name: \"3\", stops: Some(3)",
            "(name: \"3\", stops: Some(0)",
            "custom.ron: trains[\"3\"].stops: Some(0) runs nowhere",
        ),
        (
            "1830",
            "(name: \"3\", stops: Some(3), skip: Nothing, multiplier: 1)",
            "(name: \"3\", stops: Some(3), skip: Nothing, multiplier: 0)",
            "custom.ron: trains[\"3\"].multiplier: 0 earns nothing",
        ),
        (
            "1830",
            "colour: \"#32763f\"",
            "colour: \"green\"",
            "custom.ron: companies[PRR].colour: \"green\" is not a colour",
        ),
        (
            "1830",
            "stripe: \"#32763f\"",
            "stripe: \"#32763\"",
            "custom.ron: companies[PRR].stripe: \"#32763\" is not a colour",
        ),
        (
            "1889",
            "(name: \"3\", tiles:",
            "(name: \"2\", tiles:",
            "custom.ron: phases[\"2\"]: two phases have this name",
        ),
        (
            "1889",
            "bonus: 40, trains: [\"D\"], phases: [\"D\"], kind: Visit([\"F1\"])",
            "bonus: 40, trains: [\"E\"], phases: [\"D\"], kind: Visit([\"F1\"])",
            "custom.ron: bonus \"Imabari (D train)\": unknown train \"E\"",
        ),
        (
            "1889",
            "bonus: 40, trains: [\"D\"], phases: [\"D\"], kind: Visit([\"F1\"])",
            "bonus: 40, trains: [\"D\"], phases: [\"9\"], kind: Visit([\"F1\"])",
            "custom.ron: bonus \"Imabari (D train)\": unknown phase \"9\"",
        ),
        (
            "1889",
            "waives: [\"tile lay\"]",
            "waives: [\"track preserved\"]",
            "rule \"track preserved\" cannot be waived (waivable: yellow first, labels, same stops, phase colour, tile lay, upgrade colour, supply, reachable, track into nowhere)",
        ),
        (
            "1889",
            "waives: [\"tile lay\"]",
            "waives: [\"tile-lay\"]",
            "no rule is called \"tile-lay\"",
        ),
        (
            "1836Jr30",
            "ports: Some((hexes: [\"E3\", \"G1\", \"J2\"], min_stops: 3))",
            "ports: Some((hexes: [\"E3\", \"G1\", \"J2\"], min_stops: 1))",
            "custom.ron: ports: min_stops is 1; a route counts two stops at least",
        ),
        (
            "1836Jr30",
            "ports: Some((hexes: [\"E3\", \"G1\", \"J2\"], min_stops: 3))",
            "ports: Some((hexes: [\"E3\", \"G1\", \"A13\"], min_stops: 3))",
            "custom.ron: ports: hex A13 is not in the one off-board group holding every port",
        ),
        (
            "1836Jr30",
            "ports: Some((hexes: [\"E3\", \"G1\", \"J2\"], min_stops: 3))",
            "ports: Some((hexes: [\"E3\", \"G1\", \"I3\"], min_stops: 3))",
            "custom.ron: ports: hex I3 is not a printed off-board of one stop",
        ),
        (
            "1846",
            "(name: \"3/5\", stops: Some(5), skip: Any, multiplier: 1, pays: Some(3))",
            "(name: \"3/5\", stops: Some(5), skip: Any, multiplier: 1, pays: Some(6))",
            "custom.ron: trains[\"3/5\"].pays: it is paid for more stops than it visits (`stops`)",
        ),
        (
            "1846",
            "(name: \"3/5\", stops: Some(5), skip: Any, multiplier: 1, pays: Some(3))",
            "(name: \"3/5\", stops: Some(5), skip: Nothing, multiplier: 1, pays: Some(3))",
            "custom.ron: trains[\"3/5\"].pays: such a train passes stops: give `skip: Any`",
        ),
        (
            "1846",
            "(name: \"3/5\", stops: Some(5), skip: Any, multiplier: 1, pays: Some(3))",
            "(name: \"3/5\", stops: Some(5), skip: Any, multiplier: 1, pays: Some(0))",
            "custom.ron: trains[\"3/5\"].pays: Some(0) pays nothing; give at least 1",
        ),
        (
            "18DE",
            "multiplier: 1, token_bonus: Some((per_token: 10))",
            "multiplier: 1, token_bonus: Some((per_token: 0))",
            "custom.ron: trains[\"7\"].token_bonus: per_token: 0 pays nothing; give the amount each own token adds, or leave token_bonus out",
        ),
        (
            "18DE",
            "multiplier: 1, token_bonus: Some((per_token: 20))",
            "multiplier: 2, token_bonus: Some((per_token: 20))",
            "custom.ron: trains[\"8\"].token_bonus: a bonus per own token is paid once, on a train whose multiplier is 1; give multiplier: 1",
        ),
        (
            "1856",
            "(from: [\"4\"], to: [\"57\", \"9\"], phase: \"6\")",
            "(from: [\"4\"], to: [\"57\", \"99\"], phase: \"6\")",
            "custom.ron: stop_upgrades: unknown tile \"99\"",
        ),
        (
            "1856",
            "privates: [\"TUNNEL1\", \"TUNNEL2\", \"TUNNEL3\"]",
            "privates: [\"TUNNEL1\", \"TUNNEL2\", \"TUNNEL4\"]",
            "custom.ron: from_18xx_games.mechanisms.SpecialBuys[\"Tunnel Token\"]: TUNNEL4 is no private company, marker or right of the game",
        ),
        (
            "1846",
            "\"0c\", \"10\"",
            "\"0x\", \"10\"",
            "custom.ron: from_18xx_games.mechanisms.ClosingAtPrice.market: \"0x\": hexroute knows the cell types c (closes) and p (par), not x",
        ),
        (
            "1846",
            "(paid: (1, 2), moves: 0)",
            "(paid: (1, 0), moves: 0)",
            "custom.ron: from_18xx_games.mechanisms.ClosingAtPrice.dividend: a step's share of the price divides by zero",
        ),
        (
            "1846",
            PRR_E11,
            "reserved_tokens: [(at: \"E11\", slot: 1, until: Some(\"IV\"))]",
            "custom.ron: companies[PRR].reserved_tokens: hex E11: city 0 has 1 token space, so no slot 1 (numbered from 0)",
        ),
        (
            "1846",
            PRR_E11,
            "reserved_tokens: [(at: \"E11\", city: 1)]",
            "custom.ron: companies[PRR].reserved_tokens: hex E11: city 1 does not exist (its printed tile has 1 city, numbered 0)",
        ),
        (
            "1846",
            PRR_E11,
            "reserved_tokens: [(at: \"E11\", until: Some(\"V\"))]",
            "custom.ron: companies[PRR].reserved_tokens: unknown phase \"V\"",
        ),
        (
            "1846",
            PRR_E11,
            "reserved_tokens: [(at: \"K1\")]",
            "custom.ron: companies[PRR].reserved_tokens: hex K1 is not on the map",
        ),
        (
            "1846",
            PRR_E11,
            "reserved_tokens: [(at: \"D20\", slot: 1)]",
            "custom.ron: companies[ERIE].reserved_tokens: hex D20: slot 1 of city 0 is reserved twice",
        ),
        (
            "1846",
            CWI,
            "token: Some((city: Some(4), extra: true, reserves: true))",
            "custom.ron: privates[C&WI].token: hex D6: city 4 does not exist (its printed tile has 4 cities, numbered from 0)",
        ),
        (
            "1846",
            CWI,
            "token: Some((city: Some(4), extra: true))",
            "custom.ron: privates[C&WI].token.city: hex D6: city 4 does not exist (its printed tile has 4 cities, numbered from 0)",
        ),
        (
            "1846",
            CWI,
            "token: Some((extra: true, reserves: true))",
            "custom.ron: Chicago and Western Indiana: token.reserves: a private holds a space in one city of one hex; give `city` and one hex",
        ),
        // A mechanism's names are resolved at load: companies, phases and
        // trains the game has, each mechanism once, mergers with a national.
        (
            "1867",
            "company: \"CN\",",
            "company: \"CX\",",
            "custom.ron: from_18xx_games.mechanisms.National: unknown company \"CX\" in 1867 (did you mean CS?)",
        ),
        (
            "1888",
            "SetExports([\"2\", \"3\", \"4\"])",
            "SetExports([\"2\", \"3\", \"9\"])",
            "custom.ron: from_18xx_games.mechanisms.SetExports: unknown train \"9\"",
        ),
        (
            "1889",
            "float_percent: 50)",
            "float_percent: 50, mechanisms: [SetExports([\"2\"])])",
            "custom.ron: from_18xx_games.mechanisms.SetExports: wants the depot's order (`depot`)",
        ),
        (
            "1867",
            "Exports([\"4\", \"5\", \"6\", \"7\"])",
            "Exports([\"4\", \"5\", \"9\"])",
            "custom.ron: from_18xx_games.mechanisms.Exports: unknown phase \"9\" in 1867 (did you mean 2?); phases: 2, 3, 4, 5, 6, 7, 8",
        ),
        (
            "18TN",
            "LoseLowestWith(\"3'\")",
            "LoseLowestWith(\"3''\")",
            "custom.ron: from_18xx_games.mechanisms.LoseLowestWith: unknown train \"3''\" in 18TN (did you mean 3'?)",
        ),
        (
            "1867",
            "            Mergers,\n",
            "            Mergers,\n            Mergers,\n",
            "custom.ron: from_18xx_games.mechanisms.Mergers: named twice: give it once, with all it holds",
        ),
        (
            "18NewEngland",
            "multiplier: 1, stacks: true),\n        (name: \"6E\"",
            "multiplier: 1, stacks: true, token_bonus: Some((per_token: 10))),\n        (name: \"6E\"",
            "custom.ron: trains[\"5E\"].stacks: a stacking train is paid times the trains it runs for, and a bonus per own token is paid once; leave one of them out",
        ),
        // `on_map` is what the rest of the file models for the private.
        (
            "18MS",
            "(abbrev: \"M&M\", name: \"Meridian and Memphis Railway\", on_map: Nothing)",
            "(abbrev: \"M&M\", name: \"Meridian and Memphis Railway\", on_map: Does([Bonus]))",
            "custom.ron: privates[M&M].on_map: says Bonus, but the file gives it no bonus naming it (`bonuses[].private`)",
        ),
        (
            "1867",
            "(abbrev: \"SCT\", name: \"St. Clair Tunnel\", on_map: Does([Bonus]))",
            "(abbrev: \"SCT\", name: \"St. Clair Tunnel\", on_map: Nothing)",
            "custom.ron: privates[SCT].on_map: the file gives it a bonus naming it (`bonuses[].private`): add Bonus to its on_map",
        ),
        (
            "18MS",
            "(abbrev: \"M&O\", name: \"Mobile & Ohio Railway\", on_map: Nothing,",
            "(abbrev: \"M&O\", name: \"Mobile & Ohio Railway\", on_map: Does([]),",
            "custom.ron: privates[M&O].on_map: Does([]) lists nothing: write Nothing",
        ),
        (
            "18MS",
            "(abbrev: \"MC\", name: \"Mississippi Central Railway\", on_map: Does([Train])),",
            "",
            "custom.ron: from_18xx_games.mechanisms.FreeTrains: MC is not one of the file's privates: list it there, with its on_map",
        ),
        (
            "1830",
            "(abbrev: \"SV\", name: \"Schuylkill Valley\", on_map: Does([Blocks([\"G15\"])]))",
            "(abbrev: \"SV\", name: \"Schuylkill Valley\", on_map: Does([Blocks([\"Z99\"])]))",
            "custom.ron: \"Z99\" cannot exist",
        ),
        (
            "1830",
            "(abbrev: \"SV\", name: \"Schuylkill Valley\",",
            "(abbrev: \"CA\", name: \"Schuylkill Valley\",",
            "custom.ron: privates[CA]: named twice",
        ),
        // A private closes by one rule of use, and `closes_after_uses`
        // counts two uses or more.
        (
            "1817",
            "closes_after_uses: 2)",
            "closes_after_uses: 1)",
            "custom.ron: privates[CM].closes_after_uses: 1 use: write closes_on_use: true",
        ),
        (
            "1817",
            "closes_after_uses: 3)",
            "closes_after_uses: 3, closes_on_use: true)",
            "custom.ron: privates[MAJC].closes_after_uses: beside closes_on_use or closes_at_round_end_on_use: keep one",
        ),
        // A private's closed marker is another name the file's bonuses
        // know on a hex.
        (
            "1870",
            "reassign_closes_as: Some(\"GSCᶜ\")",
            "reassign_closes_as: Some(\"GSCx\")",
            "custom.ron: privates[GSC].reassign_closes_as: no bonus's private is GSCx@HEX: add the bonuses its marker earns",
        ),
        (
            "1870",
            "reassign_closes_as: Some(\"GSCᶜ\")",
            "reassign_closes_as: Some(\"GSC\")",
            "custom.ron: privates[GSC].reassign_closes_as: GSC is the private itself: name its closed marker",
        ),
        (
            "1846",
            "home: \"C15\", kind: Minor",
            "kind: Minor",
            "custom.ron: companies[MS].token_to_buyer: a minor sold with its token holds it in its home; give `home`",
        ),
        (
            "1870",
            "home: \"B9\", destination_token: \"N1\"",
            "home: \"B9\", destination_token: \"A4\"",
            "custom.ron: companies[ATSF].destination_token: hex A4 has no city on its printed tile for a destination token",
        ),
        (
            "1870",
            "others: 10, optional: true, private: Some(\"GSC@H17\"),",
            "others: 10, optional: true,",
            "custom.ron: bonus \"Gulf Shipping (H17)\": others: paid to the companies not owning its private; give `private`",
        ),
    ];
    for (game, from, to, needle) in cases {
        let (_dir, path) = damaged_game(game, |t| t.replacen(from, to, 1));
        refuses_game_file(&path, game, needle);
    }
}
