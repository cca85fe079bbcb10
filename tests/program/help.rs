//! What teaches the shell user: `--help` and bare `hexroute`, the man page,
//! bash completion, usage lines and usage errors, and what each `--force`
//! forces.

use crate::common::{fails_with, fixture, hexroute, stdout_of};
use std::fs;
use std::path::Path;

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
            "1817",
            "1817NA",
            "1817WO",
            "1830",
            "1836Jr30",
            "1836Jr56",
            "1846",
            "1847 AE",
            "1849",
            "1849: Kingdom of the Two Sicilies",
            "18 Los Angeles",
            "18 Los Angeles 2",
            "1856",
            "1858",
            "1822",
            "1860",
            "1861",
            "1867",
            "1870",
            "1877: Venezuela",
            "1880",
            "1882",
            "1888",
            "1889",
            "1893",
            "18AL",
            "18Chesapeake",
            "18Chesapeake: Off the Rails",
            "18CO",
            "18DE",
            "18EU",
            "18GA",
            "18JP-T",
            "18MEX",
            "18MS",
            "18MT: Big Sky Barons",
            "18NewEngland",
            "18NewEngland 2: Northern States",
            "18NL",
            "18TN",
            "18Texas"
        ]
    );
    assert_eq!(
        bash_completes(d, &["hexroute", "tiles", "186"]),
        ["1860", "1861", "1867"]
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
