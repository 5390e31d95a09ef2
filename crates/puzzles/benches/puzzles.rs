//! Speed of the puzzle solver, of drawing a first population and of the paper's longest
//! evolutionary run, on one thread.
//!
//! `cargo bench -p ludoforge-puzzles`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_evolve::state::initial_population;
use ludoforge_evolve::{Budget, Goal, Problem, Run, SteadyState};
use ludoforge_puzzles::board::Board;
use ludoforge_puzzles::chess::piece::parse_pieces;
use ludoforge_puzzles::chess::{ChessProblem, PieceKind};
use ludoforge_puzzles::chromatic::{ChromaticProblem, Sampling};

fn one_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool")
        .install(f)
}

/// An evolved board, so the solver has the long winding path of real output to follow.
fn evolved<P: ludoforge_evolve::Mutate + ludoforge_evolve::Crossover>(problem: &P) -> P::Genome {
    one_thread(|| {
        Run::new(problem, SteadyState::new(200))
            .budget(Budget::matings(4_000))
            .seed(3)
            .execute()
            .expect("a run")
            .best
            .genome
    })
}

fn solve(c: &mut Criterion) {
    let board = Board::new(11, 11).unwrap();
    let chess =
        ChessProblem::new(board, PieceKind::Rook, 0, 120, parse_pieces("5N").unwrap()).unwrap();
    let placement = evolved(&chess);
    c.bench_function("solve chess 11x11 rook vs 5N (evolved)", |b| {
        b.iter(|| chess.evaluate(black_box(&placement)))
    });
    let chromatic = ChromaticProblem::new(board, 0, 120).unwrap();
    let colours = evolved(&chromatic);
    c.bench_function("solve chromatic 11x11 (evolved)", |b| {
        b.iter(|| chromatic.evaluate(black_box(&colours)))
    });
}

/// The work before the first mating: 1200 valid colourings, carved on 64×64 (the rule's
/// choice there), uniform with rejection on the paper's 21×21 (about 113,000 draws).
fn first_population(c: &mut Criterion) {
    let mut group = c.benchmark_group("first population");
    group.sample_size(10);
    for (side, sampling) in [(64, Sampling::Carved), (21, Sampling::Uniform)] {
        let board = Board::new(side, side).unwrap();
        let chromatic = ChromaticProblem::new(board, 0, board.len() - 1).unwrap();
        assert_eq!(chromatic.sampling, sampling);
        let name = format!("chromatic {side}x{side}, population 1200, {sampling:?}");
        group.bench_function(name, |b| {
            b.iter(|| {
                one_thread(|| {
                    initial_population(&chromatic, &Goal::Maximise, 1, 1200, 100_000)
                        .expect("a population")
                        .1
                        .evaluations
                })
            })
        });
    }
    group.finish();
}

fn evolve(c: &mut Criterion) {
    let mut group = c.benchmark_group("evolve");
    group.sample_size(10);
    let board = Board::new(21, 21).unwrap();
    let chromatic = ChromaticProblem::new(board, 0, board.len() - 1).unwrap();
    group.bench_function("chromatic 21x21, population 1200, 100000 matings", |b| {
        b.iter(|| {
            one_thread(|| {
                Run::new(&chromatic, SteadyState::new(1200))
                    .budget(Budget::matings(100_000))
                    .seed(1)
                    .execute()
                    .expect("a run")
                    .best
                    .fitness()
            })
        })
    });
    let board = Board::new(11, 11).unwrap();
    let chess =
        ChessProblem::new(board, PieceKind::Rook, 0, 120, parse_pieces("5N").unwrap()).unwrap();
    group.bench_function(
        "chess 11x11 rook vs 5N, population 1200, 40000 matings",
        |b| {
            b.iter(|| {
                one_thread(|| {
                    Run::new(&chess, SteadyState::new(1200))
                        .budget(Budget::matings(40_000))
                        .seed(1)
                        .execute()
                        .expect("a run")
                        .best
                        .fitness()
                })
            })
        },
    );
    group.finish();
}

criterion_group!(benches, solve, first_population, evolve);
criterion_main!(benches);
