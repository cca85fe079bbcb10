//! The late game of titles with a national (1867, 1861): trains exported as
//! operating rounds end, minors merging into or converting to majors, and
//! companies nationalised, their tokens going to the national. The engine
//! does the exports and most nationalising with no action; the replay
//! finds when from the record's rounds and the game's facts.

use super::Replay;
use crate::error::Error;
use crate::game::{CompanyId, CompanyKind, Holding, National, PhaseId};
use crate::geometry::Coord;
use crate::import::x18::record::{Action, EngineTrain, Kind};
use crate::play::{self, Event, Nationalise};

impl<'g> Replay<'g> {
    /// An operating round has ended: in a phase that exports, the depot's
    /// next train leaves (and may begin a phase).
    pub(super) fn round_ended(&mut self) -> Result<(), Error> {
        let used = std::mem::take(&mut self.privates_used);
        self.privates_gone
            .extend(used.into_iter().map(Holding::Private));
        let phase = self.state.phase;
        if let Some((national, cn)) = self.national()?
            && national.operates.contains(&phase)
        {
            self.national_operates(&cn)?;
            self.caution_unseen_buy(&cn)?;
        }
        if !self.play.exports.contains(&phase) {
            return Ok(());
        }
        let Some(id) = self.next_in_depot() else {
            return Ok(());
        };
        let together = (self.play.depot.iter())
            .any(|d| d.train.as_str() == id.name() && d.exported_together && d.count.is_some());
        self.leaves_depot(&id)?;
        // The rest of its type go with it (a counted type: this ends).
        while together
            && let Some(next) = self.next_in_depot()
            && next.name() == id.name()
        {
            self.leaves_depot(&next)?;
        }
        Ok(())
    }

    /// Train `id` leaves the depot with no action (exported, or bought by
    /// the national): the first of its type begins its phase.
    pub(super) fn leaves_depot(&mut self, id: &EngineTrain) -> Result<(), Error> {
        self.emit_books()?;
        self.gone.insert(id.clone());
        let kind = self.train_type(id)?;
        let first = self.left_depot.insert(kind.to_string());
        self.left_depot.insert(id.name().to_string());
        if first {
            self.first_of(&kind)?;
        }
        Ok(())
    }

    /// The engine's id of the depot's next train (`5-2`), if any is left.
    pub(super) fn next_in_depot(&self) -> Option<EngineTrain> {
        self.play.depot.iter().find_map(|d| {
            let out = self.gone_of(d.train.as_str());
            let left = d.count.is_none_or(|n| out < n);
            left.then(|| EngineTrain::new(d.train.as_str(), out))
        })
    }

    /// How many trains of a type have left the depot.
    pub(super) fn gone_of(&self, kind: &str) -> u32 {
        self.gone.iter().filter(|id| id.name() == kind).count() as u32
    }

    /// Why a train bought from the depot shows that trains of its type left
    /// it unseen (its copy number is past those that left).
    pub(super) fn left_unseen_by_count(&self, id: &EngineTrain) -> Option<String> {
        if self.play.depot.is_empty() || self.gone.contains(id) || self.owner_of(id).is_some() {
            return None;
        }
        let copy = id.copy()?;
        let gone = self.gone_of(id.name());
        (copy > gone).then(|| {
            format!(
                "train {id} is bought, but {gone} of its type had left the depot as hexroute replays it: trains left unseen"
            )
        })
    }

    /// The title's national, if it has one, and its company id.
    fn national(&self) -> Result<Option<(&'g National, CompanyId)>, Error> {
        let play: &'g crate::game::Play = self.play;
        let Some(national) = play.national.as_ref() else {
            return Ok(None);
        };
        let cn = self.game.company(&national.company)?.abbrev.clone();
        Ok(Some((national, cn)))
    }

