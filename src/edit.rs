//! Changes to a game's map as players make them: a tile lay, a token placed
//! or removed, trains bought or discarded, a new phase. Each takes the map
//! before it and a typed request, asks [`crate::rules`] whether the game
//! allows it, and returns an [`Edit`]: the map after it, the rules it
//! breaks and a line saying what it did. Recording it in a history
//! ([`crate::state::SavedGame::commit`]) and writing a file are the
//! caller's, so the command line and an importer replaying a game share
//! one set of edits.

use crate::error::{Error, Result};
use crate::game::{CompanyId, Game, Holding, PhaseId, Private, Rule, TrainId};
use crate::geometry::{Coord, Rotation};
use crate::rules::{self, Lay, LayKind, Site, Violation, refusals};
use crate::state::MapState;
use crate::suggest::words_or_none;

/// What a change does: the map after it, the rules it breaks (empty when
/// legal), and one line saying what it did (`placed 57 on M9 (rotation 1)`).
#[derive(Clone, Debug)]
pub struct Edit {
    pub next: MapState,
    pub violations: Vec<Violation>,
    pub said: String,
}

/// Lays `tile` on hex `c` at `rotation`. Tokens with no place on the new
/// tile refuse it outright (no rule can be waived to keep them); a broken
/// rule of the game is in the edit's violations. Also returns the lay as
/// the rules judged it: its cost and where the tokens went.
pub fn lay(site: Site, tile: &str, rotation: Rotation) -> Result<(Edit, Lay)> {
    let Site {
        game,
        state,
        c,
        kind,
        by,
    } = site;
    let lay = rules::check_lay(site, tile, rotation)?;
    let addr = game.format(c);
    if lay.tokens.is_err() {
        return Err(Error::Impossible(format!(
            "hex {addr}: {}",
            refusals::refusal_words(&lay)
        )));
    }
    let mut next = lay
        .apply(state, c)
        .ok_or_else(|| Error::Internal("a lay with tokens placed did not apply".into()))?;
    rules::drop_joined_tokens(game, &mut next, c);
    let verb = match kind {
        LayKind::Place => format!("placed {} on {addr}", lay.tile),
        LayKind::Upgrade => format!("upgraded {addr} to {}", lay.tile),
    };
    let said = format!(
        "{verb} (rotation {}){}; cost {}",
        lay.rotation,
        by.company.map(|c| format!(" for {c}")).unwrap_or_default(),
        lay.cost
    );
    let edit = Edit {
        next,
        violations: lay.violations.clone(),
        said,
    };
    Ok((edit, lay))
}

/// Places a token of `company` on hex `c`, in `space` or the first free
/// space the rules allow.
pub fn place_token(
    game: &Game,
    state: &MapState,
    c: Coord,
    company: &CompanyId,
    space: Option<usize>,
) -> Result<Edit> {
    place_token_by(game, state, c, company, space, None)
}

/// Places a token as [`place_token`] does, through `private`'s ability
/// when one is named.
pub fn place_token_by(
    game: &Game,
    state: &MapState,
    c: Coord,
    company: &CompanyId,
    space: Option<usize>,
    private: Option<&Private>,
) -> Result<Edit> {
    let abbrev = game.company(company)?.abbrev.clone();
    let placement = rules::check_token_by(game, state, c, &abbrev, space, private)?;
    let said = format!(
        "placed a {abbrev} token on {} (space {})",
        game.format(c),
        placement.space
    );
    let mut next = state.clone();
    let mut hex = next.hex_state(c);
    hex.tokens.insert(placement.space, abbrev);
    next.hexes.insert(c, hex);
    Ok(Edit {
        next,
        violations: placement.violations,
        said,
    })
}

