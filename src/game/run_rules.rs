//! Rules on a whole run (`rules.run_through_home`, `rules.routes_meet`,
//! 1860's g_1860 `check_route_combination`) checked against the rest of
//! the game file: the search keeps them in its plain assignment only, so a
//! game may not have them beside a one-run token or a pullman, whose
//! searches set a train apart (no game has both).

/// The run's rules are usable beside the game's other rules.
pub(super) fn check(game: &super::Game) -> Result<(), (String, String)> {
    let rules = &game.rules;
    let field = if rules.run_through_home {
        "rules.run_through_home"
    } else if rules.routes_meet {
        "rules.routes_meet"
    } else {
        return Ok(());
    };
    let beside = if rules.lose_lowest.is_some() {
        Some("a one-run token (rules.lose_lowest)")
    } else if game.trains.iter().any(|t| t.pullman.is_some()) {
        Some("a pullman (trains[].pullman)")
    } else {
        None
    };
    match beside {
        Some(what) => Err((
            field.into(),
            format!(
                "a rule on the whole run beside {what}: no game has both, and that search keeps no such rule"
            ),
        )),
        None => Ok(()),
    }
}