    /// The phases after `from` up to `to` have begun: the national takes
    /// the private companies and minors it takes then.
    pub(super) fn phase_events(&mut self, from: usize, to: usize) -> Result<(), Error> {
        let Some((national, cn)) = self.national()? else {
            return Ok(());
        };
        for p in from + 1..=to {
            let p = PhaseId(p);
            if national.privates_from == Some(p) {
                // Not the engine's hidden company of the early rules
                // (1867's "3"), closed when they end.
                let hidden = |sym: &Holding| {
                    self.game
                        .privates
                        .iter()
                        .any(|p| *sym == p.abbrev && p.holds_early_rules())
                };
                for sym in self.game.private_syms() {
                    if !hidden(&sym) && !self.privates_gone.contains(&sym) {
                        self.privates.insert(sym, cn.clone());
                    }
                }
            }
            if national.minors_until == Some(p) {
                let minors = self.sorted(self.minors());
                self.caution_order(&cn, &minors)?;
                for minor in minors {
                    self.nationalise(&minor)?;
                }
            }
            if national.trainless_phases.contains(&p) {
                let trainless: Vec<CompanyId> = self
                    .minors()
                    .into_iter()
                    .filter(|co| self.acted.contains(co))
                    .filter(|co| self.trains.get(co).is_none_or(Vec::is_empty))
                    .collect();
                for minor in self.sorted(trainless) {
                    self.nationalise(&minor)?;
                }
            }
        }
        Ok(())
    }

    /// Minors that have acted or hold a token, and have not closed.
    fn minors(&self) -> Vec<CompanyId> {
        let mut all: Vec<CompanyId> = self.acted.iter().cloned().collect();
        for h in self.state.hexes.values() {
            all.extend(h.tokens.values().cloned());
        }
        all.sort();
        all.dedup();
        all.into_iter()
            .filter(|co| !self.closed.contains(co))
            .filter(|co| {
                self.game
                    .company(co)
                    .is_ok_and(|c| c.kind == CompanyKind::Minor)
            })
            .collect()
    }

    /// In the order the last operating round saw them (the engine sorts
    /// by share price, which hexroute does not keep), then by name.
    fn sorted(&self, mut companies: Vec<CompanyId>) -> Vec<CompanyId> {
        let at = |co: &CompanyId| {
            self.or_order
                .iter()
                .position(|o| o == co)
                .unwrap_or(usize::MAX)
        };
        companies.sort_by(|a, b| at(a).cmp(&at(b)).then_with(|| a.cmp(b)));
        companies
    }

    /// `company` is nationalised (a `play` event): its tokens leave, the
    /// national's may replace them, and it closes (a major may start
    /// again). What the engine keeps of it beside the map goes with it.
    pub(super) fn nationalise(&mut self, company: &CompanyId) -> Result<(), Error> {
        let Some((national, cn)) = self.national()? else {
            return Ok(());
        };
        if *company == cn {
            return Ok(());
        }
        let event = Event::Nationalise(Nationalise {
            company: company.clone(),
            national: cn.clone(),
            kept: self.reserved.clone(),
            takes_assets: national.takes_assets,
        });
        let played = play::apply(self.game, &self.state, &event)?;
        self.state = played.edit.next;
        if let Some(kept) = played.kept {
            self.reserved = kept;
        }
        let trains = self.trains.remove(company).unwrap_or_default();
        if national.takes_assets {
            self.trains.entry(cn.clone()).or_default().extend(trains);
            for owner in self.privates.values_mut() {
                if owner == company {
                    *owner = cn.clone();
                }
            }
        }
        let gone = &mut self.privates_gone;
        self.privates.retain(|p, owner| {
            let closes = owner == company;
            if closes {
                gone.insert(p.clone());
            }
            !closes
        });
        let minor = self
            .game
            .company(company)
            .is_ok_and(|c| c.kind == CompanyKind::Minor);
        if minor {
            self.closed.insert(company.clone());
        } else {
            // A major may be started again, with its home token.
            self.homes_down.remove(company);
            self.sold.remove(company);
            let game = self.game;
            self.shares_seen.retain(|s| {
                s.rsplit_once('_').is_none_or(|(name, _)| {
                    game.company(name).map(|c| &c.abbrev).ok() != Some(company)
                })
            });
        }
        Ok(())
    }

    /// Tokens `company` has not put on the map.
    fn free_tokens(&self, company: &CompanyId) -> Result<usize, Error> {
        play::free_tokens(self.game, &self.state, company)
    }

