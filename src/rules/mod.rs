//! The rules of changing the map: laying and upgrading tiles, placing
//! station tokens. Each check returns either a structural error (no such
//! thing exists: never allowed) or a list of rule violations (a player may
//! record them anyway with `--force`).

use crate::error::Error;
use crate::game::{CompanyId, Game, Private, Rule};
use crate::geometry::{Coord, Rotation};
use crate::state::{HexState, MapState};
use crate::tile::{Tile, TileId};
use std::collections::BTreeMap;

pub mod refusals;

mod cost;
mod joined_tokens;
mod lay;
mod lay_rule;
mod moves;
mod reserve;
mod shape;
mod token;

pub use joined_tokens::drop_joined_tokens;
use lay::{Judge, check_lay_plain};
pub use reserve::{extra_tokens, reserved_for_others};
pub use shape::distinct_rotations;
use shape::stops_word;
pub use token::{TokenPlacement, check_token, check_token_by};

/// A rule of the game that a change would break.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub rule: Rule,
    pub message: String,
}

fn violation(rule: Rule, message: String) -> Violation {
    Violation { rule, message }
}

/// Laying a tile on a hex without one, or replacing a tile by its upgrade.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LayKind {
    Place,
    Upgrade,
}

/// What laying a tile at one rotation would do.
#[derive(Clone, Debug)]
pub struct Lay {
    pub tile: TileId,
    pub rotation: Rotation,
    /// Where each token goes (new token space → company), or why they cannot all stay.
    pub tokens: Result<BTreeMap<usize, CompanyId>, String>,
    pub violations: Vec<Violation>,
    /// What the lay costs the company: printed terrain and water sides.
    pub cost: Cost,
}

/// Money a lay costs, with what it pays for. hexroute keeps no money; the
/// player pays it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    pub amount: u32,
    /// Each part in words, e.g. `mountain $80`, `water side UL $80`.
    pub parts: Vec<(String, u32)>,
}

impl Cost {
    fn add(&mut self, what: String, amount: u32) {
        self.amount += amount;
        self.parts.push((what, amount));
    }
}

/// `$80 (mountain $80)`, or `$0`.
impl std::fmt::Display for Cost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.parts.is_empty() {
            return f.write_str("$0");
        }
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|(what, n)| format!("{what} ${n}"))
            .collect();
        write!(f, "${} ({})", self.amount, parts.join(", "))
    }
}

/// Who lays a tile: the company whose tile-lay rule applies, and the
/// private company whose special ability is used, if any.
#[derive(Copy, Clone, Debug, Default)]
pub struct LayBy<'a> {
    pub company: Option<&'a CompanyId>,
    pub private: Option<&'a Private>,
}

/// What a lay is tried on: the hex, the map, whether it places or
/// upgrades, and who lays. Every lay rule is judged on one.
#[derive(Copy, Clone)]
pub struct Site<'a> {
    pub game: &'a Game,
    pub state: &'a MapState,
    pub c: Coord,
    pub kind: LayKind,
    pub by: LayBy<'a>,
}

impl Lay {
    /// Legal: no rule broken and every token kept.
    pub fn is_legal(&self) -> bool {
        self.violations.is_empty() && self.tokens.is_ok()
    }

    /// The map after this lay (tokens must have a place).
    pub fn apply(&self, state: &MapState, c: Coord) -> Option<MapState> {
        let tokens = self.tokens.clone().ok()?;
        let mut next = state.clone();
        next.hexes.insert(
            c,
            HexState {
                tile: Some((self.tile.clone(), self.rotation)),
                tokens,
                markers: state.hex_state(c).markers,
            },
        );
        Some(next)
    }
}

