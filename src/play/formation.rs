//! A national formed from the companies that merge into it (the game
//! file's `from_18xx_games.mechanisms`: `Formation`: 1856's CGR). Each company joining
//! lifts its tokens off the map at once, its trains and rights go to the
//! national, and it closes, merged into it. Once all have joined, the
//! national puts its tokens where theirs were: in each one's home city
//! first, then in every other city they held, one a city and none more in
//! a home's hex (18xx.games's `national_token_swap`).

use super::Played;
use crate::edit::Edit;
use crate::error::{Error, Result};
use crate::game::{CompanyId, Game, Holding, PrivateId, Rule};
use crate::geometry::Coord;
use crate::rules::Violation;
use crate::state::{MapState, Standing};
use std::collections::BTreeMap;

/// The cities a company joining a formation held, as (hex, city index):
/// its home token's (the one on its home hex, in its home city if the
/// game names one) apart from the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lifted {
    pub company: CompanyId,
    pub home: Option<(Coord, usize)>,
    pub others: Vec<(Coord, usize)>,
}

/// `company` joins the forming `national`.
pub(super) fn join(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    national: &CompanyId,
) -> Result<Played> {
    if company == national {
        return Err(Error::Invalid(format!(
            "{company} is the national that forms"
        )));
    }
    let violations = judge(game, state, company, national)?;
    let mut next = state.clone();
    let lifted = lift_tokens(game, &mut next, company)?;
    if let Some(trains) = next.trains.remove(company)
        && !trains.is_empty()
    {
        next.trains
            .entry(national.clone())
            .or_default()
            .extend(trains);
    }
    if let Some(f) = game
        .from_18xx_games
        .as_ref()
        .and_then(|p| p.formation.as_ref())
    {
        take_rights(&f.rights, &mut next.privates, company, national);
    }
    next.privates.retain(|_, owner| owner != company);
    next.set_standing(company, Standing::MergedInto(national.clone()));
    let said = format!(
        "{company} merges into {national}: its tokens leave the map, its trains and rights are {national}'s"
    );
    Ok(Played {
        edit: Edit {
            next,
            violations,
            said,
        },
        kept: None,
        lifted: Some(lifted),
    })
}

/// The rules of joining a formation: the title forms this national, and
/// the company is still in the game.
fn judge(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    national: &CompanyId,
) -> Result<Vec<Violation>> {
    let mut broken = Vec::new();
    let play = game.from_18xx_games.as_ref();
    if !play.is_some_and(|p| p.forms(national)) {
        let formed = play.and_then(|p| p.formation.as_ref());
        broken.push(Violation {
            rule: Rule::Formation,
            message: match formed {
                Some(f) => format!(
                    "the national {} forms is {}, not {national}",
                    game.id, f.company
                ),
                None => format!("{national} forms from no other companies in {}", game.id),
            },
        });
    }
    if state.is_closed(company) {
        broken.push(Violation {
            rule: Rule::Formation,
            message: format!(
                "{company} has left the game ({})",
                state.standing_of(company)
            ),
        });
    }
    Ok(broken)
}

/// Every token of `company` leaves the map: which city each held.
fn lift_tokens(game: &Game, state: &mut MapState, company: &CompanyId) -> Result<Lifted> {
    let home_hex = game.home(company);
    let home_city = game.company(company)?.home_city;
    let held: Vec<(Coord, usize)> = (state.tokens())
        .filter(|(_, _, co)| *co == company.as_str())
        .map(|(c, space, _)| (c, space))
        .collect();
    let mut cities = Vec::new();
    for (c, space) in held {
        let tile = state.tile_at(game, c).map(|(t, _)| t);
        cities.push((c, tile.and_then(|t| t.city_of_space(space)).unwrap_or(0)));
        if let Some(h) = state.hexes.get_mut(&c) {
            h.tokens.remove(&space);
        }
    }
    let is_home =
        |&(c, city): &(Coord, usize)| Some(c) == home_hex && home_city.is_none_or(|k| k == city);
    let home = cities.iter().copied().find(is_home);
    let others = cities.into_iter().filter(|x| Some(*x) != home).collect();
    Ok(Lifted {
        company: company.clone(),
        home,
        others,
    })
}

