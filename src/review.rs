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
    /// What the player ran, as the record has it; where an older record
    /// holds no revenue, hexroute's price of the player's routes stands in
    /// (`ran_priced`). Null: neither is known.
    pub ran: Option<u32>,
    /// True where `ran` is hexroute's price, the record holding no revenue.
    pub ran_priced: bool,
    /// hexroute's price of the player's own routes, by its rules (null:
    /// the record names no routes, or hexroute cannot find one on the
    /// map). Where it differs from the record, `flag` says why.
    pub priced: Option<u32>,
    /// The optimum in that position.
    pub best: u32,
    /// `best - ran`: what the player left on the table. Below zero when
    /// the player ran more than hexroute's best (see `flag`).
    pub gap: Option<i64>,
    /// Why this run needs a look, if it does.
    pub flag: Option<String>,
    /// Why hexroute cannot be sure of this run's position (the replay had
    /// to assume what the record does not show, and the player's run does
    /// not settle it); such a run is not counted in the totals.
    pub uncertain: Option<String>,
    /// The routes the player ran, each as the record names it and as
    /// hexroute prices it.
    pub player: Vec<PlayerRoute>,
    /// The best routes: train, revenue and every stop it visits.
    pub routes: Vec<BestRoute>,
    /// Where the game lets a route pass a city others' tokens fill
    /// (`rules.pass_blocked`) and the best routes earn more by passing
    /// one: the best with no route passing one, which is all 18xx.games's
    /// auto-router looks for. Null otherwise.
    pub without_passing: Option<u32>,
}

/// One of the best routes.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BestRoute {
    pub train: String,
    pub revenue: u32,
    /// Every stop it visits in order, as 18xx.games writes a route
    /// (`L12-K13-J12`): stops a train passes without counting included.
    pub stops: String,
}

/// One route the player ran.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerRoute {
    /// The train's type (the record's copy number dropped).
    pub train: String,
    /// What the record says it earned (null: an older record).
    pub revenue: Option<u32>,
    /// hexroute's price of it (null: its rules refuse it, or it is not
    /// found on the map; the run's `flag` says which rule).
    pub priced: Option<u32>,
    /// Every stop it visits in order, as 18xx.games writes a route.
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

/// Sums over runs whose `ran` is known and that are not `uncertain`.
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
    let recorded = run
        .routes
        .iter()
        .map(|r| r.revenue)
        .collect::<Option<Vec<u32>>>();
    let trains: Vec<String> = run.trains.iter().map(ToString::to_string).collect();
    let mut review = RunReview {
        action: run.action,
        company: run.company.to_string(),
        trains,
        ran: recorded.as_ref().map(|v| v.iter().sum()),
        ran_priced: false,
        priced: None,
        best: 0,
        gap: None,
        flag: None,
        uncertain: None,
        player: Vec::new(),
        routes: Vec::new(),
        without_passing: None,
    };
    if run.trains.is_empty() {
        review.gap = review.ran.map(|r| -i64::from(r));
        return Ok(review);
    }
    let (net, query, mut solution) = best_of(game, run)?;
    let mut flags = Vec::new();
    let player = price_player(game, run, &net, &query, &mut flags);
    match weigh_evidence(game, run, &player, &solution)? {
        Evidence::Unchanged => {}
        Evidence::Uncertain(why) => review.uncertain = Some(why),
        Evidence::Settled(settled, why) => {
            solution = settled;
            flags.push(why);
        }
    }
    // The record's routes, paid as the engine pays the set (a one-run
    // token may cost the lowest).
    let ran = recorded.as_deref().map(|v| routes::pays(&query, v));
    review.priced = player.priced;
    review.ran = ran.or(player.priced);
    review.ran_priced = ran.is_none() && player.priced.is_some();
    review.best = solution.total;
    review.routes = solution
        .routes
        .iter()
        .map(|r| BestRoute {
            train: r.train.to_string(),
            revenue: r.revenue,
            stops: engine_stops(game, &r.stops),
        })
        .collect();
    review.player = player.routes;
    review.without_passing = best_without_passing(&net, &query, review.best)?;
    if let Some(r) = ran {
        explain(
            &mut flags,
            game,
            r,
            player.priced,
            review.best,
            player.refused,
            run,
        );
    }
    review.gap = review.ran.map(|r| i64::from(review.best) - i64::from(r));
    review.flag = (!flags.is_empty()).then(|| flags.join("; "));
    Ok(review)
}

