//! What each subcommand does: load, act, print or write. Errors carry the
//! file and the offending value; the exit code says whose fault it was.

use crate::cli::{Cli, Command, RoutesArgs};
use crate::{edits, pictures};
use anyhow::{Context, Result, anyhow, bail};
use hexroute::game::{self, Game};
use hexroute::routes::{self, ActiveBonus, BonusRule, Query, Solution};
use hexroute::rules::LayKind;
use hexroute::save;
use hexroute::state::MapState;
use hexroute::{import, suggest};
use serde_json::json;
use std::io::{IsTerminal, Read};
use std::path::Path;

/// A failure of hexroute itself rather than of its input (exit code 1).
#[derive(Debug, thiserror::Error)]
#[error("internal error: {0}")]
pub struct Internal(pub String);

/// 1 for internal failures, 2 for everything the user can fix.
pub fn exit_code(e: &anyhow::Error) -> u8 {
    if e.downcast_ref::<Internal>().is_some() {
        1
    } else {
        2
    }
}

pub fn run(cli: Cli) -> Result<()> {
    let custom = cli.game_file.as_deref();
    match cli.command {
        Command::New {
            game,
            output,
            force,
        } => new(custom, &game, &output, force),
        Command::Show {
            file,
            json,
            history,
        } => {
            if history {
                show_history(custom, &file, json)
            } else {
                show(custom, &file, json)
            }
        }
        Command::Place {
            edit,
            hex,
            tile,
            rotate,
            company,
        } => edits::lay(
            custom,
            &edit,
            LayKind::Place,
            &hex,
            &tile,
            rotate,
            company.as_deref(),
        ),
        Command::Upgrade {
            edit,
            hex,
            tile,
            rotate,
            company,
            list,
            json,
        } => match (list, tile) {
            (true, _) => edits::list_upgrades(custom, &edit.file, &hex, company.as_deref(), json),
            (false, Some(tile)) => edits::lay(
                custom,
                &edit,
                LayKind::Upgrade,
                &hex,
                &tile,
                rotate,
                company.as_deref(),
            ),
            (false, None) => bail!("upgrade needs a tile name (or --list)"),
        },
        Command::Token {
            edit,
            hex,
            company,
            space,
            remove,
        } => edits::token(custom, &edit, &hex, &company, space, remove),
        Command::Phase { edit, phase } => edits::phase(custom, &edit, &phase),
        Command::Undo { edit } => edits::undo(custom, &edit),
        Command::Import {
            save,
            output,
            force,
        } => import_save(custom, &save, &output, force),
        Command::Games => games(custom),
        Command::Tiles {
            game,
            json,
            output,
            picture,
        } => match output {
            Some(out) => pictures::tile_sheet(&load_game(custom, &game)?, &out, &picture),
            None => tiles(custom, &game, json),
        },
        Command::Render(args) => pictures::render_cmd(custom, args),
        Command::Routes(args) => routes_cmd(custom, args),
    }
}

/// How an input path is named in messages (`-` is standard input).
pub(crate) fn display(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

pub(crate) fn read_input(path: &Path) -> Result<String> {
    let mut text = String::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .read_to_string(&mut text)
            .context("<stdin>")?;
    } else {
        text = std::fs::read_to_string(path).with_context(|| display(path))?;
    }
    Ok(text)
}

/// Loads a game by id: the custom file when given (its id must match), else built-in.
fn load_game(custom: Option<&Path>, id: &str) -> Result<Game> {
    match custom {
        Some(path) => {
            let g = game::from_file(path).map_err(|e| anyhow!(e))?;
            if g.id != id {
                bail!(
                    "{}: defines game \"{}\", but \"{id}\" was asked for",
                    path.display(),
                    g.id
                );
            }
            Ok(g)
        }
        None => game::builtin(id).map_err(|e| anyhow!(e)),
    }
}

