//! A train's bonus per own token (`token_bonus`: 18DE's and 1817's modern
//! 7 and 8 trains): each counted city holding the running company's token
//! earns the train a set amount more. Like a port's pay, it is linear in
//! the stops counted, so the choice of stops stays "the richest": such a
//! city is simply worth that much more (`worth` in the module above), and
//! these functions bound and report it.

use super::Visit;
use crate::game::TrainDef;

/// What the bonus adds to visit `v` when the train counts it.
pub(super) fn extra(train: &TrainDef, v: &Visit) -> u32 {
    if v.is_city && v.token {
        train.per_own_token()
    } else {
        0
    }
}

/// The most it adds to a route of `visits`: every own-token city counted
/// (a ceiling, never below the truth).
pub(super) fn most(train: &TrainDef, visits: &[Visit]) -> u64 {
    visits.iter().map(|v| u64::from(extra(train, v))).sum()
}

/// What it paid on a route of `visits`, the counted ones marked in
/// `counted`, and how many own-token cities earned it (for the report's
/// line; `None` when it paid nothing).
pub fn paid(train: &TrainDef, visits: &[Visit], counted: &[bool]) -> Option<(u32, u32)> {
    let per = train.per_own_token();
    let cities = visits
        .iter()
        .zip(counted)
        .filter(|(v, c)| **c && extra(train, v) > 0)
        .count() as u32;
    (per > 0 && cities > 0).then(|| (cities, per.saturating_mul(cities)))
}