/// Why the record's revenue `ran` differs from hexroute's, said truly:
/// a route hexroute refuses, or routes it allows and prices otherwise
/// (the record's figure, not its routes, differs: by a change 18xx.games
/// made to the title after the run, where the game file names one).
fn explain(
    flags: &mut Vec<String>,
    game: &Game,
    ran: u32,
    priced: Option<u32>,
    best: u32,
    refused: bool,
    run: &Run,
) {
    let old = run.routes.iter().any(|r| r.connections.is_none());
    match priced {
        Some(p) if !refused && p != ran => {
            let (diff, side) = if p < ran {
                (ran - p, "below")
            } else {
                (p - ran, "above")
            };
            let above_best = if ran > best {
                format!(
                    "the record says the player ran ${ran}, more than hexroute's best ${best}; "
                )
            } else {
                String::new()
            };
            let why = match revision_of(game, run) {
                Some(r) => format!(
                    "the run is older than 18xx.games's change of {}: {}",
                    r.date, r.what
                ),
                None if p < ran => format!(
                    "{}18xx.games's pricing when the game was played, or a bonus hexroute does not pay",
                    if old { "an old record: " } else { "" }
                ),
                None => format!(
                    "{}18xx.games's pricing when the game was played",
                    if old { "an old record: " } else { "" }
                ),
            };
            flags.push(format!(
                "{above_best}hexroute allows each of the player's routes and prices them at ${p}, ${diff} {side} the record's ${ran}: the record's figure differs, not the routes ({why})"
            ));
        }
        Some(p) if p != ran => flags.push(format!(
            "hexroute prices the player's routes at ${p}, the record at ${ran}"
        )),
        _ => {}
    }
    if refused && ran > best {
        flags.push(format!(
            "the player ran ${ran}, more than hexroute's best ${best}: a route hexroute's rules refuse{}",
            if old {
                " (an old record: 18xx.games's rules then may have differed)"
            } else {
                ""
            }
        ));
    }
}

/// The change 18xx.games made to the title after this run (the game
/// file's `revisions`) at a hex its routes stop at, if any.
fn revision_of<'g>(game: &'g Game, run: &Run) -> Option<&'g crate::game::Revision> {
    let when = run.created_at?;
    let stops: Vec<_> = run
        .routes
        .iter()
        .flat_map(|r| {
            let ends = r
                .connections
                .iter()
                .flatten()
                .flat_map(|leg| leg.first().into_iter().chain(leg.last()));
            r.hexes.iter().chain(ends)
        })
        .filter_map(|h| game.hex(h).ok())
        .collect();
    game.from_18xx_games
        .as_ref()?
        .revisions
        .iter()
        .find(|r| r.explains(when, &stops))
}

/// What the player's run tells of a position the replay is unsure of.
enum Evidence {
    /// Nothing to weigh: no assumption held, or the best uses only trains
    /// the player ran.
    Unchanged,
    /// The best uses a train the player did not run and no run tells
    /// whether it was still there: why.
    Uncertain(String),
    /// The best of the trains the player ran, and why.
    Settled(routes::Solution, String),
}

