//! `rules.joined_tokens_leave`: a tile joining cities leaves no company
//! two tokens in one city (18EU's brown Paris, Berlin and Vienna tiles):
//! a company's second token in a city leaves the map.

use crate::game::Game;
use crate::geometry::Coord;
use crate::state::MapState;

/// Takes off hex `c` every token of a company beyond its first in each
/// city, where the game's rule says so; the spaces named in order.
pub fn drop_joined_tokens(game: &Game, state: &mut MapState, c: Coord) {
    if !game.rules.joined_tokens_leave {
        return;
    }
    let Some((tile, _)) = state.tile_at(game, c) else {
        return;
    };
    let cities: Vec<std::ops::Range<usize>> = (0..tile.cities.len())
        .map(|i| tile.spaces_of_city(i))
        .collect();
    let Some(hex) = state.hexes.get_mut(&c) else {
        return;
    };
    for spaces in cities {
        let mut seen = std::collections::BTreeSet::new();
        let second: Vec<usize> = (hex.tokens.range(spaces))
            .filter(|(_, co)| !seen.insert((*co).clone()))
            .map(|(s, _)| *s)
            .collect();
        for s in second {
            hex.tokens.remove(&s);
        }
    }
}
