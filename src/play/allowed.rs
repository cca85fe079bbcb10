//! What the title's rules allow now, for a command's `--list`: which
//! companies may merge, be nationalised, close, or join a forming
//! national, and why the others may not.

use super::{Nationalise, national};
use crate::error::{Error, Result};
use crate::game::{CompanyId, CompanyKind, Game, Rule};
use crate::rules::Violation;
use crate::state::MapState;

/// A move of the late game a player makes by hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Move {
    Merge,
    Convert,
    Nationalise,
    Close,
    Form,
}

impl Move {
    /// The rule that governs it.
    pub fn rule(self) -> Rule {
        match self {
            Move::Merge | Move::Convert => Rule::Merger,
            Move::Nationalise => Rule::Nationalisation,
            Move::Close => Rule::Closing,
            Move::Form => Rule::Formation,
        }
    }
}

/// The companies a move may take now, and those it may not, with why.
#[derive(Clone, Debug)]
pub struct Allowed {
    /// Who takes what they leave: the national, or none (a merger names its major).
    pub into: Option<CompanyId>,
    /// Companies the move may take now.
    pub now: Vec<CompanyId>,
    /// Companies in play it may not take now, each with the rule it breaks.
    pub not_now: Vec<(CompanyId, Violation)>,
    /// The majors minors may merge or convert into (a merger's only).
    pub majors: Vec<CompanyId>,
}

/// What `what` allows in this game now. A title that has no such move is
/// refused, naming the rule.
pub fn allowed(game: &Game, state: &MapState, what: Move) -> Result<Allowed> {
    let play = game.from_18xx_games.as_ref();
    let refused = |why: &str| {
        Err(Error::Invalid(format!(
            "{} has no {why} ({} rule)",
            game.id,
            what.rule()
        )))
    };
    let in_play = in_play(game, state);
    let mut allowed = Allowed {
        into: None,
        now: Vec::new(),
        not_now: Vec::new(),
        majors: Vec::new(),
    };
    match what {
        Move::Merge | Move::Convert => {
            if !play.is_some_and(|p| p.mergers) {
                return refused("mergers of minors into majors");
            }
            for co in in_play {
                match game.company(&co)?.kind {
                    CompanyKind::Minor => allowed.now.push(co),
                    kind => allowed.not_now.push((
                        co,
                        Violation {
                            rule: Rule::Merger,
                            message: format!("a {}: only minors merge", kind.name()),
                        },
                    )),
                }
            }
            allowed.majors = (game.companies.iter())
                .filter(|c| c.kind == CompanyKind::Major && !state.is_closed(&c.abbrev))
                .map(|c| c.abbrev.clone())
                .collect();
        }
        Move::Nationalise => {
            let Some(n) = Nationalise::by_title(game, state, &CompanyId::from(""))
                .ok()
                .flatten()
            else {
                return refused("national that nationalises companies");
            };
            allowed.into = Some(n.national.clone());
            for co in in_play.into_iter().filter(|co| *co != n.national) {
                let request = Nationalise {
                    company: co.clone(),
                    ..n.clone()
                };
                match national::nationalise(game, state, &request)?
                    .edit
                    .violations
                    .pop()
                {
                    None => allowed.now.push(co),
                    Some(v) => allowed.not_now.push((co, v)),
                }
            }
        }
        Move::Close => allowed.now = in_play,
        Move::Form => {
            let Some(f) = play.and_then(|p| p.formation.as_ref()) else {
                return refused("national formed from other companies");
            };
            let national = super::company_id(game, &f.company)?;
            allowed.now = in_play.into_iter().filter(|co| *co != national).collect();
            allowed.into = Some(national);
        }
    }
    Ok(allowed)
}

/// Companies still in the game with a token on the map or a train, in
/// the game's order.
fn in_play(game: &Game, state: &MapState) -> Vec<CompanyId> {
    game.companies
        .iter()
        .map(|c| &c.abbrev)
        .filter(|co| !state.is_closed(co))
        .filter(|co| {
            state.trains.get(*co).is_some_and(|t| !t.is_empty())
                || national::tokens_of(state, co) > 0
        })
        .cloned()
        .collect()
}
