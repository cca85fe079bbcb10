//! The game's `rules.pass_blocked` as the walks read it: which stops a
//! route passes only under the rule, and the bit that keeps a second
//! route of the run from passing one (a bit every such route holds, so two
//! of them clash as routes sharing track do, and the search's exact
//! assignment keeps at most one).

use super::network::Stop;
use crate::game::{CompanyId, PassBlocked, PassingRoutes};

/// True when a route of `company` passes `stop` only under
/// `rules.pass_blocked`: a city (not an off-board) others' tokens fill.
pub(super) fn blocked_city(stop: &Stop, company: &CompanyId) -> bool {
    stop.is_city() && !stop.terminal && !stop.passable_for(company)
}

/// True when a route that has passed `passed` blocked cities may pass
/// `stop`: an open stop always, a blocked city under the rule.
pub(super) fn may_pass(
    rule: Option<&PassBlocked>,
    stop: &Stop,
    company: &CompanyId,
    passed: u32,
) -> bool {
    stop.passable_for(company)
        || (blocked_city(stop, company) && rule.is_some_and(|r| r.may_pass_another(passed)))
}

/// Whether routes passing a blocked city need the run's one shared bit.
pub(super) fn needs_bit(rule: Option<&PassBlocked>) -> bool {
    rule.is_some_and(|r| r.routes == PassingRoutes::OneOfTheRun)
}
