//! A brute-force route oracle, and a property test holding the fast search
//! to it on random small maps.
//!
//! The oracle shares nothing with `hexroute::routes` but the tile data: it
//! walks track piece by piece from every stop, keeps every legal route, tries
//! every subset of stops for every train, and every conflict-free assignment
//! of routes to trains. No pruning, no compression: slow and easy to read.

use hexroute::address::{CoordSystem, FirstNumber, Letters};
use hexroute::game::{
    Bonus, BonusKind, ConflictRule, Distance, Game, GameDef, HexDef, ImportDef, LayRule,
    OffboardGroup, Phase, Rules, Skip, Towns, TrainDef,
};
use hexroute::geometry::{Coord, Face, Orientation, Rotation};
use hexroute::routes::{self, Query};
use hexroute::state::{HexState, MapState};
use hexroute::tile::{Colour, End, StopKind, TileId};
use std::collections::{BTreeMap, BTreeSet};

/// A route as the oracle sees it: stops in order, hex edges used, hexes entered.
#[derive(Clone, Debug)]
struct OracleRoute {
    stops: Vec<(Coord, End)>,
    edges: BTreeSet<(Coord, Face)>,
    hexes: usize,
    /// Hexes entered, in order, starting with the first stop's.
    path: Vec<Coord>,
}

impl OracleRoute {
    /// Where the route stops, an off-board group counting as one place.
    fn places<'a>(&'a self, game: &'a Game) -> impl Iterator<Item = Coord> + 'a {
        self.stops.iter().map(|(c, _)| game.place_of(*c))
    }
}

fn edge_key(game: &Game, c: Coord, face: Face) -> (Coord, Face) {
    let n = c.neighbour(face, game.coords.orientation);
    std::cmp::min((c, face), (n, face.opposite()))
}

struct Oracle<'a> {
    game: &'a Game,
    state: &'a MapState,
    company: &'a str,
}

