//! The lay advisor against brute force: every legal lay of a company on
//! real positions, each priced by the oracle after the lay. The advisor
//! skips searches for lays routes see as today's map or as another lay;
//! the oracle searches every one, so a wrong skip shows here.

use super::*;
use hexroute::advise::{self, Ask, Move};
use hexroute::game::CompanyId;
use hexroute::rules::{self, LayBy, LayKind, Site};

/// What the advisor is asked: `company`'s turn (no private first) on
/// `state`, ranking tokens too when `tokens`, at most `lays` lays.
fn ask<'a>(
    game: &'a Game,
    state: &'a MapState,
    query: &'a Query,
    company: &'a CompanyId,
    tokens: bool,
    lays: Option<usize>,
) -> Ask<'a> {
    Ask {
        game,
        state,
        query,
        by: LayBy {
            company: Some(company),
            private: None,
        },
        tokens,
        lays,
        first_turn: false,
    }
}

fn check(file: &str, company: &str, tokens: bool) {
    let (game, state) = super::games::load_fixture(file);
    let bonuses = routes::bonuses_in_force(&game, state.phase, &[]);
    let trains: Vec<TrainDef> = state.trains[company]
        .iter()
        .map(|n| game.train(n).unwrap().clone())
        .collect();
    let query = Query {
        company: company.into(),
        trains: trains.clone(),
        bonuses: bonuses.clone(),
        lose_lowest: None,
        required: None,
    };
    let id = CompanyId::from(company);
    let ask = ask(&game, &state, &query, &id, tokens, None);
    let advice = advise::advise(ask, &|_, _| {}).unwrap();
    let oracle = |s: &MapState| {
        Oracle {
            game: &game,
            state: s,
            company,
        }
        .solve(&trains, &bonuses)
    };
    assert_eq!(advice.now.total, oracle(&state), "{file} {company} now");
    assert!(advice.choices.len() > 10, "{file}: too few lays to test");
    assert!(
        advice.searches < advice.choices.len(),
        "{file}: nothing was skipped, so the skips are not tested"
    );
    let mut gained = 0;
    for (i, choice) in advice.choices.iter().enumerate() {
        let after = advise::after(&ask, &choice.moves).unwrap();
        let truth = oracle(&after);
        assert_eq!(
            choice.revenue(),
            truth,
            "{file} {company} {:?}",
            choice.moves
        );
        let paid: u32 = choice.solution.routes.iter().map(|r| r.revenue).sum();
        assert_eq!(
            paid, truth,
            "{file}: the routes shown do not earn the revenue"
        );
        if i > 0 {
            assert!(
                advice.choices[i - 1].revenue() >= truth,
                "{file}: not ranked best first"
            );
        }
        gained += u32::from(truth > advice.now.total);
        assert!(matches!(
            choice.moves[0],
            Move::Lay { .. } | Move::Token { .. }
        ));
    }
    assert!(gained > 0, "{file} {company}: no lay gains, a weak test");
}

#[test]
fn every_lay_of_1889_mid_earns_what_the_oracle_finds() {
    check("1889_mid.json", "TR", false);
}

#[test]
fn every_lay_and_token_of_1830_mid_earns_what_the_oracle_finds() {
    check("1830_mid.json", "PRR", true);
}

/// 1836Jr30's ports pay per token city counted: a lay that changes which
/// cities a port route counts must be searched, and the oracle prices it.
#[test]
fn every_lay_of_1836jr30_mid_earns_what_the_oracle_finds() {
    check("1836Jr30_mid.json", "B", false);
}

