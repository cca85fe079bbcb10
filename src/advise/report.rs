//! `advise --json`: the advice as scripts read it.

use super::{Advice, Choice, Move};
use crate::game::Game;
use crate::routes::report::{CompanyRoutes, RouteReport};
use crate::rules::LayKind;
use schemars::JsonSchema;
use serde::Serialize;

/// What the company earns now, and its best moves, best first.
#[derive(Debug, Serialize, JsonSchema)]
pub struct AdviceReport {
    pub company: String,
    /// What its trains earn with no lay (as `routes` finds).
    pub now: u32,
    pub options: Vec<OptionReport>,
}

/// One move (a lay, a token, or a lay then a token) and what it earns.
#[derive(Debug, Serialize, JsonSchema)]
pub struct OptionReport {
    /// `place` (a tile on an empty hex), `upgrade`, or `token`.
    pub kind: Kind,
    /// The hex of the tile (or of the token, for `token`).
    pub hex: String,
    /// The tile laid; `null` for a token.
    pub tile: Option<String>,
    /// The tile's rotation (0-5, as `place --rotate` takes it); `null` for a token.
    pub rotation: Option<u8>,
    /// The token space, for `token`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub space: Option<usize>,
    /// A token placed after the lay (`advise --token`: the best lay, then each token).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<TokenAt>,
    /// The optimal revenue after the move.
    pub revenue: u32,
    /// `revenue` minus `now`.
    pub gain: i64,
    /// What the lay costs (terrain, water); `null` for a token alone
    /// (hexroute keeps no token prices).
    pub cost: Option<u32>,
    /// The routes that earn `revenue`.
    pub routes: Vec<RouteReport>,
}

/// A token's place: hex and token space.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TokenAt {
    pub hex: String,
    pub space: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Place,
    Upgrade,
    Token,
}

impl AdviceReport {
    /// The first `top` choices (all when `top` is 0).
    pub fn new(game: &Game, advice: &Advice, top: usize) -> AdviceReport {
        let take = if top == 0 { usize::MAX } else { top };
        AdviceReport {
            company: advice.now.company.to_string(),
            now: advice.now.total,
            options: advice
                .choices
                .iter()
                .take(take)
                .map(|c| OptionReport::new(game, advice.now.total, c))
                .collect(),
        }
    }
}

impl OptionReport {
    fn new(game: &Game, now: u32, c: &Choice) -> OptionReport {
        let token_at = |hex, space| TokenAt {
            hex: game.format(hex),
            space,
        };
        let after = c.moves.get(1).and_then(|m| match m {
            Move::Token { hex, space } => Some(token_at(*hex, *space)),
            Move::Lay { .. } => None,
        });
        let routes = CompanyRoutes::new(game, &c.solution).routes;
        let revenue = c.revenue();
        let gain = i64::from(revenue) - i64::from(now);
        match &c.moves[0] {
            Move::Lay {
                kind,
                hex,
                tile,
                rotation,
                cost,
            } => OptionReport {
                kind: match kind {
                    LayKind::Place => Kind::Place,
                    LayKind::Upgrade => Kind::Upgrade,
                },
                hex: game.format(*hex),
                tile: Some(tile.to_string()),
                rotation: Some(rotation.steps()),
                space: None,
                token: after,
                revenue,
                gain,
                cost: Some(*cost),
                routes,
            },
            Move::Token { hex, space } => OptionReport {
                kind: Kind::Token,
                hex: game.format(*hex),
                tile: None,
                rotation: None,
                space: Some(*space),
                token: None,
                revenue,
                gain,
                cost: None,
                routes,
            },
        }
    }
}

/// The schema of `advise --json`.
pub fn schema() -> schemars::Schema {
    schemars::schema_for!(AdviceReport)
}
