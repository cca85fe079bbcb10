//! Games from 18xx.games: `import` of a game record (at any action, with
//! `--check` against our rules) and `review` of every run a player made.

use super::download::{Online, download};
use super::edit::import_rusty;
use super::io::{Games, display, if_exists, print_json, read_input, refuse_overwrite, write_save};
use super::term::{say, tell};
use anyhow::{Result, anyhow, bail};
use hexroute::game::{self, Game};
use hexroute::import::x18::report::{RefusedMove, RefusedReport};
use hexroute::import::{self, Format, x18};
use hexroute::review;
use hexroute::state::{Provenance, SavedGame};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// `import`, as typed by the command line.
#[derive(Clone)]
pub struct ImportRequest {
    pub input: PathBuf,
    pub output: PathBuf,
    pub force: bool,
    pub at: Option<u64>,
    pub check: bool,
    pub json: bool,
}

pub fn import(games: Games, req: &ImportRequest) -> Result<()> {
    refuse_a_terminal(req)?;
    if let Some(online) = super::download::online(&req.input)? {
        return import_online(games, req, &online);
    }
    let text = read_input(&req.input)?;
    let name = display(&req.input);
    match import::format(&text) {
        Some(Format::RustyTrain) if req.at.is_none() && !req.check => {
            import_rusty(games, &req.input, &text, &req.output, req.force)
        }
        Some(Format::RustyTrain) => Err(anyhow!(
            "{name}: --at and --check are for 18xx.games records; this is a rusty_train save"
        )),
        Some(Format::EighteenXX) => import_record(games, req, &name, &text),
        None => Err(anyhow!(
            "{name}: neither an 18xx.games game record (with \"title\" and \"actions\") nor a rusty_train save (with \"game\" and \"map\")"
        )),
    }
}

/// A save (pages of JSON) is never poured onto a terminal: without `-o`
/// there, `import` writes nothing and says what to add. `--check` writes
/// its report instead, and a pipe or a file takes the save as before.
fn refuse_a_terminal(req: &ImportRequest) -> Result<()> {
    if req.check || req.output.as_os_str() != "-" || !std::io::stdout().is_terminal() {
        return Ok(());
    }
    bail!(
        "{}: the save is not written to a terminal; add -o FILE (hexroute import {} -o game.json), or send it to a file or a pipe",
        display(&req.input),
        display(&req.input)
    )
}

/// `import 12345` or `import https://18xx.games/game/12345?action=N`: the
/// record downloaded, then imported as a file of it would be; the URL's
/// action is `--at`'s.
fn import_online(games: Games, req: &ImportRequest, online: &Online) -> Result<()> {
    let at = match (req.at, online.action) {
        (Some(at), Some(action)) if at != action => bail!(
            "{}: the address says action={action} and --at says {at}; give one",
            online.page
        ),
        (at, action) => at.or(action),
    };
    let text = download(online)?;
    let name = &online.page;
    if import::format(&text) != Some(Format::EighteenXX) {
        bail!("{}: the site's answer is not a game record", online.api);
    }
    import_record(games, &ImportRequest { at, ..req.clone() }, name, &text)
}

/// The game a record is of: `--game-file`'s, or the built-in one of its title.
pub fn record_game(games: Games, record: &x18::Record, name: &str) -> Result<Game> {
    let all = match games.file {
        Some(path) => vec![game::from_file(path)?],
        None => game::builtin_ids()
            .into_iter()
            .map(game::builtin)
            .collect::<Result<Vec<_>, _>>()?,
    };
    Ok(x18::game_of(record, &all).map_err(|e| e.context(name))?)
}

fn import_record(games: Games, req: &ImportRequest, name: &str, text: &str) -> Result<()> {
    let record = x18::Record::parse(text).map_err(|e| e.context(name))?;
    let game = record_game(games, &record, name)?;
    let replayed = x18::replay(&record, &game, req.at).map_err(|e| e.context(name))?;
    let write = !req.check || req.output.as_os_str() != "-";
    if write {
        let from = provenance(&record, name, req.at);
        let replace = req.force || (req.at.is_some() && came_from(&req.output, &game, &from));
        refuse_overwrite(&req.output, replace)?;
        let saved = SavedGame::imported(replayed.state.clone(), from);
        write_save(&req.output, &game, &saved, if_exists(replace))?;
    }
    for caution in &replayed.cautions {
        tell!("hexroute: note: {caution}");
    }
    if req.check {
        print_refused(&replayed.refused, req.json)?;
    }
    Ok(())
}

