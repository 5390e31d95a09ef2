//! Speed of the Gloomhaven search, on one thread.
//!
//! `cargo bench -p ludoforge-gloomhaven`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_evolve::rng::stream;
use ludoforge_gloomhaven::build::{SizeBounds, build};
use ludoforge_gloomhaven::catalog::Catalog;
use ludoforge_gloomhaven::evolution::{Settings, evolve};
use ludoforge_gloomhaven::fitness::Fitness;
use ludoforge_gloomhaven::scenario::Scenario;
use ludoforge_gloomhaven::validity::check;
use ludoforge_gloomhaven::vgb;

fn search(c: &mut Criterion) {
    let catalog = Catalog::built_in();
    let settings = Settings::new(Fitness::gloomdungeons());
    let mut seed = 0;
    c.bench_function("200 cycles (gloomdungeons fitness)", |b| {
        b.iter(|| {
            seed += 1;
            black_box(evolve(&catalog, &settings, 200, seed, None, None).unwrap())
        })
    });
}

fn parts(c: &mut Criterion) {
    let catalog = Catalog::built_in();
    let bounds = SizeBounds { min: 80, max: 99 };
    let mut seed = 0;
    c.bench_function("build one map", |b| {
        b.iter(|| {
            seed += 1;
            black_box(build(&catalog, bounds, 1000, &mut stream(seed, 0, 0)))
        })
    });
    let barrow = Scenario::official(&catalog, "Black Barrow").unwrap();
    c.bench_function("validity check (Black Barrow)", |b| {
        b.iter(|| black_box(check(&catalog, &barrow)))
    });
}

fn board_files(c: &mut Criterion) {
    let catalog = Catalog::built_in();
    let crypt = Scenario::official(&catalog, "Crypt of the Damned").unwrap();
    c.bench_function(
        "VGB export with the Creator fit (Crypt of the Damned)",
        |b| {
            b.iter(|| {
                let (g, _) = vgb::best_turn(&catalog, &crypt);
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
}

criterion_group!(benches, search, parts, board_files);
criterion_main!(benches);
