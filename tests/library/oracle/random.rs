//! The oracle's random maps: a deterministic generator and the random
//! case (map, tiles, tokens, trains) every comparison starts from.

use hexroute::address::{CoordSystem, FirstNumber, Letters};
use hexroute::game::{
    ConflictRule, Distance, EndTowns, Game, GameDef, HexDef, ImportDef, LayRule, OffboardGroup,
    PassBlocked, PassingRoutes, Phase, PortRule, Rules, Skip, Towns, TrainDef,
};
use hexroute::geometry::{Coord, Orientation, Rotation};
use hexroute::state::{HexState, MapState};
use hexroute::tile::Colour;
use std::collections::{BTreeMap, BTreeSet};

use super::games::{add_tokens, scatter_tokens};
use super::trains::{
    end_towns, free_towns, pays, plus_towns, stacking, token_bonus, track_pool, train, unpaid_towns,
};

/// A small deterministic generator, so every run tests the same maps.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub(super) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub(super) fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

const TILE_POOL: &[&str] = &[
    "57", "57", "14", "15", "63", "63", "623", "9", "8", "7", "23", "24", "16", "20", "3", "4",
    "58", "87", "88", "911", "X5", "X7", "120", "5", "6",
];

/// One off-board group of all `offboards`, or sometimes (from a generator
/// of its own, so that the maps stay those of before) two overlapping
/// groups sharing a middle hex (18 Los Angeles 2's W, NW and SW): a route
/// stopping there may stop at no other off-board, one stopping elsewhere
/// at one of each end.
fn overlapping_groups(seed: u64, offboards: Vec<String>) -> Vec<OffboardGroup> {
    let mut rng = Rng(seed ^ 0x0F0F_6A0B_u64 | 1);
    if offboards.len() > 2 && rng.chance(50) {
        let middle = 1 + rng.below(offboards.len() - 2);
        vec![
            OffboardGroup {
                name: "North".into(),
                hexes: offboards[..=middle].to_vec(),
            },
            OffboardGroup {
                name: "South".into(),
                hexes: offboards[middle..].to_vec(),
            },
        ]
    } else {
        vec![OffboardGroup {
            name: "West".into(),
            hexes: offboards,
        }]
    }
}

