//! The rules a lay, a token or an edit can break, by name. One type serves
//! the refusals `rules` gives and the waivers a game file grants private
//! companies, so a waiver naming a rule that does not exist fails when the
//! game loads, not silently when a private is used.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A rule of the game, declared from the most telling to the least: a hex
/// closed this phase or a private used off its hexes says all; a tile's
/// colour and stops say more than its supply; one rotation's track says
/// least. A refusal lists the rules it breaks in this order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rule {
    UntilPhase,
    PrivateAbility,
    YellowFirst,
    UpgradeColour,
    PhaseColour,
    SameStops,
    Labels,
    PrivateTile,
    Supply,
    TrackPreserved,
    Stubs,
    TrackIntoNowhere,
    /// Not a rule of the game but of the map: every token on an upgraded
    /// hex needs a city that keeps all the sides its old city joined. No
    /// `--force` records a lay that breaks it.
    TokensKept,
    TileLay,
    MostExits,
    TokensLeft,
    OneTokenPerHex,
    HomeReserved,
    /// A space held for another company or a private (`reserved_tokens`,
    /// `privates[].token.reserves`).
    ReservedSpace,
    Home,
    FirstToken,
    Reachable,
    PhaseOrder,
    TrainLimit,
    /// A company may own a private company only before the phase that
    /// closes them all (`privates_close`).
    PrivatesClosed,
    /// Minors merge (or convert) into a major where the title has them merge.
    Merger,
    /// A company is nationalised by the title's national, with no train left.
    Nationalisation,
    /// Companies merge into the national the title forms from them.
    Formation,
    /// A company closes only once.
    Closing,
    /// A company in play goes into receivership, or out of it.
    Receivership,
}

impl Rule {
    /// Every rule, most telling first.
    pub const ALL: [Rule; 30] = [
        Rule::UntilPhase,
        Rule::PrivateAbility,
        Rule::YellowFirst,
        Rule::UpgradeColour,
        Rule::PhaseColour,
        Rule::SameStops,
        Rule::Labels,
        Rule::PrivateTile,
        Rule::Supply,
        Rule::TrackPreserved,
        Rule::Stubs,
        Rule::TrackIntoNowhere,
        Rule::TokensKept,
        Rule::TileLay,
        Rule::MostExits,
        Rule::TokensLeft,
        Rule::OneTokenPerHex,
        Rule::HomeReserved,
        Rule::ReservedSpace,
        Rule::Home,
        Rule::FirstToken,
        Rule::Reachable,
        Rule::PhaseOrder,
        Rule::TrainLimit,
        Rule::PrivatesClosed,
        Rule::Merger,
        Rule::Nationalisation,
        Rule::Formation,
        Rule::Closing,
        Rule::Receivership,
    ];

    /// The rules a tile lay is judged by, most telling first: those
    /// declared up to `MostExits`.
    pub fn lay() -> &'static [Rule] {
        &Rule::ALL[..=Rule::MostExits as usize]
    }

    /// The rules a private company's lay (or, `reachable`, its token)
    /// may be exempt from (`labels`: 1817's Pittsburgh Steel Mill lays its
    /// B tile X00 on an unlabelled city; `track into nowhere`: a private
    /// laying two tiles together, the first into the second's hex before
    /// it is there, as 1888's Yanda Railway Ferry does).
    pub const WAIVABLE: [Rule; 9] = [
        Rule::YellowFirst,
        Rule::Labels,
        Rule::SameStops,
        Rule::PhaseColour,
        Rule::TileLay,
        Rule::UpgradeColour,
        Rule::Supply,
        Rule::Reachable,
        Rule::TrackIntoNowhere,
    ];

    /// The rule's name as messages and game files write it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::UntilPhase => "until phase",
            Rule::PrivateAbility => "private ability",
            Rule::YellowFirst => "yellow first",
            Rule::UpgradeColour => "upgrade colour",
            Rule::PhaseColour => "phase colour",
            Rule::SameStops => "same stops",
            Rule::Labels => "labels",
            Rule::PrivateTile => "private tile",
            Rule::Supply => "supply",
            Rule::TrackPreserved => "track preserved",
            Rule::Stubs => "stubs",
            Rule::TrackIntoNowhere => "track into nowhere",
            Rule::TokensKept => "tokens kept",
            Rule::TileLay => "tile lay",
            Rule::MostExits => "most exits",
            Rule::TokensLeft => "tokens left",
            Rule::OneTokenPerHex => "one token per hex",
            Rule::Home => "home",
            Rule::HomeReserved => "home reserved",
            Rule::ReservedSpace => "reserved space",
            Rule::FirstToken => "first token",
            Rule::Reachable => "reachable",
            Rule::PhaseOrder => "phase order",
            Rule::TrainLimit => "train limit",
            Rule::PrivatesClosed => "privates closed",
            Rule::Merger => "merger",
            Rule::Nationalisation => "nationalisation",
            Rule::Formation => "formation",
            Rule::Closing => "closing",
            Rule::Receivership => "receivership",
        }
    }

    pub fn is_waivable(self) -> bool {
        Rule::WAIVABLE.contains(&self)
    }

    /// The waivable rules' names, for messages.
    pub fn waivable_words() -> String {
        let names: Vec<&str> = Rule::WAIVABLE.iter().map(|r| r.name()).collect();
        names.join(", ")
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = String;

    fn from_str(text: &str) -> Result<Rule, String> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name() == text)
            .ok_or_else(|| format!("no rule is called \"{text}\""))
    }
}

impl Serialize for Rule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Rule {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rule, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_is_listed_once_in_declaration_order_and_named_back() {
        let mut sorted = Rule::ALL;
        sorted.sort();
        assert_eq!(sorted, Rule::ALL);
        for r in Rule::ALL {
            assert_eq!(r.name().parse::<Rule>(), Ok(r));
        }
        assert_eq!(Rule::lay().len(), 15);
        assert_eq!(Rule::lay().last(), Some(&Rule::MostExits));
        assert!(Rule::ALL.iter().enumerate().all(|(i, r)| *r as usize == i));
        assert!("tile  lay".parse::<Rule>().is_err());
    }
}
