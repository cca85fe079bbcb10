//! hexroute: keep an 18xx map up to date and find the routes that earn the
//! most.
//!
//! The modules, their layers and where new work goes are described once,
//! in `ARCHITECTURE.md` (a test holds the code to its layer table).

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
