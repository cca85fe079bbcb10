//! Every route a company could run: walks outward from each of its tokens
//! over the network, pricing each route for every train type as it goes
//! (the report of a chosen route is `describe`'s).

use super::Query;
use super::bitset;
use super::ceiling::Ceiling;
use super::gauge;
use super::hex_once::Entered;
use super::network::{Network, Segment};
use super::pass_through::{PassWalk, with_pass};
use super::places::Places;
use super::revenue::{self, Visit};
use crate::game::{Bonus, CompanyId, Distance, Skip, Towns, TrainDef};
use crate::geometry::Coord;
use crate::state::RouteEnds;
use rayon::prelude::*;

/// A step of a route: segment `idx` of those leaving stop `from`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct SegRef {
    pub(super) from: u32,
    pub(super) idx: u32,
}

/// A route the company could run, with what each train type would earn.
pub(super) struct Candidate {
    pub(super) bits: Box<[u64]>,
    /// Left half then right half, both as walked outward from the token.
    segs: Box<[SegRef]>,
    split: u8,
    token: u32,
    pub(super) revenue: Box<[u32]>,
}

impl Candidate {
    /// Its walk: the token's stop, then the left and right halves as
    /// walked outward from it.
    pub(super) fn walk(&self) -> (usize, &[SegRef], &[SegRef]) {
        let (left, right) = self.segs.split_at(self.split as usize);
        (self.token as usize, left, right)
    }
}

/// The trains' joint reach, to stop enumerating routes no train can run.
#[derive(Copy, Clone, Debug)]
struct Limits {
    visits: Option<usize>,
    cities: Option<usize>,
    hexes: Option<usize>,
}

impl Limits {
    fn of(trains: &[TrainDef]) -> Limits {
        let mut l = Limits {
            visits: Some(0),
            cities: Some(0),
            hexes: Some(0),
        };
        let widen = |slot: &mut Option<usize>, v: Option<usize>| {
            *slot = match (*slot, v) {
                (Some(a), Some(b)) => Some(a.max(b)),
                _ => None,
            }
        };
        for t in trains {
            let n = t.stops.map(|n| n as usize);
            match t.distance {
                Distance::Hexes => {
                    widen(&mut l.hexes, n);
                    l.visits = None;
                    l.cities = None;
                }
                Distance::Edges => {
                    widen(&mut l.hexes, gauge::hexes_within(t));
                    l.visits = None;
                    l.cities = None;
                }
                // It visits at most N cities and off-boards, and no town.
                Distance::Stops if t.pays.is_some() => {
                    l.hexes = None;
                    widen(&mut l.visits, n);
                    widen(&mut l.cities, n);
                }
                Distance::Stops => {
                    l.hexes = None;
                    match (t.skip, t.towns) {
                        // Free towns are outside N: only cities are limited.
                        (Skip::Nothing | Skip::Towns, Towns::Free | Towns::Unpaid)
                        | (Skip::Towns, _) => {
                            l.visits = None;
                            widen(&mut l.cities, n);
                        }
                        // An N+M train visits up to M towns more.
                        (Skip::Nothing, Towns::Counted) => {
                            let m = t.plus_towns.unwrap_or(0) as usize;
                            widen(&mut l.visits, n.map(|n| n + m));
                            widen(&mut l.cities, n);
                        }
                        (Skip::Any, _) => {
                            l.visits = None;
                            l.cities = None;
                        }
                    }
                }
            }
        }
        l
    }
}

/// The end segments [`Walker::drop_dominated`] tries cutting off: (from
/// the start, from the end) of the route in travel order.
const TRIMS: [(usize, usize); 5] = [(1, 0), (0, 1), (1, 1), (2, 0), (0, 2)];

/// Which half of a route a walker is growing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Side {
    Left,
    Right,
}

