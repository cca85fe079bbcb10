//! The real binary, run as a shell user would.

use crate::common::{fails_with, fixture, hexroute, stdout_of};
use std::fs;
use std::path::Path;

#[test]
fn new_then_show_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("game.json");
    hexroute()
        .args(["new", "1867", "-o"])
        .arg(&game)
        .assert()
        .success();
    let text = fs::read_to_string(&game).unwrap();
    // The printed map, phase 2, and the one token 1867 places at setup:
    // the national CN in Toronto's first city.
    assert_eq!(
        text,
        "{\n  \"hexroute\": 2,\n  \"game\": \"1867\",\n  \"phase\": \"2\",\n  \"hexes\": {\n    \"F16\": {\n      \"tokens\": {\n        \"0\": \"CN\"\n      }\n    }\n  }\n}\n"
    );
    let shown = stdout_of(hexroute().arg("show").arg(&game));
    assert!(shown.contains("phase 2"), "{shown}");
    assert!(shown.contains("Tiles laid (0)"), "{shown}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(hexroute().args(["show", "--json"]).arg(&game))).unwrap();
    assert_eq!(json["phase"], "2");
    assert_eq!(json["supply"].as_array().unwrap().len(), 68);
    // An existing file is kept unless --force.
    fails_with(
        hexroute().args(["new", "1867", "-o"]).arg(&game),
        "already exists",
    );
    hexroute()
        .args(["new", "1867", "--force", "-o"])
        .arg(&game)
        .assert()
        .success();
}

#[test]
fn new_writes_to_stdout_and_show_reads_stdin() {
    let text = stdout_of(hexroute().args(["new", "1867", "-o", "-"]));
    let shown = stdout_of(hexroute().args(["show", "--json", "-"]).write_stdin(text));
    let json: serde_json::Value = serde_json::from_str(&shown).unwrap();
    assert_eq!(json["game"], "1867");
}

