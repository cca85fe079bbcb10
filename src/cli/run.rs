//! Parse the command line, run the command, and turn an error into one
//! line on stderr and an exit code (2: bad input, 1: a fault of hexroute).

use super::term::tell;
use super::{Cli, Command, advise, companies, complete, draw, edit, info, io, play, routes, x18};
use clap::Parser;
use clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand;
use hexroute::play::Move;
use hexroute::rules::LayKind;
use std::process::ExitCode;

/// The whole program.
pub fn main() -> ExitCode {
    quiet_broken_pipe();
    complete::answer_if_asked();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version print and end with success; bare `hexroute`
        // prints the help on stderr and ends with 2, as clap does.
        Err(e) if !e.use_stderr() || e.kind() == DisplayHelpOnMissingArgumentOrSubcommand => {
            e.exit()
        }
        Err(e) => {
            tell!("hexroute: error: {}", one_line(&e));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tell!("hexroute: error: {e:#}");
            ExitCode::from(io::exit_code(&e))
        }
    }
}

/// A usage error in one line, as every other error is: clap's message and
/// tips, without the usage block (`--help` shows that).
fn one_line(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let words: Vec<&str> = text
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
        .collect();
    let message = words.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    format!("{message} (see --help)")
}

/// `hexroute tiles 1867 | head` must end quietly when `head` stops reading,
/// as other shell tools do, not panic in `println!`. Rust ignores SIGPIPE;
/// this restores the default, so the process simply ends.
fn quiet_broken_pipe() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to the default before any
    // thread starts; no handler code runs in this process.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    let games = io::Games {
        file: cli.game_file.as_deref(),
    };
    match cli.command {
        Command::New {
            game,
            output,
            force,
        } => edit::new(games, &game, &output, force),
        Command::Import {
            save,
            output,
            force,
            at,
            check,
            json,
        } => x18::import(
            games,
            &x18::ImportRequest {
                input: save,
                output,
                force,
                at,
                check,
                json,
            },
        ),
        Command::Review {
            record,
            action: Some(action),
            render: Some(output),
            crop,
            ..
        } => x18::review_render(games, &record, action, &output, crop.as_deref()),
        Command::Review {
            record,
            action: Some(action),
            json,
            ..
        } => x18::review_action(games, &record, action, json),
        Command::Review {
            record,
            company,
            json,
            ..
        } => x18::review(games, &record, company.as_deref(), json),
        Command::Show {
            file,
            json,
            history,
        } => {
            if history {
                info::show_history(games, &file, json)
            } else {
                info::show(games, &file, json)
            }
        }
        Command::Games { game, json } => match game {
            Some(id) => info::game_data(games, &id, json),
            None => info::games(games, json),
        },
        Command::Tiles {
            game,
            json,
            output,
            picture,
        } => match output {
            Some(out) => draw::tile_sheet(&games.game(&game)?, &out, &picture),
            None => info::tiles(games, &game, json),
        },
        Command::Place(args) => edit::lay_command(games, &args, LayKind::Place),
        Command::Upgrade(args) => edit::lay_command(games, &args, LayKind::Upgrade),
        Command::Token {
            edit,
            hex,
            company,
            space,
            remove,
            private,
        } => edit::token(
            games,
            &edit,
            &hex,
            &company,
            space,
            remove,
            private.as_deref(),
        ),
        Command::Phase { edit, phase } => edit::phase(games, &edit, &phase),
        Command::Merge { args, into } => play::command(games, Move::Merge, &args, into.as_deref()),
        Command::Convert { args, into } => {
            play::command(games, Move::Convert, &args, into.as_deref())
        }
        Command::Nationalise(args) => play::command(games, Move::Nationalise, &args, None),
        Command::Close(args) => play::command(games, Move::Close, &args, None),
        Command::Form(args) => play::command(games, Move::Form, &args, None),
        Command::Undo { edit } => edit::undo(games, &edit),
        Command::Redo { edit } => edit::redo(games, &edit),
        Command::Trains {
            edit,
            company,
            add,
            remove,
            json,
        } => match (company, add.is_empty() && remove.is_empty()) {
            (company, true) => info::trains(games, &edit.file, company.as_deref(), json),
            (Some(company), false) => edit::trains(games, &edit, &company, &add, &remove),
            (None, false) => anyhow::bail!("name the company whose trains change"),
        },
        Command::Companies {
            edit,
            company: Some(company),
            lose_lowest,
            keep_lowest,
            ..
        } if lose_lowest || keep_lowest => edit::lose_lowest(games, &edit, &company, lose_lowest),
        Command::Companies {
            edit,
            company: Some(company),
            destination_reached,
            destination_open,
            ..
        } if destination_reached || destination_open => {
            edit::destination(games, &edit, &company, destination_reached)
        }
        Command::Companies {
            edit,
            company: Some(company),
            size: Some(shares),
            tokens,
            ..
        } => edit::size(games, &edit, &company, shares, tokens),
        Command::Companies {
            edit,
            company,
            give,
            take,
            json,
            ..
        } => match (company, give.is_empty() && take.is_empty()) {
            (company, true) => companies::companies(games, &edit.file, company.as_deref(), json),
            (company, false) => edit::privates(games, &edit, company.as_deref(), &give, &take),
        },
        Command::Render(args) => draw::render(games, args),
        Command::Routes(args) => routes::routes(games, args),
        Command::Advise(args) => advise::advise(games, &args),
        Command::Completions { shell } => complete::script(shell),
        Command::Man => info::man(),
    }
}
