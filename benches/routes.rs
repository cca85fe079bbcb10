//! Route search on the Bankruptcy Club fixture (final round of 1867), with
//! the game's bonuses in force, as `hexroute routes` runs it, on the
//! slowest real position of a public 18xx.games game (1861 game 167259
//! before action 721: one 8-train), and on two late 1858 maps, whose broad
//! and metre gauge and towns E trains run through unpaid make the routes
//! many (18xx.games's auto-router took hours on one, tobymao/18xx #11252):
//! record 219682 before action 978 (the N's 7E and 5M) and the engine's
//! fixture 1858_game_end_bank before action 979 (the A's two 7Es), each as
//! 18xx.games's engine had the map (`export.rb`); and on a late 18EU
//! position (game 74045 before action 828, its last run: GSR's 8 with a
//! pullman, every company with the red-to-red bonus of phase 8). The README's
//! search figures come from here (`cargo bench`); whole-process times come
//! from `scripts/time-routes.sh`.

use criterion::{Criterion, criterion_group, criterion_main};
use hexroute::game;
use hexroute::routes::{self, Query};
use hexroute::save;
use std::hint::black_box;

fn query(g: &game::Game, phase: game::PhaseId, company: &str, trains: &[&str]) -> Query {
    Query {
        company: company.into(),
        trains: trains
            .iter()
            .map(|t| g.train(t).unwrap().in_phase(&g.phases, phase))
            .collect(),
        bonuses: routes::bonuses_in_force(g, phase, &[]),
        lose_lowest: None,
        required: None,
    }
}

fn load(title: &str, file: &str) -> (game::Game, hexroute::state::MapState) {
    let g = game::builtin(title).unwrap();
    let path = format!("{}/fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let state = save::from_json(&text, &g).unwrap().state;
    (g, state)
}

fn bench(c: &mut Criterion) {
    let (g, state) = load("1867", "1867_bc.json");
    let cases: [(&str, &str, &[&str]); 8] = [
        ("GWR 5,8", "GWR", &["5", "8"]),
        ("C&O 6,8", "C&O", &["6", "8"]),
        ("CNR 5,5+5E", "CNR", &["5", "5+5E"]),
        ("CNR 5,5+5E,8", "CNR", &["5", "5+5E", "8"]),
        ("CNR 6,8,5+5E,5", "CNR", &["6", "8", "5+5E", "5"]),
        ("CNR 8,8,8,8", "CNR", &["8", "8", "8", "8"]),
        ("CNR 8,8,8,5+5E", "CNR", &["8", "8", "8", "5+5E"]),
        ("CNR 5,5+5E,6,8,2+2", "CNR", &["5", "5+5E", "6", "8", "2+2"]),
    ];
    let mut group = c.benchmark_group("1867_bc");
    group.sample_size(10);
    for (name, company, trains) in cases {
        let q = query(&g, state.phase, company, trains);
        group.bench_function(name, |b| {
            b.iter(|| black_box(routes::solve(&g, &state, &q).unwrap()).total)
        });
    }
    // `--all`: every company with its saved trains, on one network.
    let all: Vec<Query> = state
        .trains
        .iter()
        .map(|(company, trains)| {
            let names: Vec<&str> = trains.iter().map(|t| t.as_str()).collect();
            query(&g, state.phase, company, &names)
        })
        .collect();
    group.bench_function("all companies", |b| {
        b.iter(|| {
            let net = routes::network::Network::build(&g, &state);
            all.iter()
                .map(|q| black_box(routes::solve_on(&net, q).unwrap()).total)
                .sum::<u32>()
        })
    });
    group.finish();
    let (g, state) = load("1861", "1861_167259.json");
    let q = query(&g, state.phase, "MK", &["8"]);
    let mut group = c.benchmark_group("1861_167259");
    group.sample_size(10);
    group.bench_function("MK 8", |b| {
        b.iter(|| black_box(routes::solve(&g, &state, &q).unwrap()).total)
    });
    group.finish();
    let late: [(&str, &str, &str, &[&str]); 2] = [
        ("1858_late", "N 7E,5M", "N", &["7E", "5M"]),
        ("1858_game_end_bank_979", "A 7E,7E", "A", &["7E", "7E"]),
    ];
    for (file, name, company, trains) in late {
        let (g, state) = load("1858", &format!("{file}.json"));
        let q = query(&g, state.phase, company, trains);
        let mut group = c.benchmark_group(file);
        group.sample_size(10);
        group.bench_function(name, |b| {
            b.iter(|| black_box(routes::solve(&g, &state, &q).unwrap()).total)
        });
        group.finish();
    }
    late_18eu(c);
}

/// 18EU late: each company's trains in the save, paying as the phase has
/// them (the red-to-red bonus by phase), the pullmans re-paying a stop.
fn late_18eu(c: &mut Criterion) {
    let (g, state) = load("18EU", "18EU_late.json");
    let in_phase = |mut q: Query| {
        q.trains = (q.trains.iter())
            .map(|t| t.in_phase(&g.phases, state.phase))
            .collect();
        q
    };
    let gsr = in_phase(query(&g, state.phase, "GSR", &["8", "P"]));
    let all: Vec<Query> = (state.trains.iter())
        .map(|(co, trains)| {
            let names: Vec<&str> = trains.iter().map(|t| t.as_str()).collect();
            in_phase(query(&g, state.phase, co.as_str(), &names))
        })
        .collect();
    let mut group = c.benchmark_group("18EU_late");
    group.sample_size(10);
    group.bench_function("GSR 8,P", |b| {
        b.iter(|| black_box(routes::solve(&g, &state, &gsr).unwrap()).total)
    });
    group.bench_function("all companies", |b| {
        b.iter(|| {
            let net = routes::network::Network::build(&g, &state);
            all.iter()
                .map(|q| black_box(routes::solve_on(&net, q).unwrap()).total)
                .sum::<u32>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
