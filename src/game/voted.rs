//! The `VotedFormations` mechanism of `from_18xx_games`: companies formed
//! from minors and private companies when their holders vote for it, or
//! unasked once a later train is bought (18xx.games's 1893: AGV from
//! minors 1, 3 and 5, HGK from minors 2 and 4 and the HdSK private).

use super::{CompanyId, TrainId};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A company formed by a vote. From the first `votes_from` bought, each
/// merger round (between every two rounds) asks the holders of its
/// members, and of its shares bought on the market, in turn: each votes
/// `yes` or `no` (a `special_buy` of that item) with the percent of the
/// company their members exchange for plus the percent they hold. At 50%
/// yes it forms at once; above 50% no the vote waits for the next merger
/// round (shares no voter holds count as no). From the first `formed_by`
/// bought the vote ends, and the next merger round forms it unasked.
/// Forming, each minor member joins it as a company joins a formation
/// (its tokens become the company's in the same cities, its trains the
/// company's) and closes; each private member closes.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VotedFormation {
    /// The company formed (1893's `AGV`).
    pub company: CompanyId,
    /// The minors that join it, each with the percent of it its holder
    /// gets and votes with (AGV: `EKB` 20, `KSZ` 10, `BKB` 20).
    pub minors: Vec<(CompanyId, u32)>,
    /// Private companies (18xx.games's syms) exchanged for a share of it,
    /// which close as it forms, with the percent (HGK: `HdSK` 10).
    #[serde(default)]
    pub privates: Vec<(String, u32)>,
    /// The train whose first copy bought opens the vote (AGV: `4`).
    pub votes_from: TrainId,
    /// The train whose first copy bought ends the vote: the company forms
    /// at the next merger round (AGV: `5`).
    pub formed_by: TrainId,
}

impl VotedFormation {
    /// The members a holder votes with: minors and private companies, each
    /// with its percent.
    pub fn members(&self) -> impl Iterator<Item = (&str, u32)> {
        (self.minors.iter().map(|(m, p)| (m.as_str(), *p)))
            .chain(self.privates.iter().map(|(s, p)| (s.as_str(), *p)))
    }
}
