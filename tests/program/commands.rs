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

fn routes_json(args: &[&str]) -> serde_json::Value {
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1867_bc.json"))
            .args(args)
            .arg("--json"),
    );
    serde_json::from_str(&out).unwrap()
}

#[test]
fn bankruptcy_club_final_round_revenues() {
    assert_eq!(
        routes_json(&["--company", "GW", "--trains", "5,8"])["total"],
        840
    );
    assert_eq!(
        routes_json(&["--company", "C&O", "--trains", "6,8"])["total"],
        900
    );
    // The issue quotes $1130 for CNR, from a reference search that misses
    // routes. $1150 is reached by (checked hex by hex against the rules):
    //   5:    Montreal 100, Ottawa 60, Toronto 100, Hamilton 50, Buffalo 60 = 370
    //         via L12 K11 J12 I11 H12 G13 F14 F16 E17 F18;
    //   5+5E: New England 60, Montreal 100, Ottawa 60, Toronto 100, Detroit 70
    //         = 390 x 2 = 780, via M15 M13 L12 L10 K9 J10 J12 K13 J14 I15 H14
    //         G15 F16 E15 D16 D18 C19 C17 B18 A19, skipping the rest.
    // The two share cities but no hex edge; every city passed has a free
    // space or a CNR token; no stop hex is used twice.
    let cnr = routes_json(&["--company", "CNR", "--trains", "5,5+5E"]);
    assert_eq!(cnr["total"], 1150);
    let express = cnr["routes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["train"] == "5+5E")
        .unwrap();
    assert_eq!(express["revenue"], 780);
    let stopped: Vec<&str> = express["stops"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["skipped"] == false)
        .map(|s| s["hex"].as_str().unwrap())
        .collect();
    assert_eq!(stopped, ["M15", "L12", "J12", "F16", "A19"]);
}

#[test]
fn routes_are_deterministic_and_all_runs_every_company() {
    let a = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1867_bc.json"))
            .args(["--all", "--json"]),
    );
    let b = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1867_bc.json"))
            .args(["--all", "--json"]),
    );
    assert_eq!(a, b);
    let all: serde_json::Value = serde_json::from_str(&a).unwrap();
    let totals: Vec<(String, u64)> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["company"].as_str().unwrap().to_string(),
                s["total"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        totals,
        [
            ("C&O".to_string(), 900),
            ("CNR".to_string(), 1150),
            ("GWR".to_string(), 840)
        ]
    );
}

#[test]
fn route_bonuses_add_to_the_total() {
    // GW's 8 runs through Montreal and ends at Detroit (A19).
    let plain = routes_json(&["--company", "GW", "--trains", "5,8"])["total"]
        .as_u64()
        .unwrap();
    let bridge = routes_json(&[
        "--company",
        "GW",
        "--trains",
        "5,8",
        "--bonus",
        "montreal bridge",
    ])["total"]
        .as_u64()
        .unwrap();
    assert_eq!(bridge, plain + 20, "both GW routes stop at Montreal");
    let adhoc = routes_json(&[
        "--company",
        "GW",
        "--trains",
        "8",
        "--visit-bonus",
        "A19=15",
    ]);
    assert!(
        adhoc["routes"][0]["bonuses"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["amount"] == 15)
    );
}

#[test]
fn route_errors_are_one_line_with_exit_code_2() {
    let f = fixture("1867_bc.json");
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&f)
            .args(["--company", "XYZ", "--trains", "5"]),
        "unknown company",
    );
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&f)
            .args(["--company", "GW", "--trains", "9"]),
        "its trains are: 2, 3",
    );
    fails_with(
        hexroute().arg("routes").arg(&f).args([
            "--company",
            "GW",
            "--trains",
            "5",
            "--bonus",
            "Montreal Brige",
        ]),
        "did you mean Montreal Bridge?",
    );
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&f)
            .args(["--company", "GT", "--trains", "5"]),
        "GTR has no tokens",
    );
    fails_with(
        hexroute()
            .arg("routes")
            .arg(&f)
            .args(["--company", "GW", "--visit-bonus", "A19"]),
        "expected HEX=AMOUNT",
    );
}

