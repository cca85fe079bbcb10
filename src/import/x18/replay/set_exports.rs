//! Exports as a set of operating rounds ends (`SetExports`): 18xx.games's
//! 1888 sends the depot's next train away when the stock round begins, if
//! it is a 2, 3 or 4, which may begin a phase as a purchase would.

use super::Replay;
use crate::error::Error;

impl Replay<'_> {
    /// A set of operating rounds has ended: the depot's next train leaves
    /// if its type is one the title exports then.
    pub(super) fn set_ended(&mut self) -> Result<(), Error> {
        if self.play.set_exports.is_empty() {
            return Ok(());
        }
        let Some(id) = self.next_in_depot() else {
            return Ok(());
        };
        if !self.play.set_exports.contains(&self.train_type(&id)?) {
            return Ok(());
        }
        self.leaves_depot(&id)
    }
}
