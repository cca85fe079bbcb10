//! What a caller asks of the route search, in the game's terms, and how it
//! becomes [`Query`]s: which companies run (one, or every company with a
//! token and a train), with which trains (named, or those the save gives
//! it), under which bonuses (the game's always-on ones, optional ones by
//! name, ad-hoc visit and connection bonuses). The command line parses its
//! arguments into these types once; this module checks them against the
//! game and the map.

use super::{Query, bonuses_in_force};
use crate::error::Error;
use crate::game::{self, Bonus, BonusKind, CompanyId, Game};
use crate::state::MapState;
use crate::suggest;
use std::str::FromStr;

/// Which companies run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Runners {
    /// One company (any name the game knows it by), with these trains, or
    /// with its trains in the save when `None`.
    One {
        company: String,
        trains: Option<Vec<String>>,
    },
    /// Every company that has a token on the map and a train.
    All,
}

/// An ad-hoc visit bonus, `HEX=AMOUNT`: stopping at HEX earns AMOUNT.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VisitBonus {
    pub hex: String,
    pub amount: u32,
    /// As typed, for messages.
    pub spec: String,
}

/// An ad-hoc connection bonus, `FROM:TO,...=AMOUNT`: a route stopping at
/// FROM and at any of TO earns AMOUNT.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectionBonus {
    pub from: String,
    pub to_any: Vec<String>,
    pub amount: u32,
    /// As typed, for messages.
    pub spec: String,
}

/// The bonuses asked for beside the game's always-on ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bonuses {
    /// Optional bonuses of the game, by name (any case).
    pub named: Vec<String>,
    pub visits: Vec<VisitBonus>,
    pub connections: Vec<ConnectionBonus>,
}

/// An ad-hoc bonus's amount: a whole number of dollars no game exceeds.
fn amount(text: &str) -> Result<u32, String> {
    let amount: u32 = text
        .trim()
        .parse()
        .map_err(|_| format!("\"{text}\" is not a whole number of dollars"))?;
    if amount > game::MAX_BONUS {
        return Err(format!(
            "${amount} is more than the ${} a bonus may be",
            game::MAX_BONUS
        ));
    }
    Ok(amount)
}

impl FromStr for VisitBonus {
    type Err = String;

    fn from_str(spec: &str) -> Result<VisitBonus, String> {
        let (hex, value) = spec
            .split_once('=')
            .ok_or_else(|| "expected HEX=AMOUNT, e.g. H10=10".to_string())?;
        Ok(VisitBonus {
            hex: hex.trim().to_string(),
            amount: amount(value)?,
            spec: spec.to_string(),
        })
    }
}

impl FromStr for ConnectionBonus {
    type Err = String;

    fn from_str(spec: &str) -> Result<ConnectionBonus, String> {
        let bad = || "expected FROM:TO,...=AMOUNT, e.g. K13:H10,L12=100".to_string();
        let (hexes, value) = spec.split_once('=').ok_or_else(bad)?;
        let (from, to) = hexes.split_once(':').ok_or_else(bad)?;
        Ok(ConnectionBonus {
            from: from.trim().to_string(),
            to_any: to.split(',').map(|h| h.trim().to_string()).collect(),
            amount: amount(value)?,
            spec: spec.to_string(),
        })
    }
}

impl Bonuses {
    /// The bonuses in force on `state`'s phase: the game's always-on ones,
    /// the optional ones named, and the ad-hoc ones with their hexes found
    /// on the map. An unknown name or hex is bad input.
    pub fn in_force(&self, game: &Game, state: &MapState) -> Result<Vec<Bonus>, Error> {
        for name in &self.named {
            check_optional(game, name)?;
        }
        let mut out = bonuses_in_force(game, state.phase, &self.named);
        for v in &self.visits {
            let hex = game.hex(&v.hex).map_err(|e| e.context(visit_flag(v)))?;
            out.push(Bonus {
                optional: false,
                phases: Vec::new(),
                private: None,
                token_holders: false,
                others: None,
                company: None,
                once_per_run: false,
                name: format!("visit {}", v.hex),
                amount: v.amount,
                multiplied: false,
                kind: BonusKind::Visit(vec![hex]),
                trains: vec![],
            });
        }
        for c in &self.connections {
            let flag = || format!("--connection-bonus {}", c.spec);
            let from = game.hex(&c.from).map_err(|e| e.context(flag()))?;
            let to_any = c
                .to_any
                .iter()
                .map(|h| game.hex(h).map_err(|e| e.context(flag())))
                .collect::<Result<Vec<_>, _>>()?;
            let (hexes, _) = c.spec.split_once('=').unwrap_or((&c.spec, ""));
            out.push(Bonus {
                optional: false,
                phases: Vec::new(),
                private: None,
                token_holders: false,
                others: None,
                company: None,
                once_per_run: false,
                name: format!("connect {}", hexes.trim()),
                amount: c.amount,
                multiplied: false,
                kind: BonusKind::Connection { from, to_any },
                trains: vec![],
            });
        }
        Ok(out)
    }
}

fn visit_flag(v: &VisitBonus) -> String {
    format!("--visit-bonus {}", v.spec)
}

