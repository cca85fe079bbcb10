//! Trains in the replay: which company holds which (by the engine's id,
//! variants kept), the depot's firsts that begin phases, trains that come
//! with privates, and the operating rounds at whose start a title changes
//! phase or rusts trains.

use super::Replay;
use crate::error::Error;
use crate::game::{CompanyId, Holding, PhaseId, TrainId};
use crate::import::x18::record::{Action, BuyTrain, EngineTrain, Kind};
use crate::play::{self, Event};
use std::collections::BTreeSet;

/// Which operating round the record is in. A round begins with the first
/// company to act after a stock round (a player bids, pars, buys shares or
/// passes), or with a company acting again after another company, when it
/// has had its turn in this round. (A round in which one company alone
/// operates, straight after another of its own, is not seen.)
pub(super) struct Rounds {
    pub(super) begun: u32,
    pub(super) stock: bool,
    pub(super) operated: BTreeSet<CompanyId>,
    pub(super) last: Option<CompanyId>,
    /// A company has done what only an operating round has (lay, run, buy
    /// a train) in this round.
    pub(super) operating: bool,
    /// Sets of operating rounds ended (stock rounds begun after one).
    pub(super) sets_ended: u32,
}

/// A player's actions that only a stock round (or the draft) has.
pub(super) fn stock(kind: &Kind) -> bool {
    matches!(
        kind,
        Kind::Bid(_) | Kind::Par(_) | Kind::BuyShares(_) | Kind::Pass
    )
}

