//! Companies acquiring one another (the `Acquisitions` mechanism, 1817's
//! merger and acquisition rounds): a company's `merge` names the one it
//! takes; a player's `merge` names the company buying the one whose
//! auction the player won (the last bid on a company); a company gone so
//! may be bid on, and started, again. A player's `assign` of a private
//! company gives it to the company being started (the last bid on one);
//! of a company, offers it for acquisition, which alone changes nothing.

use super::Replay;
use crate::error::Error;
use crate::game::CompanyId;
use crate::import::x18::record::{Action, Assign, Bid};
use crate::play::Event;

impl Replay<'_> {
    /// A bid on a company: the one being started or auctioned now; one
    /// that has left the game starts again (18xx.games's
    /// `reset_corporation` made it new).
    pub(super) fn acquisition_bid(&mut self, a: &Action, bid: &Bid) -> Result<(), Error> {
        let name = Self::field(a, &bid.corporation, "corporation")?;
        let company = self.company(name)?;
        if !a.by_company() {
            self.auction_bid(&company, a.entity())?;
        }
        if self.state.is_closed(&company) {
            self.apply_event(&Event::Restart(company.clone()))?;
            self.closed.remove(&company);
            self.homes_down.remove(&company);
            self.trains.remove(&company);
        }
        self.bid_on = Some(company.clone());
        self.fresh_bid = Some(company);
        self.par_by_bid(a, bid)
    }

    /// A company places a token straight after a bid on it: it is being
    /// started, choosing its home. If its tokens are still on the map, it
    /// left the game with no action the replay reads (liquidated by the
    /// bank, or acquired when the auction's winner had one company to buy
    /// it with): they are lifted, with a caution.
    pub(super) fn started_anew(&mut self, a: &Action) -> Result<(), Error> {
        let Some(company) = self.fresh_bid.take() else {
            return Ok(());
        };
        if !a.by_company() || self.company(&a.entity())? != company {
            return Ok(());
        }
        self.liquidated_before_start(&company)?;
        self.start_size(&company)?;
        let held = self
            .state
            .hexes
            .values()
            .any(|h| h.tokens.values().any(|co| *co == company));
        if !held {
            return Ok(());
        }
        self.apply_event(&Event::LiftTokens(company.clone()))?;
        self.trains.remove(&company);
        self.cautions.push(format!(
            "action {}: {company} starts again with tokens of its former self on the map: it had left the game with no action hexroute reads (liquidated by the bank, or acquired by the auction's winner's one company, whose tokens these would then be); they are lifted",
            a.id
        ));
        Ok(())
    }

    /// A `merge`: a company's names the company it takes; a player's, the
    /// company that buys the one whose auction the player won.
    pub(super) fn acquire(
        &mut self,
        a: &Action,
        corporation: &Option<String>,
    ) -> Result<(), Error> {
        let named = self.company(Self::field(a, corporation, "corporation")?)?;
        let (taken, by) = if a.by_company() {
            (named, self.company(&a.entity())?)
        } else {
            let won = self.bid_on.clone().ok_or_else(|| {
                Error::Import(format!(
                    "a player's merge into {named} with no company auctioned before it"
                ))
            })?;
            (won, named)
        };
        self.auction_merged(&taken);
        self.apply_event(&Event::Acquire {
            company: taken.clone(),
            by: by.clone(),
        })?;
        self.taken_over(&taken, &by);
        if a.by_company() {
            self.merged_size(a, &by)?;
        }
        Ok(())
    }

    /// The replay's books follow an acquisition: `taken`'s trains and
    /// private companies are `by`'s, and it has left the game.
    pub(super) fn taken_over(&mut self, taken: &CompanyId, by: &CompanyId) {
        if let Some(trains) = self.trains.remove(taken) {
            self.trains.entry(by.clone()).or_default().extend(trains);
        }
        for owner in self.privates.values_mut() {
            if owner == taken {
                *owner = by.clone();
            }
        }
        for (_, paid) in self.markers.values_mut() {
            if paid.as_ref() == Some(taken) {
                *paid = Some(by.clone());
            }
        }
        self.closed.insert(taken.clone());
        self.homes_down.remove(taken);
        self.liquidation_bought(taken);
    }

    /// A player's `assign`: a private company goes to the company being
    /// started; a company is offered for acquisition (off the map).
    pub(super) fn player_assign(&mut self, a: &Action, assign: &Assign) -> Result<(), Error> {
        if assign.target_type.as_deref() != Some("company") {
            return Ok(());
        }
        let target = Self::field(a, &assign.target, "target")?;
        let private = self.game.known_private_sym(target)?;
        // One whose only use is spent as it is given (1817's Train
        // Station: a token on the charter) closes at once.
        let spent = (self.game.privates.iter())
            .any(|p| p.abbrev == *private.private() && p.closes_on_use && p.hexes.is_empty());
        if spent {
            self.privates_gone.insert(private.clone());
        }
        let company = self.bid_on.clone().ok_or_else(|| {
            Error::Import(format!(
                "private company {private} given to a company with no company bid on before it"
            ))
        })?;
        if spent {
            self.charter_token(&company)?;
        }
        self.privates.insert(private, company);
        Ok(())
    }
}
