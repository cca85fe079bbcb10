//! Token spaces held for someone before they place a token there: a
//! company's reserved space (`companies[].reserved_tokens`) and a
//! private's (`privates[].token.reserves`), resolved when the game loads.
//! Whether one still holds depends on the map, which `rules` judges.

use super::{CompanyId, Game, PhaseId, Private, PrivateId};
use crate::geometry::Coord;

/// A token space held for a company or a private, its hex resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reservation {
    pub holder: Holder,
    pub at: Coord,
    /// The city of the hex's tile, as our catalogues number it.
    pub city: usize,
    /// The space of that city held.
    pub slot: usize,
}

/// Who a space is held for, and until when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    /// A company, until its token is on the hex or phase `until` begins;
    /// `teleport`: it may place there without a route, in any phase.
    Company {
        company: CompanyId,
        until: Option<PhaseId>,
        teleport: bool,
    },
    /// A private (its abbreviation), until a company owns it or the
    /// privates close.
    Private(PrivateId),
}

impl Holder {
    /// Who it is held for, in words: `PRR`, `the C&WI`.
    pub fn name(&self) -> String {
        match self {
            Holder::Company { company, .. } => company.to_string(),
            Holder::Private(p) => format!("the {p}"),
        }
    }
}

impl Game {
    /// The spaces held on hex `c` (whether each still holds is the map's).
    pub fn reservations_on(&self, c: Coord) -> impl Iterator<Item = &Reservation> {
        self.reservations.iter().filter(move |r| r.at == c)
    }

    /// True when `company` may place its token on hex `c` without a route
    /// (a reserved token with `teleport`).
    pub fn teleports_to(&self, company: &CompanyId, c: Coord) -> bool {
        self.reservations_on(c).any(|r| {
            matches!(&r.holder, Holder::Company { company: co, teleport: true, .. } if co == company)
        })
    }

    /// The minors a company may buy with their home token (`token_to_buyer`).
    pub fn minors_sold_with_token(&self) -> impl Iterator<Item = &super::Company> {
        self.companies.iter().filter(|co| co.token_to_buyer)
    }

    /// The privates whose token is one beyond the company's own count.
    pub fn extra_token_privates(&self) -> impl Iterator<Item = &Private> {
        self.privates
            .iter()
            .filter(|p| p.token.as_ref().is_some_and(|t| t.extra))
    }
}
