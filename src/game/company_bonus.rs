//! A bonus paid to one company only (issue 42's company-scoped bonus):
//! 1888's destinations (a fixed amount for a route joining the company's
//! home and its destination), 18JP-T's hex bonuses (a stop in the
//! company's hexes pays its own value again) and 1870's destinations (the
//! destination at a route's end pays its value again once the company has
//! reached it and put its destination token on the map). A field of [`super::BonusDef`], so every other part of
//! a bonus (its hexes, trains, phases) still applies.

use super::CompanyId;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Who earns a company's bonus, and how it pays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CompanyBonus {
    /// The one company that earns it (as 18xx.games names it).
    pub company: CompanyId,
    /// What it pays: the bonus's fixed amount, or the stop's own value.
    #[serde(default)]
    pub pays: BonusPays,
    /// Only a stop at the route's first or last stop earns it (1870's
    /// `destination_revenue`: `stops.values_at(0, -1)`).
    #[serde(default)]
    pub at_route_end: bool,
    /// Only until the company has reached its destination (a save's
    /// `destinations_reached`: play's `ReachDestination`, or by hand
    /// `companies FILE CO --destination-reached`).
    #[serde(default)]
    pub until_destination: bool,
    /// Only once the company has reached its destination (1870's: the
    /// destination's hex stops being assigned to the company when its
    /// destination token goes on the map, and `destination_revenue` pays
    /// from then on).
    #[serde(default)]
    pub from_destination: bool,
}

/// What a company's bonus pays.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum BonusPays {
    /// The bonus's own `bonus`, once per route.
    #[default]
    Amount,
    /// Each counted stop in one of its hexes pays its value once more, as
    /// the train pays it (the multiplier included): the bonus's `bonus` is
    /// 0 and its kind a `Visit`.
    StopValue,
}

impl CompanyBonus {
    /// True when the bonus adds stops' values rather than an amount.
    pub fn stop_value(&self) -> bool {
        self.pays == BonusPays::StopValue
    }

    /// True when it pays a company that has (`reached`) or has not yet
    /// reached its destination.
    pub fn pays_when(&self, reached: bool) -> bool {
        (!self.until_destination || !reached) && (!self.from_destination || reached)
    }

    /// True when reaching the destination changes what it pays.
    pub fn hangs_on_destination(&self) -> bool {
        self.until_destination || self.from_destination
    }
}

/// Checks a bonus's `company` against the game file: a company it has, a
/// stop's value paid only for visits and in place of an amount, a route's
/// end only for a visit. The error names what is wrong.
pub(super) fn check(bonus: &super::BonusDef, companies: &[super::Company]) -> Result<(), String> {
    let Some(scope) = &bonus.company else {
        return Ok(());
    };
    let visit = matches!(bonus.kind, super::BonusKind::Visit(_));
    if !companies.iter().any(|c| c.abbrev == scope.company) {
        return Err(format!("unknown company \"{}\"", scope.company));
    }
    let connection = matches!(bonus.kind, super::BonusKind::Connection { .. });
    if scope.stop_value() && (bonus.bonus != 0 || !(visit || connection)) {
        return Err(
            "pays: StopValue wants bonus: 0 and a Visit or a Connection \
             (the stop, or the connection's destination, pays its own value)"
                .into(),
        );
    }
    if scope.until_destination && scope.from_destination {
        return Err("until_destination and from_destination exclude each other".into());
    }
    if scope.at_route_end && !visit {
        return Err("at_route_end wants a Visit (the hexes a route starts or ends in)".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::game::Game;

    const GAME: &str = include_str!("../../tests/games/destination.ron");

    /// The test game with pieces of its bonus replaced: the error, if any.
    fn load_with(swaps: &[(&str, &str)]) -> Result<Game, String> {
        let mut text = GAME.to_string();
        for (from, to) in swaps {
            assert!(text.contains(from), "{from}");
            text = text.replace(from, to);
        }
        Game::from_ron(&text, "destination.ron", None).map_err(|e| e.to_string())
    }

    #[test]
    fn a_company_bonus_is_checked_when_the_game_loads() {
        assert!(load_with(&[]).is_ok());
        let e = load_with(&[("company: \"A\"", "company: \"Z\"")]).unwrap_err();
        assert!(e.contains("unknown company \"Z\""), "{e}");
        let e = load_with(&[("bonus: 0,", "bonus: 10,")]).unwrap_err();
        assert!(e.contains("pays: StopValue wants bonus: 0"), "{e}");
        let connection = (
            "kind: Visit([\"A5\"])",
            "kind: Connection(from: \"A1\", to_any: [\"A5\"])",
        );
        // A connection paying its destination's value (1822) is no route's end.
        let e = load_with(&[connection]).unwrap_err();
        assert!(e.contains("at_route_end wants a Visit"), "{e}");
        let longest = ("kind: Visit([\"A5\"])", "kind: LongestRoute");
        let e = load_with(&[longest]).unwrap_err();
        assert!(
            e.contains("StopValue wants bonus: 0 and a Visit or a Connection"),
            "{e}"
        );
        let both = (
            "until_destination: true",
            "until_destination: true, from_destination: true",
        );
        let e = load_with(&[both]).unwrap_err();
        assert!(e.contains("exclude each other"), "{e}");
        let e = load_with(&[connection, ("pays: StopValue, ", "")]).unwrap_err();
        assert!(e.contains("at_route_end wants a Visit"), "{e}");
        // A fixed amount for a connection, to one company: 1888's destinations.
        let fixed = [
            connection,
            ("pays: StopValue, at_route_end: true, ", ""),
            ("bonus: 0,", "bonus: 30,"),
        ];
        assert!(load_with(&fixed).is_ok());
    }
}
