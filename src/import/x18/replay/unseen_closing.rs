//! Companies closing at a share price the replay does not follow (the
//! `ClosingUnseen` mechanism: 1870, whose companies close as their price
//! reaches the market's closing cells, through sales the engine may let
//! the next president protect, or a withheld dividend). No action names
//! the closing, and the record's log is not kept with it.
//!
//! The replay reads it from what follows, looking ahead in the record: a
//! company whose last sign (an action of its own, a share of it bought,
//! sold or parred) is a player's sale of its shares or its own withheld
//! dividend, and which sits out a whole set of operating rounds after it
//! (after the stock round it was sold in, or, after a withheld dividend,
//! the set after the next stock round: one that begins and ends before the
//! record does), had closed: it is closed before the record's next action
//! (the engine closes it there, as the next player acts and no one
//! protects its price, or at once on a withheld dividend), with a caution.
//! A company that is open takes its turn in every operating round, so one
//! that sits a set out has left the game; the sale or the withholding is
//! the last thing the record shows that moves a price down. Rounds are
//! told apart by players' share dealings alone: within a set, companies'
//! actions interleave (1870's connection runs) too much to count turns.

use super::Replay;
use super::trains::stock;
use super::turns::operating;
use crate::error::Error;
use crate::import::x18::record::{Action, Kind, Record};
use std::collections::BTreeMap;

/// The closings foreseen: by the action before which each happens, the
/// companies (as the record names them), the action that showed it last
/// and what that action was.
#[derive(Default)]
pub(super) struct UnseenClosings {
    at: BTreeMap<u64, Vec<Closing>>,
}

#[derive(Clone)]
struct Closing {
    company: String,
    last: u64,
    what: &'static str,
}

impl UnseenClosings {
    /// The closings the record shows by what follows (none unless `on`).
    pub(super) fn foreseen(record: &Record, on: bool) -> UnseenClosings {
        if !on {
            return UnseenClosings::default();
        }
        let actions = record.standing();
        let rounds = Rounds::of(actions);
        let mut last: BTreeMap<String, usize> = BTreeMap::new();
        for (i, a) in actions.iter().enumerate() {
            for company in named(a) {
                last.insert(company, i);
            }
        }
        let mut at: BTreeMap<u64, Vec<Closing>> = BTreeMap::new();
        for (company, i) in last {
            let Some(what) = lowers_price(&actions[i], &company) else {
                continue;
            };
            if let (true, Some(next)) = (rounds.set_sat_out(i), actions.get(i + 1)) {
                at.entry(next.id).or_default().push(Closing {
                    company,
                    last: actions[i].id,
                    what,
                });
            }
        }
        UnseenClosings { at }
    }
}

/// Where the record's companies operate and its stock rounds begin.
struct Rounds {
    /// Each company action only an operating turn has, by index.
    operating: Vec<usize>,
    /// Each player's share bought, par or bid that follows companies'
    /// operating: a stock round's start.
    stock: Vec<usize>,
}

impl Rounds {
    fn of(actions: &[Action]) -> Rounds {
        let (mut ops, mut stock) = (Vec::new(), Vec::new());
        let mut dealing = false;
        for (i, a) in actions.iter().enumerate() {
            if a.by_company() && (operating(&a.kind) || matches!(a.kind, Kind::Pass)) {
                ops.push(i);
                dealing = false;
            } else if !a.by_company() && !a.by_private() && buys(&a.kind) && !dealing {
                stock.push(i);
                dealing = true;
            }
        }
        Rounds {
            operating: ops,
            stock,
        }
    }

    /// The first stock round's start after index `i`.
    fn stock_after(&self, i: usize) -> Option<usize> {
        self.stock.iter().copied().find(|&s| s > i)
    }

    /// Whether a whole set of operating rounds passes after index `i`:
    /// the set after the stock round `i` stands in, or after the next one,
    /// with a stock round after it.
    fn set_sat_out(&self, i: usize) -> bool {
        let last_op = self.operating.iter().copied().rfind(|&o| o < i);
        let last_stock = self.stock.iter().copied().rfind(|&s| s <= i);
        let in_stock = last_stock.is_some_and(|s| last_op.is_none_or(|o| o < s));
        let from = match in_stock {
            true => Some(i),
            false => self.stock_after(i),
        };
        from.and_then(|f| self.operating.iter().copied().find(|&o| o > f))
            .and_then(|o| self.stock_after(o))
            .is_some()
    }
}

/// A player's share dealing that only a stock round has: a share bought,
/// a par, a bid (sales come in operating rounds too, to buy a train).
fn buys(kind: &Kind) -> bool {
    stock(kind) && !matches!(kind, Kind::Pass)
}

/// The companies an action shows in the game: the one acting, and the one
/// whose shares are bought, sold or parred.
fn named(a: &Action) -> Vec<String> {
    let mut names = Vec::new();
    if a.by_company() {
        names.push(a.entity());
    }
    let shares = match &a.kind {
        Kind::BuyShares(s)
        | Kind::SellShares(s)
        | Kind::CorporateBuyShares(s)
        | Kind::CorporateSellShares(s) => s.shares.clone().unwrap_or_default(),
        _ => Vec::new(),
    };
    names.extend(shares.iter().filter_map(|s| company_of_share(s)));
    match &a.kind {
        Kind::Par(p) => names.extend(p.corporation.clone()),
        Kind::Bid(b) => names.extend(b.corporation.clone()),
        _ => {}
    }
    names
}

/// The company of a share id (`MKT_3`).
fn company_of_share(share: &str) -> Option<String> {
    share.rsplit_once('_').map(|(c, _)| c.to_string())
}

/// What `a` did that may have lowered `company`'s price to a closing
/// cell: a player's sale of its shares, or its own withheld dividend.
fn lowers_price(a: &Action, company: &str) -> Option<&'static str> {
    match &a.kind {
        Kind::SellShares(s) if !a.by_company() => (s.shares.iter().flatten())
            .any(|s| company_of_share(s).as_deref() == Some(company))
            .then_some("a player's sale of its shares"),
        Kind::Dividend { kind } if a.by_company() && a.entity() == company => {
            (kind.as_deref() == Some("withhold")).then_some("its withheld dividend")
        }
        _ => None,
    }
}

impl Replay<'_> {
    /// Before `a`: each company foreseen to have closed by then closes.
    pub(super) fn closing_unseen(&mut self, a: &Action) -> Result<(), Error> {
        let Some(closing) = self.unseen_closings.at.get(&a.id).cloned() else {
            return Ok(());
        };
        for Closing {
            company: name,
            last,
            what,
        } in closing
        {
            let company = self.company(&name)?;
            if self.state.is_closed(&company) || self.closed.contains(&company) {
                continue;
            }
            self.close_company(&company)?;
            self.cautions.push(format!(
                "action {}: {company} is taken as closed at its share price after {what} (action {last}): the record shows nothing of it after that while a whole set of operating rounds passes (hexroute does not follow this title's share prices); its tokens leave the map, its trains the game",
                a.id
            ));
        }
        Ok(())
    }
}
