//! hexroute: keep an 18xx map up to date and find the routes that earn the
//! most. Layers, each knowing nothing of those above it:
//! geometry → address → tile → catalogue/game → state → routes; the CLI sits on top.

pub mod address;
pub mod catalogue;
pub mod game;
pub mod geometry;
pub mod import;
pub mod routes;
pub mod save;
pub mod state;
pub mod suggest;
pub mod tile;
