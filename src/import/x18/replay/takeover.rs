//! Takeovers (`from_18xx_games.mechanisms`: `Takeovers`, 18CO): the
//! replay follows who holds each company's shares, players and companies
//! alike, from the record's share actions; when a company becomes another's
//! president (it bought the most, or the president sold), it takes that
//! company over. Its trains and private companies become the taker's, its
//! tokens on hexes where the taker has one leave, the taker's token actions
//! that follow put the taker's tokens in place of some of the others
//! (18xx.games's takeover step), and the taken company closes, the rest of
//! its tokens leaving the map. All as `play` events.

use super::Replay;
use crate::error::Error;
use crate::game::CompanyId;
use crate::import::x18::record::{Action, Kind, Par, PlaceToken, Shares};
use crate::play::Event;
use std::collections::BTreeMap;

/// The holder the record does not name: the player given a company's
/// president's share with a private (18CO's DSNG with the DRGR).
const UNKNOWN: &str = "?";
/// A president's share, as 18CO's companies have it.
const PRESIDENTS_PERCENT: u32 = 20;

/// Each company's shares by id (`CS_1`) with who holds them (players by
/// id, companies by name, `POOL` for the market), and its president.
#[derive(Default)]
pub(super) struct Holdings {
    companies: BTreeMap<CompanyId, Holders>,
    /// A takeover under way: the taker may still replace tokens.
    pending: Option<Pending>,
    cautioned: bool,
}

/// The market's holder name.
const POOL: &str = "";

#[derive(Default)]
struct Holders {
    owner: BTreeMap<String, String>,
    president: Option<String>,
}

struct Pending {
    taker: CompanyId,
    taken: CompanyId,
    /// Tokens the taker may still replace.
    left: u32,
}

/// A share's percent: the president's (`_0`) 20, the others 10, as 18CO's
/// companies have them.
fn percent(share: &str) -> u32 {
    if share.ends_with("_0") {
        PRESIDENTS_PERCENT
    } else {
        10
    }
}

impl Holders {
    fn held(&self, holder: &str) -> u32 {
        (self.owner.iter())
            .filter(|(_, h)| h.as_str() == holder)
            .map(|(s, _)| percent(s))
            .sum()
    }

    /// After a transfer, the president changes (18xx.games's
    /// `transfer_shares`) when another holder, not the company or the
    /// market, holds more than the president and at least a president's
    /// share; players come before companies on a tie. The new president
    /// takes the president's share and gives two shares for it to the
    /// old one (to the market if the old one holds less than it).
    /// Returns the new president.
    fn presidency(&mut self, company: &CompanyId) -> Option<String> {
        let current = self.president.as_deref().map_or(0, |p| self.held(p));
        let holders: std::collections::BTreeSet<&String> = self.owner.values().collect();
        let (most, best) = (holders.into_iter())
            .filter(|h| h.as_str() != POOL && h.as_str() != company.as_str())
            .map(|h| (self.held(h), h.parse::<u64>().is_ok(), h.clone()))
            .filter(|(p, _, _)| *p >= PRESIDENTS_PERCENT)
            .max_by_key(|(p, player, _)| (*p, *player))
            .map(|(p, _, h)| (p, h))?;
        if most <= current || self.president.as_ref() == Some(&best) {
            return None;
        }
        let cert = format!("{company}_0");
        let old = self.president.replace(best.clone());
        let swap_to = old
            .clone()
            .filter(|o| self.held(o) >= PRESIDENTS_PERCENT)
            .unwrap_or_default();
        let given: Vec<String> = (self.owner.iter())
            .filter(|(s, h)| **h == best && **s != cert)
            .map(|(s, _)| s.clone())
            .take((PRESIDENTS_PERCENT / 10) as usize)
            .collect();
        for s in given {
            self.owner.insert(s, swap_to.clone());
        }
        self.owner.insert(cert, best.clone());
        Some(best)
    }
}

/// The company a share (`CS_1`) is of.
fn share_of(share: &str) -> Option<&str> {
    share.rsplit_once('_').map(|(company, _)| company)
}