impl Oracle<'_> {
    fn is_stop(end: End) -> bool {
        matches!(end, End::City(_) | End::Town(_))
    }

    fn revenue(&self, c: Coord, end: End) -> u32 {
        let (tile, _) = self.state.tile_at(self.game, c).unwrap();
        let off = self.state.offboard_colour(self.game);
        match end {
            End::City(i) => tile.city_revenue(i, off),
            End::Town(i) => tile.town_revenue(i, off),
            End::Face(_) => 0,
        }
    }

    /// Tokens in the city at `c` (by space), for the passing rule.
    fn city_tokens(&self, c: Coord, city: usize) -> (usize, Vec<String>) {
        let (tile, _) = self.state.tile_at(self.game, c).unwrap();
        let spaces = tile.spaces_of_city(city);
        let toks = self
            .state
            .tokens_at(c)
            .map(|t| {
                t.range(spaces.clone())
                    .map(|(_, v)| v.to_string())
                    .collect()
            })
            .unwrap_or_default();
        (spaces.len(), toks)
    }

    fn may_pass(&self, c: Coord, end: End) -> bool {
        let (tile, _) = self.state.tile_at(self.game, c).unwrap();
        if matches!(tile.colour, Colour::Red | Colour::Blue) {
            return false;
        }
        match end {
            End::City(i) => {
                let (spaces, toks) = self.city_tokens(c, i);
                toks.len() < spaces || spaces == 0 || toks.iter().any(|t| t == self.company)
            }
            _ => true,
        }
    }

    fn has_own_token(&self, c: Coord, end: End) -> bool {
        match end {
            End::City(i) => self.city_tokens(c, i).1.iter().any(|t| t == self.company),
            _ => false,
        }
    }

    /// Every legal route, each once.
    fn routes(&self) -> Vec<OracleRoute> {
        let mut found = Vec::new();
        for &c in self.game.hexes.keys() {
            let Some((tile, _)) = self.state.tile_at(self.game, c) else {
                continue;
            };
            let starts = (0..tile.cities.len())
                .map(End::City)
                .chain((0..tile.towns.len()).map(End::Town));
            for s in starts {
                let mut route = OracleRoute {
                    stops: vec![(c, s)],
                    edges: BTreeSet::new(),
                    hexes: 1,
                    path: vec![c],
                };
                self.extend_from_stop(&mut route, &mut found);
            }
        }
        found
            .into_iter()
            .filter(|r: &OracleRoute| r.stops.first() < r.stops.last())
            .filter(|r| r.stops.iter().any(|&(c, e)| self.has_own_token(c, e)))
            .collect()
    }

    fn extend_from_stop(&self, route: &mut OracleRoute, found: &mut Vec<OracleRoute>) {
        let &(c, stop) = route.stops.last().unwrap();
        if route.stops.len() >= 2 {
            found.push(route.clone());
            if !self.may_pass(c, stop) {
                return;
            }
        }
        let (tile, rot) = self.state.tile_at(self.game, c).unwrap();
        for t in tile.track_rotated(rot) {
            if let Some(next) = t.other(stop) {
                self.follow(route, c, next, found);
            }
        }
    }

    /// Arrived at end `at` of the tile at `c` by track.
    fn follow(&self, route: &mut OracleRoute, c: Coord, at: End, found: &mut Vec<OracleRoute>) {
        match at {
            End::Face(face) => {
                if self.game.is_barrier(c, face) {
                    return;
                }
                let key = edge_key(self.game, c, face);
                if route.edges.contains(&key) {
                    return;
                }
                let n = c.neighbour(face, self.game.coords.orientation);
                let Some((ntile, nrot)) = self.state.tile_at(self.game, n) else {
                    return;
                };
                let entry = End::Face(face.opposite());
                let nexts: Vec<End> = ntile
                    .track_rotated(nrot)
                    .filter_map(|t| t.other(entry))
                    .collect();
                route.edges.insert(key);
                route.hexes += 1;
                route.path.push(n);
                for next in nexts {
                    self.follow(route, n, next, found);
                }
                route.hexes -= 1;
                route.path.pop();
                route.edges.remove(&key);
            }
            stop if Self::is_stop(stop) => {
                // The game's rule: no stop twice, and (TrackOrCityHex) no
                // two stops in one hex, an off-board group counting as one.
                let place = self.game.place_of(c);
                let clash = match self.game.rules.within_route {
                    ConflictRule::TrackOrCityHex => route
                        .stops
                        .iter()
                        .any(|(h, _)| self.game.place_of(*h) == place),
                    ConflictRule::TrackOnly => route.stops.contains(&(c, stop)),
                };
                if clash {
                    return;
                }
                route.stops.push((c, stop));
                self.extend_from_stop(route, found);
                route.stops.pop();
            }
            _ => unreachable!(),
        }
    }

    /// The best a train earns on a route: every subset of stops is tried.
    fn best(&self, train: &TrainDef, r: &OracleRoute, bonuses: &[Bonus]) -> u32 {
        let n = r.stops.len();
        let last = n - 1;
        if train.distance == Distance::Hexes && train.stops.is_some_and(|k| r.hexes > k as usize) {
            return 0;
        }
        let mut best = 0;
        for mask in 0u32..(1 << n) {
            let stop = |i: usize| mask & (1 << i) != 0;
            if !stop(0) || !stop(last) {
                continue;
            }
            // A free town is paid whenever it is passed, and is outside N.
            let free_town =
                |i: usize| train.towns == Towns::Free && matches!(r.stops[i].1, End::Town(_));
            let legal_skips = (0..n).all(|i| {
                stop(i)
                    || !free_town(i)
                        && match train.skip {
                            Skip::Nothing => false,
                            Skip::Towns => matches!(r.stops[i].1, End::Town(_)),
                            Skip::Any => true,
                        }
            });
            let count = (0..n).filter(|&i| stop(i) && !free_town(i)).count();
            let within = train.distance == Distance::Hexes
                || train.stops.is_none_or(|k| count <= k as usize);
            // An express must count a stop that holds the company's token.
            let token = (0..n).any(|i| stop(i) && self.has_own_token(r.stops[i].0, r.stops[i].1));
            if !legal_skips || !within || (train.skip == Skip::Any && !token) {
                continue;
            }
            let hexes: Vec<Coord> = (0..n).filter(|&i| stop(i)).map(|i| r.stops[i].0).collect();
            let base: u32 = (0..n)
                .filter(|&i| stop(i))
                .map(|i| self.revenue(r.stops[i].0, r.stops[i].1))
                .sum();
            let mut total = base * train.multiplier;
            for b in bonuses
                .iter()
                .filter(|b| b.trains.is_empty() || b.trains.contains(&train.name))
            {
                let earned = match &b.kind {
                    BonusKind::Visit(hs) => hs.iter().any(|h| hexes.contains(h)),
                    BonusKind::Connection { from, to_any } => {
                        hexes.contains(from) && to_any.iter().any(|h| hexes.contains(h))
                    }
                };
                if earned {
                    total += b.amount * if b.multiplied { train.multiplier } else { 1 };
                }
            }
            best = best.max(total);
        }
        best
    }

    /// True when two routes may run together: no track shared, and under
    /// `between_routes: TrackOrCityHex` no place shared.
    fn compatible(&self, a: &OracleRoute, b: &OracleRoute) -> bool {
        let places = self.game.rules.between_routes == ConflictRule::TrackOrCityHex;
        a.edges.is_disjoint(&b.edges)
            && !(places
                && a.places(self.game)
                    .any(|p| b.places(self.game).any(|q| p == q)))
    }

    /// The best total over every conflict-free assignment of routes to trains.
    fn solve(&self, trains: &[TrainDef], bonuses: &[Bonus]) -> u32 {
        let routes = self.routes();
        let table: Vec<Vec<u32>> = routes
            .iter()
            .map(|r| trains.iter().map(|t| self.best(t, r, bonuses)).collect())
            .collect();
        fn assign(
            oracle: &Oracle,
            i: usize,
            used: &mut Vec<usize>,
            routes: &[OracleRoute],
            table: &[Vec<u32>],
        ) -> u32 {
            if i == table.first().map_or(0, |row| row.len()) {
                return 0;
            }
            let mut best = assign(oracle, i + 1, used, routes, table); // train i stays idle
            for r in 0..routes.len() {
                if table[r][i] == 0
                    || used
                        .iter()
                        .any(|&u| !oracle.compatible(&routes[u], &routes[r]))
                {
                    continue;
                }
                used.push(r);
                best = best.max(table[r][i] + assign(oracle, i + 1, used, routes, table));
                used.pop();
            }
            best
        }
        if routes.is_empty() {
            return 0;
        }
        assign(self, 0, &mut Vec::new(), &routes, &table)
    }

    /// Checks the fast search's answer route by route: each route is one
    /// the oracle finds legal (same stops, same hexes, either way round),
    /// earns what the oracle's own pricing says for its train, and runs
    /// beside the others. Returns a description of the first fault.
    fn check_routes(
        &self,
        solution: &routes::Solution,
        trains: &[TrainDef],
        bonuses: &[Bonus],
    ) -> Result<(), String> {
        let legal = self.routes();
        let mut chosen: Vec<&OracleRoute> = Vec::new();
        for r in &solution.routes {
            let stops: Vec<(Coord, End)> = r
                .stops
                .iter()
                .map(|s| {
                    let end = match s.kind {
                        StopKind::City(i) => End::City(i),
                        StopKind::Town(i) => End::Town(i),
                    };
                    (s.hex, end)
                })
                .collect();
            let back: Vec<(Coord, End)> = stops.iter().rev().copied().collect();
            let path_back: Vec<Coord> = r.hexes.iter().rev().copied().collect();
            let found = legal
                .iter()
                .find(|o| {
                    (o.stops == stops && o.path == r.hexes)
                        || (o.stops == back && o.path == path_back)
                })
                .ok_or_else(|| {
                    format!("{} runs a route the oracle finds illegal: {r:?}", r.train)
                })?;
            let train = trains
                .iter()
                .find(|t| t.name == r.train)
                .ok_or_else(|| format!("unknown train {}", r.train))?;
            let priced = self.best(train, found, bonuses);
            if priced != r.revenue {
                return Err(format!(
                    "{} earns {} by the oracle, {} by the search: {r:?}",
                    r.train, priced, r.revenue
                ));
            }
            if let Some(other) = chosen.iter().find(|o| !self.compatible(o, found)) {
                return Err(format!("{r:?} clashes with {other:?}"));
            }
            chosen.push(found);
        }
        Ok(())
    }
}

