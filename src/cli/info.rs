//! The commands that only look: `games`, `tiles`, `show` and `trains`
//! (listing), and the program's own `man`. (`companies` and completion
//! have their own modules.)

use super::io::{Games, display, print_json};
use super::term::say;
use anyhow::Result;
use hexroute::report::{
    GameData, GameRow, HistoryEntry, HistoryReport, ImportedReport, LaidTile, ShowReport,
    SupplyRow, TileRow, Token, TrainsRow,
};
use hexroute::suggest::words_or_none;
use hexroute::{Error, game};
use std::collections::BTreeMap;
use std::path::Path;

/// The games hexroute knows: a `--game-file`'s first, then the built-in.
pub fn games(games: Games, as_json: bool) -> Result<()> {
    let mut list = Vec::new();
    if let Some(path) = games.file {
        let g = game::from_file(path)?;
        list.push((g.id, g.name, Some(path.display().to_string())));
    }
    for id in game::builtin_ids() {
        let g = game::builtin(id).map_err(|e| Error::Internal(e.to_string()))?;
        list.push((g.id, g.name, None));
    }
    if as_json {
        let rows: Vec<GameRow> = list
            .into_iter()
            .map(|(id, name, file)| GameRow { id, name, file })
            .collect();
        return print_json(&rows);
    }
    // Ids as wide as the longest (18Chesapeake: Off the Rails), so the
    // names stand in one column.
    let width = list
        .iter()
        .map(|(id, _, _)| id.chars().count())
        .max()
        .unwrap_or(0);
    for (id, name, file) in list {
        match file {
            Some(file) => say!("{id:<width$}  {name}  (from {file})"),
            None => say!("{id:<width$}  {name}"),
        }
    }
    Ok(())
}

/// `games ID`: one game as data (`--json`), or in a few words.
pub fn game_data(games: Games, id: &str, as_json: bool) -> Result<()> {
    let game = games.game(id)?;
    let data = GameData::of(&game);
    if as_json {
        return print_json(&data);
    }
    say!("{} — {}", data.id, data.name);
    say!(
        "  {} printed hexes ({}-top), {} tiles ({} player tiles)",
        data.hexes.len(),
        data.orientation,
        data.tiles.len(),
        data.supply.len()
    );
    let names = |list: Vec<&str>| list.join(", ");
    say!(
        "  companies: {}",
        names(data.companies.iter().map(|c| c.abbrev.as_str()).collect())
    );
    say!(
        "  trains: {}",
        names(data.trains.iter().map(|t| t.name.as_str()).collect())
    );
    say!(
        "  phases: {}",
        names(data.phases.iter().map(|p| p.name.as_str()).collect())
    );
    say!("  (--json prints all of it)");
    Ok(())
}

pub fn tiles(games: Games, id: &str, as_json: bool) -> Result<()> {
    let game = games.game(id)?;
    if as_json {
        let list: Vec<_> = game
            .tile_counts
            .iter()
            .map(|(name, count)| {
                let t = &game.tiles[name];
                TileRow {
                    tile: name.to_string(),
                    colour: t.colour.name().to_string(),
                    count: *count,
                    labels: t.labels.clone(),
                }
            })
            .collect();
        print_json(&list)?;
        return Ok(());
    }
    say!("{} — {} player tiles", game.name, game.tile_counts.len());
    say!("{:<6} {:<7} {:>5}  TRACK", "TILE", "COLOUR", "COUNT");
    for (name, count) in &game.tile_counts {
        let t = &game.tiles[name];
        let label = if t.labels.is_empty() {
            String::new()
        } else {
            format!(" [{}]", t.labels.join(","))
        };
        say!(
            "{:<6} {:<7} {:>5}  {}{}",
            name,
            t.colour.name(),
            count,
            t.describe(Default::default(), game.coords.orientation),
            label
        );
    }
    Ok(())
}

