//! `advise`: every lay a company may make, ranked by what its trains earn
//! after it, as a table or JSON, and the best one drawn.

use super::io::{Games, display, print_json};
use super::progress::{Counting, SearchProgress};
use super::term::{column_widths, escape, say};
use super::{AdviseArgs, PictureArgs, draw};
use anyhow::{Context, Result};
use hexroute::advise::report::{AdviceReport, Kind, OptionReport};
use hexroute::advise::{self, Ask};
use hexroute::routes::assign::Progress;
use hexroute::routes::report::{CompanyRoutes, RoutesReport};
use hexroute::routes::request::{self, Bonuses, Runners};
use hexroute::rules::LayBy;
use std::io::IsTerminal;

pub fn advise(games: Games, args: &AdviseArgs) -> Result<()> {
    let name = display(&args.file);
    let (game, state) = games.save(&args.file)?;
    let company = game.company(&args.company).context(name.clone())?;
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
    let report = AdviceReport::new(&game, &advice, args.top);
    if let (Some(picture), Some(best)) = (&args.render, advice.choices.first()) {
        let after = advise::after(&ask, &best.moves).context(name.clone())?;
        let routes = RoutesReport::One(CompanyRoutes::new(&game, &best.solution));
        let look = PictureArgs {
            hex_size: None,
            format: None,
        };
        draw::render_routes(&game, &after, &routes, picture, &look)?;
    }
    if args.json {
        return print_json(&report);
    }
    let searched = advice.searches;
    print_table(&game, &report, advice.choices.len(), searched);
    Ok(())
}

/// `PRR earns $290 now; 41 legal moves, the best 10:` then one line each.
fn print_table(game: &hexroute::game::Game, report: &AdviceReport, of: usize, searched: usize) {
    say!(
        "{} earns ${} now; {of} legal move{}, {searched} searched (the rest change nothing, or match one searched){}",
        escape(&report.company),
        report.now,
        if of == 1 { "" } else { "s" },
        if report.options.len() < of {
            format!(", the best {}:", report.options.len())
        } else {
            ":".into()
        }
    );
    if report.options.is_empty() {
        return;
    }
    let rows: Vec<[String; 6]> = report
        .options
        .iter()
        .enumerate()
        .map(|(i, o)| row(game, i + 1, o))
        .collect();
    let head = ["#", "MOVE", "HEX", "REVENUE", "GAIN", "COST"].map(String::from);
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
}

/// One option as a row: rank, the move in words, hex and place name,
/// revenue, gain, cost.
fn row(game: &hexroute::game::Game, rank: usize, o: &OptionReport) -> [String; 6] {
    let what = match o.kind {
        Kind::Token => format!("token (space {})", o.space.unwrap_or(0)),
        kind => {
            let verb = if kind == Kind::Place {
                "place"
            } else {
                "upgrade"
            };
            let tile = o.tile.as_deref().unwrap_or("?");
            let mut w = format!("{verb} {tile} --rotate {}", o.rotation.unwrap_or(0));
            if let Some(t) = &o.token {
                w.push_str(&format!(", token {} (space {})", t.hex, t.space));
            }
            w
        }
    };
    let place = game
        .hex(&o.hex)
        .ok()
        .and_then(|c| game.location(c).map(|l| format!("{} {l}", o.hex)))
        .unwrap_or_else(|| o.hex.clone());
    let gain = match o.gain {
        0 => "0".to_string(),
        g if g > 0 => format!("+{g}"),
        g => g.to_string(),
    };
    let cost = o.cost.map_or("-".into(), |c| format!("${c}"));
    [
        rank.to_string(),
        escape(&what).into_owned(),
        escape(&place).into_owned(),
        format!("${}", o.revenue),
        gain,
        cost,
    ]
}
