//! Shell completion that knows the game: game ids for `new` and `tiles`,
//! the companies of *the file's* game for `--company` and `trains FILE`,
//! its phases for `phase FILE`, its trains for `--trains`, `--add` and
//! `--remove` (never file names there).
//!
//! Which game a file holds is known only when Tab is pressed, so the
//! script hexroute prints calls hexroute back for each completion, through
//! clap_complete's `CompleteEnv`: the clap team's own dynamic completion,
//! one Rust completer for bash, zsh, fish, elvish and PowerShell, where a
//! hand-written `__complete` helper would need a script of ours per shell.
//! It sits behind clap_complete's `unstable-dynamic` feature; the lock
//! file pins the version, and tests/program/commands.rs drives the bash script through
//! the real binary, so an upgrade that changes it fails there.

use super::Cli;
use super::io::Games;
use anyhow::Result;
use clap::{ArgMatches, CommandFactory};
use clap_complete::env::Shells;
use clap_complete::{ArgValueCompleter, CompleteEnv, CompletionCandidate};
use hexroute::Error;
use hexroute::game::{self, Game};
use hexroute::state::MapState;
use std::ffi::{OsStr, OsString};
use std::path::PathBuf;
use std::sync::Arc;

/// The variable the completion script sets when it calls hexroute back.
const VAR: &str = "COMPLETE";

/// When the completion script calls (`COMPLETE=bash hexroute -- WORDS`),
/// prints the candidates and exits; otherwise returns at once.
pub fn answer_if_asked() {
    CompleteEnv::with_factory(command).var(VAR).complete();
}

/// `completions SHELL`: the script that registers hexroute's completion.
pub fn script(shell: clap_complete::Shell) -> Result<()> {
    let name = shell.to_string();
    let shells = Shells::builtins();
    let registrar = shells
        .completer(&name)
        .ok_or_else(|| Error::Internal(format!("no completion script for {name}")))?;
    let mut out = Vec::new();
    registrar
        .write_registration(VAR, "hexroute", "hexroute", &this_program(), &mut out)
        .map_err(|e| Error::Internal(format!("cannot write the completion script: {e}")))?;
    super::io::write_bytes(std::path::Path::new("-"), &out)
}

/// How the script calls hexroute back: as it was called now (`hexroute`
/// from the PATH, or a path made absolute), as `CompleteEnv` does.
fn this_program() -> String {
    let called = PathBuf::from(
        std::env::args_os()
            .next()
            .unwrap_or_else(|| "hexroute".into()),
    );
    let path = match std::env::current_dir() {
        Ok(dir) if called.components().count() > 1 => dir.join(called),
        _ => called,
    };
    path.to_string_lossy().into_owned()
}

/// The command line, with completers that read the words typed so far.
fn command() -> clap::Command {
    let typed = Arc::new(Typed::from_words(words_typed()));
    let with = |of: fn(&Typed, &str) -> Vec<CompletionCandidate>| {
        let typed = Arc::clone(&typed);
        move |a: clap::Arg| {
            a.add(ArgValueCompleter::new(move |current: &OsStr| {
                of(&typed, &current.to_string_lossy())
            }))
        }
    };
    let mut cmd = Cli::command();
    for (sub, arg) in [("new", "game"), ("tiles", "game")] {
        cmd = cmd.mut_subcommand(sub, |s| s.mut_arg(arg, with(games)));
    }
    for sub in [
        "place",
        "upgrade",
        "routes",
        "token",
        "trains",
        "companies",
        "advise",
    ] {
        cmd = cmd.mut_subcommand(sub, |s| s.mut_arg("company", with(companies)));
    }
    for sub in ["merge", "convert", "nationalise", "close", "form"] {
        cmd = cmd.mut_subcommand(sub, |s| s.mut_arg("companies", with(companies)));
    }
    for sub in ["merge", "convert"] {
        cmd = cmd.mut_subcommand(sub, |s| s.mut_arg("into", with(companies)));
    }
    for (sub, arg) in [
        ("routes", "trains"),
        ("trains", "add"),
        ("trains", "remove"),
    ] {
        cmd = cmd.mut_subcommand(sub, |s| s.mut_arg(arg, with(trains)));
    }
    for arg in ["give", "take"] {
        cmd = cmd.mut_subcommand("companies", |s| s.mut_arg(arg, with(privates)));
    }
    cmd.mut_subcommand("phase", |s| s.mut_arg("phase", with(phases)))
}

