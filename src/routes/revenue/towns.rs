//! How a train treats towns beyond `skip`: towns outside its number, paid
//! (`Towns::Free`, 18GA) or not (`Towns::Unpaid`, 18CO's 4D), and a town
//! at a route's end (`EndTowns`): one taking one of the train's N (18CO,
//! 18MT), or none allowed there.

use super::Visit;
use crate::game::{EndTowns, Towns, TrainDef};

/// True when the train's towns take none of its N, so it must count every
/// town it passes (paid or not): passing one would gain it nothing.
pub(super) fn outside_number(train: &TrainDef, v: &Visit) -> bool {
    train.towns != Towns::Counted && !v.is_city
}

/// True when the train earns nothing at `v`, a town it runs through
/// unpaid.
pub(crate) fn unpaid(train: &TrainDef, is_city: bool) -> bool {
    train.towns == Towns::Unpaid && !is_city
}

/// True when visit `i` of a route whose last visit is `last` is a town at
/// one of its ends that takes one of the train's N though its other towns
/// take none (`EndTowns::TakeStop`).
pub(super) fn end_takes_stop(train: &TrainDef, i: usize, last: usize, v: &Visit) -> bool {
    train.end_towns == EndTowns::TakeStop && outside_number(train, v) && (i == 0 || i == last)
}

/// True when the route's ends are allowed: anywhere, unless the train may
/// end no route at a town (`EndTowns::Refused`).
pub(super) fn ends_allowed(train: &TrainDef, visits: &[Visit]) -> bool {
    train.end_towns != EndTowns::Refused
        || (visits.first().is_none_or(|v| v.is_city) && visits.last().is_none_or(|v| v.is_city))
}
