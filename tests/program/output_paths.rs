//! Where `-o` may point: a FIFO or a device is written to (as the README
//! says), a directory or a missing directory is named as such, and
//! `review --action` names its own option.

use crate::common::{fails_with, hexroute};
use std::path::{Path, PathBuf};

fn record() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/18xx.games/18Texas_hqrmcntr.json")
}

#[test]
fn import_and_new_write_to_dev_null() {
    hexroute()
        .arg("import")
        .arg(record())
        .args(["-o", "/dev/null"])
        .assert()
        .success();
    hexroute()
        .args(["new", "1889", "-o", "/dev/null"])
        .assert()
        .success();
}

#[cfg(unix)]
#[test]
fn import_writes_the_save_into_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(&fifo).unwrap())
    };
    let out = hexroute()
        .arg("import")
        .arg(record())
        .arg("-o")
        .arg(&fifo)
        .output()
        .unwrap();
    if !out.status.success() {
        // Let the reader go: it waits for a writer.
        drop(std::fs::OpenOptions::new().write(true).open(&fifo));
    }
    let read = reader.join().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let saved: serde_json::Value = serde_json::from_slice(&read).unwrap();
    assert_eq!(saved["game"], "18Texas");
    assert!(fifo.exists(), "the FIFO is written to, not replaced");
}

#[test]
fn a_missing_directory_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("no-such-dir").join("game.json");
    for args in [&["new", "1889"][..], &["new", "1889", "--force"]] {
        let err = fails_with(hexroute().args(args).arg("-o").arg(&out), "does not exist");
        assert!(err.contains("directory"), "{err}");
        assert!(
            err.contains("no-such-dir:") || err.contains("no-such-dir does not"),
            "{err}"
        );
    }
    let err = fails_with(
        hexroute().arg("import").arg(record()).arg("-o").arg(&out),
        "does not exist",
    );
    assert!(
        err.contains("directory") && err.contains("no-such-dir"),
        "{err}"
    );
}

#[test]
fn a_directory_is_said_to_be_one_with_or_without_force() {
    let dir = tempfile::tempdir().unwrap();
    for force in [false, true] {
        let mut cmd = hexroute();
        cmd.arg("import").arg(record()).arg("-o").arg(dir.path());
        if force {
            cmd.arg("--force");
        }
        let err = fails_with(&mut cmd, "is a directory");
        assert!(!err.contains("already exists"), "{err}");
        let mut cmd = hexroute();
        cmd.args(["new", "1889", "-o"]).arg(dir.path());
        if force {
            cmd.arg("--force");
        }
        fails_with(&mut cmd, "is a directory");
    }
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "nothing written"
    );
}

#[test]
fn review_action_out_of_range_names_action() {
    let dir = tempfile::tempdir().unwrap();
    let err = fails_with(
        hexroute()
            .arg("review")
            .arg(record())
            .args(["--action", "99999", "--render"])
            .arg(dir.path().join("run.svg")),
        "--action 99999",
    );
    assert!(!err.contains("--at "), "{err}");
}
