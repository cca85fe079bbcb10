//! A game review: every run of trains a player made in an 18xx.games game,
//! beside the best the company could have run in that position, and the
//! revenue left on the table, per company and in all.

use crate::error::Error;
use crate::game::Game;
use crate::import::x18::{self, Kind, Record, Run};
use crate::routes::{self, check};
use rayon::prelude::*;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;

/// `review --json`.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Review {
    /// The game's title on 18xx.games (hexroute's game id).
    pub title: String,
    pub runs: Vec<RunReview>,
    /// Per company, in order of first run.
    pub companies: Vec<CompanyReview>,
    pub total: Totals,
    /// Where the review stops short of the game's end, and why (a title
    /// whose later rounds hexroute does not replay yet): runs from there on
    /// are not reviewed.
    pub stopped: Option<String>,
    /// What the replay had to assume where the record does not say (1861's
    /// RSR buying trains with cash hexroute does not keep).
    pub cautions: Vec<String>,
}

/// One run of trains.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunReview {
    /// The `run_routes` action's id.
    pub action: u64,
    pub company: String,
    /// The trains the company owned as it ran.
    pub trains: Vec<String>,
    /// What the player ran, as the record has it (null: an old record
    /// that does not say).
    pub ran: Option<u32>,
    /// hexroute's price of the player's own routes, by its rules (null:
    /// the record names no routes). Where it differs from `ran`, `flag`
    /// says why: a rule hexroute models differently.
    pub priced: Option<u32>,
    /// The optimum in that position.
    pub best: u32,
    /// `best - ran`: what the player left on the table. Below zero when
    /// the player ran more than hexroute's best: a route our rules do not
    /// allow (see `flag`).
    pub gap: Option<i64>,
    /// Why this run needs a look, if it does.
    pub flag: Option<String>,
    /// The best routes: train, revenue and the stops it counts
    /// (`L12-K13-J12`); an express's every stop, since those it counts
    /// may lie far apart.
    pub routes: Vec<BestRoute>,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BestRoute {
    pub train: String,
    pub revenue: u32,
    pub stops: String,
}

#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CompanyReview {
    pub company: String,
    pub runs: usize,
    #[serde(flatten)]
    pub totals: Totals,
}

/// Sums over runs whose `ran` is known.
#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Totals {
    pub ran: u64,
    pub best: u64,
    pub gap: u64,
}

