//! Which stops a train counts on a route, chosen exactly, bonuses included.
//!
//! A train must count its route's two ends and the stops its kind may not
//! pass (every stop for an N-train, every city for an 1867 train, every
//! town for a train whose towns are free); it fills its remaining count
//! with the richest of the others. Free towns take none of that count, nor do unpaid ones, which earn
//! nothing (`towns.rs`: the towns' rules, a town at a route's end among them). Two things make the
//! choice more than "the richest": bonuses, which pay for stopping in
//! particular hexes, and the express rule, that a counted stop must hold
//! the company's token. Bonuses depend only on which hexes hold a counted
//! stop, so every set of bonus hexes is tried (2^H for the H optional bonus
//! hexes a route passes); an express is priced once for each token stop it
//! could count, that stop made compulsory. Both are exact. A port (the
//! game file's `ports`) pays its value once for each counted city holding
//! the company's token: with one counted, each such city is worth the
//! port's value more, so the richest stops are still the best choice,
//! and a choice counting fewer stops than the port asks is no run. A
//! train's bonus per own token (`token_bonus`, `own_tokens.rs`) makes each
//! such city worth its amount more in the same way. A
//! train paid for fewer stops than it visits (`pays`: 1846's 4/6) must
//! count none in particular: its route visits at most `stops` cities and
//! off-boards, and it counts the best `pays` of them, one a token stop,
//! as an express with no compulsory ends. A bonus on the company's longest
//! route (`LongestRoute`: 1846's Mail Contract) pays for each stop the route
//! visits, whichever it counts: the search gives it to one train at a time
//! (`routes::solve_within`), and here it is earned by that train's route.

use crate::game::{Bonus, BonusKind, Distance, Skip, Towns, TrainDef};
use crate::geometry::Coord;
use plus_towns::Caps;

/// How a bonus is earned and what it pays, for the search.
impl Bonus {
    pub fn applies_to(&self, train: &TrainDef) -> bool {
        self.trains.is_empty() || self.trains.iter().any(|t| t == &train.name)
    }

    /// True when stopping in `hex` may earn it an amount (a stop-value
    /// bonus is priced in the stop's worth instead).
    fn mentions(&self, hex: Coord) -> bool {
        !self.pays_stop_value() && self.hexes().any(|h| h == hex)
    }

    /// True when a route stopping where `stopped` says earns it; `ends` are
    /// its first and last visits' hexes (for a bonus only there).
    fn earned_by(&self, stopped: &impl Fn(&Coord) -> bool, ends: [Coord; 2]) -> bool {
        match &self.kind {
            BonusKind::Visit(hs) if self.at_route_end() => {
                hs.iter().any(|h| ends.contains(h) && stopped(h))
            }
            BonusKind::Visit(hs) => hs.iter().any(stopped),
            BonusKind::Connection { from, to_any } => stopped(from) && to_any.iter().any(stopped),
            BonusKind::Between { one_of, and_one_of } => {
                one_of.iter().any(stopped) && and_one_of.iter().any(stopped)
            }
            BonusKind::LongestRoute => true,
        }
    }

    /// What it pays a train with this multiplier on a route visiting
    /// `visits` stops, as a report shows it.
    pub fn paid_on(&self, multiplier: u32, visits: usize) -> u32 {
        u32::try_from(self.pays_on(multiplier, visits)).unwrap_or(u32::MAX)
    }

    /// What it pays a train with this multiplier on a route visiting
    /// `visits` stops: once, or once a stop on the longest route.
    fn pays_on(&self, multiplier: u32, visits: usize) -> u64 {
        match self.kind {
            BonusKind::LongestRoute => self.pays(multiplier) * visits as u64,
            _ => self.pays(multiplier),
        }
    }

    /// What it pays a train with this multiplier.
    fn pays(&self, multiplier: u32) -> u64 {
        u64::from(self.amount)
            * if self.multiplied {
                u64::from(multiplier)
            } else {
                1
            }
    }
}