#[test]
fn a_company_with_no_route_earns_zero() {
    let dir = tempfile::tempdir().unwrap();
    let game = dir.path().join("g.json");
    fs::write(&game, r#"{"hexroute": 1, "game": "1867", "phase": "2", "hexes": {"F16": {"tokens": {"0": "GW"}}}}"#).unwrap();
    let out =
        stdout_of(
            hexroute()
                .arg("routes")
                .arg(&game)
                .args(["--company", "GW", "--trains", "2"]),
        );
    assert!(out.contains("no route can be run: revenue $0"), "{out}");
    assert!(out.contains("total $0"));
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

/// What bash offers for the last of `words` (the word being completed),
/// with hexroute's completion script sourced, in `dir`.
fn bash_completes(dir: &Path, words: &[&str]) -> Vec<String> {
    let script = dir.join("hexroute.bash");
    if !script.exists() {
        fs::write(&script, stdout_of(hexroute().args(["completions", "bash"]))).unwrap();
    }
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let n = words.len();
    let prev = if n > 1 { words[n - 2] } else { "" };
    let probe = format!(
        "source '{}'\nCOMP_WORDS=({}); COMP_CWORD={}\n_clap_complete_hexroute hexroute '{}' '{prev}'\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        script.display(),
        quoted.join(" "),
        n - 1,
        words[n - 1],
    );
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(probe)
        .current_dir(dir)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// Tab in bash completes subcommands, game ids, and the companies, phases
/// and trains of the game the file on the line holds, as a person
/// pressing Tab would see them; `--trains` never offers file names.
#[test]
fn bash_completion_knows_the_files_game() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    crate::common::new_game("1830", &d.join("b&o.json"));
    crate::common::new_game("1867", &d.join("canada.json"));
    fs::write(d.join("5notes.txt"), "not a train").unwrap();
    assert_eq!(bash_completes(d, &["hexroute", "ro"]), ["routes"]);
    assert_eq!(
        bash_completes(d, &["hexroute", "new", "18"]),
        [
            "1830",
            "1836Jr30",
            "1846",
            "1861",
            "1867",
            "1882",
            "1889",
            "18AL",
            "18Chesapeake",
            "18GA",
            "18MS",
            "18TN",
            "18Texas"
        ]
    );
    assert_eq!(
        bash_completes(d, &["hexroute", "tiles", "186"]),
        ["1861", "1867"]
    );
    // The file's game alone: 1830 has no CNR, 1867 no NYNH.
    assert_eq!(
        bash_completes(d, &["hexroute", "trains", "b&o.json", "C"]),
        ["C&O", "CPR"]
    );
    let canada = bash_completes(d, &["hexroute", "routes", "canada.json", "--company", "C"]);
    assert!(
        canada.contains(&"CNR".to_string()) && canada.contains(&"CV".to_string()),
        "{canada:?}"
    );
    assert!(canada.iter().all(|c| c.starts_with('C')), "{canada:?}");
    assert_eq!(
        bash_completes(d, &["hexroute", "token", "b&o.json", "F2", "NY"]),
        ["NYC", "NYNH"]
    );
    // Before a file is typed: every built-in game's companies.
    let any = bash_completes(d, &["hexroute", "place", "--company", "C"]);
    for name in ["CNR", "C&O", "CV"] {
        assert!(
            any.contains(&name.to_string()),
            "{name} missing from {any:?}"
        );
    }
    let phases = bash_completes(d, &["hexroute", "phase", "b&o.json", ""]);
    assert!(
        phases.starts_with(&["2", "3", "4", "5", "6", "D"].map(String::from)),
        "{phases:?}"
    );
    assert_eq!(
        bash_completes(d, &["hexroute", "routes", "canada.json", "--trains", "5"]),
        ["5", "5+5E"]
    );
    assert_eq!(
        bash_completes(
            d,
            &["hexroute", "routes", "canada.json", "--trains", "2,5+"]
        ),
        ["2,5+5E"]
    );
    assert_eq!(
        bash_completes(d, &["hexroute", "trains", "b&o.json", "PRR", "--add", "D"]),
        ["D"]
    );
}

/// The manual page as a reader sees it: through `man -l` where man is
/// installed (its warnings must be none), else the roff with its escapes
/// undone.
fn man_page_text(roff: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("hexroute.1");
    fs::write(&page, roff).unwrap();
    match std::process::Command::new("man")
        .args(["--warnings", "-l"])
        .arg(&page)
        .env("MANWIDTH", "250")
        .env("MANPAGER", "cat")
        .output()
    {
        Ok(out) if out.status.success() => {
            assert_eq!(String::from_utf8_lossy(&out.stderr), "", "man warns");
            String::from_utf8(out.stdout).unwrap()
        }
        _ => roff_as_text(roff),
    }
}

/// Roughly what `man` shows, where man is not installed: headings,
/// command headings indented by 3, text by 7, no requests or font escapes.
fn roff_as_text(roff: &str) -> String {
    let lines: Vec<String> = roff
        .lines()
        .filter_map(|l| {
            let l = l
                .replace("\\-", "-")
                .replace("\\*(Aq", "'")
                .replace("\\fB", "")
                .replace("\\fI", "")
                .replace("\\fR", "");
            if let Some(h) = l.strip_prefix(".SH ") {
                Some(h.trim_matches('"').to_string())
            } else if let Some(h) = l.strip_prefix(".SS ") {
                Some(format!("   {}", h.trim_matches('"')))
            } else if l.starts_with('.') || l.starts_with('\'') {
                None
            } else {
                Some(format!("       {l}"))
            }
        })
        .collect();
    lines.join("\n")
}

/// One page documents every command and each of its options, has
/// EXAMPLES and EXIT STATUS, and points at no other page.
#[test]
fn man_page_documents_every_command_and_option() {
    let roff = stdout_of(hexroute().arg("man"));
    assert!(roff.contains(".TH HEXROUTE 1"), "{roff}");
    let text = man_page_text(&roff);
    let heading = |name: &str| text.lines().position(|l| l == name);
    let sections = [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "OPTIONS",
        "COMMANDS",
        "EXAMPLES",
        "EXIT STATUS",
    ];
    let at: Vec<usize> = sections
        .iter()
        .map(|s| heading(s).unwrap_or_else(|| panic!("no {s}")))
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "sections out of order");
    let lines: Vec<&str> = text.lines().collect();
    let commands = &lines[at[4]..at[5]];
    for sub in SUBCOMMANDS {
        let start = commands
            .iter()
            .position(|l| l.trim_end() == format!("   {sub}"))
            .unwrap_or_else(|| panic!("{sub} has no section"));
        let end = commands[start + 1..]
            .iter()
            .position(|l| l.starts_with("   ") && !l.starts_with("    "))
            .map_or(commands.len(), |n| start + 1 + n);
        let section = commands[start..end].join("\n");
        let help = stdout_of(hexroute().args([sub, "--help"]));
        for line in help.lines().map(str::trim).filter(|l| l.starts_with('-')) {
            let flags: Vec<&str> = line
                .split_whitespace()
                .take_while(|w| w.starts_with('-'))
                .collect();
            let flags = flags.join(" ");
            if flags == "-h, --help" || flags == "--game-file" {
                continue;
            }
            assert!(
                section.contains(&flags),
                "{sub}: {flags} missing from {section}"
            );
        }
        let examples = help
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("hexroute "));
        for example in examples {
            assert!(
                lines[at[5]..at[6]].iter().any(|l| l.trim() == example),
                "{example}"
            );
        }
    }
    assert!(text.contains("--game-file PATH"));
    for code in ["0", "1", "2"] {
        assert!(
            lines[at[6]..]
                .iter()
                .any(|l| l.trim() == code || l.trim_start().starts_with(&format!("{code} "))),
            "exit {code}"
        );
    }
    // No SEE ALSO, and no reference to a page such as hexroute-new(1).
    assert!(!text.contains("SEE ALSO"));
    let refs: Vec<&str> = text
        .split_whitespace()
        .filter(|w| w.trim_end_matches([',', '.']).ends_with(')') && w.contains("(1"))
        .collect();
    assert!(
        refs.iter().all(|r| r.starts_with("HEXROUTE(1)")),
        "{refs:?}"
    );
}

