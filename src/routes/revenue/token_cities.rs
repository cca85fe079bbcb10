//! A train paid only for the company's own token cities
//! (`trains[].own_tokens_only`: 1822's E-train). Its route must start and
//! end in cities holding the company's token (18xx.games g_1822
//! `check_distance`: "E-train route must start and end at tokened
//! cities"), and each other stop it visits pays it nothing
//! (`revenue_for`: `next 0` unless the stop is tokened by the company).
//! So the route is priced as every other train's is, on a copy of its
//! visits in which the other stops are worth nothing and cost no toll:
//! the train still visits them, as a bonus asking for a stop there sees.

use super::Visit;
use crate::game::TrainDef;

/// True when the rule binds `train` and the route of `visits` does not
/// start and end in the company's token cities.
pub(super) fn refused(train: &TrainDef, visits: &[Visit]) -> bool {
    let token_end = |v: Option<&Visit>| v.is_some_and(|v| v.is_city && v.token);
    train.own_tokens_only && !(token_end(visits.first()) && token_end(visits.last()))
}

/// `visits` as such a train is paid for them, into `out`: the stops not
/// holding the company's token worth nothing and tolled nothing.
pub(super) fn paid_visits(visits: &[Visit], out: &mut Vec<Visit>) {
    out.clear();
    out.extend(visits.iter().map(|v| match v.token {
        true => *v,
        false => Visit {
            revenue: 0,
            toll: 0,
            ..*v
        },
    }));
}
