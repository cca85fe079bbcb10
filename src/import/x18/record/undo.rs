//! Which actions stand once every undo and redo is taken into account,
//! worked out in one pass as the record is read, so that neither time nor
//! memory grows with the undos (records of a million undos and redos
//! exist: a player's browser clicking back and forth).
//!
//! As the engine counts them: an `undo` takes back the actions after its
//! target (or the last one), a `redo` puts back what the last undo took,
//! and any other action forgets the undos before it. Messages are never
//! undone and never stand.

use super::action::{Action, Kind, Wire};
use serde::de::{IgnoredAny, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::collections::HashMap;
use std::fmt;

/// A record's actions as they stand, read once.
#[derive(Clone, Debug, Default)]
pub(super) struct Standing {
    /// The actions that stand, in order.
    pub actions: Vec<Action>,
    /// The id of the record's last action, of any type (0: none).
    pub last: u64,
    /// Why the undos and redos make no sense, naming the first action
    /// that does not: the record is refused with it.
    pub fault: Option<String>,
}

/// Reads the `actions` array into [`Standing`], one action at a time:
/// undos, redos and messages are dropped as soon as they are read.
pub(super) fn standing<'de, D: Deserializer<'de>>(d: D) -> Result<Standing, D::Error> {
    d.deserialize_seq(StandingVisitor)
}

struct StandingVisitor;

impl<'de> Visitor<'de> for StandingVisitor {
    type Value = Standing;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of actions")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Standing, A::Error> {
        let mut undos = Undos::default();
        while let Some(action) = seq.next_element::<Wire>()? {
            let Err(fault) = undos.read(action) else {
                continue;
            };
            // The rest must still be valid JSON of the record's shape
            // for the record's own error to be the one told.
            let why = match fault {
                Fault::Said(why) => {
                    while seq.next_element::<IgnoredAny>()?.is_some() {}
                    why
                }
                Fault::Ahead { undo, to } => {
                    let mut later = false;
                    while let Some(next) = seq.next_element::<IdOnly>()? {
                        later |= next.id == to;
                    }
                    match later {
                        true => format!(
                            "action {undo}: an undo to action {to}, which comes after it (an undo goes back to an earlier action)"
                        ),
                        false => format!(
                            "action {undo}: undo to action {to}, which the record does not have"
                        ),
                    }
                }
            };
            return Ok(Standing {
                fault: Some(why),
                ..Standing::default()
            });
        }
        Ok(undos.finish())
    }
}

/// An action read for its id only, past a fault.
#[derive(Deserialize)]
struct IdOnly {
    id: u64,
}

/// Why the record's actions make no sense.
enum Fault {
    Said(String),
    /// An undo to an id not read yet: the rest of the record tells
    /// whether it is a later action's or none.
    Ahead {
        undo: u64,
        to: u64,
    },
}

/// The undo state after each action read.
#[derive(Default)]
struct Undos {
    /// Every action read but messages, undos and redos that no new action
    /// has yet made final, each with its place in the record; the first
    /// `standing` stand, the rest were taken back by undos that a redo may
    /// still put back. An undo or redo moves only `standing`: O(1), or
    /// O(log n) for an undo to an action.
    kept: Vec<(usize, Action)>,
    standing: usize,
    /// For each undo not yet redone, `standing` before it.
    undone: Vec<usize>,
    /// Where each id first appears in the record.
    places: HashMap<u64, usize>,
    read: usize,
    last: u64,
}

impl Undos {
    fn read(&mut self, wire: Wire) -> Result<(), Fault> {
        if wire.id == 0 {
            return Err(Fault::Said(
                "action 0: action ids count from 1 (18xx.games numbers its actions 1, 2, 3, …)"
                    .to_string(),
            ));
        }
        wire.check_values().map_err(Fault::Said)?;
        let a = Action::from(wire);
        let place = self.read;
        self.read += 1;
        self.last = a.id;
        // The engine plays every action in the order written, whatever its
        // id: its hotseat games wrote repeated and out-of-order ids (1856's
        // hotseat001: 28, 16, 30, 29, 30). An undo names the first.
        self.places.entry(a.id).or_insert(place);
        match a.kind {
            Kind::Undo { action_id } => {
                let to = match action_id {
                    Some(0) => 0,
                    Some(id) if id == a.id => {
                        return Err(Fault::Said(format!(
                            "action {id}: an undo to itself (an undo goes back to an earlier action)"
                        )));
                    }
                    Some(id) => match self.places.get(&id) {
                        Some(&at) => self.kept[..self.standing].partition_point(|(p, _)| *p <= at),
                        None => return Err(Fault::Ahead { undo: a.id, to: id }),
                    },
                    None if self.standing == 0 => {
                        return Err(Fault::Said(format!(
                            "action {}: an undo with no action standing to take back (more undos than actions)",
                            a.id
                        )));
                    }
                    None => self.standing - 1,
                };
                self.undone.push(self.standing);
                self.standing = to;
            }
            Kind::Redo => {
                self.standing = self.undone.pop().ok_or_else(|| {
                    Fault::Said(format!("action {}: a redo with nothing undone", a.id))
                })?;
            }
            Kind::Message => {}
            _ => {
                self.undone.clear();
                self.kept.truncate(self.standing);
                self.kept.push((place, a));
                self.standing += 1;
            }
        }
        Ok(())
    }