/// Checks laying `name` at `rotation` on hex `c`. `Err` is a structural
/// impossibility; rule violations are listed in the answer.
pub fn check_lay(site: Site, name: &str, rotation: Rotation) -> Result<Lay, Error> {
    let game = site.game;
    let mut lay = check_lay_plain(site, name, rotation, Judge::Every)?;
    if lay.is_legal() && most_exits_applies(site) {
        let colour = game.tiles[name].colour;
        let options = plain_options(site, |t| t.colour == colour, Judge::Legality)?;
        if let Some(v) = fewer_exits(game, &lay, &options) {
            lay.violations.push(v);
        }
    }
    Ok(lay)
}

/// The most-exits rule covers hexes whose tile has a city (18xx.games's
/// `TILE_UPGRADES_MUST_USE_MAX_EXITS = [:cities]`).
fn most_exits_applies(site: Site) -> bool {
    site.game.rules.upgrades_use_most_exits
        && site
            .state
            .tile_at(site.game, site.c)
            .is_some_and(|(t, _)| !t.cities.is_empty())
}

/// The most-exits violation of `lay`, when a legal tile of its colour has
/// more exits than it.
fn fewer_exits(game: &Game, lay: &Lay, options: &[Lay]) -> Option<Violation> {
    let exits = |l: &Lay| game.tiles[&l.tile].faces(l.rotation).len();
    let colour = game.tiles[&lay.tile].colour;
    let best = options
        .iter()
        .filter(|o| o.is_legal() && game.tiles[&o.tile].colour == colour)
        .max_by_key(|o| (exits(o), std::cmp::Reverse(o.tile.clone())))?;
    (exits(best) > exits(lay)).then(|| {
        violation(
            Rule::MostExits,
            format!(
                "tile {} has {} exits but tile {} with {} can be laid; a city's tile must have the most exits",
                lay.tile,
                exits(lay),
                best.tile,
                exits(best)
            ),
        )
    })
}

/// Every (tile, rotation) from supply that `keep` admits, judged without the
/// most-exits rule.
fn plain_options(
    site: Site,
    keep: impl Fn(&Tile) -> bool,
    judge: Judge,
) -> Result<Vec<Lay>, Error> {
    let mut out = Vec::new();
    for (name, _) in &site.game.tile_counts {
        let tile = &site.game.tiles[name];
        if !keep(tile) {
            continue;
        }
        for rot in distinct_rotations(tile) {
            out.push(check_lay_plain(site, name, rot, judge)?);
        }
    }
    Ok(out)
}

/// Every legal (tile, rotation) for hex `c`: `place --list` and
/// `upgrade --list`. The same checks as [`check_lay`], all rules at once.
pub fn lay_options(site: Site) -> Result<Vec<Lay>, Error> {
    let all = survey(site, Judge::Legality)?;
    Ok(all.into_iter().filter(Lay::is_legal).collect())
}

/// Every tile in supply at every distinct rotation on hex `c`, legal or
/// not, each judged as [`check_lay`] judges it: the legal ones are the
/// list, the others say why (see [`refusals::why_none`]).
pub fn lay_survey(site: Site) -> Result<Vec<Lay>, Error> {
    survey(site, Judge::Every)
}

