//! Saved games from odd places: names that are not UTF-8, a byte order
//! mark, a history entry that could not be undone.

use crate::common::{fails_with, fixture, hexroute, new_game, stdout_of};
use std::fs;

/// A file name that is not UTF-8 is a fine place for a save: editing it
/// records the command lossily instead of panicking.
#[cfg(unix)]
#[test]
fn a_non_utf8_file_name_is_edited_and_recorded() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"game-\xff.json");
    let path = dir.path().join(name);
    new_game("1867", &path);
    let out = hexroute()
        .arg("place")
        .arg(&path)
        .args(["E13", "57", "--rotate", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let saved = crate::common::saved_json(&path);
    let command = saved["history"][0]["command"].as_str().unwrap();
    assert!(command.starts_with("place "), "{command}");
    assert!(command.contains("game-\u{fffd}.json E13 57"), "{command}");
}

/// A save that an editor wrote with a byte order mark loads as any other.
#[test]
fn a_byte_order_mark_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bom.json");
    let text = fs::read_to_string(fixture("1867_bc.json")).unwrap();
    fs::write(&path, format!("\u{feff}{text}")).unwrap();
    let plain = stdout_of(hexroute().arg("show").arg(fixture("1867_bc.json")));
    assert_eq!(stdout_of(hexroute().arg("show").arg(&path)), plain);
}

/// A history entry whose state no save could hold (a token on a space the
/// tile lacks) is bad input when the file loads, not an internal fault
/// when `undo` writes it back.
#[test]
fn a_bad_history_entry_is_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    fs::write(
        &path,
        r#"{"hexroute": 1, "game": "1867", "phase": "2",
            "hexes": {"E13": {"tile": "57"}},
            "history": [{"command": "place game.json E13 57", "time": "2026-11-22T23:00:00Z",
                         "hexes": {"E13": {"before": {"tokens": {"3": "CPR"}},
                                           "after": {"tile": "57"}}}}]}"#,
    )
    .unwrap();
    let before = fs::read(&path).unwrap();
    fails_with(
        hexroute().arg("undo").arg(&path),
        "history entry 1: hex E13: token space 3 does not exist",
    );
    assert_eq!(fs::read(&path).unwrap(), before, "the file is untouched");
}

/// A picture never replaces a saved game, whether the one drawn or another.
#[test]
fn a_picture_never_replaces_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.json");
    fs::copy(fixture("1867_bc.json"), &save).unwrap();
    let before = fs::read(&save).unwrap();
    fails_with(
        hexroute()
            .arg("render")
            .arg(&save)
            .arg("-o")
            .arg(&save)
            .args(["--format", "png"]),
        "is a saved game; a picture never replaces one",
    );
    assert_eq!(fs::read(&save).unwrap(), before);
    // An older picture may be replaced.
    let png = dir.path().join("map.png");
    for _ in 0..2 {
        hexroute()
            .arg("render")
            .arg(&save)
            .arg("-o")
            .arg(&png)
            .assert()
            .success();
    }
}

/// Editing a save through a symbolic link updates the file it points to,
/// and the link stays a link.
#[cfg(unix)]
#[test]
fn a_symlinked_save_updates_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.json");
    let link = dir.path().join("link.json");
    new_game("1867", &real);
    std::os::unix::fs::symlink(&real, &link).unwrap();
    hexroute()
        .arg("place")
        .arg(&link)
        .args(["E13", "57", "--rotate", "0"])
        .assert()
        .success();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let saved = crate::common::saved_json(&real);
    assert_eq!(saved["hexes"]["E13"]["tile"], "57");
}

/// FIFOs and devices are written to, never replaced by a regular file.
#[cfg(unix)]
#[test]
fn fifos_and_devices_are_streamed_to() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("map.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read(fifo).unwrap())
    };
    hexroute()
        .arg("render")
        .arg(fixture("1867_bc.json"))
        .arg("-o")
        .arg(&fifo)
        .args(["--format", "svg", "--crop", "E13:F16"])
        .assert()
        .success();
    let svg = reader.join().unwrap();
    assert!(svg.starts_with(b"<?xml"), "an SVG came through the FIFO");
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    hexroute()
        .arg("render")
        .arg(fixture("1867_bc.json"))
        .args(["-o", "/dev/null", "--format", "png", "--crop", "E13:F16"])
        .assert()
        .success();
    assert!(
        fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
}

/// Empty 1867 hexes where a straight track (#9, unlimited) is legal as laid.
const STRAIGHT_HEXES: [&str; 20] = [
    "C5", "C7", "D4", "D6", "D14", "E5", "E7", "E9", "E11", "F4", "F6", "F10", "F12", "F14", "G5",
    "G7", "G9", "G11", "G13", "H6",
];

