//! Shares in the replay: those sold, which float a company (and may put
//! its home token down), and, where the title keeps them
//! (`from_18xx_games.mechanisms`: `ClosingAtPrice`): each company's cell, moved as the
//! engine moves it (par, dividends, sales, issues, the end of each stock
//! round), and who holds its shares (players, its treasury, the market),
//! which decides its president and its end-of-round moves. `closing.rs`
//! does what a price reaching a closing cell does.

use super::Replay;
use crate::error::Error;
use crate::game::market::{Cell, SellMovement, SharePrices, moved};
use crate::game::{CompanyId, CompanyKind, HomeTokenTiming};
use crate::import::x18::record::{Action, Bid, Par, Record, Shares};
use std::collections::{BTreeMap, BTreeSet};

/// The market as the replay follows it.
#[derive(Default)]
pub(super) struct Stocks {
    pub(super) cells: Vec<Cell>,
    /// Each parred, open company's cell, and its arrival there (the engine
    /// lists the companies of a cell in arrival order).
    pub(super) at: BTreeMap<CompanyId, (usize, u64)>,
    arrivals: u64,
    pub(super) holdings: BTreeMap<CompanyId, Holding>,
    /// Players not bankrupt, in seat order (by the record's id or name).
    pub(super) seats: Vec<String>,
    pub(super) or: OrState,
    /// A company has entered receivership in this game.
    pub(super) had_receivership: bool,
}

/// Who holds a company's shares.
#[derive(Default)]
pub(super) struct Holding {
    /// Percent held by each player.
    pub(super) players: BTreeMap<String, u32>,
    /// Share ids (`NYC_3`) in the company's treasury.
    pub(super) treasury: BTreeSet<String>,
    /// The president; none while in receivership.
    pub(super) president: Option<String>,
}

impl Holding {
    fn treasury_percent(&self) -> u32 {
        10 * self.treasury.len() as u32
    }

    fn players_percent(&self) -> u32 {
        self.players.values().sum()
    }

    /// Percent in the market pool: what neither players nor the treasury
    /// hold.
    pub(super) fn pool_percent(&self) -> u32 {
        100u32.saturating_sub(self.players_percent() + self.treasury_percent())
    }
}

/// Where the operating rounds are, for what the engine does between
/// visible actions.
#[derive(Default)]
pub(super) struct OrState {
    /// Players are acting in a stock round (or the draft).
    pub(super) in_stock: bool,
    /// This operating round's companies in their order (by share price).
    pub(super) plan: Vec<CompanyId>,
    pub(super) operated: BTreeSet<CompanyId>,
    /// The company whose turn it is.
    pub(super) current: Option<CompanyId>,
    /// Its dividend has been paid, withheld or skipped this turn.
    pub(super) dividend_done: bool,
    /// Its run this turn.
    pub(super) run: Option<crate::import::x18::Run>,
    /// Companies whose shares its president sold this turn.
    pub(super) sold: BTreeSet<CompanyId>,
    pub(super) emergency_issued: bool,
}

/// A player's key in the record: its id, else its name.
pub(super) fn seats(record: &Record) -> Vec<String> {
    record
        .players
        .iter()
        .map(|p| {
            let key = p.get("id").or_else(|| p.get("name"));
            match key {
                Some(serde_json::Value::String(s)) => s.clone(),
                Some(v) => v.to_string(),
                None => String::new(),
            }
        })
        .collect()
}

