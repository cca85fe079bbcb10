//! An 18xx.games game record as its Tools tab downloads it: the title, the
//! optional rules and every action, undone ones included.

use crate::error::Error;
use serde::Deserialize;

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
    pub actions: Vec<Action>,
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

/// One action. Fields only some types carry are optional.
#[derive(Clone, Debug, Deserialize)]
pub struct Action {
    pub id: u64,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub entity: Option<serde_json::Value>,
    #[serde(default)]
    pub entity_type: Option<String>,
    #[serde(default)]
    pub hex: Option<String>,
    #[serde(default)]
    pub tile: Option<String>,
    #[serde(default)]
    pub rotation: Option<i64>,
    #[serde(default)]
    pub city: Option<String>,
    #[serde(default)]
    pub slot: Option<i64>,
    /// `place_token`: the kind of token, when not the company's own
    /// (`neutral`: 1882's CN tokens, which the other companies lay).
    #[serde(default)]
    pub token_type: Option<String>,
    #[serde(default)]
    pub train: Option<String>,
    #[serde(default)]
    pub exchange: Option<String>,
    /// `buy_train`: the variant a train is bought as (18MS's `2D-0` as a `4D`).
    #[serde(default)]
    pub variant: Option<String>,
    #[serde(default)]
    pub company: Option<String>,
    #[serde(default)]
    pub corporation: Option<String>,
    /// `assign`: the hex (or company) the entity is assigned to.
    #[serde(default)]
    pub target: Option<String>,
    /// `assign`: what the target is (`hex`, `corporation`, `minor`).
    #[serde(default)]
    pub target_type: Option<String>,
    #[serde(default)]
    pub shares: Option<Vec<String>>,
    #[serde(default)]
    pub percent: Option<u32>,
    /// `par`: the cell (`"80,0,8"`: price, row, column); `sell_shares` and
    /// `buy_shares`: the price a share.
    #[serde(default)]
    pub share_price: Option<serde_json::Value>,
    /// `dividend`: `payout`, `withhold` or `half`.
    #[serde(default, rename = "kind")]
    pub dividend_kind: Option<String>,
    #[serde(default)]
    pub routes: Option<Vec<RanRoute>>,
    /// `special_buy`: what was bought, in words (1856's `Tunnel Token`).
    #[serde(default)]
    pub description: Option<String>,
    /// `undo`: the action to go back to (0: the start), else the last one.
    #[serde(default)]
    pub action_id: Option<u64>,
    /// `place_token` by a private a player owns: the company whose token
    /// it is (18Texas's teleports).
    #[serde(default)]
    pub tokener: Option<String>,
    /// What the engine did next for players' standing orders (a share
    /// bought by a `program_buy_shares`), recorded inside this action.
    #[serde(default)]
    pub auto_actions: Option<Vec<AutoAction>>,
    /// Older records mark undone actions so instead of with `undo`.
    #[serde(default)]
    pub skip: Option<bool>,
}

/// An action the engine took for a player's standing order, recorded
/// inside the action that triggered it (it has no id of its own).
#[derive(Clone, Debug, Deserialize)]
pub struct AutoAction {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub shares: Option<Vec<String>>,
}

/// One train's route of a `run_routes` action, as the player ran it.
#[derive(Clone, Debug, Deserialize)]
pub struct RanRoute {
    pub train: String,
    /// What it earned (older records leave it out).
    #[serde(default)]
    pub revenue: Option<u32>,
    #[serde(default)]
    pub hexes: Vec<String>,
    /// The hexes of each leg between two stops (newer records only).
    #[serde(default)]
    pub connections: Option<Vec<Vec<String>>>,
}

impl Action {
    /// The acting entity as text: a company's sym or a player's id.
    pub fn entity(&self) -> String {
        match &self.entity {
            Some(serde_json::Value::String(s)) => s.clone(),
            Some(v) => v.to_string(),
            None => String::new(),
        }
    }

    /// True when a company (not a player) acts.
    pub fn by_company(&self) -> bool {
        matches!(
            self.entity_type.as_deref(),
            Some("corporation") | Some("minor")
        )
    }

