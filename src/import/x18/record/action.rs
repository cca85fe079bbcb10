//! One action of a record, with the fields the replay reads.

use super::ids::{CityId, EngineTrain, TileId};
use serde::Deserialize;

/// One action: what every type carries, and the fields of its own type.
#[derive(Clone, Debug)]
pub struct Action {
    pub id: u64,
    entity: Option<serde_json::Value>,
    entity_type: Option<String>,
    /// What the engine did next for players' standing orders (a share
    /// bought by a `program_buy_shares`), recorded inside this action.
    pub auto_actions: Vec<AutoAction>,
    /// Older records mark undone actions so instead of with `undo`.
    pub(super) skip: bool,
    /// When the player took it (Unix seconds), where the record says: the
    /// engine of that day priced a run (`review` names a later change).
    pub created_at: Option<i64>,
    pub kind: Kind,
}

/// An action's type with the fields the replay reads of it, typed. Types
/// the replay does not know are [`Kind::Other`], which stops the replay.
#[derive(Clone, Debug)]
pub enum Kind {
    LayTile(LayTile),
    PlaceToken(PlaceToken),
    RemoveToken(TokenAt),
    BuyTrain(BuyTrain),
    DiscardTrain {
        train: Option<EngineTrain>,
    },
    BorrowTrain {
        train: Option<EngineTrain>,
    },
    BuyCompany {
        company: Option<String>,
    },
    /// What was bought, in words (1856's `Tunnel Token`).
    SpecialBuy {
        description: Option<String>,
    },
    Assign(Assign),
    Merge {
        corporation: Option<String>,
    },
    Convert,
    /// A choice among the engine's named options (1870's `Map` or
    /// `Charter` for a destination token).
    Choose {
        choice: Option<String>,
    },
    /// `payout`, `withhold` or `half`.
    Dividend {
        kind: Option<String>,
    },
    Par(Par),
    Bid(Bid),
    Bankrupt,
    BuyShares(Shares),
    SellShares(Shares),
    /// A company's own shares bought from or sold to the market (18CO).
    CorporateBuyShares(Shares),
    CorporateSellShares(Shares),
    RunRoutes {
        routes: Option<Vec<RanRoute>>,
    },
    Pass,
    EndGame,
    /// Loans (1856): money only.
    TakeLoan,
    PayoffLoan,
    Message,
    /// A `Message` by another name (the server's notes).
    Log,
    /// A player's standing order (`program_buy_shares`), by its type.
    Program(String),
    /// The action to go back to (0: the start), else the last one.
    Undo {
        action_id: Option<u64>,
    },
    Redo,
    /// A type the replay does not know, by its name.
    Other(String),
}

/// `lay_tile`.
#[derive(Clone, Debug)]
pub struct LayTile {
    pub hex: Option<String>,
    pub tile: Option<TileId>,
    pub rotation: Option<i64>,
}

/// The city (and space clicked) of a token placed or removed.
#[derive(Clone, Debug)]
pub struct TokenAt {
    pub city: Option<CityId>,
    pub slot: Option<i64>,
}

/// `place_token`.
#[derive(Clone, Debug)]
pub struct PlaceToken {
    pub at: TokenAt,
    /// The kind of token, when not the company's own (`neutral`: 1882's
    /// CN tokens, which the other companies lay).
    pub token_type: Option<String>,
    /// By a private a player owns: the company whose token it is
    /// (18Texas's teleports).
    pub tokener: Option<String>,
}

/// `buy_train`.
#[derive(Clone, Debug)]
pub struct BuyTrain {
    pub train: Option<EngineTrain>,
    pub exchange: Option<EngineTrain>,
    /// The variant a train is bought as (18MS's `2D-0` as a `4D`).
    pub variant: Option<String>,
}

/// `assign`: the hex (or company) the entity is assigned to, and what the
/// target is (`hex`, `corporation`, `minor`).
#[derive(Clone, Debug)]
pub struct Assign {
    pub target: Option<String>,
    pub target_type: Option<String>,
}

/// `par`.
#[derive(Clone, Debug)]
pub struct Par {
    pub corporation: Option<String>,
    /// The cell (`"80,0,8"`: price, row, column), or a number.
    pub share_price: Option<serde_json::Value>,
}

/// `bid`: on a company (1861's minors), on a private, or on a minor
/// offered in an auction of its own (18EU's).
#[derive(Clone, Debug)]
pub struct Bid {
    pub corporation: Option<String>,
    pub company: Option<String>,
    pub minor: Option<String>,
}

