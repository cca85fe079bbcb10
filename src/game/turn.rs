//! What one operating turn may lay: the title's own tile lays, in order
//! (18xx.games's `TILE_LAYS`: 1846's two lays, the second an upgrade only
//! if the first was not), the turns that differ by phase, kind of company,
//! privates held or a company's first turn (18xx.games's
//! `tile_lays(entity)`), the turns of named companies (18JP-T's Tobu once it
//! has a token in Asakusa, Tokyu's lay more for each town hex it lays
//! on), and what a token costs. Data any title can use.

use super::{CompanyId, CompanyKind, Holding, PhaseId, PrivateId};
use crate::geometry::Coord;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Whether one lay of a turn may place (or upgrade) a tile.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Permit {
    Always,
    Never,
    /// Only when no earlier lay of the turn was an upgrade (18xx.games's
    /// `:not_if_upgraded`).
    NotAfterUpgrade,
}

/// One tile lay of a company's turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnLay {
    /// May it place a tile on an empty (or pre-printed) hex?
    pub place: Permit,
    /// May it upgrade a tile?
    pub upgrade: Permit,
    /// What the lay costs beyond its terrain (1867's second lay: $20).
    #[serde(default)]
    pub cost: u32,
    /// It may not go on a hex laid on earlier in the turn (1867).
    #[serde(default)]
    pub other_hex: bool,
    /// Only when every earlier lay of the turn (the company's own) went on
    /// a hex showing a town before it: each such lay gives one more
    /// (18xx.games g_18_jpt `tile_lays`: Tokyu's `num_additional_lays`).
    #[serde(default)]
    pub after_towns: bool,
}

impl TurnLay {
    /// The lay of most titles: one tile, placed or upgraded, at no extra cost.
    pub fn any() -> TurnLay {
        TurnLay {
            place: Permit::Always,
            upgrade: Permit::Always,
            cost: 0,
            other_hex: false,
            after_towns: false,
        }
    }

    /// Whether this lay may place (`upgrade` false) or upgrade, after a
    /// turn whose earlier lays upgraded (`upgraded`) or not.
    pub fn allows(&self, upgrade: bool, upgraded: bool) -> bool {
        let permit = if upgrade { self.upgrade } else { self.place };
        match permit {
            Permit::Always => true,
            Permit::Never => false,
            Permit::NotAfterUpgrade => !upgraded,
        }
    }
}

/// A company's turn as the game file gives it: one lay unless it says more.
pub fn one_lay() -> Vec<TurnLay> {
    vec![TurnLay::any()]
}

/// A turn of lays in place of `rules.lays` for the companies and times it
/// names (18xx.games's `tile_lays(entity)`: 18CO's one lay in phase 7,
/// 18MEX's minors' one yellow, 1817's lays priced by the track privates a
/// company holds). Every key it gives must hold; a key left empty holds
/// always. The first of the title's `turns` that holds is the turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KeyedTurn {
    /// The phases it holds in (none: every phase).
    #[serde(default)]
    pub phases: Vec<String>,
    /// The kinds of company it is for (none: every kind).
    #[serde(default)]
    pub kinds: Vec<CompanyKind>,
    /// Privates the company must all hold, by sym (a save's `privates`).
    #[serde(default)]
    pub holding: Vec<PrivateId>,
    /// Only on a company's first operating turn, which a save cannot know:
    /// `advise --first-turn` asks for it (18MS's two lays in a company's
    /// first operating round).
    #[serde(default)]
    pub first_turn: bool,
    /// The companies it is for, by abbreviation (none: every company).
    #[serde(default)]
    pub companies: Vec<CompanyId>,
    /// Hexes where the company must have a token, each (18JP-T's Tobu lays
    /// twice once it has placed one in Asakusa, H84).
    #[serde(default)]
    pub tokens_on: Vec<String>,
    /// The turn's lays, as `rules.lays` gives them.
    pub lays: Vec<TurnLay>,
}

/// A [`KeyedTurn`] resolved when the game loads: its phases by index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub phases: Vec<PhaseId>,
    pub kinds: Vec<CompanyKind>,
    pub holding: Vec<Holding>,
    pub first_turn: bool,
    pub companies: Vec<CompanyId>,
    pub tokens_on: Vec<Coord>,
    pub lays: Vec<TurnLay>,
}

/// Whose turn, and when: what a [`Turn`]'s keys are tested against.
pub struct TurnOf<'a> {
    pub company: &'a CompanyId,
    pub phase: PhaseId,
    pub kind: CompanyKind,
    /// Whether the company holds a private.
    pub holds: &'a dyn Fn(&Holding) -> bool,
    /// The company's first operating turn (`advise --first-turn`).
    pub first_turn: bool,
    /// Whether the company has a token on a hex.
    pub has_token_on: &'a dyn Fn(Coord) -> bool,
}