/// The value of the richest city or off-board among `visits` (0 for
/// none): what a pullman may re-pay on a route (`routes::pullman`).
pub fn richest_city(visits: &[Visit]) -> u32 {
    visits
        .iter()
        .filter(|v| v.is_city)
        .map(|v| v.revenue)
        .max()
        .unwrap_or(0)
}

/// One stop the route passes, in route order.
#[derive(Copy, Clone, Debug)]
pub struct Visit {
    pub hex: Coord,
    pub revenue: u32,
    pub is_city: bool,
    /// On a red off-board hex (a bonus between off-boards asks for two ends so).
    pub off_board: bool,
    /// The city holds the running company's token.
    pub token: bool,
    /// A port (the game's `ports`): the fewest stops a route counting it
    /// must count.
    pub port: Option<u32>,
    /// The fewest stops a route with this one must have, counted or
    /// passed (the game's `min_stops`: 1849's ports); 0 for no such rule.
    pub at_least: u32,
    /// A free stop (the game's `free_stops`): always counted, and none of
    /// the train's N.
    pub free: bool,
    /// What counting it costs the route at most (`routes::stop_toll`).
    pub toll: u32,
}

/// The best way for a train to run a route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Net revenue: counted stops × multiplier (free towns at face
    /// value), plus bonuses.
    pub revenue: u32,
    /// For each visit, whether the train counts it.
    pub stops: Vec<bool>,
    /// Bonuses earned, by index into the active list.
    pub bonuses: Vec<usize>,
    /// What tolls on its counted stops took (`routes::stop_toll`).
    pub toll: u32,
}

/// True when the train must count visit `i` of a route whose last visit is
/// `last`: its ends, the stops its kind may not pass, free stops, and
/// towns when they are free (a train that pays them for nothing never
/// passes one). A train paid for fewer stops than it visits (`pays`) must
/// count none but free stops, which are paid outside its number as they
/// are for every train.
fn must_stop_at(train: &TrainDef, i: usize, last: usize, v: &Visit) -> bool {
    v.free
        || train.pays.is_none()
            && !plus_towns::passable_town(train, v)
            && (i == 0
                || i == last
                || towns::outside_number(train, v)
                || match train.skip {
                    Skip::Nothing => true,
                    Skip::Towns => v.is_city,
                    Skip::Any => false,
                })
}

/// True when the train's multiplier applies to `v`: not to a free town,
/// which is paid at face value (18AL's 4D doubles its cities and
/// off-boards, 18xx.games's `multiplier` on their row of its distance).
pub fn multiplied(train: &TrainDef, v: &Visit) -> bool {
    train.towns == Towns::Counted || v.is_city
}

/// True when counting visit `i` (of a route whose last is `last`) uses one
/// of the train's N stops: a free or unpaid town or a free stop does not,
/// so it never weighs against the train's reach, unless it is a town at an
/// end that takes one (`EndTowns::TakeStop`).
fn takes_slot(train: &TrainDef, i: usize, last: usize, v: &Visit) -> bool {
    !v.free
        && (train.towns == Towns::Counted || v.is_city || towns::end_takes_stop(train, i, last, v))
}

/// True when the train's reach allows a route with `must` compulsory stops
/// that take a slot, over `hexes` hexes.
fn within_reach(train: &TrainDef, must: usize, hexes: usize) -> bool {
    let limit = train.stops.map(|n| n as usize);
    match train.distance {
        Distance::Stops => limit.is_none_or(|n| must <= n),
        Distance::Hexes | Distance::Edges => limit.is_none_or(|n| hexes <= n),
    }
}

/// True when a train paid for fewer stops than it visits may visit
/// these: no town, and no more than its `stops` (every train else: true).
fn visits_allowed(train: &TrainDef, visits: &[Visit]) -> bool {
    train.pays.is_none()
        || (visits.iter().all(|v| v.is_city)
            && train.stops.is_none_or(|m| visits.len() <= m as usize))
}

/// Free stops a train may add to its compulsory ones.
fn free_slots(train: &TrainDef, must: usize) -> usize {
    if let Some(n) = train.pays {
        return n as usize - must;
    }
    match (train.distance, train.stops) {
        (Distance::Stops, Some(n)) => n as usize - must,
        _ => usize::MAX,
    }
}