struct Walker<'a> {
    net: &'a Network,
    company: &'a CompanyId,
    limits: Limits,
    types: &'a [TrainDef],
    bonuses: &'a [Bonus],
    /// The route the run must include (`Query::required`): a route meeting
    /// it is kept even where a shorter one inside it earns as much.
    required: Option<&'a RouteEnds>,
    /// The company holds a pullman (`super::pullman`): a route is kept
    /// where its richest city, re-paid, makes up for a shorter route's
    /// revenue.
    repays: bool,
    keep: Keep<'a>,
    token: usize,
    /// Company token stops with a smaller id than `token`: routes through
    /// them are found from there instead.
    earlier_token: Vec<bool>,
    /// Walking from a stop that need not be the company's token (see
    /// [`From::Through`]): a route must hold a token, may not pass a start
    /// it could not pass as a stop, and is kept in either orientation.
    anchored: bool,
    bits: Vec<u64>,
    /// Places a route has stopped in: stop hexes, or stops, as the game's
    /// `within_route` rule says (see [`Places`]).
    hex_used: Vec<bool>,
    /// Each stop's places, and the bits other routes of the company may
    /// not share (`between_routes`).
    places: &'a Places,
    left: Vec<SegRef>,
    right: Vec<SegRef>,
    visits: usize,
    cities: usize,
    hexes: usize,
    /// Blocked cities the route passes (`rules.pass_blocked`).
    passed_blocked: u32,
    /// The hexes the route has entered (`rules.enter_hex_once`).
    entered: Entered,
    /// The face values of the stops visited, added up.
    value: u64,
    /// What the hexes the route enters pay (`pass_through`).
    pass: PassWalk,
    out: Vec<Candidate>,
    /// Under [`Keep::Richest`], the richest route found so far.
    richest: Option<Candidate>,
    /// Routes priced that some train can run.
    priced: usize,
    /// Reused buffers for pricing routes.
    visits_buf: Vec<Visit>,
    scratch: revenue::Scratch,
}

/// What a walk keeps of the routes it prices.
#[derive(Copy, Clone)]
enum Keep<'a> {
    /// Every route some train can run, for the assignment of several trains.
    Every,
    /// Only the richest route of the one train searched for: no list, and
    /// no route checked for a shorter one inside it unless it is the
    /// richest so far. A walk skips routes that cannot beat its own best
    /// (ties keep the first, as a list would); it shares nothing with the
    /// others, so what it prices, and the count, never depends on timing.
    /// With a `floor`, it also skips every route earning no more than the
    /// floor: the caller asks only whether some route beats it.
    Richest {
        ceiling: Option<&'a Ceiling>,
        floor: Option<u32>,
    },
}

/// Which routes the walks find.
#[derive(Copy, Clone)]
enum From {
    /// Every route the company could run, walked from its token stops.
    Tokens,
    /// Every route that runs on hex `0`: each uses a segment entering it
    /// (one ending at a stop there, or passing through), so the walks
    /// start at each such segment's first stop, with the segment first.
    Through(Coord),
}

/// The walks `from` asks for: a start stop, and the segment (by index
/// among those leaving it) its left half must begin with, if any.
fn tasks_of(net: &Network, from: From, is_token: &[bool]) -> Vec<(usize, Option<usize>)> {
    match from {
        // Each token's walk is split by the first segment of its left half
        // (none first, then each in order), so that the routes come in the
        // order one walk would list them and a token with much track beyond
        // it keeps both threads busy.
        From::Tokens => (0..net.stops.len())
            .filter(|&s| is_token[s])
            .flat_map(|t| {
                std::iter::once((t, None)).chain((0..net.out[t].len()).map(move |i| (t, Some(i))))
            })
            .collect(),
        // A segment and its mirror (the same track walked the other way)
        // find the same routes: the one from the smaller stop is walked.
        From::Through(hex) => {
            let enters = |seg: &super::network::Segment| seg.hexes.contains(&hex);
            let mirrored = |s: usize, seg: &super::network::Segment| {
                seg.to < s
                    && net.out[seg.to]
                        .iter()
                        .any(|m| m.to == s && m.elements == seg.elements && enters(m))
            };
            (0..net.stops.len())
                .flat_map(|s| {
                    (0..net.out[s].len())
                        .filter(move |&i| enters(&net.out[s][i]) && !mirrored(s, &net.out[s][i]))
                        .map(move |i| (s, Some(i)))
                })
                .collect()
        }
    }
}

