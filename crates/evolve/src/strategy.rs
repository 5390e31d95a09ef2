//! The strategy trait: one step of a search algorithm, state in, state out.

use crate::error::EvolveError;
use crate::problem::{Crossover, Mutate, Outcome};
use crate::rng::{Stream, between};
use crate::state::State;

/// What one step did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Step {
    /// A better individual than any before was found.
    pub new_best: bool,
    /// A generation was completed during this step.
    pub generation_completed: bool,
}

/// A search algorithm over a problem `P`: how to build the first population and how to advance.
///
/// Strategies never print and never read the clock; the executor owns the loop.
pub trait Strategy<P: crate::problem::Problem>: Send + Sync {
    /// A short name for reports, e.g. "steady-state".
    fn name(&self) -> &'static str;

    /// Checks the settings before any work starts.
    ///
    /// # Errors
    /// [`EvolveError::InvalidSetting`] naming the first bad setting.
    fn validate(&self) -> Result<(), EvolveError>;

    /// Builds the initial state, giving up when `cancel` is set (looked at per individual).
    ///
    /// # Errors
    /// [`EvolveError::NoValidGenome`] if valid genomes cannot be sampled,
    /// [`EvolveError::Cancelled`] if cancelled before the state was built.
    fn init(
        &mut self,
        problem: &P,
        goal: crate::goal::Goal,
        seed: u64,
        cancel: Option<&std::sync::atomic::AtomicBool>,
    ) -> Result<State<P::Genome>, EvolveError>;

    /// Advances the search by one step (a mating or a generation, as the strategy defines).
    ///
    /// A strategy whose step can take long (a whole generation, a batch) looks at `cancel`
    /// within it (a relaxed load per candidate); a step cut short leaves `state` as it was and
    /// returns [`Step::default`] (nothing done), and the executor then ends the run. A short
    /// step (one mating) may ignore it. An uncancelled step is the same either way.
    fn step(
        &mut self,
        problem: &P,
        state: &mut State<P::Genome>,
        cancel: Option<&std::sync::atomic::AtomicBool>,
    ) -> Step;

    /// Brings `state.population` and `state.best` up to date before the engine reads them:
    /// before every [`Snapshot`](crate::Snapshot) and before the final report. A strategy that
    /// keeps its population in the state has nothing to do (the default).
    /// [`MapElites`](crate::MapElites) keeps its elites in its archive and copies them into the
    /// state here, so the copy is made only when someone looks.
    fn refresh(&mut self, _state: &mut State<P::Genome>) {}
}

/// A run may borrow its strategy, to look at it afterwards (a [`MapElites`](crate::MapElites)
/// archive's coverage and QD score, for one).
impl<P: crate::problem::Problem, S: Strategy<P> + ?Sized> Strategy<P> for &mut S {
    fn name(&self) -> &'static str {
        (**self).name()
    }
    fn validate(&self) -> Result<(), EvolveError> {
        (**self).validate()
    }
    fn init(
        &mut self,
        problem: &P,
        goal: crate::goal::Goal,
        seed: u64,
        cancel: Option<&std::sync::atomic::AtomicBool>,
    ) -> Result<State<P::Genome>, EvolveError> {
        (**self).init(problem, goal, seed, cancel)
    }
    fn step(
        &mut self,
        problem: &P,
        state: &mut State<P::Genome>,
        cancel: Option<&std::sync::atomic::AtomicBool>,
    ) -> Step {
        (**self).step(problem, state, cancel)
    }
    fn refresh(&mut self, state: &mut State<P::Genome>) {
        (**self).refresh(state);
    }
}

/// Applies between 1 and `max_mutations` mutations (uniformly many) to `genome`
/// (Ashlock, section III: "the number of mutations performed is selected uniformly at random
/// between 1 and the maximum").
pub fn mutate_some<P: Mutate>(
    problem: &P,
    genome: &mut P::Genome,
    max_mutations: usize,
    rng: &mut Stream,
) {
    let count = between(rng, 1, max_mutations.max(1));
    for _ in 0..count {
        problem.mutate(genome, rng);
    }
}

/// Crosses two parents and mutates both children.
pub fn breed<P: Mutate + Crossover>(
    problem: &P,
    a: &P::Genome,
    b: &P::Genome,
    max_mutations: usize,
    rng: &mut Stream,
) -> (P::Genome, P::Genome) {
    let (mut c1, mut c2) = problem.crossover(a, b, rng);
    mutate_some(problem, &mut c1, max_mutations, rng);
    mutate_some(problem, &mut c2, max_mutations, rng);
    (c1, c2)
}

/// Evaluates a child, returning its individual if valid; counts the work.
pub(crate) fn judge<P: crate::problem::Problem>(
    problem: &P,
    genome: P::Genome,
    goal: &crate::goal::Goal,
    counters: &mut crate::budget::Counters,
) -> Option<crate::individual::Individual<P::Genome>> {
    counters.evaluations += 1;
    match problem.evaluate(&genome) {
        Outcome::Evaluated(evaluation) => {
            Some(crate::individual::Individual::new(genome, evaluation, goal))
        }
        Outcome::Rejected(_) => {
            counters.rejections += 1;
            None
        }
    }
}

pub(crate) fn check_range(
    name: &'static str,
    value: usize,
    low: usize,
    high: usize,
) -> Result<(), EvolveError> {
    if (low..=high).contains(&value) {
        Ok(())
    } else {
        Err(EvolveError::InvalidSetting {
            name,
            value: value.to_string(),
            expected: format!("between {low} and {high}"),
        })
    }
}
