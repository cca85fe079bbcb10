//! Letter-number hex addresses such as `J12`, per game coordinate system.
//!
//! Players read addresses off the printed board, so parsing is strict: an
//! address that cannot exist in the game's coordinate system (wrong parity,
//! stray characters) is refused with the reason.

use crate::geometry::{Coord, Orientation};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which axis the letters name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Letters {
    Columns,
    Rows,
}

/// Whether the first lettered line of hexes carries odd or even numbers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum FirstNumber {
    Odd,
    Even,
}

/// How a game prints its hex addresses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CoordSystem {
    pub orientation: Orientation,
    pub letters: Letters,
    pub first: FirstNumber,
    /// An even number added to every printed number, for a board whose
    /// numbers start below the first line's 1 (or 0): 18xx.games's 1861
    /// prints P0, so it shifts by -2. Even, so parities stay as `first` says.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shift: i32,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// Why a string is not a hex address in this coordinate system.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AddrError {
    #[error("\"{0}\" is not a hex address (expected letters then a number, e.g. J12)")]
    Syntax(String),
    #[error("\"{addr}\" cannot exist: in {line} {letters} only {parity} numbers are used")]
    Parity {
        addr: String,
        line: &'static str,
        letters: String,
        parity: &'static str,
    },
}

impl CoordSystem {
    /// The printed number of the first hex (offset row 0) on a line.
    fn number_offset(&self, letter_ix: i32) -> i32 {
        let shifted = i32::from(letter_ix.rem_euclid(2) == 1);
        let even = i32::from(self.first == FirstNumber::Even);
        1 + shifted - even + self.shift
    }

    /// Splits a coordinate into (letter index from 0, printed number).
    pub fn split(&self, c: Coord) -> (i32, i32) {
        match (self.letters, self.orientation) {
            (Letters::Columns, _) => (c.col, 2 * c.row + self.number_offset(c.col)),
            (Letters::Rows, Orientation::PointedTop) => {
                (c.row, 2 * c.col + self.number_offset(c.row))
            }
            // Flat-top hexes with lettered rows (18AL): a row is every other
            // column at one height, so the number is the column and the
            // letters step by two down a column.
            (Letters::Rows, Orientation::FlatTop) => {
                let even = i32::from(self.first == FirstNumber::Even);
                (
                    2 * c.row + c.col.rem_euclid(2),
                    c.col + 1 - even + self.shift,
                )
            }
        }
    }

    /// The printed letters and number of a hex, e.g. `("J", 12)`: maps label
    /// their edges with these.
    pub fn parts(&self, c: Coord) -> (String, i32) {
        let (letter_ix, number) = self.split(c);
        (letters_for(letter_ix), number)
    }

    /// Which printed lines the letters run along.
    pub fn letters(&self) -> Letters {
        self.letters
    }

    pub fn format(&self, c: Coord) -> String {
        let (letter_ix, number) = self.split(c);
        format!("{}{}", letters_for(letter_ix), number)
    }

    /// Reads letters and number (letter index from 0, number) without
    /// checking that such a hex can exist: for ranges such as crops. One
    /// lower-case letter names a line before A, as 18xx.games writes it
    /// (`a12`: index -1); other letters are read in either case.
    pub fn parse_parts(&self, text: &str) -> Result<(i32, i32), AddrError> {
        let syntax = || AddrError::Syntax(text.to_string());
        let t = text.trim();
        let split = t
            .find(|ch: char| !ch.is_ascii_alphabetic())
            .ok_or_else(syntax)?;
        let (letters, digits) = t.split_at(split);
        if letters.is_empty() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(syntax());
        }
        if letters.len() > 3 || digits.len() > 4 {
            return Err(syntax());
        }
        let letter_ix = match letters.as_bytes() {
            // 18xx.games's lines before A: `a` the one just before, `b` the
            // one before that (1849's a12, 18NewEngland's a13).
            &[b] if b.is_ascii_lowercase() => -i32::from(b - b'a' + 1),
            _ => {
                letters
                    .to_ascii_uppercase()
                    .bytes()
                    .fold(0i32, |acc, b| acc * 26 + i32::from(b - b'A' + 1))
                    - 1
            }
        };
        let number: i32 = digits.parse().map_err(|_| syntax())?;
        Ok((letter_ix, number))
    }

    pub fn parse(&self, text: &str) -> Result<Coord, AddrError> {
        let t = text.trim();
        let (letter_ix, number) = self.parse_parts(t)?;
        let letters = letters_for(letter_ix);
        let rest = number - self.number_offset(letter_ix);
        if rest < 0 || rest % 2 != 0 {
            let parity = if self.number_offset(letter_ix).rem_euclid(2) == 0 {
                "even"
            } else {
                "odd"
            };
            let line = match self.letters {
                Letters::Columns => "column",
                Letters::Rows => "row",
            };
            return Err(AddrError::Parity {
                addr: t.to_string(),
                line,
                letters,
                parity,
            });
        }
        let other = rest / 2;
        Ok(match (self.letters, self.orientation) {
            (Letters::Columns, _) => Coord::new(other, letter_ix),
            (Letters::Rows, Orientation::PointedTop) => Coord::new(letter_ix, other),
            (Letters::Rows, Orientation::FlatTop) => {
                Coord::new(letter_ix.div_euclid(2), rest + letter_ix.rem_euclid(2))
            }
        })
    }
}

