//! Companies that buy a train as their home token goes down in the first
//! set of operating rounds, with no action (`FirstSetTrain`: 18NewEngland's
//! minors formed in its first stock round, the engine's `buy_first_train`).

use super::Replay;
use crate::error::Error;
use crate::game::CompanyId;

impl Replay<'_> {
    /// `company`'s home token has gone down: where the title says so, and
    /// no set of operating rounds has ended yet, it buys the depot's next
    /// train, which may begin a phase as a purchase does.
    pub(super) fn first_set_train(&mut self, company: &CompanyId) -> Result<(), Error> {
        let Some(kind) = self.play.first_set_train else {
            return Ok(());
        };
        if self.rounds.sets_ended > 0 || self.game.company(company)?.kind != kind {
            return Ok(());
        }
        let Some(id) = self.next_in_depot() else {
            return Ok(());
        };
        self.trains
            .entry(company.clone())
            .or_default()
            .push(id.clone());
        self.leaves_depot(&id)?;
        self.emit_books()
    }
}
