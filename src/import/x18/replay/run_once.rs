//! A train runs once an operating round (`from_18xx_games.mechanisms`:
//! `TrainsRunOnce`, 18MT): the engine marks each train that ran
//! (`operated`) and clears the marks as an operating round begins, so a
//! train that ran for one company and passed to another in the same round
//! (with a company taken over, or bought from it) cannot run again until
//! the next. The replay remembers the trains run in the round and leaves
//! them out of the trains a later run of that round may use.

use super::Replay;
use crate::error::Error;
use crate::game::{CompanyId, TrainId};
use crate::import::x18::record::RanRoute;

impl Replay<'_> {
    /// The trains of a run have run in this round.
    pub(super) fn trains_ran(&mut self, routes: &[RanRoute]) {
        if self.play.trains_run_once {
            (self.ran_this_round).extend(routes.iter().map(|r| r.train.clone()));
        }
    }

    /// `company`'s trains that may run now: all it owns, but those that
    /// have run in this round already where a train runs once a round.
    pub(super) fn runnable_trains(&self, company: &CompanyId) -> Result<Vec<TrainId>, Error> {
        if !self.play.trains_run_once {
            return self.train_names(company);
        }
        (self.trains.get(company).into_iter().flatten())
            .filter(|id| !self.ran_this_round.contains(*id))
            .map(|id| self.train_type(id))
            .collect()
    }
}