/// The routes a company could run from each of its tokens (or, under
/// [`From::Through`], each anchor), in stop order, and how many routes
/// were priced that some train can run.
fn walk_all<T: Send>(
    net: &Network,
    query: &Query,
    types: &[TrainDef],
    keep: Keep,
    from: From,
    take: impl Fn(&mut Walker) -> T + Sync,
) -> (Vec<T>, usize) {
    let company = &query.company;
    // Under `Through`, a route is found from each segment entering the hex
    // that it uses (no earlier start excludes it), in whichever orientation
    // puts that segment in its left half.
    let is_token: Vec<bool> = match from {
        From::Tokens => net.stops.iter().map(|s| s.holds_token(company)).collect(),
        From::Through(_) => vec![false; net.stops.len()],
    };
    let anchored = matches!(from, From::Through(_));
    let places = Places::of(net);
    let limits = Limits::of(types);
    let tasks = tasks_of(net, from, &is_token);
    let found: Vec<(T, usize)> = tasks
        .par_iter()
        .map(|&(t, first)| {
            let mut w = Walker {
                net,
                company,
                limits,
                types,
                bonuses: &query.bonuses,
                required: query.required.as_ref(),
                repays: query.trains.iter().any(TrainDef::is_pullman),
                keep,
                token: t,
                earlier_token: (0..net.stops.len()).map(|s| is_token[s] && s < t).collect(),
                anchored,
                bits: vec![0; places.words],
                hex_used: vec![false; places.count],
                places: &places,
                left: Vec::new(),
                right: Vec::new(),
                visits: usize::from(!net.stops[t].free),
                cities: usize::from(net.stops[t].is_city() && !net.stops[t].free),
                hexes: 1,
                passed_blocked: 0,
                entered: Entered::start(net.rules.enter_hex_once, net.stops[t].hex),
                value: u64::from(net.stops[t].revenue),
                pass: PassWalk::start(&net.pass, t),
                out: Vec::new(),
                richest: None,
                priced: 0,
                visits_buf: Vec::new(),
                scratch: revenue::Scratch::default(),
            };
            places.mark(&mut w.hex_used, t, true);
            match first {
                None => w.extend(t, Side::Right),
                Some(idx) => w.step(t, idx, Side::Left),
            }
            (take(&mut w), w.priced)
        })
        .collect();
    let priced = found.iter().map(|(_, n)| n).sum();
    (found.into_iter().map(|(t, _)| t).collect(), priced)
}

/// Every route some train type can run, with what each type earns on it,
/// and how many routes were priced.
pub(super) fn enumerate(
    net: &Network,
    query: &Query,
    types: &[TrainDef],
) -> (Vec<Candidate>, usize) {
    let (lists, priced) = walk_all(net, query, types, Keep::Every, From::Tokens, |w| {
        std::mem::take(&mut w.out)
    });
    (lists.into_iter().flatten().collect(), priced)
}

/// The richest route of one train, the first of the richest in the order
/// [`enumerate`] lists them (so the same route the assignment would
/// choose), and how many routes were priced.
pub(super) fn richest(
    net: &Network,
    query: &Query,
    train: &TrainDef,
    floor: Option<u32>,
) -> (Option<Candidate>, usize) {
    richest_from(net, query, train, floor, From::Tokens)
}

/// What the richest route of one train that runs on hex `hex` earns, if
/// it earns more than `floor`.
pub(super) fn richest_through(
    net: &Network,
    query: &Query,
    train: &TrainDef,
    floor: u32,
    hex: Coord,
) -> Option<u32> {
    richest_from(net, query, train, Some(floor), From::Through(hex))
        .0
        .map(|c| c.revenue[0])
        .filter(|&r| r > floor)
}

fn richest_from(
    net: &Network,
    query: &Query,
    train: &TrainDef,
    floor: Option<u32>,
    from: From,
) -> (Option<Candidate>, usize) {
    let ceiling = Ceiling::of(net, &query.company, train, &query.bonuses);
    let keep = Keep::Richest {
        ceiling: ceiling.as_ref(),
        floor,
    };
    let types = std::slice::from_ref(train);
    let (found, priced) = walk_all(net, query, types, keep, from, |w| w.richest.take());
    let best = found
        .into_iter()
        .flatten()
        .reduce(|a, b| if b.revenue[0] > a.revenue[0] { b } else { a });
    (best, priced)
}