/// A stop the train may count or not: revenue and visit index.
#[derive(Copy, Clone, Debug)]
struct Optional {
    revenue: u32,
    visit: usize,
    /// What counting it adds: its revenue times the multiplier, less what
    /// its toll takes (the stops are chosen by it).
    net: u64,
    /// What its toll takes from its pay, and what is left to take.
    taken: u64,
    short: u32,
}

/// Reusable buffers, so the search prices every route without allocating.
#[derive(Default)]
pub struct Scratch {
    /// Hexes holding a compulsory stop.
    must_hexes: Vec<Coord>,
    /// Optional bonus hexes (no compulsory stop there), each with its
    /// optional stops richest first, as a range of `in_hex`.
    bonus_hexes: Vec<(Coord, usize, usize)>,
    in_hex: Vec<Optional>,
    /// Optional stops in hexes no bonus names, richest first.
    plain: Vec<Optional>,
    /// The stops a choice of bonus hexes may add, richest first.
    fill: Vec<Optional>,
    /// Indices of the bonuses this train can earn.
    active: Vec<usize>,
    /// The best choice so far: visit indices counted beyond the compulsory ones.
    best_extra: Vec<usize>,
    /// Whether the caller needs `best_extra` to be the stops the report
    /// names (a route described), or only the revenue (a route priced).
    keep_stops: bool,
    extra: Vec<usize>,
    /// What stop-value bonuses add to each visit's worth.
    own: Vec<u32>,
    /// Compulsory stops whose toll their pay does not cover: hex and rest.
    must_short: Vec<(Coord, u32)>,
    /// Whether each visit must count ([`must_stop_at`]), worked out once
    /// per route: every choice of stops asks it of every visit.
    compulsory: Vec<bool>,
    /// What tolls took from the best choice so far (`best_extra`'s).
    best_toll: u64,
    /// A route's visits as a train paid only for its company's token
    /// cities is paid for them (`token_cities`), and whether they are
    /// being priced.
    token_visits: Vec<Visit>,
    token_paid: bool,
}

/// A subset of items numbered `0..n`, one bit per item: what [`choose`]
/// tries every one of (the optional bonus hexes of a route). A `u64` holds
/// it, so `n` is at most [`Subset::MAX_ITEMS`]; [`subsets`] checks that
/// bound, so no shift can overflow. (The search itself keeps `n` far
/// smaller: `routes::check_bounds` allows at most `MAX_BONUS_HEXES` named
/// hexes, since the count of subsets doubles with each.)
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Subset(u64);

impl Subset {
    /// The most items a subset is drawn from: one more and `2^n` would not
    /// fit the `u64` that counts through them.
    const MAX_ITEMS: usize = 63;

    /// True when item `i` is in the subset.
    fn contains(self, i: usize) -> bool {
        i < Self::MAX_ITEMS && self.0 & (1 << i) != 0
    }

    /// How many items it holds.
    fn len(self) -> usize {
        self.0.count_ones() as usize
    }
}

/// Every subset of `n` items, the empty one first (counting in binary).
fn subsets(n: usize) -> impl Iterator<Item = Subset> {
    assert!(
        n <= Subset::MAX_ITEMS,
        "{n} items have too many subsets to try"
    );
    (0..1u64 << n).map(Subset)
}

/// Richest first (by what counting it adds, tolls taken); among equals
/// the higher revenue (a smaller toll left to take from bonuses), then
/// in route order.
fn richest_first(a: &Optional, b: &Optional) -> std::cmp::Ordering {
    (b.net.cmp(&a.net))
        .then(b.revenue.cmp(&a.revenue))
        .then(a.visit.cmp(&b.visit))
}

