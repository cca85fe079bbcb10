//! Nationalisation (18xx.games's 1867 `nationalize!`): a company's tokens
//! leave, from the city of highest revenue down (then by hex name, down);
//! the national puts one of its own in that city unless it has one on the
//! tile already, its tokens are used up, or only those it keeps for its
//! kept hexes are left. A minor closes; a major may start again. Where the
//! title says so (1861's RSR) the national takes its trains and privates.

use super::Played;
use crate::edit::Edit;
use crate::error::Result;
use crate::game::{CompanyId, CompanyKind, Game, Rule};
use crate::geometry::Coord;
use crate::rules::Violation;
use crate::state::{HexState, MapState, Standing};
use std::collections::BTreeSet;

/// A company nationalised.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nationalise {
    pub company: CompanyId,
    pub national: CompanyId,
    /// Hexes where the national still keeps a token for itself (1867's
    /// Montreal): it spends its last tokens there, not on the company's.
    pub kept: BTreeSet<Coord>,
    /// The national takes the company's trains and private companies
    /// (1861's RSR); otherwise they leave the game.
    pub takes_assets: bool,
}

impl Nationalise {
    /// The nationalisation of `company` as the title's national does it
    /// (`from_18xx_games.mechanisms`: `National`): `None` when the title has none. The
    /// national keeps each of its kept hexes where it has no token yet.
    pub fn by_title(game: &Game, state: &MapState, company: &CompanyId) -> Result<Option<Self>> {
        let Some(def) = game
            .from_18xx_games
            .as_ref()
            .and_then(|p| p.national.as_ref())
        else {
            return Ok(None);
        };
        let national = super::company_id(game, &def.company)?;
        let mut kept = BTreeSet::new();
        for &c in &def.reserved {
            let has = state
                .tokens_at(c)
                .is_some_and(|t| t.values().any(|co| *co == national));
            if !has {
                kept.insert(c);
            }
        }
        Ok(Some(Nationalise {
            company: company.clone(),
            national,
            kept,
            takes_assets: def.takes_assets,
        }))
    }
}

pub(super) fn nationalise(game: &Game, state: &MapState, n: &Nationalise) -> Result<Played> {
    let cn = &n.national;
    let mut next = state.clone();
    let mut kept = n.kept.clone();
    let violations = judge(game, state, n)?;
    if n.company == *cn {
        return Ok(Played {
            edit: Edit {
                next,
                violations,
                said: format!("{cn} is the national"),
            },
            kept: Some(kept),
            lifted: None,
        });
    }
    let mut held: Vec<(u32, String, Coord, usize)> = Vec::new();
    for (&c, h) in &state.hexes {
        for (&space, co) in &h.tokens {
            if *co == n.company {
                let revenue = city_revenue(game, state, c, space);
                held.push((revenue, game.format(c), c, space));
            }
        }
    }
    held.sort_by(|a, b| (b.0, &b.1).cmp(&(a.0, &a.1)));
    let mut taken = Vec::new();
    let mut left = Vec::new();
    for (_, addr, c, space) in held {
        let mut h = next.hex_state(c);
        h.tokens.remove(&space);
        let there = h.tokens.values().any(|co| co == cn);
        let free = free_tokens(game, &next, cn)?;
        let is_kept = kept.contains(&c);
        let place = !there && free > 0 && (is_kept || free > kept.len());
        let mut replaced = false;
        if place {
            kept.remove(&c);
            if let Some(s) = first_free_in_city(game, &next, c, space, &h) {
                h.tokens.insert(s, cn.clone());
                replaced = true;
            }
        }
        if replaced { &mut taken } else { &mut left }.push(addr);
        next.hexes.insert(c, h);
    }
    let trains = next.trains.remove(&n.company).unwrap_or_default();
    if n.takes_assets {
        if !trains.is_empty() {
            next.trains.entry(cn.clone()).or_default().extend(trains);
        }
        for owner in next.privates.values_mut() {
            if *owner == n.company {
                *owner = cn.clone();
            }
        }
    }
    next.privates.retain(|_, owner| *owner != n.company);
    let minor = game.company(&n.company)?.kind == CompanyKind::Minor;
    if minor {
        next.set_standing(&n.company, Standing::Closed);
    }
    let mut said = format!("{} is nationalised", n.company);
    if !taken.is_empty() {
        said.push_str(&format!("; {cn} takes its token in {}", taken.join(", ")));
    }
    if !left.is_empty() {
        said.push_str(&format!("; its token leaves {}", left.join(", ")));
    }
    said.push_str(if minor {
        "; it closes"
    } else {
        "; it may start again"
    });
    Ok(Played {
        edit: Edit {
            next,
            violations,
            said,
        },
        kept: Some(kept),
        lifted: None,
    })
}

