//! The binary on a real terminal (a pseudo-terminal 80 columns wide): the
//! progress bar is drawn, fits the line, is cleared when the search ends
//! or Ctrl-C stops it, and the terminal's settings are as they were.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Tall enough that a six-train report does not scroll off the screen.
const ROWS: u16 = 100;
const COLUMNS: u16 = 80;

/// A hexroute process whose standard streams are a terminal's.
struct Terminal {
    master: File,
    child: Child,
    chunks: Receiver<Vec<u8>>,
    output: Vec<u8>,
    before: libc::termios,
}

/// What a run left: how it ended, every byte it wrote, the terminal's
/// settings before and after, and the screen as a terminal shows it.
struct Finished {
    status: ExitStatus,
    output: String,
    before: libc::termios,
    after: libc::termios,
    screen: String,
}

fn settings(master: &File) -> libc::termios {
    // SAFETY: termios is plain data that tcgetattr fills.
    unsafe {
        let mut t: libc::termios = std::mem::zeroed();
        assert_eq!(libc::tcgetattr(master.as_raw_fd(), &mut t), 0, "tcgetattr");
        t
    }
}

fn same_settings(a: &libc::termios, b: &libc::termios) -> bool {
    (a.c_iflag, a.c_oflag, a.c_cflag, a.c_lflag, a.c_cc)
        == (b.c_iflag, b.c_oflag, b.c_cflag, b.c_lflag, b.c_cc)
}

impl Terminal {
    /// Starts `hexroute ARGS` in the project folder on a new terminal that
    /// is its controlling terminal, so Ctrl-C typed there interrupts it.
    fn run(args: &[&str]) -> Terminal {
        let (mut master, mut slave) = (-1, -1);
        let size = libc::winsize {
            ws_row: ROWS,
            ws_col: COLUMNS,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: openpty writes two descriptors we then own.
        let (master, slave) = unsafe {
            let r = libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &size,
            );
            assert_eq!(r, 0, "openpty");
            (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave))
        };
        let before = settings(&master);
        let mut cmd = Command::new(assert_cmd::cargo::cargo_bin!("hexroute"));
        cmd.args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::from(slave.try_clone().unwrap()))
            .stdout(Stdio::from(slave.try_clone().unwrap()))
            .stderr(Stdio::from(slave));
        // SAFETY: setsid and ioctl are async-signal-safe.
        unsafe {
            cmd.pre_exec(|| {
                if libc::setsid() < 0 || libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().unwrap();
        drop(cmd); // our copies of the terminal's end: reads end with the child
        let mut reader = master.try_clone().unwrap();
        let (send, chunks) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Linux answers EIO once the child's end is closed.
            while let Ok(n @ 1..) = reader.read(&mut buf) {
                if send.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Terminal {
            master,
            child,
            chunks,
            output: Vec::new(),
            before,
        }
    }

    /// Reads until the output holds `needle`; false after `within`.
    fn wait_for(&mut self, needle: &str, within: Duration) -> bool {
        let end = Instant::now() + within;
        while !String::from_utf8_lossy(&self.output).contains(needle) {
            let left = end.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(left) {
                Ok(chunk) => self.output.extend(chunk),
                Err(_) => return false,
            }
        }
        true
    }

    fn type_keys(&mut self, keys: &[u8]) {
        self.master.write_all(keys).unwrap();
    }

    /// Waits for the process to end (at most a minute) and reads the rest.
    fn finish(mut self) -> Finished {
        let end = Instant::now() + Duration::from_secs(60);
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.chunks.recv_timeout(left) {
                Ok(chunk) => self.output.extend(chunk),
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    panic!("still running after a minute");
                }
            }
        }
        let status = self.child.wait().unwrap();
        let size = |n| std::num::NonZeroU16::new(n).unwrap();
        let mut screen = vt100::Parser::new(size(ROWS), size(COLUMNS), 0);
        screen.process(&self.output);
        Finished {
            status,
            output: String::from_utf8_lossy(&self.output).into_owned(),
            before: self.before,
            after: settings(&self.master),
            screen: screen.screen().contents(),
        }
    }
}

/// A test that fails before `finish` must not leave the program running.
impl Drop for Terminal {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

impl Finished {
    /// The end of the output, enough to see what went wrong.
    fn tail(&self) -> &str {
        let start = self.output.len().saturating_sub(2000);
        let start = (start..self.output.len())
            .find(|&i| self.output.is_char_boundary(i))
            .unwrap_or(0);
        &self.output[start..]
    }

    fn assert_terminal_as_it_was(&self) {
        assert!(
            same_settings(&self.before, &self.after),
            "the terminal's settings changed"
        );
        assert!(!self.output.contains("panicked"), "{}", self.tail());
    }