/// The most a train earns on a route, or `None` when it cannot run it.
/// The stops it counts beyond the compulsory ones are left in
/// `scratch.best_extra`.
fn choose(
    train: &TrainDef,
    visits: &[Visit],
    hexes: usize,
    bonuses: &[Bonus],
    s: &mut Scratch,
) -> Option<u64> {
    if visits.len() < 2
        || visits.iter().any(|v| v.at_least as usize > visits.len())
        || token_cities::refused(train, visits)
    {
        return None;
    }
    if train.own_tokens_only && !s.token_paid {
        let mut paid = std::mem::take(&mut s.token_visits);
        token_cities::paid_visits(visits, &mut paid);
        s.token_paid = true;
        let value = choose(train, &paid, hexes, bonuses, s);
        s.token_paid = false;
        s.token_visits = paid;
        return value;
    }
    let last = visits.len() - 1;
    let mut compulsory = std::mem::take(&mut s.compulsory);
    compulsory.clear();
    compulsory.extend((0..visits.len()).map(|i| must_stop_at(train, i, last, &visits[i])));
    let best = choose_given(train, visits, hexes, bonuses, s, &compulsory);
    s.compulsory = compulsory;
    best
}

/// [`choose`] with each visit known compulsory or not.
fn choose_given(
    train: &TrainDef,
    visits: &[Visit],
    hexes: usize,
    bonuses: &[Bonus],
    s: &mut Scratch,
    must_count: &[bool],
) -> Option<u64> {
    let last = visits.len() - 1;
    s.active.clear();
    s.active
        .extend((0..bonuses.len()).filter(|&b| bonuses[b].applies_to(train)));
    let compulsory = |i: usize| must_count[i];
    let taking = |i: usize| compulsory(i) && takes_slot(train, i, last, &visits[i]);
    let must = (0..visits.len()).filter(|&i| taking(i)).count();
    if !visits_allowed(train, visits) || !towns::ends_allowed(train, visits) {
        return None;
    }
    let slots = if train.plus_towns.is_some() {
        let cities = (0..visits.len())
            .filter(|&i| taking(i) && visits[i].is_city)
            .count();
        plus_towns::caps(train, cities, must - cities)?
    } else if within_reach(train, must, hexes) {
        Caps::uniform(free_slots(train, must))
    } else {
        return None;
    };
    let token_counted = (0..visits.len()).any(|i| compulsory(i) && visits[i].token);
    // A port the train may count or not (an express passing it) is never
    // a plain stop: counted, it needs its number of stops and pays per
    // token city. So it is tried both ways.
    let port = (0..visits.len()).find(|&i| !compulsory(i) && visits[i].port.is_some());
    let route = Pricing {
        train,
        visits,
        bonuses,
        must_count,
    };
    let with_port = |s: &mut Scratch, token: Option<usize>, best: &mut Best| match (token, port) {
        (None, None) => best.try_with(route, s, slots, &[]),
        (Some(t), None) => best.try_with(route, s, slots, &[t]),
        (None, Some(p)) => {
            best.try_with(route, s, slots, &[]);
            best.try_with(route, s, slots, &[p]);
        }
        (Some(t), Some(p)) => {
            best.try_with(route, s, slots, &[t]);
            best.try_with(route, s, slots, &[t, p]);
        }
    };
    let mut best = Best::new(s);
    if (train.skip != Skip::Any && train.pays.is_none()) || token_counted {
        with_port(s, None, &mut best);
        return best.done(s);
    }
    // An express (or a train paid for fewer stops than it visits) counts
    // a token stop. Counting any stops it likes, it earns at least as much
    // as counting one token stop and one stop fewer: so when its best such
    // choice already counts a token stop, that is its best (pricing only,
    // which needs no stops; with no port, whose pay depends on which stops
    // count). Else try each token stop the route passes.
    if !s.keep_stops && visits.iter().all(|v| v.port.is_none()) {
        let free = choose_with(route, s, slots, &[]);
        if free.is_some() && s.best_extra.iter().any(|&i| visits[i].token) {
            return free;
        }
    }
    for t in (0..visits.len()).filter(|&i| !compulsory(i) && visits[i].token) {
        with_port(s, Some(t), &mut best);
    }
    best.done(s)
}

/// The best of several choices of forced stops, and the stops it counts.
struct Best {
    value: Option<u64>,
    extra: Vec<usize>,
    /// What stop tolls took from it.
    toll: u64,
}

impl Best {
    fn new(s: &mut Scratch) -> Best {
        Best {
            value: None,
            extra: std::mem::take(&mut s.best_extra),
            toll: 0,
        }
    }