#[test]
fn show_summarises_the_bankruptcy_club_fixture() {
    let json: serde_json::Value = serde_json::from_str(&stdout_of(
        hexroute()
            .args(["show", "--json"])
            .arg(fixture("1867_bc.json")),
    ))
    .unwrap();
    assert_eq!(json["phase"], "8");
    assert_eq!(json["tiles"].as_array().unwrap().len(), 27);
    assert_eq!(json["tokens"].as_array().unwrap().len(), 14);
    let toronto = json["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["hex"] == "F16")
        .unwrap();
    assert_eq!(toronto["tile"], "124");
    assert_eq!(toronto["name"], "Toronto");
}

#[test]
fn import_of_the_reference_save_equals_the_fixture() {
    let reference =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/reference/games/1867/1867_bc.game");
    if !reference.exists() {
        // CI runs beside shared/, so there the test must run, never skip.
        assert!(
            std::env::var_os("CI").is_none(),
            "{} is absent in CI",
            reference.display()
        );
        eprintln!(
            "SKIPPED: {} is absent on this machine; the small import test still runs",
            reference.display()
        );
        return;
    }
    let imported: serde_json::Value = serde_json::from_str(&stdout_of(
        hexroute().arg("import").arg(&reference).args(["-o", "-"]),
    ))
    .unwrap();
    // The fixture keeps the names the game was recorded with (GW, GT);
    // hexroute writes the printed ones (GWR, GTR) and reads both.
    let recorded = fs::read_to_string(fixture("1867_bc.json")).unwrap();
    let printed = recorded
        .replace("\"GW\"", "\"GWR\"")
        .replace("\"GT\"", "\"GTR\"");
    let fixture: serde_json::Value = serde_json::from_str(&printed).unwrap();
    assert_eq!(imported["phase"], fixture["phase"]);
    let (a, b) = (
        imported["hexes"].as_object().unwrap(),
        fixture["hexes"].as_object().unwrap(),
    );
    assert_eq!(a.len(), b.len());
    for (hex, state) in b {
        assert_eq!(a.get(hex), Some(state), "hex {hex}");
    }
}

#[test]
fn import_reads_a_small_save_of_ours() {
    let run = hexroute()
        .arg("import")
        .arg(fixture("rusty_train_small.game"))
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert!(run.status.success());
    // rusty_train knows no CN: its setup token is missing, and said so.
    let warnings = String::from_utf8(run.stderr).unwrap();
    assert!(
        warnings.contains("hex F16: CN's setup token is absent from the save"),
        "{warnings}"
    );
    let json: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    assert_eq!(json["phase"], "3");
    let hexes = json["hexes"].as_object().unwrap();
    // Printed Toronto with a token: only the token is new state.
    // The save's GW is the Great Western, printed GWR.
    assert_eq!(hexes["F16"], serde_json::json!({"tokens": {"0": "GWR"}}));
    assert_eq!(hexes["F14"], serde_json::json!({"tile": "9"}));
    assert_eq!(
        hexes["L12"],
        serde_json::json!({"tile": "X2", "rotation": 5, "tokens": {"0": "QLS", "2": "LPS"}})
    );
    assert_eq!(
        hexes["E15"],
        serde_json::json!({"tile": "8", "rotation": 2})
    );
    // The phase's off-board tile is the printed one: nothing to record.
    assert!(!hexes.contains_key("A7"));
    assert_eq!(hexes.len(), 4);
}

#[test]
fn bad_saved_games_are_refused_and_files_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "{\"hexroute\": 1, \"game\": \"1867\", \"phase\": \"8\",",
            "line 1 column",
        ),
        (
            r#"{"hexroute": 1, "game": "1867", "phase": "8", "hexes": {"L12": {"tile": "639x"}}}"#,
            "did you mean 639?",
        ),
        (
            r#"{"hexroute": 1, "game": "1867", "phase": "8", "hexes": {"D15": {"tile": "63"}}}"#,
            "only even numbers",
        ),
        (
            r#"{"hexroute": 1, "game": "1867", "phase": "8", "hexes": {"Z40": {"tile": "63"}}}"#,
            "not on the 1867 map",
        ),
        (
            r#"{"hexroute": 1, "game": "1867", "phase": "8", "hexes": {"D16": {"tile": "57", "tokens": {"1": "CNR"}}}}"#,
            "token space 1 does not exist",
        ),
        (
            r#"{"hexroute": 1, "game": "1867", "phase": "8", "hexes": {"D16": {"tile": "57", "tokens": {"0": "CNX"}}}}"#,
            "did you mean CNR?",
        ),
        (
            r#"{"hexroute": 1, "game": "867", "phase": "8"}"#,
            "unknown game \"867\" (did you mean 1867?)",
        ),
        (
            r#"{"hexroute": 1, "game": "1867", "phase": "9"}"#,
            "unknown phase",
        ),
    ];
    for (i, (text, needle)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.json"));
        fs::write(&path, text).unwrap();
        let err = fails_with(hexroute().arg("show").arg(&path), needle);
        assert!(
            err.contains(&format!("bad{i}.json")),
            "names the file: {err}"
        );
        // An import onto an existing path must not clobber it either.
        let out = dir.path().join("keep.json");
        fs::write(&out, "precious").unwrap();
        hexroute()
            .arg("import")
            .arg(&path)
            .arg("-o")
            .arg(&out)
            .assert()
            .code(2);
        assert_eq!(fs::read_to_string(&out).unwrap(), "precious");
        assert_eq!(fs::read_to_string(&path).unwrap(), *text);
    }
    fails_with(
        hexroute()
            .args(["new", "867", "-o"])
            .arg(dir.path().join("x.json")),
        "did you mean 1867?",
    );
    assert!(!dir.path().join("x.json").exists());
}

#[test]
fn games_and_tiles_list_what_we_know() {
    let games = stdout_of(hexroute().arg("games"));
    assert!(games.contains("1867: The Railways of Canada"));
    // The names stand in one column, however long an id is.
    let name_columns: std::collections::BTreeSet<usize> = games
        .lines()
        .map(|l| l.find("  ").unwrap() + l[l.find("  ").unwrap()..].find(|c| c != ' ').unwrap())
        .collect();
    assert_eq!(name_columns.len(), 1, "{games}");
    let tiles: serde_json::Value =
        serde_json::from_str(&stdout_of(hexroute().args(["tiles", "1867", "--json"]))).unwrap();
    let x8 = tiles
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["tile"] == "X8")
        .unwrap();
    assert_eq!(x8["colour"], "grey");
    assert_eq!(x8["count"], 1);
}

