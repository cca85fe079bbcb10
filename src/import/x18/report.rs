//! What `import --check` and `review` print with `--json`, as types: the
//! schemas in docs/ are made from them.

use schemars::JsonSchema;
use serde::Serialize;

/// `import --check --json`: the game's moves our rules refuse.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RefusedReport {
    pub refused: Vec<RefusedMove>,
}

/// One real move our rules refuse.
#[derive(Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RefusedMove {
    /// The action's id in the record.
    pub action: u64,
    /// `lay_tile` or `place_token`.
    #[serde(rename = "type")]
    pub kind: String,
    pub hex: String,
    /// The tile laid, or the company whose token it is.
    pub what: String,
    /// The rule, as refusals name it (`phase colour`, `tile lay` …).
    pub rule: String,
    pub message: String,
}

impl From<&super::Refusal> for RefusedMove {
    fn from(r: &super::Refusal) -> RefusedMove {
        RefusedMove {
            action: r.action,
            kind: r.kind.clone(),
            hex: r.hex.clone(),
            what: r.what.clone(),
            rule: r.rule.to_string(),
            message: r.message.clone(),
        }
    }
}
