//! Fitness-proportional growth (Tijben and Gerhold): the population starts from given genomes
//! (published content) and only grows.

use crate::budget::Counters;
use crate::error::EvolveError;
use crate::goal::Goal;
use crate::individual::Individual;
use crate::problem::{Crossover, Mutate, Outcome, Problem};
use crate::rng::{below, unit};
use crate::state::State;
use crate::strategy::{Step, Strategy, judge};

/// Fitness-proportional growth. The initial population is the given `seeds` (those the
/// problem rejects are left out). Each step (a *cycle*) draws two different parents by
/// roulette wheel on the shifted score `score − shift × lowest score`, takes the first child
/// of their crossover, mutates it once, and appends it to the population if it is valid; an
/// invalid child is dropped and the cycle still counts. Nothing is ever removed.
///
/// Scores are expected to be positive (a maximised fitness); weights that fall to zero or
/// below are treated as a tiny positive weight, so every member stays eligible.
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
}

impl<G> Growing<G> {
    /// Growth from `seeds` with the paper's shift of 0.5.
    #[must_use]
    pub fn new(seeds: Vec<G>) -> Self {
        Growing { seeds, shift: 0.5 }
    }

    /// Sets the shift (0 = plain fitness-proportional choice).
    #[must_use]
    pub fn with_shift(mut self, shift: f64) -> Self {
        self.shift = shift;
        self
    }
}

/// One roulette-wheel draw over `weights` (each at least a tiny positive value).
fn spin(weights: &[f64], rng: &mut crate::rng::Stream) -> usize {
    let total: f64 = weights.iter().sum();
    let mut pick = unit(rng) * total;
    for (i, w) in weights.iter().enumerate() {
        if pick < *w {
            return i;
        }
        pick -= w;
    }
    weights.len() - 1
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

    fn init(&mut self, problem: &P, goal: Goal, seed: u64) -> Result<State<G>, EvolveError> {
        let mut counters = Counters::default();
        let mut population = Vec::new();
        let mut last_reason = std::borrow::Cow::Borrowed("no initial genome");
        for genome in &self.seeds {
            counters.evaluations += 1;
            match problem.evaluate(genome) {
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

    fn step(&mut self, problem: &P, state: &mut State<G>) -> Step {
        let lowest = state
            .population
            .iter()
            .map(|m| m.score)
            .fold(f64::INFINITY, f64::min);
        let weights: Vec<f64> = state
            .population
            .iter()
            .map(|m| (m.score - self.shift * lowest).max(1e-12))
            .collect();
        let n = weights.len();
        let (mut a, mut b) = (
            spin(&weights, &mut state.rng),
            spin(&weights, &mut state.rng),
        );
        // The paper redraws both while they are the same; give up after many tries on a
        // population dominated by one member (or of one member).
        let mut tries = 0;
        while a == b && n > 1 && tries < 1000 {
            a = spin(&weights, &mut state.rng);
            b = spin(&weights, &mut state.rng);
            tries += 1;
        }
        if a == b && n > 1 {
            b = (a + 1 + below(&mut state.rng, n - 1)) % n;
        }
        let (mut child, _) = problem.crossover(
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
