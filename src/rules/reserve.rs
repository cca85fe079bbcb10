//! Token spaces held for a company or a private until they place there,
//! and tokens a company holds beyond its own count: what the map says of
//! the game file's `reserved_tokens`, `token_to_buyer` and
//! `privates[].token`.

use crate::game::{CompanyId, Game, Holder, PrivateId, Reservation};
use crate::geometry::Coord;
use crate::state::MapState;
use crate::tile::Tile;
use std::collections::BTreeMap;

/// A space held on a hex: who for, and whether it is held for the company
/// asking.
struct Held<'g> {
    space: usize,
    holder: &'g Holder,
    own: bool,
}

/// True while `r` still holds its space on `state`: a company's until its
/// token is on the hex or its phase begins, a private's until a company
/// owns it or the privates close.
fn holds(game: &Game, state: &MapState, r: &Reservation) -> bool {
    match &r.holder {
        Holder::Company { company, until, .. } => {
            until.is_none_or(|p| state.phase < p)
                && !state
                    .tokens_at(r.at)
                    .is_some_and(|t| t.values().any(|co| co == company))
        }
        Holder::Private(p) => {
            state.private_owner(p).is_none() && game.privates_close.is_none_or(|p| state.phase < p)
        }
    }
}

/// Who a space is held for, and until when, in words.
pub(super) fn held_words(game: &Game, holder: &Holder) -> String {
    match holder {
        Holder::Company {
            company,
            until: Some(p),
            ..
        } => format!("{company} until phase {}", game.phases[*p].name),
        Holder::Company { company, .. } => format!("{company} until its token is placed"),
        Holder::Private(p) => format!("the {p} until a company owns it"),
    }
}

/// The spaces of hex `c` (tile `tile`) still held, each for whom. A space
/// is its slot of its city; when a token sits there (tokens move up a
/// city on an upgrade) the city's first free space is held instead.
fn held_spaces<'g>(
    game: &'g Game,
    state: &MapState,
    c: Coord,
    tile: &Tile,
    company: &CompanyId,
    private: Option<&str>,
) -> Vec<Held<'g>> {
    let tokens = state.tokens_at(c).cloned().unwrap_or_default();
    let mut out: Vec<Held> = Vec::new();
    for r in game.reservations_on(c).filter(|r| holds(game, state, r)) {
        if r.city >= tile.cities.len() {
            continue;
        }
        let free = |s: &usize| !tokens.contains_key(s) && out.iter().all(|h| h.space != *s);
        let mut spaces = tile.spaces_of_city(r.city);
        let slot = spaces.clone().nth(r.slot).filter(free);
        let Some(space) = slot.or_else(|| spaces.find(free)) else {
            continue;
        };
        let own = match &r.holder {
            Holder::Company { company: co, .. } => co == company,
            Holder::Private(p) => Some(p.as_str()) == private,
        };
        out.push(Held {
            space,
            holder: &r.holder,
            own,
        });
    }
    out
}

/// The spaces of hex `c` (tile `tile`) held for others than `company`
/// (or `private`, the private it places through), each with its holder.
pub(super) fn held_for_others<'g>(
    game: &'g Game,
    state: &MapState,
    c: Coord,
    tile: &Tile,
    company: &CompanyId,
    private: Option<&str>,
) -> BTreeMap<usize, &'g Holder> {
    held_spaces(game, state, c, tile, company, private)
        .into_iter()
        .filter(|h| !h.own)
        .map(|h| (h.space, h.holder))
        .collect()
}

/// The spaces of hex `c` held for others than `company` (or `private`),
/// each with its holder: where the engine puts no token of `company`
/// (18xx.games's `get_slot` passes reserved slots).
pub fn reserved_for_others<'g>(
    game: &'g Game,
    state: &MapState,
    c: Coord,
    company: &CompanyId,
    private: Option<&str>,
) -> BTreeMap<usize, &'g Holder> {
    state
        .tile_at(game, c)
        .map(|(tile, _)| held_for_others(game, state, c, tile, company, private))
        .unwrap_or_default()
}

/// The free space of hex `c` held for `company` (or `private`), where its
/// token goes when no space is named.
pub(super) fn own_space(
    game: &Game,
    state: &MapState,
    c: Coord,
    tile: &Tile,
    company: &CompanyId,
    private: Option<&str>,
) -> Option<usize> {
    held_spaces(game, state, c, tile, company, private)
        .into_iter()
        .find(|h| h.own)
        .map(|h| h.space)
}