/// `buy_shares` and `sell_shares`.
#[derive(Clone, Debug)]
pub struct Shares {
    pub shares: Option<Vec<String>>,
    pub percent: Option<u32>,
    /// The price a share.
    pub share_price: Option<serde_json::Value>,
}

/// One action as the record writes it: every field any type carries,
/// optional. Its values are checked ([`Wire::check_values`]) and it is then
/// typed as an [`Action`].
#[derive(Clone, Debug, Deserialize)]
pub(super) struct Wire {
    pub(super) id: u64,
    #[serde(rename = "type")]
    pub(super) kind: String,
    #[serde(default)]
    pub(super) entity: Option<serde_json::Value>,
    #[serde(default)]
    pub(super) entity_type: Option<String>,
    #[serde(default)]
    pub(super) hex: Option<String>,
    #[serde(default)]
    pub(super) tile: Option<TileId>,
    #[serde(default)]
    pub(super) rotation: Option<i64>,
    #[serde(default)]
    pub(super) city: Option<CityId>,
    #[serde(default)]
    pub(super) slot: Option<i64>,
    #[serde(default)]
    pub(super) token_type: Option<String>,
    #[serde(default)]
    pub(super) train: Option<EngineTrain>,
    #[serde(default)]
    pub(super) exchange: Option<EngineTrain>,
    #[serde(default)]
    pub(super) variant: Option<String>,
    #[serde(default)]
    pub(super) company: Option<String>,
    #[serde(default)]
    pub(super) corporation: Option<String>,
    #[serde(default)]
    pub(super) minor: Option<String>,
    #[serde(default)]
    pub(super) target: Option<String>,
    #[serde(default)]
    pub(super) target_type: Option<String>,
    #[serde(default)]
    pub(super) shares: Option<Vec<String>>,
    #[serde(default)]
    pub(super) percent: Option<u32>,
    #[serde(default)]
    pub(super) share_price: Option<serde_json::Value>,
    #[serde(default, rename = "kind")]
    pub(super) dividend_kind: Option<String>,
    #[serde(default)]
    pub(super) routes: Option<Vec<RanRoute>>,
    #[serde(default)]
    pub(super) description: Option<String>,
    #[serde(default)]
    pub(super) action_id: Option<u64>,
    #[serde(default)]
    pub(super) tokener: Option<String>,
    #[serde(default)]
    pub(super) choice: Option<serde_json::Value>,
    #[serde(default)]
    pub(super) auto_actions: Option<Vec<AutoAction>>,
    #[serde(default)]
    pub(super) skip: Option<bool>,
    /// Unix seconds; anything else is left unread.
    #[serde(default)]
    pub(super) created_at: Option<serde_json::Value>,
}

/// An action the engine took for a player's standing order, recorded
/// inside the action that triggered it (it has no id of its own).
#[derive(Clone, Debug, Deserialize)]
pub struct AutoAction {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub shares: Option<Vec<String>>,
    /// A `destination_connection`'s companies that have just connected
    /// their destination, each to make a connection run at once (1870).
    #[serde(default)]
    pub corporations: Option<Vec<String>>,
}

/// One train's route of a `run_routes` action, as the player ran it.
#[derive(Clone, Debug, Deserialize)]
pub struct RanRoute {
    /// The engine's id of the train (`5-1`), or its type once the replay
    /// has named a variant's.
    pub train: EngineTrain,
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

    /// True when a minor acts (18EU's minors exchanged for shares).
    pub fn by_minor(&self) -> bool {
        self.entity_type.as_deref() == Some("minor")
    }

    /// True when a private company uses an ability.
    pub fn by_private(&self) -> bool {
        self.entity_type.as_deref() == Some("company")
    }
}

/// The dividend kinds the replay knows, as 18xx.games writes them.
const DIVIDEND_KINDS: &[&str] = &["payout", "withhold", "half"];

impl From<Wire> for Action {
    fn from(w: Wire) -> Action {
        let kind = Kind::of(&w);
        Action {
            id: w.id,
            entity: w.entity,
            entity_type: w.entity_type,
            auto_actions: w.auto_actions.unwrap_or_default(),
            skip: w.skip == Some(true),
            created_at: w.created_at.as_ref().and_then(serde_json::Value::as_i64),
            kind,
        }
    }
}

