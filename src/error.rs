//! Why a library call failed, typed so that a caller can tell input it
//! should refuse (exit code 2) from a fault of hexroute itself (exit code 1),
//! and so that each message keeps the names a user needs to fix the input.

use crate::address::AddrError;
use crate::suggest;

/// Every error the library returns.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A name the game (or hexroute) does not define: a game, tile, company,
    /// train, phase or bonus. `hint` is a "did you mean" or empty; `known`
    /// lists the choices or is empty.
    #[error("unknown {what} \"{name}\"{scope}{hint}{known}")]
    Unknown {
        what: &'static str,
        name: String,
        /// ` in 1867`, or empty.
        scope: String,
        hint: String,
        known: String,
    },
    /// An address that is well formed but not on this game's map.
    #[error("hex {hex} is not on the {game} map{hint}")]
    NotOnMap {
        hex: String,
        game: String,
        hint: String,
    },
    /// A string that cannot be a hex address at all.
    #[error(transparent)]
    Address(#[from] AddrError),
    /// A game definition or tile catalogue that is malformed.
    #[error("{0}")]
    GameFile(String),
    /// A saved game that is malformed or belongs to another game.
    #[error("{0}")]
    SaveFile(String),
    /// A save of another program that cannot be converted.
    #[error("{0}")]
    Import(String),
    /// A change to the map that cannot exist (no city there, no such token
    /// space): refused even with `--force`.
    #[error("{0}")]
    Impossible(String),
    /// A request that makes no sense for this input (a crop with no hex,
    /// routes of another game, a value out of range).
    #[error("{0}")]
    Invalid(String),
    /// The same error, said of a file, hex or option. (Not a `source`:
    /// the message already holds it, and a chain would say it twice.)
    #[error("{context}: {inner}")]
    Context { context: String, inner: Box<Error> },
    /// A fault of hexroute itself: a picture surface that cannot be made, a
    /// drawing call cairo refuses, a written file that does not load back.
    #[error("internal error: {0}")]
    Internal(String),
}

/// A cairo call that fails while drawing: the input was already checked,
/// so this is hexroute's own fault (exit code 1).
#[cfg(feature = "render")]
impl From<cairo::Error> for Error {
    fn from(e: cairo::Error) -> Error {
        Error::Internal(format!("drawing failed: {e}"))
    }
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// An unknown name, with a "did you mean" from `candidates`.
    pub fn unknown<'a>(
        what: &'static str,
        name: &str,
        scope: &str,
        candidates: impl IntoIterator<Item = &'a str>,
        known: String,
    ) -> Error {
        Error::Unknown {
            what,
            name: name.to_string(),
            scope: if scope.is_empty() {
                String::new()
            } else {
                format!(" in {scope}")
            },
            hint: suggest::hint(name, candidates),
            known,
        }
    }

    /// The same error, said of `context` (a file name, `hex J12`, an option).
    pub fn context(self, context: impl Into<String>) -> Error {
        Error::Context {
            context: context.into(),
            inner: Box::new(self),
        }
    }

    /// True for faults of hexroute itself rather than of its input.
    pub fn is_internal(&self) -> bool {
        match self {
            Error::Internal(_) => true,
            Error::Context { inner, .. } => inner.is_internal(),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn context_keeps_the_kind_and_names_the_place() {
        let e =
            Error::unknown("tile", "5y", "1867", ["57", "58"], String::new()).context("game.json");
        assert_eq!(
            e.to_string(),
            "game.json: unknown tile \"5y\" in 1867 (did you mean 57?)"
        );
        assert!(!e.is_internal());
        let e = Error::Internal("no surface".into()).context("map.png");
        assert_eq!(e.to_string(), "map.png: internal error: no surface");
        assert!(e.is_internal());
    }

    #[cfg(feature = "render")]
    #[test]
    fn a_cairo_failure_is_our_fault() {
        let e = Error::from(cairo::Error::InvalidRestore);
        assert!(e.is_internal());
        assert!(
            e.to_string()
                .starts_with("internal error: drawing failed: ")
        );
    }
}