/// `0 → A`, `25 → Z`, `26 → AA`; the lines before A in lower case as
/// 18xx.games writes them, `-1 → a`, `-2 → b`.
pub fn letters_for(ix: i32) -> String {
    if ix < 0 {
        let before = u8::try_from(-ix - 1).unwrap_or(u8::MAX).min(25);
        return char::from(b'a' + before).to_string();
    }
    let mut n = ix + 1;
    let mut out = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        out.push(b'A' + rem as u8);
        n = (n - 1) / 26;
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII letters")
}

impl fmt::Display for CoordSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}, letters name {:?}", self.orientation, self.letters)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FLAT_ODD: CoordSystem = CoordSystem {
        orientation: Orientation::FlatTop,
        letters: Letters::Columns,
        first: FirstNumber::Odd,
        shift: 0,
    };

    #[test]
    fn letters_run_past_z() {
        assert_eq!(letters_for(0), "A");
        assert_eq!(letters_for(25), "Z");
        assert_eq!(letters_for(26), "AA");
    }

    #[test]
    fn garbage_is_a_syntax_error() {
        for bad in ["", "12", "J", "J1 2", "J-3", "Ä3", "J12x"] {
            assert!(
                matches!(FLAT_ODD.parse(bad), Err(AddrError::Syntax(_))),
                "{bad}"
            );
        }
    }

    fn system(orientation: Orientation, letters: Letters, first: FirstNumber) -> CoordSystem {
        CoordSystem {
            orientation,
            letters,
            first,
            shift: 0,
        }
    }

    /// (row, col, address) facts from the printed boards of the four games.
    #[test]
    fn the_four_games_round_trip() {
        let cases = [
            // 1867: flat-top, letters name columns, odd first column.
            (
                system(Orientation::FlatTop, Letters::Columns, FirstNumber::Odd),
                vec![(0, 3, "D2"), (5, 11, "L12"), (9, 4, "E19")],
            ),
            // 1861: as 1867, numbered 2 lower (18xx.games prints P0).
            (
                CoordSystem {
                    shift: -2,
                    ..system(Orientation::FlatTop, Letters::Columns, FirstNumber::Odd)
                },
                vec![(4, 7, "H8"), (1, 4, "E1"), (10, 3, "D20"), (0, 15, "P0")],
            ),
            // 1889: flat-top, even first column.
            (
                system(Orientation::FlatTop, Letters::Columns, FirstNumber::Even),
                vec![(2, 10, "K4"), (4, 5, "F9"), (5, 0, "A10")],
            ),
            // 1830: pointed-top, rows lettered A-K, columns numbered: New York G19, Chicago F2.
            (
                system(Orientation::PointedTop, Letters::Rows, FirstNumber::Odd),
                vec![(6, 9, "G19"), (5, 0, "F2")],
            ),
            // 18AL: flat-top, rows lettered A-Q, row A even: a column's
            // letters step by two (A2 above C2), its neighbours are B1 and B3.
            (
                system(Orientation::FlatTop, Letters::Rows, FirstNumber::Even),
                vec![
                    (0, 2, "A2"),
                    (0, 1, "B1"),
                    (1, 2, "C2"),
                    (8, 2, "Q2"),
                    (3, 8, "G8"),
                ],
            ),
        ];
        for (sys, facts) in cases {
            for (row, col, addr) in facts {
                let c = Coord::new(row, col);
                assert_eq!(sys.format(c), addr);
                assert_eq!(sys.parse(addr), Ok(c), "{addr}");
            }
            for row in 0..12 {
                for col in 0..30 {
                    let c = Coord::new(row, col);
                    if sys.split(c).1 < 0 {
                        continue; // below the board's first number: never on a map
                    }
                    assert_eq!(sys.parse(&sys.format(c)), Ok(c));
                }
            }
        }
    }

    #[test]
    fn wrong_parity_is_refused_with_the_reason() {
        let err = FLAT_ODD.parse("A2").unwrap_err();
        assert!(err.to_string().contains("only odd numbers"), "{err}");
        assert!(FLAT_ODD.parse("B1").is_err());
        let even = system(Orientation::FlatTop, Letters::Columns, FirstNumber::Even);
        assert!(
            even.parse("A3")
                .unwrap_err()
                .to_string()
                .contains("only even numbers")
        );
        let pointed = system(Orientation::PointedTop, Letters::Rows, FirstNumber::Odd);
        assert!(
            pointed
                .parse("G18")
                .unwrap_err()
                .to_string()
                .contains("in row G only odd")
        );
        assert!(pointed.parse("F2").is_ok());
    }

    /// Shifted numbers keep their parity, and a number below a line's
    /// first is refused as no other.
    #[test]
    fn a_shift_moves_numbers_not_parities() {
        let shifted = CoordSystem {
            shift: -2,
            ..FLAT_ODD
        };
        assert_eq!(shifted.parse("A5"), FLAT_ODD.parse("A7"));
        assert!(
            shifted
                .parse("A4")
                .unwrap_err()
                .to_string()
                .contains("only odd")
        );
        assert!(
            shifted
                .parse("B1")
                .unwrap_err()
                .to_string()
                .contains("only even")
        );
        assert_eq!(shifted.parse("B0"), Ok(Coord::new(0, 1)));
    }

    /// 18AL's flat-top rows: a hex's neighbours are the ones printed
    /// around it (Birmingham G4: E4, F3, F5, H3, H5, I4).
    #[test]
    fn flat_top_rows_neighbours_are_the_printed_ones() {
        let al = system(Orientation::FlatTop, Letters::Rows, FirstNumber::Even);
        let g4 = al.parse("G4").unwrap();
        let mut around: Vec<String> = (0..6)
            .map(|i| al.format(g4.neighbour(crate::geometry::Face::from_index(i), al.orientation)))
            .collect();
        around.sort();
        assert_eq!(around, ["E4", "F3", "F5", "H3", "H5", "I4"]);
        assert!(
            al.parse("A3")
                .unwrap_err()
                .to_string()
                .contains("in row A only even")
        );
        assert!(
            al.parse("B2")
                .unwrap_err()
                .to_string()
                .contains("in row B only odd")
        );
    }

    #[test]
    fn lowercase_is_accepted() {
        assert_eq!(FLAT_ODD.parse("Aa13"), Ok(Coord::new(6, 26)));
        assert_eq!(FLAT_ODD.parse("aa13"), Ok(Coord::new(6, 26)));
    }

    /// The engine's lines before A (hex.rb's negative letters): 1849's
    /// a12 lies in the row above row A, beside A11 and A13 (flat-top,
    /// lettered rows, row A odd); 18NewEngland's a13 in the column left of
    /// column A. Each prints back as it was written.
    #[test]
    fn lines_before_a_round_trip_in_lower_case() {
        let rows = system(Orientation::FlatTop, Letters::Rows, FirstNumber::Odd);
        let a12 = rows.parse("a12").unwrap();
        assert_eq!(rows.format(a12), "a12");
        assert_eq!(rows.split(a12), (-1, 12));
        let a13 = rows.parse("A13").unwrap();
        let around: Vec<String> = (0..6)
            .map(|i| {
                rows.format(a13.neighbour(crate::geometry::Face::from_index(i), rows.orientation))
            })
            .collect();
        assert!(around.contains(&"a12".to_string()), "{around:?}");
        assert!(around.contains(&"a14".to_string()), "{around:?}");
        let columns = system(Orientation::FlatTop, Letters::Columns, FirstNumber::Even);
        for text in ["a13", "b2", "A4"] {
            assert_eq!(columns.format(columns.parse(text).unwrap()), text);
        }
        let err = rows.parse("a13").unwrap_err().to_string();
        assert!(err.contains("in row a only even"), "{err}");
    }
}
