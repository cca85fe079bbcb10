//! What share prices decide in the replay (`market.rs` moves them): the
//! operating rounds' turns as the engine gives them, those of companies in
//! receivership (which take no action) included; a company closing as its
//! price reaches a closing cell (its tokens leave the map, its trains the
//! game, its private companies close); a president's bankruptcy; and the
//! trains a company in receivership buys with no action.

use super::Replay;
use super::market::seats;
use super::trains::stock;
use crate::error::Error;
use crate::game::{CompanyId, CompanyKind, Holding, PrivateId};
use crate::import::x18::Run;
use crate::import::x18::record::{Action, EngineTrain, Kind, RanRoute, Record};
use crate::play::{self, Event};
use crate::routes::check;

impl Replay<'_> {
    /// The market's start: its cells and the players' seats.
    pub(super) fn market_setup(&mut self, record: &Record) -> Result<(), Error> {
        let Some(rules) = self.rules() else {
            return Ok(());
        };
        let cells = rules.cells().map_err(Error::GameFile)?;
        self.stocks.cells = cells;
        self.stocks.seats = seats(record);
        Ok(())
    }

    /// Before `a`: what the engine did since the last action with no
    /// action of a player: a stock round's end moves, the turns of
    /// companies in receivership, a dividend skipped by a company whose
    /// turn ended.
    pub(super) fn market_prepare(&mut self, a: &Action) -> Result<(), Error> {
        if self.rules().is_none()
            || matches!(a.kind, Kind::Message | Kind::Log | Kind::Program(_))
            || a.by_private()
        {
            return Ok(());
        }
        if !a.by_company() {
            if stock(&a.kind) && !self.stocks.or.in_stock {
                self.finish_or()?;
                self.stocks.or.in_stock = true;
            }
            return Ok(());
        }
        let Some(company) = self.acting_company(a) else {
            return Ok(());
        };
        let minor = self
            .game
            .company(&company)
            .is_ok_and(|c| c.kind == CompanyKind::Minor);
        // Minors operate first in each round: one acting after companies
        // have begins the next round, as does a company acting again.
        // A company that has paid its dividend laying track or running
        // again is in the next round (last in one, first in the next).
        let or = &self.stocks.or;
        let past_dividend = or.current.as_ref() == Some(&company)
            && (or.dividend_done || or.run.is_some())
            && matches!(
                a.kind,
                Kind::LayTile(_) | Kind::PlaceToken(_) | Kind::RunRoutes { .. }
            );
        let again = match minor {
            true => !or.operated.is_empty(),
            false => {
                past_dividend
                    || (or.current.as_ref() != Some(&company) && or.operated.contains(&company))
            }
        };
        if or.in_stock {
            self.stocks.or.in_stock = false;
            self.stock_round_ended();
            self.close_at_closing_cells()?;
            self.start_or();
        } else if again {
            self.finish_or()?;
            self.start_or();
        }
        if let Kind::RunRoutes { routes } = &a.kind {
            self.receivership_runs(routes.as_deref().unwrap_or_default(), &company)?;
        }
        if minor || self.stocks.or.current.as_ref() == Some(&company) {
            return Ok(());
        }
        self.end_turn()?;
        self.unseen_turns_before(&company)?;
        let or = &mut self.stocks.or;
        or.current = Some(company.clone());
        or.operated.insert(company);
        or.dividend_done = false;
        or.run = None;
        or.sold.clear();
        or.emergency_issued = false;
        Ok(())
    }

    /// After each action: companies whose price reached a closing cell
    /// close.
    pub(super) fn market_after(&mut self) -> Result<(), Error> {
        self.close_at_closing_cells()
    }

    /// The turn of the company operating ends: a dividend it did not pay
    /// was skipped.
    fn end_turn(&mut self) -> Result<(), Error> {
        self.reach_buy_step()?;
        self.stocks.or.current = None;
        self.close_at_closing_cells()?;
        Ok(())
    }

    /// The operating round ends: the companies in receivership still to
    /// operate do.
    fn finish_or(&mut self) -> Result<(), Error> {
        self.end_turn()?;
        let rest: Vec<CompanyId> = self.stocks.or.plan.clone();
        for company in rest {
            self.unseen_turn(&company)?;
        }
        Ok(())
    }

    /// `company` starts its turn: those in receivership before it in the
    /// round's order have had theirs.
    fn unseen_turns_before(&mut self, company: &CompanyId) -> Result<(), Error> {
        let Some(at) = self.stocks.or.plan.iter().position(|c| c == company) else {
            return Ok(());
        };
        let before: Vec<CompanyId> = self.stocks.or.plan[..at].to_vec();
        for other in before {
            self.unseen_turn(&other)?;
        }
        Ok(())
    }

    /// A company in receivership that has not operated this round does,
    /// with no action: it runs nothing (a run would be the record's), so
    /// its dividend is skipped, and with no train it may buy one.
    fn unseen_turn(&mut self, company: &CompanyId) -> Result<(), Error> {
        if !self.in_receivership(company)
            || self.closed.contains(company)
            || !self.stocks.or.operated.insert(company.clone())
        {
            return Ok(());
        }
        self.dividend_skipped(company);
        self.close_at_closing_cells()?;
        if !self.closed.contains(company) {
            self.caution_receivership_buy(company);
        }
        Ok(())
    }

    /// A company in receivership with no train buys the depot's cheapest
    /// train when its cash allows, which hexroute does not keep: say that
    /// the replay assumes it did not, until the record shows it.
    fn caution_receivership_buy(&mut self, company: &CompanyId) {
        let buys = self
            .rules()
            .and_then(|r| r.receivership.as_ref())
            .is_some_and(|r| r.buys_cheapest);
        if !buys || !self.trainless(company) {
            return;
        }
        self.cautions.push(format!(
            "before action {}: {company}, in receivership with no train, buys the depot's cheapest train if its cash (which hexroute does not keep) allows; hexroute assumes it did not until the record shows it",
            self.last_action
        ));
    }

    /// Companies at a closing cell close.
    fn close_at_closing_cells(&mut self) -> Result<(), Error> {
        let closing: Vec<CompanyId> = self
            .stocks
            .at
            .iter()
            .filter(|(_, (cell, _))| self.stocks.cells[*cell].closes)
            .map(|(co, _)| co.clone())
            .collect();
        for company in closing {
            self.close_company(&company)?;
        }
        Ok(())
    }

    /// `company` closes (18xx.games's `close_corporation`): its tokens
    /// leave the map, its trains the game, its private companies close
    /// (their markers leave), it has no shares or price, and the save
    /// records it closed.
    pub(super) fn close_company(&mut self, company: &CompanyId) -> Result<(), Error> {
        let event = Event::Close(company.clone());
        self.state = play::apply(self.game, &self.state, &event)?.edit.next;
        self.trains.remove(company);
        let owned: Vec<PrivateId> = (self.privates.iter())
            .filter(|(_, owner)| *owner == company)
            .filter_map(|(p, _)| match p {
                Holding::Private(id) => Some(id.clone()),
                Holding::Marker(_) => None,
            })
            .collect();
        for sym in &owned {
            self.markers.remove(sym);
        }
        self.privates.retain(|p, owner| {
            owner != company && p.marker().is_none_or(|m| !owned.contains(&m.private))
        });
        for (_, paid) in self.markers.values_mut() {
            if paid.as_ref() == Some(company) {
                *paid = None;
            }
        }
        self.stocks.at.remove(company);
        self.stocks.holdings.remove(company);
        self.stocks.or.plan.retain(|c| c != company);
        self.closed.insert(company.clone());
        Ok(())
    }

    /// A run of trains: kept for its dividend, which a company in
    /// receivership withholds at once.
    pub(super) fn market_run(&mut self, a: &Action, ran: &[RanRoute]) -> Result<(), Error> {
        let Some(company) = self.acting_company(a) else {
            return Ok(());
        };
        if self.rules().is_none() || !self.stocks.at.contains_key(&company) {
            return Ok(());
        }
        let run = self.run(a, ran)?;
        self.stocks.or.run = Some(run);
        if self.in_receivership(&company) {
            self.pay(&company, 0);
        }
        Ok(())
    }

    /// The revenue of `company`'s run this turn: the record's, else
    /// hexroute's price of the player's routes on the map of the run.
    pub(super) fn run_revenue(&mut self, company: &CompanyId) -> Result<u32, Error> {
        let Some(run) = self
            .stocks
            .or
            .run
            .as_ref()
            .filter(|r| r.company == *company)
        else {
            return Ok(0);
        };
        if let Some(total) = run.routes.iter().map(|r| r.revenue).sum::<Option<u32>>() {
            return Ok(total);
        }
        let (total, refused) = price_run(self.game, run)?;
        if let Some(why) = refused {
            self.cautions.push(format!(
                "action {}: the record does not say what {company} ran, and hexroute's rules refuse a route of it ({why}); its share price moves as for the rest (${total})",
                run.action
            ));
        }
        Ok(total)
    }

    /// A company in receivership runs a train it did not have: it bought
    /// it with no action at its last turn (the depot's cheapest); it has it
    /// before the run is handed out.
    fn receivership_runs(&mut self, ran: &[RanRoute], company: &CompanyId) -> Result<(), Error> {
        if !self.in_receivership(company) {
            return Ok(());
        }
        for route in ran {
            if self.owner_of(&route.train).is_none() {
                self.receivership_gets(company, &route.train)?;
            }
        }
        Ok(())
    }

    /// A train bought from the depot whose copy number is past those that
    /// left shows that the earlier ones left unseen: a company in
    /// receivership bought them (the first with no train, else one that
    /// has since closed, the train gone with it).
    pub(super) fn receivership_bought(&mut self, a: &Action) -> Result<(), Error> {
        let buys = self
            .rules()
            .and_then(|r| r.receivership.as_ref())
            .is_some_and(|r| r.buys_cheapest);
        let Kind::BuyTrain(buy) = &a.kind else {
            return Ok(());
        };
        if !buys {
            return Ok(());
        }
        let id = Self::given(a, &buy.train, "train")?;
        if self.gone.contains(id) || self.owner_of(id).is_some() {
            return Ok(());
        }
        let Some(copy) = id.copy() else {
            return Ok(());
        };
        for n in 0..copy {
            let missing = EngineTrain::new(id.name(), n);
            if self.gone.contains(&missing) {
                continue;
            }
            let buyer = self
                .stocks
                .or
                .plan
                .iter()
                .chain(self.stocks.holdings.keys())
                .find(|co| {
                    self.in_receivership(co) && self.trainless(co) && !self.closed.contains(*co)
                });
            match buyer.cloned() {
                Some(buyer) => self.receivership_gets(&buyer, &missing)?,
                None if self.stocks.had_receivership => {
                    self.cautions.push(format!(
                        "action {}: train {id} is bought, so {missing} had left the depot with no action: a company in receivership bought it and has since closed (hexroute does not keep the cash that decides when); the phase it begins begins now",
                        a.id
                    ));
                    self.leaves_depot(&missing)?;
                }
                None => {}
            }
        }
        Ok(())
    }

    /// `company`, in receivership, has train `id` from the depot, bought
    /// with no action as its cheapest variant; the record shows it only now.
    fn receivership_gets(&mut self, company: &CompanyId, id: &EngineTrain) -> Result<(), Error> {
        let kind = self.train_type(id)?;
        let cheapest = self
            .rules()
            .and_then(|r| r.receivership.as_ref())
            .and_then(|r| r.cheapest.iter().find(|c| c.train == kind))
            .map(|c| c.variant.clone());
        if let Some(variant) = cheapest {
            self.variants.insert(id.clone(), variant);
        }
        self.cautions.push(format!(
            "before action {}: {company}, in receivership, had bought train {id} from the depot with no action (with cash hexroute does not keep): hexroute gives it the train, and begins the phase it begins, only now that the record shows it",
            self.last_action
        ));
        self.trains
            .entry(company.clone())
            .or_default()
            .push(id.clone());
        self.leaves_depot(id)
    }

    /// A president goes bankrupt (18xx.games's 1846): the company issues
    /// what it can, the president sells what the rules let a player sell
    /// (a president's sale moving the price), then everything else with no
    /// move; a company left without a president enters receivership; the
    /// company may then buy a train with no action.
    pub(super) fn market_bankrupt(&mut self, a: &Action) -> Result<(), Error> {
        let Some(rules) = self.rules() else {
            return Ok(());
        };
        let per_share = rules.emergency_issue;
        let company = self.company(&a.entity())?;
        self.reach_buy_step()?;
        let Some(player) = self
            .stocks
            .holdings
            .get(&company)
            .and_then(|h| h.president.clone())
        else {
            return Ok(());
        };
        let issued = self.bankrupt_issue(&company);
        if issued > 0 {
            self.move_price(&company, per_share * issued as i32);
        }
        let held: Vec<CompanyId> = self
            .stocks
            .holdings
            .iter()
            .filter(|(_, h)| h.players.get(&player).is_some_and(|p| *p > 0))
            .map(|(co, _)| co.clone())
            .collect();
        for other in &held {
            if self.can_sell_one(&player, other, &company) {
                let presides = self.stocks.holdings[other].president.as_deref() == Some(&player);
                if presides {
                    self.move_price(other, -1);
                }
            }
        }
        for other in &held {
            let Some(h) = self.stocks.holdings.get_mut(other) else {
                continue;
            };
            h.players.remove(&player);
            if h.president.as_deref() == Some(player.as_str()) {
                self.presidency(other);
            }
            let h = &mut self.stocks.holdings.get_mut(other).expect("held");
            let price = self
                .stocks
                .at
                .get(other)
                .map(|(c, _)| self.stocks.cells[*c].price);
            if h.president.as_deref() == Some(player.as_str()) && price.is_some_and(|p| p > 0) {
                h.president = None;
                self.stocks.had_receivership = true;
            }
        }
        self.stocks.seats.retain(|p| *p != player);
        self.close_at_closing_cells()?;
        if self.in_receivership(&company) && !self.closed.contains(&company) {
            self.caution_receivership_buy(&company);
        }
        Ok(())
    }

    /// Shares the company issues as its president goes bankrupt: as many
    /// as it may (its treasury's, no more than players hold beyond the
    /// market's, each bringing money), where it has no train and has not
    /// issued this turn; none is enough for a train, or it could not go
    /// bankrupt.
    fn bankrupt_issue(&mut self, company: &CompanyId) -> usize {
        if !self.trainless(company) || self.stocks.or.emergency_issued {
            return 0;
        }
        let Some(h) = self.stocks.holdings.get(company) else {
            return 0;
        };
        let Some((cell, _)) = self.stocks.at.get(company).copied() else {
            return 0;
        };
        let players = (h.players.values().sum::<u32>() / 10) as usize;
        let market = (h.pool_percent() / 10) as usize;
        let most = h.treasury.len().min(players.saturating_sub(market));
        let len = self.stocks.cells.len();
        let n = (1..=most)
            .rev()
            .find(|n| self.stocks.cells[moved_left(cell, 1 + n, len)].price > 0)
            .unwrap_or(0);
        if n > 0
            && let Some(h) = self.stocks.holdings.get_mut(company)
        {
            let ids: Vec<String> = h.treasury.iter().take(n).cloned().collect();
            for id in ids {
                h.treasury.remove(&id);
            }
        }
        self.stocks.or.emergency_issued = true;
        n
    }

    /// Whether the bankrupt president may sell at least one share of
    /// `other` as a player raising cash (the smallest bundle: the market
    /// keeps at most half, the president's share only when another holds
    /// 20%, and no change of president of the company buying the train).
    fn can_sell_one(&self, player: &str, other: &CompanyId, company: &CompanyId) -> bool {
        if self.in_receivership(other) || self.stocks.or.sold.contains(other) {
            return false;
        }
        let Some(h) = self.stocks.holdings.get(other) else {
            return false;
        };
        let held = h.players.get(player).copied().unwrap_or(0);
        let others = h
            .players
            .iter()
            .filter(|(p, _)| *p != player)
            .map(|(_, v)| *v)
            .max()
            .unwrap_or(0);
        let presides = h.president.as_deref() == Some(player);
        // Without the president's share, a player's plain shares are all
        // but the 20% of it.
        let plain = if presides {
            held.saturating_sub(20)
        } else {
            held
        };
        let bundle_fits = h.pool_percent() + 10 <= 50;
        let dumpable = plain >= 10 || others >= 20;
        let no_swap = other != company || !presides || held.saturating_sub(10) >= others;
        bundle_fits && dumpable && no_swap && held >= 10
    }
}

fn moved_left(cell: usize, n: usize, len: usize) -> usize {
    crate::game::market::moved(cell, -(n as i32), len)
}

/// hexroute's price of a run's routes, and why a route was refused (its
/// revenue then not counted).
fn price_run(game: &crate::game::Game, run: &Run) -> Result<(u32, Option<String>), Error> {
    if run.routes.is_empty() {
        return Ok((0, None));
    }
    let (net, query) = run.query(game)?;
    let mut given = Vec::new();
    let mut refused = None;
    for r in &run.routes {
        let legs = r.connections.as_deref();
        match check::Given::recorded(game, &net, &r.train, &r.hexes, legs) {
            Ok(g) => given.push(g),
            Err(e) => refused = Some(format!("train {}: {e}", r.train)),
        }
    }
    let mut total = 0;
    for c in check::check(&net, &query, &given) {
        match c {
            check::Checked::Valid(route) => total += route.revenue,
            check::Checked::Invalid(rule, _) => refused = Some(rule.name().to_string()),
        }
    }
    Ok((total, refused))
}
