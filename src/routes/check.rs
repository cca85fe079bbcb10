//! Pricing routes a player chose: each route is found on the network from
//! its stops (and, where given, the hexes of each leg between two stops),
//! checked against the game's route rules and priced as the search would
//! price it; the set is then checked for shared track. A route that breaks
//! a rule says which one, so a gap between a player's run and ours can be
//! told apart from a rule we model differently.

use super::bitset;
use super::describe::describe_walk;
use super::enumerate::SegRef;
use super::hex_once;
use super::network::Network;
use super::pass_blocked;
use super::places::Places;
use super::pools::Pools;
use super::report::{CheckReport, CheckedRoute, RouteReport};
use super::{Query, TrainRoute};
use crate::error::Error;
use crate::game::{Bonus, BonusKind, CompanyId, Game, Skip, TrainDef};
use crate::geometry::Coord;
use crate::state::MapState;
use std::fmt;

/// A route as a player gives it: a train and the hexes of its stops in
/// travel order.
#[derive(Clone, Debug)]
pub struct Given {
    pub train: TrainDef,
    /// The train's name as given (`5`, or the record's `5-1` type `5`).
    pub name: String,
    pub stops: Vec<Coord>,
    /// The hexes of each leg, from one stop to the next (either way
    /// round), when known: they tell apart two tracks between two stops.
    /// A leg that cannot be read (`None`) tells nothing.
    pub legs: Option<Vec<Option<Vec<Coord>>>>,
}

/// The route rule a given route breaks, most basic first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Broken {
    /// The company has no such train left to run it (each train runs once).
    NotOwned,
    /// A route needs two stops at least.
    TooShort,
    /// A hex of the route has no city, town or off-board on it.
    NoStop,
    /// No track joins two of its stops (as the legs say, when given).
    NoTrack,
    /// It uses a piece of track, or stops in a place, twice.
    Reuse,
    /// It runs through a city full of other companies' tokens, or through
    /// an off-board.
    Blocked,
    /// None of its stops holds the company's token.
    NoToken,
    /// It leaves a hex and comes back to it, where the game forbids that
    /// (`rules.enter_hex_once`).
    ReentersHex,
    /// It begins or ends at a halt (a town's `halt`).
    EndsAtHalt,
    /// The train cannot run that far.
    TooLong,
    /// It stops in a hex asking for more stops than it has (`min_stops`:
    /// 1849's ports).
    FewStops,
    /// It shares track (or a city, where the game forbids that) with
    /// another route of the set.
    Overlap,
    /// A pullman's one stop is no city or off-board another route of the
    /// set visits (it runs no route of its own).
    PullmanAlone,
}

impl Broken {
    /// The rule's name in `--json`.
    pub fn name(self) -> &'static str {
        match self {
            Broken::NotOwned => "not-owned",
            Broken::TooShort => "too-short",
            Broken::NoStop => "no-stop",
            Broken::NoTrack => "no-track",
            Broken::Reuse => "reuse",
            Broken::Blocked => "blocked",
            Broken::NoToken => "no-token",
            Broken::ReentersHex => "reenters-hex",
            Broken::EndsAtHalt => "ends-at-halt",
            Broken::TooLong => "too-long",
            Broken::FewStops => "few-stops",
            Broken::Overlap => "overlap",
            Broken::PullmanAlone => "pullman-alone",
        }
    }
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Broken::NotOwned => "the company has no such train left to run it",
            Broken::TooShort => "a route needs two stops at least",
            Broken::NoStop => "a hex of the route has no city, town or off-board",
            Broken::NoTrack => "no track joins two of its stops",
            Broken::Reuse => "it uses the same track, or stops in the same place, twice",
            Broken::Blocked => {
                "it runs through a city full of other companies' tokens, or through an off-board"
            }
            Broken::NoToken => "none of its stops holds the company's token",
            Broken::ReentersHex => "it leaves a hex and comes back to it",
            Broken::EndsAtHalt => "it begins or ends at a halt",
            Broken::PullmanAlone => {
                "a pullman's one stop must be a city or off-board another route of the set visits"
            }
            Broken::TooLong => "the train cannot run that far",
            Broken::FewStops => "it stops where the game asks for more stops on the route (a port)",
            Broken::Overlap => {
                "it shares track (or a stop the game lets only one route use) with another route of the set"
            }
        })
    }
}

