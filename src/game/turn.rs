//! What one operating turn may lay: the title's own tile lays, in order
//! (18xx.games's `TILE_LAYS`: 1846's two lays, the second an upgrade only
//! if the first was not), and what a token costs. Data any title can use.

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
}

impl TurnLay {
    /// The lay of most titles: one tile, placed or upgraded, at no extra cost.
    pub fn any() -> TurnLay {
        TurnLay {
            place: Permit::Always,
            upgrade: Permit::Always,
            cost: 0,
            other_hex: false,
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

/// The price of a company's next token, its `placed` tokens on the map
/// (the home token first), from the title's `token_prices`; the last
/// price repeats. `None` when the game file gives no prices.
pub fn token_price(prices: &[u32], placed: usize) -> Option<u32> {
    prices.get(placed).or(prices.last()).copied()
}

/// The most lays one turn may hold: `advise` tries every sequence of them.
pub const MAX_LAYS: usize = 3;

/// A turn holds one to [`MAX_LAYS`] lays, the first of which may lay.
pub(super) fn check(lays: &[TurnLay]) -> Result<(), (String, String)> {
    let field = || "rules.lays".to_string();
    if lays.is_empty() || lays.len() > MAX_LAYS {
        return Err((
            field(),
            format!("a turn holds 1 to {MAX_LAYS} lays, not {}", lays.len()),
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