/// Takes `company`'s token off hex `c`.
pub fn remove_token(game: &Game, state: &MapState, c: Coord, company: &CompanyId) -> Result<Edit> {
    let abbrev = game.company(company)?.abbrev.clone();
    let mut hex = state.hex_state(c);
    let Some(space) = hex
        .tokens
        .iter()
        .find(|(_, co)| **co == abbrev)
        .map(|(s, _)| *s)
    else {
        return Err(Error::Invalid(format!(
            "hex {}: {abbrev} has no token there to remove",
            game.format(c)
        )));
    };
    hex.tokens.remove(&space);
    let mut next = state.clone();
    next.hexes.insert(c, hex);
    Ok(Edit {
        next,
        violations: Vec::new(),
        said: format!("removed {abbrev}'s token from {}", game.format(c)),
    })
}

/// Moves the game to phase `phase` (an index into the game's phases).
/// Moving on, the trains that rust at any phase passed leave play, and the
/// line says which, and who is now over the train limit.
pub fn set_phase(game: &Game, state: &MapState, phase: PhaseId) -> Result<Edit> {
    let name = |p: PhaseId| game.phases[p].name.as_str();
    if phase.0 >= game.phases.len() {
        return Err(Error::Internal(format!(
            "phase {} is not in the game",
            phase.0
        )));
    }
    if phase == state.phase {
        return Err(Error::Invalid(format!(
            "the game is already in phase {}",
            name(state.phase)
        )));
    }
    let mut violations = Vec::new();
    if phase < state.phase {
        violations.push(Violation {
            rule: Rule::PhaseOrder,
            message: format!(
                "phase {} comes before phase {}, and phases only move on (undo takes back a phase change)",
                name(phase),
                name(state.phase)
            ),
        });
    }
    let rusting: Vec<&str> = state
        .phase
        .through(phase)
        .flat_map(|p| game.rusting_at(p))
        .collect();
    let mut next = state.clone();
    next.phase = phase;
    let mut rusted = Vec::new();
    for (company, trains) in next.trains.iter_mut() {
        let (gone, kept) = trains
            .drain(..)
            .partition(|t: &TrainId| rusting.contains(&t.as_str()));
        *trains = kept;
        if !gone.is_empty() {
            rusted.push(rusted_words(company, &gone));
        }
    }
    next.trains.retain(|_, trains| !trains.is_empty());
    let mut said = format!("phase {} → {}", name(state.phase), name(phase));
    if !rusting.is_empty() && rusted.is_empty() {
        said.push_str(&format!(
            "; {} trains rust (none owned)",
            rusting.join(", ")
        ));
    } else if !rusting.is_empty() {
        said.push_str(&format!("; {}", rusted.join(", ")));
    }
    // Obsolete trains stay for one more run: say which, and how they go.
    let obsolete: Vec<&str> = state
        .phase
        .through(phase)
        .flat_map(|p| game.obsolete_at(p))
        .collect();
    for (abbrev, trains) in &next.trains {
        if let Some(t) = trains.iter().find(|t| obsolete.contains(&t.as_str())) {
            said.push_str(&format!(
                "; {abbrev}'s {t} is obsolete: it runs once more, then `hexroute trains FILE {abbrev} --remove {t}`"
            ));
        }
    }
    // A lower limit does not take trains away by itself: the owner
    // discards the excess, so say who must.
    for (abbrev, trains) in &next.trains {
        let Ok(company) = game.company(abbrev) else {
            continue;
        };
        if let Some(limit) = game.train_limit(company, phase)
            && trains.len() > limit as usize
        {
            said.push_str(&format!(
                "; {abbrev} owns {} trains, over the limit of {limit}: discard with `hexroute trains FILE {abbrev} --remove TRAIN`",
                trains.len()
            ));
        }
    }
    Ok(Edit {
        next,
        violations,
        said,
    })
}

/// Which of a company's trains rusted, in words: `B&O's 2 rusts`,
/// `CPR's 2 and 2 rust`.
fn rusted_words(company: &CompanyId, gone: &[TrainId]) -> String {
    let verb = if gone.len() == 1 { "rusts" } else { "rust" };
    let list = match gone {
        [init @ .., last] if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        _ => gone.join(""),
    };
    format!("{company}'s {list} {verb}")
}