pub fn show(games: Games, file: &Path, as_json: bool) -> Result<()> {
    let (game, state) = games.save(file)?;
    let phase = &game.phases[state.phase];
    // Tiles and tokens in board order (column, then row), as the save
    // lists its hexes and a player reads the map's edges.
    let board_order = |c: &hexroute::geometry::Coord| (c.col, c.row);
    let mut laid: Vec<_> = state.laid_tiles().collect();
    laid.sort_by_key(|(c, _, _)| board_order(c));
    let supply = state.supply(&game);
    let mut tokens: Vec<_> = state.tokens().collect();
    tokens.sort_by_key(|(c, space, _)| (board_order(c), *space));
    let mut by_company: Vec<(String, Vec<(String, usize)>)> = Vec::new();
    for &(c, space, company) in &tokens {
        let entry = match by_company.iter_mut().find(|(co, _)| co == company) {
            Some(e) => e,
            None => {
                by_company.push((company.to_string(), Vec::new()));
                by_company.last_mut().expect("just pushed")
            }
        };
        entry.1.push((game.format(c), space));
    }
    by_company.sort_by(|a, b| a.0.cmp(&b.0));
    if as_json {
        let out = ShowReport {
            game: game.id.clone(),
            name: game.name.clone(),
            phase: phase.name.clone(),
            tiles: laid
                .iter()
                .map(|(c, t, r)| LaidTile {
                    hex: game.format(*c),
                    tile: t.to_string(),
                    rotation: r.steps(),
                    name: game.location(*c).map(str::to_string),
                })
                .collect(),
            tokens: tokens
                .iter()
                .map(|&(c, space, co)| Token::on_map(&game, &state, c, space, co))
                .collect(),
            trains: state
                .trains
                .iter()
                .map(|(co, list)| {
                    (
                        co.to_string(),
                        list.iter().map(ToString::to_string).collect(),
                    )
                })
                .collect(),
            supply: supply
                .iter()
                .map(|(t, n, left)| SupplyRow {
                    tile: t.to_string(),
                    count: *n,
                    left: *left,
                })
                .collect(),
        };
        print_json(&out)?;
        return Ok(());
    }
    say!(
        "{} — phase {} (lays {})",
        game.name,
        phase.name,
        phase.tiles_word()
    );
    say!();
    say!("Tiles laid ({}):", laid.len());
    for (c, t, r) in &laid {
        let loc = game
            .location(*c)
            .map(|l| format!("  {l}"))
            .unwrap_or_default();
        say!("  {:<4} {:<5} rotation {}{}", game.format(*c), t, r, loc);
    }
    say!();
    say!("Tokens ({}):", state.tokens().count());
    for (co, list) in &by_company {
        let places: Vec<String> = list
            .iter()
            .map(
                |(h, _)| match game.hex(h).ok().and_then(|c| game.location(c)) {
                    Some(l) => format!("{h} {l}"),
                    None => h.clone(),
                },
            )
            .collect();
        say!("  {:<4} {}", co, places.join(", "));
    }
    if !state.trains.is_empty() {
        say!();
        say!("Trains:");
        for (co, trains) in &state.trains {
            say!("  {:<4} {}", co, trains.join(", "));
        }
    }
    say!();
    say!("Supply (left/count):");
    let cells: Vec<String> = supply
        .iter()
        .map(|(t, n, left)| match left {
            Some(left) => format!("{t}:{left}/{n}"),
            None => format!("{t}:{n}"),
        })
        .collect();
    for chunk in cells.chunks(10) {
        say!("  {}", chunk.join("  "));
    }
    Ok(())
}

pub fn show_history(games: Games, file: &Path, as_json: bool) -> Result<()> {
    let (game, saved) = games.saved(file)?;
    let changes: Vec<(String, String, Vec<String>)> = saved
        .history
        .changes
        .iter()
        .map(|ch| {
            let mut what: Vec<String> = Vec::new();
            if let Some((b, a)) = ch.phase {
                what.push(format!(
                    "phase {} → {}",
                    game.phases[b].name, game.phases[a].name
                ));
            }
            for (c, (before, after)) in &ch.hexes {
                what.push(format!(
                    "{}: {} → {}",
                    game.format(*c),
                    hex_words(before),
                    hex_words(after)
                ));
            }
            for (co, (before, after)) in &ch.trains {
                what.push(format!(
                    "{co} trains: {} → {}",
                    words_or_none(before),
                    words_or_none(after)
                ));
            }
            for (p, (before, after)) in &ch.privates {
                let owner =
                    |o: &Option<_>| o.as_ref().map_or("no company".into(), ToString::to_string);
                what.push(format!("{p} owned by {} → {}", owner(before), owner(after)));
            }
            if let Some((before, after)) = &ch.lose_lowest {
                let names = |s: &std::collections::BTreeSet<_>| {
                    let v: Vec<String> = s.iter().map(ToString::to_string).collect();
                    words_or_none(&v)
                };
                what.push(format!(
                    "lowest-route token held by {} → {}",
                    names(before),
                    names(after)
                ));
            }
            if let Some((before, after)) = &ch.destinations {
                let names = |s: &std::collections::BTreeSet<_>| {
                    let v: Vec<String> = s.iter().map(ToString::to_string).collect();
                    words_or_none(&v)
                };
                what.push(format!(
                    "destination reached by {} → {}",
                    names(before),
                    names(after)
                ));
            }
            if let Some((before, after)) = &ch.sizes {
                what.push(sizes_changed(before, after));
            }
            if let Some((before, after)) = &ch.required_routes {
                what.push(required_changed(&game, before, after));
            }
            if let Some((before, after)) = &ch.charter_tokens {
                let words = |m: &std::collections::BTreeMap<_, u32>| {
                    let v: Vec<String> = m.iter().map(|(co, n)| format!("{co} {n}")).collect();
                    words_or_none(&v)
                };
                what.push(format!(
                    "tokens kept on charters {} → {}",
                    words(before),
                    words(after)
                ));
            }
            (ch.command.clone(), ch.time.clone(), what)
        })
        .collect();
    if as_json {
        let out = HistoryReport {
            imported: saved.history.imported.as_ref().map(|p| ImportedReport {
                record: p.record.clone(),
                game: p.game.clone(),
                title: p.title.clone(),
                action: p.action,
            }),
            changes: changes
                .iter()
                .map(|(cmd, time, what)| HistoryEntry {
                    command: cmd.clone(),
                    time: time.clone(),
                    changes: what.clone(),
                })
                .collect(),
        };
        print_json(&out)?;
        return Ok(());
    }
    if let Some(from) = &saved.history.imported {
        say!(
            "Imported from {} ({}), through action {}.",
            from.record,
            from.title,
            from.action
        );
    }
    if changes.is_empty() {
        say!("No changes recorded.");
    }
    for (n, (cmd, time, what)) in changes.iter().enumerate() {
        say!("{:>3}. {time}  hexroute {cmd}", n + 1);
        for w in what {
            say!("       {w}");
        }
    }
    Ok(())
}

