//! Why a lay is refused, most telling reason first: the order a refusal
//! lists broken rules in.

use super::{Lay, Violation};

/// Not a rule of the game but of the map: every token on an upgraded hex
/// needs a city that keeps all the sides its old city joined. No `--force`
/// can record a lay that breaks it.
pub const TOKENS_KEPT: &str = "tokens kept";

/// Lay rules from the most telling to the least: a hex closed this phase
/// or a private used off its hexes says all; the tile's colour and stops
/// say more than its supply; one rotation's track says least. Rules not
/// named here come after them.
const MOST_TELLING: [&str; 15] = [
    "until phase",
    "private ability",
    "yellow first",
    "upgrade colour",
    "phase colour",
    "same stops",
    "labels",
    "private tile",
    "supply",
    "track preserved",
    "stubs",
    "track into nowhere",
    TOKENS_KEPT,
    "tile lay",
    "most exits",
];

/// Where `rule` stands in [`MOST_TELLING`].
pub fn rank(rule: &str) -> usize {
    MOST_TELLING
        .iter()
        .position(|r| *r == rule)
        .unwrap_or(MOST_TELLING.len())
}

/// Puts the most telling violation first, keeping the order of equals.
pub fn sort_most_telling(violations: &mut [Violation]) {
    violations.sort_by_key(|v| rank(v.rule));
}

/// The reasons a lay is refused, most telling first: each broken rule,
/// and the tokens left without a place.
pub fn reasons(lay: &Lay) -> Vec<String> {
    let mut words: Vec<(usize, String)> = lay
        .violations
        .iter()
        .map(|v| (rank(v.rule), format!("{} ({} rule)", v.message, v.rule)))
        .collect();
    if let Err(why) = &lay.tokens {
        words.push((rank(TOKENS_KEPT), format!("{why} ({TOKENS_KEPT} rule)")));
    }
    words.sort_by_key(|(r, _)| *r);
    words.into_iter().map(|(_, w)| w).collect()
}

/// [`reasons`] in one line.
pub fn refusal_words(lay: &Lay) -> String {
    reasons(lay).join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Rotation;
    use crate::rules::Cost;

    fn lay(tile: &str, rules: &[&'static str], tokens_kept: bool) -> Lay {
        Lay {
            tile: tile.into(),
            rotation: Rotation::ZERO,
            tokens: if tokens_kept {
                Ok(Default::default())
            } else {
                Err("no place for CNR".into())
            },
            violations: rules
                .iter()
                .map(|r| Violation {
                    rule: r,
                    message: format!("{r} broken"),
                })
                .collect(),
            cost: Cost::default(),
        }
    }

    #[test]
    fn the_colour_rule_comes_before_the_tokens() {
        let words = refusal_words(&lay("9", &["track preserved", "upgrade colour"], false));
        assert!(
            words.starts_with("upgrade colour broken (upgrade colour rule); track preserved"),
            "{words}"
        );
        assert!(
            words.ends_with("no place for CNR (tokens kept rule)"),
            "{words}"
        );
    }
}
