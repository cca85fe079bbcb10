//! Why a lay is refused, most telling reason first: the order a refusal
//! lists broken rules in, and, when `--list` finds no legal tile, which
//! rules refused which tiles and rotations.

use super::{Lay, LayKind, Site, Violation, stops_word};
use crate::game::Rule;
use crate::tile::{Colour, TileId};
use std::collections::BTreeSet;
use std::fmt;

/// Puts the most telling violation first, keeping the order of equals.
pub fn sort_most_telling(violations: &mut [Violation]) {
    violations.sort_by_key(|v| v.rule);
}

/// The reasons a lay is refused, most telling first: each broken rule,
/// and the tokens left without a place.
pub fn reasons(lay: &Lay) -> Vec<String> {
    let mut words: Vec<(Rule, String)> = lay
        .violations
        .iter()
        .map(|v| (v.rule, format!("{} ({} rule)", v.message, v.rule)))
        .collect();
    if let Err(why) = &lay.tokens {
        words.push((
            Rule::TokensKept,
            format!("{why} ({} rule)", Rule::TokensKept),
        ));
    }
    words.sort_by_key(|(r, _)| *r);
    words.into_iter().map(|(_, w)| w).collect()
}

/// [`reasons`] in one line.
pub fn refusal_words(lay: &Lay) -> String {
    reasons(lay).join("; ")
}

/// One rule and the tiles it refused, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub rule: Rule,
    pub summary: String,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({} rule)", self.summary, self.rule)
    }
}

/// Why no tile of `survey` (every tile and rotation tried on the hex) is
/// legal. Rules are taken most telling first; each names the tiles and
/// rotations it refused among those the rules before it left, so every
/// lay is explained once, by its most telling reason.
pub fn why_none(site: Site, survey: &[Lay]) -> Vec<Refusal> {
    let mut left: Vec<&Lay> = survey.iter().filter(|l| !l.is_legal()).collect();
    let mut out = Vec::new();
    for &rule in Rule::lay() {
        let (refused, rest): (Vec<&Lay>, Vec<&Lay>) =
            left.into_iter().partition(|l| breaks(l, rule));
        left = rest;
        if !refused.is_empty() {
            out.push(summarise(site, rule, &refused));
        }
    }
    // Rules outside the table, each with the lays it was first for.
    while let Some(rule) = left
        .first()
        .and_then(|l| l.violations.first())
        .map(|v| v.rule)
    {
        let (refused, rest): (Vec<&Lay>, Vec<&Lay>) =
            left.into_iter().partition(|l| breaks(l, rule));
        left = rest;
        out.push(summarise(site, rule, &refused));
    }
    out
}

fn breaks(lay: &Lay, rule: Rule) -> bool {
    if rule == Rule::TokensKept {
        return lay.tokens.is_err();
    }
    lay.violations.iter().any(|v| v.rule == rule)
}

/// What `lay` says about `rule`: its violation's message.
fn message(lay: &Lay, rule: Rule) -> String {
    if rule == Rule::TokensKept {
        return lay.tokens.clone().err().unwrap_or_default();
    }
    lay.violations
        .iter()
        .find(|v| v.rule == rule)
        .map(|v| v.message.clone())
        .unwrap_or_default()
}