/// One given route, priced or refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    Valid(TrainRoute),
    /// The rule it breaks, and the pair of stops (indices) where a leg
    /// could not be found, for `NoStop` and `NoTrack`.
    Invalid(Broken, Option<usize>),
}

/// Prices `given` for `query`'s company on `net`: each route valid or the
/// rule it breaks, together as a set. Where a route could be run on more
/// than one track, the ways that let the whole set run, then earn the
/// most, are taken.
pub fn check(net: &Network, query: &Query, given: &[Given]) -> Vec<Checked> {
    let query = &query.running();
    if query.bonuses.iter().any(|b| b.once_per_run) {
        return check_once(net, query, given);
    }
    let Some(longest) = query
        .bonuses
        .iter()
        .position(|b| b.kind == BonusKind::LongestRoute)
    else {
        return check_each(net, query, given);
    };
    let mut plain = query.clone();
    let bonus = plain.bonuses.remove(longest);
    let mut out = check_each(net, &plain, given);
    give_longest(&bonus, given, &mut out);
    out
}

/// Gives a bonus on the company's longest route to the valid route of
/// the set that visits the most stops (the last of equals, as 18xx.games
/// takes the highest train id; the total is the same).
fn give_longest(bonus: &Bonus, given: &[Given], out: &mut [Checked]) {
    let longest = out
        .iter_mut()
        .zip(given)
        .filter_map(|(c, g)| match c {
            Checked::Valid(r) if bonus.applies_to(&g.train) => Some(r),
            _ => None,
        })
        .max_by_key(|r| r.stops.len());
    if let Some(r) = longest {
        let paid = bonus.paid_on(r.multiplier, r.stops.len());
        r.revenue += paid;
        r.bonuses.push((bonus.name.clone(), paid));
    }
}

/// [`check`] with bonuses paid once a run (`once_per_run`): each given
/// to the route of the set it pays most ([`give_once`]).
fn check_once(net: &Network, query: &Query, given: &[Given]) -> Vec<Checked> {
    let mut base = query.clone();
    base.bonuses.retain(|b| !b.once_per_run);
    let mut out = check(net, &base, given);
    for b in query.bonuses.iter().filter(|b| b.once_per_run) {
        let mut one = base.clone();
        one.bonuses.push(Bonus {
            once_per_run: false,
            ..b.clone()
        });
        let with = check(net, &one, given);
        give_once(&b.name, &with, &mut out);
    }
    out
}

/// Gives a bonus paid once a run (`once_per_run`) to the one valid route
/// of a player's set it pays most: `with` the set priced with the bonus on
/// every route, `out` without it. Each route's gain is what the bonus adds
/// to it; the route gaining most keeps it (the first of equals).
fn give_once(name: &str, with: &[Checked], out: &mut [Checked]) {
    let gain = |(w, o): (&Checked, &Checked)| match (w, o) {
        (Checked::Valid(w), Checked::Valid(o)) => w.revenue.saturating_sub(o.revenue),
        _ => 0,
    };
    let best = with
        .iter()
        .zip(out.iter())
        .map(gain)
        .enumerate()
        .filter(|&(_, g)| g > 0)
        .max_by_key(|&(i, g)| (g, std::cmp::Reverse(i)));
    if let Some((i, paid)) = best
        && let Checked::Valid(r) = &mut out[i]
    {
        r.revenue += paid;
        r.bonuses.push((name.to_string(), paid));
    }
}

/// [`check`] with every bonus priced route by route.
fn check_each(net: &Network, query: &Query, given: &[Given]) -> Vec<Checked> {
    let places = Places::of(net);
    let pools = Pools::of(&query.trains);
    let mut ways: Vec<Vec<Way>> = Vec::new();
    let mut out: Vec<Checked> = Vec::new();
    let mut left: Vec<&TrainDef> = query.trains.iter().collect();
    for g in given {
        let Some(own) = left.iter().position(|t| t.name == g.train.name) else {
            ways.push(Vec::new());
            out.push(Checked::Invalid(Broken::NotOwned, None));
            continue;
        };
        let train = left.remove(own);
        if train.is_pullman() {
            // Priced once the other routes are chosen.
            ways.push(Vec::new());
            out.push(Checked::Invalid(Broken::PullmanAlone, None));
            continue;
        }
        let pool = pools.index(train);
        // Priced as the company's train runs (a stacking train paid for
        // every train it runs for).
        let g = &Given {
            train: train.clone(),
            ..g.clone()
        };
        match ways_of(net, query, &places, g) {
            Ok(mut w) => {
                // A route clashes only with routes of its own track pool.
                for way in &mut w {
                    way.bits = pools.spread(&way.bits, pool);
                }
                ways.push(w);
                out.push(Checked::Invalid(Broken::Overlap, None));
            }
            Err((broken, at)) => {
                ways.push(Vec::new());
                out.push(Checked::Invalid(broken, at));
            }
        }
    }
    let mut pick = vec![None; given.len()];
    let mut best = (0, 0, vec![None; given.len()]);
    choose(
        &ways,
        0,
        &mut vec![0; places.words * pools.count()],
        &mut pick,
        &mut best,
    );
    for (i, p) in best.2.iter().enumerate() {
        if let Some(w) = p {
            out[i] = Checked::Valid(ways[i][*w].route.clone());
        }
    }
    price_pullmans(net, given, &mut out);
    out
}

