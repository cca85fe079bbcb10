//! The replay's state between actions: our map, and what the engine keeps
//! that the map does not show (which train is whose, which types have left
//! the depot, who has floated, whose home token is down).

use super::record::{Action, Bid, EngineTrain, Kind, LayTile, RanRoute, Record};
use super::{Refusal, Replayed, Run, tiles};
use crate::error::Error;
use crate::game::{CompanyId, Game, Holding, Play, PrivateId, TrainId};
use crate::geometry::Coord;
use crate::play::{self, Event};
use crate::rules::{LayKind, Violation};
use crate::state::MapState;
use crate::tile::Colour;
use std::collections::{BTreeMap, BTreeSet};

mod absorb;
mod acquire;
mod books;
mod closing;
mod destination;
mod first_train;
mod formation;
mod investors;
mod late;
mod liquidation;
mod markers_leave;
mod market;
mod minor_exchange;
mod public_markers;
mod pullman;
mod run_once;
mod set_exports;
mod setup;
mod sizes;
mod stock_turns;
mod takeover;
mod tokens;
mod trains;
mod turns;
mod unasked;
mod unseen_closing;
mod voted;

use trains::Rounds;
use turns::Turn;

/// Actions that never change the map, of those not replayed otherwise.
fn changes_nothing(kind: &Kind) -> bool {
    /// Players' standing orders the engine records.
    const PROGRAMS: &[&str] = &[
        "program_buy_shares",
        "program_share_pass",
        "program_merger_pass",
        "program_auction_bid",
        "program_disable",
    ];
    match kind {
        Kind::Bid(_)
        | Kind::Par(_)
        | Kind::BuyShares(_)
        | Kind::SellShares(_)
        | Kind::CorporateBuyShares(_)
        | Kind::CorporateSellShares(_)
        | Kind::Pass
        | Kind::Dividend { .. }
        | Kind::EndGame
        | Kind::Bankrupt
        // Loans (1856): money only.
        | Kind::TakeLoan
        | Kind::PayoffLoan
        | Kind::RunRoutes { .. }
        | Kind::Message
        // A `Message` by another name (the server's notes, such as a
        // consent confirmed): text only.
        | Kind::Log => true,
        Kind::Program(name) => PROGRAMS.contains(&name.as_str()),
        // An auction bid moved (18CO), a share sold short (1817): money and
        // shares only.
        Kind::Other(name) => ["move_bid", "short"].contains(&name.as_str()),
        _ => false,
    }
}

