//! What every command shares: reading input, loading games and saves,
//! writing results, naming paths in messages, and the exit code of an error.
//! Every command module imports this one; none imports another command module.

pub use super::term::print_json;
use super::term::tell;
use anyhow::{Context, Result, anyhow, bail};
use hexroute::atomic::{self, IfExists};
use hexroute::game::{self, Game};
use hexroute::state::{MapState, SavedGame};
use hexroute::{Error, save};
use std::io::Read;
use std::path::Path;

/// 1 for a fault of hexroute itself, 2 for everything the user can fix.
pub fn exit_code(e: &anyhow::Error) -> u8 {
    let internal = e
        .chain()
        .filter_map(|cause| cause.downcast_ref::<Error>())
        .any(Error::is_internal);
    if internal { 1 } else { 2 }
}

/// How an input path is named in messages (`-` is standard input).
pub fn display(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

/// A list in words, `none` when empty: trains, tokens.
/// How an output path is named in messages (`-` is standard output).
pub fn display_out(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdout>".into()
    } else {
        path.display().to_string()
    }
}

/// The whole of a file, or of standard input for `-`, without the byte
/// order mark some editors put first.
pub fn read_input(path: &Path) -> Result<String> {
    let mut text = String::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .read_to_string(&mut text)
            .context("<stdin>")?;
    } else {
        text = std::fs::read_to_string(path).with_context(|| display(path))?;
    }
    match text.strip_prefix('\u{feff}') {
        Some(rest) => Ok(rest.to_string()),
        None => Ok(text),
    }
}

/// Where a command's games come from: the built-in ones, and the
/// `--game-file` when one is given. One value, made once from the command
/// line and handed to each command.
#[derive(Copy, Clone, Debug, Default)]
pub struct Games<'a> {
    pub file: Option<&'a Path>,
}

impl Games<'_> {
    /// A game by id: the `--game-file` when given (its id must match),
    /// else a built-in one.
    pub fn game(self, id: &str) -> Result<Game> {
        match self.file {
            Some(path) => {
                let g = game::from_file(path)?;
                if !g.id.eq_ignore_ascii_case(id) {
                    bail!(
                        "{}: defines game \"{}\", but \"{id}\" was asked for",
                        path.display(),
                        g.id
                    );
                }
                Ok(g)
            }
            None => Ok(game::builtin(id)?),
        }
    }

    /// A saved game's map and the game it belongs to.
    pub fn save(self, path: &Path) -> Result<(Game, MapState)> {
        let (game, saved) = self.saved(path)?;
        Ok((game, saved.state))
    }

    /// A saved game, its history with it, and the game it belongs to. A
    /// save moved to its game's new numbering on the way says so on
    /// standard error, once per reading, until an edit writes it anew.
    pub fn saved(self, path: &Path) -> Result<(Game, SavedGame)> {
        let (game, loaded) = self.loaded(path)?;
        if let Some(moved) = &loaded.renumbered {
            tell!("hexroute: note: {}: {moved}", display(path));
        }
        Ok((game, loaded.saved))
    }

    /// A saved game's map, saying nothing (completion must not write to
    /// the terminal).
    pub fn save_quietly(self, path: &Path) -> Result<(Game, MapState)> {
        let (game, loaded) = self.loaded(path)?;
        Ok((game, loaded.saved.state))
    }

    fn loaded(self, path: &Path) -> Result<(Game, save::Loaded)> {
        let text = read_input(path)?;
        let name = display(path);
        let id = save::game_id(&text).map_err(|e| e.context(&name))?;
        let game = self.game(&id).with_context(|| name.clone())?;
        let loaded = save::read(&text, &game).map_err(|e| e.context(&name))?;
        Ok((game, loaded))
    }
}

/// What writing a new file (`new`, `import`) does with a file already
/// there: replaced with `--force`, else left and the command refused.
pub fn if_exists(force: bool) -> IfExists {
    if force {
        IfExists::Replace
    } else {
        IfExists::Fail
    }
}

