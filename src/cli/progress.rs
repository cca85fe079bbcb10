//! The route search's progress bar on a terminal: drawn only on stderr
//! when it is a terminal, only for searches that run over a second, and
//! always narrower than the terminal, so that neither the bar nor the `^C`
//! the terminal echoes wraps onto a second line that clearing it would
//! leave behind. The terminal's settings are never changed.

use hexroute::routes::assign::Progress;
use indicatif::TermLike;
use std::io;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Columns kept free at the end of the line for the terminal's `^C` echo.
const ECHO_ROOM: usize = 3;
/// The widest the bar itself is drawn, however wide the terminal.
const MAX_BAR: usize = 40;
/// The narrowest bar worth drawing; on a narrower terminal, words only.
const MIN_BAR: usize = 10;
/// The words around the bar, as wide as they are ever printed:
/// `advise [` … `] 100% 00:00:00 about 99999s left` (the name of what it
/// counts is at most `LABEL` wide).
const WORDS: usize = LABEL + " [".len() + "] 100% 00:00:00 ".len() + "about 99999s left".len();
/// The widest name of what a bar counts (`routes`, `advise`).
const LABEL: usize = 6;
/// Steps in one search's share of the bar: each search counts alike, by
/// the share of its branches done.
const STEPS: u64 = 1000;
/// The message when no bar fits: `100% about 99999s left`.
const SHORT: usize = "100% ".len() + "about 99999s left".len();

/// What a bar counts, named on it so the user knows which work it is.
#[derive(Clone, Copy, Debug)]
pub enum Counting {
    /// `routes`: the best routes of one company or of each (`--all`).
    Routes,
    /// `advise`: every lay (and token) tried.
    Advise,
}

impl Counting {
    fn label(self) -> &'static str {
        match self {
            Counting::Routes => "routes",
            Counting::Advise => "advise",
        }
    }
}

/// The bar's template for a terminal `columns` wide, every line of it at
/// most `columns - ECHO_ROOM` wide; `None` when not even the words fit.
pub fn template(counting: Counting, columns: usize) -> Option<String> {
    let room = columns.checked_sub(ECHO_ROOM)?;
    let bar = room.saturating_sub(WORDS).min(MAX_BAR);
    if bar >= MIN_BAR {
        Some(format!(
            "{} [{{bar:{bar}}}] {{percent:>3}}% {{elapsed_precise}} {{msg}}",
            counting.label()
        ))
    } else if room >= SHORT {
        Some("{percent:>3}% {msg}".into())
    } else {
        None
    }
}

/// A progress bar over one search or several run at once (`--all`). Its
/// time left only counts down: a fresh estimate may lower it, never raise
/// it, so it does not jump about as the search meets easy and hard
/// branches.
pub struct SearchProgress {
    bar: Option<indicatif::ProgressBar>,
    started: Instant,
    state: Arc<Mutex<Shown>>,
}

/// What the bar has counted and shown so far.
struct Shown {
    /// Branches done and in all, for each search, by its index; a search
    /// not heard from yet, or not yet started, counts as none done.
    counts: Vec<(u64, u64)>,
    /// The time left shown last, and when.
    left: Option<(Instant, Duration)>,
    /// The search has ended: the bar must not be shown any more.
    finished: bool,
}

/// How long a search runs before its bar is shown.
const SHOW_AFTER: Duration = Duration::from_secs(1);

impl SearchProgress {
    /// A bar on stderr when `enabled` and the terminal is wide enough,
    /// shown once the search has run for a second, whether or not it has
    /// reported yet; Ctrl-C then clears it before the program ends.
    pub fn new(counting: Counting, enabled: bool) -> SearchProgress {
        let state = Arc::new(Mutex::new(Shown {
            counts: Vec::new(),
            left: None,
            finished: false,
        }));
        let template = enabled
            .then(|| template(counting, usize::from(console::Term::stderr().size().1)))
            .flatten();
        let bar = template.map(|template| {
            let bar = indicatif::ProgressBar::with_draw_target(
                Some(0),
                indicatif::ProgressDrawTarget::hidden(),
            );
            let style = indicatif::ProgressStyle::with_template(&template)
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                .progress_chars("=> ");
            bar.set_style(style);
            show_later(&bar, &state);
            bar
        });
        SearchProgress {
            bar,
            started: Instant::now(),
            state,
        }
    }

    /// Search number `search` has done `p.done` of `p.total` branches.
    pub fn update(&self, search: usize, p: Progress) {
        let Some(bar) = &self.bar else { return };
        let mut state = lock(&self.state);
        let Shown {
            counts,
            left: shown,
            ..
        } = &mut *state;
        if counts.len() <= search {
            counts.resize(search + 1, (0, 0));
        }
        counts[search] = (p.done, p.total);
        let (done, total) = share_done(counts);
        let now = Instant::now();
        if done > 0 {
            let estimate =
                (now - self.started).mul_f64(total.saturating_sub(done) as f64 / done as f64);
            let left = match *shown {
                Some((at, last)) => estimate.min(last.saturating_sub(now - at)),
                None => estimate,
            };
            *shown = Some((now, left));
            bar.set_message(match left.as_secs() {
                0 => "finishing".to_string(),
                s => format!("about {}s left", s.min(99_999)),
            });
        }
        bar.set_length(total);
        bar.set_position(done);
    }