    /// Tries counting the `forced` stops (each taking one of `slots`).
    fn try_with(&mut self, route: Pricing, s: &mut Scratch, slots: Caps, forced: &[usize]) {
        let Some(slots) = slots.after(route.visits, forced) else {
            return;
        };
        if let Some(v) = choose_with(route, s, slots, forced)
            && self.value.is_none_or(|b| v > b)
        {
            self.value = Some(v);
            self.toll = s.best_toll;
            std::mem::swap(&mut self.extra, &mut s.best_extra);
        }
    }

    fn done(self, s: &mut Scratch) -> Option<u64> {
        s.best_extra = self.extra;
        s.best_toll = self.toll;
        self.value
    }
}

/// What [`choose_with`] prices: a train on a route, the bonuses, and
/// which visits must count.
#[derive(Copy, Clone)]
struct Pricing<'a> {
    train: &'a TrainDef,
    visits: &'a [Visit],
    bonuses: &'a [Bonus],
    must_count: &'a [bool],
}

/// [`choose`] with the compulsory stops known (`must_count`): `forced` are
/// more stops that must count, and `slots` what is left to fill after
/// them. A port neither compulsory nor forced is not counted.
fn choose_with(route: Pricing, s: &mut Scratch, slots: Caps, forced: &[usize]) -> Option<u64> {
    let Pricing {
        train,
        visits,
        bonuses,
        must_count,
    } = route;
    let last = visits.len() - 1;
    let ends = [visits[0].hex, visits[last].hex];
    let counts = |i: usize| must_count[i] || forced.contains(&i);
    // A counted port pays per counted token city instead of once.
    let port = (0..visits.len()).find(|&i| visits[i].port.is_some() && counts(i));
    let min_stops = port.and_then(|p| visits[p].port).map_or(0, |n| n as usize);
    let per_token = port.map_or(0, |p| visits[p].revenue);
    // What stop-value bonuses add to each visit (none: empty).
    let mut own = std::mem::take(&mut s.own);
    own.clear();
    if s.active.iter().any(|&b| bonuses[b].pays_stop_value()) {
        own.extend((0..visits.len()).map(|i| stop_value::extra(bonuses, &s.active, visits, i)));
    }
    let worth = |i: usize| {
        let v = &visits[i];
        let own = own.get(i).copied().unwrap_or(0);
        if port == Some(i) || towns::unpaid(train, v.is_city) {
            0
        } else if v.is_city && v.token {
            let own = own.saturating_add(own_tokens::extra(train, v));
            v.revenue.saturating_add(per_token).saturating_add(own)
        } else {
            v.revenue.saturating_add(own)
        }
    };
    s.must_hexes.clear();
    s.must_short.clear();
    let m = u64::from(train.multiplier);
    // Free towns are always counted, and at face value.
    let (mut base, mut flat, mut must_toll) = (0u64, 0u64, 0u64);
    let mut counted = 0;
    for (i, v) in visits.iter().enumerate() {
        if counts(i) {
            let w = u64::from(worth(i));
            let paid = if multiplied(train, v) {
                base += w;
                w * m
            } else {
                flat += w;
                w
            };
            let (taken, short) = tolls::split(v.toll, paid);
            must_toll += taken;
            if short > 0 {
                s.must_short.push((v.hex, short));
            }
            counted += 1;
            s.must_hexes.push(v.hex);
        }
    }
    flat += own_tokens::fixed(train, visits);
    // Sort the optional stops: plain ones, and those in bonus hexes.
    s.plain.clear();
    s.in_hex.clear();
    for (i, v) in visits.iter().enumerate() {
        if counts(i) || v.port.is_some() {
            continue;
        }
        let revenue = worth(i);
        let paid = if multiplied(train, v) {
            u64::from(revenue) * m
        } else {
            u64::from(revenue)
        };
        let (taken, short) = tolls::split(v.toll, paid);
        let o = Optional {
            revenue,
            visit: i,
            net: paid - taken,
            taken,
            short,
        };
        let named =
            !s.must_hexes.contains(&v.hex) && s.active.iter().any(|&b| bonuses[b].mentions(v.hex));
        if named {
            s.in_hex.push(o);
        } else {
            s.plain.push(o);
        }
    }
    s.plain.sort_unstable_by(richest_first);
    // Group the named stops by hex, richest first within each hex.
    s.in_hex.sort_unstable_by(|a, b| {
        visits[a.visit]
            .hex
            .cmp(&visits[b.visit].hex)
            .then(richest_first(a, b))
    });
    s.bonus_hexes.clear();
    let mut start = 0;
    while start < s.in_hex.len() {
        let hex = visits[s.in_hex[start].visit].hex;
        let end = start
            + s.in_hex[start..]
                .iter()
                .take_while(|o| visits[o.visit].hex == hex)
                .count();
        s.bonus_hexes.push((hex, start, end));
        start = end;
    }
    let mut best: Option<u64> = None;
    // Under caps by kind (an N+M train), a chosen hex holding both a city
    // and a town may count either: each is tried (`town_picks`).
    let mixed = if slots.is_uniform() {
        0
    } else {
        plus_towns::mixed_hexes(&s.bonus_hexes, &s.in_hex, visits)
    };
    for (chosen_hexes, town_picks) in plus_towns::choices(s.bonus_hexes.len(), mixed) {
        let chosen = chosen_hexes.len();
        if chosen > slots.total() {
            continue;
        }
        // Each chosen hex counts its richest stop (of the kind picked);
        // its others join the fill.
        s.extra.clear();
        s.extra.extend_from_slice(forced);
        s.fill.clear();
        let mut value = base;
        let mut toll = must_toll;
        // Chosen stops whose toll their pay does not cover: hex and rest
        // (rare: no allocation unless one is).
        let mut shorts: Vec<(Coord, u32)> = Vec::new();
        // Optional free towns (an N+M train's, 1860) are at face value.
        let mut face = flat;
        let mut add = |o: &Optional| {
            if multiplied(train, &visits[o.visit]) {
                value += u64::from(o.revenue);
            } else {
                face += u64::from(o.revenue);
            }
            toll += o.taken;
            if o.short > 0 {
                shorts.push((visits[o.visit].hex, o.short));
            }
        };
        let mut left = slots;
        let mut fits = true;
        for (k, &(_, lo, hi)) in s.bonus_hexes.iter().enumerate() {
            if chosen_hexes.contains(k) {
                let group = &s.in_hex[lo..hi];
                let r = lo + plus_towns::pick(group, visits, town_picks.contains(k), mixed == 0);
                fits &= left.take(visits[s.in_hex[r].visit].is_city);
                add(&s.in_hex[r]);
                s.extra.push(s.in_hex[r].visit);
                s.fill.extend_from_slice(&s.in_hex[lo..r]);
                s.fill.extend_from_slice(&s.in_hex[r + 1..hi]);
            }
        }
        if !fits {
            continue;
        }
        let fill: &[Optional] = if s.fill.is_empty() {
            &s.plain
        } else {
            s.fill.extend_from_slice(&s.plain);
            s.fill.sort_unstable_by(richest_first);
            &s.fill
        };
        let before = s.extra.len();
        if left.is_uniform() {
            let top = &fill[..left.total().min(fill.len())];
            top.iter().for_each(&mut add);
            s.extra.extend(top.iter().map(|o| o.visit));
        } else {
            // Richest first, each stop that still fits its caps.
            for o in fill {
                if left.take(visits[o.visit].is_city) {
                    add(o);
                    s.extra.push(o.visit);
                }
            }
        }
        if counted + chosen + (s.extra.len() - before) < min_stops {
            continue;
        }
        let stopped = |h: &Coord| {
            s.must_hexes.contains(h)
                || s.bonus_hexes
                    .iter()
                    .enumerate()
                    .any(|(k, (hex, _, _))| chosen_hexes.contains(k) && hex == h)
        };
        let extra: u64 = s
            .active
            .iter()
            .filter(|&&b| bonuses[b].earned_by(&stopped, ends))
            .map(|&b| bonuses[b].pays_for(train, visits, &stopped))
            .sum();
        // A toll its stop's pay does not cover comes out of the visit
        // bonuses earned there.
        let mut short = s
            .must_short
            .iter()
            .copied()
            .chain(shorts)
            .filter(|&(_, left)| left > 0)
            .peekable();
        if short.peek().is_some() {
            let earned = |b: &Bonus| b.earned_by(&stopped, ends);
            toll += tolls::from_bonuses(
                bonuses,
                &s.active,
                &earned,
                short,
                train.multiplier,
                visits.len(),
            );
        }
        let total = (value * m + face + extra).saturating_sub(toll);
        if best.is_none_or(|b| total > b) {
            best = Some(total);
            s.best_toll = toll;
            std::mem::swap(&mut s.best_extra, &mut s.extra);
        }
    }
    s.own = own;
    best
}

