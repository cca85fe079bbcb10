//! Acquisitions the engine makes unasked (the `Acquisitions` mechanism,
//! 1817's merger and acquisition rounds): the winner of a company's
//! acquisition auction who holds one company able to buy it buys with it,
//! and the record has no `merge`. The record shows the buyer by what
//! follows: its own pass, loan or discarded train straight after, before
//! any other company acts; failing that, the first company to run one of
//! the bought company's trains later; failing that, the winner's one
//! company (the one they won the start of); failing that, the one of the
//! winner's companies that acts again later in the record (the others
//! never act again: 18xx.games lets no company in its acquisition or
//! liquidation zone buy, a zone the replay does not follow), with a
//! caution saying so; with a caution where there is no such company.

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
    /// Each company action in the record: its id and the company.
    acts: Vec<(u64, String)>,
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
        let acts = (record.standing().iter())
            .filter(|a| a.by_company())
            .map(|a| (a.id, a.entity()))
            .collect();
        Auctions {
            runs,
            acts,
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
                .or_else(|| self.winners_one_company(&company, &winner))
                .or_else(|| {
                    let by = self.winners_one_acting_later(&company, &winner)?;
                    self.cautions.push(format!(
                        "action {}: {company}'s acquisition auction ended with no `merge` and no company to be seen buying it: taken as bought by {by}, the one company of the auction's winner that acts again in the record (the winner's others never do: a company in the acquisition or liquidation zone may not buy, and hexroute does not follow share prices)",
                        self.last_action
                    ));
                    Some(by)
                });
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
    /// started and that acts again after now.
    fn winners_one_acting_later(&self, company: &CompanyId, winner: &str) -> Option<CompanyId> {
        let acts_later = |c: &CompanyId| {
            (self.auctions.acts.iter())
                .any(|(id, by)| *id > self.last_action && self.company(by).ok().as_ref() == Some(c))
        };
        let mut theirs = (self.auctions.started_by.iter())
            .filter(|(c, p)| *c != company && p.as_str() == winner && !self.state.is_closed(c))
            .map(|(c, _)| c.clone())
            .filter(acts_later);
        let one = theirs.next()?;
        theirs.next().is_none().then_some(one)
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
