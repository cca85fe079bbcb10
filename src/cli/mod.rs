//! The command-line program: the clap types of the commands here, one
//! module per family of commands; `ARCHITECTURE.md` ("The program")
//! describes its files and the one way their imports run.

mod advise;
mod args;
mod companies;
mod complete;
mod download;
mod draw;
mod edit;
mod info;
mod io;
mod manual;
mod play;
mod progress;
mod routes;
pub mod run;
mod term;
mod x18;

pub use args::*;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// Keep an 18xx game's map up to date and find the routes that earn the most.
///
/// Saved games are JSON files (see README). Every FILE argument may be `-`
/// for standard input or output. Errors exit with code 2 for bad input.
#[derive(Parser, Debug)]
#[command(name = "hexroute", version, about, long_about = None, propagate_version = false)]
pub struct Cli {
    /// Use this game definition (RON) instead of the built-in games.
    #[arg(long, global = true, value_name = "PATH")]
    pub game_file: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Start a new game on the printed map, in its first phase.
    ///
    /// Examples:
    ///   hexroute new 1867 -o game.json
    #[command(verbatim_doc_comment)]
    New {
        /// Game id (see `hexroute games`).
        game: String,
        /// Where to write the saved game (`-` for standard output).
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
        /// Overwrite FILE if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Summarise a saved game: phase, tiles laid, tokens, supply.
    ///
    /// Examples:
    ///   hexroute show fixtures/1867_bc.json
    #[command(verbatim_doc_comment)]
    Show {
        /// Saved game (`-` for standard input).
        file: PathBuf,
        /// Print JSON for scripts instead of text.
        #[arg(long)]
        json: bool,
        /// List the changes recorded by hexroute commands, oldest first.
        #[arg(long)]
        history: bool,
    },
    /// Bring a game from 18xx.games (or a rusty_train / navig18xx save).
    ///
    /// An 18xx.games game record (a game's Tools tab → Game Data →
    /// Download) is replayed action by action: tiles, every token, every
    /// company's trains, the phase. Undone actions are not applied.
    /// --at ID stops after action ID (the state a player saw then).
    /// --check also puts every tile lay and token of the game through
    /// hexroute's rules and lists each one they refuse (the game accepted
    /// all of them, so each is a rule hexroute models differently).
    ///
    /// Examples:
    ///   hexroute import 21268.json -o game.json
    ///   hexroute import 21268.json --at 720 -o before720.json
    ///   hexroute import 21268.json --check
    ///   hexroute import 1867_bc.game -o game.json
    #[command(verbatim_doc_comment)]
    Import {
        /// The record or save (`-` for standard input).
        save: PathBuf,
        /// Where to write the saved game (`-`, the default, for standard
        /// output).
        #[arg(short, long, value_name = "FILE", default_value = "-")]
        output: PathBuf,
        /// Overwrite FILE if it exists.
        #[arg(long)]
        force: bool,
        /// Replay an 18xx.games record through this action id only (1 to
        /// the last action's id).
        #[arg(long, value_name = "ID", value_parser = args::action_id)]
        at: Option<u64>,
        /// List the game's lays and tokens hexroute's rules refuse
        /// (writes a save only with -o).
        #[arg(long)]
        check: bool,
        /// With --check: print JSON (schema docs/refused.schema.json).
        #[arg(long, requires = "check")]
        json: bool,
    },
    /// Review a game from 18xx.games: every run of trains a player made,
    /// beside the best the company could have run there.
    ///
    /// Each `run_routes` of the record (not undone) is replayed: the map
    /// just before it, the company's trains, what the player ran, the
    /// optimum and the gap; then per company and in all, the revenue
    /// left on the table. Runs are solved in parallel.
    ///
    /// Examples:
    ///   hexroute review 26855.json
    ///   hexroute review 26855.json --company PRR
    ///   hexroute review 26855.json --json | jq .total
    ///   hexroute review 26855.json --action 662
    ///   hexroute review 26855.json --action 662 --render run.png --crop diff
    ///
    /// The first column is each run's action number on 18xx.games (the
    /// number in the game's log, and in the record's `id`). Where an older
    /// record holds no revenue, hexroute's price of the player's own routes
    /// stands in, marked `*`. Under a run whose routes differ from the best,
    /// a `ran:` line shows the player's routes.
    ///
    /// With --action N, that one run in detail: each train's route as the
    /// player ran it and the best, every stop with its value, the bonuses.
    /// With --render FILE as well, it is drawn: two maps side by side, the
    /// player's routes (left) and the best (right), each with its legend
    /// and total; --crop diff keeps only where the two differ.
    #[command(verbatim_doc_comment)]
    Review {
        /// The 18xx.games game record (`-` for standard input).
        record: PathBuf,
        /// Only this company's runs.
        #[arg(long, value_name = "CO", conflicts_with = "action")]
        company: Option<String>,
        /// Print JSON (schema docs/review.schema.json; with --action,
        /// docs/review-action.schema.json).
        #[arg(long, conflicts_with = "render")]
        json: bool,
        /// One run in detail: its action number (the review's first column).
        #[arg(long, value_name = "N", value_parser = args::action_id)]
        action: Option<u64>,
        /// Draw the run --action names: the player's routes and the best,
        /// side by side (PNG, SVG or PDF, by the name's extension).
        #[arg(long, value_name = "FILE", requires = "action")]
        render: Option<PathBuf>,
        /// With --render: `diff` for only the hexes where the player's
        /// routes and the best differ (plus a margin), or two corners as
        /// for `render --crop` (C10:N18).
        #[arg(long, value_name = "diff|FROM:TO", requires = "render")]
        crop: Option<String>,
    },
    /// List the games hexroute knows, or dump one as data.
    ///
    /// With a game id and --json: the game as loaded and resolved (printed
    /// hexes, every tile with its track, companies, trains, phases,
    /// bonuses), for tools that would otherwise parse the RON files.
    ///
    /// Examples:
    ///   hexroute games
    ///   hexroute games 1867 --json
    #[command(verbatim_doc_comment)]
    Games {
        /// A game id: dump that game (with --json).
        game: Option<String>,
        /// Print JSON: the game's data with an id (schema
        /// docs/game.schema.json), else the list of ids and names.
        #[arg(long)]
        json: bool,
    },
    /// List a game's tiles with their colours and counts, or draw them as a sheet.
    ///
    /// Examples:
    ///   hexroute tiles 1867
    ///   hexroute tiles 1867 -o sheet.png
    #[command(verbatim_doc_comment)]
    Tiles {
        /// Game id (see `hexroute games`).
        game: String,
        /// Print JSON for scripts instead of text.
        #[arg(long, conflicts_with = "output")]
        json: bool,
        /// Draw a sheet of every tile with its name and count (.png, .svg or .pdf).
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        #[command(flatten)]
        picture: PictureArgs,
    },
    /// Draw the map (and optionally routes) as PNG, SVG or PDF.
    ///
    /// Examples:
    ///   hexroute render game.json -o map.png
    ///   hexroute render game.json --crop C10:N18 -o east.svg
    ///   hexroute render game.json --routes cnr.json -o cnr.png
    ///   hexroute render game.json --routes all.json --html -o routes.html
    #[command(verbatim_doc_comment)]
    Render(RenderArgs),
    /// Lay a yellow tile on an empty or pre-printed hex, checked against the rules.
    ///
    /// Prints what the lay costs (terrain, water); `--json` prints the lay.
    ///
    /// Examples:
    ///   hexroute place game.json M9 57 --rotate 1 --company GWR
    ///   hexroute place --list game.json G15 --company CPR
    ///   hexroute place game.json G10 437 --private "Mitsubishi Ferry"
    #[command(
        verbatim_doc_comment,
        mut_arg(
            "force",
            force_help(
                "Lay the tile even if the game's rules forbid it (house rules, fixing a mistake); a hex or tile that does not exist is still refused. Also lets -o replace a file that is not a saved game"
            )
        )
    )]
    Place(LayArgs),
    /// Replace a tile by an upgrade; tokens move to cities that keep their track.
    ///
    /// Examples:
    ///   hexroute upgrade game.json L12 X2 --rotate 0
    ///   hexroute upgrade --list game.json L12 --json
    #[command(
        verbatim_doc_comment,
        mut_arg(
            "force",
            force_help(
                "Upgrade even if the game's rules forbid it (house rules, fixing a mistake); a hex or tile that does not exist is still refused. Also lets -o replace a file that is not a saved game"
            )
        )
    )]
    Upgrade(LayArgs),
    /// Place (or with --remove take back) a company's station token.
    ///
    /// Examples:
    ///   hexroute token game.json F16 CPR --space 2
    #[command(
        verbatim_doc_comment,
        mut_arg(
            "force",
            force_help(
                "Place or remove the token even if the game's rules forbid it (house rules, fixing a mistake); a hex or token space that does not exist is still refused. Also lets -o replace a file that is not a saved game"
            )
        )
    )]
    Token {
        #[command(flatten)]
        edit: EditArgs,
        /// Hex address, e.g. F16.
        hex: String,
        /// Company abbreviation, e.g. CPR.
        company: String,
        /// Token space on the tile (0-based, through its cities in order).
        #[arg(short, long)]
        space: Option<usize>,
        /// Remove the company's token from the hex instead.
        #[arg(long, conflicts_with = "space")]
        remove: bool,
        /// Place through a private company's ability (name or sym, e.g.
        /// GRRRC): on its hexes, exempt from the rules it waives (18Texas's
        /// teleports: `reachable`); 1846's C&WI places its owner's token in
        /// Chicago's city 3, beyond the company's count.
        #[arg(short, long, value_name = "NAME", conflicts_with = "remove")]
        private: Option<String>,
    },
    /// Set the game's phase (which tiles may be laid, off-board values).
    ///
    /// Examples:
    ///   hexroute phase game.json 5
    #[command(
        verbatim_doc_comment,
        mut_arg(
            "force",
            force_help(
                "Let -o replace a file that is not a saved game (any phase, later or earlier, is set without --force)"
            )
        )
    )]
    Phase {
        #[command(flatten)]
        edit: EditArgs,
        /// Phase name, e.g. 5.
        phase: String,
    },
    /// Merge minors into a major (1867's and 1861's merger rounds).
    ///
    /// Each minor's tokens become the major's (where a city would hold two,
    /// the major's own leaves), its trains and private companies the
    /// major's; the minors close, merged into it. Recorded, so `undo` takes
    /// it back. `--list` names the minors and majors the rules allow.
    ///
    /// Examples:
    ///   hexroute merge game.json LPS CA --into CNR
    ///   hexroute merge --list game.json
    #[command(
        verbatim_doc_comment,
        mut_arg(
            "force",
            force_help(
                "Merge even if the game's rules forbid it (merger rule). Also lets -o replace a file that is not a saved game"
            )
        )
    )]
    Merge {
        #[command(flatten)]
        args: PlayArgs,
        /// The major they merge into, e.g. CNR.
        #[arg(long, value_name = "MAJOR", required_unless_present = "list")]
        into: Option<String>,
    },
    /// Convert a minor to a major: its tokens, trains and privates become the major's.
    ///
    /// Examples:
    ///   hexroute convert game.json BBG --into NYC
    ///   hexroute convert --list game.json
    #[command(
        verbatim_doc_comment,
        mut_arg(
            "force",
            force_help(
                "Convert even if the game's rules forbid it (merger rule). Also lets -o replace a file that is not a saved game"
            )
        )
    )]
    Convert {
        #[command(flatten)]
        args: PlayArgs,
        /// The major it becomes, e.g. NYC.
        #[arg(long, value_name = "MAJOR", required_unless_present = "list")]
        into: Option<String>,
    },
    /// Nationalise a company: its tokens go to the title's national (1867's CN, 1861's RSR).
    ///
    /// The tokens leave from the city of highest revenue down; the national
    /// puts one of its own in each such city while it has tokens to spare
    /// beyond those it keeps (1867's Montreal). A minor closes; a major may
    /// start again. A company is nationalised when it has no train (every
    /// minor, from the phase that ends them).
    ///
    /// Examples:
    ///   hexroute nationalise game.json GTR
    ///   hexroute nationalise --list game.json
    #[command(
        verbatim_doc_comment,
        mut_arg(
            "force",
            force_help(
                "Nationalise even if the game's rules forbid it (nationalisation rule). Also lets -o replace a file that is not a saved game"
            )
        )
    )]
    Nationalise(PlayArgs),
    /// Close a company: its tokens leave the map, its trains and private companies the game.
    ///
    /// Examples:
    ///   hexroute close game.json GT
    ///   hexroute close --list game.json
    #[command(
        verbatim_doc_comment,
        mut_arg(
            "force",
            force_help(
                "Close even a company that has closed already (closing rule). Also lets -o replace a file that is not a saved game"
            )
        )
    )]
    Close(PlayArgs),
    /// Form the title's national from companies merging into it (1856's CGR).
    ///
    /// Each company's tokens leave the map, its trains and rights go to the
    /// national, and it closes; then the national puts its tokens where
    /// theirs were: each home city first, then one in every other city,
    /// none more in a home's hex. Remove tokens over its limit with `token
    /// --remove`.
    ///
    /// Examples:
    ///   hexroute form game.json GW CV WGB
    ///   hexroute form --list game.json
    #[command(
        verbatim_doc_comment,
        mut_arg(
            "force",
            force_help(
                "Form even if the game's rules forbid it (formation rule). Also lets -o replace a file that is not a saved game"
            )
        )
    )]
    Form(PlayArgs),
    /// Revert the last change recorded in the saved game's history.
    ///
    /// Refuses when the file was edited by hand since that change (--force
    /// undoes it anyway).
    ///
    /// Examples:
    ///   hexroute undo game.json
    #[command(
        verbatim_doc_comment,
        mut_arg(
            "force",
            force_help(
                "Undo even if the file was edited by hand since the last recorded change; that hand edit is lost. Also lets -o replace a file that is not a saved game"
            )
        )
    )]
    Undo {
        #[command(flatten)]
        edit: EditArgs,
    },
    /// Apply again what `undo` took back (until the next new change).
    ///
    /// Examples:
    ///   hexroute redo game.json
    #[command(
        verbatim_doc_comment,
        mut_arg("force", force_help("Let -o replace a file that is not a saved game"))
    )]
    Redo {
        #[command(flatten)]
        edit: EditArgs,
    },
    /// List companies' trains, or add and remove a company's trains.
    ///
    /// Adding checks the phase's train limit; moving to a later phase
    /// (`hexroute phase`) removes the trains that rust.
    ///
    /// Examples:
    ///   hexroute trains game.json
    ///   hexroute trains game.json GWR --add 3 --add 3
    ///   hexroute trains game.json GWR --remove 2
    #[command(
        verbatim_doc_comment,
        mut_arg(
            "force",
            force_help(
                "Add trains even over the phase's train limit. Also lets -o replace a file that is not a saved game"
            )
        )
    )]
    Trains {
        #[command(flatten)]
        edit: EditArgs,
        /// The company (all companies when listing without it).
        company: Option<String>,
        /// A train to add (repeat for more), e.g. 5+5E.
        #[arg(long, value_name = "TRAIN", requires = "company")]
        add: Vec<String>,
        /// A train to remove (repeat for more).
        #[arg(long, value_name = "TRAIN", requires = "company")]
        remove: Vec<String>,
        /// Print JSON (when listing).
        #[arg(long, conflicts_with_all = ["add", "remove"])]
        json: bool,
    },
    /// The companies: home, tokens placed and left, trains, private companies;
    /// or give and take a company's private companies.
    ///
    /// A private's route bonus goes by itself to the company that owns it
    /// (`routes`, `review`, `--all`). `import` of an 18xx.games game records
    /// who owns which; here you change it by hand (a purchase, a closure).
    /// A private goes from its old owner to the new one; a minor bought with
    /// its token (1846's MS and BIG4) gives the company its home token, one
    /// beyond the company's count. Changes are recorded, so `undo` takes
    /// them back.
    ///
    /// Examples:
    ///   hexroute companies game.json
    ///   hexroute companies game.json --json
    ///   hexroute companies game.json TR --give ER
    ///   hexroute companies game.json --take ER
    ///   hexroute companies 1817.json A&S --size 5
    #[command(
        verbatim_doc_comment,
        mut_arg(
            "force",
            force_help(
                "Give a private even after the phase that closes them. Also lets -o replace a file that is not a saved game"
            )
        )
    )]
    Companies {
        #[command(flatten)]
        edit: EditArgs,
        /// The company that gets (`--give`) or loses (`--take`) a private.
        company: Option<String>,
        /// A private company to give COMPANY (its sym as 18xx.games has it, e.g. BO; repeat for more).
        #[arg(long, value_name = "PRIVATE", requires = "company")]
        give: Vec<String>,
        /// A private company no company owns any more (closed, or sold to a player; repeat for more).
        #[arg(long, value_name = "PRIVATE")]
        take: Vec<String>,
        /// Give COMPANY the game's one-run token (18TN's Civil War): at its
        /// next run it loses its lowest route, unless it runs fewer routes
        /// than it has trains. `import` sets it as the game does.
        #[arg(long, requires = "company", conflicts_with_all = ["give", "take", "json", "keep_lowest"])]
        lose_lowest: bool,
        /// Take that token from COMPANY.
        #[arg(long, requires = "company", conflicts_with_all = ["give", "take", "json"])]
        keep_lowest: bool,
        /// COMPANY has reached its destination: a bonus paid until then no
        /// longer pays it, one paid from then (1870's destination) does.
        #[arg(long, requires = "company", conflicts_with_all = ["give", "take", "json", "lose_lowest", "keep_lowest", "destination_open"])]
        destination_reached: bool,
        /// COMPANY has not reached its destination yet.
        #[arg(long, requires = "company", conflicts_with_all = ["give", "take", "json", "lose_lowest", "keep_lowest"])]
        destination_open: bool,
        /// COMPANY now has SHARES shares, one of the title's sizes (1817's
        /// 2, 5 or 10): it owns that size's tokens, or `--tokens` of them.
        /// `import` sets it as the record's par, conversions and mergers do.
        #[arg(long, value_name = "SHARES", requires = "company", conflicts_with_all = ["give", "take", "json", "lose_lowest", "keep_lowest", "destination_reached", "destination_open"])]
        size: Option<u32>,
        /// With `--size`: the tokens COMPANY owns, on the map or its
        /// charter (after a merger: its own and the other's).
        #[arg(long, value_name = "N", requires = "size")]
        tokens: Option<u32>,
        /// Print JSON (when listing).
        #[arg(long, conflicts_with_all = ["give", "take"])]
        json: bool,
    },
    /// Find the routes that earn a company the most revenue (provably optimal).
    ///
    /// Examples:
    ///   hexroute routes fixtures/1867_bc.json --company CNR --trains 5,5+5E
    ///   hexroute routes fixtures/1867_bc.json --company CNR --pay half
    ///   hexroute routes fixtures/*.json --all --json
    ///   hexroute routes fixtures/1889_mid.json --company TR --check 3:F9-G10-G12 --check 3:H7-J9
    #[command(verbatim_doc_comment)]
    Routes(RoutesArgs),
    /// Which tile to lay, and where, so a company's trains earn the most.
    ///
    /// Tries every turn the company may make now: the title's lays (1846's
    /// two, one an upgrade), each legal by its lay rule, the tile supply,
    /// the phase and its reach, and finds the optimal routes after each.
    /// Turns are ranked by that revenue, then by cost; GAIN is what the
    /// turn adds to what the company earns now. Turns on track the company
    /// cannot reach change nothing and are ranked without a search. The
    /// best turn's moves are printed as commands. `--token` ranks token
    /// placements too; `--lays 1` single lays only.
    ///
    /// Examples:
    ///   hexroute advise fixtures/1846_mid.json --company NYC
    ///   hexroute advise fixtures/1830_mid.json --company PRR
    ///   hexroute advise fixtures/1867_bc.json --company GWR --token --top 5
    ///   hexroute advise fixtures/1889_mid.json --company TR --json
    #[command(verbatim_doc_comment)]
    Advise(AdviseArgs),
    /// Print a shell completion script (subcommands, options, the file's companies).
    ///
    /// The script calls hexroute back as you press Tab, so it offers the
    /// game ids, and the companies, phases and trains of the saved game on
    /// the line. Load it anew after upgrading hexroute.
    ///
    /// Examples:
    ///   hexroute completions bash > ~/.local/share/bash-completion/completions/hexroute
    ///   hexroute completions zsh > ~/.zfunc/_hexroute
    #[command(verbatim_doc_comment)]
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) on standard output.
    ///
    /// One page holds every command and its options, examples and the exit
    /// status.
    ///
    /// Examples:
    ///   hexroute man > ~/.local/share/man/man1/hexroute.1
    #[command(verbatim_doc_comment)]
    Man,
}