/// Where a save imported from `record` comes from: the record as the
/// player named it, its game id and title, and the action replayed last.
fn provenance(record: &x18::Record, name: &str, at: Option<u64>) -> Provenance {
    let last = record.last_id();
    let game = record.id.as_ref().map(|id| match id {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    });
    Provenance {
        record: name.to_string(),
        game,
        title: record.title.clone(),
        action: at.map_or(last, |at| at.min(last)),
    }
}

/// Whether `output` is a save imported from the same record as `from`, so
/// a player stepping through a game with `import --at N` may replace it
/// without `--force`. Anything else there (another game, a save that was
/// never imported, one changed by hexroute commands since, a file that is
/// not a save) is left to `--force`: the player's own moves are not lost.
fn came_from(output: &Path, game: &Game, from: &Provenance) -> bool {
    // Only a plain file is read: a FIFO would wait for a writer.
    if !std::fs::metadata(output).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let Ok(text) = std::fs::read_to_string(output) else {
        return false;
    };
    hexroute::save::from_json(&text, game)
        .ok()
        .is_some_and(|saved| {
            saved.history.changes.is_empty()
                && saved.history.undone.is_empty()
                && (saved.history.imported).is_some_and(|there| there.same_record(from))
        })
}

fn print_refused(refused: &[x18::Refusal], json: bool) -> Result<()> {
    let rows: Vec<RefusedMove> = refused.iter().map(RefusedMove::from).collect();
    if json {
        let report = RefusedReport { refused: rows };
        return print_json(&report);
    }
    if rows.is_empty() {
        say!("hexroute's rules accept every tile lay and token of the game");
        return Ok(());
    }
    say!(
        "{} of the game's moves are refused by hexroute's rules:",
        rows.len()
    );
    for r in &rows {
        say!(
            "  action {:>5}  {:<11} {:<5} {:<6} {}: {}",
            r.action,
            r.kind,
            r.hex,
            r.what,
            r.rule,
            r.message
        );
    }
    Ok(())
}

/// `review`: every run of trains of a record, beside the optimum.
pub fn review(games: Games, input: &Path, company: Option<&str>, json: bool) -> Result<()> {
    let (record, name) = read_record(input)?;
    let game = record_game(games, &record, &name)?;
    let total = review::count_runs(&record).map_err(|e| e.context(&name))?;
    let bar = runs_bar(total as u64);
    let tick = || {
        if let Some(b) = &bar {
            b.inc(1);
        }
    };
    let review = review::review(&record, &game, company, &tick).map_err(|e| e.context(&name))?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if json {
        return print_json(&review);
    }
    print_review(&review, &name);
    Ok(())
}

/// A bar of runs solved, on a terminal only.
fn runs_bar(total: u64) -> Option<indicatif::ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template("reviewing {bar:30} {pos}/{len} runs")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    Some(bar)
}

/// Routes written `TRAIN A-B-C`, each turned to read the same way either
/// direction and sorted: two runs of the same routes compare equal.
fn same_routes(routes: &[String]) -> Vec<String> {
    let mut out: Vec<String> = routes
        .iter()
        .map(|r| {
            let (train, stops) = r.split_once(' ').unwrap_or((r, ""));
            let back: Vec<&str> = stops.split('-').rev().collect();
            let back = back.join("-");
            format!("{train} {}", std::cmp::min(stops, back.as_str()))
        })
        .collect();
    out.sort();
    out
}

fn money(v: Option<u32>) -> String {
    v.map_or_else(|| "?".to_string(), |v| format!("${v}"))
}