/// Removes then adds trains of `company` (names as the game spells them or
/// any case of them); adding beyond the phase's train limit breaks a rule.
pub fn change_trains(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    add: &[String],
    remove: &[String],
) -> Result<Edit> {
    let info = game.company(company)?;
    let abbrev = info.abbrev.clone();
    let mut list = state.trains.get(&abbrev).cloned().unwrap_or_default();
    let mut removed = Vec::new();
    for t in remove {
        let name = game.train(t)?.name.clone();
        let Some(at) = list.iter().position(|x| *x == name) else {
            return Err(Error::Invalid(format!(
                "{abbrev} has no {name} train to remove (it has: {})",
                words_or_none(&list)
            )));
        };
        list.remove(at);
        removed.push(name);
    }
    let mut added = Vec::new();
    for t in add {
        let name = game.train(t)?.name.clone();
        list.push(name.clone());
        added.push(name);
    }
    let mut violations = Vec::new();
    if let Some(limit) = game.train_limit(info, state.phase)
        && list.len() > limit as usize
        && !added.is_empty()
    {
        violations.push(Violation {
            rule: Rule::TrainLimit,
            message: format!(
                "{abbrev} would own {} trains; a {} may own {limit} in phase {}",
                list.len(),
                info.kind.name(),
                game.phases[state.phase].name
            ),
        });
    }
    let mut next = state.clone();
    if list.is_empty() {
        next.trains.remove(&abbrev);
    } else {
        next.trains.insert(abbrev.clone(), list.clone());
    }
    let mut did = Vec::new();
    if !added.is_empty() {
        did.push(format!("added {}", added.join(", ")));
    }
    if !removed.is_empty() {
        did.push(format!("removed {}", removed.join(", ")));
    }
    let said = format!(
        "{abbrev}: {}; trains now {}",
        did.join(", "),
        words_or_none(&list)
    );
    Ok(Edit {
        next,
        violations,
        said,
    })
}

/// Gives private companies (18xx.games syms or names, any case) to
/// `company`, from whoever owned them, and takes others away (they
/// closed, or went to a player). Owning one after the phase that closes
/// them all breaks a rule. A minor sold with its token (`token_to_buyer`)
/// passes its home token to the company given it, as buying it does.
pub fn change_privates(
    game: &Game,
    state: &MapState,
    company: Option<&str>,
    give: &[String],
    take: &[String],
) -> Result<Edit> {
    let owner = company.map(|co| game.company(co)).transpose()?;
    let sym = |p: &String| game.known_private_sym(p);
    let mut next = state.clone();
    let mut did = Vec::new();
    for p in take {
        let p = sym(p)?;
        match (state.privates.get(&p), owner) {
            (None, _) => {
                return Err(Error::Invalid(format!(
                    "no company owns {p}, so none can lose it"
                )));
            }
            (Some(had), Some(o)) if *had != o.abbrev => {
                return Err(Error::Invalid(format!(
                    "{} does not own {p} ({had} does)",
                    o.abbrev
                )));
            }
            (Some(had), _) => did.push(format!("{had} no longer owns {p}")),
        }
        next.privates.remove(&p);
    }
    let mut violations = Vec::new();
    if let Some(o) = owner {
        for p in give {
            let p = sym(p)?;
            match state.privates.get(&p) {
                Some(had) if *had == o.abbrev => {
                    return Err(Error::Invalid(format!("{had} already owns {p}")));
                }
                Some(had) => did.push(format!("{p} goes from {had} to {}", o.abbrev)),
                None => did.push(format!("{} now owns {p}", o.abbrev)),
            }
            if let Holding::Private(sym) = &p {
                did.extend(pass_token(game, &mut next, sym, &o.abbrev));
            }
            next.privates.insert(p, o.abbrev.clone());
        }
    }
    if let Some(close) = game.privates_close
        && state.phase >= close
        && !give.is_empty()
    {
        violations.push(Violation {
            rule: Rule::PrivatesClosed,
            message: format!(
                "private companies close in phase {}, and this game is in phase {}",
                game.phases[close].name, game.phases[state.phase].name
            ),
        });
    }
    Ok(Edit {
        next,
        violations,
        said: did.join("; "),
    })
}