/// Refuses, before any work, an output that cannot be written: a
/// directory, a path in a directory that does not exist, or a file
/// already there (unless `--force`). A FIFO or a device is written to.
/// The write itself decides for good: another command may make the file
/// meanwhile, and then only one of them writes it.
pub fn refuse_overwrite(output: &Path, force: bool) -> Result<()> {
    if output.as_os_str() == "-" {
        return Ok(());
    }
    let kind = match std::fs::metadata(output) {
        Ok(m) if m.is_dir() => std::io::ErrorKind::IsADirectory,
        Ok(m) if m.is_file() && !force => std::io::ErrorKind::AlreadyExists,
        Ok(_) => return Ok(()),
        // A dangling symbolic link is a name already taken.
        Err(_) if std::fs::symlink_metadata(output).is_ok() && !force => {
            std::io::ErrorKind::AlreadyExists
        }
        Err(_) => match missing_directory(output) {
            Some(_) => std::io::ErrorKind::NotFound,
            None => return Ok(()),
        },
    };
    Err(output_error(output, std::io::Error::from(kind)))
}

/// Writes a saved game atomically, after checking that it loads back.
pub fn write_save(
    output: &Path,
    game: &Game,
    saved: &SavedGame,
    if_exists: IfExists,
) -> Result<()> {
    // C1 controls escaped too: `-o -` puts the save on a terminal.
    let text = super::term::json_safe(save::to_json(saved, game));
    // Whatever we write must load back; a failure here is our bug.
    save::from_json(&text, game)
        .map_err(|e| Error::Internal(format!("written game does not reload: {e}")))?;
    atomic::write_to(output, text.as_bytes(), if_exists).map_err(|e| output_error(output, e))
}

/// Writes any output (a save, a picture) atomically, replacing what is
/// there; `-` is standard output.
pub fn write_bytes(output: &Path, bytes: &[u8]) -> Result<()> {
    atomic::write(output, bytes).map_err(|e| output_error(output, e))
}

/// An output that could not be written, in words a user can act on.
fn output_error(output: &Path, e: std::io::Error) -> anyhow::Error {
    let name = display_out(output);
    match e.kind() {
        std::io::ErrorKind::AlreadyExists => {
            anyhow!("{name}: already exists (use --force to overwrite)")
        }
        std::io::ErrorKind::IsADirectory => anyhow!(
            "{name}: is a directory; -o names the file to write (e.g. {})",
            output.join("game.json").display()
        ),
        std::io::ErrorKind::NotFound => match missing_directory(output) {
            Some(dir) => anyhow!(
                "{name}: directory {} does not exist (create it first, or choose another place)",
                dir.display()
            ),
            None => anyhow::Error::new(e).context(name),
        },
        _ => anyhow::Error::new(e).context(name),
    }
}

/// The directory `path` would go in, when it is not there (or is no
/// directory).
fn missing_directory(path: &Path) -> Option<&Path> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty())?;
    (!dir.is_dir()).then_some(dir)
}

/// Refuses to draw a picture over a saved game (the input's or any other):
/// a picture may replace an older picture, never a save.
pub fn refuse_picture_over_save(output: &Path) -> Result<()> {
    if existing_file(output) == Some(Kind::Save) {
        bail!(
            "{}: is a saved game; a picture never replaces one (choose another file name)",
            display_out(output)
        );
    }
    Ok(())
}

/// Refuses to write an edited game over a file that is not a saved game
/// (a picture, a notes file, a typo for another name) unless `--force`.
pub fn refuse_edit_over_other(output: &Path, force: bool) -> Result<()> {
    if existing_file(output) == Some(Kind::Other) && !force {
        bail!(
            "{}: exists and is not a saved game (use --force to overwrite it)",
            display_out(output)
        );
    }
    Ok(())
}

#[derive(Debug, PartialEq, Eq)]
enum Kind {
    Save,
    Other,
}

