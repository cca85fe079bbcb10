//! Station tokens: whether a company may place one on a hex, and in which
//! space. Apart from tile lays, which share only the shape helpers.

use super::reserve::{extra_tokens, held_for_others, held_words, own_space};
use super::shape::{city_faces, faces_word};
use super::{Violation, violation};
use crate::error::Error;
use crate::game::{CompanyId, Game, Private, Rule};
use crate::geometry::{Coord, Orientation, Rotation};
use crate::reach;
use crate::state::MapState;
use crate::tile::Tile;
use std::collections::{BTreeMap, BTreeSet};

/// Where a token would go and what it would break.
#[derive(Clone, Debug)]
pub struct TokenPlacement {
    pub space: usize,
    pub violations: Vec<Violation>,
}

/// Checks placing a station token of `company` on hex `c`.
pub fn check_token(
    game: &Game,
    state: &MapState,
    c: Coord,
    company: &CompanyId,
    space: Option<usize>,
) -> Result<TokenPlacement, Error> {
    check_token_by(game, state, c, company, space, None)
}

/// Checks placing a token of `company` on hex `c` through a private's
/// ability: on its hexes (in its city, a token beyond the company's count
/// only where the company owns it), exempt from the rules it waives
/// (`reachable`).
pub fn check_token_by(
    game: &Game,
    state: &MapState,
    c: Coord,
    company: &CompanyId,
    space: Option<usize>,
    private: Option<&Private>,
) -> Result<TokenPlacement, Error> {
    let mut placement = check_plain(game, state, c, company, space, private)?;
    if let Some(p) = private {
        let addr = game.format(c);
        let places = p.waives.contains(&Rule::Reachable) || p.token.is_some();
        if places && p.hexes.contains(&addr) {
            placement.violations.retain(|v| !p.waives.contains(&v.rule));
            if let Some(token) = &p.token {
                let city = state
                    .tile_at(game, c)
                    .and_then(|(t, _)| t.city_of_space(placement.space));
                let at = (addr.as_str(), city);
                private_token(state, company, p, token, at, &mut placement);
            }
        } else {
            let why = if places {
                format!(
                    "places tokens on {} only, not on {addr}",
                    p.hexes.join(", ")
                )
            } else {
                "places no tokens".to_string()
            };
            placement
                .violations
                .push(violation(Rule::PrivateAbility, format!("{} {why}", p.name)));
        }
    }
    Ok(placement)
}

/// What a private's token ability adds: its token goes in its city, and an
/// extra token is its owner's, beyond the company's count.
/// `at`: the hex and the city of the space taken.
fn private_token(
    state: &MapState,
    company: &CompanyId,
    p: &Private,
    token: &crate::game::PrivateToken,
    (addr, city): (&str, Option<usize>),
    placement: &mut TokenPlacement,
) {
    if let Some(k) = token.city.filter(|k| city != Some(*k)) {
        placement.violations.push(violation(
            Rule::PrivateAbility,
            format!(
                "{} places its token in city {k} of {addr} only, not in city {}",
                p.name,
                city.map_or("?".into(), |c| c.to_string())
            ),
        ));
    }
    if token.extra {
        placement.violations.retain(|v| v.rule != Rule::TokensLeft);
        if state.private_owner(&p.abbrev).is_none_or(|o| o != company) {
            placement.violations.push(violation(
                Rule::PrivateAbility,
                format!(
                    "{company} does not own the {} ({}), whose token is its owner's (companies --give)",
                    p.abbrev, p.name
                ),
            ));
        }
    }
}

