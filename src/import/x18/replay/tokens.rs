//! Tokens: a company's own laid in the engine's city (`T-I-C`), in the
//! space the engine gives it and judged with the privates it owns, or taken
//! off; and what the replay does beyond that: a
//! neutral token laid by a company for the game's neutral company (1882's
//! CN), a first token laid in place of a neutral one (1882's SC), a home
//! token taken up by a private leaving a neutral token (1882's North West
//! Rebellion), and tiles lifted by an event of the engine (the Rebellion's
//! yellow tiles).

use super::{Replay, tiles};
use crate::edit::Edit;
use crate::error::Error;
use crate::game::{CompanyId, Holder, Holding, Private, Rule};
use crate::geometry::Coord;
use crate::import::x18::record::{Action, PlaceToken, TokenAt};
use crate::play::{self, Event};
use crate::rules;
use std::collections::{BTreeMap, BTreeSet};

impl Replay<'_> {
    /// The private companies each company owns, those the game knows (one
    /// with neither a lay, a token nor a bonus leaves no mark).
    pub(super) fn known_privates(&self) -> BTreeMap<Holding, CompanyId> {
        self.privates
            .iter()
            .filter(|(p, _)| !self.privates_gone.contains(*p))
            .filter_map(|(p, owner)| Some((self.game.private_sym(&p.to_string())?, owner.clone())))
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
        self.emit_books()?;
        let held = self.held_for_others(c, company, private);
        let space = match held.contains(&space) {
            false => space,
            true => self.first_unheld(c, space, &held).unwrap_or(space),
        };
        let event = Event::PlaceToken {
            c,
            company: company.clone(),
            space: Some(space),
            private: private.map(|p| p.abbrev.clone()),
        };
        let mut edit = play::apply(self.game, &self.state, &event)?.edit;
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
        company: &CompanyId,
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

    /// The hex and our token space of the engine's city `T-I-C` (tile
    /// `T-I`'s city `C`; a printed tile is named after its hex), the space
    /// the first free one (`first_free`: a token placed) or the action's
    /// own slot (a token removed).
    pub(super) fn city_space(
        &self,
        a: &Action,
        at: &TokenAt,
        first_free: bool,
    ) -> Result<(Coord, String, usize), Error> {
        let city = Self::given(a, &at.city, "city")?;
        let (tile_id, index) = (&city.tile, city.index);
        let (c, ours) = match self.tiles.get(tile_id.as_str()) {
            Some(&c) => (c, tiles::laid_city(&self.title, tile_id.name(), index)?),
            None => {
                let hex = tile_id.printed_hex();
                let c = self.coord(hex).map_err(|_| {
                    Error::Import(format!(
                        "city \"{city}\" is not TILE-COPY-CITY (18xx.games writes 57-0-0)"
                    ))
                })?;
                (c, tiles::printed_city(&self.title, hex, index)?)
            }
        };
        let (tile, _) = self
            .state
            .tile_at(self.game, c)
            .ok_or_else(|| Error::Import(format!("no tile on {}", self.game.format(c))))?;
        let Some(city) = tile.cities.get(ours) else {
            return Err(Error::Import(format!(
                "tile {} on {} has no city {ours}",
                tile.name,
                self.game.format(c)
            )));
        };
        let base: usize = tile.cities[..ours]
            .iter()
            .map(|c| usize::from(c.spaces))
            .sum();
        // The engine puts a token in the city's first free space (the
        // action's `slot` is where it was clicked); a token to remove names
        // its own space.
        let taken = |space: usize| {
            self.state
                .tokens_at(c)
                .is_some_and(|t| t.contains_key(&(base + space)))
        };
        // A slot is where the player clicked: one of the city's spaces.
        let clicked = match at.slot {
            Some(s) => usize::try_from(s)
                .ok()
                .filter(|&s| s < usize::from(city.spaces))
                .ok_or_else(|| {
                    Error::Import(format!(
                        "token slot {s} of city {ours} of tile {} on {}, which has {} token space{} (slots count from 0)",
                        tile.name,
                        self.game.format(c),
                        city.spaces,
                        if city.spaces == 1 { "" } else { "s" }
                    ))
                })?,
            None => 0,
        };
        let slot = match first_free {
            true => (0..usize::from(city.spaces)).find(|&s| !taken(s)),
            false => Some(clicked),
        }
        .filter(|&s| s < usize::from(city.spaces))
        .ok_or_else(|| {
            Error::Import(format!(
                "city {ours} of tile {} on {} has no free token space of its {}",
                tile.name,
                self.game.format(c),
                city.spaces
            ))
        })?;
        Ok((c, self.game.format(c), base + slot))
    }

    pub(super) fn place_token(&mut self, a: &Action, place: &PlaceToken) -> Result<(), Error> {
        let company = self.acting_company(a).ok_or_else(|| {
            Error::Import(format!("a token of {}, which is no company's", a.entity()))
        })?;
        if place.token_type.as_deref() == Some("neutral") {
            let (c, hex, space) = self.city_space(a, &place.at, true)?;
            return self.place_neutral(a, &company, c, &hex, space);
        }
        if let Ok((c, _, space)) = self.city_space(a, &place.at, false) {
            self.replace_neutral(&company, c, space)?;
        }
        let (c, hex, space) = match self.city_space(a, &place.at, true) {
            Ok(city) => city,
            Err(full) => self.closed_space(a, &place.at, full)?,
        };
        // A token a lay lifted off this hex is put back first, whoever's
        // it is (the action only names where).
        let lifted = self.lifted.iter().position(|(at, _)| *at == c);
        let put_back = lifted.is_some();
        let company = match lifted {
            Some(i) => self.lifted.remove(i).1,
            None => company,
        };
        let private = if a.by_private() {
            self.game.private(&a.entity()).ok()
        } else {
            None
        };
        let mut edit = self.own_token(c, &company, space, private)?;
        // A token put back where a lay lifted it needs no reach (a
        // private's needs none where the private waives it: its rules).
        if put_back {
            edit.violations.retain(|v| v.rule != Rule::Reachable);
        }
        self.refuse(a, &hex, &company, &edit.violations);
        self.state = edit.next;
        self.homes_down.insert(company);
        Ok(())
    }

    pub(super) fn remove_token(&mut self, a: &Action, at: &TokenAt) -> Result<(), Error> {
        let (c, hex, space) = self.city_space(a, at, false)?;
        let owner = self.state.tokens_at(c).and_then(|t| t.get(&space)).cloned();
        let Some(owner) = owner else {
            return Err(Error::Import(format!(
                "no token in that space of {hex} to remove"
            )));
        };
        self.apply_event(&Event::RemoveTokenAt { c, space })?;
        self.home_left(a, c, space, &owner)
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
        let event = Event::PlaceToken {
            c,
            company: company.clone(),
            space: Some(space),
            private: None,
        };
        let mut edit = play::apply(self.game, &self.state, &event)?.edit;
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
        self.apply_event(&Event::PutToken {
            c,
            space,
            company: neutral,
        })
    }

    /// A company laying its first token on a space a neutral token holds
    /// takes the space: the neutral token leaves the map (18xx.games's 1882
    /// home token step, `can_replace_token?`).
    pub(super) fn replace_neutral(
        &mut self,
        company: &CompanyId,
        c: Coord,
        space: usize,
    ) -> Result<(), Error> {
        let first = !self.state.tokens().any(|(_, _, co)| co == company);
        let neutral = (self.state.tokens_at(c))
            .and_then(|t| t.get(&space))
            .is_some_and(|co| self.game.is_neutral(co));
        if first && neutral {
            self.apply_event(&Event::RemoveTokenAt { c, space })?;
        }
        Ok(())
    }

    /// A private takes up its owner's home token (18xx.games's 1882 North
    /// West Rebellion): a neutral token takes its space, where the game has
    /// a neutral company. Any other token just leaves.
    pub(super) fn home_left(
        &mut self,
        a: &Action,
        c: Coord,
        space: usize,
        owner: &CompanyId,
    ) -> Result<(), Error> {
        let home = a.by_private()
            && self.acting_company(a).as_ref() == Some(owner)
            && self.game.home(owner) == Some(c);
        if let (true, Some(neutral)) = (home, self.game.neutral_company()) {
            let company = neutral.abbrev.clone();
            self.apply_event(&Event::PutToken { c, space, company })?;
        }
        Ok(())
    }

    /// The engine's event that lifts tiles (`from_18xx_games.mechanisms`: `LiftTiles`):
    /// on each of its hexes a laid tile of its colour goes and the printed
    /// tile comes back, the tokens staying in their spaces.
    pub(super) fn lift_tiles(&mut self) -> Result<(), Error> {
        let Some(lift) = &self.play.lift_tiles else {
            return Ok(());
        };
        for &c in &lift.hexes {
            let h = self.state.hex_state(c);
            let Some((name, _)) = &h.tile else {
                continue;
            };
            if self.game.tile(name)?.colour != lift.colour {
                continue;
            }
            self.tiles.retain(|_, at| *at != c);
            self.apply_event(&Event::LiftTile(c))?;
        }
        Ok(())
    }
}