impl Kind {
    /// The type named `w.kind`, with the fields the replay reads of it.
    fn of(w: &Wire) -> Kind {
        let train = || w.train.clone();
        let shares = || Shares {
            shares: w.shares.clone(),
            percent: w.percent,
            share_price: w.share_price.clone(),
        };
        let at = || TokenAt {
            city: w.city.clone(),
            slot: w.slot,
        };
        match w.kind.as_str() {
            "lay_tile" => Kind::LayTile(LayTile {
                hex: w.hex.clone(),
                tile: w.tile.clone(),
                rotation: w.rotation,
            }),
            "place_token" => Kind::PlaceToken(PlaceToken {
                at: at(),
                token_type: w.token_type.clone(),
                tokener: w.tokener.clone(),
            }),
            "remove_token" => Kind::RemoveToken(at()),
            "buy_train" => Kind::BuyTrain(BuyTrain {
                train: train(),
                exchange: w.exchange.clone(),
                variant: w.variant.clone(),
            }),
            "discard_train" => Kind::DiscardTrain { train: train() },
            "borrow_train" => Kind::BorrowTrain { train: train() },
            "buy_company" => Kind::BuyCompany {
                company: w.company.clone(),
            },
            "special_buy" => Kind::SpecialBuy {
                description: w.description.clone(),
            },
            "assign" => Kind::Assign(Assign {
                target: w.target.clone(),
                target_type: w.target_type.clone(),
            }),
            "merge" => Kind::Merge {
                corporation: w.corporation.clone(),
            },
            "convert" => Kind::Convert,
            "choose" => Kind::Choose {
                // A name (1870's `Map`) or a number (1817's size, `5`).
                choice: w.choice.as_ref().and_then(|c| match c {
                    serde_json::Value::Number(n) => Some(n.to_string()),
                    other => other.as_str().map(str::to_string),
                }),
            },
            "dividend" => Kind::Dividend {
                kind: w.dividend_kind.clone(),
            },
            "par" => Kind::Par(Par {
                corporation: w.corporation.clone(),
                share_price: w.share_price.clone(),
            }),
            "bid" => Kind::Bid(Bid {
                corporation: w.corporation.clone(),
                company: w.company.clone(),
                minor: w.minor.clone(),
            }),
            "bankrupt" => Kind::Bankrupt,
            "buy_shares" => Kind::BuyShares(shares()),
            "sell_shares" => Kind::SellShares(shares()),
            "corporate_buy_shares" => Kind::CorporateBuyShares(shares()),
            "corporate_sell_shares" => Kind::CorporateSellShares(shares()),
            "run_routes" => Kind::RunRoutes {
                routes: w.routes.clone(),
            },
            "pass" => Kind::Pass,
            "end_game" => Kind::EndGame,
            "take_loan" => Kind::TakeLoan,
            "payoff_loan" => Kind::PayoffLoan,
            "message" => Kind::Message,
            "log" => Kind::Log,
            "undo" => Kind::Undo {
                action_id: w.action_id,
            },
            "redo" => Kind::Redo,
            program if program.starts_with("program_") => Kind::Program(program.to_string()),
            other => Kind::Other(other.to_string()),
        }
    }

    /// The type's name as 18xx.games writes it (`lay_tile`).
    pub fn name(&self) -> &str {
        match self {
            Kind::LayTile(_) => "lay_tile",
            Kind::PlaceToken(_) => "place_token",
            Kind::RemoveToken(_) => "remove_token",
            Kind::BuyTrain(_) => "buy_train",
            Kind::DiscardTrain { .. } => "discard_train",
            Kind::BorrowTrain { .. } => "borrow_train",
            Kind::BuyCompany { .. } => "buy_company",
            Kind::SpecialBuy { .. } => "special_buy",
            Kind::Assign(_) => "assign",
            Kind::Merge { .. } => "merge",
            Kind::Convert => "convert",
            Kind::Choose { .. } => "choose",
            Kind::Dividend { .. } => "dividend",
            Kind::Par(_) => "par",
            Kind::Bid(_) => "bid",
            Kind::Bankrupt => "bankrupt",
            Kind::BuyShares(_) => "buy_shares",
            Kind::SellShares(_) => "sell_shares",
            Kind::CorporateBuyShares(_) => "corporate_buy_shares",
            Kind::CorporateSellShares(_) => "corporate_sell_shares",
            Kind::RunRoutes { .. } => "run_routes",
            Kind::Pass => "pass",
            Kind::EndGame => "end_game",
            Kind::TakeLoan => "take_loan",
            Kind::PayoffLoan => "payoff_loan",
            Kind::Message => "message",
            Kind::Log => "log",
            Kind::Undo { .. } => "undo",
            Kind::Redo => "redo",
            Kind::Program(name) | Kind::Other(name) => name,
        }
    }
}

impl Wire {
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
    use super::Wire;

    fn action(json: &str) -> Wire {
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
