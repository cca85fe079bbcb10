//! Checks of a train's bonus per own token in its capped, conditional and
//! phased form (18EU's red-to-red bonus), of pullmans (18EU's P) and of the
//! phase a train pays half from (1858's obsolete trains), when the game
//! file loads: each a promise the route search relies on.

use super::{BonusKind, Game, Skip, TokenBonus, TrainDef};

type Failure = (String, String);

/// Every train's `token_bonus` phases and form, and every pullman.
pub(super) fn check(game: &Game) -> Result<(), Failure> {
    for t in &game.trains {
        let field = |f: &str| format!("trains[\"{}\"]{f}", t.name);
        if let Some(b) = &t.token_bonus {
            token_bonus(game, t, b).map_err(|why| (field(".token_bonus"), why))?;
        }
        if t.pullman.is_some() {
            pullman(t).map_err(|why| (field(".pullman"), why.into()))?;
        }
        if let Some(phase) = &t.half_pay_from {
            known_phase(game, phase).map_err(|why| (field(".half_pay_from"), why))?;
            if game
                .bonuses
                .iter()
                .any(|b| b.kind == BonusKind::LongestRoute)
            {
                return Err((
                    field(".half_pay_from"),
                    "a train paying half in a game with a longest route's bonus: whether the \
                     bonus is halved is not modelled; leave one of them out"
                        .into(),
                ));
            }
        }
    }
    Ok(())
}

/// A capped or conditional bonus is fixed by the route only on a train
/// that counts every city it passes (its revenue then needs no choice of
/// stops weighed against a cap); its phases are the game's, in order.
fn token_bonus(game: &Game, t: &TrainDef, b: &TokenBonus) -> Result<(), String> {
    if b.is_fixed_by_route() && (t.skip == Skip::Any || t.pays.is_some()) {
        return Err(
            "a capped bonus, or one only between off-boards, needs a train that counts every \
             city it passes; give skip: Nothing or Towns and no pays, or leave cap and \
             between_off_boards out"
                .into(),
        );
    }
    let mut last = None;
    for step in &b.from_phase {
        let Some(place) = game.phases.iter().position(|p| p.name == step.phase) else {
            let names: Vec<&str> = game.phases.iter().map(|p| p.name.as_str()).collect();
            return Err(format!(
                "from_phase names phase {:?}, which the game does not have; its phases are {}",
                step.phase,
                names.join(", ")
            ));
        };
        if last.is_some_and(|l| place <= l) {
            return Err(format!(
                "from_phase lists phase {:?} after a later or the same phase; list the phases in the game's order, each once",
                step.phase
            ));
        }
        last = Some(place);
        if step.cap.is_some() && !b.is_fixed_by_route() {
            return Err(format!(
                "from_phase {:?} gives a cap the bonus has not; give the bonus a cap too",
                step.phase
            ));
        }
    }
    Ok(())
}

/// A phase the game has (`half_pay_from`: from which a train pays half).
fn known_phase(game: &Game, phase: &str) -> Result<(), String> {
    if game.phases.iter().any(|p| p.name == phase) {
        return Ok(());
    }
    let names: Vec<&str> = game.phases.iter().map(|p| p.name.as_str()).collect();
    Err(format!(
        "names phase {phase:?}, which the game does not have; its phases are {}",
        names.join(", ")
    ))
}

/// A pullman re-pays one stop at face value: it counts one stop, is paid
/// once and earns no bonus of its own.
fn pullman(t: &TrainDef) -> Result<(), &'static str> {
    if t.multiplier != 1 || t.stacks || t.token_bonus.is_some() || t.track_pool.is_some() {
        Err(
            "a pullman re-pays one stop once: give it multiplier: 1 and no stacks, token_bonus or track_pool",
        )
    } else {
        Ok(())
    }
}