    /// The national operates: its home token goes down if it keeps its
    /// home hex still and has no token there.
    pub(super) fn national_operates(&mut self, company: &CompanyId) -> Result<(), Error> {
        let Some((national, cn)) = self.national()? else {
            return Ok(());
        };
        if !national.home_when_operating || cn != *company {
            return Ok(());
        }
        let Some(home) = self.game.home(company) else {
            return Ok(());
        };
        let there = self
            .state
            .tokens_at(home)
            .is_some_and(|t| t.values().any(|co| co == company));
        if there || !self.reserved.contains(&home) || self.free_tokens(company)? == 0 {
            return Ok(());
        }
        self.reserved.remove(&home);
        self.put_home_token(company, home)
    }

    /// The national runs: trains its run names that it did not have, it
    /// bought from the depot as its turn began, with no action.
    pub(super) fn national_runs(&mut self, a: &Action) -> Result<(), Error> {
        let Some((national, cn)) = self.national()? else {
            return Ok(());
        };
        let Kind::RunRoutes { routes } = &a.kind else {
            return Ok(());
        };
        if !national.buys_unseen || self.acting_company(a) != Some(cn.clone()) {
            return Ok(());
        }
        for route in routes.iter().flatten() {
            let id = route.train.clone();
            if self.owner_of(&id).is_some() {
                continue;
            }
            self.national_gets(&cn, id)?;
        }
        Ok(())
    }

    /// A train bought from the depot shows that trains of its type left
    /// unseen: where the national buys with no action, it bought them as
    /// its last turn ended, and has them now.
    pub(super) fn national_bought(&mut self, a: &Action) -> Result<(), Error> {
        let Some((national, cn)) = self.national()? else {
            return Ok(());
        };
        let Kind::BuyTrain(buy) = &a.kind else {
            return Ok(());
        };
        if !national.buys_unseen {
            return Ok(());
        }
        let id = Self::given(a, &buy.train, "train")?;
        if self.gone.contains(id) || self.owner_of(id).is_some() {
            return Ok(());
        }
        self.phase_bought(&cn, id.name())?;
        let Some(copy) = id.copy() else {
            return Ok(());
        };
        let kind = id.name();
        for n in self.gone_of(kind)..copy {
            self.national_gets(&cn, EngineTrain::new(kind, n))?;
        }
        Ok(())
    }

    /// A train the depot sells only from a later phase is bought: the
    /// national bought the first train of that phase, unseen.
    fn phase_bought(&mut self, cn: &CompanyId, kind: &str) -> Result<(), Error> {
        let Some(phase) = self
            .play
            .depot
            .iter()
            .find(|d| d.train.as_str() == kind)
            .and_then(|d| d.available)
        else {
            return Ok(());
        };
        let named = self.game.phases[phase].name.clone();
        if self.state.phase >= phase || !self.play.depot.iter().any(|d| d.train.as_str() == named) {
            return Ok(());
        }
        let n = self.gone_of(&named);
        self.national_gets(cn, EngineTrain::new(&named, n))
    }

    /// The national has train `id` from the depot.
    fn national_gets(&mut self, cn: &CompanyId, id: EngineTrain) -> Result<(), Error> {
        self.trains.entry(cn.clone()).or_default().push(id.clone());
        self.leaves_depot(&id)
    }

    /// The national has operated, and may have bought trains with no
    /// action: where the depot's next train is the first of its type and
    /// begins a phase, say that the replay assumes it did not (until the
    /// record shows it), once for each type.
    fn caution_unseen_buy(&mut self, cn: &CompanyId) -> Result<(), Error> {
        if !self.national()?.is_some_and(|(n, _)| n.buys_unseen) {
            return Ok(());
        }
        let Some(id) = self.next_in_depot() else {
            return Ok(());
        };
        let kind = self.train_type(&id)?;
        let begins = self.game.phases.iter().any(|p| p.name == kind.as_str());
        if !begins || self.left_depot.contains(kind.as_str()) {
            return Ok(());
        }
        let said = first(&kind);
        if self.cautions.iter().any(|c| c.contains(&said)) {
            return Ok(());
        }
        let caution = format!(
            "before action {}: {cn} may have bought {said}as the operating round ended (it buys with cash hexroute does not keep); hexroute assumes it did not until the record shows it",
            self.last_action
        );
        self.unseen_buys.push((kind, caution.clone()));
        self.cautions.push(caution);
        Ok(())
    }

