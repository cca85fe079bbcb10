//! The game's pass-through bonuses and tolls on the network (`pass_through`
//! rules: 1817's coal mines): which hexes pay, which segments enter them,
//! and what a route earns from them, each hex once however often its
//! track enters it. The walk keeps a count per hex, so a route's sum is
//! known at every step without listing its hexes.

use crate::game::Game;
use crate::geometry::Coord;
use crate::state::MapState;
use std::collections::BTreeMap;

/// One hex where a pass-through rule applies.
#[derive(Clone, Debug)]
pub struct PassHex {
    pub hex: Coord,
    /// What a route entering it earns, every rule there added up.
    pub amount: i64,
    /// Each rule applying there: its name and amount.
    pub rules: Vec<(String, i32)>,
}

/// The network's pass-through hexes, and where its stops and segments
/// enter them.
#[derive(Clone, Debug, Default)]
pub struct PassHexes {
    pub hexes: Vec<PassHex>,
    /// For each stop, the index of its hex in `hexes`, if it pays.
    stop: Vec<Option<u32>>,
    /// For each stop's segments (as `Network::out`), the indices in
    /// `hexes` of the paying hexes the segment enters.
    segs: Vec<Vec<Box<[u32]>>>,
    /// The most any route earns from them: every positive amount.
    pub most: u64,
}

impl PassHexes {
    /// The hexes of the map as it stands where a rule applies, and where
    /// the network's stops (their hexes, `stops`) and the segments leaving
    /// each (the hexes each enters, `out`) enter them.
    pub(super) fn of(
        game: &Game,
        state: &MapState,
        stops: &[Coord],
        out: &[Vec<&[Coord]>],
    ) -> Self {
        if game.pass_through.is_empty() {
            return PassHexes::default();
        }
        let mut hexes = Vec::new();
        for &c in game.hexes.keys() {
            let markers = state.hex_state(c).markers;
            let rules: Vec<(String, i32)> = game
                .pass_through
                .iter()
                .filter(|p| !p.at_stop && p.applies(c, &markers))
                .map(|p| (p.name.clone(), p.amount))
                .collect();
            if !rules.is_empty() {
                let amount = rules.iter().map(|(_, a)| i64::from(*a)).sum();
                hexes.push(PassHex {
                    hex: c,
                    amount,
                    rules,
                });
            }
        }
        let index: BTreeMap<Coord, u32> = hexes
            .iter()
            .enumerate()
            .map(|(i, h)| (h.hex, i as u32))
            .collect();
        let stop = stops.iter().map(|c| index.get(c).copied()).collect();
        let segs = out
            .iter()
            .map(|segs| {
                segs.iter()
                    .map(|hexes| hexes.iter().filter_map(|c| index.get(c).copied()).collect())
                    .collect()
            })
            .collect();
        let most = hexes.iter().map(|h| h.amount.max(0).unsigned_abs()).sum();
        PassHexes {
            hexes,
            stop,
            segs,
            most,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// What a route entering `route` (its hexes, in any order, repeats
    /// allowed) earns: each paying hex once.
    pub fn on(&self, route: &[Coord]) -> i64 {
        self.earned(route).iter().map(|(_, a)| a).sum()
    }

    /// Each rule a route entering `route` earns, by name, with its sum
    /// (`Coal mine` ×2: 20), in the game's order of rules.
    pub fn earned(&self, route: &[Coord]) -> Vec<(String, i64)> {
        let mut out: Vec<(String, i64)> = Vec::new();
        for h in self.hexes.iter().filter(|h| route.contains(&h.hex)) {
            for (name, amount) in &h.rules {
                match out.iter_mut().find(|(n, _)| n == name) {
                    Some((_, sum)) => *sum += i64::from(*amount),
                    None => out.push((name.clone(), i64::from(*amount))),
                }
            }
        }
        out
    }
}

/// A route's pass-through sum as it is walked: each paying hex counted
/// once, however many of its segments enter it.
#[derive(Clone, Debug)]
pub(super) struct PassWalk {
    /// How many of the route's stops and segments enter each paying hex.
    count: Vec<u16>,
    /// What the route earns from them now.
    pub(super) sum: i64,
}

impl PassWalk {
    /// A route of one stop, `token`.
    pub(super) fn start(p: &PassHexes, token: usize) -> PassWalk {
        let mut w = PassWalk {
            count: vec![0; p.hexes.len()],
            sum: 0,
        };
        if let Some(Some(i)) = p.stop.get(token) {
            w.add(p, *i);
        }
        w
    }

    /// True when the route enters a paying hex.
    pub(super) fn touched(&self) -> bool {
        self.count.iter().any(|&n| n > 0)
    }

    fn add(&mut self, p: &PassHexes, i: u32) {
        let n = &mut self.count[i as usize];
        if *n == 0 {
            self.sum += p.hexes[i as usize].amount;
        }
        *n += 1;
    }

    /// The route takes segment `idx` from stop `from`.
    pub(super) fn enter(&mut self, p: &PassHexes, from: usize, idx: usize) {
        if p.is_empty() {
            return;
        }
        for &i in p.segs[from][idx].iter() {
            self.add(p, i);
        }
    }

    /// The route gives back segment `idx` from stop `from`.
    pub(super) fn leave(&mut self, p: &PassHexes, from: usize, idx: usize) {
        if p.is_empty() {
            return;
        }
        for &i in p.segs[from][idx].iter() {
            let n = &mut self.count[i as usize];
            *n -= 1;
            if *n == 0 {
                self.sum -= p.hexes[i as usize].amount;
            }
        }
    }
}

/// A route's revenue from its stops and bonuses (`0`: no train runs it)
/// with its pass-through sum added; a toll that takes it to nothing or
/// below leaves a route not worth running.
pub(super) fn with_pass(revenue: u32, pass: i64) -> u32 {
    if revenue == 0 || pass == 0 {
        return revenue;
    }
    u32::try_from((i64::from(revenue) + pass).max(0)).unwrap_or(u32::MAX)
}