    /// Every stretch of text drawn between line starts, escapes removed.
    fn drawn_lines(&self) -> Vec<String> {
        let mut plain = String::new();
        let mut chars = self.output.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                // CSI: ESC [ parameters final-byte
                if chars.next_if_eq(&'[').is_some() {
                    while chars.next_if(|c| !c.is_ascii_alphabetic()).is_some() {}
                    chars.next();
                }
            } else {
                plain.push(c);
            }
        }
        plain.split(['\r', '\n']).map(str::to_string).collect()
    }
}

/// A search that runs for over a minute: the bar shows after a second.
const LONG_SEARCH: [&str; 7] = [
    "routes",
    "fixtures/1867_bc.json",
    "--company",
    "CNR",
    "--trains",
    "5,5+5E,6,8,8,8",
    "--time-limit",
];

#[test]
fn routes_all_runs_on_a_terminal() {
    let done = Terminal::run(&["routes", "fixtures/1867_bc.json", "--all"]).finish();
    done.assert_terminal_as_it_was();
    assert!(done.status.success(), "{:?}: {}", done.status, done.tail());
    for company in ["GWR", "C&O", "CNR"] {
        assert!(
            done.output.contains(&format!("{company} —")),
            "{}",
            done.tail()
        );
    }
}

#[test]
fn the_bar_fits_an_80_column_terminal_and_is_cleared_when_the_search_ends() {
    let mut args = LONG_SEARCH.to_vec();
    args.push("2");
    let mut term = Terminal::run(&args);
    assert!(
        term.wait_for("routes [", Duration::from_secs(30)),
        "no progress bar"
    );
    let done = term.finish();
    done.assert_terminal_as_it_was();
    assert!(done.status.success(), "{:?}: {}", done.status, done.tail());
    for line in done.drawn_lines() {
        assert!(
            line.chars().count() < usize::from(COLUMNS) - 2,
            "a line as wide as the terminal: {line:?}"
        );
    }
    assert!(!done.screen.contains("routes ["), "{}", done.screen);
    assert!(done.screen.contains("CNR —"), "{}", done.screen);
}

#[test]
fn ctrl_c_clears_the_bar_and_leaves_the_terminal_as_it_was() {
    let mut args = LONG_SEARCH.to_vec();
    args.push("60");
    let mut term = Terminal::run(&args);
    assert!(
        term.wait_for("routes [", Duration::from_secs(30)),
        "no progress bar"
    );
    term.type_keys(b"\x03");
    let done = term.finish();
    done.assert_terminal_as_it_was();
    assert_eq!(done.status.code(), Some(130), "{:?}", done.status.signal());
    assert!(
        done.screen.trim().is_empty(),
        "left on the screen: {:?}",
        done.screen
    );
}

/// `advise`'s bar names what it counts: lays tried, not a route search
/// (1867_bc CNR's whole turn of two lays and its token takes seconds, so
/// the bar shows; its single lays are proven to earn what CNR earns now
/// without a search, and finish before a bar would draw).
#[test]
fn the_advise_bar_says_advise() {
    let mut term = Terminal::run(&[
        "advise",
        "fixtures/1867_bc.json",
        "--company",
        "CNR",
        "--token",
    ]);
    assert!(
        term.wait_for("advise [", Duration::from_secs(30)),
        "no advise bar"
    );
    let done = term.finish();
    done.assert_terminal_as_it_was();
    assert!(done.status.success(), "{:?}: {}", done.status, done.tail());
    assert!(!done.output.contains("routes ["), "{}", done.tail());
    assert!(!done.screen.contains("advise ["), "{}", done.screen);
}

/// `import` without `-o` on a terminal writes no save there, only a line
/// saying to add `-o FILE`; the same with a pipe writes the save.
#[test]
fn import_without_output_on_a_terminal_says_to_add_it() {
    let record = "fixtures/18xx.games/1846_12666.json";
    let done = Terminal::run(&["import", record, "--at", "100"]).finish();
    done.assert_terminal_as_it_was();
    assert_eq!(done.status.code(), Some(2), "{}", done.tail());
    assert!(done.output.contains("add -o FILE"), "{}", done.tail());
    assert!(!done.output.contains("\"hexroute\""), "{}", done.tail());
    assert_eq!(done.screen.trim().lines().count(), 1, "{}", done.screen);
    let piped = crate::common::hexroute()
        .args(["import", record, "--at", "100"])
        .output()
        .unwrap();
    assert!(piped.status.success());
    assert!(
        String::from_utf8(piped.stdout)
            .unwrap()
            .contains("\"hexroute\"")
    );
}
