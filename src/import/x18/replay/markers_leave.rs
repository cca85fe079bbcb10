//! Private companies' markers lifted as a phase begins (`MarkersLeave`,
//! 18xx.games's 1870 `remove_tokens`): a marker kept past the privates'
//! closing (`after_close`) still leaves the map then, as the engine lifts
//! it.

use super::Replay;

impl Replay<'_> {
    /// Phase `phase` has begun: the markers of the privates the title
    /// names leave the map, if their phase has come.
    pub(super) fn markers_leave(&mut self, phase: crate::game::PhaseId) {
        let Some((leave, privates)) = &self.play.markers_leave else {
            return;
        };
        if phase < *leave {
            return;
        }
        // A closed marker (`reassign_closes_as`) leaves with its private's.
        let game = self.game;
        let lifted = |sym: &str| {
            let source = game.marker_source(sym);
            privates.iter().any(|p| p.as_str() == source)
        };
        self.markers.retain(|sym, _| !lifted(sym.as_str()));
        self.privates
            .retain(|p, _| p.marker().is_none_or(|m| !lifted(m.private.as_str())));
    }
}