/// A ceiling on what a train earns on a route, in one pass: every stop
/// counted and multiplied, and every bonus it could earn. Never below
/// [`best_revenue`]; `u64::MAX` when a port makes a stop worth more than
/// its face value.
pub fn ceiling(train: &TrainDef, visits: &[Visit], bonuses: &[Bonus]) -> u64 {
    if visits.iter().any(|v| v.port.is_some()) {
        return u64::MAX;
    }
    let stops: u64 = visits.iter().map(|v| u64::from(v.revenue)).sum::<u64>()
        + stop_value::most_extra(bonuses, visits)
        + own_tokens::most(train, visits);
    let bonus: u64 = bonuses
        .iter()
        .filter(|b| b.applies_to(train))
        .map(|b| b.most_for(train, visits))
        .sum();
    stops * u64::from(train.multiplier.max(1)) + bonus
}

/// The most a train can earn on a route (0 when it cannot run it), without
/// saying how and without allocating: the search prices every route with it.
pub fn best_revenue(
    train: &TrainDef,
    visits: &[Visit],
    hexes: usize,
    bonuses: &[Bonus],
    scratch: &mut Scratch,
) -> u32 {
    choose(train, visits, hexes, bonuses, scratch).map_or(0, |v| saturate(train.paid(v)))
}