/// Lays #9 on each of [`STRAIGHT_HEXES`] at once, in `dir`, as
/// `place SAVE HEX 9 --rotate 0 EXTRA…`, and checks that every lay landed
/// in `save` and its history, and that no temporary file is left.
fn parallel_lays(dir: &std::path::Path, save: &std::path::Path, extra: &[&std::ffi::OsStr]) {
    let exe = assert_cmd::cargo::cargo_bin("hexroute");
    let children: Vec<_> = STRAIGHT_HEXES
        .iter()
        .map(|h| {
            std::process::Command::new(&exe)
                .current_dir(dir)
                .arg("place")
                .arg("game.json")
                .args([h, "9", "--rotate", "0"])
                .args(extra)
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{out:?}");
    }
    let saved = crate::common::saved_json(save);
    for h in STRAIGHT_HEXES {
        assert_eq!(saved["hexes"][h]["tile"], "9", "{h} was lost ({extra:?})");
    }
    // 20 lays plus CN's setup token in Toronto.
    assert_eq!(saved["hexes"].as_object().unwrap().len(), 21);
    assert_eq!(saved["history"].as_array().unwrap().len(), 20);
    let temps = fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            name.to_string_lossy().ends_with(".hexroute-tmp")
        })
        .count();
    assert_eq!(temps, 0, "no temporary file is left beside the save");
}

/// Twenty edits of one save run at once, as a script's batch would: each
/// waits for the one before, so all twenty land in the map and the history.
#[test]
fn parallel_edits_of_one_save_all_land() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.json");
    new_game("1867", &save);
    parallel_lays(dir.path(), &save, &[]);
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// `-o` naming the save itself by another spelling is still an edit in
/// place: the lock is taken, and all twenty edits land. Files are the same
/// by identity, not by name.
#[test]
fn parallel_edits_land_when_o_names_the_save_another_way() {
    let base = tempfile::tempdir().unwrap();
    // Canonical, so the absolute spelling shares no prefix trick with the
    // relative one (macOS /tmp is a link).
    let dir = fs::canonicalize(base.path()).unwrap();
    fs::create_dir(dir.join("sub")).unwrap();
    let absolute = dir.join("game.json");
    #[allow(unused_mut)]
    let mut spellings = vec![
        absolute.clone().into_os_string(),
        std::ffi::OsString::from("sub/../game.json"),
        std::ffi::OsString::from("./game.json"),
    ];
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("game.json", dir.join("link.json")).unwrap();
        spellings.push("link.json".into());
    }
    for out in &spellings {
        new_game("1867", &absolute);
        parallel_lays(&dir, &absolute, &[std::ffi::OsStr::new("-o"), out]);
        fs::remove_file(&absolute).unwrap();
    }
}

/// Edits of one save into another file (`a -o b`, `b -o a`) started at
/// once never wait on each other for ever: the two locks are taken in one
/// order.
#[test]
fn crossed_edits_into_each_other_finish() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.json");
    let b = dir.path().join("b.json");
    new_game("1867", &a);
    new_game("1867", &b);
    let exe = assert_cmd::cargo::cargo_bin("hexroute");
    let start = std::time::Instant::now();
    let children: Vec<_> = (0..10)
        .map(|n| {
            let (from, to) = if n % 2 == 0 { (&a, &b) } else { (&b, &a) };
            std::process::Command::new(&exe)
                .arg("place")
                .arg(from)
                .args([STRAIGHT_HEXES[n], "9", "--rotate", "0", "-o"])
                .arg(to)
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{out:?}");
    }
    assert!(start.elapsed() < std::time::Duration::from_secs(20));
    for f in [&a, &b] {
        let saved = crate::common::saved_json(f);
        assert!(!saved["history"].as_array().unwrap().is_empty());
    }
}

/// An edit's `-o` may replace another saved game, but a file that is not
/// one (a picture, notes) only with `--force`.
#[test]
fn an_edit_overwrites_only_saves_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.json");
    new_game("1867", &save);
    let notes = dir.path().join("notes.txt");
    fs::write(&notes, "my notes\n").unwrap();
    let place = |out: &std::path::Path| {
        let mut cmd = hexroute();
        cmd.arg("place")
            .arg(&save)
            .args(["E13", "57", "--rotate", "0", "-o"])
            .arg(out);
        cmd
    };
    fails_with(
        &mut place(&notes),
        "notes.txt: exists and is not a saved game (use --force to overwrite it)",
    );
    assert_eq!(fs::read(&notes).unwrap(), b"my notes\n");
    let other = dir.path().join("other.json");
    new_game("1861", &other);
    place(&other).assert().success();
    place(&notes).arg("--force").assert().success();
    for written in [&other, &notes] {
        let saved = crate::common::saved_json(written);
        assert_eq!(saved["hexes"]["E13"]["tile"], "57");
    }
}