fn hex_words(h: &hexroute::state::HexState) -> String {
    let mut parts = Vec::new();
    match &h.tile {
        Some((t, r)) => parts.push(format!("tile {t} rotation {r}")),
        None => parts.push("printed".into()),
    }
    if !h.tokens.is_empty() {
        let toks: Vec<String> = h.tokens.iter().map(|(s, co)| format!("{co}@{s}")).collect();
        parts.push(format!("tokens {}", toks.join(",")));
    }
    parts.join(", ")
}

/// `man`: the manual page, made from the same definitions as `--help`.
pub fn man() -> Result<()> {
    super::term::print_page(&super::manual::page()?);
    Ok(())
}

/// `trains FILE [COMPANY]`: each company's trains, with the phase's limit.
pub fn trains(games: Games, file: &Path, company: Option<&str>, as_json: bool) -> Result<()> {
    let (game, state) = games.save(file)?;
    let chosen: Vec<&hexroute::game::Company> = match company {
        Some(c) => vec![game.company(c).map_err(|e| e.context(display(file)))?],
        None => game
            .companies
            .iter()
            .filter(|c| state.trains.contains_key(&c.abbrev))
            .collect(),
    };
    let rows: Vec<(&str, Vec<hexroute::game::TrainId>, Option<u32>)> = chosen
        .iter()
        .map(|c| {
            (
                c.abbrev.as_str(),
                state.trains.get(&c.abbrev).cloned().unwrap_or_default(),
                game.train_limit(c, state.phase),
            )
        })
        .collect();
    if as_json {
        let out: BTreeMap<String, TrainsRow> = rows
            .iter()
            .map(|(co, trains, limit)| {
                let row = TrainsRow {
                    trains: trains.iter().map(ToString::to_string).collect(),
                    limit: *limit,
                };
                (co.to_string(), row)
            })
            .collect();
        return print_json(&out);
    }
    say!("Trains in phase {}:", game.phases[state.phase].name);
    if rows.is_empty() {
        say!("  no company owns a train (add some: hexroute trains FILE CO --add 2)");
    }
    for (co, trains, limit) in rows {
        let limit = limit.map(|l| format!("  (limit {l})")).unwrap_or_default();
        say!("  {co:<5} {}{limit}", words_or_none(&trains));
    }
    Ok(())
}

/// The routes companies' next runs must include, as they changed.
fn required_changed(
    game: &hexroute::game::Game,
    before: &hexroute::state::RequiredRoutes,
    after: &hexroute::state::RequiredRoutes,
) -> String {
    let word = |e: Option<&hexroute::state::RouteEnds>| match e {
        Some(e) => {
            let hexes: Vec<String> = e.hexes().map(|c| game.format(c)).collect();
            format!("a route between {}", hexes.join(" and "))
        }
        None => "none".to_string(),
    };
    format!(
        "required at the next run: {}",
        each_changed(before, after, word)
    )
}

/// A change of companies' sizes in words: `A&S 2 shares, 1 token → 5 shares, 2 tokens`.
fn sizes_changed(
    before: &std::collections::BTreeMap<hexroute::game::CompanyId, hexroute::state::Size>,
    after: &std::collections::BTreeMap<hexroute::game::CompanyId, hexroute::state::Size>,
) -> String {
    let word = |s: Option<&hexroute::state::Size>| match s {
        Some(s) => format!("{} shares, {} tokens", s.shares, s.tokens),
        None => "no size".to_string(),
    };
    format!("size of {}", each_changed(before, after, word))
}

/// Each company whose value differs between `before` and `after`, as
/// `CO old → new` in `word`s, joined by "; ".
fn each_changed<V: PartialEq>(
    before: &std::collections::BTreeMap<hexroute::game::CompanyId, V>,
    after: &std::collections::BTreeMap<hexroute::game::CompanyId, V>,
    word: impl Fn(Option<&V>) -> String,
) -> String {
    let companies: std::collections::BTreeSet<_> = before.keys().chain(after.keys()).collect();
    let v: Vec<String> = companies
        .into_iter()
        .filter(|co| before.get(*co) != after.get(*co))
        .map(|co| format!("{co} {} → {}", word(before.get(co)), word(after.get(co))))
        .collect();
    v.join("; ")
}
