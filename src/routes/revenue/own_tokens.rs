//! A train's bonus per own token (`token_bonus`: 18DE's and 1817's modern
//! 7 and 8 trains, 18EU's red-to-red bonus): each counted city holding the
//! running company's token earns the train a set amount more. Plain, it is
//! linear in the stops counted, like a port's pay, so the choice of stops
//! stays "the richest": such a city is simply worth that much more
//! (`worth` in the module above). Capped, or paid only on a run between two
//! off-boards (18EU), it is not linear; but the load allows that form only
//! on trains counting every city they pass, so the route alone fixes it
//! (`fixed`), whichever towns the train counts. These functions price,
//! bound and report it.

use super::Visit;
use crate::game::TrainDef;

/// What the plain bonus adds to visit `v` when the train counts it (0 for
/// a bonus the route fixes, paid by [`fixed`] instead).
pub(super) fn extra(train: &TrainDef, v: &Visit) -> u32 {
    match &train.token_bonus {
        Some(b) if !b.is_fixed_by_route() && v.is_city && v.token => b.per_token,
        _ => 0,
    }
}

/// What a capped or conditional bonus pays on a route of `visits`, every
/// city of which the train counts: the own-token cities times the amount,
/// at most the cap, and nothing unless both ends are off-boards where the
/// bonus asks for that (18xx.games g_18_eu `revenue_for_red_to_red_bonus`).
pub(super) fn fixed(train: &TrainDef, visits: &[Visit]) -> u64 {
    let Some(b) = train.token_bonus.as_ref().filter(|b| b.is_fixed_by_route()) else {
        return 0;
    };
    let ends_red = visits.len() > 1 && visits[0].off_board && visits[visits.len() - 1].off_board;
    if b.between_off_boards && !ends_red {
        return 0;
    }
    let own = visits.iter().filter(|v| v.is_city && v.token).count() as u64;
    let pay = own * u64::from(b.per_token);
    b.cap.map_or(pay, |cap| pay.min(u64::from(cap)))
}

/// The most it adds to a route of `visits`: every own-token city counted
/// (a ceiling, never below the truth).
pub(super) fn most(train: &TrainDef, visits: &[Visit]) -> u64 {
    visits
        .iter()
        .map(|v| u64::from(extra(train, v)))
        .sum::<u64>()
        + fixed(train, visits)
}

/// What it paid on a route of `visits`, the counted ones marked in
/// `counted`, and how many own-token cities earned it (for the report's
/// line; `None` when it paid nothing).
pub fn paid(train: &TrainDef, visits: &[Visit], counted: &[bool]) -> Option<(u32, u32)> {
    let cities = visits
        .iter()
        .zip(counted)
        .filter(|(v, c)| **c && v.is_city && v.token)
        .count() as u32;
    let fixed = u32::try_from(fixed(train, visits)).unwrap_or(u32::MAX);
    let paid = match &train.token_bonus {
        Some(b) if b.is_fixed_by_route() => fixed,
        _ => train.per_own_token().saturating_mul(cities),
    };
    (paid > 0).then_some((cities, paid))
}

/// The report's name for what it paid: how many cities at what amount,
/// and where a cap or the off-board ends shaped it, that too.
pub fn label(train: &TrainDef, cities: u32, paid: u32) -> String {
    let per = train.per_own_token();
    let between = train
        .token_bonus
        .as_ref()
        .is_some_and(|b| b.between_off_boards);
    let mut text = format!("own tokens ({cities} × {per}");
    if paid < per.saturating_mul(cities) {
        text.push_str(&format!(", at most {paid}"));
    }
    if between {
        text.push_str(", off-board to off-board");
    }
    text.push(')');
    text
}
