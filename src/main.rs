use clap::Parser;
use std::process::ExitCode;

mod cli;
mod commands;
mod edits;
mod pictures;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match commands::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hexroute: error: {e:#}");
            ExitCode::from(commands::exit_code(&e))
        }
    }
}