/// A small deterministic generator, so every run tests the same maps.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

const TILE_POOL: &[&str] = &[
    "57", "57", "14", "15", "63", "63", "623", "9", "8", "7", "23", "24", "16", "20", "3", "4",
    "58", "87", "88", "911", "X5", "X7", "120", "5", "6",
];

fn train(
    name: &str,
    stops: Option<u32>,
    skip: Skip,
    multiplier: u32,
    distance: Distance,
) -> TrainDef {
    TrainDef {
        name: name.into(),
        stops,
        skip,
        multiplier,
        distance,
        towns: Towns::Counted,
    }
}

/// The same train, its towns outside its number and always paid (18GA).
fn free_towns(t: TrainDef) -> TrainDef {
    TrainDef {
        towns: Towns::Free,
        ..t
    }
}

fn random_case(seed: u64) -> (Game, MapState, Vec<TrainDef>, Vec<String>) {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let coords = CoordSystem {
        orientation: if rng.chance(30) {
            Orientation::PointedTop
        } else {
            Orientation::FlatTop
        },
        letters: Letters::Columns,
        first: FirstNumber::Odd,
        shift: 0,
    };
    let (rows, cols) = (2 + rng.below(2) as i32, 3 + rng.below(2) as i32);
    let mut hexes = Vec::new();
    let mut offboards = Vec::new();
    let mut placed = BTreeMap::new();
    for row in 0..rows {
        for col in 0..cols {
            let c = Coord::new(row, col);
            let at = coords.format(c);
            let offboard = (col == 0 || col == cols - 1) && rng.chance(20);
            if offboard {
                offboards.push(at.clone());
                hexes.push(HexDef {
                    at,
                    tile: Some("Buffalo".into()),
                    rotation: rng.below(6) as u8,
                    name: None,
                    labels: vec![],
                    stubs: vec![],
                    cost: None,
                });
            } else {
                hexes.push(HexDef {
                    at,
                    tile: None,
                    rotation: 0,
                    name: None,
                    labels: vec![],
                    stubs: vec![],
                    cost: None,
                });
                if rng.chance(85) {
                    let tile = TILE_POOL[rng.below(TILE_POOL.len())];
                    placed.insert(
                        c,
                        HexState {
                            tile: Some((tile.into(), Rotation::new(rng.below(6) as i64))),
                            tokens: BTreeMap::new(),
                        },
                    );
                }
            }
        }
    }
    let companies = ["A", "B", "C"];
    let trains = vec![
        train("2", Some(2), Skip::Towns, 1, Distance::Stops),
        train("3", Some(3), Skip::Towns, 1, Distance::Stops),
        train("4", Some(4), Skip::Nothing, 1, Distance::Stops),
        train("2+2", Some(2), Skip::Towns, 2, Distance::Stops),
        train("3+3E", Some(3), Skip::Any, 2, Distance::Stops),
        train("2E", Some(2), Skip::Any, 1, Distance::Stops),
        train("D", None, Skip::Nothing, 1, Distance::Stops),
        train("3H", Some(3), Skip::Nothing, 1, Distance::Hexes),
        free_towns(train("2T", Some(2), Skip::Nothing, 1, Distance::Stops)),
        free_towns(train("3T", Some(3), Skip::Towns, 1, Distance::Stops)),
        free_towns(train("2TE", Some(2), Skip::Any, 1, Distance::Stops)),
    ];
    let def = GameDef {
        id: "test".into(),
        name: "random test map".into(),
        coordinates: coords,
        catalogues: vec!["standard".into(), "1867".into()],
        phases: vec![Phase {
            name: "8".into(),
            tiles: vec![Colour::Yellow],
            offboard: if rng.chance(50) {
                Colour::Grey
            } else {
                Colour::Yellow
            },
            train_limit: Default::default(),
        }],
        trains: trains.clone(),
        companies: companies
            .iter()
            .map(|a| hexroute::game::Company {
                abbrev: (*a).into(),
                name: a.to_string(),
                tokens: 3,
                colour: "#000000".into(),
                stripe: "#000000".into(),
                text: "#ffffff".into(),
                home: None,
                aliases: vec![],
                setup_tokens: vec![],
                home_city: None,
                first_token: None,
                kind: Default::default(),
                shares: 10,
            })
            .collect(),
        hexes,
        barriers: vec![],
        water_sides: vec![],
        tile_counts: vec![],
        unlimited_tiles: vec![],
        bonuses: vec![],
        // Sometimes every off-board is one area of several hexes (Detroit).
        until_phase: vec![],
        privates: vec![],
        rusts: vec![],
        dividends: Default::default(),
        offboard_groups: if offboards.len() > 1 && rng.chance(50) {
            vec![OffboardGroup {
                name: "West".into(),
                hexes: offboards,
            }]
        } else {
            vec![]
        },
        rules: Rules {
            within_route: if rng.chance(50) {
                ConflictRule::TrackOrCityHex
            } else {
                ConflictRule::TrackOnly
            },
            between_routes: if rng.chance(20) {
                ConflictRule::TrackOrCityHex
            } else {
                ConflictRule::TrackOnly
            },
            tile_lay: LayRule::Permissive,
            track_may_dead_end: false,
            upgrades_use_most_exits: false,
        },
        import: ImportDef::default(),
        from_18xx_games: None,
        former_numbering: None,
    };
    let game = Game::from_def(def, "random", None).unwrap();
    let mut state = MapState {
        phase: hexroute::game::PhaseId(0),
        hexes: placed,
        trains: BTreeMap::new(),
        privates: BTreeMap::new(),
    };
    // Tokens: company A somewhere, others filling spaces so some cities block.
    scatter_tokens(&mut rng, &game, &mut state, ["A", "B", "C"], [3, 5, 6]);
    // One to five trains from two or three types, so identical trains are
    // common; the oracle's cost grows with the trains, the maps stay small.
    let n_trains = 1 + rng.below(5);
    let kinds: Vec<&TrainDef> = (0..2 + rng.below(2))
        .map(|_| &trains[rng.below(trains.len())])
        .collect();
    let chosen: Vec<String> = (0..n_trains)
        .map(|_| kinds[rng.below(kinds.len())].name.to_string())
        .collect();
    (game, state, trains, chosen)
}

