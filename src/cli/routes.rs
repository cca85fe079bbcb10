//! `routes`: find the best routes, print them for people or as the typed
//! report for scripts, and optionally draw them.

use super::io::{display, load_save, print_json};
use super::progress::SearchProgress;
use super::term::{escape, say};
use super::{PictureArgs, RoutesArgs, draw};
use anyhow::{Result, anyhow, bail};
use hexroute::dividend::{self, Pay, Payout};
use hexroute::game::{self, Game};
use hexroute::routes::assign::Limit;
use hexroute::routes::report::{CompanyRoutes, RouteReport, RoutesReport};
use hexroute::routes::{self, ActiveBonus, BonusRule, Query, Solution};
use hexroute::state::MapState;
use hexroute::suggest;
use std::io::IsTerminal;
use std::path::Path;
use std::time::{Duration, Instant};

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
    if let [file] = args.files.as_slice() {
        return routes_of_one(custom, file, &args);
    }
    if args.render.is_some() {
        bail!("--render draws one game; give one file");
    }
    many_files(custom, &args)
}

/// Several saves, solved in parallel. Each file's reports (or its error)
/// are printed in the order given; a bad file does not stop the others.
fn many_files(custom: Option<&Path>, args: &RoutesArgs) -> Result<()> {
    use rayon::prelude::*;
    let limit = time_limit(args);
    let results: Vec<Result<Solved>> = args
        .files
        .par_iter()
        .map(|f| solve_file(custom, f, args, &|_, _| {}, &limit))
        .collect();
    let mut failed = 0;
    let mut internal = false;
    for (file, result) in args.files.iter().zip(results) {
        let shown = display(file);
        match result {
            Ok(solved) => {
                if solved.reports.is_empty() && !args.json {
                    say!("{shown}:");
                    say!("{}", nobody_runs(file));
                    say!();
                }
                for mut r in solved.reports {
                    if args.json {
                        r.file = Some(shown.clone());
                        println!("{}", serde_json::to_string(&r)?);
                    } else {
                        say!("{shown}:");
                        print_report(&r);
                        say!();
                    }
                }
            }
            Err(e) => {
                failed += 1;
                internal |= super::io::exit_code(&e) == 1;
                let text = format!("{e:#}");
                if text.contains(&shown) {
                    eprintln!("hexroute: error: {}", escape(&text));
                } else {
                    eprintln!("hexroute: error: {}", escape(&format!("{shown}: {text}")));
                }
            }
        }
    }
    if failed > 0 {
        let summary = format!(
            "{failed} of {} files could not be solved (see above)",
            args.files.len()
        );
        return Err(if internal {
            hexroute::Error::Internal(summary)
        } else {
            hexroute::Error::Invalid(summary)
        }
        .into());
    }
    Ok(())
}

/// What `--all` says of a save where no company has both a token on the
/// map and a train: not an error, an empty list (`[]` with `--json`).
fn nobody_runs(file: &Path) -> String {
    format!(
        "no company has both tokens and trains in {}, so none runs (add trains: hexroute trains FILE CO --add 2)",
        display(file)
    )
}

/// One file's reports, with the game they were found in.
struct Solved {
    game: Game,
    state: MapState,
    reports: Vec<CompanyRoutes>,
}

fn time_limit(args: &RoutesArgs) -> Limit {
    match args.time_limit {
        Some(secs) => Limit::until(Instant::now() + Duration::from_secs_f64(secs)),
        None => Limit::none(),
    }
}

fn routes_of_one(custom: Option<&Path>, file: &Path, args: &RoutesArgs) -> Result<()> {
    let progress = SearchProgress::new(!args.quiet && std::io::stderr().is_terminal());
    let limit = time_limit(args);
    let solved = solve_file(custom, file, args, &|i, p| progress.update(i, p), &limit);
    progress.finish();
    let Solved {
        game,
        state,
        mut reports,
    } = solved?;
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
        let list = match &report {
            RoutesReport::One(r) => std::slice::from_ref(r),
            RoutesReport::Many(rs) => rs.as_slice(),
        };
        if list.is_empty() {
            say!("{}", nobody_runs(file));
        }
        for (i, r) in list.iter().enumerate() {
            if i > 0 {
                say!();
            }
            print_report(r);
        }
    }
    Ok(())
}

