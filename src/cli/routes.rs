//! `routes`: find the best routes, print them for people or as the typed
//! report for scripts, and optionally draw them.

use super::io::{Games, display, print_json};
use super::progress::{Counting, SearchProgress};
use super::term::{print_json_line, say, tell};
use super::{CheckArg, PictureArgs, RoutesArgs, draw};
use anyhow::{Result, bail};
use hexroute::dividend::{self, Pay, Payout};
use hexroute::game::Game;
use hexroute::import::x18::{self, EngineTrain};
use hexroute::routes::assign::Limit;
use hexroute::routes::report::{CompanyRoutes, RouteReport, RoutesReport};
use hexroute::routes::request::{self, Bonuses, Runners};
use hexroute::routes::{self, Solution, check};
use hexroute::state::MapState;
use std::io::IsTerminal;
use std::path::Path;
use std::time::{Duration, Instant};

pub fn routes(games: Games, args: RoutesArgs) -> Result<()> {
    if !args.check.is_empty() {
        let [file] = args.files.as_slice() else {
            bail!("--check prices routes on one saved game; give one file");
        };
        return check_routes(games, file, &args);
    }
    if let [file] = args.files.as_slice() {
        return routes_of_one(games, file, &args);
    }
    if args.render.is_some() {
        bail!("--render draws one game; give one file");
    }
    many_files(games, &args)
}