/// Puts tokens of three companies in random token spaces: out of ten, the
/// first company gets a space below `odds[0]`, the second below `odds[1]`,
/// the third below `odds[2]`; never two of one company in one city.
fn scatter_tokens(
    rng: &mut Rng,
    game: &Game,
    state: &mut MapState,
    companies: [&str; 3],
    odds: [usize; 3],
) {
    let spaces: Vec<(Coord, usize)> = state
        .hexes
        .iter()
        .flat_map(|(c, h)| {
            let t = &game.tiles[&h.tile.as_ref().unwrap().0];
            (0..t.token_spaces()).map(move |s| (*c, s))
        })
        .collect();
    for (c, s) in spaces {
        let pick = rng.below(10);
        let Some(who) = (0..3).find(|&i| pick < odds[i]).map(|i| companies[i]) else {
            continue;
        };
        let h = state.hexes.get_mut(&c).unwrap();
        let tile = &game.tiles[&h.tile.as_ref().unwrap().0];
        let city = tile.city_of_space(s).unwrap();
        let already = h
            .tokens
            .iter()
            .any(|(sp, co)| co == who && tile.city_of_space(*sp) == Some(city));
        if !already {
            h.tokens.insert(s, who.into());
        }
    }
}

fn random_bonuses(seed: u64, game: &Game) -> Vec<Bonus> {
    let mut rng = Rng(seed ^ 0xDEAD_BEEF_u64 | 1);
    let hexes: Vec<Coord> = game.hexes.keys().copied().collect();
    let mut out = Vec::new();
    if rng.chance(50) {
        out.push(Bonus {
            optional: false,
            phases: Vec::new(),
            private: None,
            name: "visit".into(),
            amount: 10 * (1 + rng.below(5)) as u32,
            multiplied: rng.chance(50),
            kind: BonusKind::Visit(vec![hexes[rng.below(hexes.len())]]),
            trains: vec![],
        });
    }
    if rng.chance(50) {
        let from = hexes[rng.below(hexes.len())];
        let to_any = (0..1 + rng.below(2))
            .map(|_| hexes[rng.below(hexes.len())])
            .collect();
        out.push(Bonus {
            optional: false,
            phases: Vec::new(),
            private: None,
            name: "connect".into(),
            amount: 20 * (1 + rng.below(4)) as u32,
            multiplied: rng.chance(50),
            kind: BonusKind::Connection { from, to_any },
            trains: vec![],
        });
    }
    if rng.chance(25) {
        out.push(Bonus {
            optional: false,
            phases: Vec::new(),
            private: None,
            name: "D only".into(),
            amount: 40,
            multiplied: false,
            kind: BonusKind::Visit(vec![hexes[rng.below(hexes.len())]]),
            trains: vec!["D".into()],
        });
    }
    out
}

