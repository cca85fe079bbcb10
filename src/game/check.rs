//! Checks of a loaded game file that go beyond its syntax: everything a
//! later command relies on (a setup token's space exists, a home has a
//! city, a train runs) is refused here, when the file loads, naming the
//! field. A game file is input: a mistake in it is the user's to fix
//! (exit 2), never a fault found later when a save will not reload.

use super::{Company, Distance, EndTowns, Game, Skip, Towns, TrainDef};
use crate::error::{Error, Result};
use crate::geometry::Coord;
use std::collections::BTreeSet;

/// Every check, in the order of the file's fields; the first failure.
pub fn loaded(game: &Game, source: &str) -> Result<()> {
    let err = |field: String, msg: String| Error::GameFile(format!("{source}: {field}: {msg}"));
    phases(game).map_err(|(f, m)| err(f, m))?;
    trains(&game.trains).map_err(|(f, m)| err(f, m))?;
    super::train_check::check(game).map_err(|(f, m)| err(f, m))?;
    if game.ports.is_some()
        && let Some(t) = game.trains.iter().find(|t| t.pays.is_some())
    {
        return Err(err(
            format!("trains[\"{}\"].pays", t.name),
            "a train paid for fewer stops than it visits cannot run to ports (no game has both)"
                .into(),
        ));
    }
    for c in &game.companies {
        company(game, c).map_err(|(f, m)| err(f, m))?;
    }
    setup_spaces(game).map_err(|(f, m)| err(f, m))?;
    reservations(game).map_err(|(f, m)| err(f, m))?;
    private_tokens(game).map_err(|(f, m)| err(f, m))?;
    super::on_map::check(game).map_err(|(f, m)| err(f, m))?;
    special_buys(game).map_err(|(f, m)| err(f, m))?;
    formation(game).map_err(|(f, m)| err(f, m))?;
    super::absorb::check(game).map_err(|(f, m)| err(f, m))?;
    lose_lowest(game).map_err(|(f, m)| err(f, m))?;
    super::pass_blocked::check(game).map_err(|(f, m)| err(f, m))?;
    super::run_rules::check(game).map_err(|(f, m)| err(f, m))?;
    super::turn::check_all(&game.rules.lays, &game.rules.turns).map_err(|(f, m)| err(f, m))?;
    turn_privates(game).map_err(|(f, m)| err(f, m))?;
    market(game).map_err(|(f, m)| err(f, m))?;
    water_sides(game).map_err(|(f, m)| err(f, m))
}

/// A turn keyed by privates or companies names privates and companies
/// of the game.
fn turn_privates(game: &Game) -> Result<(), Failure> {
    for (i, t) in game.rules.turns.iter().enumerate() {
        if let Some(co) = (t.companies.iter()).find(|co| game.company(co.as_ref()).is_err()) {
            return Err((
                format!("rules.turns[{i}].companies"),
                format!("no company {co} in the game"),
            ));
        }
        if let Some(p) = unknown_private(game, &t.holding) {
            return Err((
                format!("rules.turns[{i}].holding"),
                unknown_private_message(p),
            ));
        }
    }
    Ok(())
}

/// What a `special_buy` gives is a private a save may hold (one earning a
/// bonus), so the replay never writes a save that does not load.
fn special_buys(game: &Game) -> Result<(), Failure> {
    let buys = game.from_18xx_games.iter().flat_map(|p| &p.special_buys);
    for b in buys {
        if let Some(p) = unknown_private(game, &b.privates) {
            return Err((
                format!(
                    "from_18xx_games.mechanisms.SpecialBuys[\"{}\"]",
                    b.description
                ),
                unknown_private_message(p),
            ));
        }
    }
    Ok(())
}

/// The train that gives the one-run token is a train of the game, and the
/// game has the token (`rules.lose_lowest`).
fn lose_lowest(game: &Game) -> Result<(), Failure> {
    let Some(train) = game
        .from_18xx_games
        .as_ref()
        .and_then(|p| p.lose_lowest_with.as_ref())
    else {
        return Ok(());
    };
    let field = "from_18xx_games.mechanisms.LoseLowestWith".to_string();
    if game.rules.lose_lowest.is_none() {
        return Err((
            field,
            "the game has no token to give: set rules.lose_lowest".into(),
        ));
    }
    match game.train(train) {
        Ok(_) => Ok(()),
        Err(e) => Err((field, e.to_string())),
    }
}