/// How many of `company`'s tokens on the map are beyond its own count:
/// the home token of each minor it bought (`token_to_buyer`: the minor is
/// its private), and the token of each private it owns whose token is
/// extra, where that private puts it.
pub fn extra_tokens(game: &Game, state: &MapState, company: &CompanyId) -> usize {
    let owns = |p: &PrivateId| state.private_owner(p).is_some_and(|o| o == company);
    let holds_in = |c: Coord, city: Option<usize>| {
        let tile = state.tile_at(game, c).map(|(t, _)| t);
        state.tokens_at(c).is_some_and(|t| {
            t.iter().any(|(s, co)| {
                co == company
                    && city.is_none_or(|k| tile.and_then(|t| t.city_of_space(*s)) == Some(k))
            })
        })
    };
    let minors = game
        .minors_sold_with_token()
        .filter(|m| owns(&PrivateId::from(m.abbrev.as_str())))
        .filter(|m| game.home(&m.abbrev).is_some_and(|h| holds_in(h, None)))
        .count();
    let privates = game
        .extra_token_privates()
        .filter(|p| owns(&p.abbrev))
        .filter(|p| {
            let city = p.token.as_ref().and_then(|t| t.city);
            p.hexes
                .iter()
                .filter_map(|h| game.hex(h).ok())
                .any(|c| holds_in(c, city))
        })
        .count();
    minors + privates + exchange_tokens(game, state, company)
}

/// The tokens a company got for another's as it absorbed it
/// (the `Absorb` mechanism: 18MEX's NdM, two).
fn exchange_tokens(game: &Game, state: &MapState, company: &CompanyId) -> usize {
    let Some(a) = game
        .from_18xx_games
        .as_ref()
        .and_then(|p| p.absorb.as_ref())
    else {
        return 0;
    };
    let merged = crate::state::Standing::MergedInto(company.clone());
    let absorbed = (game.companies.iter()).any(|c| state.standing_of(&c.abbrev) == merged);
    if a.company == company.as_str() && absorbed {
        a.exchange_tokens as usize
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{PhaseId, builtin};

    fn with_token(game: &Game, mut state: MapState, hex: &str, space: usize, co: &str) -> MapState {
        state.put_token(game.hex(hex).unwrap(), space, co.into());
        state
    }

    fn others(game: &Game, state: &MapState, hex: &str, company: &str) -> Vec<(usize, String)> {
        let c = game.hex(hex).unwrap();
        reserved_for_others(game, state, c, &company.into(), None)
            .into_iter()
            .map(|(s, h)| (s, h.name()))
            .collect()
    }

    #[test]
    fn a_company_holds_its_space_until_its_phase_or_its_token() {
        let game = builtin("1846").unwrap();
        let state = MapState::start(&game);
        assert_eq!(others(&game, &state, "E11", "NYC"), [(0, "PRR".into())]);
        assert!(others(&game, &state, "E11", "PRR").is_empty());
        let iv = MapState {
            phase: game.phase_index("IV").unwrap(),
            ..state.clone()
        };
        assert!(others(&game, &iv, "E11", "NYC").is_empty());
        let placed = with_token(&game, state, "E11", 0, "PRR");
        assert!(others(&game, &placed, "E11", "NYC").is_empty());
    }

    #[test]
    fn a_token_in_the_held_slot_moves_the_hold_to_the_first_free_space() {
        // Erie (D20, two spaces): ERIE's slot is the second; with a token
        // there (tokens move up a city on an upgrade) the first is held.
        let game = builtin("1846").unwrap();
        let state = MapState::start(&game);
        assert_eq!(others(&game, &state, "D20", "GT"), [(1, "ERIE".into())]);
        let moved = with_token(&game, state, "D20", 1, "GT");
        assert_eq!(others(&game, &moved, "D20", "IC"), [(0, "ERIE".into())]);
    }

    #[test]
    fn a_private_holds_its_space_until_a_company_owns_it_or_it_closes() {
        let game = builtin("1846").unwrap();
        let mut state = MapState::start(&game);
        assert_eq!(others(&game, &state, "D6", "NYC"), [(3, "the C&WI".into())]);
        state.phase = game.phase_index("III").unwrap();
        assert!(others(&game, &state, "D6", "NYC").is_empty());
        state.phase = PhaseId(0);
        state.privates.insert("C&WI".into(), "B&O".into());
        assert!(others(&game, &state, "D6", "NYC").is_empty());
    }

    #[test]
    fn tokens_beyond_the_count_are_those_of_the_privates_owned() {
        let game = builtin("1846").unwrap();
        let start = MapState::start(&game);
        // GT holds Detroit's first space, the Michigan Southern's.
        let mut state = with_token(&game, start.clone(), "C15", 0, "GT");
        assert_eq!(
            extra_tokens(&game, &state, &"GT".into()),
            0,
            "not GT's minor"
        );
        state.privates.insert("MS".into(), "GT".into());
        assert_eq!(extra_tokens(&game, &state, &"GT".into()), 1);
        assert_eq!(extra_tokens(&game, &state, &"IC".into()), 0);
        // The C&WI's token counts in Chicago's city 3 only.
        let mut state = with_token(&game, start.clone(), "D6", 0, "B&O");
        state.privates.insert("C&WI".into(), "B&O".into());
        assert_eq!(extra_tokens(&game, &state, &"B&O".into()), 0);
        let mut state = with_token(&game, start, "D6", 3, "B&O");
        state.privates.insert("C&WI".into(), "B&O".into());
        assert_eq!(extra_tokens(&game, &state, &"B&O".into()), 1);
    }
}
