//! The game's moves as typed events applied to the map state. An
//! [`Event`] is what happens (a lay, a token, a train bought, a phase, a
//! merger, a nationalisation, a company formed or closed); [`apply`] checks
//! it against the rules that govern it and returns the state after it, the
//! rules it breaks and a line saying what it did. The command line records
//! it in the save's history (so `undo` takes it back); an importer applies
//! the events a record's actions (and what the engine does unasked) amount
//! to, so hand play and a replay change the map through the same code.
//!
//! Lays, tokens, trains, privates and phases are [`crate::edit`]'s; this
//! layer adds the late game's mechanisms beside them.

use crate::edit::{self, Edit};
use crate::error::Result;
use crate::game::{CompanyId, Game, Holding, Marker, PhaseId, Private, PrivateId, TrainId};
use crate::geometry::{Coord, Rotation};
use crate::rules::{LayBy, LayKind, Site};
use crate::state::{MapState, RouteEnds};
use crate::tile::TileId;
use std::collections::BTreeSet;

mod absorb;
mod acquire;
mod allowed;
mod charter;
mod close;
mod formation;
mod markers;
mod merge;
mod national;
mod required;
mod size;
mod tokens;

pub use absorb::free_space_in_city;
pub use allowed::{Allowed, Move, allowed};
pub use formation::{Lifted, form_from, take_rights};
pub use national::{Nationalise, first_free_in_city, free_tokens, tokens_of};
pub use size::SizeTokens;

/// One move of the game, in the game's own terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A tile laid on an empty hex or upgrading the one there, by a
    /// company or through a private's ability.
    Lay {
        c: Coord,
        tile: TileId,
        rotation: Rotation,
        kind: LayKind,
        company: Option<CompanyId>,
        private: Option<PrivateId>,
    },
    /// A station token placed, in `space` or the first the rules allow.
    PlaceToken {
        c: Coord,
        company: CompanyId,
        space: Option<usize>,
        private: Option<PrivateId>,
    },
    /// A company's token taken off a hex.
    RemoveToken { c: Coord, company: CompanyId },
    /// The token in a space of a hex leaves, whoever's it is (the engine
    /// frees it: a lay lifting tokens, a closed company's space taken).
    RemoveTokenAt { c: Coord, space: usize },
    /// A token goes in a given space, judged by no placement rule (the
    /// engine's own: a neutral token, one put back).
    PutToken {
        c: Coord,
        space: usize,
        company: CompanyId,
    },
    /// Each token of a minor becomes its buyer's (or leaves a hex where
    /// the buyer has one).
    PassTokens { from: CompanyId, to: CompanyId },
    /// Every token of a company leaves the map.
    LiftTokens(CompanyId),
    /// A laid tile is lifted: the printed tile shows again.
    LiftTile(Coord),
    /// A tile shows on a hex as a snapshot of the map has it (another
    /// program's save, which keeps no lays): judged by no rule.
    ShowTile {
        c: Coord,
        tile: TileId,
        rotation: Rotation,
    },
    /// Trains bought (from the depot or another company) and lost
    /// (discarded, sold, obsolete).
    Trains {
        company: CompanyId,
        add: Vec<TrainId>,
        remove: Vec<TrainId>,
    },
    /// The depot's next train leaves the game at an operating round's end
    /// (the map keeps no depot: only the phase it may begin shows).
    Export {
        train: TrainId,
        begins: Option<PhaseId>,
    },
    /// The game moves to a phase; the trains that rust then leave play.
    Phase(PhaseId),
    /// Every train of a type leaves play, whoever owns it.
    Rust(TrainId),
    /// A company is nationalised: its tokens go to the national.
    Nationalise(Nationalise),
    /// The national's token kept for hex `c` goes on it (its kept tile
    /// was laid there: 1867's 639 in Montreal).
    KeptToken { c: Coord, national: CompanyId },
    /// Minors merge into a major, in this order: their tokens, trains
    /// and private companies become the major's.
    Merge {
        from: Vec<CompanyId>,
        into: CompanyId,
    },
    /// A minor becomes a major.
    Convert { minor: CompanyId, major: CompanyId },
    /// A company is acquired by (or merges into) another, one into one
    /// (the `Acquisitions` mechanism): its tokens, trains and private
    /// companies become the other's, and it leaves the game.
    Acquire { company: CompanyId, by: CompanyId },
    /// A company that left the game (acquired, closed) starts again under
    /// its old name (the `Acquisitions` mechanism: 1817's companies).
    Restart(CompanyId),
    /// A company merges into a national as it forms (1856's CGR): its
    /// tokens leave the map, its trains and rights go to the national.
    JoinFormation {
        company: CompanyId,
        national: CompanyId,
    },
    /// The national formed from the companies that joined it puts its
    /// tokens where theirs were.
    Form {
        national: CompanyId,
        joined: Vec<Lifted>,
    },
    /// A major merges into the company that absorbs one
    /// (the `Absorb` mechanism: 18MEX's NdM): its tokens become that
    /// company's, those on the hexes `keep` where the exchange tokens do
    /// not cover them all; its trains go with them.
    Absorb {
        company: CompanyId,
        into: CompanyId,
        keep: Vec<Coord>,
    },
    /// A company closes: its tokens, trains and private companies leave.
    Close(CompanyId),
    /// A private company closes (no company owns it any more), with its markers.
    ClosePrivate(PrivateId),
    /// A company goes into receivership (`true`) or out of it.
    Receivership { company: CompanyId, on: bool },
    /// A company gets a private company or marker (from whoever owned it).
    GivePrivate { private: Holding, to: CompanyId },
    /// A company loses a private company or marker (sold to a player, or closed).
    TakePrivate { private: Holding },
    /// A company takes the game's one-run token (`holds`), or has used it
    /// (`rules.lose_lowest`, 18TN's Civil War).
    LoseLowest { company: CompanyId, holds: bool },
    /// A private's marker goes on the map for `owner` (the save holds it
    /// among the privates as `SYM@HEX`, as the game names it).
    PlaceMarker { marker: Marker, owner: CompanyId },
    /// A company reaches its destination: its bonus paid until then stops.
    ReachDestination(CompanyId),
    /// A company keeps a token on its charter beyond its count, to place
    /// later (1870's destination token kept on the charter).
    KeepToken(CompanyId),
    /// A company's next run must include a route with both ends among
    /// these hexes (1870's connection run), or with `None` no longer must.
    RequireRoute {
        company: CompanyId,
        ends: Option<RouteEnds>,
    },
    /// A public marker (a `pass_through` rule's: 1817's mine) goes on hex
    /// `c`, for every company's routes.
    PublicMarker { c: Coord, marker: String },
    /// A company's size (`rules.company_sizes`: its share count) is set,
    /// and with it the tokens it owns (1817's companies started, converted
    /// or grown by a merger).
    Resize {
        company: CompanyId,
        shares: u32,
        tokens: SizeTokens,
    },
}