/// A temporary file left by a killed edit is recognised by the next write
/// to the same save and removed; a live writer's is left alone.
#[cfg(unix)]
#[test]
fn a_killed_writers_temp_file_is_cleaned_up() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.json");
    new_game("1867", &save);
    let mut child = std::process::Command::new("sleep")
        .arg("30")
        .spawn()
        .unwrap();
    let live = dir
        .path()
        .join(format!(".game.json.{}.abc123.hexroute-tmp", child.id()));
    fs::write(&live, "half a save").unwrap();
    // Run a process and wait for it, so its pid is certainly dead.
    let dead_pid = std::process::Command::new("true").spawn().unwrap();
    let dead_pid = {
        let mut c = dead_pid;
        let id = c.id();
        c.wait().unwrap();
        id
    };
    let stale = dir
        .path()
        .join(format!(".game.json.{dead_pid}.xyz789.hexroute-tmp"));
    fs::write(&stale, "half a save").unwrap();
    hexroute()
        .arg("place")
        .arg(&save)
        .args(["E13", "57", "--rotate", "0"])
        .assert()
        .success();
    assert!(!stale.exists(), "the dead writer's temp file is removed");
    assert!(live.exists(), "a running writer's temp file stays");
    child.kill().unwrap();
    child.wait().unwrap();
}

/// A write that fails names the user's file, never a temporary one.
#[test]
fn a_failed_write_names_the_users_file() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("game.json");
    new_game("1867", &save);
    let before = fs::read(&save).unwrap();
    // A regular file where a directory should be: no temporary file can
    // be made there, even by root.
    let out = save.join("out.json");
    let err = fails_with(
        hexroute()
            .arg("place")
            .arg(&save)
            .args(["E13", "57", "--rotate", "0", "-o"])
            .arg(&out),
        "game.json/out.json: not a directory",
    );
    assert!(
        err.trim_end().ends_with("out.json: not a directory"),
        "{err}"
    );
    assert_eq!(fs::read(&save).unwrap(), before);
}

/// A key given twice in a save is refused, naming the key and its line:
/// serde's maps would keep the last, and the next edit would write the
/// first away (here a tile, a token, trains, a history entry's hex).
#[test]
fn a_key_given_twice_in_a_save_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("twice.json");
    let cases = [
        (
            r#"{"hexroute": 1, "game": "1867", "phase": "2",
 "hexes": {"E13": {"tile": "57"},
           "E13": {"tokens": {"0": "CPR"}}}}"#,
            "line 3 column 16: key \"E13\" is given twice",
        ),
        (
            r#"{"hexroute": 1, "game": "1867", "phase": "2",
 "hexes": {"F16": {"tokens": {"0": "CN",
                              "0": "CPR"}}}}"#,
            "line 3 column 33: key 0 is given twice",
        ),
        (
            r#"{"hexroute": 1, "game": "1867", "phase": "2",
 "trains": {"CPR": ["2"], "GWR": ["2"],
            "CPR": ["3"]}}"#,
            "line 3 column 17: key \"CPR\" is given twice",
        ),
        (
            r#"{"hexroute": 1, "game": "1867", "phase": "2", "hexes": {"E13": {"tile": "57"}},
 "history": [{"command": "place g.json E13 57", "time": "2026-11-22T23:00:00Z",
              "hexes": {"E13": {"before": {}, "after": {"tile": "57"}},
                        "E13": {"before": {}, "after": {"tile": "58"}}}}]}"#,
            "line 4 column 29: key \"E13\" is given twice",
        ),
        (
            r#"{"hexroute": 1, "game": "1867", "phase": "2",
 "phase": "3"}"#,
            "line 2 column 8: duplicate field `phase`",
        ),
    ];
    for (text, needle) in cases {
        fs::write(&path, text).unwrap();
        for cmd in ["show", "undo"] {
            fails_with(hexroute().arg(cmd).arg(&path), needle);
        }
        fails_with(
            hexroute()
                .arg("place")
                .arg(&path)
                .args(["D14", "9", "--rotate", "0", "--force"]),
            needle,
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), text, "{needle}");
    }
}