/// Loads a save and finds each asked company's best routes (and payout).
fn solve_file(
    custom: Option<&Path>,
    file: &Path,
    args: &RoutesArgs,
    progress: &(dyn Fn(usize, routes::assign::Progress) + Sync),
    limit: &Limit,
) -> Result<Solved> {
    let (game, state) = load_save(custom, file)?;
    let bonuses = active_bonuses(&game, &state, args)?;
    let mut queries = Vec::new();
    if args.all {
        for (company, trains) in &state.trains {
            if state.tokens().any(|(_, _, co)| co == company) && !trains.is_empty() {
                queries.push(build_query(&game, company, trains, &bonuses)?);
            }
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
                "{company} has no trains in {}; name them with --trains, e.g. --trains 5,8, or add them: hexroute trains FILE {company} --add 5",
                display(file)
            );
        }
        if !state.tokens().any(|(_, _, co)| co == company) {
            bail!(
                "{company} has no tokens on the map in {}, so it cannot run routes",
                display(file)
            );
        }
        queries.push(build_query(&game, &company, &trains, &bonuses)?);
    }
    let net = routes::network::Network::build(&game, &state);
    let solutions: Vec<Solution> = {
        use rayon::prelude::*;
        queries
            .par_iter()
            .enumerate()
            .map(|(i, q)| routes::solve_within(&net, q, &|p| progress(i, p), limit))
            .collect::<Result<_, _>>()?
    };
    let mut reports = Vec::new();
    for s in &solutions {
        let mut r = CompanyRoutes::new(&game, s);
        if let Some(how) = args.pay {
            let company = game.company(&s.company)?;
            r.payout = Some(
                dividend::pay(&game, company, s.total, how.into())
                    .map_err(|e| e.context(format!("{} --pay", s.company)))?,
            );
        }
        reports.push(r);
    }
    Ok(Solved {
        game,
        state,
        reports,
    })
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

fn print_report(r: &CompanyRoutes) {
    say!(
        "{} — {} route{} considered",
        r.company,
        r.candidates,
        if r.candidates == 1 { "" } else { "s" }
    );
    if r.routes.is_empty() {
        say!("  no route can be run: revenue $0");
    }
    for route in &r.routes {
        say!(
            "  train {:<5} ${}{}",
            route.train,
            route.revenue,
            multiplied_words(route)
        );
        for st in &route.stops {
            let value = if st.skipped {
                "skipped".to_string()
            } else {
                format!("${}", st.revenue)
            };
            say!("    {:<4} {:<22} {}", st.hex, st.name, value);
        }
        for b in &route.bonuses {
            say!("    bonus: {} +${}", b.name, b.amount);
        }
    }
    if r.optimal {
        say!("  total ${}", r.total);
    } else {
        say!(
            "  total ${} (not proven optimal: the time limit ended the search)",
            r.total
        );
    }
    if let Some(p) = &r.payout {
        say!("  {}", payout_words(p));
    }
}

/// How a multiplying train's revenue is made up, `  (stops $390 ×2)`;
/// nothing for a train that multiplies by 1.
fn multiplied_words(route: &RouteReport) -> String {
    if route.multiplier == 1 {
        return String::new();
    }
    let face: u32 = route
        .stops
        .iter()
        .filter(|st| !st.skipped)
        .map(|st| st.revenue)
        .sum();
    format!("  (stops ${face} ×{})", route.multiplier)
}

/// `pays $115 per share (10 shares); treasury keeps $0`.
fn payout_words(p: &Payout) -> String {
    match p.pay {
        Pay::Withhold => format!("withholds: treasury keeps ${}", p.revenue),
        Pay::Split => format!(
            "splits: treasury keeps ${}, owner gets ${}",
            p.treasury, p.per_share
        ),
        Pay::Full | Pay::Half => format!(
            "pays {}: ${} per {}% share ({} shares); treasury keeps ${}",
            if p.pay == Pay::Full { "full" } else { "half" },
            p.per_share,
            100 / p.shares.max(1),
            p.shares,
            p.treasury
        ),
    }
}