#[test]
fn fast_search_equals_brute_force_on_random_maps() {
    let mut nonzero = 0;
    let cases = 250;
    for seed in 1..=cases {
        let (game, state, trains, chosen) = random_case(seed);
        let bonuses = random_bonuses(seed, &game);
        let train_defs: Vec<TrainDef> = chosen
            .iter()
            .map(|n| trains.iter().find(|t| &t.name == n).unwrap().clone())
            .collect();
        let judge = Oracle {
            game: &game,
            state: &state,
            company: "A",
        };
        // The oracle tries every assignment: keep it affordable.
        if judge.routes().len().pow(train_defs.len() as u32) > 20_000_000 {
            continue;
        }
        let oracle = judge.solve(&train_defs, &bonuses);
        let query = Query {
            company: "A".into(),
            trains: train_defs,
            bonuses,
        };
        let fast = routes::solve(&game, &state, &query).unwrap();
        assert_eq!(fast.total, oracle, "seed {seed}: trains {chosen:?}");
        if let Err(fault) = judge.check_routes(&fast, &query.trains, &query.bonuses) {
            panic!("seed {seed}: {fault}");
        }
        let summed: u32 = fast.routes.iter().map(|r| r.revenue).sum();
        assert_eq!(
            summed, fast.total,
            "seed {seed}: route revenues add up to the total"
        );
        nonzero += usize::from(oracle > 0);
    }
    // The generator must produce real work, not empty maps.
    assert!(
        nonzero > cases as usize / 2,
        "only {nonzero} of {cases} maps had revenue"
    );
}