/// Reads a saved game and the game it belongs to.
pub(crate) fn load_save(custom: Option<&Path>, path: &Path) -> Result<(Game, MapState)> {
    let text = read_input(path)?;
    let name = display(path);
    let id = save::game_id(&text).map_err(|e| anyhow!("{name}: {e}"))?;
    let game = load_game(custom, &id).with_context(|| name.clone())?;
    let state = save::from_json(&text, &game).map_err(|e| anyhow!("{name}: {e}"))?;
    Ok((game, state))
}

fn refuse_overwrite(output: &Path, force: bool) -> Result<()> {
    if output.as_os_str() != "-" && output.exists() && !force {
        bail!(
            "{}: already exists (use --force to overwrite)",
            output.display()
        );
    }
    Ok(())
}

pub(crate) fn write_save(output: &Path, game: &Game, state: &MapState) -> Result<()> {
    let text = save::to_json(state, game);
    // Whatever we write must load back; a failure here is our bug.
    save::from_json(&text, game)
        .map_err(|e| Internal(format!("written game does not reload: {e}")))?;
    save::write_atomic(output, text.as_bytes()).with_context(|| display_out(output))
}

/// How an output path is named in messages (`-` is standard output).
pub(crate) fn display_out(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdout>".into()
    } else {
        path.display().to_string()
    }
}

fn new(custom: Option<&Path>, id: &str, output: &Path, force: bool) -> Result<()> {
    let game = load_game(custom, id)?;
    refuse_overwrite(output, force)?;
    write_save(output, &game, &MapState::new())
}

fn import_save(custom: Option<&Path>, input: &Path, output: &Path, force: bool) -> Result<()> {
    let text = read_input(input)?;
    let name = display(input);
    let full = import::game_name(&text).map_err(|e| anyhow!("{name}: {e}"))?;
    let game = match custom {
        Some(path) => game::from_file(path).map_err(|e| anyhow!(e))?,
        None => game::builtin_ids()
            .into_iter()
            .map(|id| game::builtin(id).map_err(|e| anyhow!(e)))
            .collect::<Result<Vec<_>>>()?
            .into_iter()
            .find(|g| g.import.name == full || g.id == full)
            .ok_or_else(|| {
                anyhow!("{name}: the save is for \"{full}\", which hexroute does not know")
            })?,
    };
    let state = import::import(&text, &game).map_err(|e| anyhow!("{name}: {e}"))?;
    // Structural checks (token spaces, companies) are the saved-game loader's.
    save::from_json(&save::to_json(&state, &game), &game).map_err(|e| anyhow!("{name}: {e}"))?;
    refuse_overwrite(output, force)?;
    write_save(output, &game, &state)
}

fn games(custom: Option<&Path>) -> Result<()> {
    if let Some(path) = custom {
        let g = game::from_file(path).map_err(|e| anyhow!(e))?;
        println!("{:<6} {}  (from {})", g.id, g.name, path.display());
    }
    for id in game::builtin_ids() {
        let g = game::builtin(id).map_err(Internal)?;
        println!("{:<6} {}", g.id, g.name);
    }
    Ok(())
}

fn tiles(custom: Option<&Path>, id: &str, as_json: bool) -> Result<()> {
    let game = load_game(custom, id)?;
    if as_json {
        let list: Vec<_> = game
            .tile_counts
            .iter()
            .map(|(name, count)| {
                let t = &game.tiles[name];
                json!({"tile": name, "colour": t.colour.name(), "count": count, "labels": t.labels})
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&list)?);
        return Ok(());
    }
    println!("{} — {} player tiles", game.name, game.tile_counts.len());
    println!("{:<6} {:<7} {:>5}  TRACK", "TILE", "COLOUR", "COUNT");
    for (name, count) in &game.tile_counts {
        let t = &game.tiles[name];
        let label = if t.labels.is_empty() {
            String::new()
        } else {
            format!(" [{}]", t.labels.join(","))
        };
        println!(
            "{:<6} {:<7} {:>5}  {}{}",
            name,
            t.colour.name(),
            count,
            t.describe(Default::default()),
            label
        );
    }
    Ok(())
}

