//! A title's stock market as 18xx.games has it (one row of prices, some
//! closing the company that reaches them) and the rules by which the
//! engine moves a company's share price: the game file's
//! `from_18xx_games.mechanisms`: `ClosingAtPrice`. The replay follows every price with
//! them, to know when a company closes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The market and its movement rules.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SharePrices {
    /// The cells left to right as 18xx.games writes them (`0c`, `40p`): a
    /// price, then `c` when reaching it closes the company, `p` when a
    /// company may par there. One row: a move left or right stops at the
    /// ends (18xx.games's one-dimensional market).
    pub market: Vec<String>,
    /// How a dividend moves the price, by what it paid to the shares.
    pub dividend: DividendMoves,
    /// How a player's sale moves the price.
    pub sell: SellMovement,
    /// Cells moved at the end of a stock round by a company whose shares
    /// players hold all of (18xx.games's sold-out move).
    #[serde(default)]
    pub sold_out: i32,
    /// Cells moved at the end of a stock round by a company with shares in
    /// the market pool (18xx.games's `POOL_SHARE_DROP`).
    #[serde(default)]
    pub pool: i32,
    /// Cells moved per share a company issues to buy a train it must have
    /// (an emergency issue); an ordinary issue or redemption moves none.
    #[serde(default)]
    pub emergency_issue: i32,
    /// Companies left without a president by a bankruptcy (in
    /// receivership), where the title has them.
    #[serde(default)]
    pub receivership: Option<Receivership>,
}

/// A dividend's move: `below` when the shares were paid less than the
/// first step asks, else that of the last step whose share of the price
/// the payment reaches (and whose `price_from`, if any, the price does).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DividendMoves {
    /// Cells moved when the shares were paid less than the first step asks.
    pub below: i32,
    /// The steps, from the smallest payment up.
    pub steps: Vec<DividendStep>,
}

/// Paid at least `paid.0 / paid.1` of the price (rounded down, as the
/// engine divides), the price moves `moves` cells right (left if
/// negative).
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DividendStep {
    /// The share of the price paid, as a fraction (numerator, denominator).
    pub paid: (u32, u32),
    /// Cells moved right (left if negative).
    pub moves: i32,
    /// The least price at which the step applies; absent: any.
    #[serde(default)]
    pub price_from: Option<u32>,
}

/// How a player's sale of shares moves the price (18xx.games's
/// `SELL_MOVEMENT`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum SellMovement {
    /// One cell left per sale by the president, none by anyone else
    /// (`left_block_pres`).
    LeftBlockPres,
    /// One cell left per sale (`left_block`).
    LeftBlock,
    /// One cell left per share sold (`left_share`).
    LeftShare,
    /// No move.
    None,
}

/// What a company in receivership does (18xx.games's 1846): it has no
/// president, lays no track, and withholds what it runs.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Receivership {
    /// Cells moved, besides its withheld dividend's, when it has no train
    /// at its dividend.
    pub trainless: i32,
    /// True when, with no train, it buys the depot's cheapest train (as
    /// its cheapest variant) when its cash allows, with no action.
    #[serde(default)]
    pub buys_cheapest: bool,
    /// The variant each train is bought as when cheaper than the train
    /// itself (1846: a 4 as a 3/5, a 5 as a 4/6).
    #[serde(default)]
    pub cheapest: Vec<CheapestVariant>,
}

/// A train and its cheaper variant.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheapestVariant {
    /// The train.
    pub train: super::TrainId,
    /// The variant it is bought as.
    pub variant: super::TrainId,
}

/// One cell of the market.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub price: u32,
    pub closes: bool,
}

/// Reads a cell as 18xx.games writes it (`0c`, `40p`, `112`).
pub fn parse_cell(code: &str) -> Result<Cell, String> {
    let digits: String = code.chars().take_while(char::is_ascii_digit).collect();
    let price = digits
        .parse()
        .map_err(|_| format!("\"{code}\" does not start with a price"))?;
    let mut closes = false;
    for c in code[digits.len()..].chars() {
        match c {
            'c' => closes = true,
            'p' => {}
            other => {
                return Err(format!(
                    "\"{code}\": hexroute knows the cell types c (closes) and p (par), not {other}"
                ));
            }
        }
    }
    Ok(Cell { price, closes })
}

impl SharePrices {
    /// The market's cells, checked when the game loads.
    pub fn cells(&self) -> Result<Vec<Cell>, String> {
        if self.market.is_empty() {
            return Err("the market has no cells".into());
        }
        self.market.iter().map(|c| parse_cell(c)).collect()
    }

