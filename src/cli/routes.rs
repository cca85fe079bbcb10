//! `routes`: find the best routes, print them for people or as the typed
//! report for scripts, and optionally draw them.

use super::io::{display, load_save, print_json};
use super::{PictureArgs, RoutesArgs, draw};
use anyhow::{Result, anyhow, bail};
use hexroute::game::{self, Game};
use hexroute::routes::assign::Limit;
use hexroute::routes::report::{CompanyRoutes, RoutesReport, stop_name};
use hexroute::routes::{self, ActiveBonus, BonusRule, Query, Solution};
use hexroute::state::MapState;
use hexroute::suggest;
use std::io::IsTerminal;
use std::path::Path;
use std::sync::Mutex;
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
    let limit = match args.time_limit {
        Some(secs) => Limit::until(Instant::now() + Duration::from_secs_f64(secs)),
        None => Limit::none(),
    };
    let net = routes::network::Network::build(&game, &state);
    let solutions: Result<Vec<Solution>, _> = {
        use rayon::prelude::*;
        queries
            .par_iter()
            .enumerate()
            .map(|(i, q)| routes::solve_within(&net, q, &|p| progress.update(i, p), &limit))
            .collect()
    };
    progress.finish();
    let solutions = solutions?;
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
    if s.optimal {
        println!("  total ${}", s.total);
    } else {
        println!(
            "  total ${} (not proven optimal: the time limit ended the search)",
            s.total
        );
    }
}

/// A progress bar on stderr for route searches that run over a second;
/// shorter searches never draw one. Its time left only counts down: a
/// fresh estimate may lower it, never raise it, so it does not jump about
/// as the search meets easy and hard branches.
struct SearchProgress {
    bar: Option<indicatif::ProgressBar>,
    started: Instant,
    state: Mutex<Shown>,
}

/// What the bar has counted and shown so far.
struct Shown {
    /// Branches done and in all, for each company searched.
    counts: Vec<(u64, u64)>,
    /// The time left shown last, and when.
    left: Option<(Instant, Duration)>,
}

/// The terminal's settings before the bar hid the echo of `^C` (which
/// would wrap the bar's line and leave half of it behind).
#[cfg(unix)]
static TERMINAL: std::sync::OnceLock<libc::termios> = std::sync::OnceLock::new();

/// Stops the terminal echoing `^C` while the bar is drawn.
#[cfg(unix)]
fn hide_control_echo() {
    // SAFETY: termios is plain data; tcgetattr fills it or fails.
    unsafe {
        let mut t: libc::termios = std::mem::zeroed();
        if libc::tcgetattr(2, &mut t) == 0 && TERMINAL.set(t).is_ok() {
            t.c_lflag &= !libc::ECHOCTL;
            libc::tcsetattr(2, libc::TCSANOW, &t);
        }
    }
}

/// Gives the terminal back its settings.
#[cfg(unix)]
fn restore_terminal() {
    if let Some(t) = TERMINAL.get() {
        // SAFETY: t is the settings tcgetattr read; tcsetattr is
        // async-signal-safe.
        unsafe {
            libc::tcsetattr(2, libc::TCSANOW, t);
        }
    }
}

/// Clears the progress bar's line when Ctrl-C ends the program, so the
/// shell prompt does not land behind a half-drawn bar.
#[cfg(unix)]
extern "C" fn clear_line_and_exit(_: libc::c_int) {
    const CLEAR: &[u8] = b"\r\x1b[2K";
    restore_terminal();
    // SAFETY: write(2) and _exit(2) are async-signal-safe.
    unsafe {
        libc::write(2, CLEAR.as_ptr().cast(), CLEAR.len());
        libc::_exit(130);
    }
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
                    "assigning trains to routes [{bar:30}] {percent:>3}% {elapsed_precise} ({msg})",
                )
                .expect("valid template")
                .progress_chars("=> "),
            );
            #[cfg(unix)]
            hide_control_echo();
            #[cfg(unix)]
            // SAFETY: the handler only resets the terminal, writes to
            // stderr and exits.
            unsafe {
                libc::signal(
                    libc::SIGINT,
                    clear_line_and_exit as extern "C" fn(libc::c_int) as libc::sighandler_t,
                );
            }
            bar
        });
        SearchProgress {
            bar,
            started: Instant::now(),
            state: Mutex::new(Shown {
                counts: vec![(0, 0); searches],
                left: None,
            }),
        }
    }

    fn update(&self, search: usize, p: routes::assign::Progress) {
        let Some(bar) = &self.bar else { return };
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let Shown {
            counts,
            left: shown,
        } = &mut *state;
        counts[search] = (p.done, p.total);
        let (done, total) = counts
            .iter()
            .fold((0, 0), |(d, t), (dd, tt)| (d + dd, t + tt));
        let now = Instant::now();
        let elapsed = now - self.started;
        if bar.is_hidden() && elapsed > Duration::from_secs(1) {
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
        if done > 0 {
            let estimate = elapsed.mul_f64((total - done) as f64 / done as f64);
            let left = match *shown {
                Some((at, last)) => estimate.min(last.saturating_sub(now - at)),
                None => estimate,
            };
            *shown = Some((now, left));
            bar.set_message(match left.as_secs() {
                0 => "finishing".to_string(),
                s => format!("about {s}s left"),
            });
        }
        bar.set_length(total);
        bar.set_position(done);
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
            #[cfg(unix)]
            restore_terminal();
        }
    }
}
