//! The engine's own cost per mating, on a problem whose evaluation is nearly free.
//!
//! `cargo bench -p ludoforge-evolve`

use criterion::{Criterion, criterion_group, criterion_main};
use ludoforge_evolve::rng::below;
use ludoforge_evolve::{
    Budget, Crossover, Generational, Mutate, Outcome, Problem, Run, SteadyState, Stream,
};

struct OneMax;

impl Problem for OneMax {
    type Genome = Vec<u8>;
    fn random_genome(&self, rng: &mut Stream) -> Vec<u8> {
        (0..64).map(|_| below(rng, 2) as u8).collect()
    }
    fn evaluate(&self, genome: &Vec<u8>) -> Outcome {
        Outcome::fitness(genome.iter().map(|&b| f64::from(b)).sum())
    }
}

impl Mutate for OneMax {
    fn mutate(&self, genome: &mut Vec<u8>, rng: &mut Stream) {
        let i = below(rng, genome.len());
        genome[i] ^= 1;
    }
}

impl Crossover for OneMax {
    fn crossover(&self, a: &Vec<u8>, b: &Vec<u8>, rng: &mut Stream) -> (Vec<u8>, Vec<u8>) {
        let cut = below(rng, a.len());
        let mut c = a.clone();
        let mut d = b.clone();
        c[cut..].copy_from_slice(&b[cut..]);
        d[cut..].copy_from_slice(&a[cut..]);
        (c, d)
    }
}

fn engine(c: &mut Criterion) {
    c.bench_function("steady-state, population 1200, 10000 matings", |b| {
        b.iter(|| {
            Run::new(&OneMax, SteadyState::new(1200))
                .budget(Budget::matings(10_000))
                .seed(1)
                .execute()
                .unwrap()
                .best
                .fitness()
        })
    });
    c.bench_function("generational, population 1200, 10 generations", |b| {
        b.iter(|| {
            Run::new(&OneMax, Generational::new(1200).with_elite(2))
                .budget(Budget::generations(10))
                .seed(1)
                .execute()
                .unwrap()
                .best
                .fitness()
        })
    });
}

criterion_group!(benches, engine);
criterion_main!(benches);
