//! Each private's `on_map` says what it does on the map; this checks the
//! claim against the rest of the game file, so that a private said to do
//! nothing earns no bonus, and one said to lay tiles has tiles to lay.

use super::{Game, MapEffect, OnMap, Private, Rule};

/// (field, message), as `check` reports a failure.
type Failure = (String, String);

/// Every private's `on_map` is what the file models for it, each named
/// once; and every private a bonus, a free train or a minor sold with its
/// token stands for is one of the file's `privates`.
pub(super) fn check(game: &Game) -> Result<(), Failure> {
    let mut seen = std::collections::BTreeSet::new();
    for p in &game.privates {
        let field = format!("privates[{}]", p.abbrev);
        if !seen.insert(p.abbrev.to_ascii_lowercase()) {
            return Err((field, "named twice".into()));
        }
        if p.on_map == OnMap::Does(Vec::new()) {
            return Err((
                format!("{field}.on_map"),
                "Does([]) lists nothing: write Nothing".into(),
            ));
        }
        closing(p).map_err(|why| (format!("{field}.closes_after_uses"), why))?;
        reassign_marker(game, p).map_err(|why| (format!("{field}.reassign_closes_as"), why))?;
        for (effect, modelled) in modelled(game, p) {
            let said = matches!(&p.on_map, OnMap::Does(e) if e.contains(&effect));
            if said != modelled {
                return Err((format!("{field}.on_map"), mismatch(&effect, said)));
            }
        }
    }
    unlisted(game)
}

/// Each effect the file can model, and whether it does for `p`.
fn modelled(game: &Game, p: &Private) -> [(MapEffect, bool); 7] {
    let sym = p.abbrev.as_str();
    let names = |private: &super::Holding| private.private() == sym;
    let trains = game.from_18xx_games.iter().flat_map(|g| &g.free_trains);
    [
        (MapEffect::Lays, !p.tiles.is_empty()),
        (
            MapEffect::Token,
            p.token.is_some() || p.waives.contains(&Rule::Reachable),
        ),
        (
            MapEffect::Bonus,
            game.bonuses
                .iter()
                .any(|b| b.private.as_ref().is_some_and(names)),
        ),
        (MapEffect::Train, trains.clone().any(|t| t.private == sym)),
        (
            MapEffect::Minor,
            game.minors_sold_with_token()
                .any(|c| c.abbrev.as_str() == sym),
        ),
        (MapEffect::UntilPhase, sym == "3" && !game.early.is_empty()),
        (
            MapEffect::Marker,
            p.marker.as_deref().is_some_and(|m| game.knows_marker(m)),
        ),
    ]
}

/// The marker a private's closes into is another private's name, and the
/// file knows it on a hex (a bonus's `SYM@HEX`), or it would pay nothing.
fn reassign_marker(game: &Game, p: &Private) -> Result<(), String> {
    let Some(closed) = &p.reassign_closes_as else {
        return Ok(());
    };
    if *closed == p.abbrev {
        return Err(format!(
            "{closed} is the private itself: name its closed marker"
        ));
    }
    let known = (game.bonuses.iter().filter_map(|b| b.private.as_ref()))
        .any(|h| h.marker().is_some() && h.private() == closed);
    if !known {
        return Err(format!(
            "no bonus's private is {closed}@HEX: add the bonuses its marker earns"
        ));
    }
    Ok(())
}

/// A private closes by one rule of use at most; `closes_after_uses`
/// counts two uses or more (one is `closes_on_use`).
fn closing(p: &Private) -> Result<(), String> {
    let Some(n) = p.closes_after_uses else {
        return Ok(());
    };
    if n.get() < 2 {
        return Err("1 use: write closes_on_use: true".into());
    }
    if p.closes_on_use || p.closes_at_round_end_on_use {
        return Err("beside closes_on_use or closes_at_round_end_on_use: keep one".into());
    }
    Ok(())
}

fn mismatch(effect: &MapEffect, said: bool) -> String {
    let (what, where_) = match effect {
        MapEffect::Lays => ("Lays", "list of tiles (`tiles`)"),
        MapEffect::Token => ("Token", "token (`token`, or `reachable` waived)"),
        MapEffect::Bonus => ("Bonus", "bonus naming it (`bonuses[].private`)"),
        MapEffect::Train => (
            "Train",
            "free train (`from_18xx_games.mechanisms`: `FreeTrains`)",
        ),
        MapEffect::Minor => ("Minor", "minor of its name sold with its token"),
        MapEffect::UntilPhase => (
            "UntilPhase",
            "rules until a phase (`until_phase`, as \"3\")",
        ),
        MapEffect::Blocks(_) => ("Blocks", "blocked hexes"),
        MapEffect::Marker => (
            "Marker",
            "public marker (`marker`, one a `pass_through` rule names)",
        ),
    };
    match said {
        true => format!("says {what}, but the file gives it no {where_}"),
        false => format!("the file gives it a {where_}: add {what} to its on_map"),
    }
}

/// A private named by a free train or a minor sold with its token that is
/// missing from `privates`.
fn unlisted(game: &Game) -> Result<(), Failure> {
    let listed = |sym: &str| game.privates.iter().any(|p| p.abbrev == sym);
    let trains = game.from_18xx_games.iter().flat_map(|g| &g.free_trains);
    let named = trains
        .map(|t| ("from_18xx_games.mechanisms.FreeTrains", t.private.as_str()))
        .chain(
            game.minors_sold_with_token()
                .map(|c| ("companies[].token_to_buyer", c.abbrev.as_str())),
        );
    for (field, sym) in named {
        if !listed(sym) {
            return Err((
                field.into(),
                format!("{sym} is not one of the file's privates: list it there, with its on_map"),
            ));
        }
    }
    Ok(())
}
