//! Bonuses paid once a run, to one route of the set: the longest route's
//! (`LongestRoute`: 1846's Mail Contract, paid to the route visiting the
//! most stops) and any bonus marked `once_per_run` (1822's destination
//! bonus, 18xx.games g_1822 `destination_bonus`: the biggest of the
//! routes' bonuses, never one per route: the website's issues #7258 and
//! #11707 are routes paid it twice or not at all).
//!
//! A set earns the sum of its routes and the bonus on the one route it
//! pays most, which is the most, over its routes, of the sum with that
//! route's bonus. So the optimum is the best, over each train type the
//! company runs, of the search in which one train of that type alone may
//! earn the bonus. With several such bonuses each is given so in turn,
//! every combination tried (a train may carry more than one).

use super::{Solution, assign, network::Network, solve_plain, train_types};
use crate::error::Error;
use crate::game::{Bonus, BonusKind, TrainId};
use crate::routes::Query;

/// True when `b` is paid to one route of a run only.
pub fn once(b: &Bonus) -> bool {
    b.once_per_run || b.kind == BonusKind::LongestRoute
}

/// A train's name while it alone earns the bonus numbered `at`: no game
/// names a train so, and two bonuses given two trains of one type name
/// them apart.
fn boosted(name: &TrainId, at: usize) -> TrainId {
    TrainId::from(format!("{name}\u{1}once{at}").as_str())
}

/// The optimum for `query`, each bonus paid once a run given to one train
/// at a time (see the module's comment); the others priced route by route.
pub(super) fn solve(
    net: &Network,
    query: &Query,
    progress: &(dyn Fn(assign::Progress) + Sync),
    limit: &assign::Limit,
) -> Result<Solution, Error> {
    let todo: Vec<usize> = (0..query.bonuses.len())
        .filter(|&b| once(&query.bonuses[b]))
        .collect();
    solve_from(net, query, &todo, progress, limit)
}

fn solve_from(
    net: &Network,
    query: &Query,
    todo: &[usize],
    progress: &(dyn Fn(assign::Progress) + Sync),
    limit: &assign::Limit,
) -> Result<Solution, Error> {
    let Some((&at, rest)) = todo.split_first() else {
        return solve_plain(net, query, progress, limit);
    };
    let bonus = query.bonuses[at].clone();
    // No train earning it alone: the bonus pays nobody.
    let mut plain = query.clone();
    plain.bonuses[at].trains = vec![boosted(&TrainId::from("\u{1}nobody"), at)];
    let (_, type_of) = train_types(&query.trains);
    let mut best: Option<Solution> = None;
    for (slot, &ty) in type_of.iter().enumerate() {
        if type_of[..slot].contains(&ty) || !bonus.applies_to(&query.trains[slot]) {
            continue;
        }
        let mut one = plain.clone();
        let name = query.trains[slot].name.clone();
        let alone = boosted(&name, at);
        one.trains[slot].name = alone.clone();
        // The renamed train still earns what its type earns (1846's bonuses
        // for one type of train, another once-a-run bonus given it).
        for b in &mut one.bonuses {
            if b.trains.contains(&name) {
                b.trains.push(alone.clone());
            }
        }
        one.bonuses[at] = Bonus {
            trains: vec![alone.clone()],
            ..bonus.clone()
        };
        let mut solution = solve_from(net, &one, rest, progress, limit)?;
        for r in &mut solution.routes {
            if r.train == alone {
                r.train = name.clone();
            }
        }
        if best.as_ref().is_none_or(|b| solution.total > b.total) {
            best = Some(solution);
        }
    }
    match best {
        Some(b) => Ok(b),
        None => solve_from(net, &plain, rest, progress, limit),
    }
}
