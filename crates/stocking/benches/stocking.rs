//! Speed of stocking generated caves, and of the map generators, on one thread.
//!
//! `cargo bench -p ludoforge-stocking`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_evolve::rng::stream;
use ludoforge_stocking::mapgen::{Kind, generate};
use ludoforge_stocking::stock::{Settings, stock};

fn stocking(c: &mut Criterion) {
    let mut group = c.benchmark_group("stock");
    for side in [200usize, 1000] {
        let grid = generate(Kind::Caves, side, side, &mut stream(1, 0, 0)).unwrap();
        let cells = grid.graph();
        let (start, goal) = (
            cells.node(grid.start()).unwrap(),
            cells.node(grid.goal()).unwrap(),
        );
        let steps = stock(
            &cells.graph,
            start,
            goal,
            &Settings::default(),
            &mut stream(1, 1, 0),
        )
        .unwrap()
        .steps
        .len();
        if side >= 1000 {
            group.sample_size(10);
        }
        group.bench_function(
            format!(
                "{side}x{side} cave ({} floor cells, {steps} areas solved)",
                cells.graph.nodes()
            ),
            |b| {
                b.iter(|| {
                    black_box(
                        stock(
                            &cells.graph,
                            start,
                            goal,
                            &Settings::default(),
                            &mut stream(1, 1, 0),
                        )
                        .unwrap(),
                    )
                })
            },
        );
    }
    group.finish();
}

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    for kind in [Kind::Caves, Kind::Rooms] {
        group.bench_function(format!("{kind} 1000x1000"), |b| {
            b.iter(|| black_box(generate(kind, 1000, 1000, &mut stream(1, 0, 0)).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, stocking, generation);
criterion_main!(benches);
