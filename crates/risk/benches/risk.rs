//! Speed of Risk matches and playtests, on one thread.
//!
//! `cargo bench -p ludoforge-risk`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_evolve::rng::stream;
use ludoforge_risk::agent::RuleAgent;
use ludoforge_risk::criteria::Formulas;
use ludoforge_risk::game::play_match;
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::playtest::{Scoring, playtest};
use ludoforge_risk::rules::Rules;

fn one_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool")
        .install(f)
}

fn matches(c: &mut Criterion) {
    let classic = RiskMap::embedded("classic").unwrap();
    let map1 = RiskMap::embedded("map1").unwrap();
    let mut i = 0;
    c.bench_function("one classic match (standard rules)", |b| {
        b.iter(|| {
            i += 1;
            black_box(play_match(
                &classic,
                Rules::classic(),
                [&mut RuleAgent::new(), &mut RuleAgent::new()],
                &mut stream(1, i, 0),
            ))
        })
    });
    c.bench_function("one map1 match (rossato2023 preset)", |b| {
        b.iter(|| {
            i += 1;
            black_box(play_match(
                &map1,
                Rules::classic().rossato2023(),
                [&mut RuleAgent::new(), &mut RuleAgent::new()],
                &mut stream(1, i, 0),
            ))
        })
    });
    let scoring = Scoring::all(Formulas::Paper);
    c.bench_function("100-match playtest, classic board", |b| {
        b.iter(|| {
            i += 1;
            one_thread(|| {
                black_box(playtest(&classic, Rules::classic(), 100, i, &scoring).unwrap())
            })
        })
    });
}

criterion_group!(benches, matches);
criterion_main!(benches);
