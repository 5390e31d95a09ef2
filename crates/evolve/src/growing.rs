//! Fitness-proportional growth (Tijben and Gerhold): the population starts from given genomes
//! (published content) and only grows.

mod wheel;

use crate::budget::Counters;
use crate::error::EvolveError;
use crate::goal::Goal;
use crate::individual::Individual;
use crate::problem::{Crossover, Mutate, Outcome, Problem};
use crate::rng::{Stream, below, unit};
use crate::state::State;
use crate::strategy::{Step, Strategy, judge};

use wheel::{TINY, Wheel, linear};

/// Fitness-proportional growth. The initial population is the given `seeds` (those the
/// problem rejects are left out). Each step (a *cycle*) draws two different parents by
/// roulette wheel on the shifted score `score − shift × lowest score`, takes the first child
/// of their crossover, mutates it once, and appends it to the population if it is valid; an
/// invalid child is dropped and the cycle still counts. Nothing is ever removed.
///
/// Scores are expected to be positive (a maximised fitness); weights that fall to zero or
/// below are treated as a tiny positive weight, so every member stays eligible.
///
/// # Complexity
/// A cycle costs O(log n) in the population size n, besides the problem's own crossover,
/// mutation and evaluation: the strategy keeps a Fenwick tree of the members' scores (extended
/// as the population grows) and spins the wheel by descending it. When some weight is clamped
/// to the tiny value (scores that are not all positive, as under [`Goal::Minimise`], or a
/// shift of 1, which leaves the lowest member nothing), the wheel is spun linearly instead,
/// in O(n) a cycle. Both wheels choose the same parents from the same draws, up to the
/// rounding of their sums, so a seed gives the same run either way.
///
/// ```
/// use ludoforge_evolve::Growing;
/// let strategy = Growing::new(vec![1u32, 2, 3]);
/// assert_eq!(strategy.shift, 0.5);
/// ```
#[derive(Debug, Clone)]
pub struct Growing<G> {
    /// The initial population.
    pub seeds: Vec<G>,
    /// How much of the lowest score is taken off every score before the roulette wheel.
    pub shift: f64,
    /// The outcomes of the first seeds, known already (see [`Growing::scored`]): those seeds
    /// are not evaluated again.
    known: Vec<Outcome>,
    /// The population's scores as a Fenwick tree, brought up to date at every step.
    wheel: Wheel,
    /// Members the population makes room for at the start, besides the seeds.
    expected: usize,
}

impl<G> Growing<G> {
    /// Growth from `seeds` with the paper's shift of 0.5.
    #[must_use]
    pub fn new(seeds: Vec<G>) -> Self {
        Growing {
            seeds,
            shift: 0.5,
            known: Vec::new(),
            wheel: Wheel::default(),
            expected: 0,
        }
    }

    /// Growth from seeds scored already (by a caller that checked them before the run, say),
    /// with the paper's shift of 0.5: the initial population is what [`Growing::new`] would
    /// make of the seeds, without evaluating them again. Each outcome must be the problem's
    /// verdict on its genome; the counters count every seed as evaluated, as `new` does.
    ///
    /// ```
    /// use ludoforge_evolve::{Growing, Outcome};
    /// let strategy = Growing::scored(vec![(1u32, Outcome::fitness(1.0)), (2, Outcome::rejected("odd"))]);
    /// assert_eq!(strategy.seeds, vec![1, 2]);
    /// ```
    #[must_use]
    pub fn scored(seeds: Vec<(G, Outcome)>) -> Self {
        let (seeds, known) = seeds.into_iter().unzip();
        Growing {
            known,
            ..Growing::new(seeds)
        }
    }

    /// Makes room at the start for the children of `cycles` cycles (at most 65,536), so that a
    /// population that grows by a member a cycle is not moved in memory as it grows. Only
    /// memory: the run is the same with any number.
    #[must_use]
    pub fn expecting(mut self, cycles: u64) -> Self {
        self.expected = cycles.min(1 << 16) as usize;
        self
    }

    /// Sets the shift (0 = plain fitness-proportional choice).
    #[must_use]
    pub fn with_shift(mut self, shift: f64) -> Self {
        self.shift = shift;
        self
    }
}

