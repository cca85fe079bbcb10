//! Where station tokens go when a tile is upgraded under them: each token
//! keeps every side its city joined, solved as a maximum flow.

use super::shape::{city_faces, faces_word};
use crate::flow;
use crate::game::CompanyId;
use crate::geometry::{Coord, Face, Orientation, Rotation};
use crate::state::MapState;
use crate::tile::Tile;
use std::collections::{BTreeMap, BTreeSet};

/// Where the tokens on hex `c` go when `new` replaces the tile there: each
/// token keeps every face its city was joined to, solved as a maximum flow.
pub(super) fn move_tokens(
    state: &MapState,
    c: Coord,
    current: Option<(&Tile, Rotation)>,
    new: &Tile,
    rot: Rotation,
    o: Orientation,
) -> Result<BTreeMap<usize, CompanyId>, String> {
    let Some(tokens) = state.tokens_at(c) else {
        return Ok(BTreeMap::new());
    };
    let Some((old, old_rot)) = current else {
        return Err("tokens sit on a hex without a tile".into());
    };
    let old_faces = city_faces(old, old_rot);
    let new_faces = city_faces(new, rot);
    let held: Vec<(&CompanyId, &BTreeSet<Face>)> = tokens
        .iter()
        .map(|(space, co)| {
            let city = old.city_of_space(*space).unwrap_or(0);
            (co, &old_faces[city])
        })
        .collect();
    let accepts: Vec<Vec<usize>> = held
        .iter()
        .map(|(_, faces)| {
            (0..new.cities.len())
                .filter(|&j| new_faces[j].is_superset(faces))
                .collect()
        })
        .collect();
    let sizes: Vec<u32> = new.cities.iter().map(|c| u32::from(c.spaces)).collect();
    let placed = flow::assign(&accepts, &sizes).ok_or_else(|| {
        let names: Vec<String> = held
            .iter()
            .map(|(co, f)| format!("{co} (city joined to {})", faces_word(f, o)))
            .collect();
        format!(
            "tile {} at rotation {rot} has no place for every token: {}",
            new.name,
            names.join(", ")
        )
    })?;
    let mut next_free: Vec<usize> = (0..new.cities.len())
        .map(|j| new.spaces_of_city(j).start)
        .collect();
    let mut out = BTreeMap::new();
    for ((co, _), city) in held.iter().zip(placed) {
        out.insert(next_free[city], (*co).clone());
        next_free[city] += 1;
    }
    Ok(out)
}