fn check_plain(
    game: &Game,
    state: &MapState,
    c: Coord,
    company: &CompanyId,
    space: Option<usize>,
    private: Option<&Private>,
) -> Result<TokenPlacement, Error> {
    let addr = game.format(c);
    let info = game.company(company)?;
    let company = &info.abbrev;
    let o = game.coords.orientation;
    let (tile, rot) = state
        .tile_at(game, c)
        .ok_or_else(|| Error::Impossible(format!("hex {addr} has no city")))?;
    let total = tile.token_spaces();
    if total == 0 {
        return Err(Error::Impossible(format!(
            "hex {addr} ({}) has no token spaces",
            game.location(c).unwrap_or(&tile.name)
        )));
    }
    let held = state.tokens_at(c).cloned().unwrap_or_default();
    let neutral = neutral_spaces(game, state, c, tile, &held);
    let through = private.map(|p| p.abbrev.as_str());
    let reserved = held_for_others(game, state, c, tile, company, through);
    let placed = state.tokens().filter(|(_, _, co)| *co == company).count();
    let home_hex = game.home(&info.abbrev);
    let space = match space {
        Some(s) if s >= total => {
            return Err(Error::Impossible(format!(
                "hex {addr}: token space {s} does not exist (tile {} has spaces 0-{})",
                tile.name,
                total - 1
            )));
        }
        Some(s) => {
            // A company starting anywhere (`FreeSpace`) may start in a
            // neutral token's space, which then leaves (1882's SC).
            let replaces = placed == 0
                && info.first_token == Some(crate::game::FirstToken::FreeSpace)
                && held.get(&s).is_some_and(|co| game.is_neutral(co));
            if let Some(other) = held.get(&s).filter(|_| !replaces) {
                return Err(Error::Impossible(format!(
                    "hex {addr}: token space {s} already holds {other}"
                )));
            }
            s
        }
        None if let Some(s) = own_space(game, state, c, tile, company, through) => s,
        None => {
            let private_city = private.and_then(|p| p.token.as_ref()).and_then(|t| t.city);
            let home_city = info
                .home_city
                .filter(|_| home_hex == Some(c))
                .map(|k| city_now(game, c, tile, rot, k))
                .or(private_city);
            let mut taken = held.clone();
            for s in neutral.keys().chain(reserved.keys()) {
                taken.insert(*s, "a neutral token or a reservation".into());
            }
            // A space only a neutral token fills (or a reservation holds)
            // is chosen, and refused below by the rule that names it.
            pick_space(tile, rot, &taken, home_city, o)
                .or_else(|e| pick_space(tile, rot, &held, home_city, o).map_err(|_| e))
                .map_err(|e| Error::Impossible(format!("hex {addr}: {e}")))?
        }
    };
    let city = tile.city_of_space(space).expect("space checked above");
    let mut v = Vec::new();
    if let Some(phase) = neutral.get(&space) {
        v.push(violation(
            Rule::UntilPhase,
            format!("hex {addr}: token space {space} holds a neutral token until phase {phase}"),
        ));
    }
    if let Some(holder) = reserved.get(&space) {
        v.push(violation(
            Rule::ReservedSpace,
            format!(
                "hex {addr}: token space {space} is reserved for {}",
                held_words(game, holder)
            ),
        ));
    }
    let extra = extra_tokens(game, state, company);
    // A company's size sets its count where the game has sizes (1817).
    let count = state.token_count(game, company);
    if placed >= count as usize + extra {
        v.push(violation(
            Rule::TokensLeft,
            all_placed(company, count, extra),
        ));
    }
    if held.values().any(|co| co == company) {
        v.push(violation(
            Rule::OneTokenPerHex,
            format!("{company} already has a token on hex {addr}"),
        ));
    }
    let not_free: BTreeSet<usize> = neutral.keys().chain(reserved.keys()).copied().collect();
    if let Some(why) = reserved_for_other(game, state, c, tile, city, company, &not_free) {
        v.push(violation(Rule::HomeReserved, why));
    }
    // A neutral token in a company's home stands for its home token (1882's
    // North West Rebellion moves the home token away and leaves one).
    let home_held = home_hex.is_some_and(|h| {
        state
            .tokens_at(h)
            .is_some_and(|t| t.values().any(|co| game.is_neutral(co)))
    });
    match (&info.home, home_hex == Some(c) || home_held, placed) {
        (Some(h), false, 0) => v.push(violation(
            Rule::Home,
            format!("{company}'s first token goes on its home hex {h}, not {addr}"),
        )),
        (Some(h), true, 0) => {
            let home_city = info.home_city.map(|k| city_now(game, c, tile, rot, k));
            if let Some(home_city) = home_city.filter(|&k| k != city) {
                let faces = city_faces(tile, rot);
                v.push(violation(
                    Rule::Home,
                    format!(
                        "{company}'s home is city {home_city} of {h} (joined to {}), not city {city} (joined to {})",
                        faces_word(&faces[home_city.min(faces.len() - 1)], o),
                        faces_word(&faces[city], o)
                    ),
                ));
            }
        }
        (None, _, 0) => {
            if let Some(why) = first_token_broken(game, state, c, city, info) {
                v.push(violation(Rule::FirstToken, why));
            }
        }
        _ => {
            let teleports = game.teleports_to(company, c);
            let second_home = placed == 1 && has_second_home(game, state, company);
            if !teleports
                && !second_home
                && !reach::from_tokens(game, state, company).has_city(c, city)
            {
                v.push(violation(
                    Rule::Reachable,
                    format!(
                        "{company} cannot reach the city on hex {addr} over track from its tokens"
                    ),
                ));
            }
        }
    }
    Ok(TokenPlacement {
        space,
        violations: v,
    })
}

