//! Writing a file so that no reader ever sees half of it, and an error
//! leaves the old file as it was. Saved games and pictures both go through it.

use std::io::Write;
use std::path::Path;

/// What a write does when the path already names a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IfExists {
    /// Replace it, atomically (edits, pictures, `--force`).
    Replace,
    /// Leave it and fail with [`std::io::ErrorKind::AlreadyExists`]: the
    /// new file is linked in place only if no file is there, in one step,
    /// so of several writers started at once exactly one succeeds.
    Fail,
}

/// Writes `contents` to `path` atomically, replacing any file there: see
/// [`write_to`].
pub fn write(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    write_to(path, contents, IfExists::Replace)
}

/// Writes `contents` to `path` atomically: a temporary file in the same
/// directory, then a rename (or, with [`IfExists::Fail`], a rename that
/// never replaces: `renameat2(RENAME_NOREPLACE)`, else a hard link), so a
/// reader never sees half a file and an error leaves the old file untouched.
///
/// What is not a regular file is written to as it is, never replaced:
/// `-` is standard output, and a FIFO or a device (`/dev/null`) is
/// streamed to. A directory is refused ([`std::io::ErrorKind::IsADirectory`]).
/// With [`IfExists::Replace`] a symbolic link is followed, so its target is
/// updated and the link stays; with [`IfExists::Fail`] it is a file already
/// there.
pub fn write_to(path: &Path, contents: &[u8], if_exists: IfExists) -> std::io::Result<()> {
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(contents)?;
        return out.flush();
    }
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => {
            return Err(std::io::Error::new(
                std::io::ErrorKind::IsADirectory,
                "is a directory",
            ));
        }
        Ok(m) if !m.is_file() => {
            let mut out = std::fs::OpenOptions::new().write(true).open(path)?;
            out.write_all(contents)?;
            return out.flush();
        }
        _ => {}
    }
    let target;
    let path = if if_exists == IfExists::Replace
        && std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
    {
        target = std::fs::canonicalize(path)?;
        target.as_path()
    } else {
        path
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    put(path, dir, contents, if_exists).map_err(without_temp_path)
}

/// Writes beside `path` and renames it into place.
fn put(path: &Path, dir: &Path, contents: &[u8], if_exists: IfExists) -> std::io::Result<()> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    remove_stale_temps(dir, &name);
    let mut tmp = tempfile::Builder::new()
        .prefix(&temp_prefix(&name, std::process::id()))
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)?;
    // Temporary files are private (0600); the result should look like any
    // file the user writes: keep the old file's mode, else rw-r--r--.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)
            .map(|m| m.permissions().mode())
            .unwrap_or(0o644);
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(mode))?;
    }
    tmp.write_all(contents)?;
    tmp.as_file().sync_all()?;
    // tempfile's no-clobber persist is renameat2(RENAME_NOREPLACE) where the
    // kernel and file system have it, else link(2) and unlink: both fail
    // with EEXIST, in one step, when a file is there. A failed persist
    // drops (deletes) the temporary file.
    match if_exists {
        IfExists::Replace => tmp.persist(path),
        IfExists::Fail => tmp.persist_noclobber(path),
    }
    .map_err(|e| e.error)?;
    Ok(())
}

/// Temporary files end so, and begin with `.<file name>.<pid>.`: a later
/// write to the same file can tell one left by a killed process (its pid
/// is gone) and remove it.
pub const TEMP_SUFFIX: &str = ".hexroute-tmp";

fn temp_prefix(name: &str, pid: u32) -> String {
    format!(".{name}.{pid}.")
}

/// Removes the temporary files beside `name` whose writer has died. One
/// whose process still runs (or whose pid was reused) is left alone.
fn remove_stale_temps(dir: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let start = format!(".{name}.");
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(rest) = file
            .to_str()
            .and_then(|f| f.strip_prefix(&start))
            .and_then(|r| r.strip_suffix(TEMP_SUFFIX))
        else {
            continue;
        };
        let Some(pid) = rest.split('.').next().and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        if pid != std::process::id() && !process_alive(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return true; // not a pid we can ask about: keep the file
    };
    // Signal 0 checks that the process exists without touching it; EPERM
    // means it exists but belongs to someone else.
    // SAFETY: kill with signal 0 sends nothing and has no memory effects.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(not(unix))]
fn process_alive(_pid: u32) -> bool {
    true
}

/// An error from the temporary file must not name it: the caller names
/// the user's file, and the temporary one is gone.
fn without_temp_path(e: std::io::Error) -> std::io::Error {
    match e.raw_os_error() {
        Some(code) => std::io::Error::from_raw_os_error(code),
        None => std::io::Error::new(e.kind(), e.kind().to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_writers_temp_is_removed_and_a_live_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("game.json");
        // A pid far above any kernel's pid_max is never alive.
        let dead = dir.path().join(format!(
            "{}x1{TEMP_SUFFIX}",
            temp_prefix("game.json", 999_999_999)
        ));
        let live = dir
            .path()
            .join(format!("{}x2{TEMP_SUFFIX}", temp_prefix("game.json", 1)));
        let other = dir.path().join(format!(
            "{}x3{TEMP_SUFFIX}",
            temp_prefix("other.json", 999_999_999)
        ));
        for f in [&dead, &live, &other] {
            std::fs::write(f, "half").unwrap();
        }
        write(&save, b"whole").unwrap();
        assert_eq!(std::fs::read(&save).unwrap(), b"whole");
        assert!(!dead.exists(), "a dead writer's temp file is removed");
        assert!(live.exists(), "pid 1 is alive: its temp file stays");
        assert!(other.exists(), "another file's temp files are not ours");
        let left = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(
            left, 3,
            "the save, pid 1's temp, the other's; no temp of ours"
        );
    }

    #[test]
    fn a_new_file_is_never_written_over_one_already_there() {
        let dir = tempfile::tempdir().unwrap();
        let save = dir.path().join("game.json");
        write_to(&save, b"first", IfExists::Fail).unwrap();
        let e = write_to(&save, b"second", IfExists::Fail).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&save).unwrap(), b"first");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temp left"
        );
        write_to(&save, b"third", IfExists::Replace).unwrap();
        assert_eq!(std::fs::read(&save).unwrap(), b"third");
        let e = write_to(dir.path(), b"x", IfExists::Replace).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::IsADirectory);
    }

    #[test]
    fn an_error_names_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("no-such-dir").join("game.json");
        let e = write(&missing, b"x").unwrap_err();
        assert!(!e.to_string().contains("tmp"), "{e}");
        assert_eq!(e.kind(), std::io::ErrorKind::NotFound);
    }
}
