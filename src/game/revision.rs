//! The game file's `from_18xx_games.revisions`: changes 18xx.games made to
//! a title's values or rules after games were played on it. A record's
//! revenue was worked out by the engine of the day it was played, so where
//! a run's figure differs from today's price of the same routes, `review`
//! names the change older than the run instead of guessing.

use crate::error::{Error, Result};
use crate::geometry::Coord;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A change to the title on 18xx.games, as the game file writes it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RevisionDef {
    /// When it came, UTC: a day (`2024-11-15`, its midnight) or a day and
    /// time (`2022-01-10 03:04`, the change's commit): a run played before
    /// was priced without it.
    pub date: String,
    /// The hexes it concerns: it can explain a run whose routes stop at
    /// one of them.
    pub hexes: Vec<String>,
    /// What changed, in words for the player (`Corpus Christi (M8) pays
    /// $50 in brown phases, $40 before`).
    pub what: String,
}

/// A revision resolved at load: its day as Unix seconds, its hexes found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revision {
    pub date: String,
    /// `date` in Unix seconds.
    pub from: i64,
    pub hexes: Vec<Coord>,
    pub what: String,
}

impl Revision {
    /// True when a run played at `when` (Unix seconds) stopping at `stops`
    /// was priced before this change and at a hex it concerns.
    pub fn explains(&self, when: i64, stops: &[Coord]) -> bool {
        when < self.from && stops.iter().any(|s| self.hexes.contains(s))
    }
}

/// Checks and resolves `defs`, each at `from_18xx_games.revisions[i]`.
pub fn resolve(
    defs: &[RevisionDef],
    hex: &dyn Fn(&str) -> Result<Coord>,
    source: &str,
) -> Result<Vec<Revision>> {
    defs.iter()
        .enumerate()
        .map(|(i, d)| {
            let refuse = |msg: String| {
                Error::GameFile(format!("{source}: from_18xx_games.revisions[{i}]: {msg}"))
            };
            let from = unix_time(&d.date).ok_or_else(|| {
                refuse(format!(
                    "date {:?} is not a day, YYYY-MM-DD, or a day and time, YYYY-MM-DD HH:MM",
                    d.date
                ))
            })?;
            if d.hexes.is_empty() {
                return Err(refuse("names no hex: give the hexes it concerns".into()));
            }
            if d.what.trim().is_empty() {
                return Err(refuse("says nothing in `what`".into()));
            }
            let hexes = d
                .hexes
                .iter()
                .map(|h| hex(h).map_err(|e| refuse(e.to_string())))
                .collect::<Result<Vec<_>>>()?;
            Ok(Revision {
                date: d.date.clone(),
                from,
                hexes,
                what: d.what.clone(),
            })
        })
        .collect()
}

/// A `YYYY-MM-DD` day (its midnight) or `YYYY-MM-DD HH:MM`, UTC, in Unix
/// seconds, or `None` where the text is neither.
fn unix_time(text: &str) -> Option<i64> {
    let Some((day, time)) = text.split_once(' ') else {
        return unix_day(text);
    };
    let (h, m) = time.split_once(':')?;
    if h.len() != 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
    if !(0..24).contains(&h) || !(0..60).contains(&m) {
        return None;
    }
    Some(unix_day(day)? + h * 3_600 + m * 60)
}

/// Midnight UTC of a `YYYY-MM-DD` day in Unix seconds (the proleptic
/// Gregorian calendar's days counted from 1970-01-01), or `None` where
/// the text is not such a day.
fn unix_day(text: &str) -> Option<i64> {
    let mut parts = text.split('-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let (y, m, d): (i64, i64, i64) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    let month_days = [
        31,
        if is_leap(y) { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&m) || d < 1 || d > month_days[(m - 1) as usize] {
        return None;
    }
    // Days before this one since 1970-01-01: whole years, then months.
    let years = (1970..y)
        .map(|yr| if is_leap(yr) { 366 } else { 365 })
        .sum::<i64>()
        - (y..1970)
            .map(|yr| if is_leap(yr) { 366 } else { 365 })
            .sum::<i64>();
    let months: i64 = month_days[..(m - 1) as usize].iter().sum();
    Some((years + months + d - 1) * 86_400)
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

#[cfg(test)]
mod tests {
    use super::{RevisionDef, resolve, unix_day, unix_time};
    use crate::error::Error;
    use crate::geometry::Coord;

    fn def(date: &str, hexes: &[&str], what: &str) -> RevisionDef {
        RevisionDef {
            date: date.into(),
            hexes: hexes.iter().map(|h| h.to_string()).collect(),
            what: what.into(),
        }
    }

    /// A revision is checked as the game loads: its date, its hexes (one
    /// at least, each on the map) and its words; it explains only a run
    /// older than it that stops at one of its hexes.
    #[test]
    fn a_revision_is_checked_at_load_and_explains_older_runs_at_its_hexes() {
        let m8 = Coord::new(7, 12);
        let hex = |h: &str| match h {
            "M8" => Ok(m8),
            _ => Err(Error::Invalid(format!("no hex {h}"))),
        };
        let ok = resolve(&[def("2024-11-15", &["M8"], "M8 pays more")], &hex, "g.ron").unwrap();
        assert_eq!(ok[0].from, 1_731_628_800);
        assert!(ok[0].explains(1_731_628_799, &[m8]));
        assert!(!ok[0].explains(1_731_628_800, &[m8]));
        assert!(!ok[0].explains(0, &[Coord::new(0, 0)]));
        for (bad, says) in [
            (def("15/11/2024", &["M8"], "x"), "is not a day"),
            (def("2024-11-15", &[], "x"), "names no hex"),
            (def("2024-11-15", &["Z9"], "x"), "no hex Z9"),
            (def("2024-11-15", &["M8"], " "), "says nothing"),
        ] {
            let e = resolve(&[bad], &hex, "g.ron").unwrap_err().to_string();
            assert!(
                e.contains("from_18xx_games.revisions[0]") && e.contains(says),
                "{e}"
            );
        }
    }

    /// Days checked against `date -u -d DAY +%s`.
    #[test]
    fn a_day_is_its_midnight_in_unix_seconds() {
        assert_eq!(unix_day("1970-01-01"), Some(0));
        assert_eq!(unix_day("2022-01-10"), Some(1_641_772_800));
        assert_eq!(unix_day("2024-11-15"), Some(1_731_628_800));
        assert_eq!(unix_day("2024-02-29"), Some(1_709_164_800));
        assert_eq!(unix_day("2023-02-29"), None);
        assert_eq!(unix_day("2024-13-01"), None);
        assert_eq!(unix_day("2024-1-01"), None);
        assert_eq!(unix_day("15 November 2024"), None);
        assert_eq!(unix_time("2022-01-10 03:04"), Some(1_641_783_840));
        assert_eq!(unix_time("2024-11-15"), Some(1_731_628_800));
        assert_eq!(unix_time("2022-01-10 24:00"), None);
        assert_eq!(unix_time("2022-01-10 3:04"), None);
    }
}
