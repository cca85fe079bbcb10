//! Minors exchanged for a major's share (`MinorExchanges`, 18EU's
//! `MinorExchange` steps): the replay decides which minor goes, where its
//! trains go and whether the major's token takes its place; `play` closes
//! it and moves the trains.
//!
//! What the engine does, read in g_18_eu (`merge_minor!`,
//! `maybe_remove_token`, `ReplaceToken`, `FinalExchange`):
//! - a major's home token put on the city of a minor its president holds
//!   (`HomeToken`): the minor's trains become the major's, its token leaves
//!   and the major's goes there;
//! - a minor's `buy_shares` of a major's share: from the treasury, the
//!   trains go to the major and the major then replaces the minor's token
//!   with its own (`place_token`) or lets it go (`pass`, or nothing where
//!   it has a token there already); from the market, the trains go to the
//!   depot and the token leaves;
//! - the final exchange round (after the set of operating rounds in which
//!   the first 5 is bought): each player holding minors acts once, an
//!   exchange as above or a `pass` that closes all their minors.

use super::Replay;
use super::trains::stock;
use crate::error::Error;
use crate::game::{CompanyId, CompanyKind};
use crate::import::x18::record::{Action, Kind, PlaceToken, Record};
use crate::play::Event;
use std::collections::BTreeSet;

/// Where the final exchange round stands.
#[derive(Default)]
pub(super) enum FinalRound {
    /// Its train's first copy has not been bought.
    #[default]
    NotYet,
    /// Called: it begins as the players next act.
    Due,
    /// Under way: the players who have acted in it.
    Open(BTreeSet<String>),
    Done,
}

/// The replay's books on exchanges.
#[derive(Default)]
pub(super) struct Exchanges {
    /// A minor exchanged for a treasury share, and its major, which may
    /// put its token in the minor's place with its next action.
    pending: Option<(CompanyId, CompanyId)>,
    pub(super) final_round: FinalRound,
    /// Shares (engine ids, `RPR_4`) in the market: sold, or issued.
    pool: BTreeSet<String>,
}

