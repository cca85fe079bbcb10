//! `advise`: every turn a company may make (its title's lays, a token),
//! ranked by what its trains earn after it, as a table or JSON, with the
//! commands that make the best one, and the best one drawn.

use super::io::{Games, display, print_json};
use super::progress::{Counting, SearchProgress};
use super::term::{column_widths, escape, say};
use super::{AdviseArgs, PictureArgs, draw};
use anyhow::{Context, Result};
use hexroute::advise::report::{AdviceReport, Kind, MoveReport, OptionReport};
use hexroute::advise::{self, Ask, Move};
use hexroute::routes::assign::Progress;
use hexroute::routes::report::{CompanyRoutes, RoutesReport};
use hexroute::routes::request::{self, Bonuses, Runners};
use hexroute::rules::LayBy;
use std::io::IsTerminal;

pub fn advise(games: Games, args: &AdviseArgs) -> Result<()> {
    let name = display(&args.file);
    let (game, state) = games.save(&args.file)?;
    let company = game.company(&args.company).context(name.clone())?;
    if args.token {
        advise::refuse_national_tokens(&game, &company.abbrev).context(name.clone())?;
    }
    if args.first_turn {
        advise::refuse_first_turn(&game).context(name.clone())?;
    }
    let runners = Runners::One {
        company: company.abbrev.to_string(),
        trains: (!args.trains.is_empty()).then(|| args.trains.clone()),
    };
    let bonuses = Bonuses::default().in_force(&game, &state)?;
    let mut queries =
        request::queries(&game, &state, &runners, &bonuses, &name).context(name.clone())?;
    let query = queries.remove(0);
    let private = args
        .private
        .as_deref()
        .map(|p| game.private(p))
        .transpose()
        .context(name.clone())?;
    let ask = Ask {
        game: &game,
        state: &state,
        query: &query,
        by: LayBy {
            company: Some(&query.company),
            private,
        },
        tokens: args.token,
        lays: args.lays.map(usize::from),
        first_turn: args.first_turn,
    };
    let progress = SearchProgress::new(
        Counting::Advise,
        !args.quiet && std::io::stderr().is_terminal(),
    );
    let advice = advise::advise(ask, &|done, of| {
        progress.update(
            0,
            Progress {
                done: done as u64,
                total: of as u64,
            },
        )
    });
    progress.finish();
    let advice = advice.context(name.clone())?;
    let report = AdviceReport::new(&ask, &advice, args.top, &args.file.to_string_lossy());
    if let (Some(picture), Some(best)) = (&args.render, advice.choices.first()) {
        let after = advise::after(&ask, &best.moves).context(name.clone())?;
        let routes = RoutesReport::One(CompanyRoutes::new(&game, &best.solution));
        let look = PictureArgs {
            hex_size: None,
            format: None,
        };
        let marked: Vec<_> = best
            .moves
            .iter()
            .map(|m| match m {
                Move::Lay { hex, .. } | Move::Token { hex, .. } => *hex,
            })
            .collect();
        draw::render_routes(&game, &after, &routes, picture, &look, &marked)?;
    }
    if args.json {
        return print_json(&report);
    }
    print_table(&game, &report, advice.turns, advice.searches);
    Ok(())
}

/// `PRR earns $290 now; 41 legal turns, the best 10:` then one line each,
/// and the commands that make the best; or that no turn earns more.
fn print_table(game: &hexroute::game::Game, report: &AdviceReport, of: usize, searched: usize) {
    let company = escape(&report.company);
    let gaining: Vec<&OptionReport> = report.options.iter().filter(|o| o.gain > 0).collect();
    say!(
        "{company} earns ${} now; {of} legal turn{}, {searched} searched (the rest change nothing, match one searched, or are proven no better){}",
        report.now,
        if of == 1 { "" } else { "s" },
        match gaining.len() {
            0 => ".".to_string(),
            n if n < of => format!(", the best {n}:"),
            _ => ":".into(),
        }
    );
    if gaining.is_empty() {
        let what = if report
            .options
            .iter()
            .any(|o| o.moves.iter().any(|m| m.kind == Kind::Token))
        {
            "lay or token"
        } else {
            "lay"
        };
        say!("No {what} this turn raises {company}'s revenue.");
        return;
    }
    let rows: Vec<[String; 6]> = gaining
        .iter()
        .enumerate()
        .map(|(i, o)| row(game, i + 1, o))
        .collect();
    let head = ["#", "MOVES", "HEXES", "REVENUE", "GAIN", "COST"].map(String::from);
    let w = column_widths(&head, &rows);
    for r in std::iter::once(&head).chain(&rows) {
        say!(
            "{:>w0$}  {:<w1$}  {:<w2$}  {:>w3$}  {:>w4$}  {:>w5$}",
            r[0],
            r[1],
            r[2],
            r[3],
            r[4],
            r[5],
            w0 = w[0],
            w1 = w[1],
            w2 = w[2],
            w3 = w[3],
            w4 = w[4],
            w5 = w[5]
        );
    }
    say!("The best, move by move:");
    for m in &gaining[0].moves {
        say!("  {}", escape(&m.command));
    }
}

/// One option as a row: rank, the moves in words, hexes and place names,
/// revenue, gain, cost.
fn row(game: &hexroute::game::Game, rank: usize, o: &OptionReport) -> [String; 6] {
    let what: Vec<String> = o.moves.iter().map(words).collect();
    let places: Vec<String> = o
        .moves
        .iter()
        .map(|m| {
            game.hex(&m.hex)
                .ok()
                .and_then(|c| game.location(c).map(|l| format!("{} {l}", m.hex)))
                .unwrap_or_else(|| m.hex.clone())
        })
        .collect();
    let gain = match o.gain {
        0 => "0".to_string(),
        g if g > 0 => format!("+{g}"),
        g => g.to_string(),
    };
    let cost = o.cost.map_or("?".into(), |c| format!("${c}"));
    [
        rank.to_string(),
        escape(&what.join(", ")).into_owned(),
        escape(&places.join(", ")).into_owned(),
        format!("${}", o.revenue),
        gain,
        cost,
    ]
}

/// One move in words: `upgrade 59 --rotate 1`, `token (space 0)`.
fn words(m: &MoveReport) -> String {
    match m.kind {
        Kind::Token => format!("token (space {})", m.space.unwrap_or(0)),
        kind => {
            let tile = m.tile.as_deref().unwrap_or("?");
            let by = m
                .private
                .as_ref()
                .map_or(String::new(), |p| format!(" --private {p}"));
            format!(
                "{} {tile} --rotate {}{by}",
                kind.verb(),
                m.rotation.unwrap_or(0)
            )
        }
    }
}
