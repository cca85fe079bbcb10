//! A pullman its company may not keep goes back to the depot (18EU's
//! `maybe_discard_pullman`, for any title whose trains have a pullman):
//! one left as the company's only train, or one of more trains than its
//! limit allows, as trains join the company (a minor's, exchanged) and
//! as trains rust.

use super::Replay;
use crate::error::Error;
use crate::game::CompanyId;

impl Replay<'_> {
    /// `company` gives its pullman back if it may not keep it.
    pub(super) fn pullman_kept(&mut self, company: &CompanyId) -> Result<(), Error> {
        let Some(list) = self.trains.get(company) else {
            return Ok(());
        };
        let is_pullman = |id: &crate::import::x18::record::EngineTrain| {
            self.train_type(id)
                .ok()
                .and_then(|t| self.game.train(&t).ok())
                .is_some_and(|t| t.pullman.is_some())
        };
        let Some(pullman) = list.iter().find(|id| is_pullman(id)).cloned() else {
            return Ok(());
        };
        let count = list.len() as u32;
        let limit = (self.game.company(company).ok())
            .and_then(|co| self.game.train_limit(co, self.state.phase));
        if count > 1 && limit.is_none_or(|l| count <= l) {
            return Ok(());
        }
        self.take_train(&pullman);
        Ok(())
    }

    /// After trains rust: every company's pullman checked.
    pub(super) fn pullmans_kept(&mut self) -> Result<(), Error> {
        if !self.game.trains.iter().any(|t| t.pullman.is_some()) {
            return Ok(());
        }
        let holders: Vec<CompanyId> = self.trains.keys().cloned().collect();
        for company in holders {
            self.pullman_kept(&company)?;
        }
        Ok(())
    }
}
