//! A saved game: the map as play left it and the history of changes that
//! led there. The history lives beside the map, not in it, so the rules
//! and the route search work on (and clone) the map alone.

use super::{Change, Drift, HexState, MapState, Side, Standing};
use crate::game::{CompanyId, Holding};
use crate::geometry::Coord;
use std::collections::{BTreeMap, BTreeSet};

/// What hexroute commands changed, so it can be undone and redone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// Changes made by hexroute commands, oldest first, so they can be undone.
    pub changes: Vec<Change>,
    /// Changes taken back by `undo`, most recent last, so `redo` can
    /// apply them again; a new change clears them.
    pub undone: Vec<Change>,
    /// The 18xx.games record an `import` made this game from, if it was
    /// one: so the player can see where the save stands in that game, and
    /// `import --at N` can replace it as they step through the record.
    pub imported: Option<Provenance>,
}

/// Where an imported game came from: the record, its title, and the
/// action the replay stopped at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance {
    /// The record as the player named it: a file name, or the game's
    /// address on 18xx.games when `import` downloaded it.
    pub record: String,
    /// The record's own game id (18xx.games's number, or a hotseat's name),
    /// when it has one.
    pub game: Option<String>,
    /// The record's title as 18xx.games writes it (`1846`, `18Chesapeake`).
    pub title: String,
    /// The last action replayed: `--at`'s, else the record's last.
    pub action: u64,
}

impl Provenance {
    /// Whether `other` was imported from the same game as this one: the
    /// same title, and the same game id (or, where a record has none, the
    /// same file name).
    pub fn same_record(&self, other: &Provenance) -> bool {
        self.title == other.title
            && match (&self.game, &other.game) {
                (Some(a), Some(b)) => a == b,
                (None, None) => file_name(&self.record) == file_name(&other.record),
                _ => false,
            }
    }
}

/// The last part of a path or address, so `games/123.json` and
/// `123.json` name the same record.
fn file_name(record: &str) -> &str {
    record.rsplit(['/', '\\']).next().unwrap_or(record)
}

/// A game as a save holds it: the map and its history.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SavedGame {
    pub state: MapState,
    pub history: History,
}

impl From<MapState> for SavedGame {
    /// A game with no history yet (a new game, an imported one).
    fn from(state: MapState) -> SavedGame {
        SavedGame {
            state,
            history: History::default(),
        }
    }
}

impl SavedGame {
    /// A game imported from an 18xx.games record, with no changes yet.
    pub fn imported(state: MapState, from: Provenance) -> SavedGame {
        SavedGame {
            state,
            history: History {
                imported: Some(from),
                ..History::default()
            },
        }
    }
}

impl Change {
    /// The change from `before` to `after`: each hex, the phase and each
    /// company's trains that differ.
    pub fn between(before: &MapState, after: &MapState, command: String, time: String) -> Change {
        let coords: BTreeSet<Coord> = before
            .hexes
            .keys()
            .chain(after.hexes.keys())
            .copied()
            .collect();
        let hexes: BTreeMap<Coord, (HexState, HexState)> = coords
            .into_iter()
            .map(|c| (c, (before.hex_state(c), after.hex_state(c))))
            .filter(|(_, (b, a))| b != a)
            .collect();
        let companies: BTreeSet<&CompanyId> =
            before.trains.keys().chain(after.trains.keys()).collect();
        let trains = companies
            .into_iter()
            .map(|co| {
                let list = |s: &MapState| s.trains.get(co).cloned().unwrap_or_default();
                (co.clone(), (list(before), list(after)))
            })
            .filter(|(_, (b, a))| b != a)
            .collect();
        let phase = (before.phase != after.phase).then_some((before.phase, after.phase));
        let syms: BTreeSet<&Holding> = before
            .privates
            .keys()
            .chain(after.privates.keys())
            .collect();
        let privates = syms
            .into_iter()
            .map(|p| (p.clone(), (before.owner(p), after.owner(p))))
            .filter(|(_, (b, a))| b != a)
            .collect();
        let standing = standing_between(before, after);
        let lose_lowest = (before.lose_lowest != after.lose_lowest)
            .then(|| (before.lose_lowest.clone(), after.lose_lowest.clone()));
        let destinations = (before.destinations != after.destinations)
            .then(|| (before.destinations.clone(), after.destinations.clone()));
        let sizes =
            (before.sizes != after.sizes).then(|| (before.sizes.clone(), after.sizes.clone()));
        let required_routes = (before.required_routes != after.required_routes).then(|| {
            (
                before.required_routes.clone(),
                after.required_routes.clone(),
            )
        });
        let charter_tokens = (before.charter_tokens != after.charter_tokens)
            .then(|| (before.charter_tokens.clone(), after.charter_tokens.clone()));
        Change {
            command,
            time,
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
        }
    }
}

