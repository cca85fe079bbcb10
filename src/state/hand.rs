//! Hand edits: a save changed outside hexroute since its history was
//! recorded. `undo` refuses to write over one unless forced; once the user
//! goes on (records a new change, or forces an undo), hexroute records the
//! hand edit in the history as a change of its own, so later undos walk
//! back through it without `--force` and `redo` can bring it back.

use super::{Change, HexState, Owner, RequiredRoutes, SavedGame, Size, Standing};
use crate::game::{CompanyId, Holding, PhaseId, TrainId};
use crate::geometry::Coord;
use std::collections::{BTreeMap, BTreeSet};

/// The command a recorded hand edit carries in the history.
pub const HAND_EDIT: &str = "(edited by hand)";

/// What the history says the game holds: for each hex, company and the
/// phase that a change touched, the state the latest such change left.
#[derive(Default)]
struct Recorded {
    hexes: BTreeMap<Coord, HexState>,
    phase: Option<PhaseId>,
    trains: BTreeMap<CompanyId, Vec<TrainId>>,
    privates: BTreeMap<Holding, Owner>,
    standing: BTreeMap<CompanyId, Standing>,
    lose_lowest: Option<BTreeSet<CompanyId>>,
    destinations: Option<BTreeSet<CompanyId>>,
    sizes: Option<BTreeMap<CompanyId, Size>>,
    required_routes: Option<RequiredRoutes>,
    charter_tokens: Option<super::CharterTokens>,
}

impl SavedGame {
    fn recorded(&self) -> Recorded {
        let mut r = Recorded::default();
        for ch in &self.history.changes {
            for (c, (_, after)) in &ch.hexes {
                r.hexes.insert(*c, after.clone());
            }
            if let Some((_, after)) = ch.phase {
                r.phase = Some(after);
            }
            for (co, (_, after)) in &ch.trains {
                r.trains.insert(co.clone(), after.clone());
            }
            for (p, (_, after)) in &ch.privates {
                r.privates.insert(p.clone(), after.clone());
            }
            for (co, (_, after)) in &ch.standing {
                r.standing.insert(co.clone(), after.clone());
            }
            if let Some((_, after)) = &ch.lose_lowest {
                r.lose_lowest = Some(after.clone());
            }
            if let Some((_, after)) = &ch.destinations {
                r.destinations = Some(after.clone());
            }
            if let Some((_, after)) = &ch.sizes {
                r.sizes = Some(after.clone());
            }
            if let Some((_, after)) = &ch.required_routes {
                r.required_routes = Some(after.clone());
            }
            if let Some((_, after)) = &ch.charter_tokens {
                r.charter_tokens = Some(after.clone());
            }
        }
        r
    }

    /// Every way the game differs from what its history recorded, as a
    /// change from the recorded state to the present one; `None` when they
    /// agree. (What no change touched is not known to differ.)
    pub fn hand_edits(&self, time: &str) -> Option<Change> {
        let r = self.recorded();
        let hexes: BTreeMap<_, _> = r
            .hexes
            .into_iter()
            .filter_map(|(c, was)| {
                let now = self.state.hex_state(c);
                (now != was).then_some((c, (was, now)))
            })
            .collect();
        let phase = r
            .phase
            .filter(|was| *was != self.state.phase)
            .map(|was| (was, self.state.phase));
        let trains: BTreeMap<_, _> = r
            .trains
            .into_iter()
            .filter_map(|(co, was)| {
                let now = self.state.trains.get(&co).cloned().unwrap_or_default();
                (now != was).then_some((co, (was, now)))
            })
            .collect();
        let privates: BTreeMap<_, _> = r
            .privates
            .into_iter()
            .filter_map(|(p, was)| {
                let now = self.state.owner(&p);
                (now != was).then_some((p, (was, now)))
            })
            .collect();
        // A save keeps a merged company as closed: that is no hand edit.
        let standing: BTreeMap<_, _> = r
            .standing
            .into_iter()
            .filter_map(|(co, was)| {
                let now = self.state.standing_of(&co);
                (now.as_saved() != was.as_saved()).then_some((co, (was, now)))
            })
            .collect();
        let lose_lowest = r
            .lose_lowest
            .filter(|was| *was != self.state.lose_lowest)
            .map(|was| (was, self.state.lose_lowest.clone()));
        let destinations = r
            .destinations
            .filter(|was| *was != self.state.destinations)
            .map(|was| (was, self.state.destinations.clone()));
        let sizes = r
            .sizes
            .filter(|was| *was != self.state.sizes)
            .map(|was| (was, self.state.sizes.clone()));
        let required_routes = r
            .required_routes
            .filter(|was| *was != self.state.required_routes)
            .map(|was| (was, self.state.required_routes.clone()));
        let charter_tokens = r
            .charter_tokens
            .filter(|was| *was != self.state.charter_tokens)
            .map(|was| (was, self.state.charter_tokens.clone()));
        let change = Change {
            command: HAND_EDIT.into(),
            time: time.into(),
            phase,
            hexes,
            trains,
            privates,
            standing,
            lose_lowest,
            destinations,
            sizes,
            required_routes,
            charter_tokens,
        };
        (!change.is_empty()).then_some(change)
    }

