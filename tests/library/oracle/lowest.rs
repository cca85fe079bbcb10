//! The one-run token that costs a company its lowest route (18TN's Civil
//! War) against the oracle: the oracle prices every assignment as the
//! engine's `routes_revenue` does (all trains running: the sum less the
//! lowest route; fewer: the sum), and the fast search, which runs one train
//! fewer instead, must find the same best.

use super::{Oracle, OracleRoute, fast_equals_oracle, random_case};
use hexroute::game::TrainDef;
use hexroute::routes::{self, Query};

impl Oracle<'_> {
    /// The best any assignment of routes to `trains` pays, the engine's
    /// way, with the token held.
    fn solve_losing_lowest(&self, trains: &[TrainDef]) -> u32 {
        let routes = self.routes();
        let table: Vec<Vec<u32>> = routes
            .iter()
            .map(|r| trains.iter().map(|t| self.best(t, r, &[])).collect())
            .collect();
        /// `used`: each running train's index, route and pay.
        fn assign(
            oracle: &Oracle,
            i: usize,
            used: &mut Vec<(usize, usize, u32)>,
            (trains, routes): (&[TrainDef], &[OracleRoute]),
            table: &[Vec<u32>],
        ) -> u32 {
            if i == trains.len() {
                let sum: u32 = used.iter().map(|(_, _, v)| v).sum();
                let low = used.iter().map(|(_, _, v)| *v).min().unwrap_or(0);
                return if used.len() == trains.len() {
                    sum - low
                } else {
                    sum
                };
            }
            let mut best = assign(oracle, i + 1, used, (trains, routes), table);
            for r in 0..routes.len() {
                if table[r][i] == 0
                    || used.iter().any(|&(t, u, _)| {
                        !oracle.may_share(&trains[t], &routes[u], &trains[i], &routes[r])
                    })
                {
                    continue;
                }
                used.push((i, r, table[r][i]));
                best = best.max(assign(oracle, i + 1, used, (trains, routes), table));
                used.pop();
            }
            best
        }
        assign(self, 0, &mut Vec::new(), (trains, &routes), &table)
    }
}

#[test]
fn losing_the_lowest_route_equals_brute_force() {
    let (mut compared, mut cut, mut refused) = (0, 0, 0);
    for seed in 1..=120 {
        let (game, state, trains, chosen) = random_case(seed);
        let defs: Vec<TrainDef> = chosen
            .iter()
            .map(|n| trains.iter().find(|t| &t.name == n).unwrap().clone())
            .collect();
        let judge = Oracle {
            game: &game,
            state: &state,
            company: "A",
        };
        if judge.routes().len().pow(defs.len() as u32) > 5_000_000 {
            continue;
        }
        let query = Query {
            company: "A".into(),
            trains: defs.clone(),
            bonuses: Vec::new(),
            lose_lowest: Some("Civil War".into()),
            required: None,
        };
        // No title has stacking trains and the token: the search refuses
        // the pair rather than guess how 18xx.games would pay it.
        if defs.iter().any(|t| t.stacks) {
            assert!(routes::solve(&game, &state, &query).is_err(), "seed {seed}");
            refused += 1;
            continue;
        }
        let want = judge.solve_losing_lowest(&defs);
        let fast = routes::solve(&game, &state, &query).unwrap();
        assert_eq!(fast.total, want, "seed {seed}: trains {chosen:?}");
        assert_eq!(fast.lose_lowest.as_deref(), Some("Civil War"));
        assert!(
            fast.routes.len() < defs.len(),
            "seed {seed}: one train stays idle"
        );
        let summed: u32 = fast.routes.iter().map(|r| r.revenue).sum();
        assert_eq!(summed, fast.total, "seed {seed}");
        // Without the token the same case pays at least as much.
        let plain = fast_equals_oracle(seed, &game, &state, &trains, &chosen, Vec::new());
        if let Some((full, _)) = plain {
            assert!(full >= want, "seed {seed}");
            cut += usize::from(full > want);
        }
        compared += 1;
    }
    assert!(compared > 60, "only {compared} cases compared");
    assert!(cut > 10, "the token cost something in only {cut} cases");
    assert!(refused > 0, "no case had stacking trains");
}
