//! The replay's own books written onto the map, only as `play` events:
//! which company holds which train (the books keep the engine's ids,
//! `5-1`, and the variant each was bought as) and which private (parsed
//! once from the record's syms). No map state is set here by hand: each
//! difference between the books and the map is a train event (bought,
//! rusted, made obsolete, passed on), a private given or taken, applied by
//! `play::apply` as hand play applies it, at the moment the books change
//! (a purchase, a rust, a train leaving the depot, each action's end), so
//! the map always holds what the books do and every map event after it
//! sees the trains and privates the engine has then.

use super::Replay;
use crate::error::Error;
use crate::game::{CompanyId, TrainId};
use crate::play::Event;

impl Replay<'_> {
    /// The events that make the map's private companies those the books
    /// say each company owns (markers among them): those no longer owned
    /// taken, the others given.
    fn privates_events(&self) -> Vec<Event> {
        let known = self.known_privates();
        let held = &self.state.privates;
        let taken = (held.keys())
            .filter(|p| !known.contains_key(*p))
            .map(|p| Event::TakePrivate { private: p.clone() });
        let given = (known.iter())
            .filter(|(p, owner)| held.get(*p) != Some(*owner))
            .map(|(p, owner)| Event::GivePrivate {
                private: p.clone(),
                to: owner.clone(),
            });
        taken.chain(given).collect()
    }

    /// The events that make each company's trains on the map those the
    /// books have, in the order bought (by type, a variant as it was
    /// bought).
    fn trains_events(&self) -> Result<Vec<Event>, Error> {
        let mut events = Vec::new();
        for (company, held) in &self.state.trains {
            if !self.trains.contains_key(company) {
                events.push(trains_event(company, held, &[]));
            }
        }
        for company in self.trains.keys() {
            let wanted = self.train_names(company)?;
            let held = self
                .state
                .trains
                .get(company)
                .map_or(&[][..], Vec::as_slice);
            if held != wanted.as_slice() {
                events.push(trains_event(company, held, &wanted));
            }
        }
        Ok(events)
    }

    /// The books' changes since the last moment onto the map, as events:
    /// each company's trains made what the books say (the train bought
    /// added, those rusted or passed on removed), each private given or
    /// taken, applied as the engine makes them (no rule judges them).
    /// Nothing when the map already holds the books.
    pub(super) fn emit_books(&mut self) -> Result<(), Error> {
        for event in self.privates_events() {
            self.apply_event(&event)?;
        }
        for event in self.trains_events()? {
            self.apply_event(&event)?;
        }
        Ok(())
    }
}

/// The event that makes `company`'s trains `held` into `wanted`, in the
/// books' order: those gone removed and those new added (a purchase adds
/// one, a rust removes its type), or, where that would leave another order
/// (removing takes a type's first, adding puts last), the list replaced.
fn trains_event(company: &CompanyId, held: &[TrainId], wanted: &[TrainId]) -> Event {
    let mut add = wanted.to_vec();
    let mut remove = Vec::new();
    for train in held {
        match add.iter().position(|t| t == train) {
            Some(at) => {
                add.remove(at);
            }
            None => remove.push(train.clone()),
        }
    }
    let mut after = held.to_vec();
    for train in &remove {
        if let Some(at) = after.iter().position(|t| t == train) {
            after.remove(at);
        }
    }
    after.extend(add.iter().cloned());
    if after != wanted {
        (add, remove) = (wanted.to_vec(), held.to_vec());
    }
    Event::Trains {
        company: company.clone(),
        add,
        remove,
    }
}

#[cfg(test)]
mod tests {
    use super::trains_event;
    use crate::game::TrainId;
    use crate::play::Event;

    fn trains(names: &[&str]) -> Vec<TrainId> {
        names.iter().map(|n| TrainId::from(*n)).collect()
    }

    fn add_remove(held: &[&str], wanted: &[&str]) -> (Vec<TrainId>, Vec<TrainId>) {
        match trains_event(&"PRR".into(), &trains(held), &trains(wanted)) {
            Event::Trains { add, remove, .. } => (add, remove),
            other => panic!("not a train event: {other:?}"),
        }
    }

    /// Worked by hand: a purchase adds the one train, a rust removes its
    /// type, and where removing a type's first copy would reorder the
    /// books' list the whole list is replaced.
    #[test]
    fn the_smallest_train_event_that_keeps_the_books_order() {
        assert_eq!(
            add_remove(&["2", "3"], &["2", "3", "4"]),
            (trains(&["4"]), vec![])
        );
        assert_eq!(
            add_remove(&["2", "2", "3"], &["3"]),
            (vec![], trains(&["2", "2"]))
        );
        assert_eq!(
            add_remove(&["2", "3"], &["3", "4"]),
            (trains(&["4"]), trains(&["2"]))
        );
        assert_eq!(
            add_remove(&["2", "3", "2"], &["2", "3"]),
            (trains(&["2", "3"]), trains(&["2", "3", "2"]))
        );
        assert_eq!(add_remove(&["4"], &[]), (vec![], trains(&["4"])));
    }
}
