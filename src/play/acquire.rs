//! One company acquiring another, or merging with it, one into one (the
//! `Acquisitions` mechanism: 1817's merger and acquisition rounds): the
//! survivor's own token leaves a city where the other has one, the other's
//! tokens, trains and private companies become the survivor's, and the
//! other closes. Such a company may be started again later, a new company
//! under the old name (18xx.games's `reset_corporation`): `restart`.

use super::merge::{move_tokens, remove_duplicates};
use crate::edit::Edit;
use crate::error::{Error, Result};
use crate::game::{CompanyId, Game, Rule};
use crate::rules::Violation;
use crate::state::{MapState, Standing};

/// `company` is acquired by (or merges into) `by`.
pub(super) fn acquire(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    by: &CompanyId,
) -> Result<Edit> {
    if company == by {
        return Err(Error::Invalid(format!("{company} cannot acquire itself")));
    }
    let mut broken = judge(game, state, company);
    broken.extend(judge(game, state, by));
    let mut next = state.clone();
    remove_duplicates(game, &mut next, by, std::slice::from_ref(company));
    move_tokens(&mut next, company, by);
    if let Some(trains) = next.trains.remove(company)
        && !trains.is_empty()
    {
        next.trains.entry(by.clone()).or_default().extend(trains);
    }
    for owner in next.privates.values_mut() {
        if owner == company {
            *owner = by.clone();
        }
    }
    next.set_standing(company, Standing::MergedInto(by.clone()));
    Ok(Edit {
        next,
        violations: broken,
        said: format!(
            "{by} acquires {company}: its tokens, trains and private companies are {by}'s"
        ),
    })
}

/// A company that left the game by an acquisition or by closing starts
/// again (its name parred anew).
pub(super) fn restart(game: &Game, state: &MapState, company: &CompanyId) -> Result<Edit> {
    game.company(company)?;
    let mut violations = Vec::new();
    if !acquisitions(game) {
        violations.push(refusal(game));
    }
    if !state.is_closed(company) {
        violations.push(Violation {
            rule: Rule::Merger,
            message: format!("{company} is in the game: only a company that left it starts again"),
        });
    }
    let mut next = state.clone();
    next.set_standing(company, Standing::Open);
    Ok(Edit {
        next,
        violations,
        said: format!("{company} starts again"),
    })
}

fn acquisitions(game: &Game) -> bool {
    game.from_18xx_games
        .as_ref()
        .is_some_and(|p| p.acquisitions)
}

fn refusal(game: &Game) -> Violation {
    Violation {
        rule: Rule::Merger,
        message: format!(
            "companies do not acquire one another in {} (its game file names no `Acquisitions` mechanism)",
            game.id
        ),
    }
}

/// The rules of an acquisition for one company in it: the title has them,
/// and the company is in the game.
fn judge(game: &Game, state: &MapState, company: &CompanyId) -> Vec<Violation> {
    let mut broken = Vec::new();
    if !acquisitions(game) {
        broken.push(refusal(game));
    }
    if state.is_closed(company) {
        broken.push(Violation {
            rule: Rule::Merger,
            message: format!(
                "{company} has left the game ({})",
                state.standing_of(company)
            ),
        });
    }
    broken
}
