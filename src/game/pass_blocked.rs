//! Running through a city other companies' tokens fill (1860's "tokened-out"
//! cities, 18xx.games g_1860 `check_connected`): a game may let a route
//! pass such a city, counting it as a stop, a few times a route and on one
//! route of a run, or on each.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// `rules.pass_blocked`: a route may pass cities whose every token space
/// another company holds (no space free, none of the company's own, no
/// neutral token): such a city is a stop of the route like any other.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PassBlocked {
    /// How many such cities one route may pass (1860: one, "Route can only
    /// bypass one tokened-out city").
    pub per_route: u32,
    /// Which routes of a company's run may pass one.
    pub routes: PassingRoutes,
}

/// Which routes of one run may pass a blocked city.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum PassingRoutes {
    /// One route of the run at most (1860: "Only one train can bypass a
    /// tokened-out city").
    OneOfTheRun,
    /// Each route on its own.
    Each,
}

impl PassBlocked {
    /// True when a route that has passed `passed` blocked cities may pass
    /// one more.
    pub fn may_pass_another(&self, passed: u32) -> bool {
        passed < self.per_route
    }
}

/// The rule is usable: a route passes one city at least, and (the one
/// route of a run being counted among all a company's trains) no train
/// keeps a track pool of its own, where the search counts per pool.
pub(super) fn check(game: &super::Game) -> Result<(), (String, String)> {
    let Some(rule) = game.rules.pass_blocked else {
        return Ok(());
    };
    if rule.per_route == 0 {
        return Err((
            "rules.pass_blocked.per_route".into(),
            "0 lets no route pass a blocked city; leave pass_blocked out instead".into(),
        ));
    }
    if let Some(t) = game.trains.iter().find(|t| t.track_pool.is_some()) {
        return Err((
            format!("trains[\"{}\"].track_pool", t.name),
            "a track pool with rules.pass_blocked (no game has both): the one route of a run \
             passing a blocked city is counted among all the company's trains"
                .into(),
        ));
    }
    Ok(())
}
