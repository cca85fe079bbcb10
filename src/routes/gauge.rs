//! Track gauge on routes (1849, 1858, 1844): which stretches of track a
//! train may run on (`trains[].runs`), and how far a route takes a train
//! that counts hex edges at a cost per gauge (`distance: Edges`,
//! `trains[].edge_cost`). The network gives each segment its gauge (see
//! [`super::network::Segment::gauge`]); this prices a route of segments.

use super::network::Segment;
use crate::game::{Distance, Runs, TrainDef};

/// How far a route of `segs` takes `train`, in what its number counts
/// (`hexes`, the hexes the route enters counting the first, where it counts
/// no edges), or `None` where one of the segments is of a gauge the train
/// may not run on.
pub(super) fn reach<'a>(
    train: &TrainDef,
    hexes: usize,
    segs: impl IntoIterator<Item = &'a Segment>,
) -> Option<usize> {
    // Most trains run on any track and count stops or hexes: nothing to
    // walk (this runs for every route the search prices).
    if train.runs == Runs::Any && train.distance != Distance::Edges {
        return Some(hexes);
    }
    let costs = train.edge_cost.unwrap_or_default();
    let mut edges = 0usize;
    for s in segs {
        if !train.runs.on(s.gauge) {
            return None;
        }
        edges += s.hexes.len() * costs.of(s.gauge) as usize;
    }
    Some(match train.distance {
        Distance::Edges => edges,
        Distance::Stops | Distance::Hexes => hexes,
    })
}

/// True when some train of `types` may run on track of `seg`'s gauge: the
/// walk takes no segment no train could use.
pub(super) fn usable(types: &[TrainDef], seg: &Segment) -> bool {
    types.iter().any(|t| t.runs.on(seg.gauge))
}

/// The most hexes (counting the first) a route of a train counting edges
/// may enter: its number of edges at the least an edge costs it, plus the
/// first hex; `None` for no limit.
pub(super) fn hexes_within(train: &TrainDef) -> Option<usize> {
    let least = train.edge_cost.unwrap_or_default().least().max(1);
    train.stops.map(|n| (n / least) as usize + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{EdgeCost, Runs, Skip};
    use crate::geometry::Coord;
    use crate::tile::Gauge;

    fn seg(edges: usize, gauge: Gauge) -> Segment {
        Segment {
            to: 0,
            elements: Vec::new(),
            hexes: vec![Coord::new(0, 0); edges],
            gauge,
        }
    }

    fn h_train(n: u32, edge_cost: Option<EdgeCost>, runs: Runs) -> TrainDef {
        let mut t: TrainDef = ron::from_str(
            "(name: \"6H\", stops: Some(6), skip: Any, multiplier: 1, distance: Edges)",
        )
        .expect("a train");
        t.stops = Some(n);
        t.edge_cost = edge_cost;
        t.runs = runs;
        t
    }

    /// Worked by hand from 1849's `hex_edge_cost`: a route of a broad
    /// stretch of 2 edges, a narrow one of 3 and a dual one of 1 costs an
    /// H train 2 + 3×2 + 1 = 9, and its R6H (broad doubled) 2×2 + 3 + 1 =
    /// 8; the E train (broad only) may not run it at all, and a train
    /// counting hexes entered counts the 7 it is given.
    #[test]
    fn edges_cost_by_gauge() {
        let segs = [
            seg(2, Gauge::Broad),
            seg(3, Gauge::Narrow),
            seg(1, Gauge::Dual),
        ];
        let narrow_double = EdgeCost {
            broad: 1,
            narrow: 2,
            dual: 1,
        };
        let broad_double = EdgeCost {
            broad: 2,
            narrow: 1,
            dual: 1,
        };
        let h = h_train(6, Some(narrow_double), Runs::Any);
        assert_eq!(reach(&h, 7, &segs), Some(9));
        let r6h = h_train(6, Some(broad_double), Runs::Any);
        assert_eq!(reach(&r6h, 7, &segs), Some(8));
        let e = h_train(6, None, Runs::Broad);
        assert_eq!(reach(&e, 7, &segs), None);
        assert_eq!(reach(&e, 7, &segs[..1]), Some(2));
        let mut hexes = h_train(6, None, Runs::Any);
        hexes.distance = Distance::Hexes;
        hexes.skip = Skip::Any;
        assert_eq!(reach(&hexes, 7, &segs), Some(7));
        // Narrow edges at 2 at best: 6 reaches 3 edges, so 4 hexes.
        let narrow_only = h_train(
            6,
            Some(EdgeCost {
                broad: 2,
                narrow: 2,
                dual: 2,
            }),
            Runs::Narrow,
        );
        assert_eq!(hexes_within(&narrow_only), Some(4));
        assert_eq!(reach(&narrow_only, 7, &segs), None);
        assert_eq!(reach(&narrow_only, 7, &segs[1..]), Some(8));
    }
}