/// A small random position on the map system, tiles, trains, companies
/// and route rules of a built-in game: a 3x4 or 4x4 patch of its
/// coordinates, its own player tiles laid at random, one of its off-board
/// tiles on the edge (sometimes two, grouped as one area), tokens of three
/// of its companies, and 1-5 of its trains drawn from two or three types,
/// so that identical trains are common.
fn random_game_case(id: &str, seed: u64) -> (Game, MapState, Vec<TrainDef>, String) {
    let mut rng = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ id.len() as u64 | 1);
    let mut game = hexroute::game::builtin(id).unwrap();
    let pool: Vec<TileId> = game
        .tile_counts
        .iter()
        .map(|(t, _)| t.clone())
        .filter(|t| {
            let tile = &game.tiles[t];
            !tile.track.is_empty() && tile.labels.is_empty()
        })
        .collect();
    let cities: Vec<TileId> = pool
        .iter()
        .filter(|t| !game.tiles[*t].cities.is_empty())
        .cloned()
        .collect();
    let offboards: Vec<TileId> = game
        .tiles
        .values()
        .filter(|t| t.colour == Colour::Red && t.cities.len() == 1 && !t.track.is_empty())
        .map(|t| t.name.clone())
        .collect();
    let (rows, cols) = (3 + rng.below(2) as i32, 4);
    let mut hexes = BTreeMap::new();
    let mut placed = BTreeMap::new();
    let mut edge = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            let c = Coord::new(row, col);
            let border = col == 0 || col == cols - 1;
            let tile = if border && rng.chance(25) {
                edge.push(c);
                Some(offboards[rng.below(offboards.len())].clone())
            } else {
                None
            };
            hexes.insert(
                c,
                hexroute::game::MapHex {
                    tile: tile.clone(),
                    rotation: Rotation::new(rng.below(6) as i64),
                    name: None,
                    labels: vec![],
                    stubs: vec![],
                    cost: None,
                },
            );
            if tile.is_none() && rng.chance(90) {
                // Cities half the time, so that tokens have somewhere to go.
                let from = if rng.chance(50) { &cities } else { &pool };
                let t = &from[rng.below(from.len())];
                placed.insert(
                    c,
                    HexState {
                        tile: Some((t.clone(), Rotation::new(rng.below(6) as i64))),
                        tokens: BTreeMap::new(),
                    },
                );
            }
        }
    }
    game.hexes = hexes;
    game.barriers.clear();
    game.water_sides.clear();
    game.bonuses.clear();
    game.offboard_groups = if edge.len() > 1 && rng.chance(50) {
        edge.iter().map(|&c| (c, edge[0])).collect()
    } else {
        BTreeMap::new()
    };
    let companies: Vec<String> = game
        .companies
        .iter()
        .filter(|c| c.setup_tokens.is_empty())
        .take(3)
        .map(|c| c.abbrev.to_string())
        .collect();
    let mut state = MapState {
        phase: hexroute::game::PhaseId(rng.below(game.phases.len())),
        hexes: placed,
        trains: BTreeMap::new(),
        privates: BTreeMap::new(),
    };
    let names = [&*companies[0], &*companies[1], &*companies[2]];
    scatter_tokens(&mut rng, &game, &mut state, names, [4, 6, 7]);
    let kinds: Vec<&TrainDef> = (0..2 + rng.below(2))
        .map(|_| &game.trains[rng.below(game.trains.len())])
        .collect();
    let trains: Vec<TrainDef> = (0..1 + rng.below(5))
        .map(|_| kinds[rng.below(kinds.len())].clone())
        .collect();
    let company = companies[0].clone();
    (game, state, trains, company)
}

/// The fast search against the oracle on random positions of every
/// built-in game: the same total, and every route legal by the oracle's own
/// rules, priced alike for its train, and clear of the others. Up to five
/// trains, often several of one type, with multiplier and express trains
/// where the game has them, and random bonuses (multiplied or not).
#[test]
fn fast_search_equals_brute_force_on_every_game() {
    let mut checked = 0;
    let mut repeated = 0;
    let mut with_revenue = 0;
    for id in hexroute::game::builtin_ids() {
        for seed in 1..=120 {
            let (game, state, trains, company) = random_game_case(id, seed);
            let oracle = Oracle {
                game: &game,
                state: &state,
                company: &company,
            };
            // The oracle tries every assignment: keep it affordable.
            let routes = oracle.routes().len();
            if routes.pow(trains.len().min(5) as u32) > 20_000_000 {
                continue;
            }
            let bonuses = random_bonuses(seed, &game);
            let best = oracle.solve(&trains, &bonuses);
            let query = Query {
                company: company.as_str().into(),
                trains: trains.clone(),
                bonuses: bonuses.clone(),
            };
            let fast = routes::solve(&game, &state, &query).unwrap();
            let names: Vec<&str> = trains.iter().map(|t| t.name.as_str()).collect();
            assert_eq!(fast.total, best, "{id} seed {seed}: trains {names:?}");
            if let Err(fault) = oracle.check_routes(&fast, &trains, &bonuses) {
                panic!("{id} seed {seed}: trains {names:?}: {fault}");
            }
            checked += 1;
            repeated += usize::from(
                names
                    .iter()
                    .any(|n| names.iter().filter(|m| *m == n).count() > 1),
            );
            with_revenue += usize::from(best > 0);
        }
    }
    // Real work: most cases checked, many with identical trains, most paying.
    assert!(
        checked > 400 && repeated > 150 && with_revenue > checked / 2,
        "{checked} checked, {repeated} with identical trains, {with_revenue} paying"
    );
}

