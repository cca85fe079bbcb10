//! One action of a record, with the fields the replay reads.

use super::ids::{CityId, TileId};
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
    pub tile: Option<TileId>,
    #[serde(default)]
    pub rotation: Option<i64>,
    #[serde(default)]
    pub city: Option<CityId>,
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

/// The dividend kinds the replay knows, as 18xx.games writes them.
const DIVIDEND_KINDS: &[&str] = &["payout", "withhold", "half"];

impl Action {
    /// Refuses a value no record of 18xx.games holds, naming the action,
    /// the rule and what the engine writes: a value taken as it came could
    /// give a silently wrong map (a rotation taken modulo 6).
    pub(super) fn check_values(&self) -> Result<(), String> {
        let id = self.id;
        if let Some(r) = self.rotation
            && !(0..=5).contains(&r)
        {
            return Err(format!(
                "action {id}: a tile rotation of {r}, outside 0 to 5 (the engine's six edges)"
            ));
        }
        if self.kind == "dividend"
            && let Some(kind) = &self.dividend_kind
            && !DIVIDEND_KINDS.contains(&kind.as_str())
        {
            return Err(format!(
                "action {id}: a dividend of kind {kind:?}, which hexroute does not know (18xx.games writes {})",
                DIVIDEND_KINDS.join(", ")
            ));
        }
        if self.kind == "par"
            && let Some(price) = &self.share_price
            && !par_price_is_a_number(price)
        {
            return Err(format!(
                "action {id}: a par price of {price}, which is not a number (18xx.games writes PRICE,ROW,COLUMN, such as \"80,0,8\")"
            ));
        }
        Ok(())
    }
}

/// A par's `share_price`: `"80,0,8"` (price, row, column), or a number.
fn par_price_is_a_number(price: &serde_json::Value) -> bool {
    match price {
        serde_json::Value::Number(n) => n.as_u64().is_some(),
        serde_json::Value::String(s) => {
            let mut parts = s.split(',');
            parts
                .next()
                .is_some_and(|p| p.trim().parse::<u32>().is_ok())
                && parts.all(|p| p.trim().parse::<usize>().is_ok())
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::Action;

    fn action(json: &str) -> Action {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn a_rotation_is_one_of_the_six_edges() {
        for r in 0..=5 {
            let lay = format!(r#"{{"id": 4, "type": "lay_tile", "rotation": {r}}}"#);
            assert_eq!(action(&lay).check_values(), Ok(()));
        }
        for r in [-1, 6, 7, i64::MAX, i64::MIN] {
            let lay = format!(r#"{{"id": 4, "type": "lay_tile", "rotation": {r}}}"#);
            assert_eq!(
                action(&lay).check_values().unwrap_err(),
                format!(
                    "action 4: a tile rotation of {r}, outside 0 to 5 (the engine's six edges)"
                )
            );
        }
    }

    #[test]
    fn a_dividend_is_paid_withheld_or_halved() {
        for kind in ["payout", "withhold", "half"] {
            let d = format!(r#"{{"id": 9, "type": "dividend", "kind": "{kind}"}}"#);
            assert_eq!(action(&d).check_values(), Ok(()));
        }
        let d = action(r#"{"id": 9, "type": "dividend", "kind": "bonus"}"#);
        assert_eq!(
            d.check_values().unwrap_err(),
            "action 9: a dividend of kind \"bonus\", which hexroute does not know (18xx.games writes payout, withhold, half)"
        );
    }

    #[test]
    fn a_par_price_is_a_number() {
        for price in [r#""80,0,8""#, "67"] {
            let par = format!(r#"{{"id": 2, "type": "par", "share_price": {price}}}"#);
            assert_eq!(action(&par).check_values(), Ok(()));
        }
        for price in [
            r#""abc""#,
            r#""80,x,8""#,
            r#""""#,
            "-5",
            "1.5",
            "null",
            "[80]",
        ] {
            let par = format!(r#"{{"id": 2, "type": "par", "share_price": {price}}}"#);
            let why = action(&par).check_values();
            // null reads as no price at all: the replay's own check.
            if price == "null" {
                assert_eq!(why, Ok(()));
                continue;
            }
            assert!(
                why.as_ref()
                    .is_err_and(|e| e.starts_with("action 2: a par price of ")
                        && e.contains("which is not a number")),
                "{price}: {why:?}"
            );
        }
        // A sale's share price is a number the replay does not check here.
        let sale = action(r#"{"id": 3, "type": "sell_shares", "share_price": "abc"}"#);
        assert_eq!(sale.check_values(), Ok(()));
    }
}