/// Every legal lay of the company's `slot`-th lay of the turn on `state`,
/// found here hex by hex with `rules::lay_options` (every hex, no pruning),
/// each with the map after it and whether it upgraded.
fn legal_lays(
    game: &Game,
    state: &MapState,
    company: &CompanyId,
    slot: usize,
    upgraded: bool,
) -> Vec<(Move, MapState, bool)> {
    let mut out = Vec::new();
    for &c in game.hexes.keys() {
        let kind = match state.tile_at(game, c).map(|(t, _)| t.colour) {
            None | Some(Colour::Blank) => LayKind::Place,
            Some(Colour::Red | Colour::Blue) => continue,
            Some(_) => LayKind::Upgrade,
        };
        let upgrade = kind == LayKind::Upgrade;
        if !game.rules.lays[slot].allows(upgrade, upgraded) {
            continue;
        }
        let site = Site {
            game,
            state,
            c,
            kind,
            by: LayBy {
                company: Some(company),
                private: None,
            },
        };
        let Ok(options) = rules::lay_options(site) else {
            continue;
        };
        for lay in options {
            let after = lay.apply(state, c).unwrap();
            let m = Move::Lay {
                kind,
                hex: c,
                tile: lay.tile.clone(),
                rotation: lay.rotation,
                cost: lay.cost.amount + game.rules.lays[slot].cost,
                private: false,
            };
            out.push((m, after, upgraded || upgrade));
        }
    }
    out
}

/// 1846_mid, NYC, whose turn holds two lays (18xx.games g_1846
/// TILE_LAYS). The advisor's best turn, made, earns what it says; every
/// two-lay turn it lists earns what `routes` finds on the map after it
/// (its skipped and shared searches are right); and a fixed sample of 200
/// legal two-lay turns, found here without its pruning, earns no more
/// than its best.
#[test]
fn no_sampled_1846_two_lay_turn_beats_the_advice() {
    let (game, state) = super::games::load_fixture("1846_mid.json");
    let company = CompanyId::from("NYC");
    assert_eq!(game.rules.lays.len(), 2, "1846's turn is two lays");
    let bonuses = routes::bonuses_in_force(&game, state.phase, &[]);
    let trains: Vec<TrainDef> = state.trains["NYC"]
        .iter()
        .map(|n| game.train(n).unwrap().clone())
        .collect();
    let query = Query {
        company: company.clone(),
        trains,
        bonuses,
        lose_lowest: None,
        required: None,
    };
    let ask = ask(&game, &state, &query, &company, false, None);
    let advice = advise::advise(ask, &|_, _| {}).unwrap();
    let solve = |s: &MapState| routes::solve(&game, s, &query).unwrap().total;
    let best = advice.choices[0].revenue();
    assert!(best > advice.now.total, "no turn gains: a weak test");
    assert_eq!(
        solve(&advise::after(&ask, &advice.choices[0].moves).unwrap()),
        best
    );
    let mut listed = BTreeMap::new();
    for c in advice.choices.iter().filter(|c| c.moves.len() == 2) {
        let after = advise::after(&ask, &c.moves).unwrap();
        assert_eq!(solve(&after), c.revenue(), "{:?}", c.moves);
        listed.insert(format!("{:?}", c.moves), c.revenue());
    }
    // Most two-lay turns earn no more than one of their lays alone and
    // are left out; the best turn here is one of those kept.
    assert!(!listed.is_empty(), "no two-lay turn listed to test");
    let firsts = legal_lays(&game, &state, &company, 0, false);
    assert!(
        firsts.len() > 100,
        "1846_mid NYC: {} first lays",
        firsts.len()
    );
    let mut sampled = 0;
    for (m1, after1, upgraded) in firsts.iter().step_by(firsts.len() / 20) {
        let seconds = legal_lays(&game, after1, &company, 1, *upgraded);
        for (m2, after2, _) in seconds.iter().step_by((seconds.len() / 10).max(1)).take(10) {
            let revenue = solve(after2);
            assert!(
                revenue <= best,
                "{m1:?} then {m2:?} earns {revenue} > {best}"
            );
            if let Some(&r) = listed.get(&format!("{:?}", [m1.clone(), m2.clone()])) {
                assert_eq!(r, revenue, "{m1:?} then {m2:?}");
            }
            sampled += 1;
        }
    }
    assert!(sampled >= 200, "only {sampled} turns sampled");
}