fn print_review(review: &review::Review, name: &str) {
    say!(
        "{} · {name}: {} runs of trains",
        review.title,
        review.runs.len()
    );
    say!(
        "{:>7}  {:<8} {:<14} {:>7} {:>7} {:>7} {:>6}  best routes",
        "action",
        "company",
        "trains",
        "ran",
        "priced",
        "best",
        "left"
    );
    for r in &review.runs {
        let left = match r.gap {
            _ if r.uncertain.is_some() => "?".to_string(),
            Some(0) => "-".to_string(),
            Some(g) if g < 0 => "!".to_string(),
            Some(g) => format!("${g}"),
            None => "?".to_string(),
        };
        let routes: Vec<String> = r
            .routes
            .iter()
            .map(|b| format!("{} {}", b.train, b.stops))
            .collect();
        // Our price of the player's own routes: `=` when it is the record's.
        let priced = match (r.priced, r.ran) {
            (Some(p), Some(ran)) if p == ran => "=".to_string(),
            (p, _) => money(p),
        };
        let ran = match r.ran {
            Some(v) if r.ran_priced => format!("${v}*"),
            v => money(v),
        };
        say!(
            "{:>7}  {:<8} {:<14} {:>7} {:>7} {:>7} {:>6}  {}",
            r.action,
            r.company,
            r.trains.join(","),
            ran,
            priced,
            format!("${}", r.best),
            left,
            routes.join("; ")
        );
        // The player's routes beside the best, where they differ.
        let ran_routes: Vec<String> = r
            .player
            .iter()
            .map(|p| format!("{} {}", p.train, p.stops))
            .collect();
        if !ran_routes.is_empty() && same_routes(&ran_routes) != same_routes(&routes) {
            say!("{:>63}  {}", "ran:", ran_routes.join("; "));
        }
        if let Some(without) = r.without_passing {
            say!(
                "{:>63}  passing a city others' tokens fill earns ${} more (best passing none ${without})",
                "bypass:",
                r.best - without
            );
        }
    }
    say!();
    say!("Left on the table, per company:");
    for c in &review.companies {
        say!(
            "  {:<8} {:>3} runs  ran ${:<6} best ${:<6} left ${}",
            c.company,
            c.runs,
            c.totals.ran,
            c.totals.best,
            c.totals.gap
        );
    }
    let short = review
        .runs
        .iter()
        .filter(|r| r.gap.is_some_and(|g| g > 0))
        .count();
    if let Some(why) = &review.stopped {
        say!("Runs from {why}, are not reviewed.");
    }
    for caution in &review.cautions {
        say!("Note: {caution}.");
    }
    if review.runs.iter().any(|r| r.ran_priced) {
        say!(
            "* the record holds no revenue for this run (an older record): hexroute's price of the player's routes stands in."
        );
    }
    let passing = review
        .runs
        .iter()
        .filter(|r| r.without_passing.is_some())
        .count();
    if passing > 0 {
        say!(
            "{passing} run(s) earn more passing a city others' tokens fill (bypass:), which 18xx.games's auto-router never does."
        );
    }
    let uncertain = review.runs.iter().filter(|r| r.uncertain.is_some()).count();
    if uncertain > 0 {
        say!("{uncertain} uncertain run(s) (left ?) are not counted below.");
    }
    say!(
        "In all: ran ${}, best ${}, left ${} in {short} of {} runs",
        review.total.ran,
        review.total.best,
        review.total.gap,
        review.runs.len()
    );
    let flagged: Vec<&review::RunReview> = review
        .runs
        .iter()
        .filter(|r| r.flag.is_some() || r.uncertain.is_some())
        .collect();
    if !flagged.is_empty() {
        say!();
        say!("Runs to look at (!):");
        for r in flagged {
            let why: Vec<String> = r
                .uncertain
                .iter()
                .map(|u| format!("uncertain: {u}"))
                .chain(r.flag.clone())
                .collect();
            say!("  action {} {}: {}", r.action, r.company, why.join("; "));
        }
    }
}

/// `review --action N --render FILE`: one run drawn as two maps side by
/// side, the player's routes and the best (cropped to where they differ
/// with `--crop diff`).
pub fn review_render(
    games: Games,
    input: &Path,
    action: u64,
    output: &Path,
    crop: Option<&str>,
) -> Result<()> {
    let format = super::draw::sheet_format(output)?;
    let (game, run) = one_run(games, input, action)?;
    for why in &run.refused {
        tell!(
            "hexroute: note: action {action}: hexroute refuses the player's {why}; it is not drawn"
        );
    }
    let crop = match crop {
        None => None,
        Some("diff") => difference_corners(&game, &run),
        Some(corners) => {
            let crop = corners
                .parse::<super::args::Crop>()
                .map_err(|e| anyhow::anyhow!("--crop {corners}: {e} (or `diff`)"))?;
            Some(super::draw::crop_corners(&game, &crop)?)
        }
    };
    super::draw::render_run(&game, &run, output, format, crop)
}

