//! A company's size (its share count, `rules.company_sizes`) and the
//! tokens it owns, placed or not: 1817's companies start with 1, 2 or 4
//! as they have 2, 5 or 10 shares, gain tokens as they convert and add
//! those of a company they merge with. Not stored: the company has its
//! game file's `tokens`, as in any title without sizes.

use super::MapState;
use crate::game::{CompanyId, Game};

/// A company's size and its token count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Its share count, one of the game's `company_sizes`.
    pub shares: u32,
    /// The tokens it owns, on the map or on its charter.
    pub tokens: u32,
}

impl MapState {
    /// The size `company` has, if one was set.
    pub fn size_of(&self, company: &CompanyId) -> Option<Size> {
        self.sizes.get(company).copied()
    }

    /// How many tokens `company` owns: its size's count when it has one,
    /// else its game file's `tokens`, and those it keeps on its charter
    /// beyond them.
    pub fn token_count(&self, game: &Game, company: &CompanyId) -> u32 {
        let own = match self.size_of(company) {
            Some(size) => size.tokens,
            None => game.company(company).map_or(0, |c| c.tokens),
        };
        own + self.charter_tokens.get(company).copied().unwrap_or(0)
    }

    /// Sets `company`'s size (`None`: it has none, as before it starts).
    pub fn set_size(&mut self, company: &CompanyId, size: Option<Size>) {
        match size {
            Some(s) => self.sizes.insert(company.clone(), s),
            None => self.sizes.remove(company),
        };
    }
}
