//! One company absorbing another (the game file's
//! the `Absorb` mechanism: 18MEX's NdM merger). The merged company's
//! tokens become the absorbing company's, which has `exchange_tokens` for
//! them: its home token first (or, never placed, one in its home city),
//! then the others; a token in a city the absorbing company holds leaves.
//! Where more are left than exchange tokens, those in the hexes chosen
//! (`keep`) are kept and the rest leave; with none chosen all leave, and
//! the cities they held are returned for a later choice (18xx.games's
//! `select_ndm_city`). Its trains go to the absorbing company, its
//! private companies close, and it closes, merged into it.

use super::formation::holds_city;
use super::{Lifted, Played};
use crate::edit::Edit;
use crate::error::{Error, Result};
use crate::game::{AbsorbDef, CompanyId, CompanyKind, Game, Rule};
use crate::geometry::Coord;
use crate::rules::Violation;
use crate::state::{MapState, Standing};

/// `company` merges into `into`, keeping its tokens on the hexes `keep`
/// where it has more than the exchange tokens cover.
pub(super) fn absorb(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    into: &CompanyId,
    keep: &[Coord],
) -> Result<Played> {
    if company == into {
        return Err(Error::Invalid(format!(
            "{company} cannot merge into itself"
        )));
    }
    let (def, violations) = judge(game, state, company, into)?;
    let mut next = state.clone();
    let mut exchange = def.map_or(0, |d| d.exchange_tokens as usize);
    let mut said = vec![format!("{company} merges into {into}")];
    let held = cities_of(game, &next, company);
    for &(c, space, _) in &held {
        if let Some(h) = next.hexes.get_mut(&c) {
            h.tokens.remove(&space);
        }
    }
    let home_hex = game.home(company);
    let home_city = game.company(company)?.home_city.unwrap_or(0);
    let is_home = |&(c, _, city): &(Coord, usize, usize)| Some(c) == home_hex && city == home_city;
    let home = held.iter().copied().find(is_home);
    if let Some(c) = home_hex
        && !holds_city(game, &next, into, c, home_city)
        && exchange > 0
        && put_in_city(game, &mut next, into, c, home_city, home.map(|h| h.1))
    {
        exchange -= 1;
        said.push(format!("{into} takes its home on {}", game.format(c)));
    }
    let others: Vec<(Coord, usize, usize)> = (held.iter().copied())
        .filter(|t| !is_home(t))
        .filter(|&(c, _, city)| !holds_city(game, &next, into, c, city))
        .collect();
    let mut lifted = None;
    let kept: Vec<(Coord, usize, usize)> = if others.len() <= exchange {
        others.clone()
    } else if keep.is_empty() {
        lifted = Some(Lifted {
            company: company.clone(),
            home: None,
            others: others.iter().map(|&(c, _, city)| (c, city)).collect(),
        });
        Vec::new()
    } else {
        let chosen: Vec<_> = others
            .iter()
            .copied()
            .filter(|t| keep.contains(&t.0))
            .collect();
        if chosen.len() > exchange || chosen.len() < keep.len() {
            return Err(Error::Invalid(format!(
                "{into} keeps {} of {company}'s tokens: one on each hex of {} it has",
                exchange,
                keep.iter()
                    .map(|&c| game.format(c))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        chosen
    };
    for &(c, space, city) in &kept {
        if put_in_city(game, &mut next, into, c, city, Some(space)) {
            said.push(format!("{into} takes its token on {}", game.format(c)));
        }
    }
    if let Some(trains) = next.trains.remove(company)
        && !trains.is_empty()
    {
        said.push(format!("its trains are {into}'s ({})", trains.join(", ")));
        next.trains.entry(into.clone()).or_default().extend(trains);
    }
    next.privates.retain(|_, owner| owner != company);
    next.set_standing(company, Standing::MergedInto(into.clone()));
    Ok(Played {
        edit: Edit {
            next,
            violations,
            said: said.join("; "),
        },
        kept: None,
        lifted,
    })
}

/// The rules of the merger: the title's absorbing company is `into`, and
/// `company` is a major still in the game that may merge into it.
fn judge<'g>(
    game: &'g Game,
    state: &MapState,
    company: &CompanyId,
    into: &CompanyId,
) -> Result<(Option<&'g AbsorbDef>, Vec<Violation>)> {
    let def = game
        .from_18xx_games
        .as_ref()
        .and_then(|p| p.absorb.as_ref());
    let mut broken = Vec::new();
    let mut refuse = |message: String| {
        broken.push(Violation {
            rule: Rule::Merger,
            message,
        })
    };
    match def {
        Some(d) if super::company_id(game, &d.company)? == *into => {
            if d.exempt.iter().any(|e| e == company.as_str()) {
                refuse(format!("{company} never merges into {into}"));
            }
        }
        Some(d) => refuse(format!(
            "in {} companies merge into {}, not {into}",
            game.id, d.company
        )),
        None => refuse(format!("no company absorbs another in {}", game.id)),
    }
    let kind = game.company(company)?.kind;
    if kind != CompanyKind::Major {
        refuse(format!(
            "{company} is a {}: only majors merge into {into}",
            kind.name()
        ));
    }
    for co in [company, into] {
        if state.is_closed(co) {
            refuse(format!(
                "{co} has left the game ({})",
                state.standing_of(co)
            ));
        }
    }
    Ok((def, broken))
}

/// Each token of `company`: (hex, space, city).
fn cities_of(game: &Game, state: &MapState, company: &CompanyId) -> Vec<(Coord, usize, usize)> {
    (state.tokens())
        .filter(|(_, _, co)| *co == company.as_str())
        .map(|(c, space, _)| {
            let city = state
                .tile_at(game, c)
                .and_then(|(t, _)| t.city_of_space(space));
            (c, space, city.unwrap_or(0))
        })
        .collect()
}

/// `company`'s token goes in `space` if given and free, else in the
/// city's first free space; false when the city has none.
fn put_in_city(
    game: &Game,
    state: &mut MapState,
    company: &CompanyId,
    c: Coord,
    city: usize,
    space: Option<usize>,
) -> bool {
    let Some(space) = free_space_in_city(game, state, c, city, space) else {
        return false;
    };
    let mut h = state.hex_state(c);
    h.tokens.insert(space, company.clone());
    state.hexes.insert(c, h);
    true
}

/// The space a token put in city `city` of hex `c` takes: `space` if
/// given and free, else the city's first free space; `None` when it has
/// none (or the hex no tile).
pub fn free_space_in_city(
    game: &Game,
    state: &MapState,
    c: Coord,
    city: usize,
    space: Option<usize>,
) -> Option<usize> {
    let (tile, _) = state.tile_at(game, c)?;
    let h = state.hex_state(c);
    space
        .filter(|s| !h.tokens.contains_key(s) && tile.city_of_space(*s) == Some(city))
        .or_else(|| {
            tile.spaces_of_city(city)
                .find(|s| !h.tokens.contains_key(s))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::builtin;
    use crate::play::{Event, apply};

    /// 18MEX at its start with `tokens` (company, hex, space) down.
    fn position(game: &Game, tokens: &[(&str, &str, usize)]) -> MapState {
        let mut state = MapState::start(game);
        for &(co, hex, space) in tokens {
            let c = game.hex(hex).unwrap();
            let h = state.hexes.entry(c).or_default();
            h.tokens.insert(space, co.into());
        }
        state
    }

    fn holders(game: &Game, state: &MapState, hex: &str) -> Vec<(usize, String)> {
        let c = game.hex(hex).unwrap();
        (state.tokens_at(c).into_iter().flatten())
            .map(|(s, co)| (*s, co.to_string()))
            .collect()
    }

    fn absorb_event(company: &str, keep: &[&str], game: &Game) -> Event {
        Event::Absorb {
            company: company.into(),
            into: "NdM".into(),
            keep: keep.iter().map(|h| game.hex(h).unwrap()).collect(),
        }
    }

    /// Worked by hand from 18xx.games's `merge_major`: MEX holds its home
    /// Veracruz (P13), Matamoros (I12, where the NdM holds the other
    /// space) and Mazatlán (K6). Its home token becomes the NdM's (one
    /// exchange token of two left), the one in Matamoros leaves (the NdM
    /// is there), and the one left, Mazatlán, takes the last exchange
    /// token. The NdM may then hold 4 + 2 tokens.
    #[test]
    fn a_major_merges_into_the_ndm_which_takes_its_tokens_and_trains() {
        let game = builtin("18MEX").unwrap();
        let mut state = position(
            &game,
            &[
                ("NdM", "O10", 0),
                ("NdM", "I12", 0),
                ("MEX", "P13", 0),
                ("MEX", "I12", 1),
                ("MEX", "K6", 0),
            ],
        );
        state.trains.insert("MEX".into(), vec!["4".into()]);
        let played = apply(&game, &state, &absorb_event("MEX", &[], &game)).unwrap();
        let next = &played.edit.next;
        assert!(
            played.edit.violations.is_empty(),
            "{:?}",
            played.edit.violations
        );
        assert_eq!(played.lifted, None);
        assert_eq!(holders(&game, next, "P13"), [(0, "NdM".to_string())]);
        assert_eq!(holders(&game, next, "I12"), [(0, "NdM".to_string())]);
        assert_eq!(holders(&game, next, "K6"), [(0, "NdM".to_string())]);
        assert_eq!(
            next.standing_of(&"MEX".into()),
            Standing::MergedInto("NdM".into())
        );
        assert_eq!(next.trains["NdM"], ["4"]);
        assert_eq!(crate::rules::extra_tokens(&game, next, &"NdM".into()), 2);
        assert_eq!(crate::rules::extra_tokens(&game, &state, &"NdM".into()), 0);
    }

    /// Two tokens beyond the home and one exchange token left: with no
    /// choice they all leave and their cities are returned to choose
    /// from; with Querétaro (M10) chosen, that one is the NdM's.
    #[test]
    fn the_ndm_keeps_the_token_it_chooses_where_it_has_too_few() {
        let game = builtin("18MEX").unwrap();
        let state = position(
            &game,
            &[
                ("NdM", "O10", 0),
                ("MEX", "P13", 0),
                ("MEX", "K6", 0),
                ("MEX", "M10", 0),
            ],
        );
        let played = apply(&game, &state, &absorb_event("MEX", &[], &game)).unwrap();
        let lifted = played.lifted.expect("a choice is left");
        assert_eq!(lifted.others.len(), 2);
        for hex in ["K6", "M10"] {
            assert!(holders(&game, &played.edit.next, hex).is_empty(), "{hex}");
        }
        let kept = apply(&game, &state, &absorb_event("MEX", &["M10"], &game)).unwrap();
        let next = &kept.edit.next;
        assert_eq!(holders(&game, next, "M10"), [(0, "NdM".to_string())]);
        assert!(holders(&game, next, "K6").is_empty());
        assert_eq!(holders(&game, next, "P13"), [(0, "NdM".to_string())]);
    }

    /// A company that never floated has no token: the NdM puts one in its
    /// home city (MC's Torreón, I8). The FCP never merges.
    #[test]
    fn an_unfloated_company_merges_into_its_home_and_the_exempt_are_refused() {
        let game = builtin("18MEX").unwrap();
        let state = position(&game, &[("NdM", "O10", 0)]);
        let played = apply(&game, &state, &absorb_event("MC", &[], &game)).unwrap();
        assert_eq!(
            holders(&game, &played.edit.next, "I8"),
            [(0, "NdM".to_string())]
        );
        let fcp = apply(&game, &state, &absorb_event("FCP", &[], &game)).unwrap();
        assert_eq!(fcp.edit.violations.len(), 1);
        assert_eq!(fcp.edit.violations[0].rule, Rule::Merger);
    }
}
