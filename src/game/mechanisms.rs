//! The game file's `from_18xx_games` resolved when the game loads: each
//! mechanism the title names (`play::Mechanism`) checked against the rest
//! of the file and kept as typed data, its companies, privates and trains
//! as the game spells them, its phases as `PhaseId`s and its hexes as
//! `Coord`s, so nothing later compares a name as text or parses a hex.

use super::market::SharePrices;
use super::play::{
    FormationDef, HomeTokenTiming, LiftTiles, MarkersLeave, Mechanism, MinorStart, NationalDef,
    PlayDef, SetupRemoval, SpecialBuy,
};
use super::{CompanyId, Game, PhaseId, PrivateId, TrainId};
use crate::error::{Error, Result};
use crate::geometry::Coord;
use crate::tile::Colour;

/// What replaying an 18xx.games record of the title needs, resolved: one
/// field per mechanism (`None` or empty when the title does not name it).
#[derive(Clone, Debug)]
pub struct Play {
    pub home_token: HomeTokenTiming,
    pub float_percent: u32,
    pub depot: Vec<Depot>,
    pub national: Option<National>,
    /// Minors merge into majors (`Mergers`).
    pub mergers: bool,
    /// Companies acquire one another one into one (`Acquisitions`).
    pub acquisitions: bool,
    /// Trainless companies the bank liquidates when no player buys them
    /// (`Liquidations`).
    pub liquidations: bool,
    /// Companies taken as closed at a price not followed (`ClosingUnseen`).
    pub closing_unseen: bool,
    pub formation: Option<FormationDef>,
    /// The phases whose operating rounds end with an export (`Exports`).
    pub exports: Vec<PhaseId>,
    /// The train types exported as each set of operating rounds ends
    /// (`SetExports`).
    pub set_exports: Vec<TrainId>,
    /// The market whose closing cells close companies (`ClosingAtPrice`).
    pub share_prices: Option<SharePrices>,
    pub removed_at_setup: Option<SetupRemoval>,
    /// Minors sold to companies as privates, with their first trains
    /// (`SoldMinors`).
    pub sold_minors: Option<Vec<MinorStart>>,
    pub free_trains: Vec<PrivateTrain>,
    pub rounds: Vec<RoundStart>,
    pub phase_trains: Vec<PhaseBy>,
    /// Engine train ids held out of the depot (`HeldTrains`).
    pub held_trains: Vec<String>,
    pub special_buys: Vec<SpecialBuy>,
    pub lift_tiles: Option<TileLift>,
    pub lose_lowest_with: Option<TrainId>,
    pub absorb: Option<super::absorb::AbsorbDef>,
    /// Minors closing as a phase begins, with their first trains
    /// (`ClosingMinors`).
    pub closing_minors: Option<(PhaseId, Vec<MinorStart>)>,
    pub twin_tiles: Vec<super::absorb::TwinTiles>,
    /// Companies formed by a vote (`VotedFormations`), their companies and
    /// trains as the game spells them.
    pub voted_formations: Vec<super::VotedFormation>,
    /// Companies holding a train from the start (`StartTrains`).
    pub start_trains: Vec<MinorStart>,
    /// How many of a taken company's tokens its taker may replace
    /// (`Takeovers`); `None`: no company takes another over.
    pub takeover_tokens: Option<u32>,
    /// A `choose` of `Map` or `Charter` places a destination token
    /// (`Destinations`).
    pub destinations: bool,
    /// The phase whose start lifts these privates' markers from the map
    /// (`MarkersLeave`).
    pub markers_leave: Option<(PhaseId, Vec<PrivateId>)>,
    /// A train that ran this operating round does not run again in it for
    /// the company it passed to (`TrainsRunOnce`).
    pub trains_run_once: bool,
    /// Changes 18xx.games made to the title after games were played
    /// (`revisions`), by day.
    pub revisions: Vec<super::Revision>,
    /// The kind of company that buys the depot's next train as its home
    /// token goes down in the first set of operating rounds
    /// (`FirstSetTrain`).
    pub first_set_train: Option<super::CompanyKind>,
    /// A first stock round's first `par` reserves (`ParReserves`).
    pub par_reserves: bool,
    /// Minors not formed put their homes down after the first stock
    /// round (`UnformedHomes`).
    pub unformed_homes: bool,
    /// Minors join their company when connected (`InvestorMerges`).
    pub investor_merges: bool,
    /// Players' choices pass (`PlayerChoices`).
    pub player_choices: bool,
    /// Minors exchanged for majors' shares (`MinorExchanges`): the train
    /// whose first copy calls the final exchange round.
    pub minor_exchanges: Option<TrainId>,
}

