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
        self.earned_by(&|h| stopped.contains(h))
    }

    fn earned_by(&self, stopped: &impl Fn(&Coord) -> bool) -> bool {
        match &self.kind {
            BonusRule::Visit(hs) => hs.iter().any(stopped),
            BonusRule::Connection { from, to_any } => stopped(from) && to_any.iter().any(stopped),
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

/// True when the train must stop at visit `i` of a route whose last visit is `last`.
fn must_stop_at(train: &TrainDef, i: usize, last: usize, v: &Visit) -> bool {
    i == 0
        || i == last
        || match train.skip {
            Skip::Nothing => true,
            Skip::Towns => v.is_city,
            Skip::Any => false,
        }
}

/// True when the train's reach allows a route with `must` compulsory stops
/// over `hexes` hexes.
fn within_reach(train: &TrainDef, must: usize, hexes: usize) -> bool {
    let limit = train.stops.map(|n| n as usize);
    match train.distance {
        crate::game::Distance::Stops => limit.is_none_or(|n| must <= n),
        crate::game::Distance::Hexes => limit.is_none_or(|n| hexes <= n),
    }
}

/// Which stops the train must make on this route, if it can run it.
fn must_stop(train: &TrainDef, visits: &[Visit], hexes: usize) -> Option<Vec<bool>> {
    let last = visits.len() - 1;
    let must: Vec<bool> = visits
        .iter()
        .enumerate()
        .map(|(i, v)| must_stop_at(train, i, last, v))
        .collect();
    within_reach(train, must.iter().filter(|m| **m).count(), hexes).then_some(must)
}

/// Free stops a train may add to its compulsory ones.
fn free_slots(train: &TrainDef, must: usize) -> usize {
    match (train.distance, train.stops) {
        (crate::game::Distance::Stops, Some(n)) => n as usize - must,
        _ => usize::MAX,
    }
}

/// Reusable buffers for [`best_revenue`].
#[derive(Default)]
pub struct Scratch {
    /// Hexes where the train must stop.
    must: Vec<Coord>,
    /// Optional stops that some bonus mentions: hex and revenue.
    special: Vec<(Coord, u32)>,
    /// Revenues of the other optional stops, richest first.
    plain: Vec<u32>,
}

/// What [`best_run`] earns, without saying how and without allocating:
/// the route search calls this for every route and train type.
pub fn best_revenue(
    train: &TrainDef,
    visits: &[Visit],
    hexes: usize,
    bonuses: &[ActiveBonus],
    scratch: &mut Scratch,
) -> u32 {
    if visits.len() < 2 {
        return 0;
    }
    let Scratch {
        must,
        special,
        plain,
    } = scratch;
    let active = || bonuses.iter().filter(|b| b.applies_to(train));
    let last = visits.len() - 1;
    must.clear();
    special.clear();
    plain.clear();
    let mut base = 0;
    for (i, v) in visits.iter().enumerate() {
        if must_stop_at(train, i, last, v) {
            must.push(v.hex);
            base += v.revenue;
        } else if active().any(|b| b.mentions(v.hex)) {
            special.push((v.hex, v.revenue));
        } else {
            plain.push(v.revenue);
        }
    }
    if !within_reach(train, must.len(), hexes) {
        return 0;
    }
    let slots = free_slots(train, must.len());
    plain.sort_unstable_by(|a, b| b.cmp(a));
    let mut best = 0;
    for mask in 0..1usize << special.len().min(16) {
        let chosen = mask.count_ones() as usize;
        if chosen > slots {
            continue;
        }
        let stopped = |h: &Coord| {
            must.contains(h)
                || (0..special.len()).any(|k| mask & (1 << k) != 0 && special[k].0 == *h)
        };
        let stops: u32 = base
            + (0..special.len())
                .filter(|k| mask & (1 << k) != 0)
                .map(|k| special[k].1)
                .sum::<u32>()
            + plain.iter().take(slots - chosen).sum::<u32>();
        let extra: u32 = active()
            .filter(|b| b.earned_by(&stopped))
            .map(|b| b.amount)
            .sum();
        best = best.max(stops * train.multiplier + extra);
    }
    best
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
    let slots = free_slots(train, must.iter().filter(|m| **m).count());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Distance;

    use crate::routes::Lcg;

    fn hex(i: u64) -> Coord {
        Coord {
            row: 0,
            col: i as i32,
        }
    }

    /// The allocation-free pricing must agree with the readable one on
    /// every kind of train, with and without bonuses in reach.
    #[test]
    fn best_revenue_equals_best_run() {
        let mut rng = Lcg(7);
        let mut scratch = Scratch::default();
        let skips = [Skip::Nothing, Skip::Towns, Skip::Any];
        let (mut paid, mut with_bonus) = (0, 0);
        for case in 0..3000 {
            let n = 2 + rng.below(8) as usize;
            let visits: Vec<Visit> = (0..n)
                .map(|i| Visit {
                    hex: hex(i as u64),
                    revenue: 10 * (1 + rng.below(10) as u32),
                    is_city: rng.below(3) > 0,
                })
                .collect();
            let train = TrainDef {
                name: "t".into(),
                stops: (rng.below(5) > 0).then(|| 2 + rng.below(5) as u32),
                skip: skips[rng.below(3) as usize],
                multiplier: 1 + rng.below(2) as u32,
                distance: if rng.below(6) == 0 {
                    Distance::Hexes
                } else {
                    Distance::Stops
                },
            };
            let bonuses: Vec<ActiveBonus> = (0..rng.below(3))
                .map(|b| ActiveBonus {
                    name: format!("b{b}"),
                    amount: 10 * (1 + rng.below(8) as u32),
                    kind: if rng.below(2) == 0 {
                        BonusRule::Visit(vec![hex(rng.below(10))])
                    } else {
                        BonusRule::Connection {
                            from: hex(rng.below(10)),
                            to_any: vec![hex(rng.below(10)), hex(rng.below(10))],
                        }
                    },
                    trains: if rng.below(4) == 0 {
                        vec!["other".into()]
                    } else {
                        vec![]
                    },
                })
                .collect();
            let hexes = n + rng.below(4) as usize;
            let slow = best_run(&train, &visits, hexes, &bonuses).map_or(0, |r| r.revenue);
            let fast = best_revenue(&train, &visits, hexes, &bonuses, &mut scratch);
            assert_eq!(fast, slow, "case {case}: {train:?} {visits:?} {bonuses:?}");
            paid += usize::from(slow > 0);
            with_bonus += usize::from(
                best_run(&train, &visits, hexes, &bonuses).is_some_and(|r| !r.bonuses.is_empty()),
            );
        }
        // The cases must exercise both paths, not only routes no train runs.
        assert!(
            paid > 1500 && with_bonus > 300,
            "{paid} paid, {with_bonus} with a bonus"
        );
    }
}