pub(super) fn random_case(seed: u64) -> (Game, MapState, Vec<TrainDef>, Vec<String>) {
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
                    future_labels: vec![],
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
                    future_labels: vec![],
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
                            markers: BTreeSet::new(),
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
        // 18AL's 4D: its cities doubled, its free towns at face value.
        free_towns(train("2TD", Some(2), Skip::Nothing, 2, Distance::Stops)),
        // 18CO's trains: an end town takes one of N; its 4D runs through
        // towns unpaid; and a train that may end no route at a town.
        end_towns(free_towns(train(
            "2TS",
            Some(2),
            Skip::Nothing,
            1,
            Distance::Stops,
        ))),
        end_towns(unpaid_towns(train(
            "3UD",
            Some(3),
            Skip::Nothing,
            2,
            Distance::Stops,
        ))),
        unpaid_towns(train("2U", Some(2), Skip::Towns, 1, Distance::Stops)),
        TrainDef {
            end_towns: EndTowns::Refused,
            ..train("3R", Some(3), Skip::Towns, 1, Distance::Stops)
        },
        // 1846's N/M trains: paid for the best N of the M stops they visit.
        pays(train("2/3", Some(3), Skip::Any, 1, Distance::Stops), 2),
        pays(train("1/3", Some(3), Skip::Any, 1, Distance::Stops), 1),
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
            sizes: vec![],
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
                home_tokens: vec![],
                home_city: None,
                first_token: None,
                kind: Default::default(),
                shares: 10,
                neutral: false,
                reserved_tokens: vec![],
                token_to_buyer: false,
                destination_token: None,
                token_prices: vec![],
            })
            .collect(),
        hexes,
        barriers: vec![],
        open_sides: vec![],
        water_sides: vec![],
        tile_counts: vec![],
        unlimited_tiles: vec![],
        bonuses: vec![],
        // Sometimes every off-board is one area of several hexes (Detroit).
        until_phase: vec![],
        privates: vec![],
        stop_upgrades: vec![],
        privates_close: None,
        cannot_start: None,
        rusts: vec![],
        obsolete: vec![],
        dividends: Default::default(),
        ports: None,
        pass_through: vec![],
        free_stops: vec![],
        // Sometimes the off-boards ask for longer routes (1849's ports),
        // from a generator of its own so the cases before stay.
        min_stops: if !offboards.is_empty() && Rng(seed ^ 0x0018_4900_u64 | 1).chance(25) {
            vec![hexroute::game::MinStops {
                hexes: offboards.clone(),
                stops: 3,
            }]
        } else {
            vec![]
        },
        offboard_groups: if offboards.len() > 1 && rng.chance(50) {
            overlapping_groups(seed, offboards)
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
            lays: hexroute::game::turn::one_lay(),
            turns: vec![],
            token_prices: Vec::new(),
            tile_lay: LayRule::Permissive,
            track_may_dead_end: false,
            track_may_meet_blank_sides: false,
            upgrades_use_most_exits: false,
            labelled_cities_may_split: false,
            lose_lowest: None,
            company_sizes: vec![],
            second_home_hexes: vec![],
            pass_blocked: None,
            enter_hex_once: false,
            run_through_home: false,
            routes_meet: false,
            joined_tokens_leave: false,
        },
        import: ImportDef::default(),
        from_18xx_games: None,
        former_numbering: None,
    };
    let mut game = Game::from_def(def, "random", None).unwrap();
    // Sometimes the grouped off-boards are ports (1836Jr30), from a
    // generator of their own so that the maps stay those of before.
    if !game.offboard_groups.is_empty()
        && game.offboard_groups.values().all(|g| g == &[0])
        && Rng(seed ^ 0x0005_EA90_u64 | 1).chance(50)
    {
        game.ports = Some(PortRule {
            hexes: game.offboard_groups.keys().copied().collect(),
            min_stops: 3,
        });
    }
    // Sometimes off-boards (not ports) take none of a train's N (1882's
    // fishing exit), and sometimes the third company's tokens are neutral
    // (1882's CN: its cities block no one), each from a generator of its
    // own so that the maps stay those of before.
    let mut extra = Rng(seed ^ 0x0F15_4E00_u64 | 1);
    if game.ports.is_none() && extra.chance(40) {
        game.free_stops = game
            .hexes
            .iter()
            .filter(|(_, h)| h.tile.is_some())
            .map(|(c, _)| *c)
            .filter(|_| extra.chance(70))
            .collect();
    }
    let neutral = extra.chance(30);
    if neutral {
        game.companies[2].neutral = true;
    }
    let mut state = MapState {
        phase: hexroute::game::PhaseId(0),
        hexes: placed,
        trains: BTreeMap::new(),
        privates: BTreeMap::new(),
        standing: Default::default(),
        lose_lowest: Default::default(),
        destinations: Default::default(),
        sizes: Default::default(),
        required_routes: Default::default(),
        charter_tokens: Default::default(),
    };
    // Tokens: company A somewhere, others filling spaces so some cities block.
    scatter_tokens(&mut rng, &game, &mut state, ["A", "B", "C"], [3, 5, 6]);
    if neutral {
        add_tokens(&mut extra, &game, &mut state, "C", 40);
    }
    // One to five trains from two or three types, so identical trains are
    // common; the oracle's cost grows with the trains, the maps stay small.
    let n_trains = 1 + rng.below(5);
    let kinds: Vec<&TrainDef> = (0..2 + rng.below(2))
        .map(|_| &trains[rng.below(trains.len())])
        .collect();
    let chosen: Vec<String> = (0..n_trains)
        .map(|_| kinds[rng.below(kinds.len())].name.to_string())
        .collect();
    // Sometimes every train of multiplier 1 earns a bonus per own token
    // (18DE's modern 7 and 8), from a generator of its own so that the
    // cases stay those of before.
    let mut modern = Rng(seed ^ 0x0007_0008_u64 | 1);
    let trains = if modern.chance(25) {
        let per_token = 10 * (1 + modern.below(3) as u32);
        trains
            .into_iter()
            .map(|t| match t.multiplier {
                1 => token_bonus(t, per_token),
                _ => t,
            })
            .collect()
    } else if Rng(seed ^ 0x0018_00E5_u64 | 1).chance(30) {
        // Otherwise sometimes every train passing towns stacks
        // (18NewEngland's expresses), from a generator of its own too.
        trains
            .into_iter()
            .map(|t| match t.skip {
                Skip::Towns => stacking(t),
                _ => t,
            })
            .collect()
    } else {
        trains
    };
    // Sometimes some train types keep a track pool of their own (18 Los
    // Angeles's freight trains), again from a generator of its own.
    let mut pooled = Rng(seed ^ 0x0018_1a00_u64 | 1);
    let pools = pooled.chance(30);
    let trains = if pools {
        trains
            .into_iter()
            .map(|t| match pooled.below(3) {
                0 => track_pool(t, "freight"),
                1 => track_pool(t, "other"),
                _ => t,
            })
            .collect()
    } else {
        trains
    };
    let trains = super::gauge::sometimes_gauged(seed, &mut game, trains);
    // Sometimes trains that may count towns beyond their number do (1880's
    // and 1847AE's 2+2, 1860's 2+1), from a generator of its own too.
    let mut plus = Rng(seed ^ 0x0018_8043_u64 | 1);
    let mut spare = Rng(seed ^ 0x0018_6002_u64 | 1);
    let trains = if plus.chance(30) {
        trains
            .into_iter()
            .map(|t| {
                let fits = t.stops.is_some()
                    && t.distance == Distance::Stops
                    && t.pays.is_none()
                    && t.towns != Towns::Unpaid
                    && t.end_towns != EndTowns::TakeStop;
                if fits && plus.chance(60) {
                    let t = plus_towns(t, 1 + plus.below(2) as u32);
                    // Free towns may take what the cities leave (1860),
                    // from a generator of its own.
                    let spare = t.towns == Towns::Free && spare.chance(50);
                    TrainDef {
                        spare_for_towns: spare,
                        ..t
                    }
                } else {
                    t
                }
            })
            .collect()
    } else {
        trains
    };
    // Sometimes some train types are obsolete and pay half their route's
    // revenue (1858's `half_pay_from`), from a generator of its own too.
    let mut old = Rng(seed ^ 0x0018_5800_u64 | 1);
    let trains = if old.chance(25) {
        trains
            .into_iter()
            .map(|t| TrainDef {
                halved: old.chance(50),
                ..t
            })
            .collect()
    } else {
        trains
    };
    // Sometimes, where no train keeps a pool, routes may run through
    // cities full of others' tokens (1860), from a generator of its own.
    let mut full = Rng(seed ^ 0x0018_6000_u64 | 1);
    if !pools && full.chance(35) {
        game.rules.pass_blocked = Some(PassBlocked {
            per_route: 1 + full.below(2) as u32,
            routes: if full.chance(70) {
                PassingRoutes::OneOfTheRun
            } else {
                PassingRoutes::Each
            },
        });
    }
    // Sometimes, where no route passes a full city, the D is an E (1822's:
    // paid twice for its company's token cities only, on track of its own).
    let trains = match game.rules.pass_blocked {
        None => super::once::sometimes_e(seed, trains),
        Some(_) => trains,
    };
    (game, state, trains, chosen)
}

/// 1860's route rules put on a random case (`rules.enter_hex_once`, and
/// `rules.run_through_home` with A's home where it holds a token,
/// `rules.routes_meet`), each about half the time, from a generator of
/// their own: apart from [`random_case`], whose maps stay those of before.
pub(super) fn with_1860s_rules(seed: u64, game: &mut Game, state: &MapState) {
    let mut rng = Rng(seed ^ 0x0018_6001_u64 | 1);
    game.rules.enter_hex_once = rng.chance(50);
    let held: Vec<Coord> = state
        .hexes
        .iter()
        .filter(|(_, h)| h.tokens.values().any(|t| *t == "A"))
        .map(|(c, _)| *c)
        .collect();
    if !held.is_empty() && rng.chance(50) {
        let home = held[rng.below(held.len())];
        game.homes.insert("A".into(), home);
        game.rules.run_through_home = true;
    }
    game.rules.routes_meet = rng.chance(50);
}
