//! A national formed from the companies that merge into it
//! (`from_18xx_games.mechanisms`: `Formation`: 1856's CGR as the first 6 is bought). Each
//! company merging names itself in a `merge` action: its tokens leave the
//! map at once, its trains and rights go to the national, and it closes.
//! Once the merges end, the national puts its tokens where theirs were:
//! in each one's home city first, then in every other city they held, one
//! a city and none more in a home's hex (18xx.games's `national_token_swap`).
//! Tokens over the national's limit, or two in a hex, leave by the
//! record's own `remove_token` actions.

use super::Replay;
use crate::error::Error;
use crate::game::FormationDef;
use crate::import::x18::record::{Action, Kind};
use crate::play::{self, Event, Lifted};

/// A formation under way: the cities the tokens of the companies merged
/// so far left, in the order they merged.
#[derive(Default)]
pub(super) struct Forming {
    merged: Vec<Lifted>,
}

/// Actions the formation waits through: the merges, the presidents who
/// pay their companies' loans instead (`pass`), and words.
fn during(kind: &Kind) -> bool {
    matches!(
        kind,
        Kind::Merge { .. } | Kind::Pass | Kind::Message | Kind::Log
    )
}

impl<'g> Replay<'g> {
    fn formation(&self) -> Option<&'g FormationDef> {
        let play: &'g crate::game::Play = self.play;
        play.formation.as_ref()
    }

    /// True for a `merge` into a forming national: a step of the
    /// formation, no company's turn.
    pub(super) fn merges_into_national(&self, a: &Action) -> bool {
        matches!(a.kind, Kind::Merge { .. }) && self.formation().is_some()
    }

    /// Before any action but those the formation waits through, a
    /// formation under way ends: the national's tokens go down.
    pub(super) fn formation_ends(&mut self, a: &Action) -> Result<(), Error> {
        if self.forming.is_none() || during(&a.kind) {
            return Ok(());
        }
        let Some(f) = self.formation() else {
            return Ok(());
        };
        let national = self.company(&f.company)?;
        let Some(forming) = self.forming.take() else {
            return Ok(());
        };
        let event = Event::Form {
            national,
            joined: forming.merged,
        };
        self.state = play::apply(self.game, &self.state, &event)?.edit.next;
        Ok(())
    }

    /// `merge`: the company named merges into the national.
    pub(super) fn merge_into_national(
        &mut self,
        a: &Action,
        corporation: Option<&String>,
    ) -> Result<(), Error> {
        let Some(f) = self.formation() else {
            return Ok(());
        };
        let national = self.company(&f.company)?;
        let name = corporation.cloned().unwrap_or_else(|| a.entity());
        let company = self.company(&name)?;
        if company == national || self.state.is_closed(&company) {
            return Err(Error::Import(format!(
                "{company} merges into {national}, but it {}",
                if company == national {
                    "is the national"
                } else {
                    "has merged already"
                }
            )));
        }
        let event = Event::JoinFormation {
            company: company.clone(),
            national: national.clone(),
        };
        let played = play::apply(self.game, &self.state, &event)?;
        self.state = played.edit.next;
        let merged = played.lifted.ok_or_else(|| {
            Error::Internal("a company joined a formation and lifted nothing".into())
        })?;
        if merged.home.is_none() && !merged.others.is_empty() {
            self.cautions.push(format!(
                "action {}: {company} merges with no token on its home hex; the engine takes its first token as its home, which hexroute does not know, and takes none as it",
                a.id
            ));
        }
        self.forming
            .get_or_insert_with(Forming::default)
            .merged
            .push(merged);
        if let Some(trains) = self.trains.remove(&company) {
            self.trains
                .entry(national.clone())
                .or_default()
                .extend(trains);
        }
        play::take_rights(&f.rights, &mut self.privates, &company, &national);
        self.privates.retain(|_, owner| *owner != company);
        self.closed.insert(company);
        Ok(())
    }
}