/// Of each group of rights, the one `company` holds goes to the national
/// unless it holds one of the group already (then it goes back to the
/// bank). `privates`: each private's owner.
pub fn take_rights(
    rights: &[Vec<PrivateId>],
    privates: &mut BTreeMap<Holding, CompanyId>,
    company: &CompanyId,
    national: &CompanyId,
) {
    let key = |p: &PrivateId| Holding::from(p.clone());
    for group in rights {
        let held = |privates: &BTreeMap<Holding, CompanyId>, co: &CompanyId| {
            group
                .iter()
                .find(|p| privates.get(&key(p)) == Some(co))
                .cloned()
        };
        let Some(right) = held(privates, company) else {
            continue;
        };
        if held(privates, national).is_some() {
            privates.remove(&key(&right));
        } else {
            privates.insert(key(&right), national.clone());
        }
    }
}

/// The national formed puts its tokens where those who joined had theirs.
pub(super) fn form(
    game: &Game,
    state: &MapState,
    national: &CompanyId,
    joined: &[Lifted],
) -> Result<Edit> {
    let mut next = state.clone();
    let mut homes = Vec::new();
    for m in joined {
        if let Some((c, city)) = m.home {
            national_token(game, &mut next, national, c, city)?;
            homes.push(c);
        }
    }
    for m in joined {
        for &(c, city) in &m.others {
            if !homes.contains(&c) && !holds_city(game, &next, national, c, city) {
                national_token(game, &mut next, national, c, city)?;
            }
        }
    }
    let names: Vec<&str> = joined.iter().map(|m| m.company.as_str()).collect();
    Ok(Edit {
        next,
        violations: Vec::new(),
        said: format!(
            "{national} forms from {}, its tokens where theirs were",
            crate::suggest::words_or_none(&names)
        ),
    })
}

/// Every company of `from` joins the forming `national`, in order, and
/// it forms: one change.
pub fn form_from(
    game: &Game,
    state: &MapState,
    national: &CompanyId,
    from: &[CompanyId],
) -> Result<Edit> {
    let mut next = state.clone();
    let mut violations = Vec::new();
    let mut joined = Vec::new();
    for company in from {
        let played = join(game, &next, company, national)?;
        next = played.edit.next;
        violations.extend(played.edit.violations);
        joined.extend(played.lifted);
    }
    let mut edit = form(game, &next, national, &joined)?;
    edit.violations = violations;
    Ok(edit)
}

/// True when `company` has a token in city `city` of hex `c`.
pub(super) fn holds_city(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    c: Coord,
    city: usize,
) -> bool {
    let Some((tile, _)) = state.tile_at(game, c) else {
        return false;
    };
    let held = state.tokens_at(c);
    tile.spaces_of_city(city)
        .any(|s| held.and_then(|t| t.get(&s)) == Some(company))
}

/// The national's token goes in the city's first free space (the
/// engine's `place_token` with no check: its limit is settled later).
fn national_token(
    game: &Game,
    state: &mut MapState,
    national: &CompanyId,
    c: Coord,
    city: usize,
) -> Result<()> {
    let (tile, _) = state
        .tile_at(game, c)
        .ok_or_else(|| Error::Import(format!("no tile on {}", game.format(c))))?;
    let mut h = state.hex_state(c);
    let Some(space) = tile
        .spaces_of_city(city)
        .find(|s| !h.tokens.contains_key(s))
    else {
        return Ok(());
    };
    h.tokens.insert(space, national.clone());
    state.hexes.insert(c, h);
    Ok(())
}
