//! The state of a run: the population, the best so far, and the counters.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::budget::Counters;
use crate::cancel::is_set;
use crate::error::EvolveError;
use crate::goal::Goal;
use crate::individual::{Individual, best_index};
use crate::problem::{Outcome, Problem};
use crate::rng::{Stream, stream};

/// Stream coordinate used for a strategy's sequential stream (distinct from any generation).
const SEQUENTIAL: u64 = u64::MAX;

/// Everything a strategy changes from one step to the next.
///
/// It serialises with serde when the genome does: with the strategy's own state
/// ([`Resumable`](crate::Resumable)) it is what a [`Saved`](crate::Saved) run holds.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct State<G> {
    /// The run's master seed.
    pub seed: u64,
    /// The goal individuals are scored under.
    pub goal: Goal,
    /// The current population.
    pub population: Vec<Individual<G>>,
    /// The best individual found so far in the run.
    pub best: Individual<G>,
    /// Work done so far.
    pub counters: Counters,
    /// The random stream for strategies that work sequentially.
    pub rng: Stream,
}

impl<G: Clone> State<G> {
    /// A state around an initial population.
    ///
    /// # Panics
    /// Panics if `population` is empty.
    #[must_use]
    pub fn new(seed: u64, goal: Goal, population: Vec<Individual<G>>, counters: Counters) -> Self {
        let best = population[best_index(&population).expect("an initial population")].clone();
        State {
            seed,
            goal,
            population,
            best,
            counters,
            rng: stream(seed, SEQUENTIAL, 0),
        }
    }

    /// A state around a freshly sampled initial population (see [`initial_population`]).
    ///
    /// # Errors
    /// [`EvolveError::NoValidGenome`] if valid genomes cannot be sampled,
    /// [`EvolveError::Cancelled`] if `cancel` is set before the population is drawn.
    pub fn sample<P: Problem<Genome = G>>(
        problem: &P,
        goal: Goal,
        seed: u64,
        (size, max_attempts): (usize, u64),
        cancel: Option<&AtomicBool>,
    ) -> Result<Self, EvolveError> {
        let (population, counters) =
            initial_population_until(problem, &goal, seed, size, max_attempts, cancel)?;
        Ok(State::new(seed, goal, population, counters))
    }

    /// Offers an individual as a new best; returns true if it is better than any before.
    pub fn offer_best(&mut self, candidate: &Individual<G>) -> bool {
        if candidate.score > self.best.score {
            self.best = candidate.clone();
            true
        } else {
            false
        }
    }
}

/// An initial population and the work it took to sample it.
pub type Sampled<G> = (Vec<Individual<G>>, Counters);

/// Samples `size` valid genomes in parallel, individual `i` drawing from stream `(seed, 0, i)`
/// until its genome is accepted (at most `max_attempts` tries), so the result does not depend
/// on the number of threads. As soon as one individual has used all its attempts, the others
/// give up too: the run cannot start, and waiting for them would only delay the error.
///
/// # Errors
/// [`EvolveError::NoValidGenome`] if some individual found no valid genome in time.
pub fn initial_population<P: Problem>(
    problem: &P,
    goal: &Goal,
    seed: u64,
    size: usize,
    max_attempts: u64,
) -> Result<Sampled<P::Genome>, EvolveError> {
    initial_population_until(problem, goal, seed, size, max_attempts, None)
}

/// [`initial_population`], giving up as soon as `cancel` is set: each individual looks at the
/// flag before it starts and every 64 attempts (a relaxed load), so a large population or a
/// hard problem stops drawing at once. An uncancelled draw is the same as
/// [`initial_population`]'s.
///
/// # Errors
/// [`EvolveError::NoValidGenome`] if some individual found no valid genome in time,
/// [`EvolveError::Cancelled`] if the flag was set before every individual was drawn.
pub fn initial_population_until<P: Problem>(
    problem: &P,
    goal: &Goal,
    seed: u64,
    size: usize,
    max_attempts: u64,
    cancel: Option<&AtomicBool>,
) -> Result<Sampled<P::Genome>, EvolveError> {
    let (sampled, whole) =
        initial_population_so_far(problem, goal, seed, size, max_attempts, cancel)?;
    if !whole {
        return Err(EvolveError::Cancelled);
    }
    Ok(sampled)
}

/// [`initial_population_until`], keeping what was drawn when `cancel` is set: the individuals
/// whose evaluation ended before the flag was seen, in the order of their streams, and whether
/// that is the whole population (`true` unless cancelled).
///
/// An evaluation that ends once the flag is set is left out, even if it is whole: a problem
/// may cut an evaluation short when it sees the flag (a playtest stopped between matches), and
/// its score must not be mistaken for a real one.
///
/// # Errors
/// [`EvolveError::NoValidGenome`] if some individual found no valid genome in time.
pub fn initial_population_so_far<P: Problem>(
    problem: &P,
    goal: &Goal,
    seed: u64,
    size: usize,
    max_attempts: u64,
    cancel: Option<&AtomicBool>,
) -> Result<(Sampled<P::Genome>, bool), EvolveError> {
    let cancelled = || is_set(cancel);
    /// A valid individual and its attempts, or the reason sampling stopped.
    enum Draw<G> {
        Found(Individual<G>, u64),
        Failed(EvolveError),
        Abandoned,
    }
    let failed = AtomicBool::new(false);
    let sampled: Vec<Draw<P::Genome>> = (0..size)
        .into_par_iter()
        .map(|i| {
            if cancelled() {
                return Draw::Abandoned;
            }
            let mut rng = stream(seed, 0, i as u64);
            let mut last_reason = "no attempt made".into();
            for attempt in 1..=max_attempts {
                if attempt % 64 == 0 && (failed.load(Ordering::Relaxed) || cancelled()) {
                    return Draw::Abandoned;
                }
                let genome = problem.random_genome(&mut rng);
                let outcome = problem.evaluate(&genome);
                if cancelled() {
                    return Draw::Abandoned;
                }
                match outcome {
                    Outcome::Evaluated(evaluation) => {
                        return Draw::Found(Individual::new(genome, evaluation, goal), attempt);
                    }
                    Outcome::Rejected(rejection) => last_reason = rejection.reason,
                }
            }
            failed.store(true, Ordering::Relaxed);
            Draw::Failed(EvolveError::NoValidGenome {
                attempts: max_attempts,
                last_reason,
            })
        })
        .collect();
    if let Some(error) = sampled.iter().find_map(|draw| match draw {
        Draw::Failed(error) => Some(error.clone()),
        _ => None,
    }) {
        return Err(error);
    }
    let whole = !sampled.iter().any(|draw| matches!(draw, Draw::Abandoned));
    let mut population = Vec::with_capacity(size);
    let mut counters = Counters::default();
    for draw in sampled {
        if let Draw::Found(individual, attempts) = draw {
            counters.evaluations += attempts;
            counters.rejections += attempts - 1;
            population.push(individual);
        }
    }
    Ok(((population, counters), whole))
}
