//! Speed of the Gloomhaven search, on one thread.
//!
//! `cargo bench -p ludoforge-gloomhaven` (`-- "gloomhaven job"` for the whole job's fixed cost
//! and cost per cycle alone)

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_evolve::rng::stream;
use ludoforge_gloomhaven::build::{Builder, SizeBounds};
use ludoforge_gloomhaven::catalog::Catalog;
use ludoforge_gloomhaven::evolution::{Settings, evolve};
use ludoforge_gloomhaven::fitness::Fitness;
use ludoforge_gloomhaven::scenario::{Players, Scenario};
use ludoforge_gloomhaven::validity::check;
use ludoforge_gloomhaven::vgb;

fn search(c: &mut Criterion) {
    let catalog = Catalog::built_in();
    let published = Settings::gloomdungeons();
    let paper = Settings::new(Fitness::paper(Players::FOUR));
    let mut seed = 0;
    c.bench_function("200 cycles (the published code's preset)", |b| {
        b.iter(|| {
            seed += 1;
            black_box(evolve(&catalog, &published, 200, seed, None, None).unwrap())
        })
    });
    c.bench_function("200 cycles (the paper's preset, 4 players)", |b| {
        b.iter(|| {
            seed += 1;
            black_box(evolve(&catalog, &paper, 200, seed, None, None).unwrap())
        })
    });
}

/// Long runs: the cost of a cycle stays flat as the population grows (100,000 cycles should
/// take about ten times as long as 10,000).
fn long_runs(c: &mut Criterion) {
    let catalog = Catalog::built_in();
    let paper = Settings::new(Fitness::paper(Players::FOUR));
    let mut group = c.benchmark_group("long runs (the paper's preset)");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for cycles in [10_000u64, 100_000] {
        group.bench_function(format!("{cycles} cycles"), |b| {
            b.iter(|| black_box(evolve(&catalog, &paper, cycles, 1, None, None).unwrap()))
        });
    }
    group.finish();
}

fn parts(c: &mut Criterion) {
    let catalog = Catalog::built_in();
    let bounds = SizeBounds { min: 80, max: 99 };
    let mut seed = 0;
    // As the search builds: its builder made once.
    let builder = Builder::new(&catalog, bounds);
    c.bench_function("build one map", |b| {
        b.iter(|| {
            seed += 1;
            black_box(builder.build(1000, &mut stream(seed, 0, 0)))
        })
    });
    let barrow = Scenario::official(&catalog, 1).unwrap();
    c.bench_function("validity check (Black Barrow)", |b| {
        b.iter(|| black_box(check(&catalog, &barrow)))
    });
}

fn board_files(c: &mut Criterion) {
    let catalog = Catalog::built_in();
    let crypt = Scenario::official(&catalog, 4).unwrap();
    c.bench_function(
        "VGB export with the Creator's turn (Crypt of the Damned)",
        |b| {
            b.iter(|| {
                let g = vgb::creator_turn(&catalog, &crypt).unwrap_or(0);
                black_box(serde_json::to_string(
                    &vgb::export(&catalog, &crypt, "c", g).unwrap(),
                ))
            })
        },
    );
    let text = serde_json::to_string(&vgb::export(&catalog, &crypt, "c", 0).unwrap()).unwrap();
    c.bench_function("VGB import (Crypt of the Damned)", |b| {
        b.iter(|| black_box(vgb::import(&catalog, &text).unwrap()))
    });
    c.bench_function(
        "load the built-in catalog (scenarios read when used)",
        |b| b.iter(|| black_box(Catalog::built_in())),
    );
    c.bench_function("load the built-in catalog and read every scenario", |b| {
        b.iter(|| {
            let catalog = Catalog::built_in();
            black_box(catalog.scenarios.len());
            catalog
        })
    });
}

/// The whole `gloomhaven` job as a front end runs it: catalog, checks, the search and the
/// result file. At 1 cycle it is the fixed cost of every run; 200 cycles add the cost of the
/// cycles.
fn whole_job(c: &mut Criterion) {
    use ludoforge_gloomhaven::job::GloomhavenJob;
    use ludoforge_job::{Context, Job};
    let mut group = c.benchmark_group("the gloomhaven job (the published code's preset)");
    for cycles in [1, 200] {
        let params = serde_json::json!({"preset": "gloomdungeons", "cycles": cycles});
        let mut seed = 0;
        group.bench_function(format!("{cycles} cycles"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(GloomhavenJob.run(&params, seed, &Context::quiet()).unwrap())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, whole_job, search, long_runs, parts, board_files);
criterion_main!(benches);