    /// True when a private company uses an ability.
    pub fn by_private(&self) -> bool {
        self.entity_type.as_deref() == Some("company")
    }
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

    pub fn parse(text: &str) -> Result<Record, Error> {
        serde_json::from_str(text).map_err(|e| {
            Error::Import(format!(
                "not an 18xx.games game record ({e}); download one from a game's Tools tab → Game Data"
            ))
        })
    }

    /// The actions that stand once every undo and redo is taken into
    /// account, in order, as the engine counts them: an `undo` takes back
    /// the actions after its target (or the last one), a `redo` puts back
    /// what the last undo took, and any other action forgets the undos
    /// before it. Messages are never undone and never stand.
    pub fn standing(&self) -> Result<Vec<&Action>, Error> {
        let mut kept: Vec<Option<&Action>> = vec![None; self.actions.len()];
        let mut undos: Vec<Vec<(usize, &Action)>> = Vec::new();
        for (ix, a) in self.actions.iter().enumerate() {
            match a.kind.as_str() {
                "undo" => {
                    let from = match a.action_id {
                        Some(0) => 0,
                        Some(id) => {
                            let at = self.actions.iter().position(|x| x.id == id).ok_or_else(|| {
                                Error::Import(format!(
                                    "action {}: undo to action {id}, which the record does not have",
                                    a.id
                                ))
                            })?;
                            at + 1
                        }
                        None => kept
                            .iter()
                            .rposition(|k| k.is_some_and(|k| k.kind != "message"))
                            .unwrap_or(0),
                    };
                    let mut taken = Vec::new();
                    for (i, slot) in kept.iter_mut().enumerate().take(ix).skip(from) {
                        if let Some(k) = slot.take_if(|k| k.kind != "message") {
                            taken.push((i, k));
                        }
                    }
                    undos.push(taken);
                }
                "redo" => {
                    let taken = undos.pop().ok_or_else(|| {
                        Error::Import(format!("action {}: a redo with nothing undone", a.id))
                    })?;
                    for (i, k) in taken {
                        kept[i] = Some(k);
                    }
                }
                "message" => kept[ix] = Some(a),
                _ => {
                    undos.clear();
                    kept[ix] = Some(a);
                }
            }
        }
        Ok(kept
            .into_iter()
            .flatten()
            .filter(|a| a.kind != "message" && a.skip != Some(true))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(actions: &str) -> Record {
        Record::parse(&format!(r#"{{"title": "1830", "actions": [{actions}]}}"#)).unwrap()
    }

    fn ids(r: &Record) -> Vec<u64> {
        r.standing().unwrap().iter().map(|a| a.id).collect()
    }

    #[test]
    fn undo_takes_back_the_last_action_and_redo_puts_it_back() {
        let r = record(
            r#"{"id": 1, "type": "pass"}, {"id": 2, "type": "pass"}, {"id": 3, "type": "undo"}"#,
        );
        assert_eq!(ids(&r), [1]);
        let r = record(
            r#"{"id": 1, "type": "pass"}, {"id": 2, "type": "pass"}, {"id": 3, "type": "undo"}, {"id": 4, "type": "redo"}"#,
        );
        assert_eq!(ids(&r), [1, 2]);
    }

    #[test]
    fn undo_to_an_action_takes_back_all_after_it_but_messages() {
        let r = record(
            r#"{"id": 1, "type": "pass"}, {"id": 2, "type": "pass"}, {"id": 3, "type": "message"}, {"id": 4, "type": "pass"}, {"id": 5, "type": "undo", "action_id": 1}, {"id": 6, "type": "pass"}"#,
        );
        assert_eq!(ids(&r), [1, 6]);
    }

    #[test]
    fn a_new_action_forgets_the_undos_so_redo_has_nothing() {
        let r = record(
            r#"{"id": 1, "type": "pass"}, {"id": 2, "type": "undo"}, {"id": 3, "type": "pass"}, {"id": 4, "type": "redo"}"#,
        );
        assert!(r.standing().is_err());
    }

    #[test]
    fn skipped_actions_do_not_stand() {
        let r = record(r#"{"id": 1, "type": "pass", "skip": true}, {"id": 2, "type": "pass"}"#);
        assert_eq!(ids(&r), [2]);
    }
}
