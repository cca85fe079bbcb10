//! The game's tile-lay rule (permissive, semi-restrictive, restrictive):
//! whether a company reaches the track a lay adds, judged on the map after
//! the lay.

use super::Lay;
use super::shape::city_faces;
use crate::game::{CompanyId, Game, LayRule};
use crate::geometry::{Coord, Face, Rotation};
use crate::reach;
use crate::state::MapState;
use crate::tile::{End, Tile};
use std::collections::BTreeSet;

/// The game's tile-lay rule for `company`, judged on the map after the lay.
pub(super) fn lay_rule_broken(
    game: &Game,
    state: &MapState,
    c: Coord,
    lay: &Lay,
    company: &CompanyId,
) -> Option<String> {
    let after = lay.apply(state, c)?;
    let new = &game.tiles[&lay.tile];
    let old = state.tile_at(game, c);
    let reach = reach::from_tokens(game, &after, company);
    let addr = game.format(c);
    let new_pieces = new_pieces(old, new, lay.rotation);
    let reached = |ix: &usize| reach.pieces.contains(&(c, *ix));
    let rule = game.rules.tile_lay;
    let ok = match rule {
        LayRule::Permissive => (0..new.track.len()).any(|ix| reached(&ix)),
        LayRule::Restrictive => new_pieces.iter().any(reached),
        LayRule::SemiRestrictive => {
            new_pieces.iter().any(reached) || city_value_changes(old, new, lay.rotation, &reach, c)
        }
    };
    (!ok).then(|| {
        let what = match rule {
            LayRule::Permissive => "any track of the tile",
            LayRule::Restrictive => "any of its new track",
            LayRule::SemiRestrictive => "any of its new track or a city whose value changes",
        };
        format!("{company} cannot reach {what} on hex {addr} from its tokens ({rule:?} tile lays)")
    })
}

/// What a piece of track connects, in map faces: the unit in which track is
/// "kept" or "new". Which town or city of a kind does not matter.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Link {
    Faces(Face, Face),
    City(Face),
    Town(Face),
    /// Track between two stops inside the tile.
    Inside,
}

fn link(a: End, b: End) -> Link {
    match (a, b) {
        (End::Face(x), End::Face(y)) => Link::Faces(x.min(y), x.max(y)),
        (End::Face(f), End::City(_)) | (End::City(_), End::Face(f)) => Link::City(f),
        (End::Face(f), End::Town(_)) | (End::Town(_), End::Face(f)) => Link::Town(f),
        _ => Link::Inside,
    }
}

fn links(tile: &Tile, rot: Rotation) -> BTreeSet<Link> {
    tile.track_rotated(rot).map(|t| link(t.a, t.b)).collect()
}

/// Indices of the pieces of `new` (at `rot`) that add a connection the old tile lacked.
fn new_pieces(old: Option<(&Tile, Rotation)>, new: &Tile, rot: Rotation) -> Vec<usize> {
    let Some((old, old_rot)) = old else {
        return (0..new.track.len()).collect();
    };
    let kept = links(old, old_rot);
    new.track_rotated(rot)
        .enumerate()
        .filter(|(_, t)| {
            let l = link(t.a, t.b);
            l != Link::Inside && !kept.contains(&l)
        })
        .map(|(ix, _)| ix)
        .collect()
}

/// Semi-restrictive lays also count an upgrade that changes the value of a
/// city the company reaches.
fn city_value_changes(
    old: Option<(&Tile, Rotation)>,
    new: &Tile,
    rot: Rotation,
    reach: &reach::Reach,
    c: Coord,
) -> bool {
    let Some((old, old_rot)) = old else {
        return false;
    };
    let old_faces = city_faces(old, old_rot);
    let new_faces = city_faces(new, rot);
    (0..new.cities.len()).any(|j| {
        reach.has_city(c, j)
            && old_faces
                .iter()
                .enumerate()
                .filter(|(_, f)| new_faces[j].is_superset(f))
                .any(|(i, _)| old.cities[i].revenue != new.cities[j].revenue)
    })
}
