//! A one-run token that costs a company its lowest route (18TN's Civil
//! War, `rules.lose_lowest`): with it, a company running as many routes as
//! it has trains is paid their sum less the lowest (18xx.games's
//! `routes_revenue`); running fewer, it is paid in full.
//!
//! So the best it can earn is the best with one train fewer: a full set
//! less its lowest route is a set of routes for all trains but one, each
//! still legal beside the others and paying the same; and a set running
//! fewer routes than trains leaves some train idle. The search therefore
//! tries each train type left out and keeps the richest.

use super::network::Network;
use super::{Query, Solution, assign, solve_within, train_types};
use crate::error::Error;

/// The best routes of `query`'s company while it holds `token`: the best
/// over which train stays idle.
pub(super) fn solve(
    net: &Network,
    query: &Query,
    token: &str,
    progress: &(dyn Fn(assign::Progress) + Sync),
    limit: &assign::Limit,
) -> Result<Solution, Error> {
    // No title has both: how 18xx.games would pay a stack losing its
    // lowest route is not known, so the pair is refused, not guessed.
    if query.trains.iter().any(|t| t.stacks) {
        return Err(Error::Invalid(format!(
            "{} holds a one-run token that costs its lowest route, which hexroute does not search together with stacking trains",
            query.company
        )));
    }
    let (_, type_of) = train_types(&query.trains);
    let mut best: Option<Solution> = None;
    let mut optimal = true;
    for (slot, ty) in type_of.iter().enumerate() {
        if type_of[..slot].contains(ty) {
            continue;
        }
        let mut fewer = query.clone();
        fewer.lose_lowest = None;
        fewer.trains.remove(slot);
        let s = solve_within(net, &fewer, progress, limit)?;
        optimal &= s.optimal;
        if best.as_ref().is_none_or(|b| s.total > b.total) {
            best = Some(s);
        }
    }
    let mut best = best.unwrap_or_else(|| Solution {
        company: query.company.clone(),
        total: 0,
        routes: Vec::new(),
        candidates: 0,
        optimal: true,
        lose_lowest: None,
        required: None,
    });
    best.optimal = optimal;
    best.lose_lowest = Some(token.to_string());
    Ok(best)
}

/// What routes earning `revenues` pay `query`'s company: their sum, less
/// the lowest when it holds the token and runs every train it has.
pub fn pays(query: &Query, revenues: &[u32]) -> u32 {
    let sum: u32 = revenues.iter().sum();
    match revenues.iter().min() {
        Some(low) if query.lose_lowest.is_some() && revenues.len() >= query.trains.len() => {
            sum - low
        }
        _ => sum,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(trains: usize, token: bool) -> Query {
        let game = crate::game::builtin("18TN").unwrap();
        let train = game.train("3").unwrap().clone();
        Query {
            company: "L&N".into(),
            trains: vec![train; trains],
            bonuses: Vec::new(),
            lose_lowest: token.then(|| "Civil War".to_string()),
            required: None,
        }
    }

    /// 18TN 7818, action 294: L&N ran 90, 80 and 100 with its three
    /// trains; the engine paid 190 (checked once with price.rb).
    #[test]
    fn all_trains_lose_the_lowest_fewer_pay_in_full() {
        assert_eq!(pays(&query(3, true), &[90, 80, 100]), 190);
        assert_eq!(pays(&query(3, true), &[90, 100]), 190);
        assert_eq!(pays(&query(3, false), &[90, 80, 100]), 270);
        assert_eq!(pays(&query(1, true), &[120]), 0);
        assert_eq!(pays(&query(2, true), &[]), 0);
    }
}
