//! The wrappers an exploration puts around a generator's problem: [`Described`] (its own
//! evaluation giving descriptors) and `Projected` (the chosen descriptors only; for random
//! sampling, fresh genomes in place of mutations).

use ludoforge_evolve::{Crossover, Mutate, Outcome, Problem, Stream};

/// A generator's problem with its own evaluation replaced: `evaluate` scores a genome and
/// gives every descriptor the generator offers, in order; fresh genomes, mutation and
/// crossover stay the generator's. What an explore job hands to [`explore`](super::explore()).
///
/// ```
/// use ludoforge_evolve::{Evaluation, Outcome, Problem};
/// # use ludoforge_evolve::{Crossover, Mutate, Stream};
/// # struct Coin;
/// # impl Problem for Coin {
/// #     type Genome = u8;
/// #     fn random_genome(&self, _: &mut Stream) -> u8 { 1 }
/// #     fn evaluate(&self, g: &u8) -> Outcome { Outcome::fitness(f64::from(*g)) }
/// # }
/// # impl Mutate for Coin { fn mutate(&self, g: &mut u8, _: &mut Stream) { *g ^= 1; } }
/// # impl Crossover for Coin { fn crossover(&self, a: &u8, b: &u8, _: &mut Stream) -> (u8, u8) { (*b, *a) } }
/// let described = ludoforge_job::explore::Described {
///     inner: &Coin,
///     evaluate: |g: &u8| Outcome::Evaluated(Evaluation {
///         fitness: f64::from(*g),
///         components: vec![],
///         descriptors: vec![f64::from(*g) * 10.0],
///     }),
/// };
/// let Outcome::Evaluated(e) = described.evaluate(&1) else { unreachable!() };
/// assert_eq!(e.descriptors, [10.0]);
/// ```
pub struct Described<'a, P, F> {
    /// The generator's problem.
    pub inner: &'a P,
    /// The evaluation with descriptors.
    pub evaluate: F,
}

impl<P: Problem, F: Fn(&P::Genome) -> Outcome + Sync> Problem for Described<'_, P, F> {
    type Genome = P::Genome;
    fn random_genome(&self, rng: &mut Stream) -> P::Genome {
        self.inner.random_genome(rng)
    }
    fn evaluate(&self, genome: &P::Genome) -> Outcome {
        (self.evaluate)(genome)
    }
}

impl<P: Mutate, F: Fn(&P::Genome) -> Outcome + Sync> Mutate for Described<'_, P, F> {
    fn mutate(&self, genome: &mut P::Genome, rng: &mut Stream) {
        self.inner.mutate(genome, rng);
    }
}

impl<P: Crossover, F: Fn(&P::Genome) -> Outcome + Sync> Crossover for Described<'_, P, F> {
    fn crossover(&self, a: &P::Genome, b: &P::Genome, rng: &mut Stream) -> (P::Genome, P::Genome) {
        self.inner.crossover(a, b, rng)
    }

    fn first_child(&self, a: &P::Genome, b: &P::Genome, rng: &mut Stream) -> P::Genome {
        self.inner.first_child(a, b, rng)
    }
}

/// The generator's problem seen through the chosen descriptors; for random sampling, a
/// "mutation" that draws a fresh random genome.
pub(super) struct Projected<'a, P> {
    pub(super) inner: &'a P,
    pub(super) picks: &'a [usize],
    pub(super) random: bool,
}

impl<P: Problem> Problem for Projected<'_, P> {
    type Genome = P::Genome;
    fn random_genome(&self, rng: &mut Stream) -> P::Genome {
        self.inner.random_genome(rng)
    }
    fn evaluate(&self, genome: &P::Genome) -> Outcome {
        match self.inner.evaluate(genome) {
            Outcome::Evaluated(mut evaluation) => {
                let all = std::mem::take(&mut evaluation.descriptors);
                // A problem that offers fewer than picked leaves NaN, which the archive refuses.
                evaluation.descriptors = self
                    .picks
                    .iter()
                    .map(|&i| all.get(i).copied().unwrap_or(f64::NAN))
                    .collect();
                Outcome::Evaluated(evaluation)
            }
            rejected => rejected,
        }
    }
}

impl<P: Mutate> Mutate for Projected<'_, P> {
    fn mutate(&self, genome: &mut P::Genome, rng: &mut Stream) {
        if self.random {
            *genome = self.inner.random_genome(rng);
        } else {
            self.inner.mutate(genome, rng);
        }
    }
}

impl<P: Crossover> Crossover for Projected<'_, P> {
    fn crossover(&self, a: &P::Genome, b: &P::Genome, rng: &mut Stream) -> (P::Genome, P::Genome) {
        self.inner.crossover(a, b, rng)
    }

    fn first_child(&self, a: &P::Genome, b: &P::Genome, rng: &mut Stream) -> P::Genome {
        self.inner.first_child(a, b, rng)
    }
}
