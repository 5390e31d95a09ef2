//! Speed of stocking generated caves and open rooms, and of the map generators, on one
//! thread.
//!
//! `cargo bench -p ludoforge-stocking` (`-- open` for the open rooms alone: the time of the
//! 2000×2000 room over that of the 1000×1000 one shows how stocking scales with the cells,
//! 4 for linear).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_evolve::rng::stream;
use ludoforge_stocking::grid::Grid;
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

/// An open room `side` × `side` (no inner wall), the start and goal in opposite corners.
fn open_room(side: usize) -> Grid {
    let mut rows = vec![".".repeat(side); side];
    rows[0].replace_range(0..1, "<");
    rows[side - 1].replace_range(side - 1..side, ">");
    Grid::parse(&rows.join("\n")).unwrap()
}

/// One big pointless area cut over and over: the case that once cost cells².
fn open(c: &mut Criterion) {
    let mut group = c.benchmark_group("open");
    group.sample_size(10);
    for side in [1000usize, 2000] {
        let grid = open_room(side);
        let cells = grid.graph();
        let (start, goal) = (
            cells.node(grid.start()).unwrap(),
            cells.node(grid.goal()).unwrap(),
        );
        group.bench_function(format!("{side}x{side} open room"), |b| {
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
        });
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

criterion_group!(benches, stocking, open, generation);
criterion_main!(benches);