impl Replay<'_> {
    /// `company` acts: an operating round may begin, and with it what the
    /// title does then. A company `counted` has had its turn in this round
    /// (not one that only passed in a merger round).
    pub(super) fn round_turn(&mut self, company: &CompanyId, counted: bool) -> Result<(), Error> {
        let r = &self.rounds;
        let again = r.last.as_ref() != Some(company) && r.operated.contains(company);
        if again && !r.stock {
            self.end_round()?;
        }
        let r = &mut self.rounds;
        if r.stock || again {
            r.begun += 1;
            r.operating = false;
            r.stock = false;
            r.operated.clear();
            self.ran_this_round.clear();
            let round = self.rounds.begun;
            for event in self.play.rounds.iter().filter(|e| e.round == round) {
                if let Some(phase) = event.phase {
                    self.begin_phase(phase)?;
                }
                for train in &event.rust {
                    self.apply_event(&Event::Rust(train.clone()))?;
                }
                let game = self.game;
                let variants = &self.variants;
                for list in self.trains.values_mut() {
                    list.retain(|id| {
                        let kind = variants.get(id).map_or_else(|| id.name(), |v| v.as_str());
                        let kind = game.train(kind).map_or(kind, |t| t.name.as_str());
                        !event.rust.iter().any(|r| r.as_str() == kind)
                    });
                }
                self.trains.retain(|_, list| !list.is_empty());
                self.emit_books()?;
            }
        }
        if counted {
            self.rounds.operated.insert(company.clone());
        }
        self.rounds.last = Some(company.clone());
        if self.rounds.operating && !self.or_order.contains(company) {
            self.or_order.push(company.clone());
        }
        Ok(())
    }

    /// A round ends (players act, or a company that has acted acts again):
    /// what the engine does as an operating round ends.
    pub(super) fn end_round(&mut self) -> Result<(), Error> {
        if std::mem::take(&mut self.rounds.operating) {
            self.round_ended()?;
        }
        self.formations_due()
    }

    /// The type of train `id` (`5-1` → `5`; a variant as it was bought),
    /// as our game names it.
    pub(super) fn train_type(&self, id: &EngineTrain) -> Result<TrainId, Error> {
        let name = self
            .variants
            .get(id)
            .map_or_else(|| id.name(), |v| v.as_str());
        Ok(self.game.train(name)?.name.clone())
    }

    pub(super) fn owner_of(&self, id: &EngineTrain) -> Option<CompanyId> {
        self.trains
            .iter()
            .find(|(_, list)| list.iter().any(|t| t == id))
            .map(|(co, _)| co.clone())
    }

    pub(super) fn take_train(&mut self, id: &EngineTrain) {
        for list in self.trains.values_mut() {
            list.retain(|t| t != id);
        }
        self.trains.retain(|_, list| !list.is_empty());
    }

    /// Why a train bought from the depot shows that the first of its type
    /// left the depot with no action (the engine exports trains at the end
    /// of some rounds in some titles): the phase that train began, and when,
    /// is not known, so the replay stops rather than guess.
    pub(super) fn left_unseen(&self, a: &Action) -> Result<Option<String>, Error> {
        let Kind::BuyTrain(buy) = &a.kind else {
            return Ok(None);
        };
        let id = Self::given(a, &buy.train, "train")?;
        if let Some(why) = self.left_unseen_by_count(id) {
            return Ok(Some(why));
        }
        let kind = self.train_type(id)?;
        // A variant (18MS's 4D) is a copy of its train's first variant (2D).
        let unseen = self.owner_of(id).is_none()
            && id.copy().is_some_and(|copy| copy > 0)
            && !(self.play.held_trains.iter()).any(|r| EngineTrain::from(r.as_str()) == *id)
            && !self.left_depot.contains(kind.as_str())
            && !self.left_depot.contains(id.name())
            && !self.borrowed_types.contains(kind.as_str());
        Ok(unseen.then(|| {
            format!(
                "train {id} is bought, so a {kind} left the depot before with no action (exported); hexroute does not replay exports, nor the phase one may begin"
            )
        }))
    }

    pub(super) fn buy_train(&mut self, a: &Action, buy: &BuyTrain) -> Result<(), Error> {
        // A private's discount (18MS's Mobile & Ohio, 18AL's New Decatur
        // Yards) buys for its owner.
        let buyer = match a.by_private() {
            true => self.acting_company(a).ok_or_else(|| {
                Error::Import(format!(
                    "a train bought by {}, which no company owns",
                    a.entity()
                ))
            })?,
            false => self.company(&a.entity())?,
        };
        let id = Self::given(a, &buy.train, "train")?.clone();
        if let Some(given) = &buy.exchange {
            self.take_train(given);
        }
        let from_depot = self.owner_of(&id).is_none() && !self.gone.contains(&id);
        self.gone.insert(id.clone());
        if from_depot && let Some(variant) = &buy.variant {
            let variant = self.game.train(variant)?.name.clone();
            self.variants.insert(id.clone(), variant);
        }
        let kind = self.train_type(&id)?;
        self.take_train(&id);
        self.trains.entry(buyer).or_default().push(id.clone());
        self.emit_books()?;
        if from_depot && self.left_depot.insert(kind.to_string()) {
            self.exchange_called(kind.as_str());
            self.seen_first(&kind);
            self.first_of(&kind)?;
        }
        // The engine ties the event to the kind's first copy, which a
        // reserved train put before it may follow.
        let first_copy = |k: &str| id.name() == k && id.copy() == Some(0);
        if from_depot && self.lift.as_ref().is_some_and(|k| first_copy(k.as_str())) {
            self.lift_tiles()?;
        }
        if from_depot {
            self.left_depot.insert(id.name().to_string());
        }
        if from_depot
            && self
                .play
                .lose_lowest_with
                .as_ref()
                .is_some_and(|k| first_copy(k))
        {
            self.lose_lowest_given()?;
        }
        Ok(())
    }

    /// The company's run (or its dividend) uses its one-run token: the
    /// engine's dividend step uses it, run or skipped when nothing is paid.
    pub(super) fn lose_lowest_used(&mut self, a: &Action) -> Result<(), Error> {
        if let Some(company) = self.acting_company(a)
            && self.state.lose_lowest.contains(&company)
        {
            let event = Event::LoseLowest {
                company,
                holds: false,
            };
            self.state = play::apply(self.game, &self.state, &event)?.edit.next;
        }
        Ok(())
    }

    /// The engine's event (18TN's `civil_war`): the buyer and every company
    /// owning a train take the one-run token.
    fn lose_lowest_given(&mut self) -> Result<(), Error> {
        let holders: Vec<CompanyId> = self
            .trains
            .iter()
            .filter(|(_, list)| !list.is_empty())
            .map(|(co, _)| co.clone())
            .collect();
        for company in holders {
            if self.state.lose_lowest.contains(&company) {
                continue;
            }
            let event = Event::LoseLowest {
                company,
                holds: true,
            };
            self.state = play::apply(self.game, &self.state, &event)?.edit.next;
        }
        Ok(())
    }

    /// The first train of a type has left the depot: the phase named for
    /// it (or begun by it, `PhaseTrains`: the latest of those it begins,
    /// as 18CO's E begins 6b and 7) begins.
    pub(super) fn first_of(&mut self, kind: &TrainId) -> Result<(), Error> {
        let by_train = self
            .play
            .phase_trains
            .iter()
            .filter(|p| p.trains.contains(kind))
            .map(|p| p.phase)
            .max();
        let named = self
            .game
            .phases
            .iter()
            .position(|p| p.name == kind.as_str())
            .map(PhaseId);
        if let Some(phase) = by_train.or(named) {
            self.begin_phase(phase)?;
        }
        Ok(())
    }

    /// `phase` begins, unless it has: the trains that rust then leave play,
    /// and private companies close when it is theirs.
    pub(super) fn begin_phase(&mut self, phase: PhaseId) -> Result<(), Error> {
        if phase <= self.state.phase {
            return Ok(());
        }
        self.emit_books()?;
        let from = self.state.phase.0;
        let through = || self.state.phase.through(phase);
        let rusting: Vec<String> = through()
            .flat_map(|p| self.game.rusting_at(p))
            .map(str::to_string)
            .collect();
        let obsolete: Vec<&str> = through().flat_map(|p| self.game.obsolete_at(p)).collect();
        let made_obsolete: Vec<EngineTrain> = self
            .trains
            .values()
            .flatten()
            .filter(|id| {
                self.train_type(id)
                    .is_ok_and(|kind| obsolete.contains(&kind.as_str()))
            })
            .cloned()
            .collect();
        self.obsolete.extend(made_obsolete);
        self.state = play::apply(self.game, &self.state, &Event::Phase(phase))?
            .edit
            .next;
        if self.game.privates_close.is_some_and(|close| phase >= close) {
            self.privates_closed()?;
            let kept = &self.game.privates_kept;
            self.privates.retain(|p, _| kept.contains(p));
        }
        self.markers_leave(phase);
        let game = self.game;
        let variants = &self.variants;
        for list in self.trains.values_mut() {
            list.retain(|id| {
                let name = variants.get(id).map_or_else(|| id.name(), |v| v.as_str());
                let name = game.train(name).map_or(name, |t| t.name.as_str());
                !rusting.iter().any(|r| r == name)
            });
        }
        self.trains.retain(|_, list| !list.is_empty());
        self.pullmans_kept()?;
        self.emit_books()?;
        self.minors_closing(from)?;
        self.phase_events(from, phase.0)
    }

    /// A company's dividend: its obsolete trains have run once more, and
    /// leave (18xx.games's rust_obsolete_trains!).
    pub(super) fn dividend(&mut self, a: &Action) -> Result<(), Error> {
        let Some(company) = self.acting_company(a) else {
            return Ok(());
        };
        self.lose_lowest_used(a)?;
        let obsolete = &self.obsolete;
        if let Some(list) = self.trains.get_mut(&company) {
            list.retain(|id| !obsolete.contains(id));
        }
        self.trains.retain(|_, list| !list.is_empty());
        Ok(())
    }

    /// `borrow_train`: a trainless company (1856's CGR) has a depot train
    /// for its turn, free; it begins no phase (18xx.games's `buy_train`
    /// with no purchase step).
    pub(super) fn borrow_train(
        &mut self,
        a: &Action,
        train: &Option<EngineTrain>,
    ) -> Result<(), Error> {
        let company = self.company(&a.entity())?;
        let id = Self::given(a, train, "train")?.clone();
        let kind = self.train_type(&id)?.to_string();
        self.borrowed_types.insert(kind);
        self.trains
            .entry(company.clone())
            .or_default()
            .push(id.clone());
        self.borrowed.insert(company, id);
        Ok(())
    }

    /// The turn of `company` has ended: a train it borrowed is back in the
    /// depot (the engine returns it as its train step ends, after its run).
    pub(super) fn return_borrowed(&mut self, company: &CompanyId) {
        if let Some(id) = self.borrowed.remove(company) {
            self.take_train(&id);
        }
    }

    pub(super) fn discard_train(
        &mut self,
        a: &Action,
        train: &Option<EngineTrain>,
    ) -> Result<(), Error> {
        let id = Self::given(a, train, "train")?;
        self.take_train(id);
        Ok(())
    }

    pub(super) fn buy_company(
        &mut self,
        a: &Action,
        company: &Option<String>,
    ) -> Result<(), Error> {
        let private = Self::field(a, company, "company")?;
        if let Some(buyer) = self.acting_company(a) {
            self.privates.insert(Holding::parse(private), buyer.clone());
            self.free_train(private, &buyer)?;
            self.company_bought(private, &buyer)?;
        }
        Ok(())
    }

    /// A `special_buy`: the first private of the item (`special_buys`)
    /// that no company holds goes to the buyer; another item stops.
    pub(super) fn special_buy(
        &mut self,
        a: &Action,
        description: &Option<String>,
    ) -> Result<(), Error> {
        let what = Self::field(a, description, "description")?;
        let item = self
            .play
            .special_buys
            .iter()
            .find(|b| b.description == what);
        let sym = item.and_then(|b| {
            b.privates
                .iter()
                .find(|p| !self.privates.contains_key(&Holding::from((*p).clone())))
        });
        let (Some(sym), Some(buyer)) = (sym, self.acting_company(a)) else {
            return Err(Error::Import(format!(
                "hexroute does not replay a special_buy of \"{what}\", which may change the map"
            )));
        };
        self.privates.insert(Holding::from(sym.clone()), buyer);
        Ok(())
    }

    /// The train that comes with `private`, if any, to `buyer`: unless its
    /// trains are at the phase's limit or the phase that ends the offer
    /// has begun.
    pub(super) fn free_train(&mut self, private: &str, buyer: &CompanyId) -> Result<(), Error> {
        let Some(free) = self.play.free_trains.iter().find(|f| f.private == private) else {
            return Ok(());
        };
        let until = free.until;
        let company = self.game.company(buyer)?;
        let held = self.trains.get(buyer).map_or(0, Vec::len);
        let full = self
            .game
            .train_limit(company, self.state.phase)
            .is_some_and(|limit| held >= limit as usize);
        if self.state.phase < until && !full {
            let train = EngineTrain::from(free.train.as_str());
            self.train_type(&train)?;
            self.trains.entry(buyer.clone()).or_default().push(train);
        }
        if free.exchanged {
            self.privates_gone.insert(Holding::parse(private));
        }
        Ok(())
    }

    pub(super) fn train_names(&self, company: &CompanyId) -> Result<Vec<TrainId>, Error> {
        self.trains
            .get(company)
            .into_iter()
            .flatten()
            .map(|id| self.train_type(id))
            .collect()
    }
}