/// Revenues are bounded well below `u32::MAX` before a search starts (see
/// `routes::check_bounds`), so this never saturates in practice.
fn saturate(v: u64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

/// The most a train can earn on a route, with the stops that earn it.
/// `None` when the train cannot run the route.
pub fn best_run(
    train: &TrainDef,
    visits: &[Visit],
    hexes: usize,
    bonuses: &[Bonus],
) -> Option<Run> {
    let mut s = Scratch {
        keep_stops: true,
        ..Scratch::default()
    };
    let revenue = choose(train, visits, hexes, bonuses, &mut s)?;
    let last = visits.len() - 1;
    let mut stops: Vec<bool> = visits
        .iter()
        .enumerate()
        .map(|(i, v)| must_stop_at(train, i, last, v))
        .collect();
    for &i in &s.best_extra {
        stops[i] = true;
    }
    let stopped: Vec<Coord> = visits
        .iter()
        .zip(&stops)
        .filter(|(_, s)| **s)
        .map(|(v, _)| v.hex)
        .collect();
    let earned = (0..bonuses.len())
        .filter(|&b| {
            let last = visits.len() - 1;
            let ends = [visits[0].hex, visits[last].hex];
            bonuses[b].applies_to(train) && bonuses[b].earned_by(&|h| stopped.contains(h), ends)
        })
        .collect();
    Some(Run {
        revenue: saturate(train.paid(revenue)),
        stops,
        bonuses: earned,
        toll: saturate(s.best_toll),
    })
}

mod destination;
mod own_tokens;
mod plus_towns;
mod stop_value;
mod token_cities;
mod tolls;
pub(super) use own_tokens::{label as own_tokens_label, paid as own_tokens_paid};
pub(super) use stop_value::bound as stop_value_bound;

#[cfg(test)]
mod between;
#[cfg(test)]
mod tests;
mod towns;
#[cfg(test)]
mod worked;

pub(crate) use towns::unpaid as unpaid_town;