/// Several saves, solved in parallel. Each file's reports (or its error)
/// are printed in the order given; a bad file does not stop the others.
fn many_files(games: Games, args: &RoutesArgs) -> Result<()> {
    use rayon::prelude::*;
    let limit = time_limit(args);
    let results: Vec<Result<Solved>> = args
        .files
        .par_iter()
        .map(|f| solve_file(games, f, &Ask::of(args), &|_, _| {}, &limit))
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
                        print_json_line(&r)?;
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
                    tell!("hexroute: error: {text}");
                } else {
                    tell!("hexroute: error: {shown}: {text}");
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

fn routes_of_one(games: Games, file: &Path, args: &RoutesArgs) -> Result<()> {
    let progress = SearchProgress::new(
        Counting::Routes,
        !args.quiet && std::io::stderr().is_terminal(),
    );
    let limit = time_limit(args);
    let ask = Ask::of(args);
    let solved = solve_file(games, file, &ask, &|i, p| progress.update(i, p), &limit);
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
        draw::render_routes(&game, &state, &report, picture, &look, &[])?;
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
/// What is asked of each save, typed once from the arguments.
struct Ask {
    runners: Runners,
    bonuses: Bonuses,
    pay: Option<Pay>,
}

impl Ask {
    fn of(args: &RoutesArgs) -> Ask {
        Ask {
            runners: args.runners(),
            bonuses: args.bonuses(),
            pay: args.pay.map(Pay::from),
        }
    }
}

fn solve_file(
    games: Games,
    file: &Path,
    ask: &Ask,
    progress: &(dyn Fn(usize, routes::assign::Progress) + Sync),
    limit: &Limit,
) -> Result<Solved> {
    let (game, state) = games.save(file)?;
    let bonuses = ask.bonuses.in_force(&game, &state)?;
    let queries = request::queries(&game, &state, &ask.runners, &bonuses, &display(file))?;
    let net = routes::network::Network::build(&game, &state);
    // Every search on the bar from the start, so those not yet begun
    // count as work left.
    for i in 0..queries.len() {
        progress(i, routes::assign::Progress { done: 0, total: 0 });
    }
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
        if let Some(how) = ask.pay {
            let company = game.company(&s.company)?;
            r.payout = Some(
                dividend::pay(&game, company, s.total, how)
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

fn print_report(r: &CompanyRoutes) {
    say!(
        "{} — {} route{} considered",
        r.company,
        r.candidates,
        if r.candidates == 1 { "" } else { "s" }
    );
    if let Some(token) = &r.lose_lowest {
        say!(
            "  {}: it loses its lowest route if every train runs, so one train fewer runs, paying the same",
            token
        );
    }
    if let Some(hexes) = &r.required_route {
        say!(
            "  one route must run between {} (both ends among them): it has just connected its destination",
            hexes.join(" and ")
        );
    }
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
        print_stops(route);
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

/// A route's stops, each with its value or `skipped`, then its bonuses.
fn print_stops(route: &RouteReport) {
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

/// How a multiplying train's revenue is made up, `  (stops $390 ×2)`,
/// or a train paying half's, `  (obsolete: half of $190)`; nothing for a
/// train that multiplies by 1 and pays in full.
fn multiplied_words(route: &RouteReport) -> String {
    if route.halved {
        let counted: u32 = route.stops.iter().map(|st| st.counted).sum();
        let bonuses: u32 = route.bonuses.iter().map(|b| b.amount).sum();
        return format!("  (obsolete: half of ${})", counted + bonuses);
    }
    if route.multiplier == 1 {
        return String::new();
    }
    // Free towns are paid at face value: counted as they stand.
    let (mut face, mut towns) = (0, 0);
    for st in route.stops.iter().filter(|st| !st.skipped) {
        if st.counted == st.revenue.saturating_mul(route.multiplier) {
            face += st.revenue;
        } else {
            towns += st.counted;
        }
    }
    if towns > 0 {
        return format!("  (stops ${face} ×{} + towns ${towns})", route.multiplier);
    }
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

/// `routes --check`: prices the routes given, beside the best.
fn check_routes(games: Games, file: &Path, args: &RoutesArgs) -> Result<()> {
    let (game, state) = games.save(file)?;
    let bonuses = args.bonuses().in_force(&game, &state)?;
    let queries = request::queries(&game, &state, &args.runners(), &bonuses, &display(file))?;
    let query = &queries[0];
    let mut given = Vec::new();
    for arg in &args.check {
        match arg {
            CheckArg::Route { train, stops } => {
                let spec = format!("--check {train}:{}", stops.join("-"));
                given.push(
                    check::Given::parse(&game, record_train(&game, train), stops, None)
                        .map_err(|e| e.context(format!("{}: {spec}", display(file))))?,
                );
            }
            CheckArg::File(path) => given.extend(routes_in_file(&game, &query.company, path)?),
        }
    }
    let report = check::report(&game, &state, query, &given)?;
    if args.json {
        return print_json(&report);
    }
    say!(
        "{} — {} route{} checked",
        report.company,
        given.len(),
        if given.len() == 1 { "" } else { "s" }
    );
    for r in &report.routes {
        match &r.route {
            Some(route) => {
                say!(
                    "  train {:<5} ${}{}  {}",
                    r.train,
                    route.revenue,
                    multiplied_words(route),
                    r.given
                );
                print_stops(route);
            }
            None => say!(
                "  train {:<5} invalid  {}: {} (rule: {})",
                r.train,
                r.given,
                r.message.as_deref().unwrap_or_default(),
                r.rule.as_deref().unwrap_or_default()
            ),
        }
    }
    let valid = report.routes.iter().filter(|r| r.valid).count();
    say!(
        "  total ${} ({valid} of {} valid)",
        report.total,
        report.routes.len()
    );
    say!(
        "  hexroute's best for {}'s trains: ${}, ${} more",
        report.company,
        report.best,
        report.gap
    );
    Ok(())
}

/// The routes of a `routes --json` file of one company (or `-`), which
/// must be `company`'s in `game`.
fn routes_in_file(game: &Game, company: &str, path: &Path) -> Result<Vec<check::Given>> {
    let text = super::io::read_input(path)?;
    let report: CompanyRoutes = serde_json::from_str(&text).map_err(|e| {
        hexroute::error::Error::Invalid(format!(
            "{}: not a `routes --json` report of one company ({e}); give routes as TRAIN:HEX-HEX-…",
            display(path)
        ))
    })?;
    let theirs = game.company(&report.company).map(|c| c.abbrev.to_string());
    if report.game != game.id || theirs.as_deref().ok() != Some(company) {
        return Err(hexroute::error::Error::Invalid(format!(
            "{}: routes of {} in {}, not of {company} in {}",
            display(path),
            report.company,
            report.game,
            game.id
        ))
        .into());
    }
    report
        .routes
        .iter()
        .map(|r| {
            let stops: Vec<String> = r.stops.iter().map(|s| s.hex.clone()).collect();
            check::Given::parse(game, record_train(game, &r.train), &stops, None)
                .map_err(|e| e.context(display(path)).into())
        })
        .collect()
}

/// A train named as the user or a report wrote it: a train of the game, or
/// an 18xx.games record's id of one (`5-1`, as a record's run is copied).
fn record_train<'a>(game: &Game, train: &'a str) -> &'a str {
    let named = x18::train_name(game, &EngineTrain::from(train)).len();
    &train[..named]
}
