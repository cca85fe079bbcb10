//! Writing a file so that no reader ever sees half of it, and an error
//! leaves the old file as it was. Saved games and pictures both go through it.

use std::io::Write;
use std::path::Path;

/// Writes `contents` to `path` atomically: a temporary file in the same
/// directory, then a rename, so a reader never sees half a file and an
/// error leaves the old file untouched. `-` writes to standard output.
pub fn write(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    if path.as_os_str() == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(contents)?;
        return out.flush();
    }
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