impl SavedGame {
    /// Moves to `next`, recording the difference in the history. What was
    /// undone can no longer be redone. Hand edits found since the history
    /// was recorded are recorded first, as a change of their own, so undo
    /// can walk back through them.
    pub fn commit(&mut self, next: MapState, command: String, time: String) {
        self.record_hand_edits(&time);
        let change = Change::between(&self.state, &next, command, time);
        self.state.apply(&change, Side::After);
        self.history.changes.push(change);
        self.history.undone.clear();
    }

    /// Reverts the last recorded change, returning it; `redo` can apply it again.
    pub fn undo(&mut self) -> Option<Change> {
        let change = self.history.changes.pop()?;
        self.state.apply(&change, Side::Before);
        self.history.undone.push(change.clone());
        Some(change)
    }

    /// Applies again the change `undo` took back last, returning it.
    pub fn redo(&mut self) -> Option<Change> {
        let change = self.history.undone.pop()?;
        self.state.apply(&change, Side::After);
        self.history.changes.push(change.clone());
        Some(change)
    }

    /// What differs from how the last recorded change left it (a hand edit
    /// since); `None` when all matches.
    pub fn edited_since_last_change(&self) -> Option<Drift> {
        let last = self.history.changes.last()?;
        let state = &self.state;
        if let Some((c, _)) = last
            .hexes
            .iter()
            .find(|(c, (_, after))| state.hex_state(**c) != *after)
        {
            return Some(Drift::Hex(*c));
        }
        if let Some((_, after)) = last.phase
            && state.phase != after
        {
            return Some(Drift::Phase);
        }
        if let Some((co, _)) = last
            .trains
            .iter()
            .find(|(co, (_, after))| state.trains.get(*co).cloned().unwrap_or_default() != *after)
        {
            return Some(Drift::Trains(co.clone()));
        }
        if let Some((_, after)) = &last.lose_lowest
            && state.lose_lowest != *after
        {
            return Some(Drift::LoseLowest);
        }
        if let Some((_, after)) = &last.destinations
            && state.destinations != *after
        {
            return Some(Drift::Destinations);
        }
        if let Some((_, after)) = &last.sizes
            && state.sizes != *after
        {
            return Some(Drift::Sizes);
        }
        if let Some((_, after)) = &last.required_routes
            && state.required_routes != *after
        {
            return Some(Drift::RequiredRoutes);
        }
        if let Some((_, after)) = &last.charter_tokens
            && state.charter_tokens != *after
        {
            return Some(Drift::CharterTokens);
        }
        if let Some((p, _)) = last
            .privates
            .iter()
            .find(|(p, (_, after))| state.owner(p) != *after)
        {
            return Some(Drift::Private(p.clone()));
        }
        // A save keeps a merged company as closed: that is no hand edit.
        last.standing
            .iter()
            .find(|(co, (_, after))| state.standing_of(co).as_saved() != after.as_saved())
            .map(|(co, _)| Drift::Standing(co.clone()))
    }
}

/// Each company whose standing differs between `before` and `after`.
pub(super) fn standing_between(
    before: &MapState,
    after: &MapState,
) -> BTreeMap<CompanyId, (Standing, Standing)> {
    let companies: BTreeSet<&CompanyId> = before
        .standing
        .keys()
        .chain(after.standing.keys())
        .collect();
    companies
        .into_iter()
        .map(|co| (co.clone(), (before.standing_of(co), after.standing_of(co))))
        .filter(|(_, (b, a))| b != a)
        .collect()
}
