//! Game records of 18xx.games, replayed action by action into our map:
//! tile lays, tokens, trains bought, discarded and rusted, phases, and what
//! the engine does with no action of a player (home tokens). Each lay and
//! token goes through our own edits ([`crate::edit`]), so the replay also
//! says which of the game's real moves our rules would refuse.
//!
//! Anything that could change the map and is not replayed is refused with
//! the action's id and type: never a silently wrong map.

pub mod record;
mod replay;
pub mod report;
pub mod tiles;

use crate::error::Error;
use crate::game::{CompanyId, Game, Rule, TrainId};
use crate::state::MapState;
pub use record::{Action, RanRoute, Record};
use replay::Replay;
use std::collections::BTreeMap;

/// A record replayed through some action.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub state: MapState,
    /// Private companies owned by companies: private's sym → owner.
    pub privates: BTreeMap<String, CompanyId>,
    /// The last action applied (0: none).
    pub at: u64,
    /// Every lay and token of the game our rules refuse, in order.
    pub refused: Vec<Refusal>,
}

/// A real move of the game that our rules would not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub action: u64,
    /// `lay_tile` or `place_token`, as 18xx.games names the action.
    pub kind: String,
    pub hex: String,
    /// The tile laid or the company whose token it is.
    pub what: String,
    pub rule: Rule,
    pub message: String,
}

/// A company running its trains, with the map just before it.
#[derive(Clone, Debug)]
pub struct Run {
    pub action: u64,
    pub company: CompanyId,
    /// The trains it owns as it runs.
    pub trains: Vec<TrainId>,
    /// What the player ran.
    pub routes: Vec<RanRoute>,
    pub state: MapState,
    pub privates: BTreeMap<String, CompanyId>,
}

/// The game of a record: its title must be one of ours.
pub fn game_of(record: &Record, games: &[Game]) -> Result<Game, Error> {
    let game = games.iter().find(|g| g.id == record.title).ok_or_else(|| {
        let known: Vec<&str> = games.iter().map(|g| g.id.as_str()).collect();
        Error::Import(format!(
            "the record is a game of {}, which hexroute does not have (it has {})",
            record.title,
            known.join(", ")
        ))
    })?;
    Ok(game.clone())
}

/// Replays `record` through action `at` (the whole game when `None`).
pub fn replay(record: &Record, game: &Game, at: Option<u64>) -> Result<Replayed, Error> {
    replay_with(record, game, at, |_| {})
}

/// Replays `record` as [`replay`] does, handing each run of trains up to
/// `at` to `on_run` with the map just before it.
pub fn replay_with(
    record: &Record,
    game: &Game,
    at: Option<u64>,
    mut on_run: impl FnMut(Run),
) -> Result<Replayed, Error> {
    let standing = record.standing()?;
    let last = record.actions.last().map_or(0, |a| a.id);
    if let Some(at) = at
        && !record.actions.iter().any(|a| a.id == at)
        && at != 0
    {
        return Err(Error::Import(format!(
            "--at {at}: the record's actions are numbered 1 to {last}"
        )));
    }
    let mut replay = Replay::new(record, game)?;
    let mut applied = 0;
    let mut rest = standing.iter().peekable();
    while let Some(a) = rest.next_if(|a| at.is_none_or(|at| a.id <= at)) {
        replay.prepare(a)?;
        if a.kind == "run_routes" {
            on_run(replay.run(a)?);
        }
        replay
            .apply(a)
            .map_err(|e| e.context(format!("action {} ({})", a.id, a.kind)))?;
        applied = a.id;
    }
    // The engine starts the next company's turn as soon as the last one
    // ends: its home token is down before it acts.
    if let Some(next) = rest.next() {
        replay.prepare(next)?;
    }
    Ok(replay.finish(at.unwrap_or(applied)))
}