    /// Records the hand edits, if any, as the latest change: a new change
    /// is about to be recorded over them.
    pub(super) fn record_hand_edits(&mut self, time: &str) {
        if let Some(h) = self.hand_edits(time) {
            self.history.changes.push(h);
        }
    }

    /// `undo --force`: reverts the last change even where the game was
    /// edited by hand since. The hand edits are recorded first: those on
    /// what the change touched are undone with it (so `redo` brings back
    /// both), the others are recorded under it and kept. Returns what was
    /// undone, in order.
    pub fn undo_forced(&mut self, time: &str) -> Vec<Change> {
        let Some(hand) = self.hand_edits(time) else {
            return self.undo().into_iter().collect();
        };
        let Some(last) = self.history.changes.pop() else {
            return Vec::new();
        };
        let (on_last, others) = split(hand, &last);
        let steps = 1 + usize::from(on_last.is_some());
        self.history.changes.extend(others);
        self.history.changes.push(last);
        self.history.changes.extend(on_last);
        (0..steps).filter_map(|_| self.undo()).collect()
    }
}

/// Splits a hand edit into what `last` touched and the rest; either may
/// be empty (`None`). The two touch nothing in common, and the rest
/// touches nothing `last` did, so it may be recorded before it.
fn split(hand: Change, last: &Change) -> (Option<Change>, Option<Change>) {
    let mut on = Change {
        command: hand.command.clone(),
        time: hand.time.clone(),
        phase: None,
        hexes: BTreeMap::new(),
        trains: BTreeMap::new(),
        privates: BTreeMap::new(),
        standing: BTreeMap::new(),
        lose_lowest: None,
        destinations: None,
        sizes: None,
        required_routes: None,
        charter_tokens: None,
    };
    let mut off = on.clone();
    for (c, pair) in hand.hexes {
        let to = if last.hexes.contains_key(&c) {
            &mut on
        } else {
            &mut off
        };
        to.hexes.insert(c, pair);
    }
    if let Some(pair) = hand.phase {
        if last.phase.is_some() {
            on.phase = Some(pair);
        } else {
            off.phase = Some(pair);
        }
    }
    for (co, pair) in hand.trains {
        let to = if last.trains.contains_key(&co) {
            &mut on
        } else {
            &mut off
        };
        to.trains.insert(co, pair);
    }
    for (p, pair) in hand.privates {
        let to = if last.privates.contains_key(&p) {
            &mut on
        } else {
            &mut off
        };
        to.privates.insert(p, pair);
    }
    for (co, pair) in hand.standing {
        let to = if last.standing.contains_key(&co) {
            &mut on
        } else {
            &mut off
        };
        to.standing.insert(co, pair);
    }
    if let Some(pair) = hand.lose_lowest {
        match last.lose_lowest.is_some() {
            true => on.lose_lowest = Some(pair),
            false => off.lose_lowest = Some(pair),
        }
    }
    if let Some(pair) = hand.destinations {
        match last.destinations.is_some() {
            true => on.destinations = Some(pair),
            false => off.destinations = Some(pair),
        }
    }
    if let Some(pair) = hand.sizes {
        match last.sizes.is_some() {
            true => on.sizes = Some(pair),
            false => off.sizes = Some(pair),
        }
    }
    if let Some(pair) = hand.required_routes {
        match last.required_routes.is_some() {
            true => on.required_routes = Some(pair),
            false => off.required_routes = Some(pair),
        }
    }
    if let Some(pair) = hand.charter_tokens {
        match last.charter_tokens.is_some() {
            true => on.charter_tokens = Some(pair),
            false => off.charter_tokens = Some(pair),
        }
    }
    let some = |c: Change| (!c.is_empty()).then_some(c);
    (some(on), some(off))
}
