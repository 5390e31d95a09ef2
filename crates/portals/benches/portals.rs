//! Speed of the portal dungeon generator, its measures and the document's whole study, on one
//! thread.
//!
//! `cargo bench -p ludoforge-portals`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_evolve::rng::stream;
use ludoforge_portals::choose::Targets;
use ludoforge_portals::evolve::{PortalProblem, Watch, evolve};
use ludoforge_portals::generate::generate;
use ludoforge_portals::paths::routes;
use ludoforge_portals::study::{StudySpec, run};
use ludoforge_portals::walk::{Memory, simulate};
use ludoforge_portals::{Measures, Params};

fn generation(c: &mut Criterion) {
    for m in [9, 15] {
        let params = Params::new(m);
        let mut seed = 0;
        c.bench_function(&format!("generate one M = {m} dungeon"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(generate(&params, &mut stream(seed, 0, 0)).unwrap())
            })
        });
    }
}

fn measures(c: &mut Criterion) {
    let dungeon = generate(&Params::new(15), &mut stream(1, 0, 0)).unwrap();
    c.bench_function(
        &format!("exact routes, M = 15 ({} rooms)", dungeon.rooms()),
        |b| b.iter(|| black_box(routes(&dungeon).unwrap())),
    );
    c.bench_function("1,000 walks, M = 15", |b| {
        b.iter(|| black_box(simulate(&dungeon, 1000, Memory::Walk, &mut stream(1, 1, 0))))
    });
    c.bench_function("all measures with 1,000 walks, M = 15", |b| {
        b.iter(|| {
            black_box(Measures::of(&dungeon, 1000, Memory::Walk, &mut stream(1, 1, 0)).unwrap())
        })
    });
}

fn study(c: &mut Criterion) {
    let spec = StudySpec::bush();
    let mut group = c.benchmark_group("study");
    group.sample_size(10);
    group.bench_function("Bush's study: M 3..15 x 10 graphs x 1,000 walks", |b| {
        b.iter(|| black_box(run(&spec, 1, &mut |_| {}).unwrap()))
    });
    group.finish();
}

fn one_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool")
        .install(f)
}

fn toward_13(population: usize, matings: u64) -> ludoforge_portals::choose::Choice {
    let problem = PortalProblem {
        params: Params::new(9),
        targets: Targets {
            mean_walk: Some(13.0),
            ..Targets::none()
        },
        walks: 1000,
        memory: Memory::Walk,
        seed: 1,
    };
    one_thread(|| {
        evolve(&problem, population, matings, Watch::default())
            .unwrap()
            .0
    })
}

/// Memory is not measured here; the per-dungeon figure comes from the whole process's peak
/// (see docs/performance.md): `/usr/bin/time -v ludoforge --threads 1 portals generate --evolve
/// --mean-walk 13 --population 100000 --matings 100`, against the same with 10,000.
fn evolution(c: &mut Criterion) {
    let mut group = c.benchmark_group("evolve");
    group.sample_size(10);
    group.bench_function(
        "M = 9 toward a mean walk of 13: population 40, 2,000 matings",
        |b| b.iter(|| black_box(toward_13(40, 2000))),
    );
    // A large population's time goes into making it: the two sizes show it grows in
    // proportion.
    for population in [10_000, 100_000] {
        group.bench_function(
            format!("M = 9 toward a mean walk of 13: population {population}, 100 matings"),
            |b| b.iter(|| black_box(toward_13(population, 100))),
        );
    }
    group.finish();
}

criterion_group!(benches, generation, measures, study, evolution);
criterion_main!(benches);
