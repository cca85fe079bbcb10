//! Companies formed by a vote (`from_18xx_games.mechanisms`:
//! `VotedFormations`, 1893's AGV and HGK). The first copy of a
//! formation's `votes_from` opens its vote, and each merger round asks the
//! holders of its members and of its shares: their `special_buy` of `yes`
//! or `no`, one after another. A run of such votes is one merger round:
//! the open formations are voted on in the file's order, each until 50%
//! say yes (it forms) or more than 50% no. The first copy of `formed_by`
//! closes the vote, and the next merger round (the end of the operating
//! round under way) forms it unasked.

use super::Replay;
use crate::error::Error;
use crate::game::{CompanyId, Holding, VotedFormation};
use crate::import::x18::record::{Action, BuyTrain, Kind, Shares};
use crate::play::Event;
use std::collections::{BTreeMap, BTreeSet};

/// The votes as the replay follows them (formations by their index in
/// the game file).
#[derive(Default)]
pub(super) struct Votes {
    /// Formations whose vote is open.
    open: BTreeSet<usize>,
    /// Formations the next merger round forms unasked.
    due: BTreeSet<usize>,
    formed: BTreeSet<usize>,
    /// The percent of each formed company's shares each player holds, by
    /// (company, player).
    shares: BTreeMap<(CompanyId, String), u32>,
    /// The merger round's vote under way.
    ballot: Option<Ballot>,
}

/// One merger round's votes: the formations still to decide, and the
/// first one's count.
struct Ballot {
    targets: Vec<usize>,
    yes: u32,
    no: u32,
    weights: BTreeMap<String, u32>,
}

