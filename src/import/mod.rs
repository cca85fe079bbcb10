//! Games from other programs, read one way into hexroute's map state:
//! saves of the rusty_train / navig18xx GUI ([`rusty`]) and game records
//! of 18xx.games ([`x18`]), replayed action by action.

pub mod rusty;
pub mod x18;

pub use rusty::{Imported, game_name, import};

/// Which program wrote a file, from its shape.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// A rusty_train / navig18xx save: `game`, `phase`, `map`.
    RustyTrain,
    /// An 18xx.games game record: `title`, `actions`.
    EighteenXX,
}

/// The format of `text`, or `None` when it is neither.
pub fn format(text: &str) -> Option<Format> {
    #[derive(serde::Deserialize)]
    struct Keys {
        title: Option<serde::de::IgnoredAny>,
        actions: Option<serde::de::IgnoredAny>,
        game: Option<serde::de::IgnoredAny>,
        map: Option<serde::de::IgnoredAny>,
    }
    let keys: Keys = serde_json::from_str(text).ok()?;
    match keys {
        Keys {
            title: Some(_),
            actions: Some(_),
            ..
        } => Some(Format::EighteenXX),
        Keys {
            game: Some(_),
            map: Some(_),
            ..
        } => Some(Format::RustyTrain),
        _ => None,
    }
}