/// A reader that stops early (`| head`) ends hexroute quietly: no panic,
/// no error message, as with other shell tools.
#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("hexroute"))
        .args(["render"])
        .arg(fixture("1867_bc.json"))
        .args(["-o", "-", "--format", "png"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = [0u8; 8];
    child.stdout.take().unwrap().read_exact(&mut head).unwrap();
    // The pipe is closed here, with far more than a pipe's buffer unread.
    let out = child.wait_with_output().unwrap();
    assert_eq!(&head, b"\x89PNG\r\n\x1a\n");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// Text from a file reaches the terminal escaped: no escape sequence runs,
/// and no newline can start a forged `hexroute:` line.
fn assert_inert(text: &str) {
    assert!(
        text.chars().all(|c| c == '\n' || !c.is_control()),
        "raw control characters in {text:?}"
    );
    assert!(!text.contains("\nhexroute: error: forged"), "{text:?}");
}

#[test]
fn control_characters_from_files_are_printed_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let forged = "\u{1b}[31mred\nhexroute: error: forged";
    // A history entry written by hand, shown and then undone.
    let save = dir.path().join("history.json");
    let text = serde_json::json!({
        "hexroute": 1, "game": "1867", "phase": "2",
        "hexes": {"F16": {"tokens": {"0": "CN"}}},
        "history": [{"command": format!("token {forged}"), "time": forged, "hexes": {}}],
    })
    .to_string();
    fs::write(&save, &text).unwrap();
    let shown = stdout_of(hexroute().args(["show", "--history"]).arg(&save));
    assert_inert(&shown);
    assert_eq!(shown.lines().count(), 1, "{shown}");
    assert!(shown.contains("\\u{1b}[31mred\\nhexroute"), "{shown}");
    let undo = hexroute().arg("undo").arg(&save).output().unwrap();
    assert!(undo.status.success());
    let said = String::from_utf8(undo.stderr).unwrap();
    assert_inert(&said);
    assert_eq!(said.lines().count(), 1, "{said}");
    // A company name in an error stays on its one line.
    let bad = dir.path().join("bad.json");
    let text = serde_json::json!({
        "hexroute": 1, "game": "1867", "phase": "2", "trains": {forged: ["2"]},
    })
    .to_string();
    fs::write(&bad, &text).unwrap();
    let err = fails_with(hexroute().arg("show").arg(&bad), "unknown company");
    assert_inert(&err);
    assert_eq!(fs::read_to_string(&bad).unwrap(), text);
    // Names from a game file: `show`, `companies` and `trains` list them.
    let ron = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("games/1867.ron"))
        .unwrap()
        .replace(
            r#"abbrev: "CPR", name: "Canadian Pacific Railway""#,
            r#"abbrev: "C\u{1b}[2JR", name: "Canadian\u{1b}[31m Pacific\nhexroute: error: forged""#,
        );
    let custom = dir.path().join("custom.ron");
    fs::write(&custom, ron).unwrap();
    let game = dir.path().join("custom.json");
    fs::write(
        &game,
        r#"{"hexroute": 1, "game": "1867", "phase": "2", "hexes": {"L12": {"tokens": {"0": "C\u001b[2JR"}}}, "trains": {"C\u001b[2JR": ["2"]}}"#,
    )
    .unwrap();
    for args in [&["show"][..], &["companies"], &["trains"]] {
        let out = stdout_of(
            hexroute()
                .arg("--game-file")
                .arg(&custom)
                .args(args)
                .arg(&game),
        );
        assert_inert(&out);
        assert!(out.contains("C\\u{1b}[2JR"), "{args:?}: {out}");
    }
}

/// Letter and number of a 1867 address, the order its map's edges read.
fn board_order(addr: &str) -> (String, u32) {
    let split = addr.find(|c: char| c.is_ascii_digit()).unwrap();
    (addr[..split].to_string(), addr[split..].parse().unwrap())
}