impl Turn {
    fn holds_for(&self, of: &TurnOf) -> bool {
        (self.phases.is_empty() || self.phases.contains(&of.phase))
            && (self.kinds.is_empty() || self.kinds.contains(&of.kind))
            && self.holding.iter().all(of.holds)
            && (!self.first_turn || of.first_turn)
            && (self.companies.is_empty() || self.companies.contains(of.company))
            && self.tokens_on.iter().all(|&c| (of.has_token_on)(c))
    }
}

/// The lays of one company's turn: the first of `turns` that holds for
/// it, else the title's `lays`.
pub fn lays_of<'a>(turns: &'a [Turn], lays: &'a [TurnLay], of: &TurnOf) -> &'a [TurnLay] {
    turns
        .iter()
        .find(|t| t.holds_for(of))
        .map_or(lays, |t| &t.lays)
}

/// `rules.turns` resolved: each phase named by its index (`phase` refuses
/// an unknown one), each turn's lays checked as `rules.lays` are.
pub(super) fn resolve(
    turns: &[KeyedTurn],
    phase: impl Fn(&str, &str) -> crate::error::Result<PhaseId>,
    hex: impl Fn(&str, &str) -> crate::error::Result<Coord>,
) -> crate::error::Result<Vec<Turn>> {
    turns
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let what = format!("rules.turns[{i}].phases");
            let phases = t
                .phases
                .iter()
                .map(|p| phase(p, &what))
                .collect::<crate::error::Result<_>>()?;
            let what = format!("rules.turns[{i}].tokens_on");
            let tokens_on = (t.tokens_on.iter())
                .map(|h| hex(h, &what))
                .collect::<crate::error::Result<_>>()?;
            Ok(Turn {
                phases,
                kinds: t.kinds.clone(),
                holding: t.holding.iter().cloned().map(Holding::Private).collect(),
                first_turn: t.first_turn,
                companies: t.companies.clone(),
                tokens_on,
                lays: t.lays.clone(),
            })
        })
        .collect()
}

/// The price of a company's next token, its `placed` tokens on the map
/// (the home token first), from its prices (the company's own
/// `token_prices`, else the title's); the last price repeats. `None` when
/// the game file gives no prices.
pub fn token_price(prices: &[u32], placed: usize) -> Option<u32> {
    prices.get(placed).or(prices.last()).copied()
}

/// The most lays one turn may hold: `advise` tries every sequence of them.
pub const MAX_LAYS: usize = 3;

/// Each turn, the title's `lays` and every one of its `turns`, holds one
/// to [`MAX_LAYS`] lays, the first of which may lay.
pub(super) fn check_all(lays: &[TurnLay], turns: &[KeyedTurn]) -> Result<(), (String, String)> {
    check(lays, "rules.lays")?;
    for (i, t) in turns.iter().enumerate() {
        check(&t.lays, &format!("rules.turns[{i}].lays"))?;
    }
    Ok(())
}

/// A turn holds one to [`MAX_LAYS`] lays, the first of which may lay.
fn check(lays: &[TurnLay], field: &str) -> Result<(), (String, String)> {
    let field = || field.to_string();
    if lays.is_empty() || lays.len() > MAX_LAYS {
        return Err((
            field(),
            format!("a turn holds 1 to {MAX_LAYS} lays, not {}", lays.len()),
        ));
    }
    if lays[0].after_towns {
        return Err((
            field(),
            "the turn's first lay has no earlier lay to follow (after_towns)".into(),
        ));
    }
    if !lays[0].allows(false, false) && !lays[0].allows(true, false) {
        return Err((
            field(),
            "the turn's first lay may neither place nor upgrade".into(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lay_that_may_not_follow_an_upgrade() {
        // 1846's second lay (18xx.games g_1846 TILE_LAYS).
        let second = TurnLay {
            place: Permit::Always,
            upgrade: Permit::NotAfterUpgrade,
            cost: 0,
            other_hex: false,
            after_towns: false,
        };
        assert!(second.allows(true, false));
        assert!(!second.allows(true, true));
        assert!(second.allows(false, true));
    }

    #[test]
    fn the_last_token_price_repeats() {
        assert_eq!(token_price(&[0, 40, 100], 1), Some(40));
        assert_eq!(token_price(&[0, 40, 100], 7), Some(100));
        assert_eq!(token_price(&[], 1), None);
    }
}