/// What an event did: the edit (the state after it, the rules it breaks,
/// its line), and what a caller replaying a game keeps beside the map.
#[derive(Clone, Debug)]
pub struct Played {
    pub edit: Edit,
    /// The hexes where the national still keeps a token for itself, after
    /// a nationalisation.
    pub kept: Option<BTreeSet<Coord>>,
    /// The cities whose tokens a company joining a formation lifted.
    pub lifted: Option<Lifted>,
}

impl From<Edit> for Played {
    fn from(edit: Edit) -> Played {
        Played {
            edit,
            kept: None,
            lifted: None,
        }
    }
}

/// Applies `event` to `state`: the state after it, with the rules it
/// breaks (empty when the game allows it). What cannot happen at all (a
/// company with no token to remove, a closed company merging) is an error.
pub fn apply(game: &Game, state: &MapState, event: &Event) -> Result<Played> {
    let private = |p: &Option<PrivateId>| -> Result<Option<&Private>> {
        p.as_deref().map(|p| game.private(p)).transpose()
    };
    Ok(match event {
        Event::Lay {
            c,
            tile,
            rotation,
            kind,
            company,
            private: by_private,
        } => {
            let by = LayBy {
                company: company.as_ref(),
                private: private(by_private)?,
            };
            let site = Site {
                game,
                state,
                c: *c,
                kind: *kind,
                by,
            };
            edit::lay(site, tile, *rotation)?.0.into()
        }
        Event::PlaceToken {
            c,
            company,
            space,
            private: by_private,
        } => edit::place_token_by(game, state, *c, company, *space, private(by_private)?)?.into(),
        Event::RemoveToken { c, company } => edit::remove_token(game, state, *c, company)?.into(),
        Event::RemoveTokenAt { c, space } => tokens::remove_at(game, state, *c, *space)?.into(),
        Event::PutToken { c, space, company } => {
            tokens::put(game, state, *c, *space, company)?.into()
        }
        Event::PassTokens { from, to } => tokens::pass(state, from, to).into(),
        Event::LiftTokens(company) => tokens::lift_all(state, company).into(),
        Event::LiftTile(c) => tokens::lift_tile(game, state, *c).into(),
        Event::ShowTile { c, tile, rotation } => {
            tokens::show_tile(game, state, *c, tile, *rotation)?.into()
        }
        Event::Trains {
            company,
            add,
            remove,
        } => {
            let names = |t: &[TrainId]| t.iter().map(ToString::to_string).collect::<Vec<_>>();
            edit::change_trains(game, state, company, &names(add), &names(remove))?.into()
        }
        Event::Export { train, begins } => export(game, state, train, *begins)?.into(),
        Event::Phase(phase) => edit::set_phase(game, state, *phase)?.into(),
        Event::Rust(train) => close::rust(game, state, train)?.into(),
        Event::Nationalise(n) => national::nationalise(game, state, n)?,
        Event::KeptToken { c, national } => national::kept_token(game, state, *c, national)?.into(),
        Event::Merge { from, into } => merge::merge(game, state, from, into)?.into(),
        Event::Convert { minor, major } => merge::convert(game, state, minor, major)?.into(),
        Event::Acquire { company, by } => acquire::acquire(game, state, company, by)?.into(),
        Event::Restart(company) => acquire::restart(game, state, company)?.into(),
        Event::JoinFormation { company, national } => {
            formation::join(game, state, company, national)?
        }
        Event::Form { national, joined } => formation::form(game, state, national, joined)?.into(),
        Event::Absorb {
            company,
            into,
            keep,
        } => absorb::absorb(game, state, company, into, keep)?,
        Event::Close(company) => close::close(game, state, company)?.into(),
        Event::ClosePrivate(p) => close::close_private(game, state, p)?.into(),
        Event::Receivership { company, on } => {
            close::receivership(game, state, company, *on)?.into()
        }
        Event::GivePrivate { private, to } => {
            edit::change_privates(game, state, Some(to), &[private.to_string()], &[])?.into()
        }
        Event::TakePrivate { private } => {
            edit::change_privates(game, state, None, &[], &[private.to_string()])?.into()
        }
        Event::LoseLowest { company, holds } => {
            edit::change_lose_lowest(game, state, company, *holds)?.into()
        }
        Event::PlaceMarker { marker, owner } => {
            edit::change_privates(game, state, Some(owner), &[marker.to_string()], &[])?.into()
        }
        Event::ReachDestination(company) => {
            edit::change_destination(game, state, company, true)?.into()
        }
        Event::KeepToken(company) => charter::keep(game, state, company)?.into(),
        Event::RequireRoute { company, ends } => {
            required::require(game, state, company, ends.as_ref())?.into()
        }
        Event::PublicMarker { c, marker } => markers::put(game, state, *c, marker)?.into(),
        Event::Resize {
            company,
            shares,
            tokens,
        } => size::resize(game, state, company, *shares, *tokens)?.into(),
    })
}

