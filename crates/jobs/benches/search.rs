//! The ask/tell search's own cost on pyribs' sphere example (20 dimensions, a 100 × 100 grid,
//! batches of 540), scored here in Rust so only the search is measured: what a front end pays
//! besides its own scoring. The Python side by side is `scripts/pyribs-sphere.sh`.
//!
//! `cargo bench -p ludoforge-jobs --bench search`

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_job::search::{AskTell, GridSpec, Options};
use serde_json::json;

const DIMS: usize = 20;
const BATCH: usize = 540;

/// pyribs' examples/sphere.py: objectives in [0, 100], measures the clipped halves' sums.
fn sphere(points: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let shift = 5.12 * 0.4;
    let worst = (-5.12 - shift) * (-5.12 - shift) * DIMS as f64;
    let mut objectives = Vec::with_capacity(BATCH);
    let mut measures = Vec::with_capacity(2 * BATCH);
    for p in points.chunks(DIMS) {
        let raw: f64 = p.iter().map(|x| (x - shift) * (x - shift)).sum();
        objectives.push((raw - worst) / (0.0 - worst) * 100.0);
        let clip = |x: f64| if x.abs() > 5.12 { 5.12 / x } else { x };
        measures.push(p[..DIMS / 2].iter().map(|&x| clip(x)).sum());
        measures.push(p[DIMS / 2..].iter().map(|&x| clip(x)).sum());
    }
    (objectives, measures)
}

fn search() -> Box<dyn AskTell> {
    let bound = DIMS as f64 / 2.0 * 5.12;
    let options = Options {
        batch: BATCH,
        seed: 1,
        archive: Some(GridSpec {
            dims: vec![100, 100],
            ranges: vec![[-bound, bound]; 2],
            names: Vec::new(),
        }),
        crossover: 0.0,
        ..Options::default()
    };
    ludoforge_jobs::search::new("vector", json!({"dims": DIMS, "sigma": 0.5}), options)
        .expect("the sphere's search")
}

fn iterate(search: &mut dyn AskTell) {
    let (points, _) = search.ask_vectors().expect("asked").expect("vectors");
    let (objectives, measures) = sphere(&points);
    search
        .tell(&objectives, Some((&measures, 2)))
        .expect("told");
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    // An archive a few hundred iterations in, as most of a run's iterations see it.
    let mut warm = search();
    for _ in 0..300 {
        iterate(warm.as_mut());
    }
    group.bench_function("sphere 540 x 20: ask, score in Rust, tell", |b| {
        b.iter(|| iterate(warm.as_mut()));
    });
    group.bench_function("sphere 540 x 20: score in Rust alone", |b| {
        let (points, _) = warm.ask_vectors().unwrap().unwrap();
        b.iter(|| sphere(&points));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
