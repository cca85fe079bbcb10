//! Public markers a private company's use puts on a hex (a `pass_through`
//! rule's marker: 1817's coal mine goes down with the tile a mine private
//! lays, a bridge where a bridge company is assigned): no company owns
//! them, and every route entering the hex is paid for them (or pays
//! them: 18 Los Angeles's dump, a token its private places).

use super::Replay;
use crate::error::Error;
use crate::geometry::Coord;
use crate::import::x18::record::{Action, Assign, PlaceToken};
use crate::play::Event;

impl Replay<'_> {
    /// The public marker of the private acting in `a`, if it has one.
    fn public_marker(&self, a: &Action) -> Option<String> {
        if !a.by_private() {
            return None;
        }
        let private = self.game.private(&a.entity()).ok()?;
        private.marker.clone()
    }

    /// A private with a public marker laid a tile on `c`: its marker goes
    /// there.
    pub(super) fn marker_with_lay(&mut self, a: &Action, c: Coord) -> Result<(), Error> {
        match self.public_marker(a) {
            Some(marker) => self.apply_event(&Event::PublicMarker { c, marker }),
            None => Ok(()),
        }
    }

    /// A private with a public marker is assigned to a hex: its marker
    /// goes there. False when the private has none (another kind of
    /// assignment).
    pub(super) fn marker_assigned(&mut self, a: &Action, assign: &Assign) -> Result<bool, Error> {
        let Some(marker) = self.public_marker(a) else {
            return Ok(false);
        };
        if assign.target_type.as_deref() != Some("hex") {
            return Ok(false);
        }
        let c = self.coord(Self::field(a, &assign.target, "target")?)?;
        self.apply_event(&Event::PublicMarker { c, marker })?;
        Ok(true)
    }

    /// A private with a public marker places a token (18 Los Angeles's
    /// Angeles Public Dump): no company's, its marker goes on the hex.
    /// False when the private has none (a token of the company's own).
    pub(super) fn marker_token(&mut self, a: &Action, place: &PlaceToken) -> Result<bool, Error> {
        let Some(marker) = self.public_marker(a) else {
            return Ok(false);
        };
        let (c, _, _) = self.city_space(a, &place.at, false)?;
        self.apply_event(&Event::PublicMarker { c, marker })?;
        Ok(true)
    }
}
