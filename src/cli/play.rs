//! The late game by hand: `merge`, `convert`, `nationalise`, `close` and
//! `form`. Each turns its words into one typed request (companies as the
//! game names them) once, then applies the `play` event it stands for as
//! any edit is applied: judged by the title's rules, recorded in the
//! save's history so `undo` takes it back. `--list` says what the title's
//! rules allow now.

use super::edit::edit;
use super::io::Games;
use super::term::say;
use super::{EditArgs, PlayArgs};
use anyhow::{Result, bail};
use hexroute::game::{CompanyId, Game};
use hexroute::play::{self, Event, Move, Nationalise};
use hexroute::state::MapState;

/// A hand-played move of the late game, its companies named as the game
/// names them.
enum Request {
    Merge {
        minors: Vec<CompanyId>,
        major: CompanyId,
    },
    Convert {
        minor: CompanyId,
        major: CompanyId,
    },
    Nationalise(CompanyId),
    Close(CompanyId),
    Form(Vec<CompanyId>),
}

impl Request {
    /// The request `what` makes of the words given: `companies` (and the
    /// major `into`, for a merger or a conversion).
    fn read(game: &Game, what: Move, companies: &[String], into: Option<&str>) -> Result<Request> {
        let ids = companies
            .iter()
            .map(|c| Ok(game.company(c)?.abbrev.clone()))
            .collect::<Result<Vec<CompanyId>>>()?;
        let major = || -> Result<CompanyId> {
            match into {
                Some(m) => Ok(game.company(m)?.abbrev.clone()),
                None => bail!("name the major with --into"),
            }
        };
        let one = |ids: &[CompanyId]| -> Result<CompanyId> {
            match ids {
                [one] => Ok(one.clone()),
                _ => bail!("name one company (got {})", ids.len()),
            }
        };
        Ok(match what {
            Move::Merge => Request::Merge {
                minors: ids,
                major: major()?,
            },
            Move::Convert => Request::Convert {
                minor: one(&ids)?,
                major: major()?,
            },
            Move::Nationalise => Request::Nationalise(one(&ids)?),
            Move::Close => Request::Close(one(&ids)?),
            Move::Form => Request::Form(ids),
        })
    }

    /// The change it makes to `state`.
    fn apply(self, game: &Game, state: &MapState) -> Result<hexroute::edit::Edit> {
        let event = match self {
            Request::Merge { minors, major } => Event::Merge {
                from: minors,
                into: major,
            },
            Request::Convert { minor, major } => Event::Convert { minor, major },
            Request::Nationalise(company) => {
                let Some(n) = Nationalise::by_title(game, state, &company)? else {
                    bail!(
                        "{} has no national that nationalises companies (nationalisation rule)",
                        game.id
                    );
                };
                Event::Nationalise(n)
            }
            Request::Close(company) => Event::Close(company),
            Request::Form(companies) => {
                let allowed = play::allowed(game, state, Move::Form)?;
                let national = allowed.into.unwrap_or_default();
                return Ok(play::form_from(game, state, &national, &companies)?);
            }
        };
        Ok(play::apply(game, state, &event)?.edit)
    }
}

/// Makes the move `what` names, or lists what the rules allow now.
pub fn command(games: Games, what: Move, args: &PlayArgs, into: Option<&str>) -> Result<()> {
    if args.list {
        return list(games, what, &args.edit);
    }
    edit(games, &args.edit, |game, state| {
        Request::read(game, what, &args.companies, into)?.apply(game, state)
    })
}

/// `--list`: the companies the move may take now, and why not the others.
fn list(games: Games, what: Move, args: &EditArgs) -> Result<()> {
    let (game, saved) = games.saved(&args.file)?;
    let allowed = play::allowed(&game, &saved.state, what)?;
    let words = |cos: &[CompanyId]| {
        let names: Vec<&str> = cos.iter().map(|c| c.as_str()).collect();
        hexroute::suggest::words_or_none(&names)
    };
    let mut out = vec![format!(
        "{} in {} ({} rule):",
        name(what),
        game.id,
        what.rule()
    )];
    match &allowed.into {
        Some(into) => out.push(format!("  into {into}")),
        None if !allowed.majors.is_empty() => {
            out.push(format!("  into a major: {}", words(&allowed.majors)));
        }
        None => {}
    }
    out.push(format!("  now: {}", words(&allowed.now)));
    for (co, why) in &allowed.not_now {
        out.push(format!("  not {co}: {} ({} rule)", why.message, why.rule));
    }
    for line in out {
        say!("{line}");
    }
    Ok(())
}

fn name(what: Move) -> &'static str {
    match what {
        Move::Merge => "merge",
        Move::Convert => "convert",
        Move::Nationalise => "nationalise",
        Move::Close => "close",
        Move::Form => "form",
    }
}