/// What a regular file at `path` holds; `None` when there is none (or it is
/// a FIFO, a device or `-`, which are streamed to, never replaced).
fn existing_file(path: &Path) -> Option<Kind> {
    if path.as_os_str() == "-" || !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let Ok(text) = std::fs::read_to_string(path) else {
        return Some(Kind::Other); // not text, so not a save
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    if save::game_id(text).is_ok() && text.contains("\"hexroute\"") {
        Some(Kind::Save)
    } else {
        Some(Kind::Other)
    }
}

/// How long an edit waits for another one on the same file.
pub const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// An advisory lock on a saved game, held while it is read, checked and
/// written. The save is replaced by a rename, so the lock is taken on the
/// file the path names and taken again if the path moved on meanwhile.
pub struct EditLock {
    file: std::fs::File,
}

impl EditLock {
    /// The lock on `path` if no one holds it now (`None` if someone does).
    fn try_take(path: &Path) -> Result<Option<EditLock>> {
        loop {
            let file = std::fs::File::open(path).with_context(|| display(path))?;
            match file.try_lock() {
                Ok(()) if still_names(&file, path) => return Ok(Some(EditLock { file })),
                Ok(()) => continue, // the save was replaced: lock the new one
                Err(std::fs::TryLockError::WouldBlock) => return Ok(None),
                Err(std::fs::TryLockError::Error(e)) => {
                    return Err(e).with_context(|| display(path));
                }
            }
        }
    }

    /// The locks of several files, all or none: when one is held elsewhere,
    /// those taken are let go and the whole set is tried again, so two
    /// edits naming the same files the other way round (`a -o b`, `b -o a`)
    /// never each hold one and wait for the other. (An order by inode is
    /// not enough: each edit renames a new save over its output, so the
    /// order changes while edits run.)
    ///
    /// A path naming a file already locked here is passed over: paths seen
    /// as two files may name one by the time they are locked (another edit
    /// renamed a new save over one of them), and locking it twice would
    /// wait on ourselves. While a lock is held the path it was taken
    /// through names that file, so the check cannot go stale.
    pub fn take_all(paths: &[&Path], wait: std::time::Duration) -> Result<Vec<EditLock>> {
        let start = std::time::Instant::now();
        loop {
            let busy = match Self::try_take_all(paths)? {
                Ok(held) => return Ok(held),
                Err(busy) => busy,
            };
            if start.elapsed() >= wait {
                bail!(
                    "{}: another hexroute is still editing it after {} s; try again",
                    display(busy),
                    wait.as_secs()
                );
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// Every lock, or the first path someone else holds.
    fn try_take_all<'p>(
        paths: &[&'p Path],
    ) -> Result<std::result::Result<Vec<EditLock>, &'p Path>> {
        let mut held: Vec<EditLock> = Vec::new();
        for path in paths {
            let id = identity(path);
            if id.is_some() && held.iter().any(|lock| lock.identity() == id) {
                continue;
            }
            match Self::try_take(path)? {
                Some(lock) => held.push(lock),
                None => return Ok(Err(path)),
            }
        }
        Ok(Ok(held))
    }

    /// The locked file's device and inode.
    fn identity(&self) -> Option<(u64, u64)> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let meta = self.file.metadata().ok()?;
            Some((meta.dev(), meta.ino()))
        }
        #[cfg(not(unix))]
        {
            None
        }
    }
}

/// A file's device and inode (following symbolic links): two paths name
/// the same file exactly when these agree. `None` when there is no file.
fn identity(path: &Path) -> Option<(u64, u64)> {
    let meta = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
}

/// True when two paths name one existing file, however each is spelled
/// (absolute or relative, through `..` or a symbolic link, a hard link).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        identity(a).is_some_and(|x| identity(b) == Some(x))
    }
    #[cfg(not(unix))]
    {
        let real = |p: &Path| std::fs::canonicalize(p).ok();
        real(a).is_some_and(|x| real(b) == Some(x))
    }
}

/// True when `path` names a regular file (through a symbolic link too):
/// what an edit locks. Standard input, FIFOs and devices are not.
pub fn is_file(path: &Path) -> bool {
    path.as_os_str() != "-" && std::fs::metadata(path).is_ok_and(|m| m.is_file())
}

/// True when `path` still names the open `file`.
fn still_names(file: &std::fs::File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), identity(path)) {
            (Ok(a), Some(b)) => (a.dev(), a.ino()) == b,
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}
