//! Track pools (`TrainDef::track_pool`): routes of trains of one pool may
//! not share track, routes of trains of two pools may (18 Los Angeles's
//! passenger and freight trains). The search and the route check give each
//! pool a copy of the track elements of its own, so a route clashes only
//! with routes of its own pool, and nothing else in them changes.

use crate::game::TrainDef;

/// The pools of a set of trains, numbered in the order first seen.
pub(super) struct Pools(Vec<Option<String>>);

impl Pools {
    pub(super) fn of<'a>(trains: impl IntoIterator<Item = &'a TrainDef>) -> Pools {
        let mut names: Vec<Option<String>> = Vec::new();
        for t in trains {
            if !names.contains(&t.track_pool) {
                names.push(t.track_pool.clone());
            }
        }
        Pools(names)
    }

    /// The number of `train`'s pool (0 for a train not among them).
    pub(super) fn index(&self, train: &TrainDef) -> usize {
        self.0
            .iter()
            .position(|p| p == &train.track_pool)
            .unwrap_or(0)
    }

    /// Each train type's pool number, in the order of `types`: what the
    /// assignment search reads.
    pub(super) fn of_types(types: &[TrainDef]) -> Vec<usize> {
        let pools = Pools::of(types);
        types.iter().map(|t| pools.index(t)).collect()
    }

    /// How many pools there are (at least one).
    pub(super) fn count(&self) -> usize {
        self.0.len().max(1)
    }

    /// A route's elements (`bits`) placed in pool `pool`'s copy of them.
    pub(super) fn spread(&self, bits: &[u64], pool: usize) -> Vec<u64> {
        let mut out = vec![0; bits.len() * self.count()];
        out[pool * bits.len()..][..bits.len()].copy_from_slice(bits);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Distance, EndTowns, Skip, Towns};

    fn train(name: &str, pool: Option<&str>) -> TrainDef {
        TrainDef {
            name: name.into(),
            stops: Some(2),
            skip: Skip::Nothing,
            multiplier: 1,
            distance: Distance::Stops,
            towns: Towns::Counted,
            end_towns: EndTowns::AsOthers,
            pays: None,
            token_bonus: None,
            stacks: false,
            track_pool: pool.map(str::to_string),
            runs: Default::default(),
            edge_cost: None,
            plus_towns: None,
            spare_for_towns: false,
            pullman: None,
            half_pay_from: None,
            halved: false,
            own_tokens_only: false,
        }
    }

    /// Trains without a pool share one; a named pool is another, and a
    /// route's elements land in its pool's copy only.
    #[test]
    fn pools_number_trains_and_spread_their_elements() {
        let trains = [
            train("2", None),
            train("3/5", Some("freight")),
            train("4", None),
        ];
        let pools = Pools::of(&trains);
        assert_eq!(pools.count(), 2);
        assert_eq!(
            trains.iter().map(|t| pools.index(t)).collect::<Vec<_>>(),
            [0, 1, 0]
        );
        assert_eq!(pools.spread(&[5, 6], 1), [0, 0, 5, 6]);
        assert_eq!(pools.spread(&[5, 6], 0), [5, 6, 0, 0]);
        assert_eq!(Pools::of(&trains[..1]).count(), 1);
    }
}