impl Replay<'_> {
    fn takeovers(&self) -> bool {
        self.play.takeover_tokens.is_some()
    }

    /// Before `a`: a takeover under way ends unless `a` is the taker
    /// replacing one of the taken company's tokens (a pass discards the
    /// rest); the taken company closes.
    pub(super) fn takeover_prepare(&mut self, a: &Action) -> Result<(), Error> {
        let Some(p) = &self.takeover.pending else {
            return Ok(());
        };
        if matches!(a.kind, Kind::Message | Kind::Log | Kind::Program(_)) {
            return Ok(());
        }
        if let Kind::PlaceToken(place) = &a.kind
            && a.entity() == p.taker.as_str()
            && self.taken_space(a, place, &p.taken).is_some()
        {
            return Ok(());
        }
        let taken = p.taken.clone();
        self.takeover.pending = None;
        self.close_taken(&taken)
    }

    /// The hex and space where `place` puts a token, when `taken`'s token
    /// is there.
    fn taken_space(
        &self,
        a: &Action,
        place: &PlaceToken,
        taken: &CompanyId,
    ) -> Option<(crate::geometry::Coord, usize)> {
        let (c, _, space) = self.city_space(a, &place.at, false).ok()?;
        let there = self.state.tokens_at(c)?.get(&space)?;
        (there == taken).then_some((c, space))
    }

    /// `a` places a token: during a takeover, the taker's token takes the
    /// place of the taken company's (true: done here).
    pub(super) fn takeover_token(&mut self, a: &Action, place: &PlaceToken) -> Result<bool, Error> {
        let Some(p) = &self.takeover.pending else {
            return Ok(false);
        };
        let Some((c, space)) = self.taken_space(a, place, &p.taken) else {
            return Ok(false);
        };
        let (taker, taken) = (p.taker.clone(), p.taken.clone());
        self.apply_event(&Event::RemoveTokenAt { c, space })?;
        self.apply_event(&Event::PutToken {
            c,
            space,
            company: taker.clone(),
        })?;
        let left = self.takeover.pending.as_mut().map_or(0, |p| {
            p.left = p.left.saturating_sub(1);
            p.left
        });
        if left == 0 || self.placed(&taken) == 0 || self.unplaced(&taker) == 0 {
            self.takeover.pending = None;
            self.close_taken(&taken)?;
        }
        Ok(true)
    }

    /// A par: the player holds the president's share.
    pub(super) fn takeover_par(&mut self, a: &Action, par: &Par) -> Result<(), Error> {
        if !self.takeovers() {
            return Ok(());
        }
        let company = self.company(Self::field(a, &par.corporation, "corporation")?)?;
        let h = self.takeover.companies.entry(company.clone()).or_default();
        h.owner.insert(format!("{company}_0"), a.entity());
        h.president = Some(a.entity());
        Ok(())
    }

    /// Shares bought (`gain`) or sold by the acting player or company; a
    /// company becoming a president takes that company over.
    pub(super) fn takeover_shares(
        &mut self,
        a: &Action,
        bundle: &Shares,
        gain: bool,
    ) -> Result<(), Error> {
        if !self.takeovers() {
            return Ok(());
        }
        let holder = a.entity();
        let shares = bundle.shares.as_deref().unwrap_or_default();
        let Some(name) = shares.first().and_then(|s| share_of(s)) else {
            return Ok(());
        };
        let company = self.company(name)?;
        let to = match gain {
            true => holder,
            false => POOL.to_string(),
        };
        let next = {
            let h = self.takeover.companies.entry(company.clone()).or_default();
            let cert = format!("{company}_0");
            if h.president.is_none() {
                // Its president's share came with a private, unseen.
                h.president = Some(UNKNOWN.to_string());
                h.owner
                    .entry(cert.clone())
                    .or_insert_with(|| UNKNOWN.to_string());
            }
            if !gain
                && h.owner.get(&cert).map(String::as_str) == Some(UNKNOWN)
                && shares.contains(&cert)
            {
                h.president = Some(a.entity());
            }
            for s in shares {
                h.owner.insert(s.clone(), to.clone());
            }
            h.presidency(&company)
        };
        if let Some(next) = next
            && let Ok(taker) = self.company(&next)
            && !self.closed.contains(&taker)
        {
            self.take_over(&taker, &company)?;
        }
        Ok(())
    }

    /// `taker` takes `taken` over (18xx.games's `execute_takeover!`).
    fn take_over(&mut self, taker: &CompanyId, taken: &CompanyId) -> Result<(), Error> {
        if !self.takeover.cautioned {
            self.takeover.cautioned = true;
            self.cautions.push(
                "hexroute follows who holds each company's shares from the record's share actions to know when a company takes another over; a share a private gives at random (18CO's DPRT, 18MT's WSS: drawn by the engine) is not known".to_string(),
            );
        }
        if let Some(trains) = self.trains.remove(taken) {
            self.trains.entry(taker.clone()).or_default().extend(trains);
        }
        for owner in self.privates.values_mut() {
            if owner == taken {
                *owner = taker.clone();
            }
        }
        if self.unplaced(taker) == 0 {
            return self.close_taken(taken);
        }
        let redundant: Vec<_> = (self.state.tokens())
            .filter(|(c, _, co)| {
                *co == taken
                    && (self.state.tokens_at(*c)).is_some_and(|t| t.values().any(|o| o == taker))
            })
            .map(|(c, space, _)| (c, space))
            .collect();
        for (c, space) in redundant {
            self.apply_event(&Event::RemoveTokenAt { c, space })?;
        }
        let replaced = self.play.takeover_tokens.unwrap_or(0);
        if replaced == 0 || self.placed(taken) == 0 {
            return self.close_taken(taken);
        }
        self.takeover.pending = Some(Pending {
            taker: taker.clone(),
            taken: taken.clone(),
            left: replaced,
        });
        Ok(())
    }

    /// The taken company closes: its shares held elsewhere return to the
    /// market and it holds none of others'.
    fn close_taken(&mut self, taken: &CompanyId) -> Result<(), Error> {
        self.close_company(taken)?;
        self.takeover.companies.remove(taken);
        for h in self.takeover.companies.values_mut() {
            for holder in h.owner.values_mut() {
                if holder == taken.as_str() {
                    *holder = POOL.to_string();
                }
            }
        }
        Ok(())
    }

    fn placed(&self, company: &CompanyId) -> usize {
        self.state
            .tokens()
            .filter(|(_, _, co)| *co == company)
            .count()
    }

    fn unplaced(&self, company: &CompanyId) -> usize {
        let tokens = self.game.company(company).map_or(0, |c| c.tokens as usize);
        tokens.saturating_sub(self.placed(company))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holders(owners: &[(&str, &str)], president: &str) -> Holders {
        Holders {
            owner: (owners.iter())
                .map(|(s, h)| (s.to_string(), h.to_string()))
                .collect(),
            president: Some(president.to_string()),
        }
    }

    /// 22032's CS at action 236, worked by hand: player 1 (president: CS_0,
    /// CS_1, CS_2, 40%) has sold all three to the market; player 2 holds
    /// CS_3, CS_4, CS_5 (30%), more than the president's 0 and at least
    /// 20%, so becomes president: the president's share for two of theirs,
    /// which go to the market (player 1 holds less than 20%): 20 + 10 = 30.
    #[test]
    fn a_president_selling_out_hands_the_presidency_over() {
        let mut h = holders(
            &[
                ("CS_0", POOL),
                ("CS_1", POOL),
                ("CS_2", POOL),
                ("CS_3", "2"),
                ("CS_4", "2"),
                ("CS_5", "2"),
            ],
            "1",
        );
        assert_eq!(h.presidency(&"CS".into()).as_deref(), Some("2"));
        assert_eq!(h.held("2"), 30);
        assert_eq!(h.owner["CS_3"], POOL);
        assert_eq!(h.owner["CS_4"], POOL);
        assert_eq!(h.owner["CS_0"], "2");
    }

    /// A company holding as much as the president (30% each) does not
    /// become president; with 40% it does, and the old president, who
    /// still holds 20% or more, takes two of its shares for the
    /// president's: the old president 30 - 20 + 20 = 30, the company
    /// 40 - 20 + 20 = 40.
    #[test]
    fn a_company_holding_more_than_the_president_becomes_it() {
        let mut h = holders(
            &[
                ("CS_0", "2"),
                ("CS_5", "2"),
                ("CS_1", "ROCK"),
                ("CS_2", "ROCK"),
                ("CS_3", "ROCK"),
                ("CS_4", POOL),
            ],
            "2",
        );
        assert_eq!(h.presidency(&"CS".into()), None);
        h.owner.insert("CS_4".to_string(), "ROCK".to_string());
        assert_eq!(h.presidency(&"CS".into()).as_deref(), Some("ROCK"));
        assert_eq!((h.held("ROCK"), h.held("2")), (40, 30));
        assert_eq!(h.owner["CS_0"], "ROCK");
    }

    /// The company's own shares (its treasury) and the market's make no
    /// president, however many.
    #[test]
    fn treasury_and_market_shares_make_no_president() {
        let mut h = holders(
            &[
                ("CS_0", "2"),
                ("CS_1", "CS"),
                ("CS_2", "CS"),
                ("CS_3", "CS"),
                ("CS_4", POOL),
                ("CS_5", POOL),
                ("CS_6", POOL),
            ],
            "2",
        );
        assert_eq!(h.presidency(&"CS".into()), None);
    }
}
