//! Which stops a train makes on a route, chosen exactly, bonuses included.

use crate::game::{Skip, TrainDef};
use crate::geometry::Coord;

/// A bonus in force for this search, its hexes resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActiveBonus {
    pub name: String,
    pub amount: u32,
    pub kind: BonusRule,
    /// Only these trains earn it (empty: all).
    pub trains: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BonusRule {
    /// Stopping at any of these hexes.
    Visit(Vec<Coord>),
    /// Stopping at `from` and at any of `to_any`.
    Connection { from: Coord, to_any: Vec<Coord> },
}

impl ActiveBonus {
    pub fn applies_to(&self, train: &TrainDef) -> bool {
        self.trains.is_empty() || self.trains.iter().any(|t| t == &train.name)
    }

    fn mentions(&self, hex: Coord) -> bool {
        match &self.kind {
            BonusRule::Visit(hs) => hs.contains(&hex),
            BonusRule::Connection { from, to_any } => *from == hex || to_any.contains(&hex),
        }
    }

    fn earned(&self, stopped: &[Coord]) -> bool {
        match &self.kind {
            BonusRule::Visit(hs) => hs.iter().any(|h| stopped.contains(h)),
            BonusRule::Connection { from, to_any } => {
                stopped.contains(from) && to_any.iter().any(|h| stopped.contains(h))
            }
        }
    }
}

/// One stop the route passes, in route order.
#[derive(Copy, Clone, Debug)]
pub struct Visit {
    pub hex: Coord,
    pub revenue: u32,
    pub is_city: bool,
}

/// The best way for a train to run a route.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Net revenue: stops × multiplier, plus bonuses.
    pub revenue: u32,
    /// For each visit, whether the train stops there.
    pub stops: Vec<bool>,
    /// Bonuses earned, by index into the active list.
    pub bonuses: Vec<usize>,
}

/// How many stops the train must make and may make on this route, if it can run it.
fn must_stop(train: &TrainDef, visits: &[Visit], hexes: usize) -> Option<Vec<bool>> {
    let last = visits.len() - 1;
    let must: Vec<bool> = visits
        .iter()
        .enumerate()
        .map(|(i, v)| {
            i == 0
                || i == last
                || match train.skip {
                    Skip::Nothing => true,
                    Skip::Towns => v.is_city,
                    Skip::Any => false,
                }
        })
        .collect();
    let limit = train.stops.map(|n| n as usize);
    match train.distance {
        crate::game::Distance::Stops => {
            if let Some(n) = limit
                && must.iter().filter(|m| **m).count() > n
            {
                return None;
            }
        }
        crate::game::Distance::Hexes => {
            if let Some(n) = limit
                && hexes > n
            {
                return None;
            }
        }
    }
    Some(must)
}

/// The most a train can earn on a route, with the stops that earn it.
/// `None` when the train cannot run the route.
///
/// Exact: stops that some bonus mentions are tried in every combination;
/// the remaining free stops add independently, so the best of them are taken.
pub fn best_run(
    train: &TrainDef,
    visits: &[Visit],
    hexes: usize,
    bonuses: &[ActiveBonus],
) -> Option<Run> {
    if visits.len() < 2 {
        return None;
    }
    let must = must_stop(train, visits, hexes)?;
    let slots = match (train.distance, train.stops) {
        (crate::game::Distance::Stops, Some(n)) => n as usize - must.iter().filter(|m| **m).count(),
        _ => usize::MAX,
    };
    let active: Vec<usize> = (0..bonuses.len())
        .filter(|&b| bonuses[b].applies_to(train))
        .collect();
    let optional: Vec<usize> = (0..visits.len()).filter(|&i| !must[i]).collect();
    let (special, mut plain): (Vec<usize>, Vec<usize>) = optional
        .iter()
        .partition(|&&i| active.iter().any(|&b| bonuses[b].mentions(visits[i].hex)));
    plain.sort_by(|a, b| visits[*b].revenue.cmp(&visits[*a].revenue).then(a.cmp(b)));

    let mut best: Option<Run> = None;
    let subsets = 1usize << special.len().min(16);
    for mask in 0..subsets {
        let chosen: Vec<usize> = (0..special.len())
            .filter(|k| mask & (1 << k) != 0)
            .map(|k| special[k])
            .collect();
        if chosen.len() > slots {
            continue;
        }
        let mut stops = must.clone();
        for &i in &chosen {
            stops[i] = true;
        }
        for &i in plain.iter().take(slots - chosen.len()) {
            stops[i] = true;
        }
        let run = price(train, visits, &stops, bonuses, &active);
        if best.as_ref().is_none_or(|b| run.revenue > b.revenue) {
            best = Some(run);
        }
    }
    best
}

/// Revenue of a train stopping exactly at `stops`.
pub fn price(
    train: &TrainDef,
    visits: &[Visit],
    stops: &[bool],
    bonuses: &[ActiveBonus],
    active: &[usize],
) -> Run {
    let base: u32 = visits
        .iter()
        .zip(stops)
        .filter(|(_, s)| **s)
        .map(|(v, _)| v.revenue)
        .sum();
    let stopped: Vec<Coord> = visits
        .iter()
        .zip(stops)
        .filter(|(_, s)| **s)
        .map(|(v, _)| v.hex)
        .collect();
    let earned: Vec<usize> = active
        .iter()
        .copied()
        .filter(|&b| bonuses[b].earned(&stopped))
        .collect();
    let extra: u32 = earned.iter().map(|&b| bonuses[b].amount).sum();
    Run {
        revenue: base * train.multiplier + extra,
        stops: stops.to_vec(),
        bonuses: earned,
    }
}