/// Usage errors are one line, like every other error, with exit code 2.
#[test]
fn usage_errors_are_one_line() {
    fails_with(
        hexroute()
            .arg("render")
            .arg(fixture("1867_bc.json"))
            .args(["-o", "x.bmp", "--format", "bmp"]),
        "possible values: png, svg, pdf",
    );
    fails_with(hexroute().arg("place"), "required arguments");
    fails_with(
        hexroute().args(["render", "g.json", "-o", "m.png", "--hex-size", "1000"]),
        "out of range (4 to 400 pixels)",
    );
}

/// `--time-limit` ends a long search with the best routes found so far,
/// marked as not proven; without it, or in time, the answer is proven.
#[test]
fn time_limit_reports_the_best_found_unproven() {
    let out = hexroute()
        .arg("routes")
        .arg(fixture("1867_bc.json"))
        .args(["--company", "CNR", "--trains", "8,8,8,5+5E"])
        .args(["--time-limit", "0.05", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["optimal"], false);
    // Still a real set of routes: their revenues add up to the total, which
    // is no more than the proven best ($1710) and at least the greedy set.
    let total = v["total"].as_u64().unwrap();
    let summed: u64 = v["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["revenue"].as_u64().unwrap())
        .sum();
    assert_eq!(summed, total);
    assert!(total > 1000 && total <= 1710, "{total}");
    let text = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1867_bc.json"))
            .args(["--company", "CNR", "--trains", "8,8,8,5+5E"])
            .args(["--time-limit", "0.05"]),
    );
    assert!(text.contains("(not proven optimal"), "{text}");
    // A search that ends in time is proven, and says nothing more.
    let proven = routes_json(&["--company", "GW", "--trains", "5,8", "--time-limit", "60"]);
    assert_eq!(proven["optimal"], true);
    assert_eq!(proven["total"], 840);
    fails_with(
        hexroute().arg("routes").arg(fixture("1867_bc.json")).args([
            "--company",
            "GW",
            "--time-limit",
            "0",
        ]),
        "not a positive number of seconds",
    );
}

/// Every route says what its train multiplies by, and each stop what it
/// adds: the stops' `counted` values and the bonuses sum to the route's
/// revenue in every fixture, and the text says `×2` where a train doubles.
#[test]
fn doubling_is_shown_and_each_route_adds_up() {
    let mut doubled = 0;
    for entry in fs::read_dir(fixture("")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let out = stdout_of(
            hexroute()
                .arg("routes")
                .arg(&path)
                .args(["--all", "--json"]),
        );
        let all: serde_json::Value = serde_json::from_str(&out).unwrap();
        for company in all.as_array().unwrap() {
            for route in company["routes"].as_array().unwrap() {
                let multiplier = route["multiplier"].as_u64().unwrap();
                let mut sum = 0;
                for stop in route["stops"].as_array().unwrap() {
                    let face = stop["revenue"].as_u64().unwrap();
                    let counted = stop["counted"].as_u64().unwrap();
                    let expected = if stop["skipped"] == true {
                        0
                    } else {
                        face * multiplier
                    };
                    assert_eq!(counted, expected, "{}: {stop}", path.display());
                    sum += counted;
                }
                for bonus in route["bonuses"].as_array().unwrap() {
                    sum += bonus["amount"].as_u64().unwrap();
                }
                assert_eq!(sum, route["revenue"].as_u64().unwrap(), "{route}");
                doubled += usize::from(multiplier == 2);
            }
        }
    }
    assert!(doubled >= 3, "the fixtures run 2+2 and 5+5E trains");
    let text = stdout_of(hexroute().arg("routes").arg(fixture("1867_bc.json")).args([
        "--company",
        "CNR",
        "--trains",
        "5,5+5E",
    ]));
    assert!(text.contains("train 5+5E  $780  (stops $390 ×2)"), "{text}");
    assert!(text.contains("train 5     $370\n"), "{text}");
}

/// A bonus the train's multiplier doubles is reported as paid, doubled, so
/// the route still adds up (a game file whose bonus at Montreal doubles).
#[test]
fn a_doubled_bonus_is_reported_as_paid() {
    let dir = tempfile::tempdir().unwrap();
    let ron = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("games/1867.ron"))
        .unwrap()
        .replace(
            r#"(name: "Timmins", bonus: 40, multiplied: true, kind: Connection(from: "D2", to_any: ["F16", "L12", "O7"])),"#,
            r#"(name: "Montreal test", bonus: 40, multiplied: true, kind: Visit(["L12"])),"#,
        );
    assert!(ron.contains("Montreal test"));
    let game_file = dir.path().join("1867.ron");
    fs::write(&game_file, ron).unwrap();
    let out = stdout_of(
        hexroute()
            .arg("--game-file")
            .arg(&game_file)
            .arg("routes")
            .arg(fixture("1867_bc.json"))
            .args(["--company", "CNR", "--trains", "5+5E", "--json"]),
    );
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let route = &report["routes"][0];
    assert_eq!(route["multiplier"], 2);
    assert_eq!(route["bonuses"][0]["amount"], 80, "{route}");
    let counted: u64 = route["stops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["counted"].as_u64().unwrap())
        .sum();
    assert_eq!(counted + 80, route["revenue"].as_u64().unwrap());
}

/// `--all` on a save where no company has a token and a train is no error:
/// `[]` with `--json`, a sentence without, exit 0; likewise per file.
#[test]
fn all_with_no_company_to_run_is_an_empty_list() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.json");
    crate::common::new_game("1867", &empty);
    let json = stdout_of(
        hexroute()
            .arg("routes")
            .arg(&empty)
            .args(["--all", "--json"]),
    );
    assert_eq!(json.trim(), "[]");
    let text = stdout_of(hexroute().arg("routes").arg(&empty).arg("--all"));
    assert!(
        text.contains("no company has both tokens and trains"),
        "{text}"
    );
    let lines = stdout_of(
        hexroute()
            .arg("routes")
            .arg(&empty)
            .arg(fixture("1889_late.json"))
            .args(["--all", "--json"]),
    );
    assert!(lines.lines().count() >= 3, "{lines}");
    assert!(
        lines.lines().all(|l| l.contains("1889_late.json")),
        "{lines}"
    );
}

