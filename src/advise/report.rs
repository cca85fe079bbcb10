//! `advise --json`: the advice as scripts read it, each move with the
//! command that makes it.

use super::{Advice, Ask, Choice, Move};
use crate::game::Game;
use crate::routes::report::{CompanyRoutes, RouteReport};
use crate::rules::LayKind;
use schemars::JsonSchema;
use serde::Serialize;

/// What the company earns now, and its best turns, best first.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AdviceReport {
    pub company: String,
    /// What its trains earn with no lay (as `routes` finds).
    pub now: u32,
    /// True when no turn earns more than `now` (the options then only
    /// show what each keeps).
    pub no_gain: bool,
    pub options: Vec<OptionReport>,
}

/// One turn (its lays, a token, or lays then a token) and what it earns.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OptionReport {
    /// The moves, in the order to make them.
    pub moves: Vec<MoveReport>,
    /// The optimal revenue after the turn.
    pub revenue: u32,
    /// `revenue` minus `now`.
    pub gain: i64,
    /// What the turn costs (terrain, water, the title's price for a later
    /// lay, the token's price); `null` when a token's price is unknown
    /// (the game file gives no `token_prices`).
    pub cost: Option<u32>,
    /// The routes that earn `revenue`.
    pub routes: Vec<RouteReport>,
}

/// One move of a turn.
#[derive(Debug, Serialize, JsonSchema)]
pub struct MoveReport {
    /// `place` (a tile on an empty hex), `upgrade`, or `token`.
    pub kind: Kind,
    /// The hex of the tile or token.
    pub hex: String,
    /// The tile laid; `null` for a token.
    pub tile: Option<String>,
    /// The tile's rotation (0-5, as `place --rotate` takes it); `null` for a token.
    pub rotation: Option<u8>,
    /// The token space, for `token`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub space: Option<usize>,
    /// The private company whose ability lays the tile.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub private: Option<String>,
    /// What the move costs; `null` for a token of unknown price.
    pub cost: Option<u32>,
    /// The hexroute command that makes the move on the saved game.
    pub command: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Place,
    Upgrade,
    Token,
}

impl Kind {
    pub fn verb(self) -> &'static str {
        match self {
            Kind::Place => "place",
            Kind::Upgrade => "upgrade",
            Kind::Token => "token",
        }
    }
}

impl AdviceReport {
    /// The first `top` choices (all when `top` is 0); each move's command
    /// names the saved game as `file`.
    pub fn new(ask: &Ask, advice: &Advice, top: usize, file: &str) -> AdviceReport {
        let take = if top == 0 { usize::MAX } else { top };
        AdviceReport {
            company: advice.now.company.to_string(),
            now: advice.now.total,
            no_gain: advice.no_gain(),
            options: advice
                .choices
                .iter()
                .take(take)
                .map(|c| OptionReport::new(ask, advice.now.total, c, file))
                .collect(),
        }
    }
}

impl OptionReport {
    fn new(ask: &Ask, now: u32, c: &Choice, file: &str) -> OptionReport {
        let revenue = c.revenue();
        let unknown = c
            .moves
            .iter()
            .any(|m| matches!(m, Move::Token { price: None, .. }));
        OptionReport {
            moves: c
                .moves
                .iter()
                .map(|m| MoveReport::new(ask, m, file))
                .collect(),
            revenue,
            gain: i64::from(revenue) - i64::from(now),
            cost: (!unknown).then(|| c.cost()),
            routes: CompanyRoutes::new(ask.game, &c.solution).routes,
        }
    }
}

impl MoveReport {
    fn new(ask: &Ask, m: &Move, file: &str) -> MoveReport {
        let game: &Game = ask.game;
        let company = ask.query.company.to_string();
        match m {
            Move::Lay {
                kind,
                hex,
                tile,
                rotation,
                cost,
                private,
            } => {
                let kind = match kind {
                    LayKind::Place => Kind::Place,
                    LayKind::Upgrade => Kind::Upgrade,
                };
                let private = (*private)
                    .then(|| ask.by.private.map(|p| p.abbrev.to_string()))
                    .flatten();
                let hex = game.format(*hex);
                let mut words = vec![
                    kind.verb().to_string(),
                    file.to_string(),
                    hex.clone(),
                    tile.to_string(),
                    "--rotate".into(),
                    rotation.steps().to_string(),
                    "--company".into(),
                    company,
                ];
                if let Some(p) = &private {
                    words.extend(["--private".to_string(), p.clone()]);
                }
                MoveReport {
                    kind,
                    hex,
                    tile: Some(tile.to_string()),
                    rotation: Some(rotation.steps()),
                    space: None,
                    private,
                    cost: Some(*cost),
                    command: command(&words),
                }
            }
            Move::Token { hex, space, price } => {
                let hex = game.format(*hex);
                let words = [
                    "token".to_string(),
                    file.to_string(),
                    hex.clone(),
                    company,
                    "--space".into(),
                    space.to_string(),
                ];
                MoveReport {
                    kind: Kind::Token,
                    hex,
                    tile: None,
                    rotation: None,
                    space: Some(*space),
                    private: None,
                    cost: *price,
                    command: command(&words),
                }
            }
        }
    }
}

/// `hexroute` and its arguments as one line a POSIX shell reads back to
/// the same words: a word with anything but letters, digits and `-_./,:=@+%`
/// is single-quoted.
fn command(words: &[String]) -> String {
    let quote = |w: &String| {
        let plain = !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./,:=@+%".contains(c));
        if plain {
            w.clone()
        } else {
            format!("'{}'", w.replace('\'', r"'\''"))
        }
    };
    std::iter::once("hexroute".to_string())
        .chain(words.iter().map(quote))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The schema of `advise --json`.
pub fn schema() -> schemars::Schema {
    schemars::schema_for!(AdviceReport)
}

#[cfg(test)]
mod tests {
    use super::command;

    #[test]
    fn a_command_quotes_what_a_shell_would_split_or_expand() {
        let words = ["token", "my game.json", "B&O", "it's"].map(String::from);
        assert_eq!(
            command(&words),
            r"hexroute token 'my game.json' 'B&O' 'it'\''s'"
        );
    }
}
