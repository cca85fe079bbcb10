//! Acquisitions the engine makes unasked (the `Acquisitions` mechanism,
//! 1817's merger and acquisition rounds): the winner of a company's
//! acquisition auction who holds one company able to buy it buys with it,
//! and the record has no `merge`. The record shows the buyer by what
//! follows: its own pass, loan or discarded train straight after, before
//! any other company acts; failing that, the first company to run one of
//! the bought company's trains later; failing that, the winner's one
//! company (the one they won the start of), with a caution where there is
//! no such one company.

use super::Replay;
use crate::error::Error;
use crate::game::CompanyId;
use crate::import::x18::record::{Action, EngineTrain, Kind, Record};
use crate::play::Event;
use std::collections::{BTreeMap, BTreeSet};

/// Acquisition auctions as the replay follows them.
#[derive(Default)]
pub(super) struct Auctions {
    /// Auctions of companies in the game with no `merge` seen yet: the
    /// company and the player who bid last on it (the winner, once the
    /// others pass).
    pending: Vec<(CompanyId, String)>,
    /// The player who bid last to start each company: its president, as
    /// the replay takes it.
    started_by: BTreeMap<CompanyId, String>,
    /// Companies being started: the bids on one go on after it has put
    /// its home token down, until companies operate.
    starting: BTreeSet<CompanyId>,
    /// Each run of trains in the record: its action, its company and the
    /// trains (engine ids) it ran.
    runs: Vec<(u64, String, Vec<EngineTrain>)>,
}

impl Auctions {
    /// No auction yet, and the record's runs of trains to look ahead in.
    pub(super) fn foreseen(record: &Record) -> Auctions {
        let runs = (record.standing().iter())
            .filter(|a| a.by_company())
            .filter_map(|a| match &a.kind {
                Kind::RunRoutes { routes } => Some((
                    a.id,
                    a.entity(),
                    routes.iter().flatten().map(|r| r.train.clone()).collect(),
                )),
                _ => None,
            })
            .collect();
        Auctions {
            runs,
            ..Auctions::default()
        }
    }
}

/// What a buyer does straight after an acquisition the engine made: passes
/// on (or takes, or pays off) loans, or discards a train over its limit.
fn after_buying(kind: &Kind) -> bool {
    matches!(
        kind,
        Kind::Pass | Kind::TakeLoan | Kind::PayoffLoan | Kind::DiscardTrain { .. }
    )
}

impl Replay<'_> {
    /// A player's bid on `company`: an acquisition auction if it is in the
    /// game with tokens on the map and has operated, else the auction that
    /// starts it.
    pub(super) fn auction_bid(&mut self, company: &CompanyId, bidder: String) -> Result<(), Error> {
        let on_map = (self.state.hexes.values()).any(|h| h.tokens.values().any(|co| co == company));
        if self.state.is_closed(company) || !on_map || self.auctions.starting.contains(company) {
            self.auctions.started_by.insert(company.clone(), bidder);
            self.auctions.starting.insert(company.clone());
            return Ok(());
        }
        if let Some((last, winner)) = self.auctions.pending.last_mut()
            && last == company
        {
            *winner = bidder;
            return Ok(());
        }
        // Another auction begins: the one before ended with no company
        // acting after it.
        self.settle_auctions(None, false)?;
        self.auctions.pending.push((company.clone(), bidder));
        Ok(())
    }

    /// A `merge` names the buyer of `taken`: its auction needs no guess.
    pub(super) fn auction_merged(&mut self, taken: &CompanyId) {
        self.auctions.pending.retain(|(c, _)| c != taken);
    }

    /// Before `a`: a company acting ends the auctions pending, each bought
    /// by its winner's company (`a`'s company, if it is what a buyer does
    /// straight after).
    pub(super) fn unasked_acquisitions(&mut self, a: &Action) -> Result<(), Error> {
        if !a.by_company() {
            return Ok(());
        }
        // A company acting other than choosing its home: the companies
        // being started have been.
        if !matches!(a.kind, Kind::PlaceToken(_)) {
            self.auctions.starting.clear();
        }
        if self.auctions.pending.is_empty() {
            return Ok(());
        }
        let acting = self.company(&a.entity()).ok();
        self.settle_auctions(acting, after_buying(&a.kind))
    }

    /// Each pending auction ends in an acquisition: the last by `acting`
    /// if what it does `shows_buyer` and it may, the others by their
    /// winner's one company.
    fn settle_auctions(
        &mut self,
        acting: Option<CompanyId>,
        shows_buyer: bool,
    ) -> Result<(), Error> {
        let pending = std::mem::take(&mut self.auctions.pending);
        let last = pending.len().saturating_sub(1);
        for (i, (company, winner)) in pending.into_iter().enumerate() {
            let shown = acting.clone().filter(|by| {
                i == last
                    && shows_buyer
                    && *by != company
                    && !self.state.is_closed(by)
                    && self.winner_may_own(by, &winner)
            });
            // The company itself acting: it was started again, not bought.
            if i == last && acting.as_ref() == Some(&company) {
                self.auctions.started_by.insert(company, winner);
                continue;
            }
            let by = shown
                .or_else(|| self.runs_its_trains(&company))
                .or_else(|| self.winners_one_company(&company, &winner));
            match by {
                Some(by) => {
                    self.apply_event(&Event::Acquire {
                        company: company.clone(),
                        by: by.clone(),
                    })?;
                    self.taken_over(&company, &by);
                }
                None => self.cautions.push(format!(
                    "action {}: {company}'s acquisition auction ended with no `merge` and no company to be seen buying it: it is left where it was",
                    self.last_action
                )),
            }
        }
        Ok(())
    }

    /// Whether `by` may be `winner`'s: started by them, or by no one the
    /// replay knows of.
    fn winner_may_own(&self, by: &CompanyId, winner: &str) -> bool {
        self.auctions.started_by.get(by).is_none_or(|p| p == winner)
    }

    /// The first company other than `company` to run one of its trains
    /// after now: the one that bought them with it.
    fn runs_its_trains(&self, company: &CompanyId) -> Option<CompanyId> {
        let trains = self.trains.get(company)?;
        let (_, by, _) = (self.auctions.runs.iter())
            .filter(|(id, _, _)| *id > self.last_action)
            .find(|(_, _, ran)| ran.iter().any(|t| trains.contains(t)))?;
        self.company(by).ok().filter(|by| by != company)
    }

    /// The one company in the game, other than `company`, that `winner`
    /// started.
    fn winners_one_company(&self, company: &CompanyId, winner: &str) -> Option<CompanyId> {
        let mut theirs = (self.auctions.started_by.iter())
            .filter(|(c, p)| *c != company && p.as_str() == winner && !self.state.is_closed(c))
            .map(|(c, _)| c.clone());
        let one = theirs.next()?;
        theirs.next().is_none().then_some(one)
    }
}