/// Where the replay held an assumption as the company ran (a train
/// another company may have bought, rusting this one's), and the best
/// uses a train the player did not run: the record's run is the evidence.
/// A train the player did not run is taken as gone and the best is solved
/// again with the trains run; with no run to go by, the run is uncertain.
fn weigh_evidence(
    game: &Game,
    run: &Run,
    player: &Priced,
    best: &routes::Solution,
) -> Result<Evidence, Error> {
    // The trains the assumed purchases would have rusted, and why.
    let at_risk: Vec<(String, &str)> = run
        .unseen_buys
        .iter()
        .flat_map(|(kind, why)| {
            game.rusts
                .iter()
                .filter(move |(_, phase)| game.phases[*phase].name == kind.as_str())
                .map(move |(train, _)| (train.to_string(), why.as_str()))
        })
        .collect();
    let mut idle: Vec<String> = run
        .trains
        .iter()
        .map(ToString::to_string)
        .filter(|t| at_risk.iter().any(|(r, _)| r == t))
        .collect();
    for r in &player.routes {
        if let Some(i) = idle.iter().position(|t| *t == r.train) {
            idle.remove(i);
        }
    }
    let Some(assumed) = at_risk
        .iter()
        .find(|(t, _)| idle.contains(t))
        .map(|(_, why)| *why)
    else {
        return Ok(Evidence::Unchanged);
    };
    let used_idle = best.routes.len() > player.routes.len()
        && best
            .routes
            .iter()
            .any(|r| idle.contains(&r.train.to_string()));
    if idle.is_empty() || !used_idle {
        return Ok(Evidence::Unchanged);
    }
    if player.routes.is_empty() {
        return Ok(Evidence::Uncertain(format!(
            "the replay assumed: {assumed}; the record shows no route to tell which trains {} still had",
            run.company
        )));
    }
    let ran: Vec<String> = player.routes.iter().map(|r| r.train.clone()).collect();
    let (net, query) = run.query_with(game, Some(ran))?;
    let settled = routes::solve_on(&net, &query)?;
    let why = format!(
        "the replay assumed: {assumed}; {} did not run its {}, so hexroute takes {} as gone and counts only the trains run",
        run.company,
        idle.join(", "),
        if idle.len() == 1 { "it" } else { "them" }
    );
    Ok(Evidence::Settled(settled, why))
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

/// Where the game lets routes pass cities full of others' tokens
/// (`rules.pass_blocked`): the best that passes none, if it is below
/// `best`.
fn best_without_passing(
    net: &routes::network::Network,
    query: &routes::Query,
    best: u32,
) -> Result<Option<u32>, Error> {
    if net.rules.pass_blocked.is_none() {
        return Ok(None);
    }
    let mut closed = net.clone();
    closed.rules.pass_blocked = None;
    let without = routes::solve_on(&closed, query)?.total;
    Ok((without < best).then_some(without))
}

/// Every stop a route visits, as 18xx.games writes a route.
fn engine_stops(game: &Game, stops: &[routes::RouteStop]) -> String {
    stops_text(game, stops.iter().map(|s| s.hex))
}

/// Hexes written as 18xx.games writes a route, a hex given twice in a
/// row once (`A16-B17-F11`).
fn stops_text(game: &Game, hexes: impl Iterator<Item = crate::geometry::Coord>) -> String {
    let mut said: Vec<String> = hexes.map(|h| game.format(h)).collect();
    said.dedup();
    said.join("-")
}

/// The player's routes as hexroute prices them.
struct Priced {
    routes: Vec<PlayerRoute>,
    /// The set's price, as paid (null: a route not found on the map).
    priced: Option<u32>,
    /// Some route hexroute's rules refuse.
    refused: bool,
    /// The routes hexroute finds and allows, for a picture or a detail.
    valid: Vec<routes::TrainRoute>,
    /// Each route not found or refused, with why (`train 5-1: …`).
    refusals: Vec<String>,
}

/// hexroute's price of the routes the player ran; each route our rules
/// refuse is added to `flags` with the rule. A route not found on the map
/// leaves the set unpriced (the first such is flagged); those found are
/// still checked, for `valid` and `refusals`.
fn price_player(
    game: &Game,
    run: &Run,
    net: &routes::network::Network,
    query: &routes::Query,
    flags: &mut Vec<String>,
) -> Priced {
    let mut priced = Priced {
        routes: Vec::new(),
        priced: None,
        refused: false,
        valid: Vec::new(),
        refusals: Vec::new(),
    };
    if run.routes.is_empty() {
        return priced;
    }
    let mut given = Vec::new();
    let mut found = Vec::new();
    let mut unread = Vec::new();
    for r in &run.routes {
        let legs = r.connections.as_deref();
        match check::Given::recorded(game, net, &r.train, &r.hexes, legs) {
            Ok(g) => {
                given.push(g);
                found.push(r);
            }
            Err(e) => unread.push(format!("train {}: {e}", r.train)),
        }
    }
    priced.refusals.extend(unread.iter().cloned());
    let mut revenues = Vec::new();
    let mut player = Vec::new();
    let mut refused = Vec::new();
    for ((g, c), r) in given
        .iter()
        .zip(check::check(net, query, &given))
        .zip(found)
    {
        match c {
            check::Checked::Valid(route) => {
                revenues.push(route.revenue);
                player.push(PlayerRoute {
                    train: g.name.clone(),
                    revenue: r.revenue,
                    priced: Some(route.revenue),
                    stops: engine_stops(game, &route.stops),
                });
                priced.valid.push(route);
            }
            check::Checked::Invalid(rule, _) => {
                let stops = stops_text(game, g.stops.iter().copied());
                refused.push(format!(
                    "hexroute refuses the player's {} route {stops}: {rule} (rule: {})",
                    g.name,
                    rule.name()
                ));
                priced
                    .refusals
                    .push(format!("train {}: {rule} (rule: {})", g.name, rule.name()));
                player.push(PlayerRoute {
                    train: g.name.clone(),
                    revenue: r.revenue,
                    priced: None,
                    stops,
                });
            }
        }
    }
    if let Some(first) = unread.into_iter().next() {
        flags.push(first);
        return priced;
    }
    priced.refused = !refused.is_empty();
    flags.extend(refused);
    priced.routes = player;
    priced.priced = Some(routes::pays(query, &revenues));
    priced
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
        if let Some(ran) = r.ran.filter(|_| r.uncertain.is_none()) {
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
    /// What the record says the player ran (null: an older record).
    pub recorded: Option<u32>,
    /// What the review weighed in this run (a replay's assumption the
    /// player's run settles), as `review` flags it.
    pub notes: Vec<String>,
}

/// `review --action N --json`: one run in detail, the player's routes
/// beside the best, each stop with its value and each bonus.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunDetail {
    /// The `run_routes` action's id.
    pub action: u64,
    pub company: String,
    /// The phase the run was in.
    pub phase: String,
    /// The player's routes as hexroute finds and prices them (those its
    /// rules refuse are left out and named in `refused`).
    pub ran: routes::report::CompanyRoutes,
    /// What the record says the player ran (null: an older record).
    pub recorded: Option<u32>,
    /// The best routes in that position.
    pub best: routes::report::CompanyRoutes,
    /// The player's routes hexroute refuses, each with its rule.
    pub refused: Vec<String>,
    /// What the review weighed in this run, as `review` flags it.
    pub notes: Vec<String>,
}

impl RunRoutes {
    /// The run in detail, for text and JSON.
    pub fn detail(&self, game: &Game) -> RunDetail {
        RunDetail {
            action: self.action,
            company: self.ran.company.clone(),
            phase: game.phases[self.state.phase].name.clone(),
            ran: self.ran.clone(),
            recorded: self.recorded,
            best: self.best.clone(),
            refused: self.refused.clone(),
            notes: self.notes.clone(),
        }
    }

    /// The hexes where the player's routes and the best differ: entered by
    /// one and not the other (empty when they are the same).
    pub fn differing_hexes(&self) -> Vec<String> {
        let hexes = |c: &routes::report::CompanyRoutes| -> std::collections::BTreeSet<String> {
            c.routes
                .iter()
                .flat_map(|r| r.hexes.iter().cloned())
                .collect()
        };
        let (ran, best) = (hexes(&self.ran), hexes(&self.best));
        ran.symmetric_difference(&best).cloned().collect()
    }
}

/// The JSON Schema of `review --action N --json`.
pub fn detail_schema() -> schemars::Schema {
    schemars::schema_for!(RunDetail)
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
    let (net, query, mut solution) = best_of(game, &run)?;
    let query = &query;
    let player = price_player(game, &run, &net, query, &mut Vec::new());
    let mut notes = Vec::new();
    match weigh_evidence(game, &run, &player, &solution)? {
        Evidence::Unchanged => {}
        Evidence::Uncertain(why) => notes.push(format!("uncertain: {why}")),
        Evidence::Settled(settled, why) => {
            solution = settled;
            notes.push(why);
        }
    }
    let best = routes::report::CompanyRoutes::new(game, &solution);
    let ran_routes: Vec<routes::report::RouteReport> = (player.valid.iter())
        .map(|route| routes::report::RouteReport::new(game, route))
        .collect();
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
        required_route: best.required_route.clone(),
        routes: ran_routes,
        payout: None,
    };
    let refused = player.refusals;
    let recorded = run
        .routes
        .iter()
        .map(|r| r.revenue)
        .collect::<Option<Vec<u32>>>()
        .map(|v| routes::pays(query, &v));
    Ok(RunRoutes {
        action,
        recorded,
        notes,
        state: run.state,
        ran,
        best,
        refused,
    })
}
