//! Suggestions around a designer's content: a generator's problem whose every genome keeps
//! the parts the designer locked ([`Locked`]).
//!
//! Interactive constrained MAP-Elites (Alvarez et al., 2019) seeds its archive with the
//! designer's edit and varies it without touching what the designer fixed. Here the
//! generator's own mutation and crossover make each child, and a child that changes a locked
//! part is made again (up to [`ATTEMPTS`] times, else its parent is kept as it is), so no
//! genome a search over [`Locked`] makes ever breaks a lock. The first genomes are the
//! start, changed by one to `spread` of the generator's own mutations.

use ludoforge_evolve::rng::below;
use ludoforge_evolve::{Crossover, Mutate, Outcome, Problem, Stream};

/// How many times a child that changes a locked part is made again before its parent is
/// kept unchanged.
pub const ATTEMPTS: usize = 64;

/// A generator's problem whose genomes all keep what `keeps` asks of them (the locked parts
/// of `start`, as the generator compares them).
///
/// ```
/// use ludoforge_evolve::{Mutate, Outcome, Problem, Stream, rng::stream};
/// # use ludoforge_evolve::Crossover;
/// /// Four bits, one flipped by each mutation.
/// struct Bits;
/// impl Problem for Bits {
///     type Genome = [bool; 4];
///     fn random_genome(&self, _: &mut Stream) -> [bool; 4] { [false; 4] }
///     fn evaluate(&self, _: &[bool; 4]) -> Outcome { Outcome::fitness(0.0) }
/// }
/// impl Mutate for Bits {
///     fn mutate(&self, g: &mut [bool; 4], rng: &mut Stream) {
///         let i = ludoforge_evolve::rng::below(rng, 4);
///         g[i] = !g[i];
///     }
/// }
/// # impl Crossover for Bits { fn crossover(&self, a: &[bool; 4], b: &[bool; 4], _: &mut Stream) -> ([bool; 4], [bool; 4]) { (*a, *b) } }
/// // Bit 0 is locked on.
/// let start = [true, false, false, false];
/// let locked = ludoforge_job::explore::Locked::new(&Bits, start, |g: &[bool; 4]| g[0], 3);
/// let mut rng = stream(1, 0, 0);
/// for _ in 0..100 {
///     assert!(locked.random_genome(&mut rng)[0]);
/// }
/// ```
pub struct Locked<'a, P: Problem, K> {
    inner: &'a P,
    start: P::Genome,
    keeps: K,
    spread: usize,
}

impl<'a, P: Problem, K: Fn(&P::Genome) -> bool + Sync> Locked<'a, P, K> {
    /// `inner`'s genomes that keep what `keeps` asks, starting from `start` (which should
    /// keep it too), the first genomes `start` changed by 1 to `spread` mutations.
    pub fn new(inner: &'a P, start: P::Genome, keeps: K, spread: usize) -> Self {
        Locked {
            inner,
            start,
            keeps,
            spread: spread.max(1),
        }
    }

    /// The genome the search starts from.
    pub fn start(&self) -> &P::Genome {
        &self.start
    }

    /// Whether `genome` keeps every locked part.
    pub fn keeps(&self, genome: &P::Genome) -> bool {
        (self.keeps)(genome)
    }
}

impl<P: Mutate, K: Fn(&P::Genome) -> bool + Sync> Problem for Locked<'_, P, K> {
    type Genome = P::Genome;

    fn random_genome(&self, rng: &mut Stream) -> P::Genome {
        let mut genome = self.start.clone();
        for _ in 0..=below(rng, self.spread) {
            self.mutate(&mut genome, rng);
        }
        genome
    }

    fn evaluate(&self, genome: &P::Genome) -> Outcome {
        self.inner.evaluate(genome)
    }
}

impl<P: Mutate, K: Fn(&P::Genome) -> bool + Sync> Mutate for Locked<'_, P, K> {
    fn mutate(&self, genome: &mut P::Genome, rng: &mut Stream) {
        for _ in 0..ATTEMPTS {
            let mut child = genome.clone();
            self.inner.mutate(&mut child, rng);
            if (self.keeps)(&child) {
                *genome = child;
                return;
            }
        }
    }
}

impl<P: Mutate + Crossover, K: Fn(&P::Genome) -> bool + Sync> Crossover for Locked<'_, P, K> {
    fn crossover(&self, a: &P::Genome, b: &P::Genome, rng: &mut Stream) -> (P::Genome, P::Genome) {
        for _ in 0..ATTEMPTS {
            let (x, y) = self.inner.crossover(a, b, rng);
            if (self.keeps)(&x) && (self.keeps)(&y) {
                return (x, y);
            }
        }
        (a.clone(), b.clone())
    }

    fn first_child(&self, a: &P::Genome, b: &P::Genome, rng: &mut Stream) -> P::Genome {
        for _ in 0..ATTEMPTS {
            let child = self.inner.first_child(a, b, rng);
            if (self.keeps)(&child) {
                return child;
            }
        }
        a.clone()
    }
}
