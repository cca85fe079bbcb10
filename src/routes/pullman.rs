//! A run with a pullman (`trains[].pullman`: 18EU's P; 18xx.games g_18_eu
//! `check_overlap`): the pullman runs no route of its own; its one stop, a
//! city or an off-board, must be on another route of the run, and it earns
//! that stop's value again. It needs no token and may not run alone.
//!
//! So a run with a pullman earns its routes plus the richest city or
//! off-board among them, which is the most, over its routes, of one
//! route's richest such stop. The best run is then the best, over each
//! train type, of the best set in which one train of that type earns its
//! route's richest stop twice and the others run as usual: that train
//! becomes a type of its own, its routes each worth that stop more, and
//! the assignment's exact search picks the rest (as `requirement` forces a
//! train onto a route). Exact, at the cost of one search per train type.

use super::apart::{choose_apart, first_of_each_type};
use super::enumerate::{Candidate, SegRef, enumerate};
use super::network::Network;
use super::repay::pullman_route;
use super::{Query, Solution, assign, solution_of, train_types};
use crate::error::Error;
use crate::game::{BonusKind, TrainDef};

/// The best routes of `query`'s company, whose trains include a pullman.
pub(super) fn solve(
    net: &Network,
    query: &Query,
    progress: &(dyn Fn(assign::Progress) + Sync),
    limit: &assign::Limit,
) -> Result<Solution, Error> {
    let (pullmans, trains): (Vec<TrainDef>, Vec<TrainDef>) =
        query.trains.iter().cloned().partition(TrainDef::is_pullman);
    refuse_unsearched(query, pullmans.len())?;
    let pullman = &pullmans[0];
    let runs = Query {
        trains,
        ..query.clone()
    };
    if runs.trains.is_empty() {
        // A pullman may not run alone: no run.
        return Ok(solution_of(net, &runs, (&[], 0), (&[], &[]), &[], limit));
    }
    let (types, type_of) = train_types(&runs.trains);
    // The query with its pullman: the walk keeps routes whose richest city
    // a pullman would miss on a shorter route inside them.
    let (candidates, priced) = enumerate(net, query, &types);
    let repaid: Vec<Option<usize>> = candidates.iter().map(|c| richest_stop(net, c)).collect();
    let repay = |ci: usize| repaid[ci].map_or(0, |s| net.stops[s].revenue);
    let pool_of = super::pools::Pools::of_types(&types);
    let mut best: Option<(u64, Vec<Option<usize>>, usize)> = None;
    for (slot, ty) in first_of_each_type(&type_of) {
        // Each route's revenue per type, and for the train holding the
        // pullman its type's revenue and its richest stop again.
        let revenue: Vec<Vec<u32>> = candidates
            .iter()
            .enumerate()
            .map(|(ci, c)| {
                let mut r = c.revenue.to_vec();
                r.push(match c.revenue[ty] {
                    0 => 0,
                    v => v.saturating_add(repay(ci)),
                });
                r
            })
            .collect();
        let (slots, choice) = choose_apart(
            &candidates,
            &revenue,
            &type_of,
            &pool_of,
            (slot, ty),
            progress,
            limit,
        );
        let total: u64 = choice
            .iter()
            .zip(&slots)
            .filter_map(|(pick, &t)| pick.map(|ci| u64::from(revenue[ci][t])))
            .sum();
        if best.as_ref().is_none_or(|(t, _, _)| total > *t) {
            best = Some((total, choice, slot));
        }
    }
    let (_, choice, slot) = best.expect("a company with a train has a train type");
    let mut solution = solution_of(
        net,
        &runs,
        (&candidates, priced),
        (&types, &type_of),
        &choice,
        limit,
    );
    if let Some(s) = choice[slot].and_then(|ci| repaid[ci]) {
        let route = pullman_route(net, pullman, s);
        solution.total += route.revenue;
        solution.routes.push(route);
    }
    Ok(solution)
}

/// A pullman searched with other rules that change which routes combine
/// is refused, not guessed; so is a second pullman (18xx.games sells a
/// company one).
fn refuse_unsearched(query: &Query, pullmans: usize) -> Result<(), Error> {
    let with = if pullmans > 1 {
        Some("a second pullman")
    } else if query.lose_lowest.is_some() {
        Some("a one-run token")
    } else if query.required.is_some() {
        Some("a required route")
    } else if query
        .bonuses
        .iter()
        .any(|b| b.kind == BonusKind::LongestRoute)
    {
        Some("a longest-route bonus")
    } else if query.bonuses.iter().any(|b| b.once_per_run) {
        Some("a bonus paid once a run")
    } else {
        None
    };
    match with {
        Some(what) => Err(Error::Invalid(format!(
            "{} holds a pullman, which hexroute does not search together with {what}",
            query.company
        ))),
        None => Ok(()),
    }
}

/// The richest city or off-board (never a town) route `c` visits: the
/// stop a pullman re-pays on it, by index into `net.stops`; the first of
/// equals in travel order.
fn richest_stop(net: &Network, c: &Candidate) -> Option<usize> {
    let (token, left, right) = c.walk();
    let to = |r: &SegRef| net.out[r.from as usize][r.idx as usize].to;
    let stops: Vec<usize> = left
        .iter()
        .rev()
        .map(to)
        .chain(std::iter::once(token))
        .chain(right.iter().map(to))
        .collect();
    let mut best: Option<usize> = None;
    for &s in stops.iter().filter(|&&s| net.stops[s].is_city()) {
        if best.is_none_or(|b| net.stops[s].revenue > net.stops[b].revenue) {
            best = Some(s);
        }
    }
    best
}
