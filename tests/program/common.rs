//! Helpers shared by the tests that run the real binary.

use assert_cmd::Command;
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};

pub fn hexroute() -> Command {
    Command::cargo_bin("hexroute").unwrap()
}

/// A saved game (or any JSON file) as a value.
pub fn saved_json(path: &Path) -> Value {
    serde_json::from_slice(&fs::read(path).unwrap()).unwrap()
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

/// Runs `hexroute ARGS`, which must succeed and print JSON; returns it.
pub fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(&stdout_of(hexroute().args(args))).unwrap()
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

/// A saved game in a temporary directory, changed through the binary.
pub struct Table {
    pub dir: tempfile::TempDir,
    pub file: PathBuf,
}

impl Table {
    pub fn new(game: &str) -> Table {
        Table::with_game_file(game, None)
    }

    pub fn with_game_file(game: &str, game_file: Option<&Path>) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("game.json");
        let mut cmd = hexroute();
        if let Some(g) = game_file {
            cmd.arg("--game-file").arg(g);
        }
        cmd.args(["new", game, "-o"]).arg(&file).assert().success();
        Table { dir, file }
    }

    pub fn cmd(&self, args: &[&str]) -> Command {
        self.cmd_on(&self.file, args)
    }

    /// `args[0] FILE args[1..]` on another file of this game.
    pub fn cmd_on(&self, file: &Path, args: &[&str]) -> Command {
        let mut cmd = hexroute();
        if let Some(g) = self.game_file() {
            cmd.arg("--game-file").arg(g);
        }
        cmd.arg(args[0]).arg(file).args(&args[1..]);
        cmd
    }

    pub fn game_file(&self) -> Option<PathBuf> {
        let p = self.dir.path().join("custom.ron");
        p.exists().then_some(p)
    }

    pub fn bytes(&self) -> Vec<u8> {
        fs::read(&self.file).unwrap()
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.bytes()).unwrap()
    }

    /// Runs a change that must succeed, then checks that undoing it (into
    /// another file) gives back the file as it was, byte for byte.
    pub fn accept(&self, args: &[&str]) -> String {
        let before = self.bytes();
        let out = self.cmd(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?} refused: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let after = self.bytes();
        assert_ne!(before, after, "{args:?} changed nothing");
        let undone = self.dir.path().join("undone.json");
        self.cmd(&["undo", "-o", undone.to_str().unwrap()])
            .assert()
            .success();
        assert_eq!(
            without_undone(&fs::read(&undone).unwrap()),
            without_undone(&before),
            "undo after {args:?} does not restore the file"
        );
        // And redo gives back the change, byte for byte.
        let redone = self.dir.path().join("redone.json");
        self.cmd_on(&undone, &["redo", "-o", redone.to_str().unwrap()])
            .assert()
            .success();
        assert_eq!(
            fs::read(&redone).unwrap(),
            after,
            "redo after undo of {args:?} does not give the change back"
        );
        String::from_utf8(out.stderr).unwrap()
    }

    /// Like `accept`, then undoes the change in place too.
    pub fn accept_then_undo(&self, args: &[&str]) {
        let before = self.bytes();
        self.accept(args);
        self.cmd(&["undo"]).assert().success();
        assert_eq!(without_undone(&self.bytes()), without_undone(&before));
    }

    /// Runs a change that must be refused with exit code 2 and a one-line
    /// message containing `needle`, leaving the file untouched.
    pub fn refuse(&self, args: &[&str], needle: &str) -> String {
        let before = self.bytes();
        let err = fails_with(&mut self.cmd(args), needle);
        assert_eq!(before, self.bytes(), "{args:?} changed the file");
        err
    }

    pub fn hex(&self, addr: &str) -> Value {
        self.json()["hexes"][addr].clone()
    }
}

/// A saved game without its redo list: what `undo` restores is the game
/// and its history; the change it took back waits in `undone`.
pub fn without_undone(bytes: &[u8]) -> Value {
    let mut v: Value = serde_json::from_slice(bytes).unwrap();
    v.as_object_mut().unwrap().remove("undone");
    v
}

/// Runs `hexroute routes SAVE ARGS --json`, which must succeed, and writes
/// the report to `to` (for `render --routes`); returns the report's bytes.
pub fn routes_report(save: &Path, args: &[&str], to: &Path) -> Vec<u8> {
    let out = stdout_of(hexroute().arg("routes").arg(save).args(args).arg("--json"));
    fs::write(to, &out).unwrap();
    out.into_bytes()
}

/// `import --at` of a public record in `fixtures/18xx.games/`, written to
/// `out`: the save after its first `at` actions.
pub fn record_at(name: &str, at: u64, out: &Path) -> Value {
    hexroute()
        .arg("import")
        .arg(fixture("18xx.games").join(name))
        .args(["--at", &at.to_string(), "-o"])
        .arg(out)
        .assert()
        .success();
    saved_json(out)
}

/// Each `hex:space` holding `company`'s token in a save, sorted.
pub fn tokens_of(save: &Value, company: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (hex, h) in save["hexes"].as_object().unwrap() {
        for (space, co) in h["tokens"].as_object().into_iter().flatten() {
            if co == company {
                out.push(format!("{hex}:{space}"));
            }
        }
    }
    out.sort();
    out
}
