//! The replay's own books written onto the map, only as `play` events:
//! which company holds which train (the books keep the engine's ids,
//! `5-1`, and the variant each was bought as) and which private (by the
//! record's syms). No map state is set here by hand: each difference
//! between the books and the map is a train, a private given or taken,
//! applied by `play::apply` as hand play applies it.

use super::Replay;
use crate::error::Error;
use crate::game::{CompanyId, TrainId};
use crate::play::{self, Event};
use crate::state::MapState;

impl Replay<'_> {
    /// `state` with the private companies the books say each company owns
    /// (markers among them): those no longer owned taken, the others given.
    pub(super) fn privates_onto(&self, state: MapState) -> Result<MapState, Error> {
        let known = self.known_privates();
        let taken = (state.privates.keys())
            .filter(|p| !known.contains_key(*p))
            .map(|p| Event::TakePrivate { private: p.clone() });
        let given = (known.iter())
            .filter(|(p, owner)| state.privates.get(*p) != Some(*owner))
            .map(|(p, owner)| Event::GivePrivate {
                private: p.clone(),
                to: owner.clone(),
            });
        let events: Vec<Event> = taken.chain(given).collect();
        self.applied(state, &events)
    }

    /// `state` with each company's trains as the books have them, in the
    /// order bought (by type, a variant as it was bought): a company whose
    /// list differs has it replaced.
    pub(super) fn trains_onto(&self, state: MapState) -> Result<MapState, Error> {
        let mut events = Vec::new();
        for (company, held) in &state.trains {
            if !self.trains.contains_key(company) {
                events.push(trains_event(company, held, &[]));
            }
        }
        for company in self.trains.keys() {
            let wanted = self.train_names(company)?;
            let held = state.trains.get(company).map_or(&[][..], Vec::as_slice);
            if held != wanted.as_slice() {
                events.push(trains_event(company, held, &wanted));
            }
        }
        self.applied(state, &events)
    }

    /// `events` applied one after another to `state`, as the engine makes
    /// them: no rule judges them.
    fn applied(&self, mut state: MapState, events: &[Event]) -> Result<MapState, Error> {
        for event in events {
            state = play::apply(self.game, &state, event)?.edit.next;
        }
        Ok(state)
    }

    /// The books onto the map: the map as a run or the end of the replay
    /// hands it out.
    pub(super) fn with_trains(&self) -> Result<MapState, Error> {
        let state = self.privates_onto(self.state.clone())?;
        self.trains_onto(state)
    }
}

/// `company`'s trains `held` replaced by `wanted`.
fn trains_event(company: &CompanyId, held: &[TrainId], wanted: &[TrainId]) -> Event {
    Event::Trains {
        company: company.clone(),
        add: wanted.to_vec(),
        remove: held.to_vec(),
    }
}
