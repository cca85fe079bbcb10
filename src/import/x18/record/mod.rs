//! An 18xx.games game record as its Tools tab downloads it: the title, the
//! optional rules and every action, undone ones included.

use crate::error::Error;
use serde::Deserialize;

mod action;
mod ids;
mod undo;

pub use action::{
    Action, Assign, AutoAction, Bid, BuyTrain, Kind, LayTile, Par, PlaceToken, RanRoute, Shares,
    TokenAt,
};
pub use ids::{CityId, EngineTrain, TileId};

/// The parts of a record the replay reads; everything else is left alone.
#[derive(Clone, Debug, Deserialize)]
pub struct Record {
    pub title: String,
    #[serde(default)]
    pub id: Option<serde_json::Value>,
    #[serde(default)]
    pub settings: Option<Settings>,
    /// The players, each left as written: only their count is read.
    #[serde(default)]
    pub players: Vec<serde_json::Value>,
    /// The actions, resolved as they are read: only those that stand are
    /// kept (undos and redos can be most of a record).
    #[serde(deserialize_with = "undo::standing")]
    actions: undo::Standing,
}

#[derive(Clone, Debug, Default, Deserialize)]
pub struct Settings {
    #[serde(default)]
    pub optional_rules: Option<Vec<String>>,
    /// The seed of the game's random numbers (else the first number in
    /// its id).
    #[serde(default)]
    pub seed: Option<serde_json::Value>,
}

impl Record {
    /// The engine's first random number for this game (18xx.games's
    /// `rand`: a linear congruential generator seeded by the settings'
    /// `seed`, else by the first number in the game's id).
    pub fn first_random(&self) -> Option<u64> {
        self.randoms()?.next()
    }

    /// The engine's random numbers for this game, in order.
    pub fn randoms(&self) -> Option<impl Iterator<Item = u64>> {
        const M: u64 = 1 << 31;
        let from_id = || {
            let id = match self.id.as_ref()? {
                serde_json::Value::String(s) => s.clone(),
                v => v.to_string(),
            };
            let digits: String = id
                .chars()
                .skip_while(|c| !c.is_ascii_digit())
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse::<u128>().ok()
        };
        // A hotseat game's empty seed is none (the id's number is used).
        let seed = match self.settings.as_ref().and_then(|s| s.seed.as_ref()) {
            Some(serde_json::Value::Number(n)) => n.as_u64().map(u128::from),
            Some(serde_json::Value::String(s)) if !s.is_empty() => s.parse().ok(),
            _ => from_id(),
        }?;
        let mut r = u64::try_from(seed % u128::from(M)).ok()?;
        Some(std::iter::repeat_with(move || {
            r = (1_103_515_245 * r + 12_345) % M;
            r
        }))
    }

    /// Reads a record and resolves its undos and redos: a record whose
    /// undos make no sense is refused here, once.
    pub fn parse(text: &str) -> Result<Record, Error> {
        let mut record: Record = serde_json::from_str(text).map_err(|e| {
            Error::Import(format!(
                "not an 18xx.games game record ({e}); download one from a game's Tools tab → Game Data"
            ))
        })?;
        match record.actions.fault.take() {
            Some(fault) => Err(Error::Import(fault)),
            None => Ok(record),
        }
    }

    /// The actions that stand once every undo and redo is taken into
    /// account, in order (see [`undo`]); skipped ones and messages left out.
    pub fn standing(&self) -> &[Action] {
        &self.actions.actions
    }

    /// The id of the record's last action, of any type (0: none).
    pub fn last_id(&self) -> u64 {
        self.actions.last
    }
}
