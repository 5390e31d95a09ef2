//! The steady-state tournament of Ashlock (section III).

use crate::error::EvolveError;
use crate::goal::Goal;
use crate::problem::{Crossover, Mutate};
use crate::rng::distinct_indices;
use crate::state::State;
use crate::strategy::{Step, Strategy, breed, check_range, judge};
use std::sync::atomic::AtomicBool;

/// Steady-state evolution with single tournament selection.
///
/// Each step is one mating event: `tournament` members are drawn uniformly without
/// replacement and sorted by score; the two best are crossed over and their children mutated
/// (1 to `max_mutations` times); the children replace the two worst members of the tournament.
/// A child that is rejected as invalid is discarded and the member it would have replaced stays.
/// Ties in the tournament are broken by draw order, so they are broken at random.
///
/// ```
/// use ludoforge_evolve::SteadyState;
/// let strategy = SteadyState::new(1200).with_tournament(7).with_max_mutations(1);
/// assert_eq!(strategy.population, 1200);
/// ```
#[derive(Debug, Clone)]
pub struct SteadyState {
    /// Population size (Ashlock: 1200).
    pub population: usize,
    /// Tournament size (Ashlock: 7); at least 4 so parents and replaced members differ.
    pub tournament: usize,
    /// Maximum mutations per child (Ashlock: 1).
    pub max_mutations: usize,
    /// Attempts to sample each initial genome before giving up.
    pub max_initial_attempts: u64,
    scratch: Vec<usize>,
}

impl SteadyState {
    /// The paper's settings for a population of `population`: tournament 7, one mutation.
    #[must_use]
    pub fn new(population: usize) -> Self {
        SteadyState {
            population,
            tournament: 7,
            max_mutations: 1,
            max_initial_attempts: 100_000,
            scratch: Vec::new(),
        }
    }

    /// Sets the tournament size.
    #[must_use]
    pub fn with_tournament(mut self, size: usize) -> Self {
        self.tournament = size;
        self
    }

    /// Sets the maximum number of mutations per child.
    #[must_use]
    pub fn with_max_mutations(mut self, max: usize) -> Self {
        self.max_mutations = max;
        self
    }
}

impl<P: Mutate + Crossover> Strategy<P> for SteadyState {
    fn name(&self) -> &'static str {
        "steady-state"
    }

    fn validate(&self) -> Result<(), EvolveError> {
        check_range("population", self.population, 4, 10_000_000)?;
        check_range("tournament", self.tournament, 4, self.population)?;
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

    /// One mating: short, so it does not look at `cancel`.
    fn step(
        &mut self,
        problem: &P,
        state: &mut State<P::Genome>,
        _cancel: Option<&AtomicBool>,
    ) -> Step {
        let n = state.population.len();
        distinct_indices(&mut state.rng, n, self.tournament, &mut self.scratch);
        let members = &state.population;
        // Stable insertion sort by score, best first: ties keep draw order.
        let tournament = &mut self.scratch;
        for i in 1..tournament.len() {
            let mut j = i;
            while j > 0 && members[tournament[j]].score > members[tournament[j - 1]].score {
                tournament.swap(j, j - 1);
                j -= 1;
            }
        }
        let (first, second) = (tournament[0], tournament[1]);
        let worst = [
            tournament[tournament.len() - 1],
            tournament[tournament.len() - 2],
        ];
        let (c1, c2) = breed(
            problem,
            &members[first].genome,
            &members[second].genome,
            self.max_mutations,
            &mut state.rng,
        );
        let mut step = Step::default();
        for (slot, child) in worst.into_iter().zip([c1, c2]) {
            if let Some(individual) = judge(problem, child, &state.goal, &mut state.counters) {
                step.new_best |= state.offer_best(&individual);
                state.population[slot] = individual;
            }
        }
        state.counters.matings += 1;
        let per_generation = (n as u64 / 2).max(1);
        if state.counters.matings % per_generation == 0 {
            state.counters.generations += 1;
            step.generation_completed = true;
        }
        step
    }
}

/// Keeps nothing between steps besides the [`State`] (the tournament's scratch space is
/// refilled every step).
impl<P: Mutate + Crossover> crate::Resumable<P> for SteadyState {
    fn restore(
        &mut self,
        _saved: &serde_json::Value,
        state: &State<P::Genome>,
    ) -> Result<(), EvolveError> {
        check_saved_population(self.population, state)
    }
}

/// Refuses a saved population of another size than the strategy's.
pub(crate) fn check_saved_population<G>(
    population: usize,
    state: &State<G>,
) -> Result<(), EvolveError> {
    if state.population.len() == population {
        Ok(())
    } else {
        Err(EvolveError::Checkpoint(format!(
            "the saved run has a population of {}, not {population}",
            state.population.len()
        )))
    }
}
