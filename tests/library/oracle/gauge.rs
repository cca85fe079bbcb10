//! The oracle's own reading of track gauge (1849's `track_type`,
//! `hex_edge_cost` and `check_e_train_track_type`; 1858's
//! `check_track_type`): track goes on across a side only into track of a
//! matching gauge; the track between two stops may not hold both broad and
//! narrow pieces; a train runs only on the gauges it may; a train counting
//! edges pays each edge by its leg's gauge.

use super::OracleRoute;
use super::random::Rng;
use hexroute::game::{Distance, EdgeCost, Game, Runs, TrainDef};
use hexroute::tile::Gauge;

/// What a route did, in order, as the oracle walked it.
#[derive(Clone, Copy, Debug)]
pub(super) enum Step {
    /// A piece of track of this gauge followed.
    Piece(Gauge),
    /// A hex side crossed.
    Edge,
    /// A stop reached: a leg ends.
    Stop,
}

/// True when track of gauge `here` goes on across a side into `there`:
/// broad into broad or dual, narrow into narrow or dual, dual into any.
pub(super) fn goes_on(here: Gauge, there: Gauge) -> bool {
    match here {
        Gauge::Broad => there != Gauge::Narrow,
        Gauge::Narrow => there != Gauge::Broad,
        Gauge::Dual => true,
    }
}

/// Each leg's gauge and the edges it crosses, or `None` where a leg holds
/// both broad and narrow pieces.
fn legs(r: &OracleRoute) -> Option<Vec<(Gauge, usize)>> {
    let mut out = Vec::new();
    for leg in r.log.split(|s| matches!(s, Step::Stop)) {
        if leg.is_empty() {
            continue;
        }
        let has = |g: Gauge| leg.iter().any(|s| matches!(s, Step::Piece(p) if *p == g));
        let gauge = match (has(Gauge::Broad), has(Gauge::Narrow)) {
            (true, true) => return None,
            (true, false) => Gauge::Broad,
            (false, true) => Gauge::Narrow,
            (false, false) => Gauge::Dual,
        };
        let edges = leg.iter().filter(|s| matches!(s, Step::Edge)).count();
        out.push((gauge, edges));
    }
    Some(out)
}

/// True when `train` may run route `r` as far as gauge and distance go.
pub(super) fn within(train: &TrainDef, r: &OracleRoute) -> bool {
    let Some(legs) = legs(r) else {
        return false;
    };
    let allowed = |g: Gauge| match train.runs {
        Runs::Any => true,
        Runs::Broad => g != Gauge::Narrow,
        Runs::Narrow => g != Gauge::Broad,
    };
    if !legs.iter().all(|(g, _)| allowed(*g)) {
        return false;
    }
    let limit = train.stops.map_or(usize::MAX, |k| k as usize);
    match train.distance {
        Distance::Stops => true,
        Distance::Hexes => r.hexes <= limit,
        Distance::Edges => {
            let cost = |g: Gauge| {
                let c = train.edge_cost.unwrap_or_default();
                (match g {
                    Gauge::Broad => c.broad,
                    Gauge::Narrow => c.narrow,
                    Gauge::Dual => c.dual,
                }) as usize
            };
            legs.iter().map(|(g, n)| n * cost(*g)).sum::<usize>() <= limit
        }
    }
}

/// Sometimes (from a generator of its own, so that the other maps stay
/// those of before) every piece of track of the game's tiles takes a
/// random gauge, every train a random set of gauges it may run on, and a
/// train counting hexes counts edges instead at a random cost per gauge
/// (1849's H trains, its R6H, 1858's broad and metre trains).
pub(super) fn sometimes_gauged(seed: u64, game: &mut Game, trains: Vec<TrainDef>) -> Vec<TrainDef> {
    let mut rng = Rng(seed ^ 0x1849_1858_u64 | 1);
    if !rng.chance(30) {
        return trains;
    }
    for tile in game.tiles.values_mut() {
        for piece in &mut tile.track {
            piece.gauge = match rng.below(10) {
                0..=4 => Gauge::Broad,
                5..=7 => Gauge::Narrow,
                _ => Gauge::Dual,
            };
        }
    }
    trains
        .into_iter()
        .map(|t| {
            let runs = match rng.below(4) {
                0 | 1 => Runs::Any,
                2 => Runs::Broad,
                _ => Runs::Narrow,
            };
            let edges = t.distance == Distance::Hexes;
            let cost = |rng: &mut Rng| 1 + rng.below(2) as u32;
            TrainDef {
                runs,
                distance: if edges { Distance::Edges } else { t.distance },
                edge_cost: edges.then(|| EdgeCost {
                    broad: cost(&mut rng),
                    narrow: cost(&mut rng),
                    dual: 1,
                }),
                stops: if edges { Some(4) } else { t.stops },
                ..t
            }
        })
        .collect()
}
