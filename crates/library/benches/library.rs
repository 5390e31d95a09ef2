//! The library at the scale of a long exploration: adding an archive of 100,000 elites (each a
//! result of about 1 KB with some fifteen numbers) in one call, and a query with two ranges
//! over them.
//!
//! `cargo bench -p ludoforge-library`

use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use ludoforge_library::{Library, Query};
use serde_json::{Value, json};

const ELITES: usize = 100_000;

/// A small deterministic generator of numbers (a 64-bit LCG), so every run adds the same.
struct Numbers(u64);

impl Numbers {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// An archive like `puzzle-chromatic-explore` writes, with `ELITES` elites on 11x11 boards.
fn archive() -> Value {
    let mut numbers = Numbers(7);
    let elites: Vec<Value> = (0..ELITES)
        .map(|at| {
            let min_moves = numbers.below(100);
            let decision_points = numbers.below(30);
            let rows: Vec<String> = (0..11)
                .map(|_| {
                    (0..11)
                        .map(|_| ['R', 'O', 'Y', 'G', 'B', 'V'][numbers.below(6) as usize])
                        .collect()
                })
                .collect();
            let solution: Vec<String> = (0..min_moves.min(40))
                .map(|i| format!("{}{}", (b'a' + (i % 11) as u8) as char, 1 + i / 11))
                .collect();
            json!({
                "cell": at,
                "coordinates": [min_moves, decision_points],
                "descriptors": {"min_moves": min_moves as f64, "decision_points": decision_points as f64},
                "fitness": min_moves as f64,
                "score": min_moves as f64,
                "result": {
                    "generator": "ludoforge puzzle",
                    "version": "0.1.0",
                    "seed": 1,
                    "puzzle": {"kind": "chromatic", "rows": rows, "entrance": "a1", "exit": "k11"},
                    "min_moves": min_moves,
                    "solution": solution,
                    "measures": {
                        "reachable": 60 + numbers.below(61),
                        "dead_ends": numbers.below(20),
                        "decision_points": decision_points,
                        "shortest_solutions": 1 + numbers.below(4),
                        "colour_changes": numbers.below(40),
                    },
                    "score": min_moves as f64,
                    "params": {"kind": "chromatic", "width": 11, "height": 11, "entrance": "a1",
                               "exit": "k11", "population": 1200, "max_mutations": 2,
                               "tournament": 7, "strategy": "map-elites", "elite": 1},
                    "run": {"strategy": "map-elites", "matings": 0, "generations": 0,
                            "evaluations": 100_000, "rejections": numbers.below(50_000),
                            "stop": "evaluations", "cell": at},
                },
            })
        })
        .collect();
    json!({
        "generator": "ludoforge explore",
        "job": "puzzle-chromatic-explore",
        "version": "0.1.0",
        "seed": 1,
        "parameters": {"explore": {"evaluations": 100_000}},
        "elites": elites,
    })
}

fn library(c: &mut Criterion) {
    let archive = archive();
    let mut group = c.benchmark_group("library");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(100));
    group.bench_function("add an archive of 100000 elites", |b| {
        b.iter_batched(
            || {
                let dir = tempfile::tempdir().unwrap();
                let library = Library::open(dir.path().join("library.sqlite")).unwrap();
                (dir, library)
            },
            |(dir, mut library)| {
                let added = library.add(&archive, &[]).unwrap();
                assert_eq!(added.added, ELITES);
                (dir, library)
            },
            BatchSize::PerIteration,
        );
    });

    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(dir.path().join("library.sqlite")).unwrap();
    library.add(&archive, &[]).unwrap();
    let query = Query {
        job: Some("puzzle-chromatic-explore".into()),
        wheres: vec![
            "min_moves=38..42".parse().unwrap(),
            "decision_points>=10".parse().unwrap(),
        ],
        ..Query::default()
    };
    let found = library.query(&query).unwrap().len();
    assert!((2_000..5_000).contains(&found), "{found} rows");
    group.measurement_time(Duration::from_secs(5));
    group.sample_size(30);
    group.bench_function("two ranges over 100000 elites", |b| {
        b.iter(|| black_box(library.query(black_box(&query)).unwrap().len()));
    });
    group.finish();
}

criterion_group!(benches, library);
criterion_main!(benches);