impl Replay<'_> {
    pub(super) fn par(&mut self, a: &Action, par: &Par) -> Result<(), Error> {
        let name = Self::field(a, &par.corporation, "corporation")?;
        let company = self.company(name)?;
        if self.reserves(a, &company) {
            return Ok(());
        }
        self.note_par_cell(par, &company);
        self.market_par(a, par, &company)?;
        self.holders.insert(company.clone(), a.entity());
        // The president's share: 20%, or all of a one-share company
        // (18NewEngland's minors, which float as they form).
        let president = match self.game.company(&company)?.shares {
            1 => 100,
            _ => 20,
        };
        *self.sold.entry(company.clone()).or_default() += president;
        self.shares_seen.insert(format!("{name}_0"));
        if self.play.home_token == HomeTokenTiming::Par {
            self.home_token(&company)?;
        }
        self.floated(&company)
    }

    pub(super) fn par_by_bid(&mut self, a: &Action, bid: &Bid) -> Result<(), Error> {
        let name = Self::field(a, &bid.corporation, "corporation")?;
        let company = self.company(name)?;
        if self.play.home_token == HomeTokenTiming::Par {
            self.home_token(&company)?;
        }
        Ok(())
    }

    /// Shares bought count towards floating the first time each leaves
    /// the company (a president's share is 20%, the others 10%).
    pub(super) fn buy_shares(&mut self, shares: &[String]) -> Result<(), Error> {
        for share in shares {
            let Some((name, index)) = share.rsplit_once('_') else {
                continue;
            };
            if !self.shares_seen.insert(share.clone()) {
                continue;
            }
            let Ok(company) = self.company(name) else {
                continue;
            };
            *self.sold.entry(company.clone()).or_default() += if index == "0" { 20 } else { 10 };
            self.floated(&company)?;
        }
        Ok(())
    }

    /// Where home tokens go down as a company floats, `company`'s once
    /// its shares sold reach the float.
    fn floated(&mut self, company: &CompanyId) -> Result<(), Error> {
        let sold = self.sold.get(company).copied().unwrap_or(0);
        if self.play.home_token == HomeTokenTiming::Float && sold >= self.play.float_percent {
            self.home_token(company)?;
        }
        Ok(())
    }

    pub(super) fn rules(&self) -> Option<&SharePrices> {
        self.play.share_prices.as_ref()
    }

    /// A company's price now, if it has one.
    pub(super) fn price(&self, company: &CompanyId) -> Option<u32> {
        let (cell, _) = self.stocks.at.get(company)?;
        Some(self.stocks.cells[*cell].price)
    }

    /// Moves `company`'s price `moves` cells (right if positive).
    pub(super) fn move_price(&mut self, company: &CompanyId, moves: i32) {
        let len = self.stocks.cells.len();
        let Some((cell, _)) = self.stocks.at.get(company).copied() else {
            return;
        };
        let to = moved(cell, moves, len);
        if to != cell {
            self.stocks.arrivals += 1;
            let seq = self.stocks.arrivals;
            self.stocks.at.insert(company.clone(), (to, seq));
        }
    }

    pub(super) fn in_receivership(&self, company: &CompanyId) -> bool {
        self.stocks
            .holdings
            .get(company)
            .is_some_and(|h| h.president.is_none())
    }

    pub(super) fn trainless(&self, company: &CompanyId) -> bool {
        self.trains.get(company).is_none_or(Vec::is_empty)
    }

    /// The company of a share id (`NYC_3` → NYC), and whether it is the
    /// president's (`_0`).
    fn share_of(&self, share: &str) -> Option<(CompanyId, bool)> {
        let (name, index) = share.rsplit_once('_')?;
        let company = self.company(name).ok()?;
        Some((company, index == "0"))
    }

    /// A company is parred at the action's cell (`80,0,8`: price, row,
    /// column), its president's share to the player.
    pub(super) fn market_par(
        &mut self,
        a: &Action,
        par: &Par,
        company: &CompanyId,
    ) -> Result<(), Error> {
        if self.rules().is_none() {
            return Ok(());
        }
        let price = share_price_text(par.share_price.as_ref()).unwrap_or_default();
        let mut parts = price.split(',');
        let value: Option<u32> = parts.next().and_then(|p| p.trim().parse().ok());
        let column: Option<usize> = parts.nth(1).and_then(|c| c.trim().parse().ok());
        let cell = column
            .filter(|&c| self.stocks.cells.get(c).map(|x| x.price) == value)
            .or_else(|| {
                self.stocks
                    .cells
                    .iter()
                    .position(|c| Some(c.price) == value)
            })
            .ok_or_else(|| {
                Error::Import(format!(
                    "{company} is parred at \"{price}\", which is no price of the market"
                ))
            })?;
        self.stocks.arrivals += 1;
        let seq = self.stocks.arrivals;
        self.stocks.at.insert(company.clone(), (cell, seq));
        // A 20% president's share (`_0`) and 10% shares: ten shares in nine
        // certificates, `_1` to `_8`.
        let certs = self.game.company(company)?.shares.saturating_sub(2);
        let name = self.game.company(company)?.abbrev.to_string();
        let player = a.entity();
        let holding = Holding {
            players: BTreeMap::from([(player.clone(), 20)]),
            treasury: (1..=certs).map(|i| format!("{name}_{i}")).collect(),
            president: Some(player),
        };
        self.stocks.holdings.insert(company.clone(), holding);
        Ok(())
    }

    /// Shares bought: by a player from the treasury or the market, or by
    /// the company itself from the market (a redemption).
    pub(super) fn market_buy(&mut self, a: &Action, bundle: &Shares) {
        if self.rules().is_none() {
            return;
        }
        let shares = bundle.shares.clone().unwrap_or_default();
        let buyer = a.entity();
        let by_company = a.by_company();
        let mut bought: BTreeMap<CompanyId, u32> = BTreeMap::new();
        for share in &shares {
            let Some((company, president)) = self.share_of(share) else {
                continue;
            };
            let Some(h) = self.stocks.holdings.get_mut(&company) else {
                continue;
            };
            if by_company {
                h.treasury.insert(share.clone());
            } else {
                h.treasury.remove(share);
                *bought.entry(company).or_default() += if president { 20 } else { 10 };
            }
        }
        // The record's percent is what the bundle counts as (a president's
        // share bought from a company in receivership counts 10).
        if let (Some(p), 1) = (bundle.percent, bought.len()) {
            bought.values_mut().for_each(|v| *v = p);
        }
        for (company, percent) in bought {
            if let Some(h) = self.stocks.holdings.get_mut(&company) {
                *h.players.entry(buyer.clone()).or_default() += percent;
            }
            self.presidency(&company);
        }
    }

    /// Shares sold: by a player to the market (the price moves as the
    /// title says), or issued by the company from its treasury.
    pub(super) fn market_sell(&mut self, a: &Action, bundle: &Shares) -> Result<(), Error> {
        let Some(rules) = self.rules() else {
            return Ok(());
        };
        let (sell, emergency_move) = (rules.sell, rules.emergency_issue);
        let shares = bundle.shares.clone().unwrap_or_default();
        let Some((company, _)) = shares.first().and_then(|s| self.share_of(s)) else {
            return Ok(());
        };
        if a.by_company() {
            return self.issue(bundle, &company, &shares, emergency_move);
        }
        let seller = a.entity();
        let percent = bundle.percent.unwrap_or_else(|| {
            shares
                .iter()
                .map(|s| if s.ends_with("_0") { 20 } else { 10 })
                .sum()
        });
        let Some(h) = self.stocks.holdings.get_mut(&company) else {
            return Ok(());
        };
        let was_president = h.president.as_deref() == Some(seller.as_str());
        if let Some(held) = h.players.get_mut(&seller) {
            *held = held.saturating_sub(percent);
        }
        let moves = match sell {
            SellMovement::LeftBlockPres if was_president => -1,
            SellMovement::LeftBlock => -1,
            SellMovement::LeftShare => -(shares.len() as i32),
            _ => 0,
        };
        // A president selling in an operating round raises cash for the
        // company's train: its dividend is behind it.
        let current = self.stocks.or.current.clone();
        if let Some(current) = current.filter(|_| !self.stocks.or.in_stock) {
            let presides = self
                .stocks
                .holdings
                .get(&current)
                .and_then(|h| h.president.clone());
            if presides.as_deref() == Some(seller.as_str()) {
                self.reach_buy_step()?;
                self.stocks.or.sold.insert(company.clone());
            }
        }
        self.move_price(&company, moves);
        self.presidency_after_sale(&company, &seller);
        Ok(())
    }

    /// The company issues shares from its treasury. One issued to buy a
    /// train it must have (its dividend behind it, or no train and a price
    /// other than an ordinary issue's, one cell left) moves its price.
    fn issue(
        &mut self,
        bundle: &Shares,
        company: &CompanyId,
        shares: &[String],
        per_share: i32,
    ) -> Result<(), Error> {
        if let Some(h) = self.stocks.holdings.get_mut(company) {
            for s in shares {
                h.treasury.remove(s);
            }
        }
        let ordinary_price =
            self.stocks.at.get(company).map(|(cell, _)| {
                self.stocks.cells[moved(*cell, -1, self.stocks.cells.len())].price
            });
        let priced_ordinary = share_price_number(bundle.share_price.as_ref())
            .is_none_or(|p| Some(p) == ordinary_price);
        let emergency =
            self.stocks.or.dividend_done || (self.trainless(company) && !priced_ordinary);
        if emergency {
            self.reach_buy_step()?;
            self.stocks.or.emergency_issued = true;
            self.move_price(company, per_share * shares.len() as i32);
        }
        Ok(())
    }

    /// After a sale: the president changes when another player holds more
    /// (the nearest after the seller in seat order among those holding
    /// most, at least the president's 20%).
    fn presidency_after_sale(&mut self, company: &CompanyId, seller: &str) {
        let Some(h) = self.stocks.holdings.get(company) else {
            return;
        };
        if h.president.as_deref() != Some(seller) {
            return;
        }
        self.presidency(company);
    }

    /// The engine's presidency check on `company` after a transfer.
    pub(super) fn presidency(&mut self, company: &CompanyId) {
        let seats = self.stocks.seats.clone();
        if let Some(h) = self.stocks.holdings.get_mut(company) {
            h.president = president_after(&h.players, h.president.as_deref(), &seats);
        }
    }

    /// The end of a stock round: a company players hold all of moves
    /// right, one with shares in the market left.
    pub(super) fn stock_round_ended(&mut self) {
        let Some(rules) = self.rules() else {
            return;
        };
        let (sold_out, pool) = (rules.sold_out, rules.pool);
        let companies: Vec<CompanyId> = self.stocks.at.keys().cloned().collect();
        for company in companies {
            let Some(h) = self.stocks.holdings.get(&company) else {
                continue;
            };
            let moves = if h.players_percent() >= 100 {
                sold_out
            } else if h.pool_percent() > 0 {
                pool
            } else {
                0
            };
            self.move_price(&company, moves);
        }
    }

    /// A dividend: the price moves by what the shares were paid of the
    /// run's revenue (the record's, else hexroute's price of its routes).
    pub(super) fn market_dividend(&mut self, a: &Action, kind: Option<&str>) -> Result<(), Error> {
        let Some(company) = self.acting_company(a) else {
            return Ok(());
        };
        if self.rules().is_none() || !self.stocks.at.contains_key(&company) {
            return Ok(());
        }
        let kind = kind.unwrap_or("withhold");
        let revenue = match kind {
            "withhold" => 0,
            _ => self.run_revenue(&company)?,
        };
        let shares = self.game.company(&company)?.shares;
        let paid = SharePrices::paid(kind, revenue, shares).ok_or_else(|| {
            Error::Import(format!(
                "a dividend of kind \"{kind}\", which hexroute does not know"
            ))
        })?;
        self.pay(&company, paid);
        Ok(())
    }

    /// The price moves for a dividend paying `paid` to the shares.
    pub(super) fn pay(&mut self, company: &CompanyId, paid: u32) {
        let (Some(price), Some(rules)) = (self.price(company), self.rules()) else {
            return;
        };
        let moves = rules.dividend_move(price, paid);
        self.move_price(company, moves);
        self.stocks.or.dividend_done = true;
    }

    /// A train bought by the company operating: its dividend is behind it.
    pub(super) fn market_buy_train(&mut self, a: &Action) -> Result<(), Error> {
        let buyer = self.acting_company(a);
        if self.rules().is_some() && buyer.is_some() && buyer == self.stocks.or.current {
            self.reach_buy_step()?;
        }
        Ok(())
    }

    /// The company reaches its train purchase: a dividend not paid this
    /// turn was skipped (nothing paid), and a company in receivership with
    /// no train moves once more.
    pub(super) fn reach_buy_step(&mut self) -> Result<(), Error> {
        let Some(company) = self.stocks.or.current.clone() else {
            return Ok(());
        };
        if self.stocks.or.dividend_done {
            return Ok(());
        }
        self.dividend_skipped(&company);
        Ok(())
    }

    /// The engine skips `company`'s dividend (it ran nothing): it withholds
    /// nothing, and in receivership with no train moves once more.
    pub(super) fn dividend_skipped(&mut self, company: &CompanyId) {
        self.pay(company, 0);
        let extra = self
            .rules()
            .and_then(|r| r.receivership.as_ref())
            .map_or(0, |r| r.trainless);
        if self.in_receivership(company)
            && self.trainless(company)
            && self.price(company).is_some_and(|p| p > 0)
        {
            self.move_price(company, extra);
        }
    }

    /// This operating round's order: by share price, highest first, then
    /// the earlier arrival in a cell, then name.
    pub(super) fn start_or(&mut self) {
        let mut plan: Vec<(u32, u64, CompanyId)> = self
            .stocks
            .at
            .iter()
            .filter(|(co, _)| {
                self.game
                    .company(co)
                    .is_ok_and(|c| c.kind != CompanyKind::Minor)
            })
            .map(|(co, (cell, seq))| (self.stocks.cells[*cell].price, *seq, co.clone()))
            .collect();
        plan.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
        let or = &mut self.stocks.or;
        or.plan = plan.into_iter().map(|(_, _, co)| co).collect();
        or.operated.clear();
        or.current = None;
    }
}