/// Worked by hand: 1867 in phase 3 with yellow tiles only (so no upgrade
/// of Hamilton opens other routes), CPR's token on Hamilton (E17, yellow
/// 621, $30, its track north to Guelph and south to the port E19, $10)
/// and one 3 train; Guelph (E15) and Barrie (E13) north of it are bare.
/// CPR runs port–Hamilton now, $40. One lay, yellow 57 on Guelph ($20),
/// lets it run port–Hamilton–Guelph for $60; Barrie cannot be laid first
/// (CPR cannot reach it), so only the title's two lays (the second $20,
/// on another hex) reach Barrie too: Hamilton–Guelph–Barrie, $70.
#[test]
fn two_lays_reach_what_one_cannot() {
    let mut game = hexroute::game::builtin("1867").unwrap();
    let mut state = MapState::new();
    state.phase = game.phase_index("3").unwrap();
    let tiles = game.tiles.clone();
    game.tile_counts
        .retain(|(t, _)| tiles[t].colour == Colour::Yellow);
    let hamilton = game.hex("E17").unwrap();
    state.hexes.insert(
        hamilton,
        HexState {
            tile: Some(("621".into(), Rotation::ZERO)),
            ..HexState::default()
        },
    );
    state
        .hexes
        .get_mut(&hamilton)
        .unwrap()
        .tokens
        .insert(0, "CPR".into());
    let company = CompanyId::from("CPR");
    let query = Query {
        company: company.clone(),
        trains: vec![game.train("3").unwrap().clone()],
        bonuses: Vec::new(),
        lose_lowest: None,
        required: None,
    };
    let advise_with = |game: &Game, lays: Option<usize>| {
        let ask = ask(game, &state, &query, &company, false, lays);
        advise::advise(ask, &|_, _| {}).unwrap()
    };
    let one = advise_with(&game, Some(1));
    assert_eq!(one.now.total, 40);
    assert_eq!(one.choices[0].revenue(), 60);
    let two = advise_with(&game, None);
    // The advisor's best two-lay turn earns $80 here (found, not worked
    // by hand); the hand-worked turn below must be among those listed.
    assert!(two.choices[0].revenue() >= 70);
    let words = |c: &advise::Choice| -> Vec<String> {
        c.moves
            .iter()
            .map(|m| match m {
                Move::Lay { hex, tile, .. } => format!("{} {tile}", game.format(*hex)),
                Move::Token { .. } => unreachable!("no tokens asked"),
            })
            .collect()
    };
    let best = two
        .choices
        .iter()
        .find(|c| words(c) == ["E15 57", "E13 57"])
        .expect("Guelph then Barrie is advised");
    assert_eq!(best.revenue(), 70);
    // The lays' own costs (terrain, water) as the lay rules price them,
    // and $20 for 1867's second lay.
    let by = LayBy {
        company: Some(&company),
        private: None,
    };
    let lay_cost = |s: &MapState, hex: &str| {
        let site = Site {
            game: &game,
            state: s,
            c: game.hex(hex).unwrap(),
            kind: LayKind::Place,
            by,
        };
        rules::check_lay(site, "57", Rotation::ZERO).unwrap()
    };
    let guelph = lay_cost(&state, "E15");
    let after_guelph = guelph.apply(&state, game.hex("E15").unwrap()).unwrap();
    let barrie = lay_cost(&after_guelph, "E13");
    assert!(guelph.is_legal() && barrie.is_legal());
    assert_eq!(
        best.cost(),
        guelph.cost.amount + barrie.cost.amount + 20,
        "{:?} {:?} {:?}",
        best.moves,
        guelph.cost,
        barrie.cost
    );
    // A title of one lay a turn gets no more than the single lay.
    game.rules.lays.truncate(1);
    assert_eq!(advise_with(&game, None).choices[0].revenue(), 60);
}

