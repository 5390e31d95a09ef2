//! Generational evolution with tournament selection and elitism.

use rayon::prelude::*;
use std::sync::atomic::AtomicBool;

use crate::budget::Counters;
use crate::cancel::unless_cancelled;
use crate::error::EvolveError;
use crate::goal::Goal;
use crate::individual::Individual;
use crate::problem::{Crossover, Mutate};
use crate::rng::{Stream, below, stream};
use crate::state::State;
use crate::strategy::{Step, Strategy, breed, check_range, judge};

/// Generational evolution: each step replaces the whole population at once.
///
/// The `elite` best members are copied unchanged; the rest of the new population are children.
/// Each pair of children comes from two parents, each chosen as the best of `tournament`
/// members drawn uniformly with replacement, crossed over and mutated (1 to `max_mutations`
/// times). A pair whose children are rejected is bred again, at most `retries` times, after which
/// the rejected children are replaced by copies of their parents. Pair `j` of generation `g`
/// draws only from stream `(seed, g + 1, j)`, so pairs are bred in parallel with results that
/// do not depend on the number of threads.
///
/// ```
/// use ludoforge_evolve::Generational;
/// let strategy = Generational::new(100).with_elite(2).with_tournament(3);
/// assert_eq!(strategy.elite, 2);
/// ```
#[derive(Debug, Clone)]
pub struct Generational {
    /// Population size.
    pub population: usize,
    /// Tournament size for choosing each parent.
    pub tournament: usize,
    /// Members copied unchanged into the next generation.
    pub elite: usize,
    /// Maximum mutations per child.
    pub max_mutations: usize,
    /// Times a pair may be bred again when its children are rejected.
    pub retries: usize,
    /// Attempts to sample each initial genome before giving up.
    pub max_initial_attempts: u64,
}

impl Generational {
    /// Defaults: tournament 3, elite 1, one mutation, 10 retries.
    #[must_use]
    pub fn new(population: usize) -> Self {
        Generational {
            population,
            tournament: 3,
            elite: 1,
            max_mutations: 1,
            retries: 10,
            max_initial_attempts: 100_000,
        }
    }

    /// Sets the tournament size.
    #[must_use]
    pub fn with_tournament(mut self, size: usize) -> Self {
        self.tournament = size;
        self
    }

    /// Sets how many of the best are carried over unchanged.
    #[must_use]
    pub fn with_elite(mut self, elite: usize) -> Self {
        self.elite = elite;
        self
    }

    /// Sets the maximum number of mutations per child.
    #[must_use]
    pub fn with_max_mutations(mut self, max: usize) -> Self {
        self.max_mutations = max;
        self
    }
}

fn tournament_pick<G>(population: &[Individual<G>], size: usize, rng: &mut Stream) -> usize {
    let mut best = below(rng, population.len());
    for _ in 1..size {
        let other = below(rng, population.len());
        if population[other].score > population[best].score {
            best = other;
        }
    }
    best
}

struct Pair<G> {
    children: [Individual<G>; 2],
    counters: Counters,
}

impl Generational {
    fn breed_pair<P: Mutate + Crossover>(
        &self,
        problem: &P,
        population: &[Individual<P::Genome>],
        goal: &Goal,
        rng: &mut Stream,
    ) -> Pair<P::Genome> {
        let mut counters = Counters::default();
        let mut last_parents = (0, 0);
        for _ in 0..=self.retries {
            let a = tournament_pick(population, self.tournament, rng);
            let b = tournament_pick(population, self.tournament, rng);
            last_parents = (a, b);
            let (c1, c2) = breed(
                problem,
                &population[a].genome,
                &population[b].genome,
                self.max_mutations,
                rng,
            );
            counters.matings += 1;
            let first = judge(problem, c1, goal, &mut counters);
            let second = judge(problem, c2, goal, &mut counters);
            if let (Some(x), Some(y)) = (first, second) {
                return Pair {
                    children: [x, y],
                    counters,
                };
            }
        }
        Pair {
            children: [
                population[last_parents.0].clone(),
                population[last_parents.1].clone(),
            ],
            counters,
        }
    }
}

impl<P: Mutate + Crossover> Strategy<P> for Generational {
    fn name(&self) -> &'static str {
        "generational"
    }

    fn validate(&self) -> Result<(), EvolveError> {
        check_range("population", self.population, 2, 10_000_000)?;
        check_range("tournament", self.tournament, 1, self.population)?;
        check_range("elite", self.elite, 0, self.population - 1)?;
        check_range("max_mutations", self.max_mutations, 1, 1_000_000)
    }

    fn init(
        &mut self,
        problem: &P,
        goal: Goal,
        seed: u64,
        cancel: Option<&AtomicBool>,
    ) -> Result<State<P::Genome>, EvolveError> {
        State::sample(
            problem,
            goal,
            seed,
            (self.population, self.max_initial_attempts),
            cancel,
        )
    }

    /// One generation; cut short (and thrown away) once `cancel` is set, each pair looking at
    /// it before it is bred and after its children are judged.
    fn step(
        &mut self,
        problem: &P,
        state: &mut State<P::Genome>,
        cancel: Option<&AtomicBool>,
    ) -> Step {
        let generation = state.counters.generations;
        let mut order: Vec<usize> = (0..state.population.len()).collect();
        // Stable: equal scores keep population order.
        order.sort_by(|&a, &b| {
            state.population[b]
                .score
                .total_cmp(&state.population[a].score)
        });
        let mut next: Vec<Individual<P::Genome>> = order[..self.elite]
            .iter()
            .map(|&i| state.population[i].clone())
            .collect();
        let wanted = self.population - self.elite;
        let pairs: Option<Vec<Pair<P::Genome>>> = (0..wanted.div_ceil(2))
            .into_par_iter()
            .map(|j| {
                unless_cancelled(cancel, || {
                    let mut rng = stream(state.seed, generation + 1, j as u64);
                    self.breed_pair(problem, &state.population, &state.goal, &mut rng)
                })
            })
            .collect();
        let Some(pairs) = pairs else {
            // Cut short: the population stays the last whole generation.
            return Step::default();
        };
        let mut step = Step {
            new_best: false,
            generation_completed: true,
        };
        for pair in pairs {
            state.counters.matings += pair.counters.matings;
            state.counters.evaluations += pair.counters.evaluations;
            state.counters.rejections += pair.counters.rejections;
            for child in pair.children {
                if next.len() < self.population {
                    step.new_best |= state.offer_best(&child);
                    next.push(child);
                }
            }
        }
        state.population = next;
        state.counters.generations += 1;
        step
    }
}

/// Keeps nothing between generations besides the [`State`]: every pair draws from a stream of
/// its own.
impl<P: Mutate + Crossover> crate::Resumable<P> for Generational {
    fn restore(
        &mut self,
        _saved: &serde_json::Value,
        state: &State<P::Genome>,
    ) -> Result<(), EvolveError> {
        crate::steady_state::check_saved_population(self.population, state)
    }
}