/// Gives `company` the game's one-run token (`rules.lose_lowest`, 18TN's
/// Civil War), or with `holds` false takes it away.
pub fn change_lose_lowest(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    holds: bool,
) -> Result<Edit> {
    let Some(token) = &game.rules.lose_lowest else {
        return Err(Error::Invalid(format!(
            "{} has no token that costs a company its lowest route (18TN's Civil War)",
            game.id
        )));
    };
    let co = game.company(company)?.abbrev.clone();
    let mut next = state.clone();
    let said = match (holds, next.lose_lowest.contains(&co)) {
        (true, true) => {
            return Err(Error::Invalid(format!(
                "{co} already holds the {token} token"
            )));
        }
        (false, false) => return Err(Error::Invalid(format!("{co} holds no {token} token"))),
        (true, false) => format!(
            "{co} holds the {token} token: at its next run it loses its lowest route unless it runs fewer routes than it has trains"
        ),
        (false, true) => format!("{co} no longer holds the {token} token"),
    };
    match holds {
        true => next.lose_lowest.insert(co),
        false => next.lose_lowest.remove(&co),
    };
    Ok(Edit {
        next,
        violations: Vec::new(),
        said,
    })
}

/// Marks `company` as having reached its destination (with `reached`
/// false, as not yet): a bonus paid `until_destination` stops paying it,
/// one paid `from_destination` starts.
pub fn change_destination(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    reached: bool,
) -> Result<Edit> {
    let co = game.company(company)?.abbrev.clone();
    let ever = game.bonuses.iter().any(|b| {
        b.company
            .as_ref()
            .is_some_and(|s| s.hangs_on_destination() && s.company == co)
    }) || game.company(&co)?.destination_token.is_some();
    if !ever {
        return Err(Error::Invalid(format!(
            "{co} has no bonus that hangs on reaching its destination in {}",
            game.id
        )));
    }
    let mut next = state.clone();
    let said = match (reached, next.destinations.contains(&co)) {
        (true, true) => {
            return Err(Error::Invalid(format!(
                "{co} has already reached its destination"
            )));
        }
        (false, false) => {
            return Err(Error::Invalid(format!(
                "{co} has not reached its destination"
            )));
        }
        (true, false) => {
            format!("{co} has reached its destination")
        }
        (false, true) => format!("{co} has not reached its destination yet"),
    };
    match reached {
        true => next.destinations.insert(co),
        false => next.destinations.remove(&co),
    };
    Ok(Edit {
        next,
        violations: Vec::new(),
        said,
    })
}

/// A minor sold with its token (`token_to_buyer`) bought by `buyer`: its
/// home token becomes the buyer's, or leaves the map where the buyer has
/// one on the hex already (18xx.games's 1846 `process_buy_company`).
/// What it did, in words; nothing for another private.
fn pass_token(game: &Game, next: &mut MapState, minor: &str, buyer: &str) -> Option<String> {
    let minor = game.company(minor).ok().filter(|m| m.token_to_buyer)?;
    let home = game.home(&minor.abbrev)?;
    let mut hex = next.hex_state(home);
    let space = hex
        .tokens
        .iter()
        .find(|(_, co)| **co == minor.abbrev)
        .map(|(s, _)| *s)?;
    let addr = game.format(home);
    let said = if hex.tokens.values().any(|co| co == buyer) {
        hex.tokens.remove(&space);
        format!(
            "{}'s token leaves {addr}, where {buyer} has one",
            minor.abbrev
        )
    } else {
        hex.tokens.insert(space, buyer.into());
        format!("{}'s token on {addr} is now {buyer}'s", minor.abbrev)
    };
    next.hexes.insert(home, hex);
    Some(said)
}