/// An optional bonus of the game by that name, or an error listing them.
fn check_optional(game: &Game, name: &str) -> Result<(), Error> {
    let optional: Vec<&str> = game
        .bonuses
        .iter()
        .filter(|b| b.optional)
        .map(|b| b.name.as_str())
        .collect();
    if optional.iter().any(|b| b.eq_ignore_ascii_case(name)) {
        return Ok(());
    }
    Err(Error::Invalid(format!(
        "unknown bonus \"{name}\" in {}{}; optional bonuses: {}",
        game.id,
        suggest::hint(name, optional.iter().copied()),
        if optional.is_empty() {
            "none".to_string()
        } else {
            optional.join(", ")
        }
    )))
}

/// The queries a request makes on a save: for `All`, one per company with
/// a token on the map and a train (none is no error); for `One`, that
/// company with its trains, which it must have, and a token on the map.
/// `file` names the save in messages.
pub fn queries(
    game: &Game,
    state: &MapState,
    runners: &Runners,
    bonuses: &[Bonus],
    file: &str,
) -> Result<Vec<Query>, Error> {
    let has_token = |company: &CompanyId| {
        state.tokens().any(|(_, _, co)| co == company)
            || state.destination_tokens(game).any(|(_, co)| co == *company)
    };
    match runners {
        Runners::All => state
            .trains
            .iter()
            .filter(|(company, trains)| has_token(company) && !trains.is_empty())
            .map(|(company, trains)| {
                query(
                    game,
                    company,
                    trains,
                    &with_privates(game, state, company, bonuses),
                )
                .map(|q| holding(game, state, q))
            })
            .collect(),
        Runners::One { company, trains } => {
            let company = game
                .company(company)
                .map_err(|e| e.context(file))?
                .abbrev
                .clone();
            let trains = match trains {
                Some(list) => list.iter().map(game::TrainId::from).collect(),
                None => state.trains.get(&company).cloned().unwrap_or_default(),
            };
            if trains.is_empty() {
                return Err(Error::Invalid(format!(
                    "{company} has no trains in {file}; name them with --trains, e.g. --trains 5,8, or add them: hexroute trains FILE {company} --add 5"
                )));
            }
            if !has_token(&company) {
                return Err(Error::Invalid(format!(
                    "{company} has no tokens on the map in {file}, so it cannot run routes"
                )));
            }
            let bonuses = with_privates(game, state, &company, bonuses);
            Ok(vec![holding(
                game,
                state,
                query(game, &company, &trains, &bonuses).map_err(|e| e.context(file))?,
            )])
        }
    }
}

/// `bonuses` that `company` may earn (a token holders' bonus only with its
/// token there) and those it earns by its private companies (each once: one
/// named on the command line too is not added twice).
fn with_privates(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    bonuses: &[Bonus],
) -> Vec<Bonus> {
    let mut all: Vec<Bonus> = bonuses
        .iter()
        .filter(|b| state.bonus_open_to(b, company))
        .cloned()
        .collect();
    let others = state.others_bonuses(game, company);
    for b in state
        .private_bonuses(game, company)
        .into_iter()
        .chain(others)
    {
        if !all.iter().any(|a| a.name == b.name) {
            all.push(b);
        }
    }
    all
}

/// `q` with the one-run token its company holds on `state`, if the game
/// has one, the route its next run must include, if any, and its trains
/// paying as the phase has them (`TrainDef::in_phase`).
fn holding(game: &Game, state: &MapState, mut q: Query) -> Query {
    if state.lose_lowest.contains(&q.company) {
        q.lose_lowest = game.rules.lose_lowest.clone();
    }
    q.required = state.required_routes.get(&q.company).cloned();
    q.trains = q
        .trains
        .iter()
        .map(|t| t.in_phase(&game.phases, state.phase))
        .collect();
    q
}

fn query<S: std::borrow::Borrow<str>>(
    game: &Game,
    company: &CompanyId,
    trains: &[S],
    bonuses: &[Bonus],
) -> Result<Query, Error> {
    Ok(Query {
        company: company.into(),
        trains: trains
            .iter()
            .map(|t| game.train(t.borrow()).cloned())
            .collect::<Result<_, _>>()?,
        bonuses: bonuses.to_vec(),
        lose_lowest: None,
        required: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ad_hoc_bonuses_parse_or_say_what_was_expected() {
        let v: VisitBonus = "H10=10".parse().unwrap();
        assert_eq!((v.hex.as_str(), v.amount), ("H10", 10));
        let e = "A19".parse::<VisitBonus>().unwrap_err();
        assert!(e.contains("expected HEX=AMOUNT"), "{e}");
        let e = "A19=4294967295".parse::<VisitBonus>().unwrap_err();
        assert!(e.contains("more than the $10000 a bonus may be"), "{e}");
        let c: ConnectionBonus = "K13:H10,L12=100".parse().unwrap();
        assert_eq!(c.from, "K13");
        assert_eq!(c.to_any, ["H10", "L12"]);
        assert_eq!(c.amount, 100);
        assert!("K13=100".parse::<ConnectionBonus>().is_err());
    }
}