impl Replay<'_> {
    fn exchanges_on(&self) -> bool {
        self.play.minor_exchanges.is_some()
    }

    /// Before `a`: a minor exchanged for a treasury share whose major does
    /// not put its token in its place now leaves the map; the final
    /// exchange round begins or ends.
    pub(super) fn exchange_prepare(&mut self, a: &Action) -> Result<(), Error> {
        if !self.exchanges_on() {
            return Ok(());
        }
        if let Some((minor, major)) = self.exchanges.pending.clone() {
            let replaces = matches!(a.kind, Kind::PlaceToken(_))
                && self.acting_company(a).as_ref() == Some(&major);
            if !replaces {
                self.exchanges.pending = None;
                self.close_company(&minor)?;
            }
        }
        let by_player = !a.by_company() && !a.by_private();
        let fr = &mut self.exchanges.final_round;
        match fr {
            FinalRound::Due if by_player && stock(&a.kind) => {
                *fr = FinalRound::Open(BTreeSet::new());
            }
            FinalRound::Open(acted) => {
                let again = by_player && acted.contains(&a.entity());
                let other = match &a.kind {
                    Kind::Pass => false,
                    Kind::BuyShares(_) => by_player,
                    Kind::PlaceToken(_) => false,
                    Kind::Message | Kind::Log | Kind::Program(_) => false,
                    _ => true,
                };
                if again || other {
                    *fr = FinalRound::Done;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// A minor's bid won or made: the player holds it (the last bid on a
    /// minor is the one that takes it).
    pub(super) fn minor_bid(&mut self, a: &Action, minor: &str) -> Result<(), Error> {
        let minor = self.company(minor)?;
        self.holders.insert(minor, a.entity());
        Ok(())
    }

    /// A major's token where it takes a minor's place. Replacing the token
    /// of a minor exchanged for a treasury share, the major's token goes in
    /// the minor's space, judged by no placement rule (18xx.games's
    /// `ReplaceToken` asks none): true, the action done. As the major's
    /// home, the minor's trains become the major's and the minor closes,
    /// freeing the space the action's token then takes: false.
    pub(super) fn exchange_token(&mut self, a: &Action, place: &PlaceToken) -> Result<bool, Error> {
        if !self.exchanges_on() {
            return Ok(false);
        }
        let Some(major) = self.acting_company(a) else {
            return Ok(false);
        };
        if let Some((minor, to)) = self.exchanges.pending.clone()
            && to == major
        {
            self.exchanges.pending = None;
            let at = (self.state.tokens())
                .find(|(_, _, co)| **co == minor)
                .map(|(c, s, _)| (c, s));
            self.close_company(&minor)?;
            let Some((c, space)) = at else {
                return Ok(false);
            };
            self.apply_event(&Event::PutToken {
                c,
                space,
                company: major.clone(),
            })?;
            self.homes_down.insert(major);
            return Ok(true);
        }
        if self.has_tokens(&major) || self.is_minor(&major) {
            return Ok(false);
        }
        let (c, _, space) = self.city_space(a, &place.at, false)?;
        let Some((tile, _)) = self.state.tile_at(self.game, c) else {
            return Ok(false);
        };
        let Some(city) = tile.city_of_space(space) else {
            return Ok(false);
        };
        let minors: Vec<CompanyId> = (self.state.holders(c, tile.spaces_of_city(city)))
            .into_iter()
            .filter(|co| self.is_minor(co))
            .collect();
        let president = self.holders.get(&major);
        let minor = match minors.iter().find(|m| self.holders.get(*m) == president) {
            Some(m) => m.clone(),
            None if minors.len() == 1 => minors[0].clone(),
            None => return Ok(false),
        };
        self.minor_trains_to(&minor, Some(&major))?;
        self.close_company(&minor)?;
        Ok(false)
    }

    /// A minor's `buy_shares`: the exchange, when the title has it (a
    /// player's buy only moves shares out of the market).
    pub(super) fn exchange_shares(&mut self, a: &Action, shares: &[String]) -> Result<(), Error> {
        if !self.exchanges_on() {
            return Ok(());
        }
        let minor = self.company(&a.entity()).ok().filter(|m| self.is_minor(m));
        let Some(minor) = minor else {
            for s in shares {
                self.exchanges.pool.remove(s);
            }
            return Ok(());
        };
        let Some(share) = shares.first() else {
            return Ok(());
        };
        let from_market = self.exchanges.pool.remove(share);
        let major = share.split('_').next().unwrap_or_default();
        let major = self.company(major)?;
        if let (FinalRound::Open(acted), Some(player)) = (
            &mut self.exchanges.final_round,
            self.holders.get(&minor).cloned(),
        ) {
            acted.insert(player);
        }
        if from_market {
            self.minor_trains_to(&minor, None)?;
            return self.close_company(&minor);
        }
        self.minor_trains_to(&minor, Some(&major))?;
        if self.has_tokens(&major) {
            self.exchanges.pending = Some((minor, major));
            Ok(())
        } else {
            self.close_company(&minor)
        }
    }

    /// Shares sold (or issued) go to the market.
    pub(super) fn shares_to_market(&mut self, shares: &[String]) {
        if self.exchanges_on() {
            self.exchanges.pool.extend(shares.iter().cloned());
        }
    }

    /// A player's `pass` in the final exchange round: every minor the
    /// player holds closes, its trains to the depot.
    pub(super) fn exchange_pass(&mut self, a: &Action) -> Result<(), Error> {
        let FinalRound::Open(acted) = &mut self.exchanges.final_round else {
            return Ok(());
        };
        if a.by_company() || a.by_private() || !acted.insert(a.entity()) {
            return Ok(());
        }
        let player = a.entity();
        let held: Vec<CompanyId> = (self.game.companies.iter())
            .filter(|c| c.kind == CompanyKind::Minor)
            .map(|c| c.abbrev.clone())
            .filter(|m| !self.closed.contains(m) && self.holders.get(m) == Some(&player))
            .collect();
        for minor in held {
            self.minor_trains_to(&minor, None)?;
            self.close_company(&minor)?;
        }
        Ok(())
    }

    /// The first copy of `kind` bought: the final exchange round is called
    /// when it is the title's.
    pub(super) fn exchange_called(&mut self, kind: &str) {
        if self
            .play
            .minor_exchanges
            .as_ref()
            .is_some_and(|t| t.as_str() == kind)
            && matches!(self.exchanges.final_round, FinalRound::NotYet)
        {
            self.exchanges.final_round = FinalRound::Due;
        }
    }

    /// True when `company` has a token on the map (18xx.games's
    /// `placed_tokens`).
    fn has_tokens(&self, company: &CompanyId) -> bool {
        (self.state.hexes.values()).any(|h| h.tokens.values().any(|co| co == company))
    }

    fn is_minor(&self, company: &CompanyId) -> bool {
        self.game
            .company(company)
            .is_ok_and(|c| c.kind == CompanyKind::Minor)
    }

    /// The minor's trains go to `major` (then a pullman it cannot keep
    /// goes back), or to the depot with `None`.
    fn minor_trains_to(
        &mut self,
        minor: &CompanyId,
        major: Option<&CompanyId>,
    ) -> Result<(), Error> {
        let trains = self.trains.remove(minor).unwrap_or_default();
        if let Some(major) = major
            && !trains.is_empty()
        {
            self.trains.entry(major.clone()).or_default().extend(trains);
            self.pullman_kept(major)?;
        }
        self.emit_books()
    }
}

/// The record's company actions that belong to a stock round or the final
/// exchange round, not to an operating turn: a run of company actions with
/// players acting straight before and after, each a token, a share bought
/// or a pass, holding a minor's exchange or following a `par` (the major's
/// home token). No operating round begins with them.
pub(super) fn stock_round_exchanges(record: &Record) -> BTreeSet<u64> {
    let silent = |a: &&Action| matches!(a.kind, Kind::Message | Kind::Log | Kind::Program(_));
    let actions: Vec<&Action> = record.standing().iter().filter(|a| !silent(a)).collect();
    let by_player = |a: &Action| !a.by_company() && !a.by_private();
    let mut ids = BTreeSet::new();
    let mut i = 0;
    while i < actions.len() {
        if by_player(actions[i]) {
            i += 1;
            continue;
        }
        let end = (i..actions.len())
            .find(|&j| by_player(actions[j]))
            .unwrap_or(actions.len());
        let run = &actions[i..end];
        let before = i.checked_sub(1).map(|p| actions[p]);
        let kinds_fit = run.iter().all(|a| {
            matches!(
                a.kind,
                Kind::PlaceToken(_) | Kind::BuyShares(_) | Kind::Pass
            )
        });
        let exchange = run
            .iter()
            .any(|a| matches!(a.kind, Kind::BuyShares(_)) && a.by_minor());
        let after_par = before.is_some_and(|a| matches!(a.kind, Kind::Par(_)));
        if end < actions.len() && before.is_some() && kinds_fit && (exchange || after_par) {
            ids.extend(run.iter().map(|a| a.id));
        }
        i = end;
    }
    ids
}