/// `--force` help for one command: the flag is shared (`EditArgs`), but
/// what it forces differs, and each command's help says what.
fn force_help(text: &'static str) -> impl FnOnce(clap::Arg) -> clap::Arg {
    move |arg| arg.help(text).long_help(None::<&str>)
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::{CommandFactory, Parser};

    /// Splits an example as a shell would (double quotes, no `>`
    /// redirection, and only the command before a `|` pipe).
    fn words(line: &str) -> Vec<String> {
        let line = line.split(" > ").next().unwrap_or(line);
        let line = line.split(" | ").next().unwrap_or(line);
        let mut out = Vec::new();
        let mut word = String::new();
        let mut quoted = false;
        for ch in line.chars() {
            match ch {
                '"' => quoted = !quoted,
                ' ' if !quoted => {
                    if !word.is_empty() {
                        out.push(std::mem::take(&mut word));
                    }
                }
                _ => word.push(ch),
            }
        }
        if !word.is_empty() {
            out.push(word);
        }
        out
    }

    #[test]
    fn every_subcommand_has_examples_that_parse() {
        let mut cmd = Cli::command();
        for sub in cmd.get_subcommands_mut() {
            let name = sub.get_name().to_string();
            if name == "help" {
                continue;
            }
            let help = sub.render_long_help().to_string();
            let examples: Vec<&str> = help
                .lines()
                .map(str::trim)
                .filter(|l| l.starts_with("hexroute "))
                .collect();
            assert!(!examples.is_empty(), "{name} --help has no example");
            for ex in examples {
                let args = words(ex);
                assert_eq!(args[1], name, "{ex}");
                if let Err(e) = Cli::try_parse_from(&args) {
                    panic!("{name}: example {ex:?} does not parse: {e}");
                }
            }
            assert!(
                sub.clone().try_get_matches_from(["x", "-V"]).is_err(),
                "{name} takes no -V"
            );
        }
    }
}
