//! A run that must include a route with both ends among given hexes
//! (`Query::required`: 1870's connection run, where at least one train runs
//! between the company's home and its destination; 18xx.games g_1870
//! `check_route_combination`).
//!
//! A set of routes meets the requirement when one of its routes does, so
//! the best such set is the best, over each train type, of the best set in
//! which one train of that type runs a route meeting it and the others run
//! freely (as the overlap rules allow). That train becomes a type of its
//! own whose routes are only those meeting the requirement, each worth a
//! premium more than any set of the other trains can earn: the assignment's
//! exact search then prefers every set in which that train runs such a
//! route to every set in which it does not, and among those, the richest.
//! The premium is taken off again. No set meeting it: no train runs (the
//! engine accepts an empty run).

use super::apart::{choose_apart, first_of_each_type};
use super::describe::ends;
use super::enumerate::enumerate;
use super::network::Network;
use super::{Query, Solution, assign, solution_of, train_types};
use crate::error::Error;
use crate::game::BonusKind;
use crate::state::RouteEnds;

/// The best routes of `query`'s company whose run must include a route
/// between `required`'s hexes.
pub(super) fn solve(
    net: &Network,
    query: &Query,
    required: &RouteEnds,
    progress: &(dyn Fn(assign::Progress) + Sync),
    limit: &assign::Limit,
) -> Result<Solution, Error> {
    if query.lose_lowest.is_some()
        || query
            .bonuses
            .iter()
            .any(|b| b.kind == BonusKind::LongestRoute)
    {
        return Err(Error::Invalid(format!(
            "{}'s run must include a required route, which hexroute does not search together with a one-run token or a longest-route bonus",
            query.company
        )));
    }
    let (types, type_of) = train_types(&query.trains);
    let (candidates, priced) = enumerate(net, query, &types);
    let meets: Vec<bool> = candidates
        .iter()
        .map(|c| {
            let (first, last) = ends(net, c);
            required.met_by(first, last)
        })
        .collect();
    let premium = premium(&candidates, query.trains.len(), query)?;
    let pool_of = super::pools::Pools::of_types(&types);
    let mut best: Option<(u32, Vec<Option<usize>>, usize)> = None;
    for (slot, ty) in first_of_each_type(&type_of) {
        // Each route's revenue per type, and for the forced train: its
        // type's revenue plus the premium on routes meeting the requirement.
        let revenue: Vec<Vec<u32>> = candidates
            .iter()
            .zip(&meets)
            .map(|(c, &m)| {
                let mut r = c.revenue.to_vec();
                r.push(match c.revenue[ty] {
                    v if m && v > 0 => v + premium,
                    _ => 0,
                });
                r
            })
            .collect();
        // The forced train keeps its type's track pool.
        let (_, choice) = choose_apart(
            &candidates,
            &revenue,
            &type_of,
            &pool_of,
            (slot, ty),
            progress,
            limit,
        );
        if !choice[slot].is_some_and(|ci| meets[ci]) {
            continue;
        }
        let total: u32 = choice
            .iter()
            .enumerate()
            .filter_map(|(s, pick)| pick.map(|ci| candidates[ci].revenue[type_of[s]]))
            .sum();
        if best.as_ref().is_none_or(|(t, _, _)| total > *t) {
            best = Some((total, choice, slot));
        }
    }
    let none = vec![None; query.trains.len()];
    let choice = best.as_ref().map_or(&none, |(_, choice, _)| choice);
    Ok(Solution {
        required: Some(required.clone()),
        ..solution_of(
            net,
            query,
            (&candidates, priced),
            (&types, &type_of),
            choice,
            limit,
        )
    })
}

/// More than any set of `trains` routes earns (each train at most the
/// richest route), so that a route with it beats every set without; the
/// search must still add up to `trains` such premiums' worth exactly.
fn premium(
    candidates: &[super::enumerate::Candidate],
    trains: usize,
    query: &Query,
) -> Result<u32, Error> {
    let top = candidates
        .iter()
        .flat_map(|c| c.revenue.iter())
        .map(|&r| u64::from(r))
        .max()
        .unwrap_or(0);
    let premium = top * trains as u64 + 1;
    // The search adds up to one route a train, premium included.
    if (premium + top) * trains as u64 > u64::from(u32::MAX) {
        return Err(Error::Invalid(format!(
            "{}'s routes earn too much for hexroute to search the required route exactly",
            query.company
        )));
    }
    Ok(premium as u32)
}