impl Play {
    /// True when the title forms `company` from others (`Formation` or
    /// `VotedFormations`).
    pub fn forms(&self, company: &CompanyId) -> bool {
        self.formation
            .as_ref()
            .is_some_and(|f| f.company == *company)
            || self.voted_formations.iter().any(|v| v.company == *company)
    }
}

/// `count` trains of one type in the depot, sold from phase `available`.
#[derive(Clone, Debug)]
pub struct Depot {
    pub train: TrainId,
    pub count: Option<u32>,
    pub available: Option<PhaseId>,
    /// An export takes every copy left (`DepotTrains::exported_together`).
    pub exported_together: bool,
}

/// A national (`Mechanism::National`), its phases resolved; the fields
/// say what `play::NationalDef`'s do.
#[derive(Clone, Debug)]
pub struct National {
    pub company: CompanyId,
    pub reserved: Vec<Coord>,
    pub reserved_tile: Option<String>,
    pub trainless_phases: Vec<PhaseId>,
    pub minors_until: Option<PhaseId>,
    pub privates_from: Option<PhaseId>,
    pub trainless_turn: bool,
    pub takes_assets: bool,
    pub home_when_operating: bool,
    pub operates: Vec<PhaseId>,
    pub buys_unseen: bool,
}

/// `LiftTiles` resolved: the hexes found on the map; the fields say what
/// `play::LiftTiles`' do.
#[derive(Clone, Debug)]
pub struct TileLift {
    pub hexes: Vec<Coord>,
    pub colour: Colour,
    pub trains: Vec<TrainId>,
}

/// As operating round `round` begins, phase `phase` begins and `rust` rust.
#[derive(Clone, Debug)]
pub struct RoundStart {
    pub round: u32,
    pub phase: Option<PhaseId>,
    pub rust: Vec<TrainId>,
}

/// Phase `phase` begins with the first of `trains` bought.
#[derive(Clone, Debug)]
pub struct PhaseBy {
    pub phase: PhaseId,
    pub trains: Vec<TrainId>,
}

/// A train (engine id) that comes with a private until phase `until`.
#[derive(Clone, Debug)]
pub struct PrivateTrain {
    pub private: PrivateId,
    pub train: String,
    pub until: PhaseId,
    pub exchanged: bool,
}

/// `def` resolved against `game` (loaded but for this), or the first
/// field that names what the game lacks.
pub fn resolve(def: PlayDef, game: &Game, source: &str) -> Result<Play> {
    let mut play = Play {
        home_token: def.home_token,
        float_percent: def.float_percent,
        depot: Vec::new(),
        national: None,
        mergers: false,
        acquisitions: false,
        liquidations: false,
        closing_unseen: false,
        formation: None,
        exports: Vec::new(),
        set_exports: Vec::new(),
        share_prices: None,
        removed_at_setup: None,
        sold_minors: None,
        free_trains: Vec::new(),
        rounds: Vec::new(),
        phase_trains: Vec::new(),
        held_trains: Vec::new(),
        special_buys: Vec::new(),
        lift_tiles: None,
        lose_lowest_with: None,
        absorb: None,
        closing_minors: None,
        twin_tiles: Vec::new(),
        voted_formations: Vec::new(),
        start_trains: Vec::new(),
        takeover_tokens: None,
        destinations: false,
        markers_leave: None,
        trains_run_once: false,
        revisions: super::revision::resolve(&def.revisions, &|h| game.hex(h), source)?,
        first_set_train: None,
        par_reserves: false,
        unformed_homes: false,
        investor_merges: false,
        player_choices: false,
        minor_exchanges: None,
    };
    let r = Resolver { game, source };
    for d in def.depot {
        let at = || "from_18xx_games.depot".to_string();
        play.depot.push(Depot {
            train: r.train(&d.train, &at)?,
            count: d.count,
            available: r.phase_opt(d.available.as_deref(), &at)?,
            exported_together: d.exported_together,
        });
    }
    let mut named: Vec<&'static str> = Vec::new();
    for m in def.mechanisms {
        let name = m.name();
        if named.contains(&name) {
            return Err(r.refuse(
                &format!("from_18xx_games.mechanisms.{name}"),
                "named twice: give it once, with all it holds".into(),
            ));
        }
        named.push(name);
        r.add(&mut play, m)?;
    }
    Ok(play)
}

