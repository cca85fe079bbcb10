//! Route search on the Bankruptcy Club fixture (final round of 1867).

use criterion::{Criterion, criterion_group, criterion_main};
use hexroute::game;
use hexroute::routes::{self, Query};
use hexroute::save;
use std::hint::black_box;

fn query(g: &game::Game, company: &str, trains: &[&str]) -> Query {
    Query {
        company: company.into(),
        trains: trains.iter().map(|t| g.train(t).unwrap().clone()).collect(),
        bonuses: vec![],
    }
}

fn bench(c: &mut Criterion) {
    let g = game::builtin("1867").unwrap();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/1867_bc.json"
    ))
    .unwrap();
    let state = save::from_json(&text, &g).unwrap();
    let cases: [(&str, &str, &[&str]); 4] = [
        ("GW 5,8", "GW", &["5", "8"]),
        ("C&O 6,8", "C&O", &["6", "8"]),
        ("CNR 5,5+5E", "CNR", &["5", "5+5E"]),
        ("CNR 5,5+5E,8", "CNR", &["5", "5+5E", "8"]),
    ];
    let mut group = c.benchmark_group("1867_bc");
    group.sample_size(10);
    for (name, company, trains) in cases {
        let q = query(&g, company, trains);
        group.bench_function(name, |b| {
            b.iter(|| black_box(routes::solve(&g, &state, &q).unwrap()).total)
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