    /// What the shares were paid of `revenue`: all of it, none, or (a
    /// half pay) what is left once the company keeps half rounded down to
    /// a whole amount per share.
    pub fn paid(kind: &str, revenue: u32, shares: u32) -> Option<u32> {
        match kind {
            "payout" => Some(revenue),
            "withhold" => Some(0),
            "half" => {
                let shares = shares.max(1);
                Some(revenue - revenue / 2 / shares * shares)
            }
            _ => None,
        }
    }

    /// The cells a dividend paying `paid` to the shares moves a company at
    /// `price`.
    pub fn dividend_move(&self, price: u32, paid: u32) -> i32 {
        let mut moves = self.dividend.below;
        for step in &self.dividend.steps {
            let (num, den) = step.paid;
            let threshold = price * num / den.max(1);
            if paid >= threshold && step.price_from.is_none_or(|p| price >= p) {
                moves = step.moves;
            } else if paid < threshold {
                break;
            }
        }
        moves
    }
}

/// The cell `moves` cells right of `at` (left if negative), stopping at
/// the ends of the row.
pub fn moved(at: usize, moves: i32, len: usize) -> usize {
    let last = len.saturating_sub(1) as i64;
    (at as i64 + i64::from(moves)).clamp(0, last) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 1846's rules, as its game file gives them.
    fn rules() -> SharePrices {
        let step = |num, den, moves, price_from| DividendStep {
            paid: (num, den),
            moves,
            price_from,
        };
        SharePrices {
            market: ["0c", "10", "20", "30", "40p", "165", "180"]
                .map(String::from)
                .to_vec(),
            dividend: DividendMoves {
                below: -1,
                steps: vec![
                    step(1, 2, 0, None),
                    step(1, 1, 1, None),
                    step(2, 1, 2, None),
                    step(3, 1, 3, Some(165)),
                ],
            },
            sell: SellMovement::LeftBlockPres,
            sold_out: 1,
            pool: -1,
            emergency_issue: -1,
            receivership: None,
        }
    }

    #[test]
    fn cells_read_price_and_closing() {
        let cells = rules().cells().unwrap();
        assert_eq!(
            cells[0],
            Cell {
                price: 0,
                closes: true
            }
        );
        assert_eq!(
            cells[4],
            Cell {
                price: 40,
                closes: false
            }
        );
        assert!(parse_cell("40x").is_err());
        assert!(parse_cell("c").is_err());
    }

    /// At $80: $30 paid is below half ($40): one left; $40 to $79 none;
    /// $80 one right; $160 two; $240 still two, as $80 is below $165.
    #[test]
    fn dividends_move_by_what_they_pay_against_the_price() {
        let r = rules();
        assert_eq!(r.dividend_move(80, 30), -1);
        assert_eq!(r.dividend_move(80, 40), 0);
        assert_eq!(r.dividend_move(80, 79), 0);
        assert_eq!(r.dividend_move(80, 80), 1);
        assert_eq!(r.dividend_move(80, 160), 2);
        assert_eq!(r.dividend_move(80, 240), 2);
        // At $165, three times the price ($495) moves three.
        assert_eq!(r.dividend_move(165, 495), 3);
        assert_eq!(r.dividend_move(165, 494), 2);
        // Half of $137 rounds down to $68: $68 is not below it.
        assert_eq!(r.dividend_move(137, 68), 0);
        assert_eq!(r.dividend_move(137, 67), -1);
        // A withheld dividend pays nothing: one left.
        assert_eq!(r.dividend_move(10, 0), -1);
    }

    /// A half pay of $150 keeps $70 ($75 rounded down to $7 a share of
    /// ten) and pays $80; of $50 keeps $20 and pays $30.
    #[test]
    fn half_pays_keep_half_rounded_down_per_share() {
        assert_eq!(SharePrices::paid("half", 150, 10), Some(80));
        assert_eq!(SharePrices::paid("half", 50, 10), Some(30));
        assert_eq!(SharePrices::paid("payout", 150, 10), Some(150));
        assert_eq!(SharePrices::paid("withhold", 150, 10), Some(0));
        assert_eq!(SharePrices::paid("other", 150, 10), None);
    }

    #[test]
    fn moves_stop_at_the_ends_of_the_row() {
        assert_eq!(moved(1, -1, 7), 0);
        assert_eq!(moved(0, -2, 7), 0);
        assert_eq!(moved(5, 3, 7), 6);
        assert_eq!(moved(4, 2, 7), 6);
    }
}