/// [`lay_survey`], judging each lay as far as `judge` asks: most exits
/// compares legal lays only, which both judgements agree on.
fn survey(site: Site, judge: Judge) -> Result<Vec<Lay>, Error> {
    let mut all = plain_options(site, |_| true, judge)?;
    if most_exits_applies(site) {
        let judged = all.clone();
        for lay in all.iter_mut().filter(|l| l.is_legal()) {
            if let Some(v) = fewer_exits(site.game, lay, &judged) {
                lay.violations.push(v);
            }
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game;
    use crate::game::LayRule;

    /// 1867, column E: CPR's token on Hamilton (E17), straight track north
    /// through Guelph (E15) and Barrie (E13) to plain E11, in phase 3.
    fn line(tile_lay: LayRule) -> (Game, MapState) {
        let mut game = game::builtin("1867").unwrap();
        game.rules.tile_lay = tile_lay;
        game.rules.track_may_dead_end = true;
        let mut state = MapState::new();
        state.phase = game.phase_index("3").unwrap();
        for (hex, tile) in [("E11", "9"), ("E13", "57"), ("E15", "57"), ("E17", "621")] {
            let c = game.hex(hex).unwrap();
            state.hexes.insert(
                c,
                HexState {
                    tile: Some((tile.into(), Rotation::ZERO)),
                    ..HexState::default()
                },
            );
        }
        let hamilton = game.hex("E17").unwrap();
        state
            .hexes
            .get_mut(&hamilton)
            .unwrap()
            .tokens
            .insert(0, "CPR".into());
        (game, state)
    }

    fn lay_rule_verdict(tile_lay: LayRule, hex: &str, tile: &str) -> Vec<Rule> {
        let (game, state) = line(tile_lay);
        let c = game.hex(hex).unwrap();
        let site = Site {
            game: &game,
            state: &state,
            c,
            kind: LayKind::Upgrade,
            by: LayBy {
                company: Some(&CompanyId::from("CPR")),
                private: None,
            },
        };
        let lay = check_lay(site, tile, Rotation::ZERO).unwrap();
        lay.violations.iter().map(|v| v.rule).collect()
    }

    #[test]
    fn new_track_out_of_reach_passes_only_permissive_lays() {
        // Tile 20 keeps E11's straight track (reachable) and adds a crossing
        // LL-UR piece that no CPR train can get onto.
        assert!(lay_rule_verdict(LayRule::Permissive, "E11", "20").is_empty());
        assert_eq!(
            lay_rule_verdict(LayRule::SemiRestrictive, "E11", "20"),
            vec![Rule::TileLay]
        );
        assert_eq!(
            lay_rule_verdict(LayRule::Restrictive, "E11", "20"),
            vec![Rule::TileLay]
        );
    }

    #[test]
    fn new_track_in_reach_passes_every_lay_rule() {
        for rule in [
            LayRule::Permissive,
            LayRule::SemiRestrictive,
            LayRule::Restrictive,
        ] {
            assert!(lay_rule_verdict(rule, "E15", "14").is_empty(), "{rule:?}");
        }
    }

    #[test]
    fn a_reached_city_whose_value_changes_satisfies_semi_restrictive_lays() {
        // Guelph full with GW: CPR reaches its city but cannot pass, so the
        // new track of tile 14 is out of reach; its value rises 20 → 30.
        for (rule, expected) in [
            (LayRule::Permissive, true),
            (LayRule::SemiRestrictive, true),
            (LayRule::Restrictive, false),
        ] {
            let (game, mut state) = line(rule);
            let guelph = game.hex("E15").unwrap();
            let hex = state.hexes.get_mut(&guelph).unwrap();
            hex.tile = Some(("14".into(), Rotation::ZERO));
            hex.tokens.insert(0, "GW".into());
            hex.tokens.insert(1, "CNR".into());
            let site = Site {
                game: &game,
                state: &state,
                c: guelph,
                kind: LayKind::Upgrade,
                by: LayBy {
                    company: Some(&CompanyId::from("CPR")),
                    private: None,
                },
            };
            let lay = check_lay(site, "63", Rotation::ZERO);
            let rules: Vec<Rule> = lay.unwrap().violations.iter().map(|v| v.rule).collect();
            assert_eq!(
                !rules.contains(&Rule::TileLay),
                expected,
                "{rule:?}: {rules:?}"
            );
        }
    }

    #[test]
    fn distinct_rotations_skip_symmetric_turns() {
        let game = game::builtin("1867").unwrap();
        assert_eq!(distinct_rotations(&game.tiles["9"]).len(), 3);
        assert_eq!(distinct_rotations(&game.tiles["57"]).len(), 3);
        assert_eq!(distinct_rotations(&game.tiles["8"]).len(), 6);
    }
}
