//! Companies the bank liquidates (the `Liquidations` mechanism: 1817 and
//! its family). 18xx.games puts a company into liquidation when it ends
//! its operating turn with no train, or cannot pay its loans' interest
//! (or its president goes bankrupt, or it cannot buy the tokens its size
//! asks). In the acquisition round after, the players may bid for it
//! (bought then as any acquisition: a `merge`, or unasked); when every
//! player passes, the bank liquidates it: its tokens leave the map, its
//! private companies close, and the company is reset
//! (`reset_corporation`), free to be started again. A company in
//! liquidation never acts again as itself.
//!
//! No action of the record names a liquidation. The replay reads one from
//! an operating turn that ends with no train, or with nothing earned
//! (the interest unpaid: money, which the replay does not follow, so this
//! one with a caution), by a company that never acts again in the record
//! unless bid for first. The bank's part is done once a player has passed
//! or bid since (the acquisition round has begun) with no bid for it, as
//! a company next operates or the company is started again; at the end of
//! the replay (the record's, or the `--at` asked), with a caution.
//! Liquidations for a bankrupt president or unbought tokens are seen only
//! when the company is bought or started again (`started_anew`).

use super::Replay;
use super::turns::{Turn, operating};
use crate::error::Error;
use crate::game::CompanyId;
use crate::import::x18::record::{Action, Kind, Record};
use crate::play::Event;
use std::collections::BTreeMap;

/// Companies in liquidation, not yet bought or liquidated, and the
/// record's actions to look ahead in.
#[derive(Default)]
pub(super) struct Liquidations {
    pending: BTreeMap<CompanyId, Liquidating>,
    /// Each standing action in record order, as the look-ahead reads it.
    ahead: Vec<Ahead>,
    /// The last company action was a `convert` or a `merge`: players'
    /// passes after it are the merger round's share offers, not the
    /// acquisition round.
    after_conversion: bool,
}

/// An action as the look-ahead reads it.
struct Ahead {
    id: u64,
    /// The company acting, if one, and whether in what only an operating
    /// turn does.
    company: Option<(String, bool)>,
    /// A player's pass or bid (no operating round has them), and the
    /// company a bid is for.
    player: Option<Option<String>>,
}

/// What the record shows next of a company that ended an operating turn
/// having earned nothing.
#[derive(PartialEq)]
enum Next {
    /// It acts again first: it was not liquidated.
    Acts,
    /// A player bids for it in the acquisition round after: it is bought.
    Bought,
    /// A player bids for it in a later round: it was liquidated later, or
    /// started again; the record cannot tell which.
    BidLater,
    /// Nothing: no player bids for it and it never acts again.
    Nothing,
}

/// A company in liquidation.
struct Liquidating {
    /// The last action of the turn that put it there.
    entered: u64,
    /// Why: it had no train (certain), or earned nothing (its interest
    /// taken as unpaid).
    trainless: bool,
    /// The player's pass or bid that began its acquisition round.
    auctioned: Option<u64>,
    /// A player has bid for it: it is bought (or started again), not
    /// liquidated by the bank.
    bid: bool,
}

impl Liquidations {
    /// None in liquidation yet; the record's actions to look ahead in.
    pub(super) fn foreseen(record: &Record) -> Liquidations {
        let ahead = (record.standing().iter())
            .map(|a| {
                let company = (a.by_company()).then(|| (a.entity(), operating(&a.kind)));
                let by_player = !a.by_company() && !a.by_private();
                let player = match &a.kind {
                    Kind::Bid(b) if by_player => Some(b.corporation.clone()),
                    Kind::Pass if by_player => Some(None),
                    _ => None,
                };
                Ahead {
                    id: a.id,
                    company,
                    player,
                }
            })
            .collect();
        Liquidations {
            pending: BTreeMap::new(),
            ahead,
            after_conversion: false,
        }
    }

    /// What the record shows next of `company` (as the record names it)
    /// after action `after`.
    fn next(&self, company: &str, after: u64) -> Next {
        let Some(at) = self.ahead.iter().position(|a| a.id == after) else {
            return Next::Acts;
        };
        // A player's pass or bid begins the acquisition round; a company
        // operating after it, the next operating round.
        let (mut acquiring, mut later) = (false, false);
        for a in &self.ahead[at + 1..] {
            if let Some(bid_for) = &a.player {
                if bid_for.as_deref() == Some(company) {
                    return if later { Next::BidLater } else { Next::Bought };
                }
                acquiring = true;
            }
            if let Some((acting, operates)) = &a.company {
                if acting == company {
                    return Next::Acts;
                }
                later |= acquiring && *operates;
            }
        }
        Next::Nothing
    }
}