/// The national a formation makes is a company of the game, and its
/// rights are privates a save may hold.
fn formation(game: &Game) -> Result<(), Failure> {
    let Some(f) = game
        .from_18xx_games
        .iter()
        .find_map(|p| p.formation.as_ref())
    else {
        return Ok(());
    };
    if game.company(&f.company).is_err() {
        return Err((
            "from_18xx_games.mechanisms.Formation.company".into(),
            format!("{} is no company of the game", f.company),
        ));
    }
    if let Some(p) = unknown_private(game, f.rights.iter().flatten()) {
        return Err((
            "from_18xx_games.mechanisms.Formation.rights".into(),
            unknown_private_message(p),
        ));
    }
    Ok(())
}

/// The first of `names` that is no private company a save may hold.
fn unknown_private<'a>(
    game: &Game,
    names: impl IntoIterator<Item = &'a super::PrivateId>,
) -> Option<&'a super::PrivateId> {
    names.into_iter().find(|p| {
        game.private_sym(p)
            .is_none_or(|s| s.to_string() != p.as_str())
    })
}

fn unknown_private_message(p: &str) -> String {
    format!("{p} is no private company, marker or right of the game")
}

/// The stock market's cells read, and each dividend step divides by more
/// than zero.
fn market(game: &Game) -> Result<(), Failure> {
    let Some(prices) = game
        .from_18xx_games
        .as_ref()
        .and_then(|p| p.share_prices.as_ref())
    else {
        return Ok(());
    };
    let field = |f: &str| format!("from_18xx_games.mechanisms.ClosingAtPrice.{f}");
    prices.cells().map_err(|m| (field("market"), m))?;
    if prices.dividend.steps.iter().any(|s| s.paid.1 == 0) {
        return Err((
            field("dividend"),
            "a step's share of the price divides by zero".into(),
        ));
    }
    Ok(())
}

/// A failed check: the field (`companies[CPR].home`) and what is wrong.
type Failure = (String, String);

/// Phase names are unique: saves name the phase, and a second of one name
/// could never be reached.
fn phases(game: &Game) -> Result<(), Failure> {
    let mut seen = BTreeSet::new();
    for p in &game.phases {
        if !seen.insert(p.name.as_str()) {
            return Err((
                format!("phases[\"{}\"]", p.name),
                "two phases have this name; give each its own".into(),
            ));
        }
    }
    Ok(())
}

/// Train names are unique (they are looked up in any case), and every
/// train can run and earn.
fn trains(trains: &[TrainDef]) -> Result<(), Failure> {
    let mut seen = BTreeSet::new();
    for t in trains {
        let field = |f: &str| format!("trains[\"{}\"]{f}", t.name);
        if !seen.insert(t.name.to_lowercase()) {
            return Err((
                field(""),
                "two trains have this name (names are compared in any case); give each its own"
                    .into(),
            ));
        }
        if t.stops == Some(0) {
            return Err((
                field(".stops"),
                "Some(0) runs nowhere; give at least 1, or None for unlimited".into(),
            ));
        }
        if t.multiplier == 0 {
            return Err((
                field(".multiplier"),
                "0 earns nothing; 1 is an ordinary train, 2 a 2+2".into(),
            ));
        }
        if let Some(n) = t.pays {
            pays(t, n).map_err(|why| (field(".pays"), why.into()))?;
        }
        if t.track_pool.as_deref().is_some_and(|p| p.trim().is_empty()) {
            return Err((
                field(".track_pool"),
                "an empty pool name; name the pool (as \"freight\"), or leave track_pool out"
                    .into(),
            ));
        }
        if let Some(m) = t.plus_towns {
            super::train_def::plus_towns_fit(t, m)
                .map_err(|why| (field(".plus_towns"), why.into()))?;
        }
        if let Some(b) = &t.token_bonus {
            token_bonus(t, b).map_err(|why| (field(".token_bonus"), why.into()))?;
        }
        if let Some(c) = &t.edge_cost {
            edge_cost(t, c).map_err(|why| (field(".edge_cost"), why.into()))?;
        }
        if t.stacks && t.token_bonus.is_some() {
            return Err((
                field(".stacks"),
                "a stacking train is paid times the trains it runs for, and a bonus per own \
                 token is paid once; leave one of them out"
                    .into(),
            ));
        }
        if t.end_towns == EndTowns::TakeStop && t.towns == Towns::Counted {
            return Err((
                field(".end_towns"),
                "its towns take one of its N wherever they are; give `towns: Free` or \
                 `towns: Unpaid`, or leave `end_towns` out"
                    .into(),
            ));
        }
    }
    Ok(())
}