/// The advice for `company`'s whole turn on the fixture `file`, with the
/// bound that skips searches (`advise`) and without (`advise_exhaustively`).
fn both_ways(file: &str, company: &str, tokens: bool) -> (advise::Advice, advise::Advice) {
    let (game, state) = super::games::load_fixture(file);
    let company = CompanyId::from(company);
    let query = Query {
        company: company.clone(),
        trains: state.trains[company.as_str()]
            .iter()
            .map(|n| game.train(n).unwrap().clone())
            .collect(),
        bonuses: routes::bonuses_in_force(&game, state.phase, &[]),
        lose_lowest: None,
        required: None,
    };
    let ask = ask(&game, &state, &query, &company, tokens, None);
    let pruned = advise::advise(ask, &|_, _| {}).unwrap();
    let exhaustive = advise::advise_exhaustively(ask, &|_, _| {}).unwrap();
    (pruned, exhaustive)
}

/// The bound that skips a longer turn's search (the sum of each train's
/// richest route alone, no more than a shorter part of the turn earns)
/// changes nothing the advice says: on positions of six titles whose
/// turn holds two lays, with and without tokens, the advice with it and
/// the advice searching every turn list the same turns, in the same order,
/// at the same revenue and cost; and it skips searches on some of them.
#[test]
fn the_bound_skips_searches_without_changing_the_advice() {
    let mut skipped = 0;
    for (file, company, tokens) in [
        ("1846_mid.json", "NYC", false),
        ("1846_mid.json", "GT", true),
        ("1867_bc.json", "GWR", false),
        ("1882_mid.json", "HBR", true),
        ("1861_mid.json", "KR", false),
        ("18TN_mid.json", "L&N", false),
        ("18Texas_mid.json", "T&P", true),
    ] {
        let (pruned, exhaustive) = both_ways(file, company, tokens);
        let words = |a: &advise::Advice| -> Vec<(String, u32, u32)> {
            a.choices
                .iter()
                .map(|c| (format!("{:?}", c.moves), c.revenue(), c.cost()))
                .collect()
        };
        assert_eq!(pruned.now, exhaustive.now, "{file} {company}");
        assert_eq!(pruned.turns, exhaustive.turns, "{file} {company}");
        assert!(
            exhaustive.choices.len() > 3,
            "{file} {company}: a weak case"
        );
        assert_eq!(words(&pruned), words(&exhaustive), "{file} {company}");
        assert!(pruned.searches <= exhaustive.searches, "{file} {company}");
        skipped += exhaustive.searches - pruned.searches;
    }
    assert!(skipped > 0, "the bound skipped no search: a weak test");
}

/// `routes::richest_above`, the one-train search with a floor the bound
/// rests on: on positions of six titles (an express, 1846's 4/6 and its
/// bonuses, 1836Jr30's ports among them), for every train of every
/// company it finds the train's richest route alone (as `routes::solve`
/// with that train only) exactly when that beats the floor, and the
/// trains' richest routes alone add up to no less than they earn together.
#[test]
fn one_train_searches_with_a_floor_and_the_sum_of_them_bounds_the_revenue() {
    use hexroute::routes::network::Network;
    let mut express = false;
    for file in [
        "1867_bc.json",
        "1846_mid.json",
        "1830_mid.json",
        "1889_mid.json",
        "1836Jr30_mid.json",
        "1882_mid.json",
    ] {
        let (game, state) = super::games::load_fixture(file);
        let net = Network::build(&game, &state);
        for (company, names) in &state.trains {
            let trains: Vec<TrainDef> = names
                .iter()
                .map(|n| game.train(n).unwrap().clone())
                .collect();
            let query = Query {
                company: company.clone(),
                trains: trains.clone(),
                bonuses: routes::bonuses_in_force(&game, state.phase, &[]),
                lose_lowest: None,
                required: None,
            };
            let together = routes::solve(&game, &state, &query).unwrap().total;
            let mut alone_sum = 0;
            for train in &trains {
                express |= train.skip == hexroute::game::Skip::Any;
                let one = Query {
                    trains: vec![train.clone()],
                    ..query.clone()
                };
                let alone = routes::solve(&game, &state, &one).unwrap().total;
                alone_sum += alone;
                for floor in [0, alone.saturating_sub(1), alone, alone + 10] {
                    assert_eq!(
                        routes::richest_above(&net, &one, train, floor),
                        (alone > floor).then_some(alone),
                        "{file} {company} {} above {floor}",
                        train.name
                    );
                }
            }
            assert!(alone_sum >= together, "{file} {company}");
        }
    }
    assert!(express, "no express train tested");
}