/// The president after a transfer (18xx.games's `transfer_shares`): the
/// president keeps the company while holding as much as any player; else
/// the player holding most, if at least the president's 20%, nearest after
/// the president in seat order (the first seat when there was none).
fn president_after(
    players: &BTreeMap<String, u32>,
    president: Option<&str>,
    seats: &[String],
) -> Option<String> {
    let most = players.values().copied().max().unwrap_or(0);
    let holds = |p: &str| players.get(p).copied().unwrap_or(0);
    if let Some(p) = president
        && holds(p) == most
    {
        return Some(p.to_string());
    }
    let from = president.and_then(|p| seats.iter().position(|s| s == p));
    let n = seats.len().max(1);
    let next = seats
        .iter()
        .enumerate()
        .filter(|(_, p)| holds(p) == most && most >= 20)
        .min_by_key(|(i, _)| from.map_or(0, |f| (i + n - f) % n))
        .map(|(_, p)| p.clone());
    next.or_else(|| president.map(str::to_string))
}

/// `share_price` as the record writes it: `"80,0,8"` for a par, a number
/// for a sale.
fn share_price_text(price: Option<&serde_json::Value>) -> Option<String> {
    match price? {
        serde_json::Value::String(s) => Some(s.clone()),
        v => Some(v.to_string()),
    }
}