/// A train's cost per hex edge: for a train counting edges, and at
/// least 1 an edge, so that its number bounds how far it runs.
fn edge_cost(t: &TrainDef, c: &super::EdgeCost) -> Result<(), &'static str> {
    if t.distance != Distance::Edges {
        Err(
            "only a train counting hex edges pays for them; give `distance: Edges`, or leave edge_cost out",
        )
    } else if c.least() == 0 {
        Err("an edge costing 0 lets the train run without end; give each gauge at least 1")
    } else {
        Ok(())
    }
}

/// A train's bonus per own token: something to pay, on a train whose
/// multiplier is 1 (the bonus is paid once; a multiplied train would make
/// which stops to count depend on both, which no title asks for).
fn token_bonus(t: &TrainDef, b: &super::TokenBonus) -> Result<(), &'static str> {
    if b.per_token == 0 && b.from_phase.iter().all(|p| p.per_token == 0) {
        Err(
            "per_token: 0 pays nothing; give the amount each own token adds, or leave token_bonus out",
        )
    } else if t.multiplier != 1 {
        Err(
            "a bonus per own token is paid once, on a train whose multiplier is 1; give multiplier: 1",
        )
    } else {
        Ok(())
    }
}

/// A train paid for `n` of the stops it visits (1846's 3/5): between 1
/// and the stops it visits, which are counted, passing stops as an
/// express does and towns counted.
fn pays(t: &TrainDef, n: u32) -> Result<(), &'static str> {
    match t.stops {
        _ if n == 0 => Err("Some(0) pays nothing; give at least 1"),
        Some(m) if n > m => Err("it is paid for more stops than it visits (`stops`)"),
        None => Err("give the stops it visits as `stops: Some(M)`"),
        _ if t.skip != Skip::Any => Err("such a train passes stops: give `skip: Any`"),
        _ if t.distance != Distance::Stops || t.towns != Towns::Counted => {
            Err("it counts stops (`distance: Stops`) and visits no town (`towns: Counted`)")
        }
        _ => Ok(()),
    }
}

/// A company's colours draw, its home is a city on the map, and it pays
/// over at least one share.
fn company(game: &Game, c: &Company) -> Result<(), Failure> {
    let field = |f: &str| format!("companies[{}].{f}", c.abbrev);
    for (name, value) in [
        ("colour", &c.colour),
        ("stripe", &c.stripe),
        ("text", &c.text),
    ] {
        if !is_colour(value) {
            return Err((
                field(name),
                format!("\"{value}\" is not a colour; write it as \"#rrggbb\", e.g. \"#1f7f3f\""),
            ));
        }
    }
    if c.shares == 0 {
        return Err((
            field("shares"),
            "0 shares cannot be paid; a minor has 1".into(),
        ));
    }
    if c.token_to_buyer && c.home.is_none() {
        return Err((
            field("token_to_buyer"),
            "a minor sold with its token holds it in its home; give `home`".into(),
        ));
    }
    if let Some(at) = &c.destination_token {
        destination_city(game, at).map_err(|m| (field("destination_token"), m))?;
    }
    match (&c.home, c.home_city) {
        (Some(home), city) => home_city(game, home, city).map_err(|m| (field("home"), m)),
        (None, Some(_)) => Err((
            field("home_city"),
            "a home city needs a home hex (home: \"F16\")".into(),
        )),
        (None, None) => Ok(()),
    }
}

/// `#rrggbb`: what pictures can draw.
fn is_colour(s: &str) -> bool {
    s.strip_prefix('#')
        .is_some_and(|hex| hex.len() == 6 && hex.chars().all(|ch| ch.is_ascii_hexdigit()))
}

/// A home is a hex of the map whose printed tile has a city with a token
/// space, and `home_city`, if given, is one of its cities.
fn home_city(game: &Game, home: &str, city: Option<usize>) -> Result<(), String> {
    let c = game.hex(home).map_err(|e| e.to_string())?;
    let spaces = printed_spaces(game, c);
    if spaces.iter().all(|n| *n == 0) {
        return Err(format!(
            "hex {home} has no city with a token space for a home"
        ));
    }
    match city {
        Some(i) if spaces.get(i).is_none_or(|n| *n == 0) => Err(format!(
            "home_city {i}: hex {home} has {} cit{} (numbered from 0), not one {i} with a token space",
            spaces.len(),
            if spaces.len() == 1 { "y" } else { "ies" }
        )),
        _ => Ok(()),
    }
}

/// A destination token goes beside a city: the hex's printed tile has one
/// (an off-board's city, with no token space, will do).
fn destination_city(game: &Game, at: &str) -> Result<(), String> {
    let c = game.hex(at).map_err(|e| e.to_string())?;
    match printed_spaces(game, c).is_empty() {
        true => Err(format!(
            "hex {at} has no city on its printed tile for a destination token"
        )),
        false => Ok(()),
    }
}