/// `rule` refusing `refused` (not empty), in a few words: what the rule
/// asks of the hex, or an example when it judges each rotation.
fn summarise(site: Site, rule: Rule, refused: &[&Lay]) -> Refusal {
    let tiles = tiles_word(refused);
    let example = message(refused[0], rule);
    let game = site.game;
    let current = site.state.tile_at(game, site.c);
    let summary = match rule {
        Rule::PrivateAbility => site.by.private.map_or(example, |p| {
            format!(
                "{} lays {} on {} only",
                p.name,
                names_word("tile", "tiles", &p.tiles),
                p.hexes.join(", ")
            )
        }),
        Rule::UntilPhase => example,
        Rule::YellowFirst => "only yellow tiles go on an empty hex".into(),
        Rule::UpgradeColour => match current.map(|(t, _)| (t, t.colour.next_upgrade())) {
            Some((old, Some(next))) => format!(
                "{} tile {} upgrades only to {next} tiles",
                old.colour, old.name
            ),
            _ => example,
        },
        Rule::PhaseColour => {
            let phase = &game.phases[site.state.phase];
            let colours: BTreeSet<Colour> =
                refused.iter().map(|l| game.tiles[&l.tile].colour).collect();
            let colours: Vec<&str> = colours.iter().map(|c| c.name()).collect();
            format!(
                "no {} tile in phase {}, which allows {}",
                colours.join(" or "),
                phase.name,
                phase.tiles_word()
            )
        }
        Rule::SameStops => {
            let (whose, cities, towns) = match (site.kind, current) {
                (LayKind::Upgrade, Some((t, _))) => {
                    (format!("tile {}", t.name), t.cities.len(), t.towns.len())
                }
                (_, Some((t, _))) => ("the hex".into(), t.cities.len(), t.towns.len()),
                (_, None) => ("the hex".into(), 0, 0),
            };
            format!("{whose} has {}, unlike {tiles}", stops_word(cities, towns))
        }
        Rule::Labels => {
            let hex = &game.hexes[&site.c];
            let labels: Vec<String> = hex
                .labels
                .iter()
                .cloned()
                .chain(
                    hex.future_labels
                        .iter()
                        .map(|f| format!("{} from {}", f.label, f.from)),
                )
                .collect();
            if labels.is_empty() {
                format!("{tiles} carry labels of other hexes")
            } else {
                format!("the hex is labelled {}; {tiles} are not", labels.join(", "))
            }
        }
        Rule::PrivateTile => format!("{tiles} are laid only through a private's ability"),
        Rule::Supply => format!("no copy is left of {tiles}"),
        _ if refused.len() == 1 => example,
        _ => format!(
            "{example}; and {} of {tiles}",
            more_rotations(refused.len() - 1)
        ),
    };
    Refusal { rule, summary }
}

/// The tiles of `lays`, each once: `tile 57`, `tiles 57, 621`, or the
/// first six and how many more.
fn tiles_word(lays: &[&Lay]) -> String {
    let mut names: Vec<TileId> = Vec::new();
    for l in lays {
        if !names.contains(&l.tile) {
            names.push(l.tile.clone());
        }
    }
    names_word("tile", "tiles", &names)
}

fn names_word<S: std::borrow::Borrow<str>>(one: &str, many: &str, names: &[S]) -> String {
    const SHOWN: usize = 6;
    match names.len() {
        1 => format!("{one} {}", names[0].borrow()),
        n if n <= SHOWN => format!("{many} {}", names.join(", ")),
        n => format!(
            "{many} {} and {} more",
            names[..SHOWN].join(", "),
            n - SHOWN
        ),
    }
}

fn more_rotations(n: usize) -> String {
    if n == 1 {
        "1 more rotation".into()
    } else {
        format!("{n} more rotations")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Rotation;
    use crate::rules::{Cost, LayBy};
    use crate::state::MapState;

    fn lay(tile: &str, rules: &[Rule], tokens_kept: bool) -> Lay {
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
                    rule: *r,
                    message: format!("{r} broken"),
                })
                .collect(),
            cost: Cost::default(),
        }
    }

    #[test]
    fn the_colour_rule_comes_before_the_tokens() {
        let words = refusal_words(&lay(
            "9",
            &[Rule::TrackPreserved, Rule::UpgradeColour],
            false,
        ));
        assert!(
            words.starts_with("upgrade colour broken (upgrade colour rule); track preserved"),
            "{words}"
        );
        assert!(
            words.ends_with("no place for CNR (tokens kept rule)"),
            "{words}"
        );
    }

    #[test]
    fn each_lay_is_explained_by_its_most_telling_rule() {
        let game = crate::game::builtin("1867").unwrap();
        let state = MapState::start(&game);
        let site = Site {
            game: &game,
            state: &state,
            c: game.hex("E11").unwrap(),
            kind: LayKind::Place,
            by: LayBy::default(),
        };
        let survey = [
            lay("14", &[Rule::Stubs, Rule::PhaseColour], true),
            lay("9", &[Rule::Stubs], true),
            lay("9", &[Rule::Stubs], true),
            lay("8", &[], false),
            lay("7", &[], true),
        ];
        let rules: Vec<Rule> = why_none(site, &survey).iter().map(|r| r.rule).collect();
        assert_eq!(rules, [Rule::PhaseColour, Rule::Stubs, Rule::TokensKept]);
        let said = why_none(site, &survey)[1].to_string();
        assert_eq!(
            said,
            "stubs broken; and 1 more rotation of tile 9 (stubs rule)"
        );
    }
}
