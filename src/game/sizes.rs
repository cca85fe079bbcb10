//! Companies of several sizes (`rules.company_sizes`: 1817's 2, 5 and 10
//! shares): how many tokens a company of each size owns, and the sizes a
//! company may start at in each phase (`phases[].sizes`). A save keeps each
//! company's size and token count (`state::Size`); the rules count its
//! tokens by it. Checked when the game file loads.

use super::{Game, GameDef, PhaseId};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// One size a company may have: its share count (18xx.games's
/// `total_shares`) and the tokens a company of that size owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CompanySize {
    /// The share count that names the size (2, 5, 10).
    pub shares: u32,
    /// The tokens a company started at this size owns, placed or not.
    pub tokens: u32,
}

/// `company_sizes` and the phases' `sizes` agree: each size named once,
/// each owning a token and no more than any company has, each phase's
/// sizes among them.
pub(super) fn check(def: &GameDef) -> Result<(), String> {
    let sizes = &def.rules.company_sizes;
    let mut seen = BTreeSet::new();
    let most = def.companies.iter().map(|c| c.tokens).min().unwrap_or(0);
    for s in sizes {
        if s.shares == 0 || !seen.insert(s.shares) {
            return Err(format!(
                "rules.company_sizes: size {} is zero or given twice (name each size by its share count once)",
                s.shares
            ));
        }
        if s.tokens == 0 || s.tokens > most {
            return Err(format!(
                "rules.company_sizes: a {}-share company owns {} tokens; give it 1 to {most} (the fewest `tokens` a company has)",
                s.shares, s.tokens
            ));
        }
    }
    for phase in &def.phases {
        if let Some(bad) = phase.sizes.iter().find(|n| !seen.contains(n)) {
            return Err(format!(
                "phase {}: sizes: {bad} is not among rules.company_sizes ({})",
                phase.name,
                words(sizes)
            ));
        }
    }
    Ok(())
}

fn words(sizes: &[CompanySize]) -> String {
    if sizes.is_empty() {
        return "none given".into();
    }
    let v: Vec<String> = sizes.iter().map(|s| s.shares.to_string()).collect();
    v.join(", ")
}

impl Game {
    /// The size of `shares` shares, if the game has one.
    pub fn company_size(&self, shares: u32) -> Option<&CompanySize> {
        self.rules.company_sizes.iter().find(|s| s.shares == shares)
    }

    /// True when the game's companies come in sizes.
    pub fn has_sizes(&self) -> bool {
        !self.rules.company_sizes.is_empty()
    }

    /// The sizes a company may start at in `phase`, the unasked one first.
    pub fn start_sizes(&self, phase: PhaseId) -> &[u32] {
        &self.phases[phase].sizes
    }

    /// The sizes in words (`2, 5, 10`), for a message.
    pub fn sizes_word(&self) -> String {
        words(&self.rules.company_sizes)
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Game;

    const RON: &str = include_str!("../../games/1817.ron");

    fn load(text: &str) -> Result<Game, String> {
        Game::from_ron(text, "1817.ron", None).map_err(|e| e.to_string())
    }

    /// 1817's sizes load; a size owning more tokens than a company has, a
    /// size given twice, or a phase naming a size not in the list is refused.
    #[test]
    fn sizes_are_checked_at_load() {
        let game = load(RON).unwrap();
        assert_eq!(game.company_size(5).map(|s| s.tokens), Some(2));
        assert_eq!(game.start_sizes(crate::game::PhaseId(2)), [2, 5]);
        let table = "(shares: 10, tokens: 4)";
        assert!(RON.contains(table));
        let err = load(&RON.replace(table, "(shares: 10, tokens: 9)")).unwrap_err();
        assert!(err.contains("owns 9 tokens"), "{err}");
        let err = load(&RON.replace(table, "(shares: 5, tokens: 4)")).unwrap_err();
        assert!(err.contains("given twice"), "{err}");
        let err = load(&RON.replacen("sizes: [2, 5]", "sizes: [3]", 1)).unwrap_err();
        assert!(err.contains("sizes: 3 is not among"), "{err}");
    }
}
