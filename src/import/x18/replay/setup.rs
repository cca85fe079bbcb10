//! What the engine does at setup and with minors and markers where a
//! title says so (1846): companies removed by chance with their home tokens
//! left on the map, minors that start with a train and a token, a minor
//! bought by a company (its train and token pass to the buyer), minors
//! closing with the private companies, and private companies' markers
//! assigned to a hex and to a company.

use super::Replay;
use crate::error::Error;
use crate::game::{CompanyId, CompanyKind, Holding, Marker, PrivateId};
use crate::geometry::Coord;
use crate::import::x18::record::{Action, Assign, EngineTrain, Record, TokenAt};
use crate::play::Event;

/// Where a private's marker is: a hex, and the company it pays.
pub(super) type MarkerAt = (Option<String>, Option<CompanyId>);

impl Replay<'_> {
    /// Setup: the companies removed by chance put their home tokens down,
    /// and each minor its own, with its first train.
    pub(super) fn setup(&mut self, record: &Record) -> Result<(), Error> {
        if let Some(removal) = &self.play.removed_at_setup {
            let players = record.players.len() as u32;
            let count = removal.removed_from.saturating_sub(players) as usize;
            let rules = record
                .settings
                .as_ref()
                .and_then(|s| s.optional_rules.clone())
                .unwrap_or_default();
            let fewer: u32 = removal
                .fewer
                .iter()
                .filter(|f| rules.contains(&f.rule))
                .map(|f| f.draws)
                .sum();
            let skip = (removal.draws + removal.per_player * players).saturating_sub(fewer);
            if count > 0 {
                let draws = record.randoms().ok_or_else(|| {
                    Error::Import(format!(
                        "the record has neither a seed nor a number in its id, so which of {} its setup removed is not known",
                        removal.group.join(", ")
                    ))
                })?;
                let keys: Vec<u64> = draws
                    .skip(skip as usize)
                    .take(removal.group.len())
                    .collect();
                let mut order: Vec<usize> = (0..removal.group.len()).collect();
                order.sort_by_key(|&i| keys[i]);
                for &i in order.iter().take(count) {
                    let company = self.company(&removal.group[i])?;
                    self.home_token(&company)?;
                    self.closed.insert(company);
                }
            }
        }
        let closing = self.play.closing_minors.iter().flat_map(|(_, m)| m);
        for start in self.play.sold_minors.iter().flatten().chain(closing) {
            let minor = self.company(&start.company)?;
            self.home_token(&minor)?;
            let train = EngineTrain::from(start.train.as_str());
            self.train_type(&train)?;
            self.gone.insert(train.clone());
            self.left_depot.insert(train.name().to_string());
            self.trains.entry(minor).or_default().push(train);
        }
        for start in &self.play.start_trains {
            let train = EngineTrain::from(start.train.as_str());
            self.train_type(&train)?;
            self.gone.insert(train.clone());
            self.left_depot.insert(train.name().to_string());
            self.trains
                .entry(start.company.clone())
                .or_default()
                .push(train);
        }
        Ok(())
    }

    /// A private company bought by `buyer`: a minor of that sym passes its
    /// trains and its token to the buyer (where the title says so), and a
    /// private with markers pays the buyer from now on.
    pub(super) fn company_bought(&mut self, private: &str, buyer: &CompanyId) -> Result<(), Error> {
        let marked = self
            .game
            .private_syms()
            .iter()
            .any(|s| s.is_marker_of(private));
        if marked {
            let private = PrivateId::from(private);
            let (hex, _) = self.markers.get(&private).cloned().unwrap_or_default();
            self.markers
                .insert(private.clone(), (hex, Some(buyer.clone())));
            self.place_marker(&private);
        }
        let minor = match self.game.company(private) {
            Ok(c) if self.play.sold_minors.is_some() && c.kind == CompanyKind::Minor => {
                c.abbrev.clone()
            }
            _ => return Ok(()),
        };
        if let Some(trains) = self.trains.remove(&minor) {
            self.trains.entry(buyer.clone()).or_default().extend(trains);
        }
        // One token of a company in a hex: the minors' homes have one city.
        self.apply_event(&Event::PassTokens {
            from: minor.clone(),
            to: buyer.clone(),
        })?;
        self.closed.insert(minor);
        Ok(())
    }

    /// The private companies close: where minors are bought, they close
    /// too (their tokens leave the map, their trains the game), and a
    /// marker no company owns leaves its hex.
    pub(super) fn privates_closed(&mut self) -> Result<(), Error> {
        let owned: Vec<Holding> = self.privates.keys().cloned().collect();
        let is_owned = |p: &PrivateId| owned.iter().any(|o| o == p);
        self.markers.retain(|p, _| is_owned(p));
        // A closed marker (`reassign_closes_as`) is its private's.
        let game = self.game;
        let source = |m: &Marker| PrivateId::from(game.marker_source(m.private.as_str()));
        self.privates
            .retain(|p, _| p.marker().is_none_or(|m| is_owned(&source(m))));
        if self.play.sold_minors.is_none() {
            return Ok(());
        }
        let minors: Vec<CompanyId> = self
            .game
            .companies
            .iter()
            .filter(|c| c.kind == CompanyKind::Minor)
            .map(|c| c.abbrev.clone())
            .collect();
        for minor in minors {
            self.close_minor(&minor)?;
        }
        Ok(())
    }

    /// A private's marker assigned to a hex or to a company (18AL's
    /// Warrior Coal Field token, 1846's Steamboat, Meat Packing and
    /// Boomtown): the game knows a marker on a hex as the private
    /// `SYM@HEX`, held by the company it pays (the private's owner, unless
    /// assigned to another). A marker the game does not know may change
    /// the map.
    pub(super) fn assign(&mut self, a: &Action, assign: &Assign) -> Result<(), Error> {
        if self.marker_assigned(a, assign)? {
            return Ok(());
        }
        let sym = PrivateId::from(a.entity());
        let target = assign.target.as_deref().unwrap_or_default();
        if self.reassign_closes(a, &sym, assign)? {
            return Ok(());
        }
        let (mut hex, mut company) = self.markers.get(&sym).cloned().unwrap_or_default();
        match assign.target_type.as_deref() {
            Some("corporation") | Some("minor") => company = Some(self.company(target)?),
            _ => {
                let marker = Marker::new(sym.clone(), target);
                if self.game.private_sym(&marker.to_string()).is_none() {
                    return Err(Error::Import(format!(
                        "hexroute does not replay \"assign\" actions but a known private's marker on a hex ({marker} is none), which may change the map"
                    )));
                }
                hex = Some(target.to_string());
                if company.is_none() {
                    company = self.acting_company(a).filter(|_| a.by_private());
                }
            }
        }
        self.markers.insert(sym.clone(), (hex, company));
        self.place_marker(&sym);
        Ok(())
    }

    /// A private assigned again to the hex its marker is on, whose marker
    /// then closes (`reassign_closes_as`, 18xx.games's 1870 Gulf
    /// Shipping closing its port): its marker gives way to the closed one,
    /// held by the private's owner, and the private closes (kept as owned
    /// until the privates close, so that its closed marker outlives it).
    /// False when this assignment is not that.
    fn reassign_closes(
        &mut self,
        a: &Action,
        sym: &PrivateId,
        assign: &Assign,
    ) -> Result<bool, Error> {
        let game = self.game;
        let Some(closed) = (game.privates.iter())
            .find(|p| p.abbrev == *sym)
            .and_then(|p| p.reassign_closes_as.as_ref())
        else {
            return Ok(false);
        };
        let target = assign.target.as_deref();
        let Some((Some(hex), paid)) = self.markers.get(sym).cloned() else {
            return Ok(false);
        };
        if assign.target_type.as_deref() != Some("hex") || target != Some(hex.as_str()) {
            return Ok(false);
        }
        let Some(company) = self.acting_company(a).or(paid) else {
            return Ok(false);
        };
        let marker = Marker::new(closed.clone(), &hex).to_string();
        let Some(closed_marker) = game.private_sym(&marker) else {
            return Err(Error::Import(format!(
                "action {}: {sym}'s marker closes into {marker}, which {} does not know",
                a.id, game.id
            )));
        };
        self.markers.remove(sym);
        self.privates.retain(|p, _| !p.is_marker_of(sym.as_str()));
        self.privates.insert(closed_marker, company);
        self.privates_gone.insert(Holding::Private(sym.clone()));
        Ok(true)
    }

    /// The save's `SYM@HEX` for `sym`'s marker: held by the company it pays
    /// when it is on a hex and pays one.
    fn place_marker(&mut self, sym: &PrivateId) {
        self.privates.retain(|p, _| !p.is_marker_of(sym.as_str()));
        if let Some((Some(hex), Some(company))) = self.markers.get(sym)
            && let Some(marker) = self
                .game
                .private_sym(&Marker::new(sym.clone(), hex).to_string())
        {
            self.privates.insert(marker, company.clone());
        }
    }

    /// A private company (or a minor's) chosen by a player.
    pub(super) fn drafted(&mut self, a: &Action, company: &CompanyId) -> Result<(), Error> {
        self.holders.insert(company.clone(), a.entity());
        Ok(())
    }

    /// A company's president goes bankrupt: the minors the player holds
    /// close (18xx.games's 1846), their tokens leaving the map. The
    /// president is taken to be the player who parred the company.
    pub(super) fn bankrupt(&mut self, a: &Action) -> Result<(), Error> {
        if self.play.sold_minors.is_some() {
            self.minors_of_bankrupt(a)?;
        }
        self.market_bankrupt(a)
    }

    /// The minors of a bankrupt president close. Where share prices are
    /// followed the president is known; else it is taken to be the player
    /// who parred the company, with a caution.
    fn minors_of_bankrupt(&mut self, a: &Action) -> Result<(), Error> {
        let entity = a.entity();
        let known = self
            .company(&entity)
            .ok()
            .and_then(|co| self.stocks.holdings.get(&co))
            .and_then(|h| h.president.clone());
        let Some(player) = known
            .clone()
            .or_else(|| self.holders.get(entity.as_str()).cloned())
        else {
            return Ok(());
        };
        let minors: Vec<CompanyId> = self
            .game
            .companies
            .iter()
            .filter(|c| c.kind == CompanyKind::Minor)
            .filter(|c| self.holders.get(c.abbrev.as_str()) == Some(&player))
            .map(|c| c.abbrev.clone())
            .filter(|c| !self.closed.contains(c))
            .collect();
        for minor in minors {
            self.close_minor(&minor)?;
            if known.is_some() {
                continue;
            }
            self.cautions.push(format!(
                "action {}: {entity}'s president goes bankrupt and {minor} closes with the other companies of {player}, whom hexroute takes as the president (the player who parred {entity})",
                a.id
            ));
        }
        Ok(())
    }

    fn close_minor(&mut self, minor: &CompanyId) -> Result<(), Error> {
        self.apply_event(&Event::LiftTokens(minor.clone()))?;
        self.trains.remove(minor);
        self.closed.insert(minor.clone());
        Ok(())
    }

    /// A token placed in a city with no free space (`full`, the error
    /// saying so): the engine had freed the space the action names, whose
    /// company had closed unseen (where the title's share prices are not
    /// followed, `from_18xx_games.mechanisms`: `ClosingAtPrice`). Its token leaves, with a
    /// caution.
    pub(super) fn closed_space(
        &mut self,
        a: &Action,
        at: &TokenAt,
        full: Error,
    ) -> Result<(Coord, String, usize), Error> {
        let Ok((c, hex, space)) = self.city_space(a, at, false) else {
            return Err(full);
        };
        let Some(gone) = (self.state.tokens_at(c))
            .and_then(|t| t.get(&space))
            .cloned()
        else {
            return Err(full);
        };
        self.apply_event(&Event::RemoveTokenAt { c, space })?;
        self.cautions.push(format!(
            "action {}: {} puts a token in a full city of {hex}, so {gone}'s token there had left (its company closed: hexroute does not follow this title's share prices, and keeps a closed company's tokens until a token takes their space)",
            a.id,
            a.entity()
        ));
        Ok((c, hex, space))
    }
}
