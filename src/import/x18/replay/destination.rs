//! Destination tokens (`Destinations`, 1870): a company that has reached
//! its destination chooses where its destination token goes. On the map,
//! the company has reached its destination as hexroute counts it (play's
//! `ReachDestination`: its `destination_token` beside the city's spaces),
//! and its `from_destination` bonus pays; on its charter, it keeps the
//! token for later, a token beyond its count (play's `KeepToken`), and
//! forfeits the bonus.
//!
//! A company whose destination is first connected to its home (the
//! record's `destination_connection`, an action the engine makes unasked)
//! runs at once, one of its trains between the two (1870's connection
//! run, g_1870 `check_route_combination`): play's `RequireRoute`, until
//! that run is made.

use super::Replay;
use crate::error::Error;
use crate::import::x18::record::Action;
use crate::play::Event;
use crate::state::RouteEnds;

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
            Some("Charter") => self.apply_event(&Event::KeepToken(company)),
            other => Err(Error::Import(format!(
                "action {}: a destination choice of {other:?}, not \"Map\" or \"Charter\"",
                a.id
            ))),
        }
    }

    /// A `destination_connection` naming `companies`: each must make its
    /// next run with one route between its home and its destination.
    pub(super) fn connection_runs(&mut self, companies: &[String]) -> Result<(), Error> {
        for name in companies {
            let company = self.company(name)?;
            let destination = (self.game.company(&company)?.destination_token.as_deref())
                .map(|at| self.coord(at))
                .transpose()?;
            let ends = match (self.game.home(&company), destination) {
                (Some(home), Some(destination)) => RouteEnds::new([home, destination]),
                _ => None,
            };
            let Some(ends) = ends else {
                return Err(Error::Import(format!(
                    "{company} connects its destination, but the game file gives it no home and destination_token"
                )));
            };
            self.apply_event(&Event::RequireRoute {
                company,
                ends: Some(ends),
            })?;
        }
        Ok(())
    }

    /// A run by a company that had to make a connection run: made now.
    pub(super) fn connection_run_made(&mut self, a: &Action) -> Result<(), Error> {
        let Some(company) = self.acting_company(a) else {
            return Ok(());
        };
        if !self.state.required_routes.contains_key(&company) {
            return Ok(());
        }
        self.apply_event(&Event::RequireRoute {
            company,
            ends: None,
        })
    }
}
