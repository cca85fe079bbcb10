//! One action of a record, with the fields the replay reads.

use serde::Deserialize;

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
