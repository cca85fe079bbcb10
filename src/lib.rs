//! hexroute: keep an 18xx map up to date and find the routes that earn the
//! most.
//!
//! # Map of the crate
//!
//! Each layer knows only the layers before it; nothing points back up.
//!
//! 1. [`geometry`] (hexes, faces, rotations) and [`address`] (printed
//!    addresses such as `J12`).
//! 2. [`tile`]: track, towns, cities, token spaces and which revenue centre
//!    a stop is ([`tile::StopKind`]).
//! 3. [`catalogue`] (tile files) and [`game`] (one RON file per game: map,
//!    phases, trains, companies, bonuses, rules); [`lookup`] finds a typed
//!    address on a game's map.
//! 4. [`state`]: the map as play has changed it, and the saved game that
//!    pairs it with its history; [`save`] reads and writes it as JSON.
//! 5. [`reach`], [`flow`] and [`rules`]: what a company reaches, where
//!    tokens go on an upgrade, and which edits the game allows; [`edit`]:
//!    each change a player makes, from the map before to the map after;
//!    [`play`]: the game's moves as typed events (lays, tokens, trains,
//!    phases through [`edit`]; mergers, nationalisation, formations,
//!    closing), which hand play and the importers both apply.
//! 6. [`routes`]: the optimal routes, [`routes::check`] the price of routes
//!    a player chose, and [`routes::report`], their JSON;
//!    [`dividend`]: who gets a run's revenue, by the game's payout rules;
//!    [`report`]: the other `--json` outputs, one type each.
//! 7. [`import`]: other programs' games, replayed through [`edit`]
//!    (rusty_train saves, 18xx.games game records); [`review`]: every run
//!    of an 18xx.games game, the player's routes priced, beside the optimum;
//!    [`advise`]: every legal lay of a company, ranked by the routes after it.
//! 8. `render` (the `render` feature, on by default: it needs cairo):
//!    pictures of the map, tiles and routes, and `render::html`, one web
//!    page of them.
//!
//! Beside the layers: [`error`] (typed errors of every layer), [`atomic`]
//! (writing a file so no reader sees half of it), [`suggest`] ("did you
//! mean") and [`unique`] (maps that refuse a key given twice). The
//! command-line program in `src/cli/` sits on top of them all;
//! `ARCHITECTURE.md` says where new work goes.

pub mod address;
pub mod advise;
pub mod atomic;
pub mod catalogue;
pub mod dividend;
pub mod edit;
pub mod error;
pub mod flow;
pub mod game;
pub mod geometry;
pub mod import;
pub mod lookup;
mod name;
pub mod play;
pub mod reach;
#[cfg(feature = "render")]
pub mod render;
pub mod report;
pub mod review;
pub mod routes;
pub mod rules;
pub mod save;
pub mod state;
pub mod suggest;
pub mod tile;
pub mod unique;

pub use error::{Error, Result};
