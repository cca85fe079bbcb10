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
mod route;
pub mod tiles;

use crate::error::Error;
use crate::game::{CompanyId, Game, Rule, TrainId};
use crate::routes::network::Network;
use crate::routes::{self, Query, request};
use crate::state::MapState;
pub use record::{Action, EngineTrain, Kind, RanRoute, Record};
use replay::{Flow, Replay};
pub use route::train_name;

/// A record replayed through some action.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The map, with every company's trains and private companies.
    pub state: MapState,
    /// The last action applied (0: none).
    pub at: u64,
    /// Every lay and token of the game our rules refuse, in order.
    pub refused: Vec<Refusal>,
    /// Where the replay stopped short of the game's end, if it did.
    pub stopped: Option<Stop>,
    /// What the replay had to assume where the record does not say
    /// (`action 707: …`), in order.
    pub cautions: Vec<String>,
}

/// Where a replay stops: the first action whose map it cannot give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    pub action: u64,
    pub why: String,
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
    /// The trains it owns as it runs, but one that has run in this round
    /// for another company where a train runs once a round
    /// (`TrainsRunOnce`).
    pub trains: Vec<TrainId>,
    /// What the player ran.
    pub routes: Vec<RanRoute>,
    /// The map, with every company's trains and private companies.
    pub state: MapState,
    /// Train types the replay assumed still in the depot as it ran, though
    /// a company may have bought the first with no action, each with its
    /// caution: the phase that type begins, and what it rusts, may have
    /// come already. `review` weighs the player's run as evidence.
    pub unseen_buys: Vec<(TrainId, String)>,
    /// When the player ran (Unix seconds), where the record says.
    pub created_at: Option<i64>,
}

impl Run {
    /// The run's map as routes see it, and its company's query: its
    /// trains and the bonuses in force.
    pub fn query(&self, game: &Game) -> Result<(Network, Query), Error> {
        // The trains that may run (a train that ran this round for another
        // company waits, `TrainsRunOnce`), where any may.
        let trains = (!self.trains.is_empty())
            .then(|| self.trains.iter().map(ToString::to_string).collect());
        self.query_with(game, trains)
    }

    /// As [`Run::query`], with only `trains` running (types, as the
    /// company owns them) where given.
    pub fn query_with(
        &self,
        game: &Game,
        trains: Option<Vec<String>>,
    ) -> Result<(Network, Query), Error> {
        let bonuses = routes::bonuses_in_force(game, self.state.phase, &[]);
        let runners = request::Runners::One {
            company: self.company.to_string(),
            trains,
        };
        let file = format!("action {}", self.action);
        let mut queries = request::queries(game, &self.state, &runners, &bonuses, &file)?;
        let query = queries.swap_remove(0);
        Ok((Network::build(game, &self.state), query))
    }
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

/// Replays `record` through action `at` (the whole game when `None`);
/// a game it cannot replay that far is refused, saying up to where it can.
pub fn replay(record: &Record, game: &Game, at: Option<u64>) -> Result<Replayed, Error> {
    let replayed = replay_with(record, game, at, |_| {})?;
    if let Some(stop) = &replayed.stopped {
        return Err(Error::Import(format!(
            "action {}: {}; this {} game can be imported up to --at {}",
            stop.action,
            stop.why,
            game.id,
            stop.action.saturating_sub(1)
        )));
    }
    Ok(replayed)
}

/// Replays `record` as [`replay`] does, handing each run of trains up to
/// `at` to `on_run` with the map just before it; where the replay has to
/// stop short, [`Replayed::stopped`] says so.
pub fn replay_with(
    record: &Record,
    game: &Game,
    at: Option<u64>,
    mut on_run: impl FnMut(Run),
) -> Result<Replayed, Error> {
    let standing = record.standing();
    let last = record.last_id();
    if let Some(at) = at
        && at > last
    {
        return Err(Error::Import(format!(
            "--at {at}: the record's actions are numbered 1 to {last}"
        )));
    }
    let mut replay = Replay::new(record, game)?;
    let mut applied = 0;
    let mut stopped = None;
    let mut rest = standing.iter().peekable();
    while let Some(a) = rest.next_if(|a| at.is_none_or(|at| a.id <= at)) {
        replay.prepare(a)?;
        if let Kind::RunRoutes { routes } = &a.kind {
            on_run(replay.run(a, routes.as_deref().unwrap_or_default())?);
        }
        let flow = replay
            .apply(a)
            .map_err(|e| e.context(format!("action {} ({})", a.id, a.kind.name())))?;
        match flow {
            Flow::Go => applied = a.id,
            Flow::StopBefore(why) => {
                stopped = Some(Stop { action: a.id, why });
                break;
            }
        }
    }
    // The engine starts the next company's turn as soon as the last one
    // ends: its home token is down before it acts.
    if stopped.is_none()
        && let Some(next) = rest.next()
    {
        replay.prepare(next)?;
    }
    if stopped.is_none() {
        replay.end(at.unwrap_or(applied))?;
    }
    let mut replayed = replay.finish(at.unwrap_or(applied));
    replayed.stopped = stopped;
    Ok(replayed)
}