/// How one step spins the roulette wheel: over the tree, or over every member's weight.
enum Spinner<'a> {
    /// Every weight is `score − offset` and positive; the total weight is `total`.
    Tree {
        wheel: &'a Wheel,
        offset: f64,
        total: f64,
    },
    /// Some weight is clamped: the weights one by one.
    Linear(Vec<f64>),
}

impl Spinner<'_> {
    /// One roulette-wheel draw: one [`unit`] draw from `rng`.
    fn spin(&self, rng: &mut Stream) -> usize {
        match self {
            Spinner::Tree {
                wheel,
                offset,
                total,
            } => wheel.find(*offset, unit(rng) * total),
            Spinner::Linear(weights) => linear(weights, unit(rng)),
        }
    }
}

impl<G, P> Strategy<P> for Growing<G>
where
    G: Clone + Send + Sync + std::hash::Hash + Eq,
    P: Mutate + Crossover + Problem<Genome = G>,
{
    fn name(&self) -> &'static str {
        "fitness-proportional growth"
    }

    fn validate(&self) -> Result<(), EvolveError> {
        if self.seeds.is_empty() {
            return Err(EvolveError::InvalidSetting {
                name: "seeds",
                value: "0".into(),
                expected: "at least one initial genome".into(),
            });
        }
        if !(self.shift.is_finite() && (0.0..=1.0).contains(&self.shift)) {
            return Err(EvolveError::InvalidSetting {
                name: "shift",
                value: self.shift.to_string(),
                expected: "between 0 and 1".into(),
            });
        }
        Ok(())
    }

    /// The seeds, evaluated whole: they are the few genomes the caller gave, so a cancel is
    /// looked at from the first cycle on, and a run cancelled at once keeps the best seed.
    fn init(
        &mut self,
        problem: &P,
        goal: Goal,
        seed: u64,
        _cancel: Option<&std::sync::atomic::AtomicBool>,
    ) -> Result<State<G>, EvolveError> {
        self.wheel = Wheel::default();
        let mut counters = Counters::default();
        let mut population = Vec::with_capacity(self.seeds.len() + self.expected);
        let mut last_reason = std::borrow::Cow::Borrowed("no initial genome");
        for (i, genome) in self.seeds.iter().enumerate() {
            counters.evaluations += 1;
            let outcome = match self.known.get(i) {
                Some(known) => known.clone(),
                None => problem.evaluate(genome),
            };
            match outcome {
                Outcome::Evaluated(e) => population.push(Individual::new(genome.clone(), e, &goal)),
                Outcome::Rejected(r) => {
                    counters.rejections += 1;
                    last_reason = r.reason;
                }
            }
        }
        if population.is_empty() {
            return Err(EvolveError::NoValidGenome {
                attempts: self.seeds.len() as u64,
                last_reason,
            });
        }
        Ok(State::new(seed, goal, population, counters))
    }

    /// One cycle: short, so it does not look at `cancel`.
    fn step(
        &mut self,
        problem: &P,
        state: &mut State<G>,
        _cancel: Option<&std::sync::atomic::AtomicBool>,
    ) -> Step {
        self.wheel.sync(&state.population);
        let offset = self.shift * self.wheel.lowest();
        let spinner = match self.wheel.total(offset) {
            Some(total) => Spinner::Tree {
                wheel: &self.wheel,
                offset,
                total,
            },
            None => Spinner::Linear(
                state
                    .population
                    .iter()
                    .map(|m| (m.score - offset).max(TINY))
                    .collect(),
            ),
        };
        let n = state.population.len();
        let (mut a, mut b) = (spinner.spin(&mut state.rng), spinner.spin(&mut state.rng));
        // The paper redraws both while they are the same; give up after many tries on a
        // population dominated by one member (or of one member).
        let mut tries = 0;
        while a == b && n > 1 && tries < 1000 {
            a = spinner.spin(&mut state.rng);
            b = spinner.spin(&mut state.rng);
            tries += 1;
        }
        if a == b && n > 1 {
            b = (a + 1 + below(&mut state.rng, n - 1)) % n;
        }
        let mut child = problem.first_child(
            &state.population[a].genome,
            &state.population[b].genome,
            &mut state.rng,
        );
        problem.mutate(&mut child, &mut state.rng);
        let mut step = Step {
            new_best: false,
            generation_completed: true,
        };
        if let Some(individual) = judge(problem, child, &state.goal, &mut state.counters) {
            step.new_best = state.offer_best(&individual);
            state.population.push(individual);
        }
        state.counters.matings += 1;
        state.counters.generations += 1;
        step
    }
}