    /// Takes the bar off the screen, and keeps it off.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            lock(&self.state).finished = true;
            bar.finish_and_clear();
        }
    }
}

fn lock(state: &Mutex<Shown>) -> std::sync::MutexGuard<'_, Shown> {
    state.lock().unwrap_or_else(|e| e.into_inner())
}

/// The bar's position and length: each search an equal share, filled by
/// the part of its branches done (one not yet heard from, none), and never
/// full until `finish`, so it does not sit at 100 % while work remains.
fn share_done(counts: &[(u64, u64)]) -> (u64, u64) {
    let total = STEPS * counts.len() as u64;
    let done: u64 = counts
        .iter()
        .map(|&(d, t)| (STEPS * d.min(t)).checked_div(t).unwrap_or(0))
        .sum();
    (done.min(total.saturating_sub(1)), total)
}

/// After `SHOW_AFTER`, unless the search has finished, draws the bar on
/// stderr, redrawn five times a second so its clock moves even while no
/// search reports, and clears it on Ctrl-C.
fn show_later(bar: &indicatif::ProgressBar, state: &Arc<Mutex<Shown>>) {
    let (bar, state) = (bar.clone(), Arc::clone(state));
    std::thread::spawn(move || {
        std::thread::sleep(SHOW_AFTER);
        let shown = lock(&state);
        if shown.finished {
            return;
        }
        bar.set_draw_target(indicatif::ProgressDrawTarget::term_like_with_hz(
            Box::new(Narrower(console::Term::stderr())),
            20,
        ));
        bar.enable_steady_tick(Duration::from_millis(200));
        clear_on_interrupt(&bar);
        drop(shown);
    });
}

/// Standard error, said to be `ECHO_ROOM` columns narrower than it is:
/// indicatif pads each line to the width it is told and leaves the cursor
/// there, where the `^C` echo would otherwise wrap onto a line of its own.
#[derive(Debug)]
struct Narrower(console::Term);

impl TermLike for Narrower {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(ECHO_ROOM as u16).max(1)
    }
    fn height(&self) -> u16 {
        self.0.size().0
    }
    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> io::Result<()> {
        self.0.write_line(s)
    }
    fn write_str(&self, s: &str) -> io::Result<()> {
        self.0.write_str(s)
    }
    fn clear_line(&self) -> io::Result<()> {
        self.0.clear_line()
    }
    fn flush(&self) -> io::Result<()> {
        self.0.flush()
    }
}

/// On Ctrl-C, clears the bar's line, so the shell prompt does not land
/// behind half a bar, and ends with 130 as a shell expects of an interrupt.
fn clear_on_interrupt(bar: &indicatif::ProgressBar) {
    let bar = bar.clone();
    // Only one handler per process; a second bar keeps the first's, which
    // clears a line all the same.
    let _ = ctrlc::set_handler(move || {
        bar.finish_and_clear();
        super::term::clear_line();
        std::process::exit(130);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The widest line a template draws: the bar at its width, the words
    /// at their widest.
    fn widest(template: &str) -> usize {
        let bar: usize = template
            .split("{bar:")
            .nth(1)
            .and_then(|rest| rest.split('}').next())
            .map_or(0, |n| n.parse().unwrap());
        let words = template
            .replace(&format!("{{bar:{bar}}}"), "")
            .replace("{percent:>3}", "100")
            .replace("{elapsed_precise}", "00:00:00")
            .replace("{msg}", "about 99999s left");
        bar + words.chars().count()
    }

    /// A search not started holds the bar back: two searches, one done,
    /// is half; all done but not finished is short of full.
    #[test]
    fn the_bar_is_full_only_when_the_work_is() {
        assert_eq!(share_done(&[(10, 10), (0, 0)]), (1000, 2000));
        assert_eq!(share_done(&[(10, 10), (5, 20)]), (1250, 2000));
        assert_eq!(share_done(&[(7, 7)]), (999, 1000));
        assert_eq!(share_done(&[]), (0, 0));
    }

    #[test]
    fn the_bar_and_the_echo_of_ctrl_c_fit_every_terminal_width() {
        for (counting, columns) in [Counting::Routes, Counting::Advise]
            .into_iter()
            .flat_map(|c| (0..300).map(move |n| (c, n)))
        {
            match template(counting, columns) {
                Some(t) => assert!(
                    widest(&t) + ECHO_ROOM <= columns,
                    "{columns} columns: {t} is {} wide",
                    widest(&t)
                ),
                None => assert!(columns < SHORT + ECHO_ROOM, "{columns} columns: no bar"),
            }
        }
        assert!(
            template(Counting::Routes, 80).unwrap().contains("{bar:"),
            "a bar at 80 columns"
        );
        assert!(
            template(Counting::Advise, 80)
                .unwrap()
                .starts_with("advise [")
        );
    }
}
