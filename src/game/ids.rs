//! Names the game data gives things, as types: a company's id can only be
//! compared with another company's id, so a tile name or a train name can
//! never be taken for one. Each is a name as the game file spells it,
//! checked when the game loads.

use serde::{Deserialize, Serialize};
use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

macro_rules! name_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<&str> for $name {
            fn from(s: &str) -> $name {
                $name(s.to_string())
            }
        }

        impl From<String> for $name {
            fn from(s: String) -> $name {
                $name(s)
            }
        }

        impl From<&String> for $name {
            fn from(s: &String) -> $name {
                $name(s.clone())
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                &self.0 == other
            }
        }

        impl PartialEq<$name> for str {
            fn eq(&self, other: &$name) -> bool {
                self == other.0
            }
        }

        impl PartialEq<$name> for &str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                *self == other.0
            }
        }
    };
}

name_type!(
    /// A company (corporation or minor) by its abbreviation, as 18xx.games
    /// writes its `sym`: `PRR`, `CPR`, `1`.
    CompanyId
);

/// A phase of the game, by its place in the game's list of phases (the
/// first is 0): phases only move on, so ids compare as phases do.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PhaseId(pub usize);

impl PhaseId {
    /// The phase after this one, and every one up to `last`.
    pub fn through(self, last: PhaseId) -> impl Iterator<Item = PhaseId> {
        (self.0 + 1..=last.0).map(PhaseId)
    }
}

impl std::ops::Index<PhaseId> for Vec<super::Phase> {
    type Output = super::Phase;
    fn index(&self, id: PhaseId) -> &super::Phase {
        &self[id.0]
    }
}
