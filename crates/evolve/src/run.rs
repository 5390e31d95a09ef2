//! The executor: owns the loop, the budget, the observers and the stop decision.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde::Serialize;
use serde_json::Value;

use crate::budget::{Budget, Counters, StopReason};
use crate::checkpoint::{Keep, Resumable, SaveHook, Saved, save_run};
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
    resume: Option<Resuming<P, S>>,
    saver: Option<(&'a mut SaveHook<'a>, SaveFn<P, S>)>,
}

/// The saved run to continue from, and how its strategy takes up its part.
type Resuming<P, S> = (Saved<<P as Problem>::Genome>, RestoreFn<P, S>);

/// Takes up a strategy's saved state (`Resumable::restore`, kept where the bound is known).
type RestoreFn<P, S> =
    fn(&mut S, &Value, &State<<P as Problem>::Genome>) -> Result<(), EvolveError>;

/// Makes a saved run's JSON (`save_run`, kept where the bounds are known).
type SaveFn<P, S> =
    fn(&State<<P as Problem>::Genome>, &S, &[&mut dyn Observer]) -> Result<Value, EvolveError>;

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
            resume: None,
            saver: None,
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

    /// Continues the run `saved` (made by [`on_step`](Run::on_step) in a run of the same
    /// problem, strategy settings, goal, budget and seed, with the same observers in the same
    /// order) instead of starting afresh: the run ends exactly as the one that saved it would
    /// have (see [`crate::checkpoint`]).
    ///
    /// ```
    /// use ludoforge_evolve::{Budget, Run, Saved, SteadyState};
    /// # use ludoforge_evolve::{Crossover, Mutate, Outcome, Problem, Stream, rng::below};
    /// # struct OneMax;
    /// # impl Problem for OneMax {
    /// #     type Genome = Vec<bool>;
    /// #     fn random_genome(&self, rng: &mut Stream) -> Vec<bool> { (0..16).map(|_| below(rng, 2) == 1).collect() }
    /// #     fn evaluate(&self, g: &Vec<bool>) -> Outcome { Outcome::fitness(g.iter().filter(|&&b| b).count() as f64) }
    /// # }
    /// # impl Mutate for OneMax { fn mutate(&self, g: &mut Vec<bool>, rng: &mut Stream) { let i = below(rng, g.len()); g[i] = !g[i]; } }
    /// # impl Crossover for OneMax { fn crossover(&self, a: &Vec<bool>, b: &Vec<bool>, _: &mut Stream) -> (Vec<bool>, Vec<bool>) { (a.clone(), b.clone()) } }
    /// // The same run twice: made afresh each time (one closure would tie both to one borrow).
    /// fn run<'a>(p: &'a OneMax) -> Run<'a, OneMax, SteadyState> {
    ///     Run::new(p, SteadyState::new(20)).budget(Budget::generations(30)).seed(4)
    /// }
    /// // Save at generation 10 (a real caller writes the JSON to a file).
    /// let mut kept = None;
    /// let mut save = |generation: u64, make: &dyn Fn() -> Result<serde_json::Value, ludoforge_evolve::EvolveError>| {
    ///     if generation == 10 {
    ///         kept = Some(make().map_err(|e| e.to_string())?);
    ///     }
    ///     Ok(())
    /// };
    /// let whole = run(&OneMax).on_step(&mut save).execute().unwrap();
    /// let saved: Saved<Vec<bool>> = serde_json::from_value(kept.unwrap()).unwrap();
    /// let resumed = run(&OneMax).resume(saved).execute().unwrap();
    /// assert_eq!(resumed.counters, whole.counters);
    /// assert_eq!(resumed.best.genome, whole.best.genome);
    /// ```
    #[must_use]
    pub fn resume(mut self, saved: Saved<P::Genome>) -> Self
    where
        S: Resumable<P>,
    {
        self.resume = Some((saved, <S as Resumable<P>>::restore));
        self
    }

    /// Offers the run for saving at every point it could continue from: after every step that
    /// completes a generation (with the generations completed), after the initial population
    /// (with 0), and when the run is interrupted. `hook` decides whether a save is due and
    /// only then calls the function it is given, which makes the [`Saved`] run as JSON (see
    /// [`SaveHook`] and the example of [`resume`](Run::resume)). An error from `hook` stops
    /// the run with [`EvolveError::Checkpoint`].
    #[must_use]
    pub fn on_step<'h: 'a>(mut self, hook: &'h mut SaveHook<'h>) -> Self
    where
        S: Resumable<P>,
        P::Genome: Serialize,
    {
        self.saver = Some((hook, save_run::<P, S>));
        self
    }

    /// Keeps checkpoints as `keep` says ([`resume`](Run::resume) and [`on_step`](Run::on_step)
    /// together); `None` keeps none.
    #[must_use]
    pub fn keep<'k: 'a>(mut self, keep: Option<Keep<'k, P::Genome>>) -> Self
    where
        S: Resumable<P>,
        P::Genome: Serialize,
    {
        if let Some(Keep { resume, hook }) = keep {
            self = self.on_step(hook);
            if let Some(saved) = resume {
                self = self.resume(saved);
            }
        }
        self
    }

    /// Offers the state to the save hook, if any.
    fn offer(&mut self, state: &State<P::Genome>) -> Result<(), EvolveError> {
        let Some((hook, save)) = &mut self.saver else {
            return Ok(());
        };
        let (strategy, observers) = (&self.strategy, &self.observers);
        let make = || save(state, strategy, observers);
        hook(state.counters.generations, &make).map_err(EvolveError::Checkpoint)
    }

    /// The state the run starts from: the saved one taken up, or a fresh initial population.
    fn start(&mut self) -> Result<State<P::Genome>, EvolveError> {
        let Some((saved, restore)) = self.resume.take() else {
            let mut state = self
                .strategy
                .init(self.problem, self.goal, self.seed, self.cancel)?;
            if !self.observers.is_empty() {
                self.strategy.refresh(&mut state);
                let snapshot = snapshot(&state);
                for observer in &mut self.observers {
                    observer.on_start(&snapshot);
                }
            }
            self.offer(&state)?;
            return Ok(state);
        };
        let Saved {
            mut state,
            strategy,
            observers,
        } = saved;
        if state.seed != self.seed {
            return Err(EvolveError::Checkpoint(format!(
                "the saved run has seed {}, not {}",
                state.seed, self.seed
            )));
        }
        if state.goal != self.goal {
            return Err(EvolveError::Checkpoint(format!(
                "the saved run has goal {:?}, not {:?}",
                state.goal, self.goal
            )));
        }
        restore(&mut self.strategy, &strategy, &state)?;
        for (i, observer) in self.observers.iter_mut().enumerate() {
            observer
                .restore(observers.get(i).and_then(Option::as_ref))
                .map_err(EvolveError::Checkpoint)?;
        }
        if !self.observers.is_empty() {
            self.strategy.refresh(&mut state);
            let snapshot = snapshot(&state);
            for observer in &mut self.observers {
                observer.on_resume(&snapshot);
            }
        }
        Ok(state)
    }

    /// Carries out the run.
    ///
    /// # Errors
    /// [`EvolveError::Unbounded`] without a budget, [`EvolveError::InvalidSetting`] for a bad
    /// strategy setting, [`EvolveError::NoValidGenome`] if no valid initial genome is found,
    /// [`EvolveError::Checkpoint`] if the saved run to resume does not fit or a save fails.
    pub fn execute(mut self) -> Result<Report<P::Genome>, EvolveError> {
        if self.budget.is_unbounded() {
            return Err(EvolveError::Unbounded);
        }
        self.strategy.validate()?;
        let started = Instant::now();
        let mut state = self.start()?;
        // Which observers get a snapshot after each generation; none wanting one spares the
        // population statistics.
        let wanting: Vec<bool> = self.observers.iter().map(|o| o.wants_snapshots()).collect();
        let any_wanting = wanting.contains(&true);
        let stop = loop {
            if self.stop_when_met && self.goal.is_met(state.best.fitness()) {
                break StopReason::TargetMet;
            }
            if crate::cancel::is_set(self.cancel) {
                // Where the run stands can be continued from: offered again (the caller
                // saves it whatever its schedule, seeing the run cancelled).
                self.offer(&state)?;
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
            let step = self.strategy.step(self.problem, &mut state, self.cancel);
            if self.observers.is_empty() {
                if step.generation_completed {
                    self.offer(&state)?;
                }
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
            if step.generation_completed {
                self.offer(&state)?;
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
