//! A national formed from the companies that merge into it
//! (`from_18xx_games.formation`: 1856's CGR as the first 6 is bought). Each
//! company merging names itself in a `merge` action: its tokens leave the
//! map at once, its trains and rights go to the national, and it closes.
//! Once the merges end, the national puts its tokens where theirs were:
//! in each one's home city first, then in every other city they held, one
//! a city and none more in a home's hex (18xx.games's `national_token_swap`).
//! Tokens over the national's limit, or two in a hex, leave by the
//! record's own `remove_token` actions.

use super::Replay;
use crate::error::Error;
use crate::game::{CompanyId, FormationDef};
use crate::geometry::Coord;
use crate::import::x18::record::Action;
use crate::state::Standing;

/// A formation under way: the companies merged so far, in the order they
/// merged, with the cities their tokens left.
#[derive(Default)]
pub(super) struct Forming {
    merged: Vec<Merged>,
}

/// A merged company's tokens: the city of its home token (if it had one
/// on its home hex), and the cities of the others, as (hex, city index).
struct Merged {
    home: Option<(Coord, usize)>,
    others: Vec<(Coord, usize)>,
}

/// Actions the formation waits through: the merges, the presidents who
/// pay their companies' loans instead (`pass`), and words.
const DURING: &[&str] = &["merge", "pass", "message", "log"];

impl<'g> Replay<'g> {
    fn formation(&self) -> Option<&'g FormationDef> {
        let play: &'g crate::game::PlayDef = self.play;
        play.formation.as_ref()
    }

    /// True for a `merge` into a forming national: a step of the
    /// formation, no company's turn.
    pub(super) fn merges_into_national(&self, a: &Action) -> bool {
        a.kind == "merge" && self.formation().is_some()
    }

    /// Before any action but those the formation waits through, a
    /// formation under way ends: the national's tokens go down.
    pub(super) fn formation_ends(&mut self, a: &Action) -> Result<(), Error> {
        if self.forming.is_none() || DURING.contains(&a.kind.as_str()) {
            return Ok(());
        }
        let Some(f) = self.formation() else {
            return Ok(());
        };
        let national = self.company(&f.company)?;
        let Some(forming) = self.forming.take() else {
            return Ok(());
        };
        let mut homes = Vec::new();
        for m in &forming.merged {
            if let Some((c, city)) = m.home {
                self.national_token(&national, c, city)?;
                homes.push(c);
            }
        }
        for m in &forming.merged {
            for &(c, city) in &m.others {
                if !homes.contains(&c) && !self.holds_city(&national, c, city) {
                    self.national_token(&national, c, city)?;
                }
            }
        }
        Ok(())
    }

    /// `merge`: the company named merges into the national.
    pub(super) fn merge_into_national(&mut self, a: &Action) -> Result<(), Error> {
        let Some(f) = self.formation() else {
            return Ok(());
        };
        let national = self.company(&f.company)?;
        let name = a.corporation.clone().unwrap_or_else(|| a.entity());
        let company = self.company(&name)?;
        if company == national || self.state.is_closed(&company) {
            return Err(Error::Import(format!(
                "{company} merges into {national}, but it {}",
                if company == national {
                    "is the national"
                } else {
                    "has merged already"
                }
            )));
        }
        let merged = self.lift_tokens(a, &company)?;
        self.forming
            .get_or_insert_with(Forming::default)
            .merged
            .push(merged);
        if let Some(trains) = self.trains.remove(&company) {
            self.trains
                .entry(national.clone())
                .or_default()
                .extend(trains);
        }
        self.take_rights(f, &company, &national);
        self.privates.retain(|_, owner| *owner != company);
        self.closed.insert(company.clone());
        self.state.set_standing(&company, Standing::Closed);
        Ok(())
    }

    /// Every token of `company` leaves the map; which city each held, its
    /// home token's apart (the one on its home hex, in its home city if the
    /// game names one).
    fn lift_tokens(&mut self, a: &Action, company: &CompanyId) -> Result<Merged, Error> {
        let game = self.game;
        let home_hex = game.home(company);
        let home_city = game.company(company)?.home_city;
        let held: Vec<(Coord, usize)> = (self.state.tokens())
            .filter(|(_, _, co)| *co == company)
            .map(|(c, space, _)| (c, space))
            .collect();
        let mut cities = Vec::new();
        for (c, space) in held {
            let tile = self.state.tile_at(game, c).map(|(t, _)| t);
            cities.push((c, tile.and_then(|t| t.city_of_space(space)).unwrap_or(0)));
            if let Some(h) = self.state.hexes.get_mut(&c) {
                h.tokens.remove(&space);
            }
        }
        let is_home = |&(c, city): &(Coord, usize)| {
            Some(c) == home_hex && home_city.is_none_or(|k| k == city)
        };
        let home = cities.iter().copied().find(is_home);
        if home.is_none() && !cities.is_empty() {
            self.cautions.push(format!(
                "action {}: {company} merges with no token on its home hex; the engine takes its first token as its home, which hexroute does not know, and takes none as it",
                a.id
            ));
        }
        let others = cities.into_iter().filter(|x| Some(*x) != home).collect();
        Ok(Merged { home, others })
    }

    /// Of each group of rights, the one `company` holds goes to the
    /// national unless it holds one of the group already (then it goes
    /// back to the bank).
    fn take_rights(&mut self, f: &FormationDef, company: &CompanyId, national: &CompanyId) {
        for group in &f.rights {
            let held = |co: &CompanyId| {
                group
                    .iter()
                    .find(|p| self.privates.get(*p) == Some(co))
                    .cloned()
            };
            let Some(right) = held(company) else {
                continue;
            };
            if held(national).is_some() {
                self.privates.remove(&right);
            } else {
                self.privates.insert(right, national.clone());
            }
        }
    }

    /// True when `company` has a token in city `city` of hex `c`.
    fn holds_city(&self, company: &CompanyId, c: Coord, city: usize) -> bool {
        let Some((tile, _)) = self.state.tile_at(self.game, c) else {
            return false;
        };
        let held = self.state.tokens_at(c);
        tile.spaces_of_city(city)
            .any(|s| held.and_then(|t| t.get(&s)) == Some(company))
    }

    /// The national's token goes in the city's first free space (the
    /// engine's `place_token` with no check: its limit is settled later).
    fn national_token(&mut self, national: &CompanyId, c: Coord, city: usize) -> Result<(), Error> {
        let (tile, _) = self
            .state
            .tile_at(self.game, c)
            .ok_or_else(|| Error::Import(format!("no tile on {}", self.game.format(c))))?;
        let mut h = self.state.hex_state(c);
        let Some(space) = tile
            .spaces_of_city(city)
            .find(|s| !h.tokens.contains_key(s))
        else {
            return Ok(());
        };
        h.tokens.insert(space, national.clone());
        self.state.hexes.insert(c, h);
        Ok(())
    }
}