/// 18TN and 18Texas give every company two lays a turn, the second a
/// yellow tile unless the first upgraded (18xx.games g_18_tn and
/// g_18_texas `tile_lays`; 18TN's third lay in a company's first turn is
/// an optional rule): the game files say so, and on their positions the
/// whole turn holds more legal turns than its first lay alone.
#[test]
fn eighteen_tn_and_texas_turns_hold_a_second_yellow() {
    for (file, company) in [("18TN_mid.json", "L&N"), ("18Texas_mid.json", "T&P")] {
        let (game, state) = super::games::load_fixture(file);
        let second = &game.rules.lays[1..];
        assert_eq!(second.len(), 1, "{file}");
        assert!(second[0].allows(false, false), "{file}: a yellow");
        assert!(
            !second[0].allows(false, true),
            "{file}: not after an upgrade"
        );
        assert!(!second[0].allows(true, false), "{file}: never an upgrade");
        let company = CompanyId::from(company);
        let query = Query {
            company: company.clone(),
            trains: state.trains[&company]
                .iter()
                .map(|n| game.train(n).unwrap().clone())
                .collect(),
            bonuses: routes::bonuses_in_force(&game, state.phase, &[]),
            lose_lowest: None,
            required: None,
        };
        let turns = |lays: Option<usize>| {
            let ask = ask(&game, &state, &query, &company, false, lays);
            advise::advise(ask, &|_, _| {}).unwrap().turns
        };
        assert!(turns(None) > turns(Some(1)), "{file}");
    }
}

/// `routes::richest_through_above`, the walk of only the routes that run
/// on one hex (what bounds a turn's later move): on positions of three
/// titles (1867's 5+5E express among them), for every hex the company's
/// track reaches and each of its trains, the richest route alone is the
/// richer of the richest through the hex and the richest on the map
/// without that hex (the hex taken out of the game, so no route runs on
/// it); and with a floor, the walk answers as the floor says.
#[test]
fn the_walk_through_one_hex_finds_the_routes_that_run_on_it() {
    use hexroute::routes::network::Network;
    let mut through_richest = 0;
    for (file, company) in [
        ("1867_bc.json", "CNR"),
        ("1846_mid.json", "NYC"),
        ("1830_mid.json", "PRR"),
    ] {
        let (game, state) = super::games::load_fixture(file);
        let company = CompanyId::from(company);
        let net = Network::build(&game, &state);
        let mut hexes: Vec<_> = hexroute::reach::from_tokens(&game, &state, &company)
            .pieces
            .iter()
            .map(|(c, _)| *c)
            .collect();
        hexes.sort();
        hexes.dedup();
        assert!(hexes.len() > 5, "{file}: a weak case");
        for name in &state.trains[company.as_str()] {
            let train = game.train(name).unwrap().clone();
            let query = Query {
                company: company.clone(),
                trains: vec![train.clone()],
                bonuses: routes::bonuses_in_force(&game, state.phase, &[]),
                lose_lowest: None,
                required: None,
            };
            let all = routes::richest_above(&net, &query, &train, 0);
            for &hex in &hexes {
                let mut without = game.clone();
                without.hexes.remove(&hex);
                let elsewhere =
                    routes::richest_above(&Network::build(&without, &state), &query, &train, 0);
                let through = routes::richest_through_above(&net, &query, &train, 0, hex);
                assert_eq!(all, through.max(elsewhere), "{file} {name} {hex:?}");
                if let Some(r) = through {
                    through_richest += usize::from(elsewhere < through);
                    for floor in [r - 1, r] {
                        assert_eq!(
                            routes::richest_through_above(&net, &query, &train, floor, hex),
                            (r > floor).then_some(r),
                            "{file} {name} {hex:?} above {floor}"
                        );
                    }
                }
            }
        }
    }
    assert!(
        through_richest > 0,
        "no hex carried the richest route: a weak test"
    );
}
