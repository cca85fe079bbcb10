//! Companies and trains leaving the game: a company closing (18xx.games's
//! `close_corporation`), a private company closing with its markers, a
//! company going into receivership or out of it, a type of train rusting.

use crate::edit::Edit;
use crate::error::{Error, Result};
use crate::game::{CompanyId, Game, Holding, PrivateId, Rule, TrainId};
use crate::rules::Violation;
use crate::state::{MapState, Standing};

/// `company` closes: its tokens leave the map, its trains the game, its
/// private companies close (their markers leave).
pub(super) fn close(game: &Game, state: &MapState, company: &CompanyId) -> Result<Edit> {
    game.company(company)?;
    let mut violations = Vec::new();
    if state.is_closed(company) {
        violations.push(Violation {
            rule: Rule::Closing,
            message: format!(
                "{company} has left the game already ({})",
                state.standing_of(company)
            ),
        });
    }
    let mut next = state.clone();
    let mut tokens = 0;
    for h in next.hexes.values_mut() {
        let before = h.tokens.len();
        h.tokens.retain(|_, co| co != company);
        tokens += before - h.tokens.len();
    }
    let trains = next.trains.remove(company).unwrap_or_default();
    let owned: Vec<PrivateId> = (next.privates.iter())
        .filter(|(p, owner)| *owner == company && p.marker().is_none())
        .map(|(p, _)| p.private().clone())
        .collect();
    next.privates.retain(|p, owner| {
        owner != company && p.marker().is_none_or(|m| !owned.contains(&m.private))
    });
    next.set_standing(company, Standing::Closed);
    let mut said = format!("{company} closes");
    if tokens > 0 {
        said.push_str(&format!("; its {tokens} token(s) leave the map"));
    }
    if !trains.is_empty() {
        said.push_str(&format!("; its trains leave ({})", trains.join(", ")));
    }
    if !owned.is_empty() {
        said.push_str(&format!("; its privates close ({})", owned.join(", ")));
    }
    Ok(Edit {
        next,
        violations,
        said,
    })
}

/// Private company `sym` closes: no company owns it, and its markers
/// (`SYM@HEX`) leave the map.
pub(super) fn close_private(game: &Game, state: &MapState, sym: &str) -> Result<Edit> {
    let sym = game.known_private_sym(sym)?;
    let marker = |p: &Holding| matches!(&sym, Holding::Private(s) if p.is_marker_of(s));
    if !state.privates.keys().any(|p| *p == sym || marker(p)) {
        return Err(Error::Invalid(format!(
            "no company owns {sym}, so it has nothing to close"
        )));
    }
    let mut next = state.clone();
    next.privates.retain(|p, _| *p != sym && !marker(p));
    Ok(Edit {
        next,
        violations: Vec::new(),
        said: format!("{sym} closes"),
    })
}

/// `company` goes into receivership (`on`) or out of it.
pub(super) fn receivership(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    on: bool,
) -> Result<Edit> {
    game.company(company)?;
    let now = state.standing_of(company);
    let mut violations = Vec::new();
    if now.is_closed() {
        violations.push(Violation {
            rule: Rule::Receivership,
            message: format!("{company} has left the game ({now})"),
        });
    }
    let (to, words) = match on {
        true => (Standing::Receivership, "goes into receivership"),
        false => (Standing::Open, "leaves receivership"),
    };
    if (now == Standing::Receivership) == on {
        return Err(Error::Invalid(format!("{company} is {now} already")));
    }
    let mut next = state.clone();
    next.set_standing(company, to);
    Ok(Edit {
        next,
        violations,
        said: format!("{company} {words}"),
    })
}

/// Every train of type `train` leaves play.
pub(super) fn rust(game: &Game, state: &MapState, train: &TrainId) -> Result<Edit> {
    let name = game.train(train)?.name.clone();
    let mut next = state.clone();
    let mut gone = Vec::new();
    for (company, trains) in next.trains.iter_mut() {
        let before = trains.len();
        trains.retain(|t| *t != name);
        if trains.len() < before {
            gone.push(company.to_string());
        }
    }
    next.trains.retain(|_, t| !t.is_empty());
    Ok(Edit {
        next,
        violations: Vec::new(),
        said: format!(
            "the {name} trains rust ({})",
            crate::suggest::words_or_none(&gone)
        ),
    })
}
