//! The first stock round and operating rounds of titles whose minors form
//! there: a first `par` that only reserves (`ParReserves`), home tokens put
//! down in the engine's operating order (par price, highest first, then the
//! market row), and companies that buy a train as their home token goes
//! down in the first set of operating rounds, with no action
//! (`FirstSetTrain`: 18NewEngland's minors formed in its first stock round,
//! the engine's `buy_first_train`).

use super::Replay;
use crate::error::Error;
use crate::game::{CompanyId, CompanyKind};
use crate::import::x18::record::{Action, Par};

impl Replay<'_> {
    /// True when this `par` only reserves `company` for its player: the
    /// title's first stock round (`ParReserves`, before any operating
    /// round) and the player had not reserved it. A second `par` forms it.
    pub(super) fn reserves(&mut self, a: &Action, company: &CompanyId) -> bool {
        if !self.play.par_reserves || self.rounds.begun > 0 || self.rounds.sets_ended > 0 {
            return false;
        }
        let key = (a.entity(), company.clone());
        if self.reservations.remove(&key) {
            return false;
        }
        self.reservations.insert(key);
        true
    }

    /// Keeps the cell a company is parred at (`"70,0,7"`: price, row,
    /// column) for the order home tokens go down in.
    pub(super) fn note_par_cell(&mut self, par: &Par, company: &CompanyId) {
        let Some(serde_json::Value::String(cell)) = &par.share_price else {
            return;
        };
        let mut parts = cell.split(',').map(|p| p.trim().parse::<u32>());
        if let (Some(Ok(price)), Some(Ok(row))) = (parts.next(), parts.next()) {
            self.par_cells.insert(company.clone(), (price, row));
        }
    }

    /// `companies` in the engine's operating order: the highest par first,
    /// then the higher market row; companies with no par seen last, by name.
    pub(super) fn in_par_order(&self, mut companies: Vec<CompanyId>) -> Vec<CompanyId> {
        companies.sort_by_key(|co| match self.par_cells.get(co) {
            Some(&(price, row)) => (0, u32::MAX - price, row),
            None => (1, 0, 0),
        });
        companies
    }

    /// As the first stock round ends, every minor not formed puts its home
    /// token down where the title says so (`UnformedHomes`); a minor formed
    /// later finds it there.
    pub(super) fn unformed_homes(&mut self) -> Result<(), Error> {
        if !self.play.unformed_homes || self.rounds.sets_ended > 0 {
            return Ok(());
        }
        let minors: Vec<CompanyId> = (self.game.companies.iter())
            .filter(|c| c.kind == CompanyKind::Minor)
            .map(|c| c.abbrev.clone())
            .collect();
        for minor in minors {
            self.home_token(&minor)?;
        }
        Ok(())
    }

    /// `company`'s home token has gone down: where the title says so, and
    /// no set of operating rounds has ended yet, it buys the depot's next
    /// train, which may begin a phase as a purchase does.
    pub(super) fn first_set_train(&mut self, company: &CompanyId) -> Result<(), Error> {
        let Some(kind) = self.play.first_set_train else {
            return Ok(());
        };
        let floated = self.sold.get(company).copied().unwrap_or(0) >= self.play.float_percent;
        if self.rounds.sets_ended > 0 || self.game.company(company)?.kind != kind || !floated {
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