    fn finish(mut self) -> Standing {
        self.kept.truncate(self.standing);
        Standing {
            actions: self
                .kept
                .into_iter()
                .map(|(_, a)| a)
                .filter(|a| !a.skip)
                .collect(),
            last: self.last,
            fault: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Record;

    fn parse(actions: &str) -> Result<Record, String> {
        Record::parse(&format!(r#"{{"title": "1830", "actions": [{actions}]}}"#))
            .map_err(|e| e.to_string())
    }

    /// The ids that stand in a record of `actions`, written `id:type` or
    /// `id:undo>target`, comma-separated.
    fn standing(actions: &str) -> Result<Vec<u64>, String> {
        let json: Vec<String> = actions
            .split(',')
            .map(|a| {
                let (id, kind) = a.trim().split_once(':').unwrap();
                match kind.split_once('>') {
                    Some((kind, to)) => {
                        format!(r#"{{"id": {id}, "type": "{kind}", "action_id": {to}}}"#)
                    }
                    None => format!(r#"{{"id": {id}, "type": "{kind}"}}"#),
                }
            })
            .collect();
        Ok(parse(&json.join(","))?
            .standing()
            .iter()
            .map(|a| a.id)
            .collect())
    }

    #[test]
    fn undo_takes_back_the_last_action_and_redo_puts_it_back() {
        assert_eq!(standing("1:pass, 2:pass, 3:undo").unwrap(), [1]);
        assert_eq!(standing("1:pass, 2:pass, 3:undo, 4:redo").unwrap(), [1, 2]);
    }

    #[test]
    fn undo_to_an_action_takes_back_all_after_it() {
        assert_eq!(
            standing("1:pass, 2:pass, 3:message, 4:pass, 5:undo>1, 6:pass").unwrap(),
            [1, 6]
        );
        assert_eq!(
            standing("1:pass, 2:pass, 3:undo>1, 4:redo").unwrap(),
            [1, 2]
        );
    }

    #[test]
    fn undo_to_zero_takes_back_every_action() {
        assert_eq!(
            standing("1:pass, 2:pass, 3:undo>0").unwrap(),
            [] as [u64; 0]
        );
        assert_eq!(
            standing("1:pass, 2:pass, 3:undo>0, 4:redo").unwrap(),
            [1, 2]
        );
    }

    #[test]
    fn messages_never_stand_and_are_never_undone() {
        assert_eq!(
            standing("1:pass, 2:message, 3:undo").unwrap(),
            [] as [u64; 0]
        );
        assert_eq!(standing("1:pass, 2:pass, 3:message, 4:undo").unwrap(), [1]);
        // A message does not forget the undos: the redo still works.
        assert_eq!(standing("1:pass, 2:undo, 3:message, 4:redo").unwrap(), [1]);
        // An undo to a message takes back what follows it.
        assert_eq!(
            standing("1:pass, 2:message, 3:pass, 4:undo>2").unwrap(),
            [1]
        );
    }

    #[test]
    fn undos_and_redos_nest() {
        assert_eq!(
            standing("1:pass, 2:pass, 3:pass, 4:undo, 5:undo").unwrap(),
            [1]
        );
        assert_eq!(
            standing("1:pass, 2:pass, 3:pass, 4:undo, 5:undo, 6:redo").unwrap(),
            [1, 2]
        );
        assert_eq!(
            standing("1:pass, 2:pass, 3:pass, 4:undo, 5:undo, 6:redo, 7:redo").unwrap(),
            [1, 2, 3]
        );
        // An undo to an action, then one more, then both redone.
        assert_eq!(
            standing("1:pass, 2:pass, 3:pass, 4:pass, 5:undo>2, 6:undo, 7:redo").unwrap(),
            [1, 2]
        );
        assert_eq!(
            standing("1:pass, 2:pass, 3:pass, 4:pass, 5:undo>2, 6:undo, 7:redo, 8:redo").unwrap(),
            [1, 2, 3, 4]
        );
    }

    #[test]
    fn an_undo_to_an_action_already_undone_takes_nothing() {
        let s = "1:pass, 2:pass, 3:pass, 4:undo, 5:undo>3";
        assert_eq!(standing(s).unwrap(), [1, 2]);
        assert_eq!(standing(&format!("{s}, 6:redo")).unwrap(), [1, 2]);
        assert_eq!(
            standing(&format!("{s}, 6:redo, 7:redo")).unwrap(),
            [1, 2, 3]
        );
    }

    #[test]
    fn a_new_action_forgets_the_undos_so_redo_has_nothing() {
        assert_eq!(standing("1:pass, 2:pass, 3:undo, 4:pass").unwrap(), [1, 4]);
        assert_eq!(
            standing("1:pass, 2:undo, 3:pass, 4:redo").unwrap_err(),
            "action 4: a redo with nothing undone"
        );
        // The undone action is gone for good: a second undo takes 1.
        assert_eq!(
            standing("1:pass, 2:pass, 3:undo, 4:pass, 5:undo").unwrap(),
            [1]
        );
    }

    #[test]
    fn an_undo_to_an_id_the_record_lacks_is_refused() {
        assert_eq!(
            standing("1:pass, 2:pass, 3:undo>9").unwrap_err(),
            "action 3: undo to action 9, which the record does not have"
        );
    }

    #[test]
    fn an_undo_to_a_later_action_or_itself_is_refused() {
        assert_eq!(
            standing("1:pass, 2:undo>3, 3:pass").unwrap_err(),
            "action 2: an undo to action 3, which comes after it (an undo goes back to an earlier action)"
        );
        assert_eq!(
            standing("1:pass, 2:undo>2").unwrap_err(),
            "action 2: an undo to itself (an undo goes back to an earlier action)"
        );
    }

    #[test]
    fn more_undos_than_actions_are_refused() {
        let more =
            "action 3: an undo with no action standing to take back (more undos than actions)";
        assert_eq!(standing("1:pass, 2:undo, 3:undo").unwrap_err(), more);
        assert_eq!(standing("1:pass, 2:undo>0, 3:undo").unwrap_err(), more);
        // Messages are no actions to take back.
        assert_eq!(
            standing("1:message, 2:undo").unwrap_err(),
            "action 2: an undo with no action standing to take back (more undos than actions)"
        );
        // As many undos as actions is no fault.
        assert_eq!(
            standing("1:pass, 2:pass, 3:undo, 4:undo").unwrap(),
            [] as [u64; 0]
        );
    }

    #[test]
    fn action_0_is_refused() {
        assert_eq!(
            standing("0:pass, 1:pass").unwrap_err(),
            "action 0: action ids count from 1 (18xx.games numbers its actions 1, 2, 3, …)"
        );
    }

    /// The engine plays actions in the order written whatever their ids,
    /// and an undo goes back to the first action of the id it names.
    #[test]
    fn repeated_ids_are_played_in_order() {
        assert_eq!(
            standing("1:pass, 3:pass, 2:pass, 3:pass").unwrap(),
            [1, 3, 2, 3]
        );
        assert_eq!(
            standing("1:pass, 3:pass, 2:pass, 3:pass, 5:undo>3").unwrap(),
            [1, 3]
        );
    }

    #[test]
    fn many_undos_and_redos_leave_the_game_as_it_was() {
        let mut s = String::from("1:pass, 2:pass, 3:pass");
        for id in 4..20_004 {
            let kind = if id % 2 == 0 { "undo" } else { "redo" };
            s.push_str(&format!(", {id}:{kind}"));
        }
        assert_eq!(standing(&s).unwrap(), [1, 2, 3]);
        s.push_str(", 20004:undo>1");
        assert_eq!(standing(&s).unwrap(), [1]);
    }

    #[test]
    fn the_last_id_is_of_any_type() {
        assert_eq!(
            parse(r#"{"id": 1, "type": "pass"}, {"id": 2, "type": "message"}"#)
                .unwrap()
                .last_id(),
            2
        );
        assert_eq!(parse("").unwrap().last_id(), 0);
    }

    #[test]
    fn skipped_actions_do_not_stand() {
        assert_eq!(
            ids(r#"{"id": 1, "type": "pass", "skip": true}, {"id": 2, "type": "pass"}"#),
            [2]
        );
        // An undo takes back a skipped action as any other (not the one
        // before it).
        assert_eq!(
            ids(
                r#"{"id": 1, "type": "pass"}, {"id": 2, "type": "pass"}, {"id": 3, "type": "pass", "skip": true}, {"id": 4, "type": "undo"}"#
            ),
            [1, 2]
        );
    }

    fn ids(actions: &str) -> Vec<u64> {
        parse(actions)
            .unwrap()
            .standing()
            .iter()
            .map(|a| a.id)
            .collect()
    }
}