/// The rules of nationalisation the title's national follows: a company
/// still in the game, not the national, nationalised with no train left
/// (every minor, trains or not, from the phase that ends them).
fn judge(game: &Game, state: &MapState, n: &Nationalise) -> Result<Vec<Violation>> {
    let mut broken = Vec::new();
    let mut refuse = |message: String| {
        broken.push(Violation {
            rule: Rule::Nationalisation,
            message,
        })
    };
    let company = game.company(&n.company)?;
    if n.company == n.national {
        refuse(format!("{} is the national", n.company));
        return Ok(broken);
    }
    if state.is_closed(&n.company) {
        refuse(format!(
            "{} has left the game ({})",
            n.company,
            state.standing_of(&n.company)
        ));
    }
    let def = game
        .from_18xx_games
        .as_ref()
        .and_then(|p| p.national.as_ref());
    let all_minors_from = def.and_then(|d| d.minors_until);
    let every_minor =
        company.kind == CompanyKind::Minor && all_minors_from.is_some_and(|p| state.phase >= p);
    let trains = state.trains.get(&n.company).map_or(0, Vec::len);
    if trains > 0 && !every_minor {
        refuse(format!(
            "{} owns {trains} train{}: a company is nationalised when it has none",
            n.company,
            if trains == 1 { "" } else { "s" }
        ));
    }
    Ok(broken)
}

/// Tokens `company` has not put on the map.
pub fn free_tokens(game: &Game, state: &MapState, company: &CompanyId) -> Result<usize> {
    let all = game.company(company)?.tokens as usize;
    Ok(all.saturating_sub(tokens_of(state, company)))
}

/// Tokens `company` has on the map.
pub fn tokens_of(state: &MapState, company: &CompanyId) -> usize {
    state
        .hexes
        .values()
        .flat_map(|h| h.tokens.values())
        .filter(|co| *co == company)
        .count()
}

/// The revenue of the city holding token space `space` on `c`.
fn city_revenue(game: &Game, state: &MapState, c: Coord, space: usize) -> u32 {
    let Some((tile, _)) = state.tile_at(game, c) else {
        return 0;
    };
    tile.city_of_space(space)
        .and_then(|i| tile.cities.get(i))
        .map_or(0, |city| city.revenue)
}

/// The first space of the city that holds `space` on `c` free in `h`.
pub fn first_free_in_city(
    game: &Game,
    state: &MapState,
    c: Coord,
    space: usize,
    h: &HexState,
) -> Option<usize> {
    let (tile, _) = state.tile_at(game, c)?;
    let city = tile.city_of_space(space)?;
    let first: usize = tile.cities[..city]
        .iter()
        .map(|c| usize::from(c.spaces))
        .sum();
    let n = usize::from(tile.cities[city].spaces);
    (first..first + n).find(|s| !h.tokens.contains_key(s))
}

/// The national's kept token goes on hex `c` (its kept tile was laid
/// there), in the first free space of its first city, unless it has a
/// token there or none left.
pub(super) fn kept_token(
    game: &Game,
    state: &MapState,
    c: Coord,
    national: &CompanyId,
) -> Result<Edit> {
    let mut next = state.clone();
    let mut h = state.hex_state(c);
    let addr = game.format(c);
    let mut said = format!("{national} keeps no token for {addr}");
    if !h.tokens.values().any(|co| co == national) && free_tokens(game, state, national)? > 0 {
        said = format!("{national}'s kept token goes on {addr}");
        if let Some(s) = first_free_in_city(game, state, c, 0, &h) {
            h.tokens.insert(s, national.clone());
            next.hexes.insert(c, h);
        }
    }
    Ok(Edit {
        next,
        violations: Vec::new(),
        said,
    })
}