/// What `routes FILE... --all --json` prints, `render --routes` reads: from
/// the lines of two files it draws one file's routes, as the array of that
/// file alone would; a file that is none of them is refused.
#[test]
fn batch_routes_lines_chain_into_render() {
    let dir = tempfile::tempdir().unwrap();
    let (bc, late) = (fixture("1867_bc.json"), fixture("1889_late.json"));
    let lines = dir.path().join("lines.jsonl");
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(&bc)
            .arg(&late)
            .args(["--all", "--json"]),
    );
    assert!(out.lines().count() >= 6, "{out}");
    fs::write(&lines, &out).unwrap();
    let alone = dir.path().join("alone.json");
    fs::write(
        &alone,
        stdout_of(hexroute().arg("routes").arg(&bc).args(["--all", "--json"])),
    )
    .unwrap();
    let draw = |routes: &Path, picture: &str| {
        let to = dir.path().join(picture);
        stdout_of(
            hexroute()
                .arg("render")
                .arg(&bc)
                .arg("--routes")
                .arg(routes)
                .arg("-o")
                .arg(&to),
        );
        fs::read(to).unwrap()
    };
    assert_eq!(draw(&lines, "from_lines.svg"), draw(&alone, "alone.svg"));
    // One line alone is one company's document.
    let first = dir.path().join("first.json");
    fs::write(&first, out.lines().next().unwrap()).unwrap();
    draw(&first, "first.svg");
    // The lines name two other files than the one drawn.
    let picture = dir.path().join("other.svg");
    let err = fails_with(
        hexroute()
            .arg("render")
            .arg(fixture("1830_late.json"))
            .arg("--routes")
            .arg(&lines)
            .arg("-o")
            .arg(&picture),
        "none of them the map drawn",
    );
    assert!(err.contains("lines.jsonl"), "{err}");
    assert!(!picture.exists());
}

