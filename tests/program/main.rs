//! The integration tests that run the real binary (or draw), as one test
//! program: each module is the tests of one area, all sharing `common`.
//! The tests of the library alone are in `tests/library/`.

mod common;

mod advise;
mod assiniboia;
mod check;
mod commands;
mod credits;
mod edit;
mod files;
mod games;
mod help;
mod lay_rules;
mod mutations;
mod page;
mod pictures;
mod pictures_text;
mod render;
mod renumber;
mod round;
mod routes_1846;
mod routes_1856;
mod routes_cli;
mod rules;
#[cfg(unix)]
mod terminal;
mod x18;
mod x18_cgr;