/// Reviews every run of `record` (of `company` only, when given), each
/// solved on its own thread; `done` is told as each run is solved.
pub fn review(
    record: &Record,
    game: &Game,
    company: Option<&str>,
    done: &(dyn Fn() + Sync),
) -> Result<Review, Error> {
    let only = company
        .map(|c| game.company(c).map(|c| c.abbrev.clone()))
        .transpose()?;
    let mut runs = Vec::new();
    let replayed = x18::replay_with(record, game, None, |run| {
        if only.as_ref().is_none_or(|c| *c == run.company) {
            runs.push(run);
        }
    })?;
    let stopped = replayed
        .stopped
        .map(|s| format!("action {}: {}", s.action, s.why));
    let cautions = replayed.cautions;
    let reviewed = runs
        .par_iter()
        .map(|run| {
            let r = review_run(game, run);
            done();
            r
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut review = summarise(record.title.clone(), reviewed);
    review.stopped = stopped;
    review.cautions = cautions;
    Ok(review)
}

/// Runs to review, so a caller can size a progress bar first (the record
/// resolved its undos once, as it was read).
pub fn count_runs(record: &Record) -> Result<usize, Error> {
    Ok(record
        .standing()
        .iter()
        .filter(|a| matches!(a.kind, Kind::RunRoutes { .. }))
        .count())
}

fn review_run(game: &Game, run: &Run) -> Result<RunReview, Error> {
    let revenues = run
        .routes
        .iter()
        .map(|r| r.revenue)
        .collect::<Option<Vec<u32>>>();
    let mut ran = revenues.as_ref().map(|v| v.iter().sum::<u32>());
    let trains: Vec<String> = run.trains.iter().map(ToString::to_string).collect();
    let mut flags = Vec::new();
    let (best, priced, routes) = if run.trains.is_empty() {
        (0, None, Vec::new())
    } else {
        let (net, query, solution) = best_of(game, run)?;
        let query = &query;
        // The record's routes, paid as the engine pays the set (a one-run
        // token may cost the lowest).
        ran = revenues.as_deref().map(|v| routes::pays(query, v));
        let priced = price_player(game, run, &net, query, &mut flags);
        let routes = solution
            .routes
            .iter()
            .map(|r| BestRoute {
                train: r.train.to_string(),
                revenue: r.revenue,
                stops: r
                    .stops
                    .iter()
                    .filter(|s| !s.skipped || express(game, &r.train))
                    .map(|s| game.format(s.hex))
                    .collect::<Vec<_>>()
                    .join("-"),
            })
            .collect();
        (solution.total, priced, routes)
    };
    if let (Some(r), Some(p)) = (ran, priced)
        && r != p
    {
        flags.push(format!(
            "hexroute prices the player's routes at ${p}, the record at ${r}"
        ));
    }
    if let Some(r) = ran.filter(|r| *r > best) {
        flags.push(format!(
            "the player ran ${r}, more than hexroute's best ${best}: a route hexroute's rules do not allow{}",
            if run.routes.iter().any(|r| r.connections.is_none()) {
                " (an old record: 18xx.games's rules then may have differed)"
            } else {
                ""
            }
        ));
    }
    Ok(RunReview {
        action: run.action,
        company: run.company.to_string(),
        trains,
        ran,
        priced,
        best,
        gap: ran.map(|r| i64::from(best) - i64::from(r)),
        flag: (!flags.is_empty()).then(|| flags.join("; ")),
        routes,
    })
}

/// The run's map as the routes see it, its company's query (its trains,
/// the bonuses in force), and the best routes.
fn best_of(
    game: &Game,
    run: &Run,
) -> Result<(routes::network::Network, routes::Query, routes::Solution), Error> {
    let (net, query) = run.query(game)?;
    let solution = routes::solve_on(&net, &query)?;
    Ok((net, query, solution))
}

/// hexroute's price of the routes the player ran; each route our rules
/// refuse is added to `flags` with the rule.
fn price_player(
    game: &Game,
    run: &Run,
    net: &routes::network::Network,
    query: &routes::Query,
    flags: &mut Vec<String>,
) -> Option<u32> {
    if run.routes.is_empty() {
        return None;
    }
    let mut given = Vec::new();
    for r in &run.routes {
        let legs = r.connections.as_deref();
        match check::Given::recorded(game, net, &r.train, &r.hexes, legs) {
            Ok(g) => given.push(g),
            Err(e) => {
                flags.push(format!("train {}: {e}", r.train));
                return None;
            }
        }
    }
    let mut revenues = Vec::new();
    for (g, c) in given.iter().zip(check::check(net, query, &given)) {
        match c {
            check::Checked::Valid(route) => revenues.push(route.revenue),
            check::Checked::Invalid(rule, _) => flags.push(format!(
                "hexroute refuses the player's {} route {}: {rule} (rule: {})",
                g.name,
                g.stops
                    .iter()
                    .map(|h| game.format(*h))
                    .collect::<Vec<_>>()
                    .join("-"),
                rule.name()
            )),
        }
    }
    Some(routes::pays(query, &revenues))
}

fn summarise(title: String, runs: Vec<RunReview>) -> Review {
    let mut order: Vec<String> = Vec::new();
    let mut by_company: BTreeMap<String, CompanyReview> = BTreeMap::new();
    let mut total = Totals::default();
    for r in &runs {
        let entry = by_company.entry(r.company.clone()).or_insert_with(|| {
            order.push(r.company.clone());
            CompanyReview {
                company: r.company.clone(),
                runs: 0,
                totals: Totals::default(),
            }
        });
        entry.runs += 1;
        if let Some(ran) = r.ran {
            for t in [&mut entry.totals, &mut total] {
                t.ran += u64::from(ran);
                t.best += u64::from(r.best);
                t.gap += u64::from(r.best.saturating_sub(ran));
            }
        }
    }
    let companies = order
        .into_iter()
        .filter_map(|c| by_company.remove(&c))
        .collect();
    Review {
        title,
        runs,
        companies,
        total,
        stopped: None,
        cautions: Vec::new(),
    }
}

/// The JSON Schema of `review --json`.
pub fn schema() -> schemars::Schema {
    schemars::schema_for!(Review)
}

/// True when `train` may pass cities (5+5E).
fn express(game: &Game, train: &crate::game::TrainId) -> bool {
    game.train(train)
        .is_ok_and(|t| t.skip == crate::game::Skip::Any)
}

/// One run to draw (`review --action N --render`): the map just before
/// it, the routes the player ran as hexroute finds and prices them (a
/// route its rules refuse is left out and named in `refused`), and the
/// best routes.
#[derive(Clone, Debug)]
pub struct RunRoutes {
    pub action: u64,
    pub state: crate::state::MapState,
    pub ran: routes::report::CompanyRoutes,
    pub best: routes::report::CompanyRoutes,
    pub refused: Vec<String>,
}

/// The run of trains at `action` of `record`, for a picture.
pub fn run_routes(record: &Record, game: &Game, action: u64) -> Result<RunRoutes, Error> {
    let mut found = None;
    x18::replay_with(record, game, Some(action), |run| {
        if run.action == action {
            found = Some(run);
        }
    })?;
    let run = found.ok_or_else(|| {
        Error::Invalid(format!(
            "action {action} is no run of trains of the record (review lists them in its first column)"
        ))
    })?;
    let (net, query, solution) = best_of(game, &run)?;
    let query = &query;
    let best = routes::report::CompanyRoutes::new(game, &solution);
    let mut refused = Vec::new();
    let mut given = Vec::new();
    for r in &run.routes {
        let legs = r.connections.as_deref();
        match check::Given::recorded(game, &net, &r.train, &r.hexes, legs) {
            Ok(g) => given.push(g),
            Err(e) => refused.push(format!("train {}: {e}", r.train)),
        }
    }
    let mut ran_routes = Vec::new();
    for (g, c) in given.iter().zip(check::check(&net, query, &given)) {
        match c {
            check::Checked::Valid(route) => {
                ran_routes.push(routes::report::RouteReport::new(game, &route))
            }
            check::Checked::Invalid(rule, _) => {
                refused.push(format!("train {}: {rule} (rule: {})", g.name, rule.name()))
            }
        }
    }
    let ran = routes::report::CompanyRoutes {
        file: None,
        game: game.id.clone(),
        company: run.company.to_string(),
        total: routes::pays(
            query,
            &ran_routes.iter().map(|r| r.revenue).collect::<Vec<_>>(),
        ),
        candidates: 0,
        optimal: false,
        lose_lowest: query.lose_lowest.clone(),
        routes: ran_routes,
        payout: None,
    };
    Ok(RunRoutes {
        action,
        state: run.state,
        ran,
        best,
        refused,
    })
}
