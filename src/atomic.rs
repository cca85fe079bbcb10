//! Writing a file so that no reader ever sees half of it, and an error
//! leaves the old file as it was. Saved games and pictures both go through it.

use std::io::Write;
use std::path::Path;

/// Writes `contents` to `path` atomically: a temporary file in the same
/// directory, then a rename, so a reader never sees half a file and an
/// error leaves the old file untouched.
///
/// What is not a regular file is written to as it is, never replaced:
/// `-` is standard output, and a FIFO or a device (`/dev/null`) is
/// streamed to. A symbolic link is followed, so its target is updated and
/// the link stays.
pub fn write(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(contents)?;
        return out.flush();
    }
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let mut out = std::fs::OpenOptions::new().write(true).open(path)?;
        out.write_all(contents)?;
        return out.flush();
    }
    let target;
    let path = if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        target = std::fs::canonicalize(path)?;
        target.as_path()
    } else {
        path
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
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
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}