/// The corners of the hexes where the player's routes and the best
/// differ, a hex's width of margin around them (none: they are the same,
/// and the whole map is drawn).
fn difference_corners(game: &Game, run: &review::RunRoutes) -> Option<((i32, i32), (i32, i32))> {
    let parts: Vec<(i32, i32)> = run
        .differing_hexes()
        .iter()
        .filter_map(|h| game.hex(h).ok())
        .map(|c| game.coords.split(c))
        .collect();
    let (ls, ns): (Vec<i32>, Vec<i32>) = parts.into_iter().unzip();
    let (l0, l1) = (ls.iter().min()?, ls.iter().max()?);
    let (n0, n1) = (ns.iter().min()?, ns.iter().max()?);
    Some(((l0 - 1, n0 - 2), (l1 + 1, n1 + 2)))
}

/// `review --action N`: that run in detail, each train's route as the
/// player ran it and the best.
pub fn review_action(games: Games, input: &Path, action: u64, json: bool) -> Result<()> {
    let (game, run) = one_run(games, input, action)?;
    let detail = run.detail(&game);
    if json {
        return print_json(&detail);
    }
    say!(
        "{} · action {}: {} runs in phase {}",
        game.id,
        detail.action,
        detail.company,
        detail.phase
    );
    let recorded = detail
        .recorded
        .map_or_else(String::new, |r| format!(" (the record says ${r})"));
    say!(
        "The player ran ${}{recorded}; the best is ${} (${} more).",
        detail.ran.total,
        detail.best.total,
        i64::from(detail.best.total) - i64::from(detail.ran.total)
    );
    for why in &detail.refused {
        say!("hexroute refuses the player's {why}.");
    }
    for note in &detail.notes {
        say!("Note: {note}.");
    }
    print_routes("The player's routes", &detail.ran);
    print_routes("The best routes", &detail.best);
    Ok(())
}

/// Each train's route: its stops with the value each adds, its bonuses,
/// its revenue.
fn print_routes(heading: &str, routes: &hexroute::routes::report::CompanyRoutes) {
    say!();
    say!("{heading}:");
    if routes.routes.is_empty() {
        say!("  (none)");
    }
    for r in &routes.routes {
        let stops: Vec<String> = r
            .stops
            .iter()
            .map(|s| {
                if s.skipped {
                    format!("{} (passed)", s.hex)
                } else {
                    format!("{} ${}", s.hex, s.counted)
                }
            })
            .collect();
        let bonuses: String = r
            .bonuses
            .iter()
            .map(|b| format!(" + {} ${}", b.name, b.amount))
            .collect();
        say!(
            "  {:<6} ${:<5} {}{bonuses}",
            r.train,
            r.revenue,
            stops.join(", ")
        );
    }
}

/// An 18xx.games record read from `input`, and the name errors give it.
fn read_record(input: &Path) -> Result<(x18::Record, String)> {
    let text = read_input(input)?;
    let name = display(input);
    if import::format(&text) != Some(Format::EighteenXX) {
        bail!("{name}: not an 18xx.games game record (a game's Tools tab → Game Data → Download)");
    }
    let record = x18::Record::parse(&text).map_err(|e| e.context(&name))?;
    Ok((record, name))
}

/// The record read and replayed to the run at `action`.
fn one_run(games: Games, input: &Path, action: u64) -> Result<(Game, review::RunRoutes)> {
    let (record, name) = read_record(input)?;
    let last = record.last_id();
    if action > last {
        bail!(
            "{name}: --action {action}: the record's actions are numbered 1 to {last} (review lists its runs in its first column)"
        );
    }
    let game = record_game(games, &record, &name)?;
    let run = review::run_routes(&record, &game, action).map_err(|e| e.context(&name))?;
    Ok((game, run))
}
