//! The games shipped inside the binary, and loading a game file from disk.

use super::Game;
use crate::error::{Error, Result};
use std::path::Path;

/// Game files shipped inside the binary.
pub const BUILTIN: &[(&str, &str)] = &[
    ("1817", include_str!("../../games/1817.ron")),
    ("1817NA", include_str!("../../games/1817NA.ron")),
    ("1817WO", include_str!("../../games/1817WO.ron")),
    ("1830", include_str!("../../games/1830.ron")),
    ("1836Jr30", include_str!("../../games/1836Jr30.ron")),
    ("1836Jr56", include_str!("../../games/1836Jr56.ron")),
    ("1846", include_str!("../../games/1846.ron")),
    ("1847 AE", include_str!("../../games/1847AE.ron")),
    ("1849", include_str!("../../games/1849.ron")),
    (
        "1849: Kingdom of the Two Sicilies",
        include_str!("../../games/1849KingdomoftheTwoSicilies.ron"),
    ),
    (
        "18 Los Angeles",
        include_str!("../../games/18LosAngeles1.ron"),
    ),
    (
        "18 Los Angeles 2",
        include_str!("../../games/18LosAngeles2.ron"),
    ),
    ("1856", include_str!("../../games/1856.ron")),
    ("1858", include_str!("../../games/1858.ron")),
    ("1822", include_str!("../../games/1822.ron")),
    ("1860", include_str!("../../games/1860.ron")),
    ("1861", include_str!("../../games/1861.ron")),
    ("1867", include_str!("../../games/1867.ron")),
    ("1870", include_str!("../../games/1870.ron")),
    (
        "1877: Venezuela",
        include_str!("../../games/1877Venezuela.ron"),
    ),
    ("1880", include_str!("../../games/1880.ron")),
    ("1882", include_str!("../../games/1882.ron")),
    ("1888", include_str!("../../games/1888.ron")),
    ("1889", include_str!("../../games/1889.ron")),
    ("1893", include_str!("../../games/1893.ron")),
    ("18AL", include_str!("../../games/18AL.ron")),
    ("18Chesapeake", include_str!("../../games/18Chesapeake.ron")),
    // 18xx.games's title (its records' `title`); the file takes the
    // engine's fixture folder name, with no colon or space.
    (
        "18Chesapeake: Off the Rails",
        include_str!("../../games/18ChesapeakeOfftheRails.ron"),
    ),
    ("18CO", include_str!("../../games/18CO.ron")),
    ("18DE", include_str!("../../games/18DE.ron")),
    ("18EU", include_str!("../../games/18EU.ron")),
    ("18GA", include_str!("../../games/18GA.ron")),
    ("18JP-T", include_str!("../../games/18JPT.ron")),
    ("18MEX", include_str!("../../games/18MEX.ron")),
    ("18MS", include_str!("../../games/18MS.ron")),
    ("18MT: Big Sky Barons", include_str!("../../games/18MT.ron")),
    ("18NewEngland", include_str!("../../games/18NewEngland.ron")),
    (
        "18NewEngland 2: Northern States",
        include_str!("../../games/18NewEngland2.ron"),
    ),
    ("18NL", include_str!("../../games/18NL.ron")),
    ("18TN", include_str!("../../games/18TN.ron")),
    ("18Texas", include_str!("../../games/18Texas.ron")),
];

/// Names of the built-in games.
pub fn builtin_ids() -> Vec<&'static str> {
    BUILTIN.iter().map(|(id, _)| *id).collect()
}

/// Loads a built-in game by id.
pub fn builtin(id: &str) -> Result<Game> {
    // As typed first; then without regard to case (`18chesapeake`), as no
    // two titles differ in case alone.
    let found = BUILTIN
        .iter()
        .find(|(gid, _)| *gid == id)
        .or_else(|| BUILTIN.iter().find(|(gid, _)| gid.eq_ignore_ascii_case(id)));
    let (gid, text) = found.ok_or_else(|| {
        Error::unknown(
            "game",
            id,
            "",
            builtin_ids(),
            format!("; hexroute knows: {}", builtin_ids().join(", ")),
        )
    })?;
    Game::from_ron(text, &format!("games/{gid}.ron"), None)
}

/// Loads a game file from disk; its catalogues are embedded names or paths
/// relative to the file.
pub fn from_file(path: &Path) -> Result<Game> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::GameFile(format!("{}: {e}", path.display())))?;
    // Some editors start a UTF-8 file with a byte order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    Game::from_ron(text, &path.display().to_string(), path.parent())
}