/// "1 route", not "1 routes": NYC on 1830_early has exactly one.
#[test]
fn one_route_is_one_route() {
    let out = stdout_of(
        hexroute()
            .arg("routes")
            .arg(fixture("1830_early.json"))
            .args(["--company", "NYC"]),
    );
    assert!(out.starts_with("NYC — 1 route considered\n"), "{out}");
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

/// Bare `hexroute` prints its help (on stderr, exit 2), not its tagline as
/// an error.
#[test]
fn bare_hexroute_prints_the_help() {
    let out = hexroute().output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("Usage: hexroute [OPTIONS] <COMMAND>"), "{err}");
    assert!(err.contains("Commands:") && err.contains("routes"), "{err}");
    assert!(!err.contains("error:"), "{err}");
}

const SUBCOMMANDS: [&str; 17] = [
    "new",
    "show",
    "import",
    "games",
    "tiles",
    "render",
    "place",
    "upgrade",
    "token",
    "phase",
    "undo",
    "redo",
    "trains",
    "companies",
    "routes",
    "completions",
    "man",
];

/// No usage line names two arguments alike (`render` said `--output
/// <FILE> <FILE>`), and `routes` says that `--all` may stand for
/// `--company`.
#[test]
fn usage_lines_name_each_argument_once() {
    for sub in SUBCOMMANDS {
        let help = stdout_of(hexroute().args([sub, "--help"]));
        let usage = help.lines().find(|l| l.starts_with("Usage:")).unwrap();
        let mut names: Vec<&str> = usage
            .split('<')
            .skip(1)
            .map(|s| s.split('>').next().unwrap())
            .filter(|s| !s.starts_with("--"))
            .collect();
        let all = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), all, "{usage}");
    }
    let help = stdout_of(hexroute().args(["render", "--help"]));
    assert!(help.contains("--output <PICTURE> <FILE>"), "{help}");
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("g.json");
    crate::common::new_game("1867", &save);
    let before = fs::read(&save).unwrap();
    fails_with(
        hexroute().arg("routes").arg(&save),
        "<--company <COMPANY>|--all>",
    );
    assert_eq!(fs::read(&save).unwrap(), before);
}

/// `--force` is one flag in every edit, but each command's help says what
/// it forces there.
#[test]
fn each_force_says_what_it_forces() {
    let force_help = |sub: &str| {
        let help = stdout_of(hexroute().args([sub, "--help"]));
        let mut lines = help.lines().skip_while(|l| l.trim() != "--force");
        lines.next().unwrap();
        lines.next().unwrap().trim().to_string()
    };
    for (sub, says) in [
        ("place", "Lay the tile even if the game's rules forbid it"),
        ("upgrade", "Upgrade even if the game's rules forbid it"),
        (
            "token",
            "Place or remove the token even if the game's rules",
        ),
        ("undo", "Undo even if the file was edited by hand"),
        ("trains", "Add trains even over the phase's train limit"),
        ("phase", "Let -o replace a file that is not a saved game"),
        ("redo", "Let -o replace a file that is not a saved game"),
    ] {
        let help = force_help(sub);
        assert!(help.starts_with(says), "{sub}: {help}");
    }
    for sub in ["undo", "redo", "phase", "trains"] {
        assert!(!force_help(sub).contains("rules"), "{sub}");
    }
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
    assert_eq!(
        keys(&history[0]),
        fields(&schema("history.schema.json"), Some("HistoryEntry"))
    );
}