/// A pullman's one-stop route in the set: its stop, a city or an
/// off-board, must be one another valid route of the set visits
/// (18xx.games's `check_overlap`: it may not run alone), and it earns that
/// stop's value again. Each pullman given, still marked `PullmanAlone`,
/// is priced here.
fn price_pullmans(net: &Network, given: &[Given], out: &mut [Checked]) {
    let visited: Vec<(crate::geometry::Coord, crate::tile::StopKind)> = (out.iter())
        .filter_map(|c| match c {
            Checked::Valid(r) => Some(r),
            Checked::Invalid(..) => None,
        })
        .flat_map(|r| r.stops.iter().map(|s| (s.hex, s.kind)))
        .collect();
    for (g, c) in given.iter().zip(out.iter_mut()) {
        if !g.train.is_pullman() || !matches!(c, Checked::Invalid(Broken::PullmanAlone, _)) {
            continue;
        }
        if let [hex] = g.stops.as_slice()
            && let Some(s) = super::repay::repaid_at(net, *hex, &visited)
        {
            *c = Checked::Valid(super::repay::pullman_route(net, &g.train, s));
        }
    }
}

/// One way to run a given route on the network.
struct Way {
    route: TrainRoute,
    bits: Vec<u64>,
}

/// Picks at most one way per route, track-disjoint, keeping the pick that
/// runs the most routes and then earns the most.
fn choose(
    ways: &[Vec<Way>],
    i: usize,
    used: &mut Vec<u64>,
    pick: &mut Vec<Option<usize>>,
    best: &mut (usize, u32, Vec<Option<usize>>),
) {
    if i == ways.len() {
        let count = pick.iter().flatten().count();
        let total = pick
            .iter()
            .enumerate()
            .filter_map(|(r, w)| w.map(|w| ways[r][w].route.revenue))
            .sum();
        if (count, total) > (best.0, best.1) {
            *best = (count, total, pick.clone());
        }
        return;
    }
    for (w, way) in ways[i].iter().enumerate() {
        if used.iter().zip(&way.bits).any(|(a, b)| a & b != 0) {
            continue;
        }
        used.iter_mut().zip(&way.bits).for_each(|(a, b)| *a |= b);
        pick[i] = Some(w);
        choose(ways, i + 1, used, pick, best);
        pick[i] = None;
        used.iter_mut().zip(&way.bits).for_each(|(a, b)| *a &= !b);
    }
    choose(ways, i + 1, used, pick, best);
}

/// At most this many ways of one route are kept: more only arise from
/// parallel track between the same stops, which the legs tell apart.
const MAX_WAYS: usize = 64;

/// The most segments a walk takes: no train of any game runs further, and
/// it bounds the walk through towns passed unnamed.
const MAX_PATH: usize = 32;

