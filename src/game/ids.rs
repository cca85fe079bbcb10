//! Names the game data gives things, as types: a company's id can only be
//! compared with another company's id, so a tile name or a train name can
//! never be taken for one. Each is a name as the game file spells it,
//! checked when the game loads.

use crate::name::name_type;

name_type!(
    /// A company (corporation or minor) by its abbreviation, as 18xx.games
    /// writes its `sym`: `PRR`, `CPR`, `1`.
    CompanyId
);

name_type!(
    /// A private company by its abbreviation, as 18xx.games writes its
    /// `sym`: `BSS`, `C&WI`; also what a save lists among a company's
    /// privates beside them: a minor sold with its token (`MS`), and a
    /// private's marker on a hex as the game file names it (`SNAR@G4`).
    PrivateId
);

/// A private's marker on a hex (`SNAR@G4`): the private whose marker it is
/// and the hex as the game file writes it. A save keeps it among the
/// privates as its text, `SYM@HEX` ([`Marker::id`]); what reads a save's
/// privates parses it once ([`Marker::parse`]) rather than split by hand.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Marker {
    pub private: PrivateId,
    pub hex: String,
}

impl Marker {
    pub fn new(private: impl Into<PrivateId>, hex: &str) -> Marker {
        Marker {
            private: private.into(),
            hex: hex.to_string(),
        }
    }

    /// The marker a save's private names (`SNAR@G4`), if it names one (a
    /// private's own sym names none).
    pub fn parse(text: &str) -> Option<Marker> {
        let (private, hex) = text.split_once('@')?;
        Some(Marker::new(private, hex))
    }

    /// The private a save's entry is, or whose marker it is (`SNAR@G4`:
    /// `SNAR`).
    pub fn private_of(text: &str) -> &str {
        text.split_once('@').map_or(text, |(private, _)| private)
    }

    /// True when the save's entry `text` is a marker of `private`.
    pub fn is_of(text: &str, private: &str) -> bool {
        Marker::parse(text).is_some_and(|m| m.private.as_str() == private)
    }

    /// The marker as a save's privates hold it: `SYM@HEX`.
    pub fn id(&self) -> PrivateId {
        PrivateId::from(self.to_string())
    }
}

impl std::fmt::Display for Marker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}@{}", self.private, self.hex)
    }
}

name_type!(
    /// A train by its name as the game file writes it: `2`, `5+5E`, `D`.
    TrainId
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

#[cfg(test)]
mod tests {
    use super::Marker;

    #[test]
    fn a_marker_is_a_private_and_a_hex() {
        let m = Marker::parse("SNAR@G4").unwrap();
        assert_eq!((m.private.as_str(), m.hex.as_str()), ("SNAR", "G4"));
        assert_eq!(m.to_string(), "SNAR@G4");
        assert_eq!(m.id().as_str(), "SNAR@G4");
        assert_eq!(Marker::parse("BSS"), None);
        assert_eq!(Marker::private_of("SNAR@G4"), "SNAR");
        assert_eq!(Marker::private_of("BSS"), "BSS");
        assert!(Marker::is_of("SNAR@G4", "SNAR"));
        assert!(!Marker::is_of("SNAR@G4", "SNA"));
        assert!(!Marker::is_of("SNAR", "SNAR"));
    }
}
