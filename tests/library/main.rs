//! The integration tests of the library alone: the catalogues, the route
//! search against its brute-force oracle, and the JSON Schemas. They need
//! no cairo, so they also run with `--no-default-features`.

mod catalogue;
mod etrain_and_destination;
mod game_fields;
mod gauge;
mod half_pay;
mod halt;
mod hex_once;
mod joined;
mod lanes;
mod layers;
mod oracle;
mod overlap_groups;
mod pass_blocked;
mod pass_through;
mod plus_towns;
mod red_to_red_and_pullman;
mod schema;
mod second_home;
mod small;
mod stacked;
mod track_pools;
mod turns;