/// Keeps nothing between cycles besides the [`State`]: the roulette wheel is rebuilt from the
/// population at the next cycle, adding the members' scores in the order the running wheel
/// added them, so to the same bits.
impl<G, P> crate::Resumable<P> for Growing<G>
where
    G: Clone + Send + Sync + std::hash::Hash + Eq,
    P: Mutate + Crossover + Problem<Genome = G>,
{
    fn restore(
        &mut self,
        _saved: &serde_json::Value,
        _state: &State<G>,
    ) -> Result<(), EvolveError> {
        self.wheel = Wheel::default();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::run::Run;

    /// Four numbers below 100; the fitness is their sum plus one, so always positive.
    struct Numbers;

    impl Problem for Numbers {
        type Genome = [u32; 4];
        fn random_genome(&self, rng: &mut Stream) -> [u32; 4] {
            std::array::from_fn(|_| below(rng, 100) as u32)
        }
        fn evaluate(&self, genome: &[u32; 4]) -> Outcome {
            if genome[0] == 99 {
                return Outcome::rejected("the first number may not be 99");
            }
            Outcome::fitness(1.0 + genome.iter().map(|&n| f64::from(n)).sum::<f64>())
        }
    }

    impl Mutate for Numbers {
        fn mutate(&self, genome: &mut [u32; 4], rng: &mut Stream) {
            let i = below(rng, 4);
            genome[i] = below(rng, 100) as u32;
        }
    }

    impl Crossover for Numbers {
        fn crossover(&self, a: &[u32; 4], b: &[u32; 4], rng: &mut Stream) -> ([u32; 4], [u32; 4]) {
            let cut = below(rng, 5);
            let (mut c, mut d) = (*a, *b);
            c[cut..].copy_from_slice(&b[cut..]);
            d[cut..].copy_from_slice(&a[cut..]);
            (c, d)
        }
    }

    fn seeds() -> Vec<[u32; 4]> {
        (0..10).map(|i| [i, i + 1, 2 * i, 3]).collect()
    }

    /// The cycle as it was before the tree: lowest score, weights and linear wheel rebuilt
    /// every cycle.
    fn linear_cycle(shift: f64, state: &mut State<[u32; 4]>) {
        let lowest = state
            .population
            .iter()
            .map(|m| m.score)
            .fold(f64::INFINITY, f64::min);
        let weights: Vec<f64> = state
            .population
            .iter()
            .map(|m| (m.score - shift * lowest).max(TINY))
            .collect();
        let n = weights.len();
        let spin = |rng: &mut Stream| linear(&weights, unit(rng));
        let (mut a, mut b) = (spin(&mut state.rng), spin(&mut state.rng));
        let mut tries = 0;
        while a == b && n > 1 && tries < 1000 {
            a = spin(&mut state.rng);
            b = spin(&mut state.rng);
            tries += 1;
        }
        if a == b && n > 1 {
            b = (a + 1 + below(&mut state.rng, n - 1)) % n;
        }
        let (mut child, _) = Numbers.crossover(
            &state.population[a].genome,
            &state.population[b].genome,
            &mut state.rng,
        );
        Numbers.mutate(&mut child, &mut state.rng);
        if let Some(individual) = judge(&Numbers, child, &state.goal, &mut state.counters) {
            state.offer_best(&individual);
            state.population.push(individual);
        }
        state.counters.matings += 1;
        state.counters.generations += 1;
    }

    #[test]
    fn the_tree_grows_the_same_population_as_the_linear_wheel() {
        for (shift, goal) in [
            (0.5, Goal::Maximise),
            (0.0, Goal::Maximise),
            (0.9, Goal::Maximise),
            // Clamped weights: the linear wheel in both.
            (1.0, Goal::Maximise),
            (0.5, Goal::Minimise),
        ] {
            let mut fast = Growing::new(seeds()).with_shift(shift);
            let mut state = Strategy::<Numbers>::init(&mut fast, &Numbers, goal, 9, None).unwrap();
            let mut reference = state.clone();
            for _ in 0..3_000 {
                fast.step(&Numbers, &mut state, None);
                linear_cycle(shift, &mut reference);
            }
            let genomes = |s: &State<[u32; 4]>| -> Vec<[u32; 4]> {
                s.population.iter().map(|m| m.genome).collect()
            };
            assert_eq!(genomes(&state), genomes(&reference), "shift {shift}");
            assert_eq!(state.counters, reference.counters, "shift {shift}");
            assert!(state.counters.rejections > 0);
        }
    }

    #[test]
    fn same_seed_same_run() {
        let run = |seed: u64| {
            Run::new(&Numbers, Growing::new(seeds()))
                .budget(Budget::generations(2_000))
                .seed(seed)
                .execute()
                .unwrap()
        };
        let genomes = |seed: u64| -> Vec<[u32; 4]> {
            run(seed).population.iter().map(|m| m.genome).collect()
        };
        assert_eq!(genomes(3), genomes(3));
        assert_ne!(genomes(3), genomes(4));
    }

    /// Counts its evaluations, and refuses the seeds a test says are scored already.
    struct Counting<'a> {
        evaluated: std::sync::atomic::AtomicUsize,
        scored: &'a [[u32; 4]],
    }

    impl Problem for Counting<'_> {
        type Genome = [u32; 4];
        fn random_genome(&self, rng: &mut Stream) -> [u32; 4] {
            Numbers.random_genome(rng)
        }
        fn evaluate(&self, genome: &[u32; 4]) -> Outcome {
            assert!(
                !self.scored.contains(genome),
                "{genome:?} was scored already"
            );
            self.evaluated
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Numbers.evaluate(genome)
        }
    }

    impl Mutate for Counting<'_> {
        fn mutate(&self, genome: &mut [u32; 4], rng: &mut Stream) {
            Numbers.mutate(genome, rng);
        }
    }

    impl Crossover for Counting<'_> {
        fn crossover(&self, a: &[u32; 4], b: &[u32; 4], rng: &mut Stream) -> ([u32; 4], [u32; 4]) {
            Numbers.crossover(a, b, rng)
        }
    }

    /// Seeds scored before the run start it as if evaluated there: the same run, the same
    /// counters, and none of them evaluated again.
    #[test]
    fn scored_seeds_are_not_evaluated_again() {
        let mut seeds = seeds();
        seeds[3][0] = 99; // rejected
        let scored: Vec<([u32; 4], Outcome)> =
            seeds.iter().map(|g| (*g, Numbers.evaluate(g))).collect();
        let plain = Counting {
            evaluated: std::sync::atomic::AtomicUsize::new(0),
            scored: &[],
        };
        let whole = Run::new(&plain, Growing::new(seeds.clone()))
            .budget(Budget::generations(300))
            .seed(7)
            .execute()
            .unwrap();
        let counting = Counting {
            evaluated: std::sync::atomic::AtomicUsize::new(0),
            scored: &seeds,
        };
        let quick = Run::new(&counting, Growing::scored(scored))
            .budget(Budget::generations(300))
            .seed(7)
            .execute()
            .unwrap();
        let genomes = |r: &crate::Report<[u32; 4]>| -> Vec<[u32; 4]> {
            r.population.iter().map(|m| m.genome).collect()
        };
        assert_eq!(genomes(&quick), genomes(&whole));
        assert_eq!(quick.counters, whole.counters);
        assert_eq!(
            counting.evaluated.into_inner() + seeds.len(),
            plain.evaluated.into_inner()
        );
    }

    #[test]
    fn a_reused_strategy_starts_afresh() {
        let mut strategy = Growing::new(seeds());
        let grow = |strategy: &mut Growing<[u32; 4]>, seed: u64| {
            let mut state =
                Strategy::<Numbers>::init(strategy, &Numbers, Goal::Maximise, seed, None).unwrap();
            for _ in 0..500 {
                strategy.step(&Numbers, &mut state, None);
            }
            state
                .population
                .iter()
                .map(|m| m.genome)
                .collect::<Vec<_>>()
        };
        let first = grow(&mut strategy, 5);
        let _ = grow(&mut strategy, 6);
        assert_eq!(grow(&mut strategy, 5), first);
        assert_eq!(grow(&mut Growing::new(seeds()), 5), first);
    }
}