fn share_price_number(price: Option<&serde_json::Value>) -> Option<u32> {
    price?.as_u64().map(|n| n as u32)
}

#[cfg(test)]
mod tests {
    use super::president_after;
    use std::collections::BTreeMap;

    fn held(list: &[(&str, u32)]) -> BTreeMap<String, u32> {
        list.iter().map(|(p, v)| (p.to_string(), *v)).collect()
    }

    fn seats() -> Vec<String> {
        ["a", "b", "c", "d"].map(String::from).to_vec()
    }

    /// A tie keeps the president; a player holding more takes over.
    #[test]
    fn the_president_keeps_a_tie_and_loses_to_more() {
        let tie = held(&[("a", 30), ("b", 30)]);
        assert_eq!(
            president_after(&tie, Some("a"), &seats()).as_deref(),
            Some("a")
        );
        let more = held(&[("a", 20), ("b", 30)]);
        assert_eq!(
            president_after(&more, Some("a"), &seats()).as_deref(),
            Some("b")
        );
    }

    /// The president sells down to 10%: b and d hold 30% each; b sits
    /// nearer after c (c, d, a, b: d is one seat on, b three), so d
    /// presides.
    #[test]
    fn the_nearest_after_the_president_among_those_holding_most() {
        let after_sale = held(&[("c", 10), ("b", 30), ("d", 30)]);
        assert_eq!(
            president_after(&after_sale, Some("c"), &seats()).as_deref(),
            Some("d")
        );
    }

    /// In receivership (no president) a player takes the company only
    /// with 20%: 10% is not enough.
    #[test]
    fn receivership_ends_at_twenty_percent() {
        let ten = held(&[("b", 10)]);
        assert_eq!(president_after(&ten, None, &seats()), None);
        let twenty = held(&[("b", 20), ("c", 10)]);
        assert_eq!(
            president_after(&twenty, None, &seats()).as_deref(),
            Some("b")
        );
    }
}
