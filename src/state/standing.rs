//! Where each company stands: open (the default, not stored), closed for
//! good, merged into another, or in receivership. The map alone does not
//! say it (a closed minor and an unstarted one both hold no token), and
//! the rules read it: no space of a closed company's home stays kept.

use super::MapState;
use crate::game::CompanyId;
use std::fmt;

/// A company's standing in the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Standing {
    /// In play, or not started yet.
    #[default]
    Open,
    /// Closed for good (nationalised or closed minors, a company at a
    /// closing price).
    Closed,
    /// Merged into another company, which took its tokens and assets
    /// (1867's minors into a major, 1856's companies into the CGR).
    MergedInto(CompanyId),
    /// Run by the bank for want of a president (1856).
    Receivership,
}

impl Standing {
    /// True when the company has left the game for good.
    pub fn is_closed(&self) -> bool {
        matches!(self, Standing::Closed | Standing::MergedInto(_))
    }

    /// The standing a save's `closed` list keeps: a save records a merged
    /// company as closed, and only a change in the history says into which.
    pub fn as_saved(&self) -> Standing {
        match self {
            Standing::MergedInto(_) => Standing::Closed,
            other => other.clone(),
        }
    }

    /// The standing written in words (`open`, `closed`, `merged into CPR`,
    /// `receivership`), as a history entry keeps it.
    pub fn parse(text: &str) -> Option<Standing> {
        match text {
            "open" => Some(Standing::Open),
            "closed" => Some(Standing::Closed),
            "receivership" => Some(Standing::Receivership),
            _ => text
                .strip_prefix("merged into ")
                .map(|co| Standing::MergedInto(co.into())),
        }
    }
}

impl fmt::Display for Standing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Standing::Open => f.write_str("open"),
            Standing::Closed => f.write_str("closed"),
            Standing::MergedInto(co) => write!(f, "merged into {co}"),
            Standing::Receivership => f.write_str("receivership"),
        }
    }
}

impl MapState {
    /// Where `company` stands now.
    pub fn standing_of(&self, company: &CompanyId) -> Standing {
        self.standing.get(company).cloned().unwrap_or_default()
    }

    /// True when `company` has closed for good (closed, or merged into another).
    pub fn is_closed(&self, company: &CompanyId) -> bool {
        self.standing.get(company).is_some_and(Standing::is_closed)
    }

    /// Sets where `company` stands (an open company is not stored).
    pub fn set_standing(&mut self, company: &CompanyId, standing: Standing) {
        if standing == Standing::Open {
            self.standing.remove(company);
        } else {
            self.standing.insert(company.clone(), standing);
        }
    }

    /// Companies closed for good, in name order (a save's `closed`).
    pub fn closed(&self) -> impl Iterator<Item = &CompanyId> {
        self.standing
            .iter()
            .filter(|(_, s)| s.is_closed())
            .map(|(co, _)| co)
    }
}
