//! `companies FILE`: who is on the map, where, with what. A company that
//! chooses its home (1867's and 1861's majors, 1867's minors) has one once
//! its first token is down, and the table says where.

use super::io::{Games, print_json};
use super::term::{column_widths, escape, say};
use anyhow::Result;
use hexroute::game::{Company, Game};
use hexroute::geometry::Coord;
use hexroute::report::{CompanyRow, Token};
use hexroute::state::{History, SavedGame};
use std::path::Path;

/// The table (or JSON) of every company, or of `only` when named.
pub fn companies(games: Games, file: &Path, only: Option<&str>, as_json: bool) -> Result<()> {
    let (game, saved) = games.saved(file)?;
    let only = only.map(|co| game.company(co)).transpose()?;
    let rows: Vec<CompanyRow> = game
        .companies
        .iter()
        .filter(|c| only.is_none_or(|o| o.abbrev == c.abbrev))
        .map(|c| row(&game, &saved, c))
        .collect();
    if as_json {
        return print_json(&rows);
    }
    print_table(&rows);
    Ok(())
}

fn row(game: &Game, saved: &SavedGame, c: &Company) -> CompanyRow {
    let state = &saved.state;
    let mut tokens: Vec<(Coord, usize)> = state
        .tokens()
        .filter(|(_, _, co)| **co == c.abbrev)
        .map(|(h, space, _)| (h, space))
        .collect();
    tokens.sort_by_key(|(h, space)| (h.col, h.row, *space)); // board order, as `show` lists them
    let placed: Vec<Coord> = tokens.iter().map(|(h, _)| *h).collect();
    CompanyRow {
        company: c.abbrev.to_string(),
        name: c.name.clone(),
        kind: c.kind.name().to_string(),
        home: c
            .home
            .clone()
            .or_else(|| chosen_home(&saved.history, &c.abbrev, &placed).map(|h| game.format(h))),
        tokens: tokens
            .iter()
            .map(|&(h, space)| Token::on_map(game, state, h, space, &c.abbrev))
            .collect(),
        // Tokens gained with a minor or a private add to the company's own.
        tokens_left: (state.token_count(game, &c.abbrev) as usize
            + hexroute::rules::extra_tokens(game, state, &c.abbrev))
        .saturating_sub(placed.len()) as u32,
        trains: state
            .trains
            .get(&c.abbrev)
            .map_or_else(Vec::new, |l| l.iter().map(ToString::to_string).collect()),
        privates: state
            .privates
            .iter()
            .filter(|(_, owner)| **owner == c.abbrev)
            .map(|(p, _)| p.to_string())
            .collect(),
        started: !placed.is_empty(),
    }
}

/// Where a company without a printed home started: the hex of its first
/// token still on the map, by the history; with no history to say, its
/// only token. `None` before its first token, or when several tokens and
/// no history leave it unknown.
fn chosen_home(history: &History, company: &str, placed: &[Coord]) -> Option<Coord> {
    let holds = |h: &hexroute::state::HexState| h.tokens.values().any(|co| co == company);
    let first_laid = history.changes.iter().find_map(|change| {
        change
            .hexes
            .iter()
            .find(|(c, (before, after))| holds(after) && !holds(before) && placed.contains(c))
            .map(|(c, _)| *c)
    });
    match (first_laid, placed) {
        (Some(c), _) => Some(c),
        (None, [only]) => Some(*only),
        _ => None,
    }
}

/// The table, each column as wide as its widest cell, so headers and
/// values line up whatever the names.
fn print_table(rows: &[CompanyRow]) {
    let list = |items: &[String]| {
        if items.is_empty() {
            "-".to_string()
        } else {
            escape(&items.join(",")).into_owned()
        }
    };
    let cells: Vec<[String; 8]> = rows
        .iter()
        .map(|r| {
            [
                escape(&r.company).into_owned(),
                r.kind.to_string(),
                match (&r.home, r.started) {
                    (Some(h), _) => escape(h).into_owned(),
                    // Started, but several tokens and no history to tell which came first.
                    (None, true) => "?".into(),
                    (None, false) => "-".into(),
                },
                list(&r.tokens.iter().map(|t| t.hex.clone()).collect::<Vec<_>>()),
                r.tokens_left.to_string(),
                list(&r.trains),
                list(&r.privates),
                escape(&r.name).into_owned(),
            ]
        })
        .collect();
    let header = [
        "CO", "KIND", "HOME", "TOKENS", "LEFT", "TRAINS", "PRIVATES", "NAME",
    ]
    .map(String::from);
    let width = column_widths(&header, &cells);
    for row in std::iter::once(&header).chain(&cells) {
        let [co, kind, home, tokens, left, trains, privates, name] = row;
        say!(
            "{co:<w0$}  {kind:<w1$}  {home:<w2$}  {tokens:<w3$}  {left:>w4$}  {trains:<w5$}  {privates:<w6$}  {name}",
            w0 = width[0],
            w1 = width[1],
            w2 = width[2],
            w3 = width[3],
            w4 = width[4],
            w5 = width[5],
            w6 = width[6],
        );
    }
}
