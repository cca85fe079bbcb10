//! Tile shapes in map faces and in words: which sides each city or town
//! joins, and which rotations of a tile differ. Shared by the lay and
//! token checks, so it sits apart from both.

use crate::geometry::{Face, Orientation, Rotation};
use crate::tile::{End, Tile};
use std::collections::BTreeSet;

/// Map faces joined by track to each city (or town) of a tile.
fn stop_faces(tile: &Tile, rot: Rotation, stop: End) -> BTreeSet<Face> {
    tile.track_rotated(rot)
        .filter_map(|t| t.other(stop))
        .filter_map(End::face)
        .collect()
}

pub(super) fn city_faces(tile: &Tile, rot: Rotation) -> Vec<BTreeSet<Face>> {
    (0..tile.cities.len())
        .map(|i| stop_faces(tile, rot, End::City(i)))
        .collect()
}

pub(super) fn town_faces(tile: &Tile, rot: Rotation) -> Vec<BTreeSet<Face>> {
    (0..tile.towns.len())
        .map(|i| stop_faces(tile, rot, End::Town(i)))
        .collect()
}

/// Map sides in words, as `Tile::describe` writes them: `N, S`.
pub(super) fn faces_word(faces: &BTreeSet<Face>, o: Orientation) -> String {
    if faces.is_empty() {
        return "no track".into();
    }
    faces
        .iter()
        .map(|f| f.compass(o).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn stops_word(cities: usize, towns: usize) -> String {
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match (cities, towns) {
        (0, 0) => "no towns or cities".into(),
        (c, 0) => plural(c, "city", "cities"),
        (0, t) => plural(t, "town", "towns"),
        (c, t) => format!(
            "{} and {}",
            plural(c, "city", "cities"),
            plural(t, "town", "towns")
        ),
    }
}

/// Rotations of a tile that look different (a straight track has three).
pub fn distinct_rotations(tile: &Tile) -> Vec<Rotation> {
    let mut seen: Vec<Vec<(End, End)>> = Vec::new();
    let mut out = Vec::new();
    for rot in Rotation::all() {
        let shape = shape_key(tile, rot);
        if !seen.contains(&shape) {
            seen.push(shape);
            out.push(rot);
        }
    }
    out
}

fn shape_key(tile: &Tile, rot: Rotation) -> Vec<(End, End)> {
    // Pieces as unordered pairs of ends; cities and towns keep their
    // identity (token spaces, revenue), so their indices stay in the key.
    let mut pieces: Vec<(End, End)> = tile
        .track_rotated(rot)
        .map(|t| (t.a.min(t.b), t.a.max(t.b)))
        .collect();
    pieces.sort();
    pieces
}
