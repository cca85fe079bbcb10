//! Destination tokens (`Destinations`, 1870): a company that has reached
//! its destination chooses where its destination token goes. On the map,
//! the company has reached its destination as hexroute counts it (play's
//! `ReachDestination`: its `destination_token` beside the city's spaces),
//! and its `from_destination` bonus pays; on its
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
                // 18xx.games puts the token in a space of its own beside
                // the city's: the game file's `destination_token`, which
                // reaching the destination puts on the map.
                self.apply_event(&Event::ReachDestination(company.clone()))
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
