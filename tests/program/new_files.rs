//! `new -o` and `import -o` to a file that is not there create it without
//! replacing: of several started at once exactly one writes the file, the
//! others are refused (exit 2) and the file is whole. `--force` replaces.

use crate::common::hexroute;
use std::path::{Path, PathBuf};

/// Runs `args` with `-o out` ten times at once; each one's exit code and
/// standard error.
fn ten_at_once(args: &[&str], out: &Path) -> Vec<(Option<i32>, String)> {
    let children: Vec<_> = (0..10)
        .map(|_| {
            let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("hexroute"));
            cmd.args(args)
                .arg("-o")
                .arg(out)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    children
        .into_iter()
        .map(|c| {
            let out = c.wait_with_output().unwrap();
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).into_owned(),
            )
        })
        .collect()
}

fn record() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/18xx.games/18Texas_hqrmcntr.json")
}

/// Exactly one success; every other run refused as bad input, saying the
/// file already exists; the file a whole saved game; no temporary left.
fn exactly_one_wrote(runs: &[(Option<i32>, String)], dir: &Path, out: &Path) {
    let wrote = runs.iter().filter(|(code, _)| *code == Some(0)).count();
    assert_eq!(wrote, 1, "{runs:?}");
    for (code, err) in runs.iter().filter(|(code, _)| *code != Some(0)) {
        assert_eq!(*code, Some(2), "{err}");
        assert!(err.contains("already exists"), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
    let saved: serde_json::Value = serde_json::from_slice(&std::fs::read(out).unwrap()).unwrap();
    assert!(saved["game"].is_string(), "{saved}");
    let left: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 1, "{left:?}");
}

#[test]
fn of_ten_imports_to_one_new_file_exactly_one_writes_it() {
    for round in 0..3 {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("same.json");
        let rec = record();
        let runs = ten_at_once(&["import", rec.to_str().unwrap()], &out);
        exactly_one_wrote(&runs, dir.path(), &out);
        let _ = round;
    }
}

#[test]
fn of_ten_new_games_to_one_file_exactly_one_writes_it() {
    for _ in 0..3 {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("same.json");
        let runs = ten_at_once(&["new", "1889"], &out);
        exactly_one_wrote(&runs, dir.path(), &out);
    }
}

#[test]
fn with_force_every_one_replaces_the_file_whole() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("same.json");
    let runs = ten_at_once(&["new", "1889", "--force"], &out);
    assert!(runs.iter().all(|(code, _)| *code == Some(0)), "{runs:?}");
    let saved: serde_json::Value = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(saved["game"], "1889");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    // An existing file without --force: refused, and left as it was.
    let before = std::fs::read(&out).unwrap();
    let refused = hexroute()
        .args(["new", "1830", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(std::fs::read(&out).unwrap(), before);
}