#[test]
fn bonus_choice_beats_greedy_stop_choice() {
    // A 2-stop express over four stops: greedy takes the two richest ends'
    // partners, but a connection bonus between two poorer stops pays more.
    use hexroute::routes::revenue::{Visit, best_run};
    let hex = |c| Coord::new(0, c);
    let visits = [
        Visit {
            hex: hex(0),
            revenue: 20,
            is_city: true,
            token: true,
        },
        Visit {
            hex: hex(1),
            revenue: 50,
            is_city: true,
            token: false,
        },
        Visit {
            hex: hex(2),
            revenue: 10,
            is_city: true,
            token: false,
        },
        Visit {
            hex: hex(3),
            revenue: 20,
            is_city: true,
            token: false,
        },
    ];
    let express = train("3E", Some(3), Skip::Any, 1, Distance::Stops);
    let none = best_run(&express, &visits, 4, &[]).unwrap();
    assert_eq!(none.revenue, 90, "ends 20+20 plus the 50");
    let bonus = Bonus {
        optional: false,
        phases: Vec::new(),
        private: None,
        name: "c".into(),
        amount: 60,
        multiplied: false,
        kind: BonusKind::Connection {
            from: hex(2),
            to_any: vec![hex(0)],
        },
        trains: vec![],
    };
    let with = best_run(&express, &visits, 4, std::slice::from_ref(&bonus)).unwrap();
    assert_eq!(
        with.revenue,
        20 + 10 + 20 + 60,
        "stopping at the 10 for the bonus"
    );
    assert_eq!(with.stops, vec![true, false, true, true]);
}

