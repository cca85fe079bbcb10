//! `routes`: find the best routes, print them for people or as the typed
//! report for scripts, and optionally draw them.

use super::io::{display, load_save, print_json};
use super::{PictureArgs, RoutesArgs, draw};
use anyhow::{Result, anyhow, bail};
use hexroute::game::{self, Game};
use hexroute::routes::report::{CompanyRoutes, RoutesReport, stop_name};
use hexroute::routes::{self, ActiveBonus, BonusRule, Query, Solution};
use hexroute::state::MapState;
use hexroute::suggest;
use std::io::IsTerminal;
use std::path::Path;

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
        let amount = bonus_amount(amount).map_err(|e| anyhow!("--visit-bonus {spec}: {e}"))?;
        out.push(ActiveBonus {
            name: format!("visit {}", hex.trim()),
            amount,
            multiplied: false,
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
        let amount = bonus_amount(amount).map_err(|e| anyhow!("--connection-bonus {spec}: {e}"))?;
        out.push(ActiveBonus {
            name: format!("connect {}", hexes.trim()),
            amount,
            multiplied: false,
            kind: BonusRule::Connection {
                from: from_c,
                to_any,
            },
            trains: vec![],
        });
    }
    Ok(out)
}

/// An ad-hoc bonus: a whole number of dollars no game exceeds.
fn bonus_amount(text: &str) -> Result<u32> {
    let amount: u32 = text
        .trim()
        .parse()
        .map_err(|_| anyhow!("\"{text}\" is not a whole number of dollars"))?;
    if amount > game::MAX_BONUS {
        bail!(
            "${amount} is more than the ${} a bonus may be",
            game::MAX_BONUS
        );
    }
    Ok(amount)
}

pub fn routes(custom: Option<&Path>, args: RoutesArgs) -> Result<()> {
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
            .company(args.company.as_deref().unwrap_or_default())?
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
            .collect::<Result<_, _>>()?
    };
    progress.finish();
    let mut reports: Vec<CompanyRoutes> = solutions
        .iter()
        .map(|s| CompanyRoutes::new(&game, s))
        .collect();
    let report = if args.all {
        RoutesReport::Many(reports)
    } else {
        RoutesReport::One(reports.remove(0))
    };
    if let Some(picture) = &args.render {
        let look = PictureArgs {
            hex_size: None,
            format: None,
        };
        draw::render_routes(&game, &state, &report, picture, &look)?;
    }
    if args.json {
        print_json(&report)?;
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
        .map(|t| game.train(t).cloned().map_err(anyhow::Error::from))
        .collect::<Result<Vec<_>>>()?;
    Ok(Query {
        company: company.to_string(),
        trains,
        bonuses: bonuses.to_vec(),
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