pub(super) struct Replay<'g> {
    game: &'g Game,
    play: &'g Play,
    title: String,
    state: MapState,
    /// Hex of each tile on the map by the engine's id (`57-0`).
    tiles: BTreeMap<String, Coord>,
    /// Each company's trains by the engine's id (`5-1`), in the order bought.
    trains: BTreeMap<CompanyId, Vec<EngineTrain>>,
    /// Train types of which one has left the depot.
    left_depot: BTreeSet<String>,
    homes_down: BTreeSet<CompanyId>,
    /// Percent of each company's shares ever sold, and the shares seen.
    sold: BTreeMap<CompanyId, u32>,
    shares_seen: BTreeSet<String>,
    /// True from a player's action until the next company acts.
    players_acting: bool,
    /// The company whose turn it is, once a company acts, until another
    /// company or a player does.
    turn: Option<Turn>,
    /// Each private company (or its marker) a company owns, parsed once
    /// from the record's text (`BSS`, `SNAR@G4`).
    privates: BTreeMap<Holding, CompanyId>,
    /// Trains (engine ids) made obsolete, which leave after their
    /// company's next dividend.
    obsolete: BTreeSet<EngineTrain>,
    refused: Vec<Refusal>,
    /// Operating rounds, counted where the title does something as one
    /// begins (`from_18xx_games.mechanisms`: `RoundEvents`).
    rounds: Rounds,
    /// The variant each train left the depot as (`2D-0` as a `4D`).
    variants: BTreeMap<EngineTrain, TrainId>,
    /// Trains (engine ids) that have left the depot: bought or exported.
    gone: BTreeSet<EngineTrain>,
    /// Companies that have operated.
    acted: BTreeSet<CompanyId>,
    /// Companies closed (merged, converted or nationalised minors).
    closed: BTreeSet<CompanyId>,
    /// Private companies closed with their owner (18xx.games's
    /// `close_corporation` closes its companies) or by their use: no
    /// national takes them, and no save holds them.
    privates_gone: BTreeSet<Holding>,
    /// Private companies used in this operating round that close as it
    /// ends (`closes_at_round_end_on_use`: 1856's WSRC).
    privates_used: BTreeSet<PrivateId>,
    /// Uses so far of each private that closes after several
    /// (`closes_after_uses`: 1817's Coal Mine).
    private_uses: BTreeMap<PrivateId, u32>,
    /// Hexes where the national keeps a token for itself.
    reserved: BTreeSet<Coord>,
    /// First stock round reservations by player (`ParReserves`).
    reservations: BTreeSet<(String, CompanyId)>,
    /// Each company's par cell (price, row), for the order home tokens go
    /// down in as an operating round begins.
    par_cells: BTreeMap<CompanyId, (u32, u32)>,
    /// Minors merging (or the one converting), until the major is named.
    merging: Vec<CompanyId>,
    /// Companies in the order they operated in the latest operating round.
    or_order: Vec<CompanyId>,
    /// Tokens a lay lifted off a hex (a trackless city of several), in
    /// the engine's order (city, then space), which the company operating
    /// puts back with token actions, whoever owns them.
    /// their owners put back with token actions.
    lifted: Vec<(Coord, CompanyId)>,
    /// The train kind whose first purchase lifts tiles
    /// (`from_18xx_games.mechanisms`: `LiftTiles`), drawn from the record's seed.
    lift: Option<TrainId>,
    /// What the replay assumed where the record is silent.
    cautions: Vec<String>,
    /// A minor joining its company (`InvestorMerges`).
    joining: investors::Joining,
    /// Train types the replay assumes still in the depot though a company
    /// may have bought the first with no action (1861's RSR), each with
    /// its caution: the phase it begins, and the rusting, may have come.
    unseen_buys: Vec<(TrainId, String)>,
    /// Each private's marker, by its sym.
    markers: BTreeMap<PrivateId, setup::MarkerAt>,
    /// The player holding each company or private bid on or parred (a
    /// private drafted is keyed by its sym; only companies' are read).
    holders: BTreeMap<CompanyId, String>,
    /// The last action prepared.
    last_action: u64,
    /// A national's formation under way (`from_18xx_games.mechanisms`: `Formation`).
    forming: Option<formation::Forming>,
    /// The train (engine id) a company borrowed from the depot for its
    /// turn (1856's trainless CGR).
    borrowed: BTreeMap<CompanyId, EngineTrain>,
    /// Train types a company has borrowed: copies of them have left the
    /// depot and come back (1836Jr56's MESS borrows Ds before any is
    /// bought), so a later copy bought is no sign of an export.
    borrowed_types: BTreeSet<String>,
    /// Shareholders, where companies take others over (`Takeovers`).
    takeover: takeover::Holdings,
    /// Trains that have run in this operating round (`TrainsRunOnce`).
    ran_this_round: std::collections::BTreeSet<EngineTrain>,
    /// Share prices and holdings, where the title follows them.
    stocks: market::Stocks,
    /// A company absorbing another (the `Absorb` mechanism).
    absorbing: absorb::Absorbing,
    /// Companies formed by a vote (`from_18xx_games.mechanisms`:
    /// `VotedFormations`).
    votes: voted::Votes,
    /// The company last bid on: being started, or auctioned for
    /// acquisition (the `Acquisitions` mechanism).
    bid_on: Option<CompanyId>,
    /// The company bid on by the action just before, if it was a bid.
    fresh_bid: Option<CompanyId>,
    /// Acquisition auctions whose buyer no action names (`Acquisitions`).
    auctions: unasked::Auctions,
    /// Companies in liquidation (`Liquidations`).
    liquidations: liquidation::Liquidations,
    /// Companies closing at a price not followed (`ClosingUnseen`).
    unseen_closings: unseen_closing::UnseenClosings,
    /// Company actions taken in stock rounds (1877: Venezuela's trains
    /// bought as a company floats): no operating round begins.
    stock_company_actions: BTreeSet<u64>,
    /// Minors exchanged for majors' shares (`MinorExchanges`).
    exchanges: minor_exchange::Exchanges,
}

