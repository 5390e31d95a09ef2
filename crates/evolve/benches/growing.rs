//! The cost of a fitness-proportional growth cycle as the population grows, on a problem whose
//! evaluation is nearly free: a run of 100,000 cycles should take about ten times as long as
//! one of 10,000 (a cycle's parent choice is O(log n) in the population size), and watching
//! the run with a progress display should cost next to nothing.
//!
//! `cargo bench -p ludoforge-evolve --bench growing`

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ludoforge_evolve::rng::below;
use ludoforge_evolve::{
    Budget, Counters, Crossover, Growing, Mutate, Observer, Outcome, Problem, Run, Stream,
};

/// Four numbers below 1000; the fitness is one more than their sum, so always positive.
struct Numbers;

type Genome = [u32; 4];

impl Problem for Numbers {
    type Genome = Genome;
    fn random_genome(&self, rng: &mut Stream) -> Genome {
        std::array::from_fn(|_| below(rng, 1000) as u32)
    }
    fn evaluate(&self, genome: &Genome) -> Outcome {
        Outcome::fitness(1.0 + genome.iter().map(|&n| f64::from(n)).sum::<f64>())
    }
}

impl Mutate for Numbers {
    fn mutate(&self, genome: &mut Genome, rng: &mut Stream) {
        let i = below(rng, genome.len());
        genome[i] = below(rng, 1000) as u32;
    }
}

impl Crossover for Numbers {
    fn crossover(&self, a: &Genome, b: &Genome, rng: &mut Stream) -> (Genome, Genome) {
        let cut = below(rng, a.len() + 1);
        let mut c = *a;
        let mut d = *b;
        c[cut..].copy_from_slice(&b[cut..]);
        d[cut..].copy_from_slice(&a[cut..]);
        (c, d)
    }
}

/// What a progress bar keeps: the position and the best so far.
#[derive(Default)]
struct Progress {
    position: u64,
    best: f64,
}

impl Observer for Progress {
    fn on_progress(&mut self, counters: &Counters, best_ever: f64) {
        self.position = counters.generations;
        self.best = best_ever;
    }
    fn wants_snapshots(&self) -> bool {
        false
    }
}

fn seeds() -> Vec<Genome> {
    (0..20u32).map(|i| [i, 2 * i, 3 * i, 4 * i]).collect()
}

fn growing(c: &mut Criterion) {
    let mut group = c.benchmark_group("growing");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    for cycles in [10_000u64, 100_000] {
        group.bench_with_input(BenchmarkId::new("cycles", cycles), &cycles, |b, &n| {
            b.iter(|| {
                Run::new(&Numbers, Growing::new(seeds()))
                    .budget(Budget::generations(n))
                    .seed(1)
                    .execute()
                    .unwrap()
                    .best
                    .fitness()
            });
        });
    }
    group.bench_function("cycles with progress/10000", |b| {
        b.iter(|| {
            let mut progress = Progress::default();
            Run::new(&Numbers, Growing::new(seeds()))
                .budget(Budget::generations(10_000))
                .seed(1)
                .observe(&mut progress)
                .execute()
                .unwrap();
            progress.best
        });
    });
    group.finish();
}

criterion_group!(benches, growing);
criterion_main!(benches);