/// Applies events one after another, as one change: the state after the
/// last, every rule any broke, and their lines joined.
pub fn apply_all(game: &Game, state: &MapState, events: &[Event]) -> Result<Edit> {
    let mut next = state.clone();
    let mut violations = Vec::new();
    let mut said = Vec::new();
    for event in events {
        let played = apply(game, &next, event)?;
        next = played.edit.next;
        violations.extend(played.edit.violations);
        if !played.edit.said.is_empty() {
            said.push(played.edit.said);
        }
    }
    Ok(Edit {
        next,
        violations,
        said: said.join("; "),
    })
}

/// A train exported: the phase it begins, if any, begins.
fn export(game: &Game, state: &MapState, train: &TrainId, begins: Option<PhaseId>) -> Result<Edit> {
    game.train(train)?;
    match begins.filter(|p| *p > state.phase) {
        Some(phase) => {
            let mut edit = edit::set_phase(game, state, phase)?;
            edit.said = format!("a {train} is exported; {}", edit.said);
            Ok(edit)
        }
        None => Ok(Edit {
            next: state.clone(),
            violations: Vec::new(),
            said: format!("a {train} is exported"),
        }),
    }
}

/// The company `name` names, as the game spells it.
fn company_id(game: &Game, name: &str) -> Result<CompanyId> {
    Ok(game.company(name)?.abbrev.clone())
}

#[cfg(test)]
mod tests;