/// Whether `company`'s one token stands in a second home's hex
/// (`rules.second_home_hexes`): its next token is a home, placed with no
/// route.
fn has_second_home(game: &Game, state: &MapState, company: &CompanyId) -> bool {
    state
        .tokens()
        .any(|(c, _, co)| co == company && game.second_homes.contains(&c))
}

/// `GT has placed all 4 of its tokens (3 of its own, 1 gained with a minor
/// or a private)`.
fn all_placed(company: &CompanyId, own: u32, extra: usize) -> String {
    let all = own as usize + extra;
    match extra {
        0 => format!("{company} has placed all {own} of its tokens"),
        n => format!(
            "{company} has placed all {all} of its tokens ({own} of its own, {n} gained with a minor or a private)"
        ),
    }
}

/// The spaces a neutral token fills on hex `c` in this phase, with the
/// phase that clears it: the last free space of each such city.
fn neutral_spaces(
    game: &Game,
    state: &MapState,
    c: Coord,
    tile: &Tile,
    held: &BTreeMap<usize, CompanyId>,
) -> BTreeMap<usize, String> {
    let mut out = BTreeMap::new();
    for city in 0..tile.cities.len() {
        if let Some(early) = game.neutral_token(c, city, state.phase)
            && let Some(s) = tile
                .spaces_of_city(city)
                .rev()
                .find(|s| !held.contains_key(s))
        {
            out.insert(s, game.phases[early.until].name.clone());
        }
    }
    out
}

/// Why another company's home reservation keeps `company` out of `city`
/// on hex `c`, if it does. A company with a printed home reserves a space
/// there (in its `home_city`, else in a one-city hex's city, else anywhere
/// in the hex) until its own token is placed, or it closes; one placed
/// at setup never reserves it again (1846's minors, whose token passes to
/// a buyer). Spaces `not_free` (a neutral token's, those reserved for
/// others) are not free.
fn reserved_for_other(
    game: &Game,
    state: &MapState,
    c: Coord,
    tile: &Tile,
    city: usize,
    company: &CompanyId,
    not_free: &BTreeSet<usize>,
) -> Option<String> {
    let held = state.tokens_at(c).cloned().unwrap_or_default();
    let free = |spaces: std::ops::Range<usize>| {
        spaces
            .filter(|s| !held.contains_key(s) && !not_free.contains(s))
            .count()
    };
    let placed_at_setup = |co: &str| game.setup_tokens().any(|(who, at, _)| who == co && at == c);
    let waiting: Vec<(&str, Option<usize>)> = game
        .companies
        .iter()
        .filter(|o| o.abbrev != company)
        .filter(|o| game.home(&o.abbrev) == Some(c))
        .filter(|o| !held.values().any(|co| *co == o.abbrev))
        .filter(|o| !state.is_closed(&o.abbrev))
        .filter(|o| !placed_at_setup(&o.abbrev))
        .filter(|o| !game.cannot_start(o, state.phase))
        .map(|o| {
            let reserved = o
                .home_city
                .or((tile.cities.len() == 1).then_some(0))
                .filter(|&k| k < tile.cities.len());
            (o.abbrev.as_str(), reserved)
        })
        .collect();
    let in_city: Vec<&str> = waiting
        .iter()
        .filter(|(_, k)| *k == Some(city))
        .map(|(co, _)| *co)
        .collect();
    let in_hex: Vec<&str> = waiting
        .iter()
        .filter(|(_, k)| k.is_none())
        .map(|(co, _)| *co)
        .collect();
    let addr = game.format(c);
    if !in_city.is_empty() && free(tile.spaces_of_city(city)) <= in_city.len() {
        return Some(format!(
            "hex {addr}: the city's free space is reserved for {}'s home token until it is placed",
            in_city.join(", ")
        ));
    }
    (!in_hex.is_empty() && free(0..tile.token_spaces()) <= in_hex.len()).then(|| {
        format!(
            "hex {addr}: the last free space is reserved for {}'s home token until it is placed",
            in_hex.join(", ")
        )
    })
}