#[test]
fn show_lists_tiles_and_tokens_in_board_order() {
    let f = fixture("1867_bc.json");
    let text = stdout_of(hexroute().arg("show").arg(&f));
    let laid: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Tiles laid"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(laid.len(), 27);
    let mut sorted = laid.clone();
    sorted.sort_by_key(|a| board_order(a));
    assert_eq!(laid, sorted);
    let json: serde_json::Value =
        serde_json::from_str(&stdout_of(hexroute().args(["show", "--json"]).arg(&f))).unwrap();
    let hexes: Vec<&str> = json["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["hex"].as_str().unwrap())
        .collect();
    assert_eq!(hexes, sorted);
    let cpr = text.lines().find(|l| l.starts_with("  CPR")).unwrap();
    assert_eq!(cpr, "  CPR  F16 Toronto, G15 Peterborough, L12 Montreal");
}

#[test]
fn companies_columns_sit_under_their_headers() {
    let text = stdout_of(hexroute().arg("companies").arg(fixture("1867_bc.json")));
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    let start = |name: &str| header.find(name).unwrap();
    for line in lines {
        // Left-aligned columns start under their header; LEFT, a number,
        // ends under the header's last letter.
        for name in ["KIND", "HOME", "TOKENS", "TRAINS", "NAME"] {
            let at = start(name);
            assert!(
                line[at - 2..at] == *"  " && !line[at..].starts_with(' '),
                "{name} misplaced in {line:?} under {header:?}"
            );
        }
        let end = start("LEFT") + 4;
        assert!(line.as_bytes()[end - 1].is_ascii_digit(), "{line:?}");
        assert_eq!(line.as_bytes()[end], b' ', "{line:?}");
    }
}

#[test]
fn a_company_that_chooses_its_home_shows_it_once_started() {
    let t = crate::common::Table::new("1867");
    let home = |t: &crate::common::Table| {
        let list: serde_json::Value =
            serde_json::from_str(&stdout_of(&mut t.cmd(&["companies", "--json"]))).unwrap();
        let cpr = list
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["company"] == "CPR")
            .unwrap();
        let text = stdout_of(&mut t.cmd(&["companies"]));
        let row = text
            .lines()
            .find(|l| l.starts_with("CPR "))
            .unwrap()
            .to_string();
        (
            cpr["home"].clone(),
            row.split_whitespace().nth(2).unwrap().to_string(),
        )
    };
    assert_eq!(home(&t), (serde_json::Value::Null, "-".to_string()));
    t.accept(&["token", "L12", "CPR", "--space", "0"]);
    assert_eq!(home(&t), (serde_json::json!("L12"), "L12".to_string()));
    // A second token earlier in board order: the home is still the first laid.
    t.accept(&["token", "J12", "CPR", "--force"]);
    assert_eq!(home(&t), (serde_json::json!("L12"), "L12".to_string()));
    // A printed home is shown from the start.
    let list = stdout_of(hexroute().arg("companies").arg(fixture("1830_late.json")));
    assert!(
        list.lines()
            .any(|l| l.starts_with("PRR") && l.contains(" H12 ")),
        "{list}"
    );
}

/// A hex beyond the map's edges is off the map before any parity rule,
/// and "did you mean" names only a hex next to the one typed.
#[test]
fn off_map_hexes_are_named_so_with_near_suggestions_only() {
    let t = crate::common::Table::new("1867");
    let spans = "(the 1867 map spans columns A to P and numbers 1 to 19)";
    for hex in ["Z99", "ZZ99", "A1", "E99"] {
        let err = t.refuse(
            &["token", hex, "CPR"],
            &format!("hex {hex} is not on the 1867 map {spans}"),
        );
        assert!(
            !err.contains("cannot exist") && !err.contains("did you mean"),
            "{err}"
        );
    }
    t.refuse(
        &["token", "A21", "CPR"],
        "hex A21 is not on the 1867 map (did you mean A19?)",
    );
    t.refuse(&["place", "A15", "7"], "(did you mean A17 or B16?)");
    // Inside the map, the parity rule is the reason.
    t.refuse(
        &["token", "A2", "CPR"],
        "\"A2\" cannot exist: in column A only odd numbers",
    );
    let t = crate::common::Table::new("1830");
    t.refuse(
        &["token", "L1", "PRR"],
        "hex L1 is not on the 1830 map (the 1830 map spans rows A to K and numbers 1 to 24)",
    );
}

