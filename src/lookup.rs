//! Finding a typed address on a game's map. A hex beyond the map's edges
//! is "not on the map", whatever its parity: `Z99` is off the 1867 map,
//! not an odd number in column Z. Parity is judged only inside the map's
//! extent, and "did you mean" names only hexes next to the one typed.

use crate::address::{Letters, letters_for};
use crate::error::{Error, Result};
use crate::game::Game;
use crate::geometry::{Coord, Face};
use std::ops::RangeInclusive;

impl Game {
    /// Parses an address and checks that the hex is on this game's map.
    pub fn hex(&self, text: &str) -> Result<Coord> {
        let typed = text.trim();
        // `j12` names the engine's line before A only where the map has
        // such a hex; elsewhere a player typing in lower case means J12.
        let capital = typed.to_ascii_uppercase();
        if capital != typed
            && !self
                .coords
                .parse(typed)
                .is_ok_and(|c| self.hexes.contains_key(&c))
        {
            return self.hex(&capital);
        }
        let parts = self.coords.parse_parts(typed)?;
        match self.coords.parse(typed) {
            Ok(c) if self.hexes.contains_key(&c) => Ok(c),
            Ok(c) => Err(self.not_on_map(typed, Some(c))),
            Err(parity) if self.extent().contains(parts) => Err(parity.into()),
            Err(_) => Err(self.not_on_map(typed, None)),
        }
    }

    /// The error for `typed`, with its neighbours on the map as the hint
    /// when there are one or two (a hex just past an edge), else the
    /// map's extent.
    fn not_on_map(&self, typed: &str, at: Option<Coord>) -> Error {
        let mut near: Vec<Coord> = at
            .map(|c| {
                (0..6)
                    .map(|i| c.neighbour(Face::from_index(i), self.coords.orientation))
                    .filter(|n| self.hexes.contains_key(n))
                    .collect()
            })
            .unwrap_or_default();
        near.sort_by_key(|c| (c.col, c.row));
        let hint = match near.as_slice() {
            [one] => format!(" (did you mean {}?)", self.format(*one)),
            [a, b] => format!(
                " (did you mean {} or {}?)",
                self.format(*a),
                self.format(*b)
            ),
            _ => format!(" ({})", self.extent().describe(self)),
        };
        Error::NotOnMap {
            hex: typed.to_string(),
            game: self.id.clone(),
            hint,
        }
    }

    /// The printed letters and numbers the map's hexes use.
    fn extent(&self) -> Extent {
        let mut parts = self.hexes.keys().map(|&c| self.coords.split(c));
        let (l, n) = parts.next().unwrap_or((0, 0));
        let (mut letters, mut numbers) = ((l, l), (n, n));
        for (l, n) in parts {
            letters = (letters.0.min(l), letters.1.max(l));
            numbers = (numbers.0.min(n), numbers.1.max(n));
        }
        Extent {
            letters: letters.0..=letters.1,
            numbers: numbers.0..=numbers.1,
        }
    }
}

/// The ranges of letter indexes (from 0) and numbers a map's hexes use.
struct Extent {
    letters: RangeInclusive<i32>,
    numbers: RangeInclusive<i32>,
}

impl Extent {
    fn contains(&self, (letter, number): (i32, i32)) -> bool {
        self.letters.contains(&letter) && self.numbers.contains(&number)
    }

    /// `the 1867 map spans columns A to Q and numbers 1 to 24`.
    fn describe(&self, game: &Game) -> String {
        let line = match game.coords.letters() {
            Letters::Columns => "columns",
            Letters::Rows => "rows",
        };
        format!(
            "the {} map spans {line} {} to {} and numbers {} to {}",
            game.id,
            letters_for(*self.letters.start()),
            letters_for(*self.letters.end()),
            self.numbers.start(),
            self.numbers.end()
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::game::builtin;

    /// A player typing in lower case on a map with no line before A means
    /// the capital: 1889's Kotohira K4 typed `k4`.
    #[test]
    fn lower_case_is_the_capital_where_no_line_before_a_is_on_the_map() {
        let game = builtin("1889").unwrap();
        assert_eq!(game.hex("k4").unwrap(), game.hex("K4").unwrap());
        assert_eq!(game.format(game.hex("k4").unwrap()), "K4");
    }
}