/// Every runnable way of `g`, or the first rule that leaves none.
fn ways_of(
    net: &Network,
    query: &Query,
    places: &Places,
    g: &Given,
) -> Result<Vec<Way>, (Broken, Option<usize>)> {
    if g.stops.len() < 2 {
        return Err((Broken::TooShort, None));
    }
    if let Some(i) = g
        .stops
        .iter()
        .position(|h| !net.stops.iter().any(|s| s.hex == *h))
    {
        return Err((Broken::NoStop, Some(i)));
    }
    let mut found = Walk::new(net, query, places, g, Strict::Joined).run();
    if found.walks.is_empty() && g.legs.is_some() {
        // Legs name hexes as the other program walked them; where none
        // fits, the stops alone still find the route.
        let loose = Given {
            legs: None,
            ..g.clone()
        };
        return ways_of(net, query, places, &loose);
    }
    if found.walks.is_empty() {
        return Err((Broken::NoTrack, Some(found.deepest)));
    }
    for (strict, broken) in [
        (Strict::Once, Broken::Reuse),
        (Strict::Open, Broken::Blocked),
    ] {
        found = Walk::new(net, query, places, g, strict).run();
        if found.walks.is_empty() {
            return Err((broken, None));
        }
    }
    let company = &query.company;
    let tokened = |w: &(usize, Vec<SegRef>)| {
        std::iter::once(w.0)
            .chain(
                w.1.iter()
                    .map(|r| net.out[r.from as usize][r.idx as usize].to),
            )
            .any(|s| net.stops[s].holds_token(company))
    };
    found.walks.retain(tokened);
    if found.walks.is_empty() {
        return Err((Broken::NoToken, None));
    }
    if net.rules.enter_hex_once {
        found.walks.retain(|(start, segs)| {
            let hexes = segs
                .iter()
                .map(|r| net.out[r.from as usize][r.idx as usize].hexes.as_slice());
            hex_once::enters_each_once(net.stops[*start].hex, hexes)
        });
        if found.walks.is_empty() {
            return Err((Broken::ReentersHex, None));
        }
    }
    found.walks.retain(|(start, segs)| {
        let last = segs
            .last()
            .map_or(*start, |r| net.out[r.from as usize][r.idx as usize].to);
        !net.stops[*start].halt && !net.stops[last].halt
    });
    if found.walks.is_empty() {
        return Err((Broken::EndsAtHalt, None));
    }
    let ways: Vec<Way> = found
        .walks
        .iter()
        .filter_map(|(start, segs)| {
            let route = priced(net, query, g, *start, segs)?;
            let mut bits = vec![0; places.words];
            let to = |r: &SegRef| net.out[r.from as usize][r.idx as usize].to;
            for r in segs {
                for &e in &net.out[r.from as usize][r.idx as usize].elements {
                    bitset::insert(&mut bits, e as usize);
                }
            }
            for s in std::iter::once(*start).chain(segs.iter().map(to)) {
                for &bit in &places.between[s] {
                    bitset::insert(&mut bits, bit as usize);
                }
            }
            // Its stops between its ends: one a blocked city takes the
            // run's one pass (`rules.pass_blocked`).
            let passes = segs.iter().rev().skip(1).map(to);
            if let Some(bit) = places.pass_bit
                && passes
                    .into_iter()
                    .any(|s| pass_blocked::blocked_city(&net.stops[s], company))
            {
                bitset::insert(&mut bits, bit as usize);
            }
            Some(Way { route, bits })
        })
        .collect();
    if ways.is_empty() {
        let short = found.walks.iter().any(|(start, segs)| {
            let to = |r: &SegRef| net.out[r.from as usize][r.idx as usize].to;
            let stops: Vec<usize> = std::iter::once(*start).chain(segs.iter().map(to)).collect();
            stops
                .iter()
                .any(|&s| net.stops[s].at_least as usize > stops.len())
        });
        return Err((
            if short {
                Broken::FewStops
            } else {
                Broken::TooLong
            },
            None,
        ));
    }
    Ok(ways)
}

/// The route walked from `start` by `segs`, priced for `g`'s train. A
/// train that may pass towns may also end a route at towns, counting them
/// for nothing (18xx.games's 1867 and 1861: a train counts its cities
/// first, and towns only to fill what is left), and an express (5+5E,
/// which counts its off-boards first) at any stop but an off-board: where
/// the train cannot count those end stops, the route is priced without
/// them, at its best.
fn priced(
    net: &Network,
    query: &Query,
    g: &Given,
    start: usize,
    segs: &[SegRef],
) -> Option<TrainRoute> {
    let run = |start: usize, segs: &[SegRef]| {
        describe_walk(net, query, start, &[], segs, &g.train, &g.name)
    };
    if g.train.skip == Skip::Nothing {
        return run(start, segs);
    }
    let to = |r: &SegRef| net.out[r.from as usize][r.idx as usize].to;
    let stops: Vec<usize> = std::iter::once(start).chain(segs.iter().map(to)).collect();
    let town = |s: &usize| {
        let stop = &net.stops[*s];
        !stop.is_city() || (g.train.skip == Skip::Any && !stop.terminal)
    };
    let front = stops.iter().take_while(|s| town(s)).count();
    let back = stops.iter().rev().take_while(|s| town(s)).count();
    let mut best: Option<TrainRoute> = None;
    for f in 0..=front.min(segs.len()) {
        for b in 0..=back.min(segs.len() - f) {
            if f + b > 0 && f + b >= segs.len() {
                continue;
            }
            let route = run(stops[f], &segs[f..segs.len() - b]);
            if let Some(r) = route
                && best.as_ref().is_none_or(|x| r.revenue > x.revenue)
            {
                best = Some(r);
            }
        }
    }
    best
}

