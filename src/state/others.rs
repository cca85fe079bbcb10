//! Bonuses a private pays the companies that do not own it while its owner
//! holds it (`others`: 1870's open port pays its owner's company $20 and
//! every other company $10 a route stopping there).

use super::MapState;
use crate::game::{Bonus, CompanyId, Game};

impl MapState {
    /// The bonuses `company` earns by another company's private: each such
    /// bonus at its `others` amount.
    pub fn others_bonuses(&self, game: &Game, company: &CompanyId) -> Vec<Bonus> {
        game.bonuses_in(self.phase)
            .filter_map(|b| {
                let amount = b.others?;
                let owner = self.privates.get(b.private.as_ref()?)?;
                (owner != company).then(|| Bonus {
                    amount,
                    ..b.clone()
                })
            })
            .collect()
    }
}
