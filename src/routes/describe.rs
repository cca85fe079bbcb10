//! The report of a chosen route: its stops in travel order, the hexes it
//! enters, what each stop earns and the bonuses it is paid, read back from
//! the walk that found it.

use super::enumerate::{Candidate, SegRef, fill_visits};
use super::gauge;
use super::network::Network;
use super::pass_through::with_pass;
use super::revenue::{self, Visit};
use super::{Query, RouteStop, TrainRoute};
use crate::game::{CompanyId, Towns, TrainDef, TrainId};
use crate::geometry::Coord;
use crate::tile::StopKind;

/// The hexes of a candidate's two end stops.
pub(super) fn ends(net: &Network, c: &Candidate) -> (Coord, Coord) {
    let (token, left, right) = c.walk();
    let stops = route_stops(net, token, left, right);
    let hex = |s: Option<&usize>| s.map_or(net.stops[token].hex, |&s| net.stops[s].hex);
    (hex(stops.first()), hex(stops.last()))
}

/// Stops of a route in travel order: left half reversed, token, right half.
fn route_stops(net: &Network, token: usize, left: &[SegRef], right: &[SegRef]) -> Vec<usize> {
    let mut stops: Vec<usize> = left
        .iter()
        .rev()
        .map(|r| net.out[r.from as usize][r.idx as usize].to)
        .collect();
    stops.push(token);
    stops.extend(
        right
            .iter()
            .map(|r| net.out[r.from as usize][r.idx as usize].to),
    );
    stops
}

fn route_visits(
    net: &Network,
    company: &CompanyId,
    token: usize,
    left: &[SegRef],
    right: &[SegRef],
) -> Vec<Visit> {
    let mut visits = Vec::new();
    fill_visits(net, company, token, left, right, &mut visits);
    visits
}

/// Hexes entered in travel order.
fn route_hexes(net: &Network, token: usize, left: &[SegRef], right: &[SegRef]) -> Vec<Coord> {
    let seg = |r: &SegRef| &net.out[r.from as usize][r.idx as usize];
    let mut hexes = Vec::new();
    for r in left.iter().rev() {
        let s = seg(r);
        // Walked outward from `from` to `to`; travel runs the other way.
        hexes.push(net.stops[s.to].hex);
        hexes.extend(s.hexes.iter().rev().skip(1));
    }
    hexes.push(net.stops[token].hex);
    for r in right {
        hexes.extend(seg(r).hexes.iter().copied());
    }
    hexes.dedup();
    hexes
}

pub(super) fn describe(
    net: &Network,
    query: &Query,
    c: &Candidate,
    train: &TrainDef,
    name: &str,
) -> TrainRoute {
    let (token, left, right) = c.walk();
    describe_walk(net, query, token, left, right, train, name).expect("chosen routes are runnable")
}

/// The report of the route walked from stop `token` by `left` (walked
/// outward, run backwards) then `right`, or `None` when `train` cannot run it.
pub(super) fn describe_walk(
    net: &Network,
    query: &Query,
    token: usize,
    left: &[SegRef],
    right: &[SegRef],
    train: &TrainDef,
    name: &str,
) -> Option<TrainRoute> {
    let stops = route_stops(net, token, left, right);
    let visits = route_visits(net, &query.company, token, left, right);
    let hexes = route_hexes(net, token, left, right);
    let seg = |r: &SegRef| &net.out[r.from as usize][r.idx as usize];
    let reach = gauge::reach(train, hexes.len(), left.iter().chain(right).map(seg))?;
    let run = revenue::best_run(train, &visits, reach, &query.bonuses)?;
    let revenue = with_pass(run.revenue, net.pass.on(&hexes));
    if revenue == 0 {
        return None;
    }
    // Each pass-through rule the route earns, named for the legend; a
    // toll's line says what it takes, as a bonus line cannot be negative.
    let passed = net.pass.earned(&hexes).into_iter().map(|(name, sum)| {
        let paid = u32::try_from(sum).unwrap_or(0);
        let name = if sum < 0 {
            format!("{name} (-{})", sum.unsigned_abs())
        } else {
            name
        };
        (name, paid)
    });
    // What tolls on counted stops took, one line naming them, as a toll's.
    let stop_tolls = (run.toll > 0).then(|| {
        let mut names: Vec<&str> = stops
            .iter()
            .zip(&run.stops)
            .filter(|(_, counted)| **counted)
            .filter_map(|(&s, _)| net.stops[s].toll.as_ref().map(|t| t.name.as_str()))
            .collect();
        names.dedup();
        (format!("{} (-{})", names.join(" + "), run.toll), 0)
    });
    // A counted port earns its value once per counted token city.
    let token_cities = visits
        .iter()
        .zip(&run.stops)
        .filter(|(v, counted)| **counted && v.is_city && v.token)
        .count() as u32;
    // A train paid only for its company's token cities earns nothing at
    // the others (`trains[].own_tokens_only`).
    let earns = |i: usize, s: usize| {
        let stop = &net.stops[s];
        if train.own_tokens_only && !visits[i].token {
            return 0;
        }
        match stop.port {
            Some(_) => stop.revenue * token_cities,
            None if revenue::unpaid_town(train, stop.is_city()) => 0,
            None => stop.revenue,
        }
    };
    // A train's bonus per own token, one line saying how many earned it.
    let own_tokens = revenue::own_tokens_paid(train, &visits, &run.stops)
        .map(|(n, paid)| (revenue::own_tokens_label(train, n, paid), paid));
    Some(TrainRoute {
        train: TrainId::from(name),
        revenue,
        multiplier: train.multiplier,
        halved: train.halved,
        hexes,
        stops: stops
            .iter()
            .zip(&run.stops)
            .enumerate()
            .map(|(i, (&s, &stopped))| RouteStop {
                hex: net.stops[s].hex,
                kind: net.stops[s].kind,
                revenue: earns(i, s),
                skipped: !stopped,
                multiplied: train.towns == Towns::Counted
                    || matches!(net.stops[s].kind, StopKind::City(_)),
            })
            .collect(),
        bonuses: run
            .bonuses
            .iter()
            .map(|&b| {
                let bonus = &query.bonuses[b];
                (
                    bonus.name.clone(),
                    bonus.paid_for(train, &visits, &run.stops),
                )
            })
            .chain(passed)
            .chain(stop_tolls)
            .chain(own_tokens)
            .collect(),
    })
}
