//! Speed of Risk matches, playtests and the variant designer, and how they scale from one
//! thread to two.
//!
//! `cargo bench -p ludoforge-risk`
//!
//! The thread-count cases run the same work in a local pool of that many threads, built once,
//! so the 1-thread time over the 2-thread time is the speed-up (on a machine with two idle
//! cores).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_evolve::rng::stream;
use ludoforge_risk::agent::RuleAgent;
use ludoforge_risk::criteria::Formulas;
use ludoforge_risk::design::{Settings, design};
use ludoforge_risk::game::play_match;
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::playtest::{Scoring, playtest};
use ludoforge_risk::rules::{Compat, Rules};
use rayon::{ThreadPool, ThreadPoolBuilder};

fn pool(threads: usize) -> ThreadPool {
    ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a pool")
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
    let one = pool(1);
    c.bench_function("100-match playtest, classic board", |b| {
        b.iter(|| {
            i += 1;
            one.install(|| {
                black_box(playtest(&classic, Rules::classic(), 100, i, &scoring).unwrap())
            })
        })
    });
}

/// `risk playtest --matches 400` on the classic board, seed 1.
fn playtest_threads(c: &mut Criterion) {
    let classic = RiskMap::embedded("classic").unwrap();
    let scoring = Scoring::all(Formulas::Paper);
    let mut group = c.benchmark_group("400-match playtest, classic board");
    for threads in [1, 2] {
        let pool = pool(threads);
        group.bench_function(format!("{threads} thread(s)"), |b| {
            b.iter(|| {
                pool.install(|| {
                    black_box(playtest(&classic, Rules::classic(), 400, 1, &scoring).unwrap())
                })
            })
        });
    }
    group.finish();
}

/// The paper's configuration 1 (`risk design --rules rossato2023`: offspring 50, tournament
/// 22, mutation 0.6, 100 matches, seed 1), cut to the initial population and one generation
/// (100 playtests of 100 matches, about a fifth of the whole run's 10 generations) so that a
/// benchmark stays short.
fn design_threads(c: &mut Criterion) {
    let settings = Settings {
        generations: 1,
        compat: Compat::Rossato2023,
        ..Settings::paper(Scoring::all(Formulas::Rossato2023))
    };
    let mut group = c.benchmark_group("design, configuration 1 (rossato2023), one generation");
    group.sample_size(10);
    for threads in [1, 2] {
        let pool = pool(threads);
        group.bench_function(format!("{threads} thread(s)"), |b| {
            b.iter(|| pool.install(|| black_box(design(&settings, 1, &|_| {}).unwrap())))
        });
    }
    group.finish();
}

criterion_group!(benches, matches, playtest_threads, design_threads);
criterion_main!(benches);
