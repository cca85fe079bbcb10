//! hexroute: keep an 18xx map up to date and find the routes that earn the
//! most. Layers, each knowing nothing of those above it:
//! geometry → address → tile → catalogue/game → state → reach/rules/routes;
//! `render` draws the model and the CLI sits on top; nothing points back down.

pub mod address;
pub mod catalogue;
pub mod flow;
pub mod game;
pub mod geometry;
pub mod import;
pub mod reach;
pub mod render;
pub mod routes;
pub mod rules;
pub mod save;
pub mod state;
pub mod suggest;
pub mod tile;
