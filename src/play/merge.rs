//! Minors merging into a major, or one converting to it (1867's and
//! 1861's merger rounds): each minor's tokens become the major's, where a
//! city would hold two of them the major's own leaves first; the minors'
//! trains and private companies go to the major, and they close, merged
//! into it.

use crate::edit::Edit;
use crate::error::{Error, Result};
use crate::game::{CompanyId, CompanyKind, Game, Rule};
use crate::geometry::Coord;
use crate::rules::Violation;
use crate::state::{MapState, Standing};

/// `from` (in the order they merge) merge into `into`.
pub(super) fn merge(
    game: &Game,
    state: &MapState,
    from: &[CompanyId],
    into: &CompanyId,
) -> Result<Edit> {
    let violations = judge(game, state, from, into)?;
    let mut next = state.clone();
    for (i, minor) in from.iter().enumerate() {
        remove_duplicates(game, &mut next, into, &from[i..]);
        move_tokens(&mut next, minor, into);
        if let Some(trains) = next.trains.remove(minor)
            && !trains.is_empty()
        {
            next.trains.entry(into.clone()).or_default().extend(trains);
        }
        for owner in next.privates.values_mut() {
            if owner == minor {
                *owner = into.clone();
            }
        }
        next.set_standing(minor, Standing::MergedInto(into.clone()));
    }
    let names: Vec<&str> = from.iter().map(|c| c.as_str()).collect();
    Ok(Edit {
        next,
        violations,
        said: format!(
            "{} merge into {into}: their tokens, trains and private companies are {into}'s",
            names.join(" and ")
        ),
    })
}

/// A minor converts to a major: a merger of one.
pub(super) fn convert(
    game: &Game,
    state: &MapState,
    minor: &CompanyId,
    major: &CompanyId,
) -> Result<Edit> {
    let mut edit = merge(game, state, std::slice::from_ref(minor), major)?;
    edit.said = format!(
        "{minor} converts to {major}: its tokens, trains and private companies are {major}'s"
    );
    Ok(edit)
}

/// The rules of a merger: minors still in the game, each named once,
/// merging into a major still in the game, in a title whose minors merge
/// (one naming the `Mergers` mechanism: 1867, 1861).
fn judge(
    game: &Game,
    state: &MapState,
    from: &[CompanyId],
    into: &CompanyId,
) -> Result<Vec<Violation>> {
    if from.is_empty() {
        return Err(Error::Invalid("no company to merge".into()));
    }
    if let Some(twice) = from
        .iter()
        .enumerate()
        .find(|(i, c)| from[..*i].contains(c))
    {
        return Err(Error::Invalid(format!("{} is named twice", twice.1)));
    }
    let mut broken = Vec::new();
    let mut refuse = |message: String| {
        broken.push(Violation {
            rule: Rule::Merger,
            message,
        })
    };
    if !game.from_18xx_games.as_ref().is_some_and(|p| p.mergers) {
        refuse(format!(
            "minors do not merge into majors in {} (its game file names no `Mergers` mechanism)",
            game.id
        ));
    }
    for minor in from {
        let kind = game.company(minor)?.kind;
        if minor == into {
            return Err(Error::Invalid(format!("{minor} cannot merge into itself")));
        }
        if kind != CompanyKind::Minor {
            refuse(format!("{minor} is a {}: only minors merge", kind.name()));
        }
        if state.is_closed(minor) {
            refuse(format!(
                "{minor} has left the game ({})",
                state.standing_of(minor)
            ));
        }
    }
    let kind = game.company(into)?.kind;
    if kind != CompanyKind::Major {
        refuse(format!(
            "{into} is a {}: minors merge into a major",
            kind.name()
        ));
    }
    if state.is_closed(into) {
        refuse(format!(
            "{into} has left the game ({})",
            state.standing_of(into)
        ));
    }
    Ok(broken)
}

/// The major's tokens in cities where a minor still to join has one
/// leave (a city keeps one token of the merged company).
pub(super) fn remove_duplicates(
    game: &Game,
    state: &mut MapState,
    major: &CompanyId,
    joining: &[CompanyId],
) {
    let city_of = |c: Coord, space: usize| {
        state
            .tile_at(game, c)
            .and_then(|(t, _)| t.city_of_space(space))
    };
    let mut cities = Vec::new();
    for (&c, h) in &state.hexes {
        for (&space, co) in &h.tokens {
            if joining.contains(co) {
                cities.push((c, city_of(c, space)));
            }
        }
    }
    let mut gone = Vec::new();
    for (&c, h) in &state.hexes {
        for (&space, co) in &h.tokens {
            if co == major && cities.contains(&(c, city_of(c, space))) {
                gone.push((c, space));
            }
        }
    }
    for (c, space) in gone {
        if let Some(h) = state.hexes.get_mut(&c) {
            h.tokens.remove(&space);
        }
    }
}

/// Every token of `from` becomes `to`'s, in place.
pub(super) fn move_tokens(state: &mut MapState, from: &CompanyId, to: &CompanyId) {
    for h in state.hexes.values_mut() {
        for co in h.tokens.values_mut() {
            if co == from {
                *co = to.clone();
            }
        }
    }
}
