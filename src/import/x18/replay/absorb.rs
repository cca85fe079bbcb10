//! The late game's mechanisms an 18MEX record needs: one company
//! absorbing another (`Absorb`), minors closing as a phase begins
//! (`ClosingMinors`), and tiles laid in pairs (`TwinTiles`).
//!
//! The merger: as the first copy of `absorb.train` is bought, with the
//! absorbing company floated, the presidents of the companies that may
//! merge each decline (a company's `pass`) or merge (`merge`). Once a
//! merge or the first other action ends it with none merged, the one
//! company left that never floated merges unasked, if there is only one
//! (18xx.games's `possible_auto_merge`). Where the merged company had more
//! tokens than exchange tokens, the absorbing company keeps the one on the
//! hex its `assign` names.

use super::Replay;
use crate::error::Error;
use crate::game::{AbsorbDef, CompanyId, CompanyKind};
use crate::geometry::Coord;
use crate::import::x18::record::{Action, Assign, BuyTrain, Kind, TileId};
use crate::play::{self, Event};
use crate::rules::LayKind;
use crate::tile::Colour;

/// The merger as the replay follows it.
#[derive(Default)]
pub(super) struct Absorbing {
    /// The train that starts it has been bought.
    started: bool,
    /// Presidents are deciding: their `pass` and `merge` are no turn.
    deciding: bool,
    /// The cities of the merged company's tokens, one of which the
    /// absorbing company keeps by an `assign`.
    choose: Vec<(Coord, usize)>,
}

