//! Tokens beside a city's spaces: a company that has reached its
//! destination (`destinations_reached`) holds a token in the first city of
//! its `destination_token` hex, in a space of its own (18xx.games's
//! `extra_slot`: 1870's destination token). It is the company's to start
//! routes from and to pass, and takes no space: the city blocks the others
//! as its spaces alone decide.

use super::MapState;
use crate::game::{CompanyId, Game};
use crate::geometry::Coord;

impl MapState {
    /// The companies holding a token beside the spaces of city `city` of
    /// hex `c`.
    pub fn beside_tokens(&self, game: &Game, c: Coord, city: usize) -> Vec<CompanyId> {
        if city != 0 {
            return Vec::new();
        }
        self.destination_tokens(game)
            .filter(|(at, _)| *at == c)
            .map(|(_, co)| co)
            .collect()
    }

    /// Every token beside a city's spaces: its hex (first city) and company.
    pub fn destination_tokens<'a>(
        &'a self,
        game: &'a Game,
    ) -> impl Iterator<Item = (Coord, CompanyId)> + 'a {
        game.companies.iter().filter_map(|co| {
            let at = co.destination_token.as_deref()?;
            let c = game.hex(at).ok()?;
            self.destinations
                .contains(&co.abbrev)
                .then(|| (c, co.abbrev.clone()))
        })
    }
}
