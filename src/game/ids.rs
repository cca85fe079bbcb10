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

/// What a company holds among a save's privates: a private company (or a
/// minor sold with its token, or a right) by its sym, or a private's marker
/// on a hex. A save writes it as its text (`BSS`, `SNAR@G4`); it is parsed
/// once, when the save or the game file is read, so nothing splits it by
/// hand. It sorts as its text does, so a save lists its privates as before.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Holding {
    Private(PrivateId),
    Marker(Marker),
}

impl Holding {
    /// The holding a save's text names: a marker when it has an `@`.
    pub fn parse(text: &str) -> Holding {
        match Marker::parse(text) {
            Some(m) => Holding::Marker(m),
            None => Holding::Private(PrivateId::from(text)),
        }
    }

    /// The private it is, or whose marker it is.
    pub fn private(&self) -> &PrivateId {
        match self {
            Holding::Private(p) => p,
            Holding::Marker(m) => &m.private,
        }
    }

    /// The marker it is, if it is one.
    pub fn marker(&self) -> Option<&Marker> {
        match self {
            Holding::Private(_) => None,
            Holding::Marker(m) => Some(m),
        }
    }

    /// True when it is a marker of `private`.
    pub fn is_marker_of(&self, private: &str) -> bool {
        self.marker().is_some_and(|m| m.private.as_str() == private)
    }

    /// Its text's bytes, without building the text: what it sorts by.
    fn text_bytes(&self) -> impl Iterator<Item = u8> + '_ {
        let hex = self.marker().map(|m| m.hex.as_str());
        let at = hex.map(|h| std::iter::once(b'@').chain(h.bytes()));
        self.private().bytes().chain(at.into_iter().flatten())
    }
}

impl From<PrivateId> for Holding {
    fn from(p: PrivateId) -> Holding {
        Holding::parse(p.as_str())
    }
}

impl From<&str> for Holding {
    fn from(text: &str) -> Holding {
        Holding::parse(text)
    }
}

impl From<String> for Holding {
    fn from(text: String) -> Holding {
        Holding::parse(&text)
    }
}

impl From<Marker> for Holding {
    fn from(m: Marker) -> Holding {
        Holding::Marker(m)
    }
}

impl PartialEq<PrivateId> for Holding {
    fn eq(&self, other: &PrivateId) -> bool {
        matches!(self, Holding::Private(p) if p == other)
    }
}

impl Ord for Holding {
    fn cmp(&self, other: &Holding) -> std::cmp::Ordering {
        self.text_bytes().cmp(other.text_bytes())
    }
}

impl PartialOrd for Holding {
    fn partial_cmp(&self, other: &Holding) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Display for Holding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Holding::Private(p) => f.pad(p),
            Holding::Marker(m) => f.pad(&m.to_string()),
        }
    }
}

impl serde::Serialize for Holding {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Holding {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Holding, D::Error> {
        String::deserialize(d).map(|text| Holding::parse(&text))
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
    use super::{Holding, Marker};

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

    /// Worked by hand: holdings sort as their text, so a save written
    /// from them lists its privates in the order it did as text (`@` sorts
    /// after digits and before letters).
    #[test]
    fn a_holding_is_a_private_or_a_marker_and_sorts_as_its_text() {
        let texts = ["SNAR1", "SNAR@G4", "SNAR", "BSS", "SNARX", "SNAR@G10"];
        let mut holdings: Vec<Holding> = texts.iter().map(|t| Holding::parse(t)).collect();
        holdings.sort();
        let sorted: Vec<String> = holdings.iter().map(ToString::to_string).collect();
        let mut by_text: Vec<&str> = texts.to_vec();
        by_text.sort();
        assert_eq!(sorted, by_text);
        assert_eq!(
            by_text,
            ["BSS", "SNAR", "SNAR1", "SNAR@G10", "SNAR@G4", "SNARX"]
        );
        let m = Holding::parse("SNAR@G4");
        assert_eq!(m.marker(), Some(&Marker::new("SNAR", "G4")));
        assert_eq!(m.private().as_str(), "SNAR");
        assert!(m.is_marker_of("SNAR"));
        assert_eq!(Holding::parse("BSS"), Holding::Private("BSS".into()));
        assert_eq!(serde_json::to_string(&m).unwrap(), "\"SNAR@G4\"");
        let back: Holding = serde_json::from_str("\"SNAR@G4\"").unwrap();
        assert_eq!(back, m);
    }
}
