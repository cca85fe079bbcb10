//! A run that must include a route with both ends among given hexes
//! (`Query::required`: 1870's connection run) against the oracle: the
//! oracle tries every assignment of routes to trains and counts only those
//! in which some route starts and ends among the hexes (or no train runs,
//! which the engine's `check_route_combination` accepts); the fast search,
//! which forces one train at a time onto such a route, must find the same.

use super::games::load_fixture;
use super::{Oracle, OracleRoute, random_case};
use hexroute::game::TrainDef;
use hexroute::routes::{self, Query};
use hexroute::state::RouteEnds;

impl Oracle<'_> {
    /// The best any assignment meeting `ends` pays (0: none does).
    fn solve_required(&self, trains: &[TrainDef], ends: &RouteEnds) -> u32 {
        // The requirement is on the trains that run (stacking trains run
        // as one: the oracle's own reading of them).
        let trains = &super::trains::running(trains);
        let routes = self.routes();
        let table: Vec<Vec<u32>> = routes
            .iter()
            .map(|r| trains.iter().map(|t| self.best(t, r, &[])).collect())
            .collect();
        let meets = |r: &OracleRoute| match (r.stops.first(), r.stops.last()) {
            (Some(a), Some(b)) => ends.met_by(a.0, b.0),
            _ => false,
        };
        fn assign(
            oracle: &Oracle,
            i: usize,
            used: &mut Vec<(usize, u32, usize)>,
            (trains, routes): (&[TrainDef], &[OracleRoute]),
            table: &[Vec<u32>],
            meets: &dyn Fn(&OracleRoute) -> bool,
        ) -> u32 {
            if i == table.first().map_or(0, Vec::len) {
                // A set meeting it pays its sum; running nothing is allowed
                // ($0); any other set is refused.
                return match used.iter().any(|&(r, _, _)| meets(&routes[r])) {
                    true => used.iter().map(|(_, v, _)| v).sum(),
                    false => 0,
                };
            }
            let mut best = assign(oracle, i + 1, used, (trains, routes), table, meets);
            for r in 0..routes.len() {
                if table[r][i] == 0
                    || used.iter().any(|&(u, _, t)| {
                        !oracle.may_share(&trains[t], &routes[u], &trains[i], &routes[r])
                    })
                {
                    continue;
                }
                used.push((r, table[r][i], i));
                best = best.max(assign(oracle, i + 1, used, (trains, routes), table, meets));
                used.pop();
            }
            best
        }
        if routes.is_empty() {
            return 0;
        }
        assign(self, 0, &mut Vec::new(), (trains, &routes), &table, &meets)
    }
}

#[test]
fn a_required_route_equals_brute_force() {
    let (mut compared, mut cost, mut unmet) = (0, 0, 0);
    for seed in 1..=150 {
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
        let all = judge.routes();
        if all.is_empty() || all.len().pow(defs.len() as u32) > 5_000_000 {
            continue;
        }
        // The ends of one of the company's routes, picked by the seed; or,
        // now and then, a hex and itself (met only by no route of two
        // hexes' ends, so usually by none).
        let pick = &all[seed as usize % all.len()];
        let (first, last) = (pick.stops[0].0, pick.stops.last().unwrap().0);
        let ends = match seed % 7 {
            0 => RouteEnds::new([first]).unwrap(),
            _ => RouteEnds::new([first, last]).unwrap(),
        };
        let want = judge.solve_required(&defs, &ends);
        let query = Query {
            company: "A".into(),
            trains: defs.clone(),
            bonuses: Vec::new(),
            lose_lowest: None,
            required: Some(ends.clone()),
        };
        let fast = routes::solve(&game, &state, &query).unwrap();
        assert_eq!(fast.total, want, "seed {seed}: trains {chosen:?}");
        assert_eq!(fast.required.as_ref(), Some(&ends));
        let summed: u32 = fast.routes.iter().map(|r| r.revenue).sum();
        assert_eq!(summed, fast.total, "seed {seed}");
        match fast.routes.is_empty() {
            true => unmet += 1,
            false => assert!(
                fast.routes.iter().any(|r| {
                    let (a, b) = (r.stops[0].hex, r.stops.last().unwrap().hex);
                    ends.met_by(a, b)
                }),
                "seed {seed}: no route meets the requirement"
            ),
        }
        let free = routes::solve(
            &game,
            &state,
            &Query {
                required: None,
                ..query
            },
        )
        .unwrap();
        assert!(free.total >= want, "seed {seed}");
        cost += usize::from(free.total > want);
        compared += 1;
    }
    assert!(compared > 60, "only {compared} cases compared");
    assert!(
        cost > 10,
        "the requirement cost something in only {cost} cases"
    );
    assert!(unmet > 0, "no case left the requirement unmet");
}

/// Worked by hand: 1870, record 1870_game_end_bank before action 623 (the
/// engine's map, exported by export.rb): FW has just connected Fort Worth
/// (J3, home) to Denver (A2, destination, reached), and runs a 3 and a 4.
/// Free: the 4 runs Denver 40 + Wichita 20 + Oklahoma City 30 + Topeka 40,
/// with the destination's value again at the route's end (+40) = 170, the
/// 3 Oklahoma City 30 + Fort Worth 30 + Dallas 20 = 80: $250. Required A2 to
/// J3: the 4 runs Denver 40 + Wichita 20 + Oklahoma City 30 + Fort Worth 30
/// + 40 = 160, taking the track to Fort Worth, so the 3's best is Topeka 40
/// + Oklahoma City 30 = 70: $230, what the player ran (and the engine paid).
#[test]
fn fw_connection_run_by_hand() {
    let (game, state) = load_fixture("1870_connection_run.json");
    let co = "FW".into();
    let ends = state.required_routes.get(&co).cloned();
    let (a2, j3) = (game.hex("A2").unwrap(), game.hex("J3").unwrap());
    assert_eq!(ends, RouteEnds::new([a2, j3]));
    let query = |required| Query {
        company: "FW".into(),
        trains: ["3", "4"]
            .iter()
            .map(|t| game.train(t).unwrap().clone())
            .collect(),
        bonuses: routes::bonuses_in_force(&game, state.phase, &[])
            .into_iter()
            .filter(|b| state.bonus_open_to(b, &co))
            .collect(),
        lose_lowest: None,
        required,
    };
    let free = routes::solve(&game, &state, &query(None)).unwrap();
    assert_eq!(free.total, 250);
    let run = routes::solve(&game, &state, &query(ends)).unwrap();
    assert_eq!(run.total, 230);
    let four = run.routes.iter().find(|r| r.train.as_str() == "4").unwrap();
    assert_eq!(four.revenue, 160);
    let stops: Vec<_> = four.stops.iter().map(|s| s.hex).collect();
    assert!(stops.first() == Some(&a2) || stops.first() == Some(&j3));
    assert!(stops.last() == Some(&a2) || stops.last() == Some(&j3));
}
