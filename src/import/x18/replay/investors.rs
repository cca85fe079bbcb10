//! Two of 1880's `choose` actions, replayed where the game file names
//! their mechanisms:
//! - `InvestorMerges`: a minor that joins its company once its track
//!   reaches the company's (1880's foreign investors: the engine's
//!   `destination_connection` after the minor's run). The minor chooses
//!   where its cash goes (nothing on the map), then the company chooses
//!   `Replace`, its own token in place of the minor's, or `Discard`, the
//!   minor's token off the map; a company with no token left makes no
//!   choice, and the minor's token goes. The minor closes.
//! - `PlayerChoices`: what a player chooses decides nothing the map shows
//!   (1880's president's share and a company's building permits, which
//!   say which companies may lay track in which phase): the replay passes
//!   it, with one caution, as the record's lays are what was laid.

use super::Replay;
use crate::error::Error;
use crate::game::CompanyId;
use crate::import::x18::record::{Action, Kind};
use crate::play::Event;

/// The minor joining its company, between its connection and the
/// company's choice.
#[derive(Default)]
pub(super) struct Joining {
    minor: Option<CompanyId>,
    /// True once a player's choice was noted in a caution.
    choices_noted: bool,
}

impl Replay<'_> {
    /// After `a`: its `destination_connection` (an action the engine made
    /// unasked) starts a minor's joining.
    pub(super) fn investor_connected(&mut self, a: &Action, auto_kind: &str) -> Result<(), Error> {
        if auto_kind != "destination_connection" || !self.play.investor_merges {
            return Ok(());
        }
        let minor = self.company(&a.entity())?;
        self.joining.minor = Some(minor);
        Ok(())
    }

    /// Before `a`: a joining no company's choice ended (the company had no
    /// token left) takes the minor's token off the map as it closes.
    pub(super) fn investor_unchosen(&mut self, a: &Action) -> Result<(), Error> {
        if matches!(a.kind, Kind::Choose { .. } | Kind::Message | Kind::Log) {
            return Ok(());
        }
        match self.joining.minor.take() {
            Some(minor) => self.close_company(&minor),
            None => Ok(()),
        }
    }

    /// True when `a` is a `choose` these mechanisms replay.
    pub(super) fn replays_choice(&self, a: &Action) -> bool {
        (self.play.investor_merges && self.joining.minor.is_some())
            || (self.play.player_choices && !a.by_company() && !a.by_private())
    }

    /// A `choose` of `choice` that `replays_choice` accepted.
    pub(super) fn choice(&mut self, a: &Action, choice: Option<&str>) -> Result<(), Error> {
        let Some(minor) = self.joining.minor.clone() else {
            if !self.joining.choices_noted {
                self.joining.choices_noted = true;
                self.cautions.push(format!(
                    "action {}: the players' choices (\"choose\": a president's share, building permits) are passed: hexroute does not check a company's lays against its permits",
                    a.id
                ));
            }
            return Ok(());
        };
        if !a.by_company() {
            return Err(Error::Import(format!(
                "action {}: a choice by a player while minor {minor} joins its company",
                a.id
            )));
        }
        let company = self.company(&a.entity())?;
        if company == minor {
            // Where the minor's cash goes: money only.
            return Ok(());
        }
        match choice {
            Some("Replace") => {
                self.apply_event(&Event::PassTokens {
                    from: minor.clone(),
                    to: company,
                })?;
            }
            Some("Discard") => {}
            other => {
                return Err(Error::Import(format!(
                    "action {}: {company} chooses {other:?} for minor {minor}'s token, not \"Replace\" or \"Discard\"",
                    a.id
                )));
            }
        }
        self.joining.minor = None;
        self.close_company(&minor)
    }
}