impl<'g> Replay<'g> {
    fn absorb_def(&self) -> Option<&'g AbsorbDef> {
        let play: &'g crate::game::Play = self.play;
        play.absorb.as_ref()
    }

    fn has_floated(&self, company: &CompanyId) -> bool {
        self.sold.get(company).copied().unwrap_or(0) >= self.play.float_percent
    }

    /// True for an action of the merger (a president's decision, the
    /// absorbing company's choice of a token), which is no company's
    /// turn. The first other action after the decisions ends them.
    pub(super) fn absorb_step(&mut self, a: &Action) -> Result<bool, Error> {
        let Some(def) = self.absorb_def() else {
            return Ok(false);
        };
        if self.absorbing.deciding {
            match a.kind {
                Kind::Merge { .. } | Kind::Message | Kind::Log => return Ok(true),
                Kind::Pass if a.by_company() => return Ok(true),
                _ => {
                    self.absorbing.deciding = false;
                    self.merges_unasked(a, def)?;
                }
            }
        }
        Ok(self.keeps_token(a))
    }

    /// An `assign` of a hex by the absorbing company choosing the token
    /// it keeps.
    pub(super) fn keeps_token(&self, a: &Action) -> bool {
        !self.absorbing.choose.is_empty()
            && matches!(a.kind, Kind::Assign(_))
            && self.absorb_def().is_some_and(|d| a.entity() == d.company)
    }

    /// A train bought: the first copy of the merger's train starts it,
    /// if the absorbing company has floated.
    pub(super) fn absorb_bought(&mut self, buy: &BuyTrain) -> Result<(), Error> {
        let Some(def) = self.absorb_def() else {
            return Ok(());
        };
        let Some(train) = &buy.train else {
            return Ok(());
        };
        if self.absorbing.started || self.train_type(train)?.as_str() != def.train {
            return Ok(());
        }
        self.absorbing.started = true;
        let into = self.company(&def.company)?;
        self.absorbing.deciding = self.has_floated(&into);
        Ok(())
    }

    /// `merge`: the company named merges into the absorbing company.
    pub(super) fn absorb_merge(
        &mut self,
        a: &Action,
        corporation: Option<&String>,
    ) -> Result<(), Error> {
        let name = corporation.cloned().unwrap_or_else(|| a.entity());
        let company = self.company(&name)?;
        self.absorbing.deciding = false;
        self.absorbed(&company)
    }

    /// With no company merged, the one left that never floated merges
    /// unasked (of those, the ones never parred if any are).
    fn merges_unasked(&mut self, a: &Action, def: &AbsorbDef) -> Result<(), Error> {
        let game = self.game;
        let open: Vec<CompanyId> = (game.companies.iter())
            .filter(|c| c.kind == CompanyKind::Major && c.abbrev.as_str() != def.company)
            .filter(|c| !def.exempt.iter().any(|e| e == c.abbrev.as_str()))
            .map(|c| c.abbrev.clone())
            .filter(|c| !self.state.is_closed(c) && !self.has_floated(c))
            .collect();
        let never_parred: Vec<CompanyId> = (open.iter())
            .filter(|c| self.sold.get(*c).is_none_or(|s| *s == 0))
            .cloned()
            .collect();
        let left = if never_parred.is_empty() {
            open
        } else {
            never_parred
        };
        let [company] = left.as_slice() else {
            return Ok(());
        };
        self.cautions.push(format!(
            "before action {}: no president merged a company into {}, so {company}, the only one left that never floated, merges unasked (18xx.games's automatic merger)",
            a.id, def.company
        ));
        let company = company.clone();
        self.absorbed(&company)
    }

    fn absorbed(&mut self, company: &CompanyId) -> Result<(), Error> {
        let Some(def) = self.absorb_def() else {
            return Ok(());
        };
        let into = self.company(&def.company)?;
        let event = Event::Absorb {
            company: company.clone(),
            into: into.clone(),
            keep: Vec::new(),
        };
        let played = crate::play::apply(self.game, &self.state, &event)?;
        self.state = played.edit.next;
        self.absorbing.choose = played.lifted.map(|l| l.others).unwrap_or_default();
        if let Some(trains) = self.trains.remove(company) {
            self.trains.entry(into).or_default().extend(trains);
        }
        self.privates.retain(|_, owner| owner != company);
        self.closed.insert(company.clone());
        Ok(())
    }

    /// The absorbing company's `assign` of a hex: it keeps the merged
    /// company's token there.
    pub(super) fn absorb_keep(&mut self, a: &Action, assign: &Assign) -> Result<(), Error> {
        let hex = Self::field(a, &assign.target, "target")?;
        let c = self.coord(hex)?;
        let into = self.company(&a.entity())?;
        let choose = std::mem::take(&mut self.absorbing.choose);
        let Some(&(_, city)) = choose.iter().find(|(at, _)| *at == c) else {
            return Err(Error::Import(format!(
                "{into} keeps the token on {hex}, where the company it absorbed had none"
            )));
        };
        match play::free_space_in_city(self.game, &self.state, c, city, None) {
            Some(space) => self.apply_event(&Event::PutToken {
                c,
                space,
                company: into,
            }),
            None => Ok(()),
        }
    }

    /// `phase` has begun: where it is the minors', they close, their
    /// tokens leaving the map and their trains the game.
    pub(super) fn minors_closing(&mut self, from: usize) -> Result<(), Error> {
        let Some((close, _)) = &self.play.closing_minors else {
            return Ok(());
        };
        let close = *close;
        if from >= close.0 || self.state.phase < close {
            return Ok(());
        }
        let minors: Vec<CompanyId> = (self.game.companies.iter())
            .filter(|c| c.kind == CompanyKind::Minor)
            .map(|c| c.abbrev.clone())
            .filter(|c| !self.state.is_closed(c))
            .collect();
        for minor in minors {
            self.apply_event(&Event::Close(minor.clone()))?;
            self.trains.remove(&minor);
            self.closed.insert(minor);
        }
        Ok(())
    }

    /// A tile of a pair laid on its hex (`TwinTiles`): the engine lays the
    /// other of its pair on the other hex, unrotated and unjudged.
    pub(super) fn twin_lay(&mut self, a: &Action, hex: &str, id: &TileId) -> Result<(), Error> {
        let play: &'g crate::game::Play = self.play;
        let Some((other, twin)) = play
            .twin_tiles
            .iter()
            .find_map(|t| t.twin_of(hex, id.name()))
        else {
            return Ok(());
        };
        let c = self.coord(other)?;
        let kind = match self.state.tile_at(self.game, c) {
            Some((t, _)) if t.colour != Colour::Blank => LayKind::Upgrade,
            _ => LayKind::Place,
        };
        let event = Event::Lay {
            c,
            tile: twin.clone(),
            rotation: crate::import::x18::tiles::rotation(&self.title, twin.as_str(), 0)?,
            kind,
            company: self.acting_company(a),
            private: None,
        };
        self.apply_event(&event)?;
        let copy = &id.as_str()[id.name().len()..];
        self.tiles.retain(|_, at| *at != c);
        self.tiles.insert(format!("{twin}{copy}"), c);
        Ok(())
    }
}
