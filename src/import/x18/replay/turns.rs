//! A company's turn as the record shows it: which company acts, when
//! its turn ends (a trainless company nationalised where the title says),
//! and the operating round or stock round its first action begins.

use super::Replay;
use super::trains::stock;
use crate::error::Error;
use crate::game::{CompanyId, Holding, HomeTokenTiming};
use crate::import::x18::record::{Action, Kind};

/// A company's run of actions: an operating turn, or its one pass (or
/// merger) in a merger round.
pub(super) struct Turn {
    pub(super) company: CompanyId,
    /// Its last action so far.
    pub(super) last: u64,
    actions: u32,
    /// It did what only an operating turn does.
    operates: bool,
    /// It laid track, ran, paid or bought a train, or passed more than
    /// once: no stock round's or merger round's run of actions (those
    /// take loans, buy shares, choose a home, pass once).
    pub(super) surely_operates: bool,
    passes: u32,
    /// It ran a train for some revenue (a record that keeps none: any run).
    pub(super) earned: bool,
}

/// Actions only a company's operating turn has.
pub(super) fn operating(kind: &Kind) -> bool {
    matches!(
        kind,
        Kind::LayTile(_)
            | Kind::RunRoutes { .. }
            | Kind::Dividend { .. }
            | Kind::BuyTrain(_)
            | Kind::BorrowTrain { .. }
            | Kind::PlaceToken(_)
    )
}

impl Turn {
    fn new(company: CompanyId, a: &Action) -> Turn {
        let mut turn = Turn {
            company,
            last: a.id,
            actions: 0,
            operates: false,
            surely_operates: false,
            passes: 0,
            earned: false,
        };
        turn.add(a);
        turn
    }

    fn add(&mut self, a: &Action) {
        self.last = a.id;
        self.actions += 1;
        self.operates |= operating(&a.kind);
        self.passes += u32::from(matches!(a.kind, Kind::Pass));
        if let Kind::RunRoutes { routes } = &a.kind {
            self.earned |= (routes.iter().flatten()).any(|r| r.revenue.is_none_or(|v| v > 0));
        }
        self.surely_operates |=
            self.passes > 1 || operating(&a.kind) && !matches!(a.kind, Kind::PlaceToken(_));
    }

    /// An operating turn: an operating action, or more than the one pass
    /// a company makes in a merger round (a trainless company passes at
    /// least its track and its train).
    pub(super) fn operating(&self) -> bool {
        self.operates || self.actions > 1
    }
}

impl Replay<'_> {
    /// Whether `a` ends a company's operating turn (another company, or a
    /// player, acts) in which the company, trainless, is nationalised,
    /// where the title does so (and then nationalises it).
    pub(super) fn turn_ends(&mut self, a: &Action) -> Result<(), Error> {
        if matches!(a.kind, Kind::Message | Kind::Program(_)) || a.by_private() {
            return Ok(());
        }
        let acting = if a.by_company() {
            self.acting_company(a)
        } else {
            None
        };
        if let (Some(turn), Some(now)) = (&mut self.turn, &acting)
            && turn.company == *now
        {
            turn.add(a);
            return Ok(());
        }
        // A home token placed in a stock round (1867) starts no turn.
        let next = acting
            .filter(|_| self.turn.is_some() || !matches!(a.kind, Kind::PlaceToken(_)))
            .map(|company| Turn::new(company, a));
        let Some(ended) = std::mem::replace(&mut self.turn, next) else {
            return Ok(());
        };
        self.return_borrowed(&ended.company);
        let trainless = self.trains.get(&ended.company).is_none_or(Vec::is_empty);
        let national = self.play.national.as_ref();
        if national.is_some_and(|n| n.trainless_turn)
            && trainless
            && ended.operating()
            && !self.closed.contains(&ended.company)
        {
            self.nationalise(&ended.company)?;
        }
        self.trainless_turn_ends(&ended, trainless);
        Ok(())
    }

    pub(super) fn prepare_turn(&mut self, a: &Action) -> Result<(), Error> {
        // A company choosing its home straight after the bid that starts
        // it (1817) does so in the stock round: no operating round begins.
        if matches!(a.kind, Kind::PlaceToken(_)) && self.fresh_bid.is_some()
            || self.stock_company_actions.contains(&a.id)
        {
            return Ok(());
        }
        let acting = match self.acting_company(a) {
            Some(company) => company,
            None => {
                if !a.by_company() && !a.by_private() {
                    self.players_acting = true;
                    if stock(&a.kind) && !self.rounds.stock {
                        let set_ended = self.rounds.operating;
                        self.end_round()?;
                        if set_ended {
                            self.rounds.sets_ended += 1;
                            self.set_ended()?;
                        }
                        self.rounds.stock = true;
                    }
                }
                return Ok(());
            }
        };
        self.round_turn(&acting, !self.merger_round_pass(a))?;
        if operating(&a.kind) {
            self.rounds.operating = true;
            if !self.or_order.contains(&acting) {
                self.or_order.push(acting.clone());
            }
        }
        if self.turn.is_some() && self.acted.insert(acting.clone()) {
            self.national_operates(&acting)?;
        }
        match self.play.home_token {
            HomeTokenTiming::Operate | HomeTokenTiming::Float => self.home_token(&acting)?,
            HomeTokenTiming::OperatingRound if self.players_acting => {
                let floated: Vec<CompanyId> = self
                    .sold
                    .iter()
                    .filter(|(_, sold)| **sold >= self.play.float_percent)
                    .map(|(co, _)| co.clone())
                    .collect();
                for company in self.in_par_order(floated) {
                    self.home_token(&company)?;
                }
                self.unformed_homes()?;
            }
            HomeTokenTiming::OperatingRound | HomeTokenTiming::Par => {}
        }
        self.players_acting = false;
        Ok(())
    }

    /// Whether `a` may be a company's one pass in a merger round (titles
    /// with `Acquisitions`: 18xx.games asks each company, in the operating
    /// order, after each operating round): a pass that begins the
    /// company's run of actions. It is no operating turn (were it counted,
    /// the company's next operating turn would look like a second round).
    fn merger_round_pass(&self, a: &Action) -> bool {
        self.play.acquisitions
            && matches!(a.kind, Kind::Pass)
            && self.turn.as_ref().is_some_and(|t| t.actions == 1)
    }

    /// The company acting in `a`: itself, the owner of the private that
    /// acts, or the company a player's private places a token for (the
    /// record's `tokener`). Players and other privates: none.
    pub(super) fn acting_company(&self, a: &Action) -> Option<CompanyId> {
        let entity = a.entity();
        if a.by_company() {
            return self.game.company(&entity).ok().map(|c| c.abbrev.clone());
        }
        if a.by_private() {
            let tokener = match &a.kind {
                Kind::PlaceToken(p) => p.tokener.as_deref(),
                _ => None,
            };
            let tokener = tokener.and_then(|t| self.game.company(t).ok());
            return self
                .privates
                .get(&Holding::parse(&entity))
                .cloned()
                .or_else(|| tokener.map(|c| c.abbrev.clone()));
        }
        None
    }
}