/// Where a company that chooses its home may put its first token.
fn first_token_broken(
    game: &Game,
    state: &MapState,
    c: Coord,
    city: usize,
    info: &crate::game::Company,
) -> Option<String> {
    use crate::game::FirstToken;
    let rule = info.first_token?;
    let addr = game.format(c);
    let (tile, _) = state.tile_at(game, c)?;
    let city_empty = |c: Coord, city: usize, tile: &Tile| {
        let held = state.tokens_at(c);
        let neutral = game.neutral_token(c, city, state.phase).is_some();
        !neutral
            && tile
                .spaces_of_city(city)
                .all(|s| held.is_none_or(|h| !h.contains_key(&s)))
    };
    let hex_has_company_token = |c: Coord| state.tokens_at(c).is_some_and(|h| !h.is_empty());
    let co = &info.abbrev;
    let city_taken = || {
        (!city_empty(c, city, tile)).then(|| {
            format!("{co} starts in a city holding no token; the city on hex {addr} holds one")
        })
    };
    match rule {
        // A free space is all it needs: the space was checked before.
        FirstToken::FreeSpace => None,
        FirstToken::EmptyCity => city_taken(),
        FirstToken::UnconnectedEmptyCity => city_taken().or_else(|| {
            reach::joins_another_stop(game, state, c).then(|| {
                format!("{co} starts in a hex no track joins to another stop; hex {addr} is joined")
            })
        }),
        FirstToken::EmptyHexUnconnectedFirst => {
            if hex_has_company_token(c) {
                return Some(format!(
                    "{co} starts in a hex holding no company's token; hex {addr} holds one"
                ));
            }
            if !reach::joins_another_stop(game, state, c) {
                return None;
            }
            // Joined hexes are allowed only when no open hex is unjoined.
            // An open hex holds no token, so only neutral ones fill spaces.
            let open_unjoined = game.hexes.keys().copied().find(|&h| {
                !hex_has_company_token(h)
                    && state.tile_at(game, h).is_some_and(|(t, _)| {
                        let neutral = neutral_spaces(game, state, h, t, &BTreeMap::new());
                        !t.colour.ends_routes()
                            && (0..t.token_spaces()).any(|s| !neutral.contains_key(&s))
                    })
                    && !reach::joins_another_stop(game, state, h)
            });
            open_unjoined.map(|h| {
                format!(
                    "{co} starts in a hex no track joins to another stop while one is open (e.g. {}); hex {addr} is joined",
                    game.format(h)
                )
            })
        }
    }
}

/// The city of the hex's tile now that stands for its printed city `k`:
/// the one whose track keeps the printed city's exits (a home in one city
/// of several follows its track through upgrades, as 18xx.games moves a
/// reservation: 1888's JHR in Beijing once the L42 splits it in four).
/// `k` itself while the printed tile is there or when no city keeps them.
fn city_now(game: &Game, c: Coord, tile: &Tile, rot: Rotation, k: usize) -> usize {
    let Some(hex) = game.hexes.get(&c) else {
        return k;
    };
    let Some(printed) = hex.tile.as_ref().and_then(|t| game.tile(t.as_str()).ok()) else {
        return k;
    };
    if printed.name == tile.name {
        return k;
    }
    let Some(old) = city_faces(printed, hex.rotation)
        .into_iter()
        .nth(k)
        .filter(|f| !f.is_empty())
    else {
        return k;
    };
    (city_faces(tile, rot).iter())
        .position(|f| f.is_superset(&old))
        .unwrap_or(k)
}

/// The first free token space, when the choice does not matter.
fn pick_space(
    tile: &Tile,
    rot: Rotation,
    held: &BTreeMap<usize, CompanyId>,
    home_city: Option<usize>,
    o: Orientation,
) -> Result<usize, String> {
    if let Some(s) = home_city.and_then(|k| {
        (k < tile.cities.len())
            .then(|| tile.spaces_of_city(k).find(|s| !held.contains_key(s)))
            .flatten()
    }) {
        return Ok(s);
    }
    let faces = city_faces(tile, rot);
    let open: Vec<(usize, usize)> = (0..tile.cities.len())
        .filter_map(|city| {
            tile.spaces_of_city(city)
                .find(|s| !held.contains_key(s))
                .map(|s| (city, s))
        })
        .collect();
    match open.as_slice() {
        [] => Err("every token space is taken".into()),
        [(_, s)] => Ok(*s),
        [(first, s), rest @ ..]
            if rest.iter().all(|(city, _)| {
                faces[*city] == faces[*first]
                    && tile.cities[*city].revenue == tile.cities[*first].revenue
            }) =>
        {
            Ok(*s)
        }
        _ => Err(format!(
            "the cities differ; choose one with --space: {}",
            open.iter()
                .map(|(city, s)| format!("{s} (city joined to {})", faces_word(&faces[*city], o)))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}