fn show(custom: Option<&Path>, file: &Path, as_json: bool) -> Result<()> {
    let (game, state) = load_save(custom, file)?;
    let phase = &game.phases[state.phase];
    let laid: Vec<_> = state.laid_tiles().collect();
    let supply = state.supply(&game);
    let mut by_company: Vec<(String, Vec<(String, usize)>)> = Vec::new();
    for (c, space, company) in state.tokens() {
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
        let out = json!({
            "game": game.id,
            "name": game.name,
            "phase": phase.name,
            "tiles": laid.iter().map(|(c, t, r)| json!({
                "hex": game.format(*c), "tile": t, "rotation": r.steps(),
                "location": game.location(*c),
            })).collect::<Vec<_>>(),
            "tokens": by_company.iter().map(|(co, list)| (co.clone(), list.iter().map(|(h, s)| json!({"hex": h, "space": s})).collect::<serde_json::Value>())).collect::<serde_json::Map<_, _>>(),
            "trains": state.trains,
            "supply": supply.iter().map(|(t, n, left)| json!({"tile": t, "count": n, "left": left})).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    println!(
        "{} — phase {} (lays {})",
        game.name,
        phase.name,
        phase.tiles_word()
    );
    println!("\nTiles laid ({}):", laid.len());
    for (c, t, r) in &laid {
        let loc = game
            .location(*c)
            .map(|l| format!("  {l}"))
            .unwrap_or_default();
        println!("  {:<4} {:<5} rotation {}{}", game.format(*c), t, r, loc);
    }
    println!("\nTokens ({}):", state.tokens().count());
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
        println!("  {:<4} {}", co, places.join(", "));
    }
    if !state.trains.is_empty() {
        println!("\nTrains:");
        for (co, trains) in &state.trains {
            println!("  {:<4} {}", co, trains.join(", "));
        }
    }
    println!("\nSupply (left/count):");
    let cells: Vec<String> = supply
        .iter()
        .map(|(t, n, left)| match left {
            Some(left) => format!("{t}:{left}/{n}"),
            None => format!("{t}:{n}"),
        })
        .collect();
    for chunk in cells.chunks(10) {
        println!("  {}", chunk.join("  "));
    }
    Ok(())
}

fn show_history(custom: Option<&Path>, file: &Path, as_json: bool) -> Result<()> {
    let (game, state) = load_save(custom, file)?;
    let changes: Vec<(String, String, Vec<String>)> = state
        .history
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
            (ch.command.clone(), ch.time.clone(), what)
        })
        .collect();
    if as_json {
        let out: Vec<_> = changes
            .iter()
            .map(|(cmd, time, what)| json!({"command": cmd, "time": time, "changes": what}))
            .collect();
        println!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    if changes.is_empty() {
        println!("No changes recorded.");
    }
    for (n, (cmd, time, what)) in changes.iter().enumerate() {
        println!("{:>3}. {time}  hexroute {cmd}", n + 1);
        for w in what {
            println!("       {w}");
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

/// Bonuses in force: the game's always-on ones, the named optional ones, ad-hoc ones.
fn active_bonuses(game: &Game, state: &MapState, args: &RoutesArgs) -> Result<Vec<ActiveBonus>> {
    let mut out = Vec::new();
    for name in &args.bonuses {
        if !game
            .bonuses
            .iter()
            .any(|b| b.optional && b.name.eq_ignore_ascii_case(name))
        {
            let names: Vec<&str> = game
                .bonuses
                .iter()
                .filter(|b| b.optional)
                .map(|b| b.name.as_str())
                .collect();
            bail!(
                "unknown bonus \"{name}\" in {}{}; optional bonuses: {}",
                game.id,
                suggest::hint(name, names.iter().copied()),
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            );
        }
    }
    out.extend(routes::bonuses_in_force(game, state.phase, &args.bonuses));
    for spec in &args.visit_bonuses {
        let (hex, amount) = spec
            .split_once('=')
            .ok_or_else(|| anyhow!("--visit-bonus {spec}: expected HEX=AMOUNT, e.g. H10=10"))?;
        let c = game
            .hex(hex)
            .map_err(|e| anyhow!("--visit-bonus {spec}: {e}"))?;
        let amount: u32 = amount
            .trim()
            .parse()
            .map_err(|_| anyhow!("--visit-bonus {spec}: \"{amount}\" is not a whole number"))?;
        out.push(ActiveBonus {
            name: format!("visit {}", hex.trim()),
            amount,
            kind: BonusRule::Visit(vec![c]),
            trains: vec![],
        });
    }
    for spec in &args.connection_bonuses {
        let bad = || {
            anyhow!("--connection-bonus {spec}: expected FROM:TO,...=AMOUNT, e.g. K13:H10,L12=100")
        };
        let (hexes, amount) = spec.split_once('=').ok_or_else(bad)?;
        let (from, to) = hexes.split_once(':').ok_or_else(bad)?;
        let from_c = game
            .hex(from)
            .map_err(|e| anyhow!("--connection-bonus {spec}: {e}"))?;
        let to_any = to
            .split(',')
            .map(|h| {
                game.hex(h)
                    .map_err(|e| anyhow!("--connection-bonus {spec}: {e}"))
            })
            .collect::<Result<Vec<_>>>()?;
        let amount: u32 = amount.trim().parse().map_err(|_| bad())?;
        out.push(ActiveBonus {
            name: format!("connect {}", hexes.trim()),
            amount,
            kind: BonusRule::Connection {
                from: from_c,
                to_any,
            },
            trains: vec![],
        });
    }
    Ok(out)
}

fn routes_cmd(custom: Option<&Path>, args: RoutesArgs) -> Result<()> {
    let (game, state) = load_save(custom, &args.file)?;
    let bonuses = active_bonuses(&game, &state, &args)?;
    let mut queries = Vec::new();
    if args.all {
        for (company, trains) in &state.trains {
            if state.tokens().any(|(_, _, co)| co == company) && !trains.is_empty() {
                queries.push(build_query(&game, company, trains, &bonuses)?);
            }
        }
        if queries.is_empty() {
            bail!(
                "{}: no company has both tokens and trains in this saved game",
                display(&args.file)
            );
        }
    } else {
        let company = game
            .company(args.company.as_deref().unwrap_or_default())
            .map_err(|e| anyhow!(e))?
            .abbrev
            .clone();
        let trains = if args.trains.is_empty() {
            state.trains.get(&company).cloned().unwrap_or_default()
        } else {
            args.trains.clone()
        };
        if trains.is_empty() {
            bail!(
                "{company} has no trains in {}; name them with --trains, e.g. --trains 5,8",
                display(&args.file)
            );
        }
        if !state.tokens().any(|(_, _, co)| co == company) {
            bail!(
                "{company} has no tokens on the map in {}, so it cannot run routes",
                display(&args.file)
            );
        }
        queries.push(build_query(&game, &company, &trains, &bonuses)?);
    }
    let progress = SearchProgress::new(
        queries.len(),
        !args.quiet && std::io::stderr().is_terminal(),
    );
    let net = routes::network::Network::build(&game, &state);
    let solutions: Vec<Solution> = {
        use rayon::prelude::*;
        queries
            .par_iter()
            .enumerate()
            .map(|(i, q)| routes::solve_watched(&net, q, &|p| progress.update(i, p)))
            .collect()
    };
    progress.finish();
    let list: Vec<serde_json::Value> = solutions.iter().map(|s| solution_json(&game, s)).collect();
    let out = if args.all {
        serde_json::Value::Array(list)
    } else {
        list.into_iter().next().expect("one query")
    };
    if let Some(picture) = &args.render {
        let look = crate::cli::PictureArgs {
            hex_size: None,
            format: None,
        };
        pictures::render_routes(&game, &state, &out, picture, &look)?;
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&out)?);
    } else {
        for (i, s) in solutions.iter().enumerate() {
            if i > 0 {
                println!();
            }
            print_solution(&game, s);
        }
    }
    Ok(())
}

fn build_query(
    game: &Game,
    company: &str,
    trains: &[String],
    bonuses: &[ActiveBonus],
) -> Result<Query> {
    let trains = trains
        .iter()
        .map(|t| game.train(t).cloned().map_err(|e| anyhow!(e)))
        .collect::<Result<Vec<_>>>()?;
    Ok(Query {
        company: company.to_string(),
        trains,
        bonuses: bonuses.to_vec(),
    })
}

fn stop_name(game: &Game, s: &routes::RouteStop) -> String {
    game.location(s.hex)
        .map(str::to_string)
        .unwrap_or_else(|| match s.kind {
            routes::network::StopKind::City(_) => "city".into(),
            routes::network::StopKind::Town(_) => "town".into(),
        })
}

fn print_solution(game: &Game, s: &Solution) {
    println!("{} — {} routes considered", s.company, s.candidates);
    if s.routes.is_empty() {
        println!("  no route can be run: revenue $0");
    }
    for r in &s.routes {
        println!("  train {:<5} ${}", r.train, r.revenue);
        for st in &r.stops {
            let value = if st.skipped {
                "skipped".to_string()
            } else {
                format!("${}", st.revenue)
            };
            println!(
                "    {:<4} {:<22} {}",
                game.format(st.hex),
                stop_name(game, st),
                value
            );
        }
        for (name, amount) in &r.bonuses {
            println!("    bonus: {name} +${amount}");
        }
    }
    println!("  total ${}", s.total);
}

/// The documented `routes --json` object (see README).
fn solution_json(game: &Game, s: &Solution) -> serde_json::Value {
    json!({
        "company": s.company,
        "total": s.total,
        "candidates": s.candidates,
        "routes": s.routes.iter().map(|r| json!({
            "train": r.train,
            "revenue": r.revenue,
            "hexes": r.hexes.iter().map(|h| game.format(*h)).collect::<Vec<_>>(),
            "stops": r.stops.iter().map(|st| json!({
                "hex": game.format(st.hex),
                "name": stop_name(game, st),
                "kind": match st.kind { routes::network::StopKind::City(_) => "city", routes::network::StopKind::Town(_) => "town" },
                "index": match st.kind { routes::network::StopKind::City(i) | routes::network::StopKind::Town(i) => i },
                "revenue": st.revenue,
                "skipped": st.skipped,
            })).collect::<Vec<_>>(),
            "bonuses": r.bonuses.iter().map(|(n, a)| json!({"name": n, "amount": a})).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

/// A progress bar on stderr for route searches that run over a second;
/// shorter searches never draw one.
struct SearchProgress {
    bar: Option<indicatif::ProgressBar>,
    started: std::time::Instant,
    /// Branches done and in all, for each company searched.
    counts: std::sync::Mutex<Vec<(u64, u64)>>,
}

impl SearchProgress {
    fn new(searches: usize, enabled: bool) -> SearchProgress {
        let bar = enabled.then(|| {
            let bar = indicatif::ProgressBar::with_draw_target(
                Some(0),
                indicatif::ProgressDrawTarget::hidden(),
            );
            bar.set_style(
                indicatif::ProgressStyle::with_template(
                    "{msg} [{bar:30}] {percent:>3}% {elapsed_precise} (ETA {eta})",
                )
                .expect("valid template")
                .progress_chars("=> "),
            );
            bar.set_message("assigning trains to routes");
            bar
        });
        SearchProgress {
            bar,
            started: std::time::Instant::now(),
            counts: std::sync::Mutex::new(vec![(0, 0); searches]),
        }
    }

    fn update(&self, search: usize, p: routes::assign::Progress) {
        let Some(bar) = &self.bar else { return };
        let (done, total) = {
            let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
            counts[search] = (p.done, p.total);
            counts
                .iter()
                .fold((0, 0), |(d, t), (dd, tt)| (d + dd, t + tt))
        };
        if bar.is_hidden() && self.started.elapsed() > std::time::Duration::from_secs(1) {
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
        bar.set_length(total);
        bar.set_position(done);
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