/// How much of the route rules a walk keeps.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Strict {
    /// Only that track joins the stops.
    Joined,
    /// Also no track used, and no place stopped in, twice.
    Once,
    /// Also no passing through a blocked city or an off-board.
    Open,
}

/// A depth-first walk along the given stops.
struct Walk<'a> {
    net: &'a Network,
    places: &'a Places,
    given: &'a Given,
    company: &'a CompanyId,
    strict: Strict,
    bits: Vec<u64>,
    place_used: Vec<bool>,
    path: Vec<SegRef>,
    /// Blocked cities the walk passes (`rules.pass_blocked`).
    passed_blocked: u32,
    walks: Vec<(usize, Vec<SegRef>)>,
    /// The furthest stop index reached, to say which leg has no track.
    deepest: usize,
}

impl<'a> Walk<'a> {
    fn new(
        net: &'a Network,
        query: &'a Query,
        places: &'a Places,
        given: &'a Given,
        strict: Strict,
    ) -> Walk<'a> {
        Walk {
            net,
            places,
            given,
            company: &query.company,
            strict,
            bits: vec![0; places.words],
            place_used: vec![false; places.count],
            path: Vec::new(),
            passed_blocked: 0,
            walks: Vec::new(),
            deepest: 0,
        }
    }

    fn run(mut self) -> Self {
        let first = self.given.stops[0];
        for s in 0..self.net.stops.len() {
            if self.net.stops[s].hex == first {
                self.places.mark(&mut self.place_used, s, true);
                self.extend(s, s, 0, false);
                self.places.mark(&mut self.place_used, s, false);
            }
        }
        self
    }

    /// Walks on from stop `at`, the given stop `i` (or, after `detour`, a
    /// town passed on the way to stop `i + 1`).
    fn extend(&mut self, start: usize, at: usize, i: usize, detour: bool) {
        self.deepest = self.deepest.max(i);
        if self.walks.len() >= MAX_WAYS {
            return;
        }
        if i + 1 == self.given.stops.len() && !detour {
            self.walks.push((start, self.path.clone()));
            return;
        }
        let passing = (i > 0 || detour) && self.strict >= Strict::Open;
        let rule = self.net.rules.pass_blocked.as_ref();
        let stop = &self.net.stops[at];
        if passing && !pass_blocked::may_pass(rule, stop, self.company, self.passed_blocked) {
            return;
        }
        let blocked = u32::from(passing && pass_blocked::blocked_city(stop, self.company));
        self.passed_blocked += blocked;
        let next = self.given.stops[i + 1];
        for idx in 0..self.net.out[at].len() {
            let to = self.net.out[at][idx].to;
            if self.net.stops[to].hex == next && self.leg_fits(at, idx, i) {
                self.step(start, at, idx, i + 1, false);
            } else if self.may_pass(to) {
                self.step(start, at, idx, i, true);
            }
        }
        self.passed_blocked -= blocked;
    }

    /// A town the route may pass unnamed: a train that need not count
    /// towns was given only the stops it counts (as `review` prints its
    /// routes). Only where no legs name the hexes, and once a walk.
    fn may_pass(&self, to: usize) -> bool {
        self.given.legs.is_none()
            && self.given.train.skip != Skip::Nothing
            && !self.net.stops[to].is_city()
            && !self.given.stops.contains(&self.net.stops[to].hex)
            && self.path.len() < MAX_PATH
            && !self
                .path
                .iter()
                .any(|r| self.net.out[r.from as usize][r.idx as usize].to == to)
    }

    /// Takes segment `idx` from `at` (within the rules the walk keeps) and
    /// walks on from its end.
    fn step(&mut self, start: usize, at: usize, idx: usize, i: usize, detour: bool) {
        let seg = &self.net.out[at][idx];
        let to = seg.to;
        let once = self.strict >= Strict::Once;
        if once
            && (!self.places.free(&self.place_used, to)
                || seg
                    .elements
                    .iter()
                    .any(|&e| bitset::contains(&self.bits, e as usize)))
        {
            return;
        }
        let elements = seg.elements.clone();
        if once {
            elements
                .iter()
                .for_each(|&e| bitset::insert(&mut self.bits, e as usize));
            self.places.mark(&mut self.place_used, to, true);
        }
        self.path.push(SegRef {
            from: at as u32,
            idx: idx as u32,
        });
        self.extend(start, to, i, detour);
        self.path.pop();
        if once {
            elements
                .iter()
                .for_each(|&e| bitset::remove(&mut self.bits, e as usize));
            self.places.mark(&mut self.place_used, to, false);
        }
    }

    /// Whether segment `idx` from `at` runs over leg `i`'s hexes, when the
    /// legs are known.
    fn leg_fits(&self, at: usize, idx: usize, i: usize) -> bool {
        let Some(leg) = self.given.legs.as_ref().and_then(|l| l.get(i)?.as_ref()) else {
            return true;
        };
        let seg = &self.net.out[at][idx];
        let mut walked: Vec<Coord> = std::iter::once(self.net.stops[at].hex)
            .chain(seg.hexes.iter().copied())
            .collect();
        walked.dedup();
        let mut leg = leg.clone();
        leg.dedup();
        walked == leg || walked.iter().rev().eq(leg.iter())
    }
}

