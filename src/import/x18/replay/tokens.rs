//! What the replay does with tokens: a company's own, in the space the
//! engine gives it and judged with the privates it owns; beyond that, a
//! neutral token laid by a company for the game's neutral company (1882's
//! CN), a first token laid in place of a neutral one (1882's SC), a home
//! token taken up by a private leaving a neutral token (1882's North West
//! Rebellion), and tiles lifted by an event of the engine (the Rebellion's
//! yellow tiles).

use super::Replay;
use crate::edit::{self, Edit};
use crate::error::Error;
use crate::game::{CompanyId, Holder, Private, Rule};
use crate::geometry::Coord;
use crate::import::x18::record::Action;
use crate::rules;
use std::collections::{BTreeMap, BTreeSet};

impl Replay<'_> {
    /// The private companies each company owns, those the game knows (one
    /// with neither a lay, a token nor a bonus leaves no mark).
    pub(super) fn known_privates(&self) -> BTreeMap<String, CompanyId> {
        self.privates
            .iter()
            .filter_map(|(p, owner)| Some((self.game.private_sym(p)?, owner.clone())))
            .collect()
    }

    /// `company`'s token in the city of `space` on hex `c`, through
    /// `private` if named, judged with the privates each company owns
    /// (they decide the tokens counted beyond a company's own: a minor's
    /// bought with it, the C&WI's). The record names the city; the engine
    /// takes its first space neither taken nor held for another
    /// (`get_slot`). A company the setup removed holds no space: the
    /// engine drops its reservations (hexroute's rules, which know no
    /// removed companies, would keep them).
    pub(super) fn own_token(
        &mut self,
        c: Coord,
        company: &CompanyId,
        space: usize,
        private: Option<&Private>,
    ) -> Result<Edit, Error> {
        self.state.privates = self.known_privates();
        let held = self.held_for_others(c, company, private);
        let space = match held.contains(&space) {
            false => space,
            true => self.first_unheld(c, space, &held).unwrap_or(space),
        };
        let mut edit =
            edit::place_token_by(self.game, &self.state, c, company, Some(space), private)?;
        if !held.contains(&space) {
            edit.violations.retain(|v| v.rule != Rule::ReservedSpace);
        }
        Ok(edit)
    }

    /// The spaces of hex `c` held for others than `company` by companies
    /// still in the game, and by privates.
    fn held_for_others(
        &self,
        c: Coord,
        company: &str,
        private: Option<&Private>,
    ) -> BTreeSet<usize> {
        let through = private.map(|p| p.abbrev.as_str());
        rules::reserved_for_others(self.game, &self.state, c, company, through)
            .into_iter()
            .filter(|(_, h)| !matches!(h, Holder::Company { company, .. } if self.closed.contains(company)))
            .map(|(s, _)| s)
            .collect()
    }

    /// The first space of `space`'s city on hex `c` neither taken nor in
    /// `held`.
    fn first_unheld(&self, c: Coord, space: usize, held: &BTreeSet<usize>) -> Option<usize> {
        let (tile, _) = self.state.tile_at(self.game, c)?;
        let taken = |s: &usize| {
            held.contains(s) || self.state.tokens_at(c).is_some_and(|t| t.contains_key(s))
        };
        tile.spaces_of_city(tile.city_of_space(space)?)
            .find(|s| !taken(s))
    }

    /// The game's neutral company (`companies[].neutral`), which an
    /// 18xx.games token of type `neutral` belongs to.
    fn neutral(&self, a: &Action) -> Result<CompanyId, Error> {
        self.game
            .neutral_company()
            .map(|co| co.abbrev.clone())
            .ok_or_else(|| {
                Error::Import(format!(
                    "action {}: a neutral token, and {} has no neutral company",
                    a.id, self.game.id
                ))
            })
    }

    /// `company` lays a neutral token: judged as its own lay (its reach, a
    /// free space), except that it is one more than its own tokens and may
    /// share a hex with them; then it is the neutral company's. The
    /// neutral company holds one token a hex, as any company does.
    pub(super) fn place_neutral(
        &mut self,
        a: &Action,
        company: &CompanyId,
        c: Coord,
        hex: &str,
        space: usize,
    ) -> Result<(), Error> {
        let neutral = self.neutral(a)?;
        let mut edit = edit::place_token(self.game, &self.state, c, company, Some(space))?;
        edit.violations
            .retain(|v| !matches!(v.rule, Rule::TokensLeft | Rule::OneTokenPerHex));
        let twice = self
            .state
            .tokens_at(c)
            .is_some_and(|t| t.values().any(|co| *co == neutral));
        if twice {
            edit.violations.push(crate::rules::Violation {
                rule: Rule::OneTokenPerHex,
                message: format!("{neutral} already has a token on hex {hex}"),
            });
        }
        self.refuse(a, hex, &neutral, &edit.violations);
        self.state = edit.next;
        let mut h = self.state.hex_state(c);
        h.tokens.insert(space, neutral);
        self.state.hexes.insert(c, h);
        Ok(())
    }

    /// A company laying its first token on a space a neutral token holds
    /// takes the space: the neutral token leaves the map (18xx.games's 1882
    /// home token step, `can_replace_token?`).
    pub(super) fn replace_neutral(&mut self, company: &CompanyId, c: Coord, space: usize) {
        let first = !self.state.tokens().any(|(_, _, co)| co == company);
        let mut h = self.state.hex_state(c);
        let neutral = h
            .tokens
            .get(&space)
            .is_some_and(|co| self.game.is_neutral(co));
        if first && neutral {
            h.tokens.remove(&space);
            self.state.hexes.insert(c, h);
        }
    }

    /// A private takes up its owner's home token (18xx.games's 1882 North
    /// West Rebellion): a neutral token takes its space, where the game has
    /// a neutral company. Any other token just leaves.
    pub(super) fn home_left(&mut self, a: &Action, c: Coord, space: usize, owner: &CompanyId) {
        let home = a.by_private()
            && self.acting_company(a).as_ref() == Some(owner)
            && self.game.home(owner) == Some(c);
        if let (true, Some(neutral)) = (home, self.game.neutral_company()) {
            let mut h = self.state.hex_state(c);
            h.tokens.insert(space, neutral.abbrev.clone());
            self.state.hexes.insert(c, h);
        }
    }

    /// The engine's event that lifts tiles (`from_18xx_games.lift_tiles`):
    /// on each of its hexes a laid tile of its colour goes and the printed
    /// tile comes back, the tokens staying in their spaces.
    pub(super) fn lift_tiles(&mut self) -> Result<(), Error> {
        let Some(lift) = &self.play.lift_tiles else {
            return Ok(());
        };
        for hex in &lift.hexes {
            let c = self.coord(hex)?;
            let mut h = self.state.hex_state(c);
            let Some((name, _)) = &h.tile else {
                continue;
            };
            if self.game.tile(name)?.colour != lift.colour {
                continue;
            }
            h.tile = None;
            self.tiles.retain(|_, at| *at != c);
            self.state.hexes.insert(c, h);
        }
        Ok(())
    }
}
