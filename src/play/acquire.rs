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
    // The survivor owns the other's tokens too, where sizes count them.
    let sized = super::size::after_takeover(game, state, company, by);
    if sized.is_some() {
        next.set_size(by, sized);
    }
    next.set_size(company, None);
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
    next.set_size(company, None);
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

#[cfg(test)]
mod tests {
    use super::super::{Event, apply};
    use crate::game::{CompanyId, Rule, builtin};
    use crate::state::{MapState, Standing};

    /// `state` with a token of `company` in `space` of hex `hex`.
    fn token(
        game: &crate::game::Game,
        state: &mut MapState,
        company: &str,
        hex: &str,
        space: usize,
    ) {
        state.put_token(game.hex(hex).unwrap(), space, company.into());
    }

    /// Worked by hand on 1817's map: UR holds Cleveland (D9, two spaces)
    /// space 0 and Albany (C22); R holds Cleveland space 1 and Toronto
    /// (B13). R takes UR: R's own Cleveland token leaves (one token a city),
    /// UR's two become R's, so R holds D9 space 0, C22 and B13 (three), UR
    /// none; R's 2+ and UR's 2 are R's, in that order.
    #[test]
    fn a_company_takes_another_and_it_starts_again() {
        let game = builtin("1817").unwrap();
        let mut state = MapState::start(&game);
        token(&game, &mut state, "UR", "D9", 0);
        token(&game, &mut state, "UR", "C22", 0);
        token(&game, &mut state, "R", "D9", 1);
        token(&game, &mut state, "R", "B13", 0);
        state.trains.insert("R".into(), vec!["2+".into()]);
        state.trains.insert("UR".into(), vec!["2".into()]);
        let event = Event::Acquire {
            company: "UR".into(),
            by: "R".into(),
        };
        let edit = apply(&game, &state, &event).unwrap().edit;
        assert!(edit.violations.is_empty(), "{:?}", edit.violations);
        let next = &edit.next;
        let held = |co: &str| -> Vec<(String, usize)> {
            let mut v: Vec<(String, usize)> = (next.hexes.iter())
                .flat_map(|(c, h)| {
                    h.tokens
                        .iter()
                        .filter(|(_, t)| t.as_str() == co)
                        .map(|(s, _)| (game.format(*c), *s))
                })
                .collect();
            v.sort();
            v
        };
        assert_eq!(
            held("R"),
            [
                ("B13".to_string(), 0),
                ("C22".to_string(), 0),
                ("D9".to_string(), 0)
            ]
        );
        assert!(held("UR").is_empty());
        let trains: Vec<&str> = next.trains["R"].iter().map(|t| t.as_str()).collect();
        assert_eq!(trains, ["2+", "2"]);
        assert_eq!(
            next.standing_of(&CompanyId::from("UR")),
            Standing::MergedInto("R".into())
        );

        // Taken again, it is refused: UR has left the game.
        let again = apply(&game, next, &event).unwrap().edit;
        assert_eq!(again.violations.len(), 1);
        assert_eq!(again.violations[0].rule, Rule::Merger);

        // UR bid on and started again: open, with nothing of its former self.
        let restarted = apply(&game, next, &Event::Restart("UR".into()))
            .unwrap()
            .edit;
        assert!(restarted.violations.is_empty());
        assert_eq!(restarted.next.standing_of(&"UR".into()), Standing::Open);
        // R, in the game, cannot start again.
        let open = apply(&game, next, &Event::Restart("R".into()))
            .unwrap()
            .edit;
        assert_eq!(open.violations.len(), 1);
    }

    /// A title with no `Acquisitions` refuses one (1867's majors).
    #[test]
    fn a_title_without_acquisitions_refuses_one() {
        let game = builtin("1867").unwrap();
        let state = MapState::start(&game);
        let event = Event::Acquire {
            company: "CNR".into(),
            by: "CPR".into(),
        };
        let edit = apply(&game, &state, &event).unwrap().edit;
        assert!(edit.violations.iter().all(|v| v.rule == Rule::Merger));
        assert_eq!(edit.violations.len(), 2);
    }
}