impl Given {
    /// A route named as text: a train of `game` and its stops' addresses;
    /// legs likewise.
    pub fn parse(
        game: &Game,
        train: &str,
        stops: &[String],
        legs: Option<&[Vec<String>]>,
    ) -> Result<Given, Error> {
        let name = train;
        let hexes = |list: &[String]| -> Result<Vec<Coord>, Error> {
            list.iter().map(|h| game.hex(h)).collect()
        };
        Ok(Given {
            train: game.train(name)?.clone(),
            name: name.to_string(),
            stops: hexes(stops)?,
            // A leg that is not a list of hexes (18xx.games's local trains,
            // or one tile's own track) tells nothing here.
            legs: legs.map(|legs| legs.iter().map(|l| hexes(l).ok()).collect()),
        })
    }
}

/// `routes --check`: `given` priced for `query`'s company, beside the best
/// `query`'s trains could run.
pub fn report(
    game: &Game,
    state: &MapState,
    query: &Query,
    given: &[Given],
) -> Result<CheckReport, Error> {
    let net = Network::build(game, state);
    let best = super::solve_on(&net, query)?.total;
    let checked = check(&net, query, given);
    let routes = given
        .iter()
        .zip(&checked)
        .map(|(g, c)| {
            let stops = g.stops.iter().map(|h| game.format(*h)).collect::<Vec<_>>();
            let (route, broken) = match c {
                Checked::Valid(r) => (Some(RouteReport::new(game, r)), None),
                Checked::Invalid(b, at) => (None, Some(broken_words(*b, *at, &stops))),
            };
            CheckedRoute {
                train: g.name.clone(),
                given: stops.join("-"),
                valid: route.is_some(),
                rule: broken.as_ref().map(|(rule, _)| rule.to_string()),
                message: broken.map(|(_, words)| words),
                route,
            }
        })
        .collect::<Vec<_>>();
    // Paid as the game pays the set (a one-run token may cost its lowest).
    let revenues: Vec<u32> = routes
        .iter()
        .filter_map(|r| r.route.as_ref())
        .map(|r| r.revenue)
        .collect();
    let total = super::pays(query, &revenues);
    Ok(CheckReport {
        game: game.id.clone(),
        company: query.company.to_string(),
        valid: routes.iter().all(|r| r.valid),
        routes,
        total,
        best,
        gap: i64::from(best) - i64::from(total),
    })
}

/// The rule's name, and the rule in words naming the stops it concerns.
fn broken_words(b: Broken, at: Option<usize>, stops: &[String]) -> (&'static str, String) {
    let words = match (b, at) {
        (Broken::NoStop, Some(i)) => format!("{} has no city, town or off-board", stops[i]),
        (Broken::NoTrack, Some(i)) if i + 1 < stops.len() => {
            format!("no track joins {} and {}", stops[i], stops[i + 1])
        }
        _ => b.to_string(),
    };
    (b.name(), words)
}
