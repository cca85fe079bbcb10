//! Helpers shared by the tests that run the real binary.
#![allow(dead_code)] // each test file uses its own subset

use assert_cmd::Command;
use std::fs;
use std::path::{Path, PathBuf};

pub fn hexroute() -> Command {
    Command::cargo_bin("hexroute").unwrap()
}

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(name)
}

/// Starts a new game of `game` at `path`.
pub fn new_game(game: &str, path: &Path) {
    hexroute()
        .args(["new", game, "-o"])
        .arg(path)
        .assert()
        .success();
}

/// Runs a command that must be refused as bad input: exit code 2 and a
/// one-line message containing `needle`. Returns the message.
pub fn fails_with(cmd: &mut Command, needle: &str) -> String {
    let out = cmd.output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "stdout: {}; stderr: {err}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(err.contains(needle), "expected {needle:?} in {err:?}");
    assert_eq!(err.trim_end().lines().count(), 1, "one-line error: {err:?}");
    err
}

/// Runs a command that must succeed; returns its standard output.
pub fn stdout_of(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Parses an SVG (it must be well-formed) and counts cairo's groups: each
/// pushed group is a `<g id="surfaceN">`, and the page itself is one more.
pub fn hex_groups(svg: &Path) -> usize {
    let text = fs::read_to_string(svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| {
            n.has_tag_name("g")
                && n.attribute("id")
                    .is_some_and(|id| id.starts_with("surface"))
        })
        .count()
}
