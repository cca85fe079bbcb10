//! The integration tests that run the real binary (or draw), as one test
//! program: each module is the tests of one area, all sharing `common`.
//! The tests of the library alone are in `tests/library/`.

// Tests may say on stderr what they skip; only the program is bound to
// print through its escaping (`clippy.toml`).
#![allow(clippy::disallowed_macros)]

mod common;

mod advise;
mod advise_turns;
mod assiniboia;
mod bad_values;
mod check;
mod civil_war;
mod commands;
mod credits;
mod damaged_game_files;
mod destination;
mod download;
mod edit;
mod escaping;
mod files;
mod games;
mod help;
mod import;
mod lay_rules;
mod mutations;
mod new_files;
mod north_china;
mod output_paths;
mod page;
mod pictures;
mod pictures_text;
mod play;
mod privates;
mod pullman_check;
mod render;
mod renumber;
mod review;
mod round;
mod routes_1846;
mod routes_1856;
mod routes_cli;
mod rules;
mod sizes;
#[cfg(unix)]
mod terminal;
mod tokyo;
mod x18;
mod x18_acquired;
mod x18_bad;
mod x18_cgr;
mod x18_choices;
mod x18_liquidation;
mod x18_markers;
mod x18_minor_exchange;
mod x18_refused;
mod x18_run_once;
mod x18_unseen;
mod x18_voted;