/// Whether the replay can go on after an action.
pub(super) enum Flow {
    Go,
    /// The action does what is not replayed: it is not applied.
    StopBefore(String),
}

impl<'g> Replay<'g> {
    pub fn new(record: &Record, game: &'g Game) -> Result<Replay<'g>, Error> {
        let play = game.from_18xx_games.as_ref().ok_or_else(|| {
            Error::Import(format!(
                "hexroute cannot replay 18xx.games records of {} yet",
                game.id
            ))
        })?;
        let rules = record
            .settings
            .as_ref()
            .and_then(|s| s.optional_rules.clone())
            .unwrap_or_default();
        if let Some(rule) = rules.iter().find(|r| changes_the_map(r)) {
            return Err(Error::Import(format!(
                "the game plays with the optional rule \"{rule}\", which changes the map; hexroute has only the printed {}",
                game.id
            )));
        }
        let reserved = match &play.national {
            Some(n) => n.reserved.iter().copied().collect(),
            None => BTreeSet::new(),
        };
        let lift = play.lift_tiles.as_ref().and_then(|l| {
            let draw = record.first_random()?;
            let n = l.trains.len() as u64;
            l.trains.get(usize::try_from(draw % n).ok()?).cloned()
        });
        let mut replay = Replay {
            lift,
            lifted: Vec::new(),
            game,
            play,
            title: record.title.clone(),
            state: MapState::start(game),
            tiles: BTreeMap::new(),
            trains: BTreeMap::new(),
            left_depot: BTreeSet::new(),
            homes_down: BTreeSet::new(),
            sold: BTreeMap::new(),
            shares_seen: BTreeSet::new(),
            players_acting: true,
            turn: None,
            privates: BTreeMap::new(),
            obsolete: BTreeSet::new(),
            refused: Vec::new(),
            rounds: Rounds {
                begun: 0,
                stock: true,
                operated: BTreeSet::new(),
                last: None,
                operating: false,
                sets_ended: 0,
            },
            variants: BTreeMap::new(),
            gone: BTreeSet::new(),
            acted: BTreeSet::new(),
            closed: BTreeSet::new(),
            privates_gone: BTreeSet::new(),
            privates_used: BTreeSet::new(),
            private_uses: BTreeMap::new(),
            reserved,
            merging: Vec::new(),
            or_order: Vec::new(),
            cautions: Vec::new(),
            joining: investors::Joining::default(),
            unseen_buys: Vec::new(),
            markers: BTreeMap::new(),
            holders: BTreeMap::new(),
            reservations: BTreeSet::new(),
            par_cells: BTreeMap::new(),
            last_action: 0,
            forming: None,
            borrowed: BTreeMap::new(),
            borrowed_types: BTreeSet::new(),
            stocks: market::Stocks::default(),
            absorbing: absorb::Absorbing::default(),
            votes: voted::Votes::default(),
            takeover: takeover::Holdings::default(),
            ran_this_round: std::collections::BTreeSet::new(),
            bid_on: None,
            fresh_bid: None,
            auctions: unasked::Auctions::foreseen(record),
            liquidations: liquidation::Liquidations::foreseen(record),
            unseen_closings: unseen_closing::UnseenClosings::foreseen(record, play.closing_unseen),
            stock_company_actions: stock_turns::stock_round_company_actions(record),
            exchanges: minor_exchange::Exchanges::default(),
        };
        if play.minor_exchanges.is_some() {
            (replay.stock_company_actions).extend(minor_exchange::stock_round_exchanges(record));
        }
        replay.setup(record)?;
        replay.market_setup(record)?;
        replay.emit_books()?;
        Ok(replay)
    }

    /// What the engine does before `a` with no action: a company's turn
    /// or an operating round begins and home tokens go down.
    pub fn prepare(&mut self, a: &Action) -> Result<(), Error> {
        self.last_action = a.id;
        self.prepare_steps(a)?;
        self.emit_books()
    }

    /// [`Replay::prepare`]'s steps, before the books go onto the map.
    fn prepare_steps(&mut self, a: &Action) -> Result<(), Error> {
        self.closing_unseen(a)?;
        self.exchange_prepare(a)?;
        self.unasked_acquisitions(a)?;
        self.market_prepare(a)?;
        self.votes_end(a);
        self.takeover_prepare(a)?;
        if self.absorb_step(a)? || self.merges_into_national(a) {
            return Ok(());
        }
        self.formation_ends(a)?;
        self.turn_ends(a)?;
        self.liquidations_due(a)?;
        self.prepare_turn(a)?;
        self.national_runs(a)
    }

    /// A private whose ability closes it when used has acted: it closes,
    /// is marked to close as the operating round ends, or counts one use
    /// toward the one that closes it.
    fn closed_by_use(&mut self, a: &Action) {
        let sym = PrivateId::from(a.entity());
        let Some(private) = self.game.privates.iter().find(|p| p.abbrev == sym) else {
            return;
        };
        if !a.by_private() {
            return;
        }
        // Kept as owned, so that a marker it placed outlives it as the
        // engine's does; written as closed.
        if private.closes_on_use {
            self.privates_gone.insert(Holding::Private(sym));
        } else if private.closes_at_round_end_on_use {
            self.privates_used.insert(sym);
        } else if let Some(last) = private.closes_after_uses {
            let uses = self.private_uses.entry(sym.clone()).or_default();
            *uses += 1;
            if *uses >= last.get() {
                self.privates_gone.insert(Holding::Private(sym));
            }
        }
    }

    fn company(&self, name: &str) -> Result<CompanyId, Error> {
        Ok(self.game.company(name)?.abbrev.clone())
    }

    /// Puts `company`'s printed home token down, once.
    fn home_token(&mut self, company: &CompanyId) -> Result<(), Error> {
        if self.homes_down.contains(company) {
            return Ok(());
        }
        self.homes_down.insert(company.clone());
        let Some(home) = self.game.home(company) else {
            return Ok(());
        };
        let already = self
            .state
            .tokens_at(home)
            .is_some_and(|t| t.values().any(|co| co == company));
        if already || self.chooses_home_city(company, home) {
            return Ok(());
        }
        self.put_home_token(company, home)?;
        let more = (self.game.company(company)?.home_tokens.iter())
            .map(|t| Ok((self.coord(&t.at)?, t.space)))
            .collect::<Result<Vec<_>, Error>>()?;
        for (c, space) in more {
            let company = company.clone();
            self.apply_event(&Event::PutToken { c, space, company })?;
        }
        self.first_set_train(company)
    }

    /// Puts `company`'s token on its home `home` as the engine does, with
    /// no action: the first space the rules allow.
    fn put_home_token(&mut self, company: &CompanyId, home: Coord) -> Result<(), Error> {
        let event = Event::PlaceToken {
            c: home,
            company: company.clone(),
            space: None,
            private: None,
        };
        let played = play::apply(self.game, &self.state, &event)
            .map_err(|e| e.context(format!("{company}'s home token")))?;
        self.state = played.edit.next;
        Ok(())
    }

    /// True when the engine lets `company` choose which city of its home
    /// takes its token, with a token action of its own: a home of several
    /// cities, none of them named, whose tile has track (1882's QLL in
    /// Regina; 18xx.games's `place_home_token`).
    fn chooses_home_city(&self, company: &CompanyId, home: Coord) -> bool {
        let named = self
            .game
            .company(company)
            .is_ok_and(|co| co.home_city.is_some());
        !named
            && self
                .state
                .tile_at(self.game, home)
                .is_some_and(|(t, _)| t.cities.len() > 1 && !t.track.is_empty())
    }

    pub fn run(&self, a: &Action, ran: &[RanRoute]) -> Result<Run, Error> {
        let company = self.company(&a.entity())?;
        Ok(Run {
            action: a.id,
            trains: self.runnable_trains(&company)?,
            company,
            // A train bought as another side (1846's 4 as a 3/5) runs as it.
            routes: (ran.iter().cloned())
                .map(|mut r| {
                    if self.variants.contains_key(&r.train) {
                        r.train = EngineTrain::from(self.train_type(&r.train)?.to_string());
                    }
                    Ok(r)
                })
                .collect::<Result<_, Error>>()?,
            state: self.state.clone(),
            unseen_buys: self.unseen_buys.clone(),
            created_at: a.created_at,
        })
    }

    pub fn apply(&mut self, a: &Action) -> Result<Flow, Error> {
        self.national_bought(a)?;
        self.receivership_bought(a)?;
        self.emit_books()?;
        if let Some(why) = self.left_unseen(a)? {
            return Ok(Flow::StopBefore(why));
        }
        self.investor_unchosen(a)?;
        self.apply_one(a)?;
        self.liquidation_auction(a);
        self.emit_books()?;
        if !matches!(a.kind, Kind::Bid(_)) {
            self.fresh_bid = None;
        }
        self.closed_by_use(a);
        self.market_after()?;
        // Players' standing orders buy shares (and pass); a share so
        // bought counts toward floating as any other.
        for auto in &a.auto_actions {
            if auto.kind == "buy_shares" {
                self.buy_shares(auto.shares.as_deref().unwrap_or_default())?;
            }
            self.investor_connected(a, &auto.kind)?;
            if auto.kind == "destination_connection" && self.play.destinations {
                self.connection_runs(auto.corporations.as_deref().unwrap_or_default())?;
            }
        }
        self.emit_books()?;
        Ok(Flow::Go)
    }

    fn apply_one(&mut self, a: &Action) -> Result<(), Error> {
        let national = self.play.national.is_some();
        match &a.kind {
            Kind::LayTile(lay) => self.lay_tile(a, lay),
            Kind::PlaceToken(place) if self.takeover_token(a, place)? => Ok(()),
            Kind::PlaceToken(place) if self.marker_token(a, place)? => Ok(()),
            Kind::PlaceToken(place) if self.exchange_token(a, place)? => Ok(()),
            Kind::PlaceToken(place) => {
                self.started_anew(a)?;
                self.place_token(a, place)
            }
            Kind::RemoveToken(at) => self.remove_token(a, at),
            Kind::BuyTrain(buy) => {
                self.market_buy_train(a)?;
                self.buy_train(a, buy)?;
                self.vote_bought(buy)?;
                self.absorb_bought(buy)
            }
            Kind::DiscardTrain { train } => self.discard_train(a, train),
            Kind::BorrowTrain { train } => self.borrow_train(a, train),
            Kind::BuyCompany { company } => self.buy_company(a, company),
            Kind::SpecialBuy { description } if self.is_vote(a) => self.vote(a, description),
            Kind::SpecialBuy { description } => self.special_buy(a, description),
            Kind::Assign(assign) if self.keeps_token(a) => self.absorb_keep(a, assign),
            Kind::Assign(assign)
                if self.play.acquisitions && !a.by_company() && !a.by_private() =>
            {
                self.player_assign(a, assign)
            }
            Kind::Assign(assign) => self.assign(a, assign),
            // Mergers (`Mergers`) and nationalisation (`National`) as 1867
            // has them: only titles naming the mechanism replay them.
            Kind::Merge { corporation } if self.play.absorb.is_some() => {
                self.absorb_merge(a, corporation.as_ref())
            }
            Kind::Merge { corporation } if self.play.formation.is_some() => {
                self.merge_into_national(a, corporation.as_ref())
            }
            Kind::Merge { corporation } if self.play.mergers => self.merge(a, corporation),
            Kind::Merge { corporation } if self.play.acquisitions => self.acquire(a, corporation),
            // A company's size grows (1817: 2 to 5 to 10 shares), or is
            // chosen as it starts: shares, and tokens on its charter.
            Kind::Convert if self.play.acquisitions => self.convert_size(a),
            Kind::Choose { choice } if self.replays_choice(a) => self.choice(a, choice.as_deref()),
            Kind::Choose { choice } if self.play.acquisitions => {
                self.choose_size(a, choice.as_deref())
            }
            Kind::Convert if self.play.mergers => self.convert(a),
            Kind::Choose { .. } if national => self.choose(a),
            Kind::Choose { choice } if self.play.destinations => {
                self.choose_destination(a, choice.as_deref())
            }
            Kind::Dividend { kind } => {
                self.market_dividend(a, kind.as_deref())?;
                self.dividend(a)
            }
            Kind::Par(par) => {
                self.takeover_par(a, par)?;
                self.par(a, par)
            }
            // A minor auctioned on its own (1861) is parred when its
            // auction is won: the first bid on it starts one that always is.
            Kind::Bid(bid) if bid.corporation.is_some() && self.play.acquisitions => {
                self.acquisition_bid(a, bid)
            }
            Kind::Bid(bid) if bid.corporation.is_some() => self.par_by_bid(a, bid),
            Kind::Bid(Bid {
                company: Some(company),
                ..
            }) => self.drafted(a, &CompanyId::from(company)),
            Kind::Bid(Bid {
                minor: Some(minor), ..
            }) => self.minor_bid(a, minor),
            Kind::Bankrupt => self.bankrupt(a),
            Kind::BuyShares(shares) => {
                self.vote_shares(a, shares, 1);
                self.market_buy(a, shares);
                self.takeover_shares(a, shares, true)?;
                self.exchange_shares(a, shares.shares.as_deref().unwrap_or_default())?;
                self.buy_shares(shares.shares.as_deref().unwrap_or_default())
            }
            Kind::SellShares(shares) => {
                self.shares_to_market(shares.shares.as_deref().unwrap_or_default());
                self.vote_shares(a, shares, -1);
                self.market_sell(a, shares)?;
                self.takeover_shares(a, shares, false)
            }
            Kind::CorporateBuyShares(shares) => self.takeover_shares(a, shares, true),
            Kind::CorporateSellShares(shares) => {
                self.shares_to_market(shares.shares.as_deref().unwrap_or_default());
                self.takeover_shares(a, shares, false)
            }
            Kind::Pass if self.play.minor_exchanges.is_some() => self.exchange_pass(a),
            Kind::RunRoutes { routes } => {
                let routes = routes.as_deref().unwrap_or_default();
                self.lose_lowest_used(a)?;
                self.connection_run_made(a)?;
                self.trains_ran(routes);
                self.market_run(a, routes)
            }
            // A player selling a private company to the bank (1893's bonds):
            // no company held it, so the map never knew it.
            Kind::Other(name) if name == "sell_company" && !a.by_company() => Ok(()),
            kind if changes_nothing(kind) => Ok(()),
            kind => Err(Error::Import(format!(
                "hexroute does not replay \"{}\" actions, which may change the map",
                kind.name()
            ))),
        }
    }

    fn field<'a>(a: &'a Action, value: &'a Option<String>, name: &str) -> Result<&'a str, Error> {
        value
            .as_deref()
            .ok_or_else(|| Error::Import(format!("a {} without \"{name}\"", a.kind.name())))
    }

    /// A field the action's type must carry, typed as the record reads it.
    fn given<'a, T>(a: &Action, value: &'a Option<T>, name: &str) -> Result<&'a T, Error> {
        value
            .as_ref()
            .ok_or_else(|| Error::Import(format!("a {} without \"{name}\"", a.kind.name())))
    }

    fn coord(&self, hex: &str) -> Result<Coord, Error> {
        let c = self
            .game
            .coords
            .parse(hex)
            .map_err(|e| Error::Import(format!("hex {hex}: {e}")))?;
        if !self.game.hexes.contains_key(&c) {
            return Err(Error::Import(format!(
                "hex {hex} is not on the {} map",
                self.game.id
            )));
        }
        Ok(c)
    }

    fn lay_tile(&mut self, a: &Action, lay: &LayTile) -> Result<(), Error> {
        let hex = Self::field(a, &lay.hex, "hex")?;
        let id = Self::given(a, &lay.tile, "tile")?;
        let c = self.coord(hex)?;
        let name = id.name();
        self.game
            .tile(name)
            .map_err(|e| e.context(format!("hex {hex}")))?;
        let rotation = tiles::rotation(&self.title, name, lay.rotation.unwrap_or(0))?;
        let company = self.acting_company(a);
        let private = if a.by_private() {
            self.game.private(&a.entity()).ok()
        } else {
            None
        };
        let kind = match self.state.tile_at(self.game, c) {
            Some((t, _)) if t.colour != Colour::Blank => LayKind::Upgrade,
            _ => LayKind::Place,
        };
        let trackless = self
            .state
            .tile_at(self.game, c)
            .is_none_or(|(t, _)| t.track.is_empty());
        let event = Event::Lay {
            c,
            tile: name.into(),
            rotation,
            kind,
            company,
            private: private.map(|p| p.abbrev.clone()),
        };
        let edit = play::apply(self.game, &self.state, &event)?.edit;
        self.refuse(a, hex, name, &edit.violations);
        self.state = edit.next;
        // Tokens on cities with no track yet (1830's Buffalo) have no
        // place of their own on a tile of several cities: the engine lifts
        // them and the company operating puts them back with token actions
        // (18xx.games's `TOKEN_PLACEMENT_ON_TILE_LAY_ENTITY`).
        let new = self.game.tile(name)?;
        if trackless
            && !new.track.is_empty()
            && new.cities.len() > 1
            && let Some(h) = self.state.hexes.get(&c)
        {
            let held: Vec<(usize, CompanyId)> =
                h.tokens.iter().map(|(s, co)| (*s, co.clone())).collect();
            for (space, co) in held {
                self.apply_event(&Event::RemoveTokenAt { c, space })?;
                self.lifted.push((c, co));
            }
        }
        self.marker_with_lay(a, c)?;
        self.tiles.retain(|_, at| *at != c);
        self.tiles.insert(id.to_string(), c);
        self.twin_lay(a, hex, id)?;
        self.reserved_tile(c, name)
    }

    /// Applies a `play` event the engine makes with no rule to judge it:
    /// the map after it.
    fn apply_event(&mut self, event: &Event) -> Result<(), Error> {
        self.state = play::apply(self.game, &self.state, event)?.edit.next;
        Ok(())
    }

    fn refuse(&mut self, a: &Action, hex: &str, what: &str, violations: &[Violation]) {
        if let Some(v) = violations.iter().min_by_key(|v| v.rule) {
            self.refused.push(Refusal {
                action: a.id,
                kind: a.kind.name().to_string(),
                hex: hex.to_string(),
                what: what.to_string(),
                rule: v.rule,
                message: v.message.clone(),
            });
        }
    }

    /// The replay ends after action `last` (the record's end, or the
    /// `--at` asked): what the engine has done by then with no action.
    pub fn end(&mut self, last: u64) -> Result<(), Error> {
        self.liquidations_at_end(last)
    }

    pub fn finish(self, at: u64) -> Replayed {
        Replayed {
            state: self.state,
            at,
            refused: self.refused,
            stopped: None,
            cautions: self.cautions,
        }
    }
}

/// Optional rules of 18xx.games that change the map hexroute prints.
fn changes_the_map(rule: &str) -> bool {
    let r = rule.to_ascii_lowercase();
    r.contains("map") || r.contains("hex") || r.contains("tile")
}