impl<'g> Replay<'g> {
    fn voted(&self) -> &'g [VotedFormation] {
        let play: &'g crate::game::Play = self.play;
        &play.voted_formations
    }

    /// True for a player's `yes` or `no` in a title that votes.
    pub(super) fn is_vote(&self, a: &Action) -> bool {
        !self.voted().is_empty()
            && !a.by_company()
            && !a.by_private()
            && matches!(&a.kind, Kind::SpecialBuy { description: Some(d) } if d == "yes" || d == "no")
    }

    /// Any action but a vote (or words) ends the merger round's votes.
    pub(super) fn votes_end(&mut self, a: &Action) {
        if !self.is_vote(a) && !matches!(a.kind, Kind::Message | Kind::Log) {
            self.votes.ballot = None;
        }
    }

    /// A train bought: the first of a formation's `votes_from` opens its
    /// vote, the first of its `formed_by` makes it due.
    pub(super) fn vote_bought(&mut self, buy: &BuyTrain) -> Result<(), Error> {
        let Some(train) = &buy.train else {
            return Ok(());
        };
        if self.voted().is_empty() {
            return Ok(());
        }
        let kind = self.train_type(train)?;
        for (i, v) in self.voted().iter().enumerate() {
            if self.votes.formed.contains(&i) {
                continue;
            }
            if v.votes_from == kind && !self.votes.due.contains(&i) {
                self.votes.open.insert(i);
            }
            if v.formed_by == kind {
                self.votes.open.remove(&i);
                self.votes.due.insert(i);
            }
        }
        Ok(())
    }

    /// Shares a player buys or sells: those of a formed company count as
    /// votes.
    pub(super) fn vote_shares(&mut self, a: &Action, shares: &Shares, sign: i64) {
        if self.voted().is_empty() || a.by_company() || a.by_private() {
            return;
        }
        let ids = shares.shares.as_deref().unwrap_or_default();
        let each = shares.percent.map_or(10, |p| p / (ids.len().max(1) as u32));
        for id in ids {
            let company = id.split('_').next().unwrap_or_default();
            let Some(v) = self.voted().iter().find(|v| v.company.as_str() == company) else {
                continue;
            };
            let held = (self.votes.shares)
                .entry((v.company.clone(), a.entity()))
                .or_default();
            *held = (i64::from(*held) + sign * i64::from(each)).max(0) as u32;
        }
    }

    /// A merger round begins (an operating round has ended): the due
    /// formations form.
    pub(super) fn formations_due(&mut self) -> Result<(), Error> {
        for i in std::mem::take(&mut self.votes.due) {
            if !self.votes.formed.contains(&i) {
                self.form_voted(i)?;
            }
        }
        Ok(())
    }

    /// A player's `yes` or `no` on the formation voted on.
    pub(super) fn vote(&mut self, a: &Action, description: &Option<String>) -> Result<(), Error> {
        if self.votes.ballot.is_none() {
            self.formations_due()?;
            let targets: Vec<usize> = self.votes.open.iter().copied().collect();
            self.votes.ballot = Some(self.ballot(targets));
        }
        let player = a.entity();
        let Some(ballot) = self.votes.ballot.as_mut() else {
            return Ok(());
        };
        let Some(&target) = ballot.targets.first() else {
            return Err(Error::Import(format!(
                "action {}: player {player} votes, but no company's formation is open to a vote",
                a.id
            )));
        };
        let Some(&weight) = ballot.weights.get(&player).filter(|w| **w > 0) else {
            return Err(Error::Import(format!(
                "action {}: player {player} votes on {}'s formation, but holds nothing of it",
                a.id,
                self.voted()[target].company
            )));
        };
        let yes = description.as_deref() == Some("yes");
        if yes {
            ballot.yes += weight;
        } else {
            ballot.no += weight;
        }
        let (formed, decided) = (ballot.yes >= 50, ballot.yes >= 50 || ballot.no > 50);
        if !decided {
            return Ok(());
        }
        let rest: Vec<usize> = ballot.targets[1..].to_vec();
        if formed {
            self.form_voted(target)?;
        }
        self.votes.ballot = Some(self.ballot(rest));
        Ok(())
    }

    /// The count for the first of `targets`: each voter's percent, and
    /// the no of what no voter holds.
    fn ballot(&self, targets: Vec<usize>) -> Ballot {
        let mut weights: BTreeMap<String, u32> = BTreeMap::new();
        if let Some(&i) = targets.first() {
            let v = &self.voted()[i];
            for (member, percent) in v.members() {
                if let Some(player) = self.holders.get(member) {
                    *weights.entry(player.clone()).or_default() += percent;
                }
            }
            for ((company, player), percent) in &self.votes.shares {
                if *company == v.company {
                    *weights.entry(player.clone()).or_default() += percent;
                }
            }
        }
        let cast: u32 = weights.values().sum();
        Ballot {
            targets,
            yes: 0,
            no: 100u32.saturating_sub(cast),
            weights,
        }
    }

    /// Formation `i` forms: its minors join it, then its tokens go where
    /// theirs were; its private members close.
    fn form_voted(&mut self, i: usize) -> Result<(), Error> {
        let v = &self.voted()[i];
        self.votes.formed.insert(i);
        self.votes.open.remove(&i);
        self.votes.due.remove(&i);
        let mut joined = Vec::new();
        for (minor, _) in &v.minors {
            if self.state.is_closed(minor) {
                continue;
            }
            let event = Event::JoinFormation {
                company: minor.clone(),
                national: v.company.clone(),
            };
            let played = crate::play::apply(self.game, &self.state, &event)?;
            self.state = played.edit.next;
            joined.extend(played.lifted);
            if let Some(trains) = self.trains.remove(minor) {
                self.trains
                    .entry(v.company.clone())
                    .or_default()
                    .extend(trains);
            }
            self.privates.retain(|_, owner| owner != minor);
            self.closed.insert(minor.clone());
        }
        for (sym, _) in &v.privates {
            self.privates.remove(&Holding::from(sym.clone()));
        }
        self.apply_event(&Event::Form {
            national: v.company.clone(),
            joined,
        })
    }
}