    /// Every minor is nationalised at once: where the national has too
    /// few tokens for their cities, which cities get one depends on the
    /// minors' order, the engine's share-price order, which hexroute does
    /// not keep; say so.
    fn caution_order(&mut self, cn: &CompanyId, minors: &[CompanyId]) -> Result<(), Error> {
        let free = self.free_tokens(cn)?;
        let held: usize = minors.iter().map(|m| play::tokens_of(&self.state, m)).sum();
        if minors.len() > 1 && held > free {
            let names: Vec<&str> = minors.iter().map(|m| m.as_str()).collect();
            self.cautions.push(format!(
                "before action {}: every minor is nationalised and {} has tokens for only {free} of their {held} cities; the engine takes the minors in share-price order, which hexroute does not keep, and hexroute takes them in the order they last operated ({})",
                self.last_action,
                cn,
                names.join(", ")
            ));
        }
        Ok(())
    }

    /// A company bought the first train of `kind` from the depot: the
    /// national did not before, and no caution about it holds.
    pub(super) fn seen_first(&mut self, kind: &str) {
        let said = first(kind);
        self.cautions.retain(|c| !c.contains(&said));
        self.unseen_buys.retain(|(k, _)| k.as_str() != kind);
    }

    /// The national's kept token goes on its tile when that tile is laid.
    pub(super) fn reserved_tile(&mut self, c: Coord, tile: &str) -> Result<(), Error> {
        let Some((national, cn)) = self.national()? else {
            return Ok(());
        };
        if national.reserved_tile.as_deref() != Some(tile) || self.reserved.is_empty() {
            return Ok(());
        }
        let there = self
            .state
            .tokens_at(c)
            .is_some_and(|t| t.values().any(|co| *co == cn));
        if there || self.free_tokens(&cn)? == 0 {
            return Ok(());
        }
        self.reserved.remove(&c);
        let event = Event::KeptToken { c, national: cn };
        self.state = play::apply(self.game, &self.state, &event)?.edit.next;
        Ok(())
    }

    /// `convert` (a minor becomes the major it names next) and `merge`
    /// (minors join, then all become the major named last).
    pub(super) fn convert(&mut self, a: &Action) -> Result<(), Error> {
        self.merging = vec![self.company(&a.entity())?];
        Ok(())
    }

    pub(super) fn merge(&mut self, a: &Action, corporation: &Option<String>) -> Result<(), Error> {
        let entity = self.company(&a.entity())?;
        let other = Self::field(a, corporation, "corporation")?;
        let other = self.company(other)?;
        if self.merging.is_empty() {
            self.merging.push(entity);
        }
        let minor = self.game.company(&other)?.kind == CompanyKind::Minor;
        if minor {
            self.merging.push(other);
            return Ok(());
        }
        let merging = std::mem::take(&mut self.merging);
        let merging = self.sorted(merging);
        let event = Event::Merge {
            from: merging.clone(),
            into: other.clone(),
        };
        self.state = play::apply(self.game, &self.state, &event)?.edit.next;
        for from in &merging {
            if let Some(trains) = self.trains.remove(from) {
                self.trains.entry(other.clone()).or_default().extend(trains);
            }
            for owner in self.privates.values_mut() {
                if owner == from {
                    *owner = other.clone();
                }
            }
            self.closed.insert(from.clone());
        }
        self.homes_down.insert(other);
        Ok(())
    }

    /// A trainless major chooses to be nationalised.
    pub(super) fn choose(&mut self, a: &Action) -> Result<(), Error> {
        let company = self.company(&a.entity())?;
        self.nationalise(&company)
    }
}

/// How a caution names the first train of a type (`the first 8 `).
fn first(kind: &str) -> String {
    format!("the first {kind} ")
}