struct Resolver<'g> {
    game: &'g Game,
    source: &'g str,
}

impl Resolver<'_> {
    fn refuse(&self, field: &str, msg: String) -> Error {
        Error::GameFile(format!("{}: {field}: {msg}", self.source))
    }

    fn wrap(&self, field: &str, e: Error) -> Error {
        let msg = match e {
            Error::GameFile(m) | Error::Invalid(m) => m,
            other => other.to_string(),
        };
        self.refuse(field, msg)
    }

    fn company(&self, c: &CompanyId, at: &dyn Fn() -> String) -> Result<CompanyId> {
        match self.game.companies.iter().find(|k| k.abbrev == *c) {
            Some(k) => Ok(k.abbrev.clone()),
            None => Err(self.wrap(
                &at(),
                self.game.company(c).err().unwrap_or_else(|| {
                    Error::GameFile(format!("{c} is spelt otherwise in `companies`"))
                }),
            )),
        }
    }

    fn train(&self, t: &TrainId, at: &dyn Fn() -> String) -> Result<TrainId> {
        match self.game.trains.iter().find(|d| d.name == *t) {
            Some(d) => Ok(d.name.clone()),
            None => Err(self.wrap(
                &at(),
                self.game.train(t).err().unwrap_or_else(|| {
                    Error::GameFile(format!("{t} is spelt otherwise in `trains`"))
                }),
            )),
        }
    }

    fn trains(&self, ts: &[TrainId], at: &dyn Fn() -> String) -> Result<Vec<TrainId>> {
        ts.iter().map(|t| self.train(t, at)).collect()
    }

    fn phase(&self, p: &str, at: &dyn Fn() -> String) -> Result<PhaseId> {
        self.game.phase_index(p).map_err(|e| self.wrap(&at(), e))
    }

    fn phase_opt(&self, p: Option<&str>, at: &dyn Fn() -> String) -> Result<Option<PhaseId>> {
        p.map(|p| self.phase(p, at)).transpose()
    }

    fn phases(&self, ps: &[String], at: &dyn Fn() -> String) -> Result<Vec<PhaseId>> {
        ps.iter().map(|p| self.phase(p, at)).collect()
    }

    fn hexes(&self, hs: &[String], at: &dyn Fn() -> String) -> Result<Vec<Coord>> {
        hs.iter()
            .map(|h| self.game.hex(h).map_err(|e| self.wrap(&at(), e)))
            .collect()
    }

    fn add(&self, play: &mut Play, m: Mechanism) -> Result<()> {
        let field = format!("from_18xx_games.mechanisms.{}", m.name());
        let at = || field.clone();
        match m {
            Mechanism::National(n) => play.national = Some(self.national(n, &at)?),
            Mechanism::Mergers => play.mergers = true,
            Mechanism::Acquisitions => play.acquisitions = true,
            Mechanism::Liquidations if !play.acquisitions => {
                return Err(self.refuse(
                    &at(),
                    "wants `Acquisitions` named before it (players buy a company in liquidation as any acquisition)".into(),
                ));
            }
            Mechanism::Liquidations => play.liquidations = true,
            Mechanism::ClosingUnseen => play.closing_unseen = true,
            Mechanism::Formation(mut f) => {
                f.company = self.company(&f.company, &at)?;
                play.formation = Some(f);
            }
            Mechanism::Exports(phases) => play.exports = self.phases(&phases, &at)?,
            Mechanism::SetExports(_) if play.depot.is_empty() => {
                return Err(self.refuse(&at(), "wants the depot's order (`depot`)".into()));
            }
            Mechanism::SetExports(ts) => play.set_exports = self.trains(&ts, &at)?,
            Mechanism::ClosingAtPrice(prices) => play.share_prices = Some(prices),
            Mechanism::SetupRemoval(mut s) => {
                for c in &mut s.group {
                    *c = self.company(c, &at)?;
                }
                play.removed_at_setup = Some(s);
            }
            Mechanism::SoldMinors(mut minors) => {
                for m in &mut minors {
                    m.company = self.company(&m.company, &at)?;
                }
                play.sold_minors = Some(minors);
            }
            Mechanism::FreeTrains(trains) => {
                for t in trains {
                    play.free_trains.push(PrivateTrain {
                        until: self.phase(&t.until, &at)?,
                        private: t.private,
                        train: t.train,
                        exchanged: t.exchanged,
                    });
                }
            }
            Mechanism::RoundEvents(events) => {
                for e in events {
                    play.rounds.push(RoundStart {
                        round: e.round,
                        phase: self.phase_opt(e.phase.as_deref(), &at)?,
                        rust: self.trains(&e.rust, &at)?,
                    });
                }
            }
            Mechanism::PhaseTrains(list) => {
                for p in list {
                    play.phase_trains.push(PhaseBy {
                        phase: self.phase(&p.phase, &at)?,
                        trains: self.trains(&p.trains, &at)?,
                    });
                }
            }
            Mechanism::HeldTrains(ids) => play.held_trains = ids,
            Mechanism::SpecialBuys(buys) => play.special_buys = buys,
            Mechanism::LiftTiles(lift) => {
                play.lift_tiles = Some(self.lift(lift, &at)?);
            }
            Mechanism::LoseLowestWith(t) => play.lose_lowest_with = Some(self.train(&t, &at)?),
            Mechanism::Absorb(mut a) => {
                a.company = self.company(&a.company.as_str().into(), &at)?.to_string();
                a.train = self.train(&a.train.as_str().into(), &at)?.to_string();
                play.absorb = Some(a);
            }
            Mechanism::ClosingMinors(mut c) => {
                for m in &mut c.minors {
                    m.company = self.company(&m.company, &at)?;
                }
                play.closing_minors = Some((self.phase(&c.phase, &at)?, c.minors));
            }
            Mechanism::TwinTiles(twins) => play.twin_tiles = twins,
            Mechanism::VotedFormations(list) => {
                for mut v in list {
                    v.company = self.company(&v.company, &at)?;
                    for (m, _) in &mut v.minors {
                        *m = self.company(m, &at)?;
                    }
                    v.votes_from = self.train(&v.votes_from, &at)?;
                    v.formed_by = self.train(&v.formed_by, &at)?;
                    play.voted_formations.push(v);
                }
            }
            Mechanism::StartTrains(mut starts) => {
                for s in &mut starts {
                    s.company = self.company(&s.company, &at)?;
                }
                play.start_trains = starts;
            }
            Mechanism::Takeovers { replaced } => play.takeover_tokens = Some(replaced),
            Mechanism::Destinations => play.destinations = true,
            Mechanism::MarkersLeave(m) => play.markers_leave = Some(self.markers_leave(m, &at)?),
            Mechanism::TrainsRunOnce => play.trains_run_once = true,
            Mechanism::FirstSetTrain(kind) => play.first_set_train = Some(kind),
            Mechanism::ParReserves => play.par_reserves = true,
            Mechanism::UnformedHomes => play.unformed_homes = true,
            Mechanism::InvestorMerges => play.investor_merges = true,
            Mechanism::PlayerChoices => play.player_choices = true,
            Mechanism::MinorExchanges(m) => {
                play.minor_exchanges = Some(self.train(&m.final_round_with, &at)?);
            }
        }
        Ok(())
    }

    /// `MarkersLeave` resolved: its phase found, each private one the
    /// game lists.
    fn markers_leave(
        &self,
        m: MarkersLeave,
        at: &dyn Fn() -> String,
    ) -> Result<(PhaseId, Vec<PrivateId>)> {
        for sym in &m.privates {
            if !self.game.privates.iter().any(|p| p.abbrev == *sym) {
                return Err(
                    self.refuse(&at(), format!("private company {sym} is not in `privates`"))
                );
            }
        }
        Ok((self.phase(&m.phase, at)?, m.privates))
    }

    fn lift(&self, lift: LiftTiles, at: &dyn Fn() -> String) -> Result<TileLift> {
        Ok(TileLift {
            hexes: self.hexes(&lift.hexes, at)?,
            colour: lift.colour,
            trains: self.trains(&lift.trains, at)?,
        })
    }

    fn national(&self, n: NationalDef, at: &dyn Fn() -> String) -> Result<National> {
        Ok(National {
            company: self.company(&n.company, at)?,
            reserved: self.hexes(&n.reserved, at)?,
            reserved_tile: n.reserved_tile,
            trainless_phases: self.phases(&n.trainless_phases, at)?,
            minors_until: self.phase_opt(n.minors_until.as_deref(), at)?,
            privates_from: self.phase_opt(n.privates_from.as_deref(), at)?,
            trainless_turn: n.trainless_turn,
            takes_assets: n.takes_assets,
            home_when_operating: n.home_when_operating,
            operates: self.phases(&n.operates, at)?,
            buys_unseen: n.buys_unseen,
        })
    }
}