impl Walker<'_> {
    fn within_limits(&self) -> bool {
        self.limits.visits.is_none_or(|n| self.visits <= n)
            && self.limits.cities.is_none_or(|n| self.cities <= n)
            && self.limits.hexes.is_none_or(|n| self.hexes <= n)
    }

    /// Tries to take a segment; on success the walker's state includes it.
    fn enter(&mut self, r: SegRef) -> bool {
        let seg = &self.net.out[r.from as usize][r.idx as usize];
        let to = seg.to;
        if self.earlier_token[to]
            || !self.places.free(&self.hex_used, to)
            || !gauge::usable(self.types, seg)
        {
            return false;
        }
        if seg
            .elements
            .iter()
            .any(|&e| bitset::contains(&self.bits, e as usize))
            || !self.entered.enter(&seg.hexes)
        {
            return false;
        }
        for &e in &seg.elements {
            bitset::insert(&mut self.bits, e as usize);
        }
        self.places.mark(&mut self.hex_used, to, true);
        let (counts, city) = self.counts(to);
        self.visits += counts;
        self.cities += city;
        self.hexes += seg.hexes.len();
        self.value += u64::from(self.net.stops[to].revenue);
        self.pass
            .enter(&self.net.pass, r.from as usize, r.idx as usize);
        true
    }

    fn leave(&mut self, r: SegRef) {
        let seg = &self.net.out[r.from as usize][r.idx as usize];
        for &e in &seg.elements {
            bitset::remove(&mut self.bits, e as usize);
        }
        self.places.mark(&mut self.hex_used, seg.to, false);
        self.entered.leave(&seg.hexes);
        let (counts, city) = self.counts(seg.to);
        self.visits -= counts;
        self.cities -= city;
        self.hexes -= seg.hexes.len();
        self.value -= u64::from(self.net.stops[seg.to].revenue);
        self.pass
            .leave(&self.net.pass, r.from as usize, r.idx as usize);
    }

    /// What stop `s` adds to the route's count of stops and of cities: a
    /// free stop (`free_stops`) nothing.
    fn counts(&self, s: usize) -> (usize, usize) {
        let stop = &self.net.stops[s];
        if stop.free {
            (0, 0)
        } else {
            (1, usize::from(stop.is_city()))
        }
    }

    fn end_of(&self, half: &[SegRef]) -> usize {
        half.last()
            .map(|r| self.net.out[r.from as usize][r.idx as usize].to)
            .unwrap_or(self.token)
    }

    /// Grows one half of the route from `at`. Every left half (including
    /// the empty one) is paired with every right half grown beside it.
    fn extend(&mut self, at: usize, side: Side) {
        // From a token on an off-board (18MEX's Mérida) a route runs one
        // way only: a left half takes no right half, which would pass it.
        // So too from a start the company may not pass (under `Through`,
        // a city full of others' tokens).
        // A left half and a right half pass the start between them.
        let start = &self.net.stops[self.token];
        let passes_start = self.anchored && !self.left.is_empty();
        match side {
            Side::Left if passes_start || start.terminal && !self.left.is_empty() => {
                if !start.terminal && self.may_pass(self.token) {
                    let blocked = self.blocked(self.token);
                    self.passed_blocked += blocked;
                    self.extend(self.token, Side::Right);
                    self.passed_blocked -= blocked;
                } else {
                    self.emit();
                }
            }
            Side::Left => self.extend(self.token, Side::Right),
            Side::Right => self.emit(),
        }
        if at == self.token {
            for idx in 0..self.net.out[at].len() {
                self.step(at, idx, side);
            }
            return;
        }
        if !self.may_pass(at) {
            return;
        }
        let blocked = self.blocked(at);
        self.passed_blocked += blocked;
        for idx in 0..self.net.out[at].len() {
            self.step(at, idx, side);
        }
        self.passed_blocked -= blocked;
    }

    /// True when the route walked may pass stop `s` (a blocked city only
    /// under `rules.pass_blocked`, while it has passes left).
    fn may_pass(&self, s: usize) -> bool {
        let rule = self.net.rules.pass_blocked.as_ref();
        super::pass_blocked::may_pass(rule, &self.net.stops[s], self.company, self.passed_blocked)
    }

    /// 1 when passing stop `s` is passing a blocked city, else 0.
    fn blocked(&self, s: usize) -> u32 {
        u32::from(super::pass_blocked::blocked_city(
            &self.net.stops[s],
            self.company,
        ))
    }

    /// Grows one half of the route from `at` along its `idx`-th segment,
    /// and everything beyond it.
    fn step(&mut self, at: usize, idx: usize, side: Side) {
        let r = SegRef {
            from: at as u32,
            idx: idx as u32,
        };
        if !self.enter(r) {
            return;
        }
        if self.within_limits() {
            self.half(side).push(r);
            if !self.hopeless_branch() {
                self.extend(self.net.out[at][idx].to, side);
            }
            self.half(side).pop();
        }
        self.leave(r);
    }

    /// True when no route grown from the one walked so far can beat the
    /// richest found (under [`Keep::Richest`], where there is a ceiling).
    fn hopeless_branch(&self) -> bool {
        let Keep::Richest {
            ceiling: Some(c), ..
        } = self.keep
        else {
            return false;
        };
        let most = c.grown(self.value, self.visits, self.cities, |i| {
            !self.places.free(&self.hex_used, i) || self.earlier_token[i]
        });
        self.beaten(most)
    }

    /// True when a stop of the route walked holds the company's token.
    fn holds_token(&self) -> bool {
        let to = |r: &SegRef| self.net.out[r.from as usize][r.idx as usize].to;
        std::iter::once(self.token)
            .chain(self.left.iter().chain(self.right.iter()).map(to))
            .any(|s| self.net.stops[s].holds_token(self.company))
    }

    /// The most an express earns on the route walked: it counts both its
    /// ends, and its best stops between them (see [`Ceiling::counted_ends`]).
    fn counted_ends(&self, c: &Ceiling) -> u64 {
        let ends = [self.end_of(&self.left), self.end_of(&self.right)];
        let to = |r: &SegRef| self.net.out[r.from as usize][r.idx as usize].to;
        let between = std::iter::once(self.token)
            .chain(self.left.iter().chain(self.right.iter()).map(to))
            .filter(|s| !ends.contains(s))
            .map(|s| self.net.stops[s].revenue);
        c.counted_ends(ends.map(|s| self.net.stops[s].revenue), between)
    }

    /// True when a route earning at most `most` cannot be the answer of a
    /// search for the richest: this walk found as much first, or the
    /// search's floor is as much.
    fn beaten(&self, most: u64) -> bool {
        let Keep::Richest { floor, .. } = self.keep else {
            return false;
        };
        let found = self.richest.as_ref().map(|b| b.revenue[0]);
        found.max(floor).is_some_and(|b| most <= u64::from(b))
    }

    fn half(&mut self, side: Side) -> &mut Vec<SegRef> {
        match side {
            Side::Left => &mut self.left,
            Side::Right => &mut self.right,
        }
    }

    /// Leaves out the route for each train type that earns at least as
    /// much on a shorter route inside it: the route with one or two end
    /// segments cut off (still two stops and a token stop). That route
    /// uses a subset of this one's track, so any set of routes that uses
    /// this one does as well with it instead. Express trains, which count
    /// only their best stops, have many such routes.
    fn drop_dominated(&mut self, revenue: &mut [u32]) {
        // A shorter route may enter fewer paying hexes (`pass_through`):
        // such a route is kept, as no cheap bound tells what it loses.
        if self.pass.touched() {
            return;
        }
        let seg = |r: &SegRef| &self.net.out[r.from as usize][r.idx as usize];
        // The segments in travel order, and the hexes each adds.
        let travel: Vec<&Segment> = self
            .left
            .iter()
            .rev()
            .chain(self.right.iter())
            .map(seg)
            .collect();
        let lens: Vec<usize> = travel.iter().map(|s| s.hexes.len()).collect();
        let n = self.visits_buf.len();
        // The stops in travel order: a shorter route ending at a halt is
        // no route.
        let to = |r: &SegRef| self.net.out[r.from as usize][r.idx as usize].to;
        let ids: Vec<usize> = self
            .left
            .iter()
            .rev()
            .map(to)
            .chain(std::iter::once(self.token))
            .chain(self.right.iter().map(to))
            .collect();
        for (front, back) in TRIMS {
            if front + back + 2 > n
                || self.net.stops[ids[front]].halt
                || self.net.stops[ids[n - back - 1]].halt
            {
                continue;
            }
            let visits = &self.visits_buf[front..n - back];
            if !visits.iter().any(|v| v.token) {
                continue;
            }
            // What a pullman on this route would lose on the shorter one.
            let repaid = if self.repays {
                revenue::richest_city(&self.visits_buf) - revenue::richest_city(visits)
            } else {
                0
            };
            let hexes = self.hexes
                - lens[..front].iter().sum::<usize>()
                - lens[lens.len() - back..].iter().sum::<usize>();
            let kept = &travel[front..travel.len() - back];
            for (t, r) in self.types.iter().zip(revenue.iter_mut()) {
                let needed = u64::from(*r) + u64::from(repaid);
                if *r > 0
                    && revenue::ceiling(t, visits, self.bonuses) >= needed
                    && gauge::reach(t, hexes, kept.iter().copied()).is_some_and(|reach| {
                        let best = revenue::best_revenue(
                            t,
                            visits,
                            reach,
                            self.bonuses,
                            &mut self.scratch,
                        );
                        u64::from(best) >= needed
                    })
                {
                    *r = 0;
                }
            }
        }
    }

    /// True when the route in `visits_buf` meets the run's requirement.
    fn meets_required(&self) -> bool {
        match (
            self.required,
            self.visits_buf.first(),
            self.visits_buf.last(),
        ) {
            (Some(ends), Some(first), Some(last)) => ends.met_by(first.hex, last.hex),
            _ => false,
        }
    }

    /// Records the current route if it is new in this orientation.
    fn emit(&mut self) {
        if self.left.is_empty() && self.right.is_empty() {
            return;
        }
        if !self.anchored && self.end_of(&self.left) >= self.end_of(&self.right) {
            return;
        }
        if let Keep::Richest {
            ceiling: Some(c), ..
        } = self.keep
            && (self.beaten(c.route(self.value))
                || (c.counts_any() && self.beaten(self.counted_ends(c))))
        {
            return;
        }
        if self.anchored && !self.holds_token() {
            return;
        }
        // No route begins or ends at a halt.
        if self.net.stops[self.end_of(&self.left)].halt
            || self.net.stops[self.end_of(&self.right)].halt
        {
            return;
        }
        fill_visits(
            self.net,
            self.company,
            self.token,
            &self.left,
            &self.right,
            &mut self.visits_buf,
        );
        let net = self.net;
        let (left, right) = (&self.left, &self.right);
        let segs = || {
            left.iter()
                .chain(right.iter())
                .map(|r| &net.out[r.from as usize][r.idx as usize])
        };
        let mut revenue: Box<[u32]> = self
            .types
            .iter()
            .map(|t| {
                let Some(reach) = gauge::reach(t, self.hexes, segs()) else {
                    return 0;
                };
                let stops = revenue::best_revenue(
                    t,
                    &self.visits_buf,
                    reach,
                    self.bonuses,
                    &mut self.scratch,
                );
                with_pass(stops, self.pass.sum)
            })
            .collect();
        if revenue.iter().all(|r| *r == 0) {
            return;
        }
        self.priced += 1;
        if self.beaten(u64::from(revenue[0])) {
            return;
        }
        // A rule on the whole run (`joined`) may need the stop a shorter
        // route inside this one loses.
        let whole_run = self.net.rules.run_through_home || self.net.rules.routes_meet;
        if !self.meets_required() && !whole_run {
            self.drop_dominated(&mut revenue);
        }
        if revenue.iter().all(|r| *r == 0) {
            return;
        }
        let candidate = self.candidate(revenue);
        match self.keep {
            Keep::Every => self.out.push(candidate),
            Keep::Richest { .. } => self.richest = Some(candidate),
        }
    }

    /// The current route as a candidate earning `revenue`.
    fn candidate(&self, revenue: Box<[u32]>) -> Candidate {
        let segs: Vec<SegRef> = self.left.iter().chain(self.right.iter()).copied().collect();
        let mut bits = self.bits.clone();
        let to = |r: &SegRef| self.net.out[r.from as usize][r.idx as usize].to;
        for stop in std::iter::once(self.token).chain(segs.iter().map(to)) {
            for &bit in &self.places.between[stop] {
                bitset::insert(&mut bits, bit as usize);
            }
        }
        if let Some(bit) = self.places.pass_bit.filter(|_| self.passed_blocked > 0) {
            bitset::insert(&mut bits, bit as usize);
        }
        Candidate {
            bits: bits.into_boxed_slice(),
            segs: segs.into_boxed_slice(),
            split: self.left.len() as u8,
            token: self.token as u32,
            revenue,
        }
    }
}

/// Writes the route's visits in travel order into `out`, reusing its memory.
pub(super) fn fill_visits(
    net: &Network,
    company: &CompanyId,
    token: usize,
    left: &[SegRef],
    right: &[SegRef],
    out: &mut Vec<Visit>,
) {
    let visit = |s: usize| {
        let st = &net.stops[s];
        Visit {
            hex: st.hex,
            revenue: st.revenue,
            is_city: st.is_city(),
            off_board: st.off_board,
            token: st.holds_token(company),
            port: st.port,
            at_least: st.at_least,
            free: st.free,
            toll: st.toll.as_ref().map_or(0, |t| t.amount),
        }
    };
    let to = |r: &SegRef| net.out[r.from as usize][r.idx as usize].to;
    out.clear();
    out.extend(left.iter().rev().map(|r| visit(to(r))));
    out.push(visit(token));
    out.extend(right.iter().map(|r| visit(to(r))));
}
