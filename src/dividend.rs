//! Paying out a company's revenue, as each game's dividend rules say
//! (18xx.games, `lib/engine/step/dividend.rb`, `half_pay.rb` and each
//! game's `Dividend` step). hexroute keeps no money: this says who gets what.

use crate::error::Error;
use crate::game::{Company, CompanyKind, Game};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What the company's directors choose.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Pay {
    /// Pay all of it to the shareholders.
    Full,
    /// Keep half in the treasury, pay the rest (1867, 1861 majors).
    Half,
    /// Keep all of it in the treasury.
    Withhold,
    /// A minor's split: half to the treasury, the rest to its owner.
    Split,
}

/// Who gets what from one run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Payout {
    pub pay: Pay,
    pub revenue: u32,
    /// What the company's treasury keeps.
    pub treasury: u32,
    /// The shares paid over (10 for 10% shares; a minor's owner: 1).
    pub shares: u32,
    /// What each share pays (rounded down, as 18xx.games pays each holder).
    pub per_share: u32,
}

/// Pays `revenue` for `company` as `pay` asks, by the game's rules. A
/// minor that splits its revenue always splits (any `pay` but `Split` is
/// refused); a game without half pay refuses `Half`.
pub fn pay(game: &Game, company: &Company, revenue: u32, pay: Pay) -> Result<Payout, Error> {
    let minor_splits = game.dividends.minors_split && company.kind == CompanyKind::Minor;
    let shares = company.shares.max(1);
    let out = |pay, treasury: u32| Payout {
        pay,
        revenue,
        treasury,
        shares,
        per_share: (revenue - treasury) / shares,
    };
    match (pay, minor_splits) {
        (Pay::Split, true) | (Pay::Full, true) => Ok(out(Pay::Split, revenue / 2)),
        (_, true) => Err(Error::Invalid(format!(
            "{} is a minor of {}: it always splits its revenue with its owner (--pay full)",
            company.abbrev, game.id
        ))),
        (Pay::Split, false) => Err(Error::Invalid(format!(
            "{} splits no revenue; pay full, half or withhold",
            company.abbrev
        ))),
        (Pay::Full, false) => Ok(out(Pay::Full, 0)),
        (Pay::Withhold, false) => Ok(out(Pay::Withhold, revenue)),
        (Pay::Half, false) if game.dividends.half => {
            // Half of the revenue, rounded down to a whole amount per share.
            Ok(out(Pay::Half, revenue / 2 / shares * shares))
        }
        (Pay::Half, false) => Err(Error::Invalid(format!(
            "{} has no half pay; pay full or withhold",
            game.id
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game;

    fn payout(id: &str, co: &str, revenue: u32, how: Pay) -> Result<Payout, Error> {
        let g = game::builtin(id).unwrap();
        let c = g.company(co).unwrap().clone();
        pay(&g, &c, revenue, how)
    }

    #[test]
    fn majors_pay_full_half_or_withhold() {
        let full = payout("1867", "CNR", 1150, Pay::Full).unwrap();
        assert_eq!((full.treasury, full.per_share), (0, 115));
        // Half of 1150 is 575, rounded down to a multiple of 10 shares: 570.
        let half = payout("1867", "CNR", 1150, Pay::Half).unwrap();
        assert_eq!((half.treasury, half.per_share), (570, 58));
        let kept = payout("1867", "CNR", 1150, Pay::Withhold).unwrap();
        assert_eq!((kept.treasury, kept.per_share), (1150, 0));
    }

    #[test]
    fn minors_split_and_cannot_withhold() {
        let split = payout("1867", "BBG", 75, Pay::Full).unwrap();
        assert_eq!(
            (split.pay, split.treasury, split.per_share, split.shares),
            (Pay::Split, 37, 38, 1)
        );
        assert!(payout("1861", "KB", 80, Pay::Withhold).is_err());
    }

    #[test]
    fn games_without_half_pay_refuse_it() {
        assert!(payout("1830", "PRR", 200, Pay::Half).is_err());
        assert_eq!(payout("1889", "AR", 90, Pay::Full).unwrap().per_share, 9);
    }
}
