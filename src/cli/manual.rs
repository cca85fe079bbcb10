//! `hexroute man`: one manual page holding every command, made from the
//! same clap definitions as `--help`, so the two cannot drift apart. One
//! page rather than one per command: `man hexroute` is all a user has to
//! install, and the page points at no other page that might be missing.

use clap::{Arg, Command};
use clap_mangen::roff::{Inline, Roff, bold, italic, roman};
use hexroute::Error;

/// The whole page, in roff.
pub fn page() -> Result<String, Error> {
    let mut cmd = <super::Cli as clap::CommandFactory>::command();
    cmd.build();
    let mut roff = Roff::new();
    let version = cmd.get_version().unwrap_or_default().to_string();
    roff.control(
        "TH",
        [
            "HEXROUTE",
            "1",
            "",
            &format!("hexroute {version}"),
            "User Commands",
        ],
    );
    roff.control("SH", ["NAME"]);
    roff.text([roman(format!("hexroute - {}", about(&cmd)))]);
    roff.control("SH", ["SYNOPSIS"]);
    roff.text([
        bold("hexroute"),
        roman(" ["),
        bold("--game-file"),
        roman(" "),
        italic("PATH"),
        roman("] "),
        italic("COMMAND"),
        roman(" ["),
        italic("ARGS"),
        roman("]"),
    ]);
    description(&mut roff);
    roff.control("SH", ["OPTIONS"]);
    for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
        option(&mut roff, arg);
    }
    roff.control("SH", ["COMMANDS"]);
    for sub in commands(&cmd) {
        command(&mut roff, sub);
    }
    examples(&mut roff, &cmd);
    exit_status(&mut roff);
    let mut out = Vec::new();
    roff.to_writer(&mut out)
        .map_err(|e| Error::Internal(format!("cannot write the manual page: {e}")))?;
    String::from_utf8(out).map_err(|e| Error::Internal(format!("manual page: {e}")))
}

/// The subcommands a user runs (not clap's `help`).
fn commands(cmd: &Command) -> impl Iterator<Item = &Command> {
    cmd.get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
}

fn about(cmd: &Command) -> String {
    let text = cmd.get_about().map(|a| a.to_string()).unwrap_or_default();
    text.trim_end_matches('.').to_string()
}

/// What the program is for and the conventions every command shares.
fn description(roff: &mut Roff) {
    roff.control("SH", ["DESCRIPTION"]);
    for paragraph in [
        "hexroute keeps an 18xx railway game's map as a JSON saved game, lays tiles and tokens on it under the game's rules, finds the routes that earn a company the most revenue (provably optimal), and draws the map and routes as PNG, SVG, PDF or a web page. The games it knows are listed by hexroute games; --game-file loads another.",
        "Every FILE may be - for standard input or output. Commands that change a game write a temporary file beside it and rename it over the target, so a file is never half-written; a refusal or an error leaves every file as it was. Each change is recorded in the save's history, which undo walks back.",
        "Errors are one line on standard error, naming the file, the hex and the rule, with a hint where one exists.",
    ] {
        roff.control("PP", []);
        roff.text([roman(paragraph)]);
    }
}

/// One command: its usage, what it does, and each argument.
fn command(roff: &mut Roff, sub: &Command) {
    roff.control("SS", [sub.get_name()]);
    let usage = sub.clone().render_usage().to_string();
    let usage = usage.trim().trim_start_matches("Usage:").trim();
    roff.text([bold(usage)]);
    let long = sub
        .get_long_about()
        .or(sub.get_about())
        .map(|a| a.to_string())
        .unwrap_or_default();
    for paragraph in long.split("\n\n").filter(|p| !is_examples(p)) {
        roff.control("PP", []);
        roff.text([roman(
            paragraph.split_whitespace().collect::<Vec<_>>().join(" "),
        )]);
    }
    // Positionals first, in the order they are typed, then the options.
    let (positionals, options): (Vec<&Arg>, Vec<&Arg>) = sub
        .get_arguments()
        .filter(|a| shown_in_command(a))
        .partition(|a| a.is_positional());
    for arg in positionals.into_iter().chain(options) {
        option(roff, arg);
    }
}

/// The global `--game-file` and `--help` are described once, at the top.
fn shown_in_command(arg: &Arg) -> bool {
    !arg.is_hide_set() && !arg.is_global_set() && arg.get_id() != "help"
}

fn is_examples(paragraph: &str) -> bool {
    paragraph.trim_start().starts_with("Examples:")
}

/// A `.TP` item: the flag or positional with its value names, then its
/// help and the values it takes.
fn option(roff: &mut Roff, arg: &Arg) {
    let mut head: Vec<Inline> = Vec::new();
    if arg.is_positional() {
        head.push(italic(value_names(arg).join(" ")));
    } else {
        let flags: Vec<String> = arg
            .get_short()
            .map(|s| format!("-{s}"))
            .into_iter()
            .chain(arg.get_long().map(|l| format!("--{l}")))
            .collect();
        head.push(bold(flags.join(", ")));
        if takes_values(arg) {
            head.push(roman(" "));
            head.push(italic(value_names(arg).join(" ")));
        }
    }
    roff.control("TP", []);
    roff.text(head);
    let help = arg
        .get_long_help()
        .or(arg.get_help())
        .map(|h| h.to_string())
        .unwrap_or_default();
    let mut body = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let values: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    if !values.is_empty() {
        body.push_str(&format!(" (one of: {})", values.join(", ")));
    }
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if !defaults.is_empty() && takes_values(arg) {
        body.push_str(&format!(" (default: {})", defaults.join(",")));
    }
    roff.text([roman(body)]);
}

/// False for flags such as `--json`, whose default "false" says nothing.
fn takes_values(arg: &Arg) -> bool {
    arg.get_num_args().is_some_and(|n| n.takes_values())
}

fn value_names(arg: &Arg) -> Vec<String> {
    match arg.get_value_names() {
        Some(names) => names.iter().map(|n| n.to_string()).collect(),
        None => vec![arg.get_id().to_string().to_uppercase()],
    }
}

/// Every command's examples (from its `--help`), one block each.
fn examples(roff: &mut Roff, cmd: &Command) {
    roff.control("SH", ["EXAMPLES"]);
    for sub in commands(cmd) {
        let long = sub
            .get_long_about()
            .map(|a| a.to_string())
            .unwrap_or_default();
        let lines: Vec<&str> = long
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with("hexroute "))
            .collect();
        if lines.is_empty() {
            continue;
        }
        roff.control("PP", []);
        roff.text([roman(format!("{}:", about(sub)))]);
        roff.control("RS", ["4"]);
        roff.control("nf", []);
        for line in lines {
            roff.text([roman(line)]);
        }
        roff.control("fi", []);
        roff.control("RE", []);
    }
}

/// The exit codes scripts can rely on.
fn exit_status(roff: &mut Roff) {
    roff.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in [
        ("0", "Success."),
        (
            "1",
            "A fault of hexroute itself (an internal error: please report it).",
        ),
        (
            "2",
            "Bad input: a usage error, or a file, hex, tile, company or change that is refused. The message is one line on standard error, and no file was changed. routes with several files reports each bad file and exits 2 after solving the others.",
        ),
    ] {
        roff.control("TP", []);
        roff.text([bold(code)]);
        roff.text([roman(meaning)]);
    }
}
