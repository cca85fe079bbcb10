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