impl Replay<'_> {
    /// `ended`'s turn is over: an operating turn that earned nothing, by a
    /// company that never acts again unless bought in the acquisition
    /// round after, put it into liquidation (for having no train, as the
    /// replay's books say, else for its interest unpaid).
    pub(super) fn trainless_turn_ends(&mut self, ended: &Turn, trainless: bool) {
        if !self.play.liquidations
            || !ended.surely_operates
            || ended.earned
            || self.closed.contains(&ended.company)
        {
            return;
        }
        let name = self
            .game
            .company(&ended.company)
            .map(|c| c.abbrev.to_string());
        let next = name.map_or(Next::Acts, |n| self.liquidations.next(&n, ended.last));
        if !matches!(next, Next::Bought | Next::Nothing) {
            return;
        }
        let liquidating = Liquidating {
            entered: ended.last,
            trainless,
            auctioned: None,
            bid: false,
        };
        (self.liquidations.pending).insert(ended.company.clone(), liquidating);
    }

    /// After `a`: a player's pass or bid begins the acquisition round of
    /// every company in liquidation (players act in no operating round of
    /// these titles), unless it follows a company's conversion or merger
    /// (the merger round's share offers); a bid for one means it is bought.
    pub(super) fn liquidation_auction(&mut self, a: &Action) {
        if a.by_company() {
            let converts = matches!(a.kind, Kind::Convert | Kind::Merge { .. });
            self.liquidations.after_conversion = converts;
            return;
        }
        if a.by_private() || self.liquidations.after_conversion {
            return;
        }
        let bid_for = match &a.kind {
            Kind::Bid(bid) => bid.corporation.as_deref(),
            Kind::Pass => None,
            _ => return,
        };
        let bid_for = bid_for.and_then(|name| self.company(name).ok());
        for (company, l) in self.liquidations.pending.iter_mut() {
            l.auctioned.get_or_insert(a.id);
            l.bid |= bid_for.as_ref() == Some(company);
        }
    }

    /// Before `a`: a company operating ends the acquisition round, in which
    /// the bank liquidated each company in liquidation no player bid for
    /// (a company choosing its home as it starts is in a stock round).
    pub(super) fn liquidations_due(&mut self, a: &Action) -> Result<(), Error> {
        let starting = matches!(a.kind, Kind::PlaceToken(_)) && self.fresh_bid.is_some();
        if !a.by_company() || !operating(&a.kind) || starting {
            return Ok(());
        }
        let due: Vec<CompanyId> = (self.liquidations.pending.iter())
            .filter(|(_, l)| l.auctioned.is_some())
            .map(|(c, _)| c.clone())
            .collect();
        for company in due {
            let Some(l) = self.liquidations.pending.remove(&company) else {
                continue;
            };
            // One bid for and not bought has its caution already
            // (`settle_auctions`).
            if !l.bid {
                self.bank_liquidates(&company, &l, None)?;
            }
        }
        Ok(())
    }

    /// `company` is being started again (a bid, then its home): were it in
    /// liquidation, the bank liquidated it in the acquisition round before.
    pub(super) fn liquidated_before_start(&mut self, company: &CompanyId) -> Result<(), Error> {
        let Some(l) = self.liquidations.pending.remove(company) else {
            return Ok(());
        };
        self.bank_liquidates(company, &l, None)?;
        self.apply_event(&Event::Restart(company.clone()))?;
        self.closed.remove(company);
        self.homes_down.remove(company);
        Ok(())
    }

    /// `company` was bought: not liquidated by the bank.
    pub(super) fn liquidation_bought(&mut self, company: &CompanyId) {
        self.liquidations.pending.remove(company);
    }

    /// The replay ends after action `last`: a company in liquidation whose
    /// acquisition round began with no bid for it is taken as liquidated
    /// by the bank, with a caution (no action shows the round over).
    pub(super) fn liquidations_at_end(&mut self, last: u64) -> Result<(), Error> {
        let pending = std::mem::take(&mut self.liquidations.pending);
        for (company, l) in pending {
            if l.auctioned.is_some() && !l.bid {
                self.bank_liquidates(&company, &l, Some(last))?;
            }
        }
        Ok(())
    }

    /// The bank liquidates `company`: it closes, its tokens leaving the
    /// map. A caution where the replay assumed it: its liquidation read
    /// from nothing earned, or the replay ending (`at_end`) before any
    /// action shows the acquisition round over.
    fn bank_liquidates(
        &mut self,
        company: &CompanyId,
        l: &Liquidating,
        at_end: Option<u64>,
    ) -> Result<(), Error> {
        self.close_company(company)?;
        let auctioned = l.auctioned.unwrap_or(l.entered);
        let why = if l.trainless {
            "ended its operating turn with no train: it went into liquidation".to_string()
        } else {
            "earned nothing in its operating turn and never acts again in the record: it is taken to have gone into liquidation for its loans' interest (hexroute does not follow money)".to_string()
        };
        let when = match at_end {
            Some(last) => format!(
                "no player bid for it from action {auctioned} to action {last}, where the replay ends, so the bank is taken to have liquidated it"
            ),
            None => format!(
                "no player bid for it in the acquisition round from action {auctioned}, so the bank liquidated it"
            ),
        };
        if l.trainless && at_end.is_none() {
            return Ok(());
        }
        self.cautions.push(format!(
            "action {}: {company} {why}; {when}: its tokens leave the map",
            l.entered
        ));
        Ok(())
    }
}