/// Every company with trains in a saved position: the fast search's total,
/// which the oracle must equal. Returns (company, total) pairs.
fn check_fixture(file: &str) -> Vec<(String, u32)> {
    let path = format!("{}/fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let game_id = serde_json::from_str::<serde_json::Value>(&text).unwrap()["game"]
        .as_str()
        .unwrap()
        .to_string();
    let game = hexroute::game::builtin(&game_id).unwrap();
    let state = hexroute::save::from_json(&text, &game).unwrap().state;
    let bonuses = routes::bonuses_in_force(&game, state.phase, &[]);
    let mut totals = Vec::new();
    for (company, names) in &state.trains {
        let trains: Vec<TrainDef> = names
            .iter()
            .map(|n| game.train(n).unwrap().clone())
            .collect();
        let oracle = Oracle {
            game: &game,
            state: &state,
            company,
        }
        .solve(&trains, &bonuses);
        let query = Query {
            company: company.clone(),
            trains,
            bonuses: bonuses.clone(),
        };
        let fast = routes::solve(&game, &state, &query).unwrap();
        assert_eq!(fast.total, oracle, "{file}: {company} {names:?}");
        totals.push((company.to_string(), fast.total));
    }
    totals
}

fn totals(list: &[(&str, u32)]) -> Vec<(String, u32)> {
    list.iter().map(|(c, t)| (c.to_string(), *t)).collect()
}

/// Three positions of each new game, grown through the CLI by legal lays,
/// and 18Chesapeake's, 18GA's and 18TN's imported from real games: the fast search and the
/// oracle agree for every company, and the totals are pinned so that a
/// change to the game data shows up here.
#[test]
fn game_fixtures_agree_with_the_oracle() {
    // PRR's home, Altoona (H12), pays $10 on the printed board, not $30 as
    // the reference data had it: each PRR total below counts Altoona once,
    // $20 less than before (50 -> 30, 150 -> 130, 100 -> 80). The 18xx.games
    // engine prices every total here alike (../shared/x18, see README).
    let cases: [(&str, &[(&str, u32)]); 12] = [
        ("1830_early.json", &[("B&O", 50), ("NYC", 30), ("PRR", 30)]),
        (
            "1830_mid.json",
            &[("C&O", 140), ("ERIE", 0), ("NYC", 60), ("PRR", 130)],
        ),
        (
            "1830_late.json",
            &[("B&M", 150), ("NYNH", 120), ("PRR", 80)],
        ),
        ("1861_early.json", &[("KB", 0), ("N", 80), ("SV", 0)]),
        ("1861_mid.json", &[("E", 60), ("KR", 80), ("M-K", 50)]),
        ("1861_late.json", &[("GRR", 120), ("MK", 230), ("SW", 80)]),
        ("1889_early.json", &[("IR", 0), ("TR", 40)]),
        ("1889_mid.json", &[("AR", 60), ("KO", 100), ("TR", 160)]),
        ("1889_late.json", &[("IR", 280), ("SR", 130), ("TR", 40)]),
        // 18xx.games record 3055 imported just before N&W's run at action
        // 305, which the player ran for $140 as here.
        (
            "18Chesapeake_mid.json",
            &[
                ("B&O", 110),
                ("C&A", 110),
                ("C&O", 160),
                ("N&W", 140),
                ("PRR", 100),
                ("SRR", 130),
            ],
        ),
        // 18xx.games's 18GA record game_end_stock_market imported just
        // before ACL's run at action 311, which the player ran for $160 as
        // here (Atlanta green, towns on Milledgeville and Valdosta). CoG's
        // and W&A's pass Milledgeville's town, paid beyond their N: the
        // engine's own best (`check.sh`) is the same $100 and $130.
        (
            "18GA_mid.json",
            &[("ACL", 160), ("CoG", 100), ("GA", 50), ("W&A", 130)],
        ),
        // 18xx.games's 18TN record game_end_stock_market imported just
        // before NC&StL's run at action 341, which the player ran for $280
        // as here (phase 5; Louisville's track past its city).
        (
            "18TN_mid.json",
            &[
                ("GMO", 120),
                ("IC", 180),
                ("L&N", 310),
                ("NC&StL", 280),
                ("SR", 70),
                ("TC", 290),
            ],
        ),
    ];
    for (file, expected) in cases {
        assert_eq!(check_fixture(file), totals(expected), "{file}");
    }
}

/// The issue quotes $1130 for CNR's 5 and 5+5E in the Bankruptcy Club
/// game; the fast search finds $1150. Keep the laid tiles and tokens only on
/// the hexes of the two routes it reports (every other hex back to its
/// printed tile) so that the oracle, which shares no code with the search,
/// can afford the map: it also finds $1150 there, and the search's routes
/// there use only the kept hexes, which are as on the full map. So $1150 is
/// a legal result by the oracle's own reading of the rules.
#[test]
fn cnr_1150_is_legal_by_the_oracle() {
    let game = hexroute::game::builtin("1867").unwrap();
    let path = format!("{}/fixtures/1867_bc.json", env!("CARGO_MANIFEST_DIR"));
    let state = hexroute::save::from_json(&std::fs::read_to_string(path).unwrap(), &game)
        .unwrap()
        .state;
    let keep: BTreeSet<Coord> = [
        // 5: Montreal, Ottawa, Toronto, Hamilton, Buffalo.
        "L12", "K11", "J12", "I11", "H12", "G13", "F14", "F16", "E17", "F18",
        // 5+5E: New England ... Detroit.
        "M15", "M13", "L10", "K9", "J10", "K13", "J14", "I15", "H14", "G15", "E15", "D16", "D18",
        "C19", "C17", "B18", "A19",
    ]
    .iter()
    .map(|a| game.hex(a).unwrap())
    .collect();
    let mut reduced = state.clone();
    reduced
        .hexes
        .retain(|c, h| keep.contains(c) || h.tile.is_none());
    let trains: Vec<TrainDef> = ["5", "5+5E"]
        .iter()
        .map(|t| game.train(t).unwrap().clone())
        .collect();
    let bonuses = routes::bonuses_in_force(&game, state.phase, &[]);
    let oracle = Oracle {
        game: &game,
        state: &reduced,
        company: "CNR",
    }
    .solve(&trains, &bonuses);
    assert_eq!(oracle, 1150);
    let query = Query {
        company: "CNR".into(),
        trains,
        bonuses,
    };
    let on_reduced = routes::solve(&game, &reduced, &query).unwrap();
    assert_eq!(on_reduced.total, 1150);
    for route in &on_reduced.routes {
        assert!(
            route.hexes.iter().all(|c| keep.contains(c)),
            "{route:?} leaves the kept hexes"
        );
    }
    assert_eq!(routes::solve(&game, &state, &query).unwrap().total, 1150);
}