/// The token spaces of each city of the tile printed on `c`.
fn printed_spaces(game: &Game, c: Coord) -> Vec<usize> {
    game.hexes
        .get(&c)
        .and_then(|h| h.tile.as_ref())
        .and_then(|t| game.tiles.get(t))
        .map(|t| {
            t.cities
                .iter()
                .map(|city| usize::from(city.spaces))
                .collect()
        })
        .unwrap_or_default()
}

/// Each setup token sits in a token space the printed tile has, and no two
/// share one.
fn setup_spaces(game: &Game) -> Result<(), Failure> {
    let mut taken = BTreeSet::new();
    for c in &game.companies {
        for t in &c.setup_tokens {
            let field = format!("companies[{}].setup_tokens", c.abbrev);
            let at = game
                .hex(&t.at)
                .map_err(|e| (field.clone(), e.to_string()))?;
            let spaces: usize = printed_spaces(game, at).iter().sum();
            if t.space >= spaces {
                return Err((
                    field,
                    format!(
                        "hex {}: token space {} does not exist (its printed tile has {spaces} token space{}, numbered from 0)",
                        t.at,
                        t.space,
                        if spaces == 1 { "" } else { "s" }
                    ),
                ));
            }
            if !taken.insert((at, t.space)) {
                return Err((
                    field,
                    format!(
                        "hex {}: token space {} already holds another setup token",
                        t.at, t.space
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Each reserved space is a space of a city printed on its hex, and no
/// two reservations hold the same one.
fn reservations(game: &Game) -> Result<(), Failure> {
    let mut taken = BTreeSet::new();
    for r in &game.reservations {
        let field = match &r.holder {
            super::Holder::Company { company, .. } => {
                format!("companies[{company}].reserved_tokens")
            }
            super::Holder::Private(p) => format!("privates[{p}].token"),
        };
        let addr = game.format(r.at);
        let spaces = printed_spaces(game, r.at);
        match spaces.get(r.city) {
            None => {
                return Err((
                    field,
                    format!(
                        "hex {addr}: city {} does not exist ({})",
                        r.city,
                        cities_word(spaces.len())
                    ),
                ));
            }
            Some(&n) if r.slot >= n => {
                return Err((
                    field,
                    format!(
                        "hex {addr}: city {} has {n} token space{}, so no slot {} (numbered from 0)",
                        r.city,
                        if n == 1 { "" } else { "s" },
                        r.slot
                    ),
                ));
            }
            Some(_) => {}
        }
        if !taken.insert((r.at, r.city, r.slot)) {
            return Err((
                field,
                format!(
                    "hex {addr}: slot {} of city {} is reserved twice",
                    r.slot, r.city
                ),
            ));
        }
    }
    Ok(())
}

/// A private's token city is a city printed on each of its hexes.
fn private_tokens(game: &Game) -> Result<(), Failure> {
    for p in &game.privates {
        let Some(city) = p.token.as_ref().and_then(|t| t.city) else {
            continue;
        };
        for h in &p.hexes {
            let at = game
                .hex(h)
                .map_err(|e| (format!("privates[{}]", p.abbrev), e.to_string()))?;
            let cities = printed_spaces(game, at).len();
            if city >= cities {
                return Err((
                    format!("privates[{}].token.city", p.abbrev),
                    format!(
                        "hex {h}: city {city} does not exist ({})",
                        cities_word(cities)
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// `its printed tile has 2 cities, numbered from 0`.
fn cities_word(n: usize) -> String {
    match n {
        0 => "its printed tile has no city".into(),
        1 => "its printed tile has 1 city, numbered 0".into(),
        n => format!("its printed tile has {n} cities, numbered from 0"),
    }
}

/// A water side lies between two hexes of the map (both are recorded when
/// the file loads, so an entry off the map names the hex that is missing).
fn water_sides(game: &Game) -> Result<(), Failure> {
    let on_map = |c: &Coord| game.hexes.contains_key(c);
    let Some((off, face)) = game.water_sides.keys().find(|(c, _)| !on_map(c)) else {
        return Ok(());
    };
    let other = off.neighbour(*face, game.coords.orientation);
    let what = if on_map(&other) {
        format!(
            "the {} side of hex {} leads off the map (to {})",
            face.opposite(),
            game.format(other),
            game.format(*off)
        )
    } else {
        format!(
            "the side between hexes {} and {} is off the map",
            game.format(*off),
            game.format(other)
        )
    };
    Err((
        "water_sides".into(),
        format!("{what}; a water side lies between two hexes of the map"),
    ))
}
