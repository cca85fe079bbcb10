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

/// Each company's shareholders (players by id, companies by name) with the
/// percent they hold, and its president.
#[derive(Default)]
pub(super) struct Holdings {
    companies: BTreeMap<CompanyId, Holders>,
    /// A takeover under way: the taker may still replace tokens.
    pending: Option<Pending>,
    cautioned: bool,
}

#[derive(Default)]
struct Holders {
    percent: BTreeMap<String, u32>,
    president: Option<String>,
}

struct Pending {
    taker: CompanyId,
    taken: CompanyId,
    /// Tokens the taker may still replace.
    left: u32,
}

impl Holders {
    /// The holder who becomes president after a transfer: one holding
    /// more than the president and at least a president's share
    /// (18xx.games's presidency change), else the president stays.
    fn president_after(&self) -> Option<String> {
        let held = |h: &str| self.percent.get(h).copied().unwrap_or(0);
        let current = self.president.as_deref().map_or(0, held);
        let (best, most) = (self.percent.iter())
            .filter(|(h, _)| Some(h.as_str()) != self.president.as_deref())
            .max_by_key(|(_, p)| **p)?;
        (*most > current && *most >= PRESIDENTS_PERCENT).then(|| best.clone())
    }
}

/// The company a share (`CS_1`) is of, and whether it is the president's.
fn share_of(share: &str) -> Option<(&str, bool)> {
    let (company, index) = share.rsplit_once('_')?;
    Some((company, index == "0"))
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
        let h = self.takeover.companies.entry(company).or_default();
        *h.percent.entry(a.entity()).or_default() += PRESIDENTS_PERCENT;
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
        let Some((name, _)) = shares.first().and_then(|s| share_of(s)) else {
            return Ok(());
        };
        let company = self.company(name)?;
        // A company's own shares in its treasury make no president.
        if company.as_str() == holder {
            return Ok(());
        }
        let percent = bundle.percent.unwrap_or_else(|| {
            (shares.iter())
                .map(|s| match share_of(s) {
                    Some((_, true)) => PRESIDENTS_PERCENT,
                    _ => 10,
                })
                .sum()
        });
        let next = {
            let h = self.takeover.companies.entry(company.clone()).or_default();
            if h.president.is_none() {
                // Its president's share came with a private, unseen.
                h.president = Some(UNKNOWN.to_string());
                h.percent.insert(UNKNOWN.to_string(), PRESIDENTS_PERCENT);
            }
            if !gain
                && h.president.as_deref() == Some(UNKNOWN)
                && shares.iter().any(|s| s.ends_with("_0"))
            {
                let unknown = h.percent.remove(UNKNOWN).unwrap_or(0);
                *h.percent.entry(holder.clone()).or_default() += unknown;
                h.president = Some(holder.clone());
            }
            let held = h.percent.entry(holder).or_default();
            *held = if gain {
                *held + percent
            } else {
                held.saturating_sub(percent)
            };
            let next = h.president_after();
            h.president = next.clone().or(h.president.take());
            next
        };
        if let Some(next) = next {
            if let Ok(taker) = self.company(&next)
                && !self.closed.contains(&taker)
            {
                self.take_over(&taker, &company)?;
            }
        }
        Ok(())
    }

    /// `taker` takes `taken` over (18xx.games's `execute_takeover!`).
    fn take_over(&mut self, taker: &CompanyId, taken: &CompanyId) -> Result<(), Error> {
        if !self.takeover.cautioned {
            self.takeover.cautioned = true;
            self.cautions.push(
                "hexroute follows who holds each company's shares from the record's share actions to know when a company takes another over; a share a private gives (the DPRT's, drawn by the engine) is not known".to_string(),
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
            h.percent.remove(taken.as_str());
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
