//! The executor: owns the loop, the budget, the observers and the stop decision.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::budget::{Budget, Counters, StopReason};
use crate::error::EvolveError;
use crate::goal::Goal;
use crate::individual::{Individual, PopulationStats};
use crate::observer::{Observer, Snapshot};
use crate::problem::Problem;
use crate::state::State;
use crate::strategy::Strategy;

/// A configured run of a strategy on a problem.
///
/// ```
/// use ludoforge_evolve::{Budget, Goal, Run, SteadyState};
/// # use ludoforge_evolve::{Crossover, Mutate, Outcome, Problem, Stream, rng::below};
/// # struct OneMax;
/// # impl Problem for OneMax {
/// #     type Genome = Vec<bool>;
/// #     fn random_genome(&self, rng: &mut Stream) -> Vec<bool> { (0..16).map(|_| below(rng, 2) == 1).collect() }
/// #     fn evaluate(&self, g: &Vec<bool>) -> Outcome { Outcome::fitness(g.iter().filter(|&&b| b).count() as f64) }
/// # }
/// # impl Mutate for OneMax { fn mutate(&self, g: &mut Vec<bool>, rng: &mut Stream) { let i = below(rng, g.len()); g[i] = !g[i]; } }
/// # impl Crossover for OneMax { fn crossover(&self, a: &Vec<bool>, b: &Vec<bool>, _: &mut Stream) -> (Vec<bool>, Vec<bool>) { (a.clone(), b.clone()) } }
/// let report = Run::new(&OneMax, SteadyState::new(40))
///     .goal(Goal::target(16.0, 100.0))
///     .budget(Budget::matings(20_000))
///     .stop_when_met(true)
///     .seed(7)
///     .execute()
///     .unwrap();
/// assert_eq!(report.best.fitness(), 16.0);
/// assert_eq!(report.stop, ludoforge_evolve::StopReason::TargetMet);
/// ```
pub struct Run<'a, P: Problem, S> {
    problem: &'a P,
    strategy: S,
    goal: Goal,
    budget: Budget,
    seed: u64,
    stop_when_met: bool,
    observers: Vec<&'a mut dyn Observer>,
    cancel: Option<&'a AtomicBool>,
}

/// The result of a run.
#[derive(Debug, Clone)]
pub struct Report<G> {
    /// The best individual found in the whole run.
    pub best: Individual<G>,
    /// The final population.
    pub population: Vec<Individual<G>>,
    /// Work done.
    pub counters: Counters,
    /// Why the run stopped.
    pub stop: StopReason,
    /// The master seed.
    pub seed: u64,
    /// Wall-clock time taken (not part of any reproducible output).
    pub elapsed: Duration,
}

impl<'a, P: Problem, S: Strategy<P>> Run<'a, P, S> {
    /// A run of `strategy` on `problem`; defaults: maximise, seed 0, no budget (must be set),
    /// run until the budget is spent.
    #[must_use]
    pub fn new(problem: &'a P, strategy: S) -> Self {
        Run {
            problem,
            strategy,
            goal: Goal::Maximise,
            budget: Budget::default(),
            seed: 0,
            stop_when_met: false,
            observers: Vec::new(),
            cancel: None,
        }
    }

    /// Sets the goal (default: maximise).
    #[must_use]
    pub fn goal(mut self, goal: Goal) -> Self {
        self.goal = goal;
        self
    }

    /// Sets the budget (required).
    #[must_use]
    pub fn budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Sets the master seed (default 0).
    #[must_use]
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Stops as soon as the goal's target is met (default: false, spend the whole budget).
    #[must_use]
    pub fn stop_when_met(mut self, stop: bool) -> Self {
        self.stop_when_met = stop;
        self
    }

    /// Adds an observer.
    #[must_use]
    pub fn observe(mut self, observer: &'a mut dyn Observer) -> Self {
        self.observers.push(observer);
        self
    }

    /// Stops the run (with [`StopReason::Interrupted`]) when `flag` becomes true.
    #[must_use]
    pub fn cancel_on(mut self, flag: &'a AtomicBool) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Carries out the run.
    ///
    /// # Errors
    /// [`EvolveError::Unbounded`] without a budget, [`EvolveError::InvalidSetting`] for a bad
    /// strategy setting, [`EvolveError::NoValidGenome`] if no valid initial genome is found.
    pub fn execute(mut self) -> Result<Report<P::Genome>, EvolveError> {
        if self.budget.is_unbounded() {
            return Err(EvolveError::Unbounded);
        }
        self.strategy.validate()?;
        let started = Instant::now();
        let mut state = self.strategy.init(self.problem, self.goal, self.seed)?;
        if !self.observers.is_empty() {
            self.strategy.refresh(&mut state);
            let snapshot = snapshot(&state);
            for observer in &mut self.observers {
                observer.on_start(&snapshot);
            }
        }
        // Which observers get a snapshot after each generation; none wanting one spares the
        // population statistics.
        let wanting: Vec<bool> = self.observers.iter().map(|o| o.wants_snapshots()).collect();
        let any_wanting = wanting.contains(&true);
        let stop = loop {
            if self.stop_when_met && self.goal.is_met(state.best.fitness()) {
                break StopReason::TargetMet;
            }
            if self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                break StopReason::Interrupted;
            }
            // Only a time budget needs the clock.
            let elapsed = if self.budget.time.is_some() {
                started.elapsed()
            } else {
                Duration::ZERO
            };
            if let Some(reason) = self.budget.exhausted(&state.counters, elapsed) {
                break reason;
            }
            let step = self.strategy.step(self.problem, &mut state);
            if self.observers.is_empty() {
                continue;
            }
            let best = state.best.fitness();
            if step.new_best {
                for observer in &mut self.observers {
                    observer.on_new_best(&state.counters, best);
                }
            }
            for observer in &mut self.observers {
                observer.on_progress(&state.counters, best);
            }
            if step.generation_completed && any_wanting {
                self.strategy.refresh(&mut state);
                let snapshot = snapshot(&state);
                for (observer, &wants) in self.observers.iter_mut().zip(&wanting) {
                    if wants {
                        observer.on_generation(&snapshot);
                    }
                }
            }
        };
        self.strategy.refresh(&mut state);
        if !self.observers.is_empty() {
            let snapshot = snapshot(&state);
            for observer in &mut self.observers {
                observer.on_finish(&snapshot, stop);
            }
        }
        Ok(Report {
            best: state.best,
            population: state.population,
            counters: state.counters,
            stop,
            seed: self.seed,
            elapsed: started.elapsed(),
        })
    }
}

fn snapshot<G: std::hash::Hash>(state: &State<G>) -> Snapshot {
    Snapshot {
        seed: state.seed,
        counters: state.counters,
        best_ever: state.best.fitness(),
        population: PopulationStats::of(&state.population),
    }
}