/// `phase` says whose trains rusted, and which.
#[test]
fn phase_names_the_trains_that_rust() {
    let t = crate::common::Table::new("1867");
    t.accept(&["phase", "3"]);
    t.accept(&["trains", "CPR", "--add", "2"]);
    t.accept(&["trains", "CNR", "--add", "2", "--add", "2"]);
    let said = t.accept(&["phase", "4"]);
    assert_eq!(said, "phase 3 → 4; CNR's 2 and 2 rust, CPR's 2 rusts\n");
}

/// Each `--json` output has exactly the fields its schema in `docs/` names
/// (the schemas are made from the types that print them).
#[test]
fn json_outputs_have_the_fields_their_schemas_name() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let schema = |name: &str| -> serde_json::Value {
        serde_json::from_str(&fs::read_to_string(docs.join(name)).unwrap()).unwrap()
    };
    // The properties of the object a schema (or its array's items) describes.
    let fields = |s: &serde_json::Value, def: Option<&str>| -> Vec<String> {
        let object = match def {
            Some(d) => &s["$defs"][d],
            None => s,
        };
        let mut keys: Vec<String> = object["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        keys.sort();
        keys
    };
    let keys = |v: &serde_json::Value| -> Vec<String> {
        let mut keys: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        keys
    };
    let json = |args: &[&str]| -> serde_json::Value {
        serde_json::from_str(&stdout_of(hexroute().args(args))).unwrap()
    };
    let bc = fixture("1867_bc.json");
    let bc = bc.to_str().unwrap();
    let show = json(&["show", bc, "--json"]);
    assert_eq!(keys(&show), fields(&schema("show.schema.json"), None));
    let s = schema("show.schema.json");
    assert_eq!(keys(&show["tiles"][0]), fields(&s, Some("LaidTile")));
    assert_eq!(keys(&show["supply"][0]), fields(&s, Some("SupplyRow")));
    assert_eq!(keys(&show["tokens"][0]), fields(&s, Some("Token")));
    let companies = json(&["companies", bc, "--json"]);
    let c = schema("companies.schema.json");
    assert_eq!(keys(&companies[0]), fields(&c, Some("CompanyRow")));
    let started = companies
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["started"] == true)
        .expect("a company on the map");
    // One shape for a token, whichever command shows it.
    assert_eq!(keys(&started["tokens"][0]), fields(&c, Some("Token")));
    assert_eq!(fields(&c, Some("Token")), fields(&s, Some("Token")));
    let tiles = json(&["tiles", "1867", "--json"]);
    assert_eq!(
        keys(&tiles[0]),
        fields(&schema("tiles.schema.json"), Some("TileRow"))
    );
    let trains = json(&["trains", bc, "--json"]);
    let (_, row) = trains.as_object().unwrap().iter().next().unwrap();
    assert_eq!(
        keys(row),
        fields(&schema("trains.schema.json"), Some("TrainsRow"))
    );
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("g.json");
    crate::common::new_game("1867", &game);
    let lays = json(&["place", "--list", game.to_str().unwrap(), "M9", "--json"]);
    assert_eq!(
        keys(&lays[0]),
        fields(&schema("lays.schema.json"), Some("LayReport"))
    );
    hexroute()
        .args(["place"])
        .arg(&game)
        .args(["M9", "57", "--rotate", "1", "-q"])
        .assert()
        .success();
    let history = json(&["show", "--history", game.to_str().unwrap(), "--json"]);
    assert_eq!(keys(&history), fields(&schema("history.schema.json"), None));
    assert_eq!(
        keys(&history["changes"][0]),
        fields(&schema("history.schema.json"), Some("HistoryEntry"))
    );
}