/// The words the script passed after `--` (none when hexroute runs
/// normally or prints the script).
fn words_typed() -> Vec<OsString> {
    std::env::args_os()
        .skip_while(|w| w != "--")
        .skip(1)
        .collect()
}

/// What the words typed so far say: a `--game-file` and the saved game.
#[derive(Default)]
struct Typed {
    game_file: Option<PathBuf>,
    save: Option<PathBuf>,
}

impl Typed {
    /// Parses the words leniently: a half-typed line is not an error.
    fn from_words(words: Vec<OsString>) -> Typed {
        if words.is_empty() {
            return Typed::default();
        }
        let Ok(top) = Cli::command()
            .ignore_errors(true)
            .try_get_matches_from(words)
        else {
            return Typed::default();
        };
        let sub = top.subcommand().map(|(_, m)| m);
        Typed {
            game_file: first_path(&top, "game_file")
                .or_else(|| sub.and_then(|m| first_path(m, "game_file"))),
            save: sub
                .and_then(|m| first_path(m, "file").or_else(|| first_path(m, "files")))
                .filter(|p| p.as_os_str() != "-"),
        }
    }

    /// The saved game typed, if it loads.
    fn save(&self) -> Option<(Game, MapState)> {
        Games {
            file: self.game_file.as_deref(),
        }
        .save_quietly(self.save.as_deref()?)
        .ok()
    }
}

fn first_path(m: &ArgMatches, id: &str) -> Option<PathBuf> {
    m.try_get_many::<PathBuf>(id).ok()??.next().cloned()
}

/// The candidates that start with what is typed, in any case (hexroute
/// reads names in any case).
fn starting_with(
    current: &str,
    names: impl IntoIterator<Item = (String, Option<String>)>,
) -> Vec<CompletionCandidate> {
    let typed = current.to_lowercase();
    names
        .into_iter()
        .filter(|(name, _)| name.to_lowercase().starts_with(&typed))
        .map(|(name, help)| CompletionCandidate::new(name).help(help.map(Into::into)))
        .collect()
}

fn games(typed: &Typed, current: &str) -> Vec<CompletionCandidate> {
    let mut ids: Vec<(String, Option<String>)> = Vec::new();
    if let Some(games) = &typed.game_file
        && let Ok(g) = game::from_file(games)
    {
        ids.push((g.id.clone(), Some(g.name.clone())));
    }
    for id in game::builtin_ids() {
        if let Ok(g) = Games::default().game(id) {
            ids.push((g.id.clone(), Some(g.name.clone())));
        }
    }
    starting_with(current, ids)
}

/// The companies of the file's game; before a file is typed, those of
/// every built-in game.
fn companies(typed: &Typed, current: &str) -> Vec<CompletionCandidate> {
    let games: Vec<Game> = match typed.save() {
        Some((game, _)) => vec![game],
        None => game::builtin_ids()
            .into_iter()
            .filter_map(|id| Games::default().game(id).ok())
            .collect(),
    };
    let mut names: Vec<(String, Option<String>)> = games
        .iter()
        .flat_map(|g| g.companies.iter())
        .map(|c| (c.abbrev.to_string(), Some(c.name.clone())))
        .collect();
    names.sort();
    names.dedup_by(|a, b| a.0 == b.0);
    starting_with(current, names)
}

fn phases(typed: &Typed, current: &str) -> Vec<CompletionCandidate> {
    let Some((game, _)) = typed.save() else {
        return Vec::new();
    };
    let names = game.phases.iter().map(|p| (p.name.clone(), None));
    starting_with(current, names)
}

fn trains(typed: &Typed, current: &str) -> Vec<CompletionCandidate> {
    let Some((game, _)) = typed.save() else {
        return Vec::new();
    };
    let names = game.trains.iter().map(|t| (t.name.to_string(), None));
    starting_with(current, names)
}

/// The private companies whose owner a save records (those that lay tiles
/// or earn a route bonus).
fn privates(typed: &Typed, current: &str) -> Vec<CompletionCandidate> {
    let Some((game, _)) = typed.save() else {
        return Vec::new();
    };
    let names = game
        .private_syms()
        .into_iter()
        .map(|p| (p.to_string(), None));
    starting_with(current, names)
}
