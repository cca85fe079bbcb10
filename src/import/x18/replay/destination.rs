//! Destination tokens (`Destinations`, 1870): a company that has reached
//! its destination chooses where its destination token goes. On the map,
//! the company has reached its destination as hexroute counts it (play's
//! `ReachDestination`), and its `from_destination` bonus pays; on its
//! charter, it keeps the token for later and forfeits the bonus.

use super::Replay;
use crate::error::Error;
use crate::import::x18::record::Action;
use crate::play::Event;

impl Replay<'_> {
    /// The record's `choose` of `Map` or `Charter` by a company.
    pub(super) fn choose_destination(
        &mut self,
        a: &Action,
        choice: Option<&str>,
    ) -> Result<(), Error> {
        let company = self.company(&a.entity())?;
        match choice {
            Some("Map") => {
                self.apply_event(&Event::ReachDestination(company.clone()))?;
                // 18xx.games puts the token in a space of its own beside
                // the city's, which a save cannot hold.
                self.cautions.push(format!(
                    "action {}: {company}'s destination token, in a space the engine adds to its destination city, is not on hexroute's map (its routes may not start there, nor pass a full city there)",
                    a.id
                ));
                Ok(())
            }
            Some("Charter") => {
                self.cautions.push(format!(
                    "action {}: {company} keeps its destination token on its charter: a token beyond its count, which hexroute does not give it",
                    a.id
                ));
                Ok(())
            }
            other => Err(Error::Import(format!(
                "action {}: a destination choice of {other:?}, not \"Map\" or \"Charter\"",
                a.id
            ))),
        }
    }
}
