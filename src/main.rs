use clap::Parser;
use std::process::ExitCode;

mod cli;
mod commands;
mod edits;
mod pictures;

fn main() -> ExitCode {
    quiet_broken_pipe();
    let args = cli::Cli::parse();
    match commands::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hexroute: error: {e:#}");
            ExitCode::from(commands::exit_code(&e))
        }
    }
}

/// `hexroute tiles 1867 | head` must end quietly when `head` stops reading,
/// as other shell tools do, not panic in `println!`. Rust ignores SIGPIPE;
/// this restores the default, so the process simply ends.
#[cfg(unix)]
fn quiet_broken_pipe() {
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: setting a signal's disposition to the default before any
    // thread starts; no handler code runs in this process.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn quiet_broken_pipe() {}
