//! Evolving a dungeon toward targets with the engine: the population starts from generated
//! dungeons, children come from [`graft`] (crossover) and [`relink`] / [`regrow`]
//! (mutation), and the fitness is the total miss of the [`Targets`], minimised.
//!
//! Each dungeon's walks use a stream derived from the seed and the dungeon itself, so a
//! dungeon's measures are the same wherever and whenever it is evaluated.
//!
//! The population holds its dungeons [packed](crate::packed) (about 3.5 bytes per room), and
//! each is unpacked only while it is varied or measured; [`crate::footprint`] estimates what a
//! population will hold before a run starts.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use ludoforge_evolve::individual::fingerprint;
use ludoforge_evolve::rng::{below, stream};
use ludoforge_evolve::{
    Budget, Crossover, Evaluation, EvolveError, Goal, Keep, Mutate, Observer, Outcome, Problem,
    Run, SteadyState, StopReason, Stream,
};

use crate::choose::{Choice, Targets};
use crate::dungeon::Dungeon;
use crate::generate::{attempt, generate};
use crate::measures::Measures;
use crate::packed::PackedDungeon;
use crate::params::Params;
use crate::variation::{graft, regrow, relink};
use crate::walk::Memory;

/// The search problem: dungeons judged against targets.
#[derive(Debug, Clone)]
pub struct PortalProblem {
    /// The generator's parameters; the room bounds are a validity check.
    pub params: Params,
    /// What is asked of the dungeon.
    pub targets: Targets,
    /// Simulated walks per dungeon.
    pub walks: u32,
    /// What the simulated players remember.
    pub memory: Memory,
    /// The master seed (also seeds each dungeon's walks).
    pub seed: u64,
}

/// The stream an evolved dungeon is walked with: `(seed, 3, fingerprint of the dungeon)`.
#[must_use]
pub fn walk_stream(seed: u64, dungeon: &Dungeon) -> Stream {
    stream(seed, 3, fingerprint(dungeon))
}

impl PortalProblem {
    /// A dungeon's measures, walked with the stream that belongs to it.
    #[must_use]
    pub fn measure(&self, dungeon: &Dungeon) -> Measures {
        let mut rng = walk_stream(self.seed, dungeon);
        Measures::of(dungeon, self.walks, self.memory, &mut rng)
            .expect("an operator's child keeps the invariants")
    }

    /// [`measure`](PortalProblem::measure), the walks given up once `cancel` is set (a relaxed
    /// load every 256 walks): `None` then. Uncancelled, the same measures.
    #[must_use]
    pub fn measure_until(&self, dungeon: &Dungeon, cancel: &AtomicBool) -> Option<Measures> {
        let mut rng = walk_stream(self.seed, dungeon);
        Measures::of_until(dungeon, self.walks, self.memory, &mut rng, Some(cancel))
            .expect("an operator's child keeps the invariants")
    }

    /// Whether a dungeon is within the room bounds, which is checked before it is measured.
    ///
    /// # Errors
    /// Why it is rejected: the generator made no dungeon (fewer than two rooms), or the
    /// dungeon is outside the room bounds.
    pub fn admits(&self, packed: &PackedDungeon) -> Result<(), &'static str> {
        let rooms = packed.rooms();
        if rooms < 2 {
            Err("no dungeon within the room bounds")
        } else if !(self.params.min_rooms..=self.params.max_rooms).contains(&rooms) {
            Err("outside the room bounds")
        } else {
            Ok(())
        }
    }
}

impl Problem for PortalProblem {
    type Genome = PackedDungeon;

    fn random_genome(&self, rng: &mut Stream) -> PackedDungeon {
        // Within the bounds when the generator can manage it; else an attempt the evaluation
        // will reject, so the engine tries again.
        let dungeon = generate(&self.params.attempts(self.params.attempts.min(50)), rng)
            .unwrap_or_else(|_| {
                attempt(&self.params, rng).unwrap_or_else(|_| Dungeon::from_portals(vec![], 0))
            });
        PackedDungeon::pack(&dungeon)
    }

    /// The total miss of the targets, and nothing else: no component or descriptor is kept
    /// with each of a population's dungeons, since nothing reads them.
    fn evaluate(&self, packed: &PackedDungeon) -> Outcome {
        if let Err(reason) = self.admits(packed) {
            return Outcome::rejected(reason);
        }
        let measures = self.measure(&packed.unpack());
        Outcome::Evaluated(Evaluation::new(self.targets.score(&measures)))
    }
}

impl Mutate for PortalProblem {
    fn mutate(&self, packed: &mut PackedDungeon, rng: &mut Stream) {
        let mut dungeon = packed.unpack();
        if below(rng, 2) == 0 {
            relink(&mut dungeon, &self.params, rng);
        } else {
            regrow(&mut dungeon, &self.params, rng);
        }
        *packed = PackedDungeon::pack(&dungeon);
    }
}

impl Crossover for PortalProblem {
    fn crossover(
        &self,
        a: &PackedDungeon,
        b: &PackedDungeon,
        rng: &mut Stream,
    ) -> (PackedDungeon, PackedDungeon) {
        let (a, b) = (a.unpack(), b.unpack());
        let first = graft(&a, &b, &self.params, rng);
        let second = graft(&b, &a, &self.params, rng);
        (PackedDungeon::pack(&first), PackedDungeon::pack(&second))
    }
}

/// How a caller follows and stops a run; by default it is neither followed nor stopped.
#[derive(Default)]
pub struct Watch<'a> {
    /// Follows the matings (the engine's observer, see [`Observer`]).
    pub observer: Option<&'a mut dyn Observer>,
    /// Called, from any thread, each time a dungeon is accepted: first as each member of the
    /// initial population is made (in parallel, before the first mating and before the
    /// observer hears of the run), then as each child is. This is how to follow the making of
    /// a large population.
    pub accepted: Option<&'a (dyn Fn() + Sync)>,
    /// Stops the run when it becomes true, with [`StopReason::Interrupted`]: during the matings
    /// the best dungeon so far is returned, and before the initial population is complete the
    /// best of the members made so far. Before any member is made there is none, and the run
    /// ends with [`EvolveError::Cancelled`] (or [`EvolveError::NoValidGenome`] whose reason is
    /// [`INTERRUPTED`]). A dungeon's walks stop once it is set (every 256 walks).
    pub cancel: Option<&'a AtomicBool>,
    /// Keeps checkpoints: continues the saved run, and offers the run for saving after every
    /// generation (see [`ludoforge_evolve::checkpoint`]). Once the run is cancelled, the
    /// dungeons still being judged are rejected, so the run is offered no more: the last
    /// checkpoint saved before stays the one to resume.
    pub keep: Option<Keep<'a, PackedDungeon>>,
}

/// The rejection reason of every dungeon once the run is cancelled (and of one whose walks a
/// cancel cut short: no real score, and never counted, as the engine drops every outcome that
/// ends after the cancel).
pub const INTERRUPTED: &str = "interrupted";

/// The problem as the engine sees it in [`evolve`]: it reports accepted dungeons, keeps the
/// best member of the initial population made so far (the engine keeps none of them until the
/// population is complete) and, once cancelled, rejects every dungeon at once so that sampling
/// the population ends quickly.
struct Watched<'a> {
    problem: &'a PortalProblem,
    accepted: Option<&'a (dyn Fn() + Sync)>,
    cancel: Option<&'a AtomicBool>,
    first: FirstBest,
    /// The dungeon with the smallest miss measured so far and its measures, kept only when the
    /// run can be cancelled: a cancelled run reports its best without walking it again.
    measured: Mutex<Option<(f64, PackedDungeon, Measures)>>,
}

/// The best member of the initial population so far, kept only while the population is made
/// and only when the run can be cancelled.
struct FirstBest {
    /// Members of the initial population (0 when there is nothing to keep).
    population: usize,
    /// Members accepted so far.
    made: AtomicUsize,
    /// The smallest miss so far and its dungeon.
    best: Mutex<Option<(f64, PackedDungeon)>>,
}

impl FirstBest {
    /// Notes an accepted member with this miss.
    fn offer(&self, miss: f64, packed: &PackedDungeon) {
        if self.made.fetch_add(1, Ordering::Relaxed) >= self.population {
            return;
        }
        let mut best = self.best.lock().unwrap_or_else(PoisonError::into_inner);
        if best.as_ref().is_none_or(|(least, _)| miss < *least) {
            *best = Some((miss, packed.clone()));
        }
    }
}

impl Watched<'_> {
    fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }
}

impl Problem for Watched<'_> {
    type Genome = PackedDungeon;

    fn random_genome(&self, rng: &mut Stream) -> PackedDungeon {
        if self.cancelled() {
            return PackedDungeon::pack(&Dungeon::from_portals(vec![], 0));
        }
        self.problem.random_genome(rng)
    }

    fn evaluate(&self, packed: &PackedDungeon) -> Outcome {
        if self.cancelled() {
            return Outcome::rejected(INTERRUPTED);
        }
        let outcome = match self.cancel {
            None => self.problem.evaluate(packed),
            Some(cancel) => {
                if let Err(reason) = self.problem.admits(packed) {
                    return Outcome::rejected(reason);
                }
                let Some(measures) = self.problem.measure_until(&packed.unpack(), cancel) else {
                    return Outcome::rejected(INTERRUPTED);
                };
                let miss = self.problem.targets.score(&measures);
                let mut measured = self.measured.lock().unwrap_or_else(PoisonError::into_inner);
                if measured.as_ref().is_none_or(|(least, _, _)| miss < *least) {
                    *measured = Some((miss, packed.clone(), measures));
                }
                Outcome::Evaluated(Evaluation::new(miss))
            }
        };
        if let Outcome::Evaluated(evaluation) = &outcome {
            self.first.offer(evaluation.fitness, packed);
            if let Some(accepted) = self.accepted {
                accepted();
            }
        }
        outcome
    }
}

impl Mutate for Watched<'_> {
    fn mutate(&self, packed: &mut PackedDungeon, rng: &mut Stream) {
        self.problem.mutate(packed, rng);
    }
}

impl Crossover for Watched<'_> {
    fn crossover(
        &self,
        a: &PackedDungeon,
        b: &PackedDungeon,
        rng: &mut Stream,
    ) -> (PackedDungeon, PackedDungeon) {
        self.problem.crossover(a, b, rng)
    }
}

/// Evolves a dungeon toward the problem's targets: Ashlock's steady-state tournament (size 4)
/// over `population` dungeons for `matings` matings, followed and stopped through `watch`.
///
/// Memory grows with the population: about 0.35 KB per dungeon at M = 9 (see
/// [`crate::footprint`]). Time is one generation and one measurement per member of the
/// population, made in parallel, then two per mating.
///
/// # Errors
/// [`EvolveError`] when the population cannot be filled with dungeons within the room bounds,
/// a setting is out of range, or the run was cancelled before any member of the population was
/// made (see [`Watch::cancel`]).
///
/// ```
/// use ludoforge_portals::{Params, choose::Targets, walk::Memory};
/// use ludoforge_portals::evolve::{PortalProblem, Watch, evolve};
/// let problem = PortalProblem {
///     params: Params::new(9),
///     targets: Targets { mean_walk: Some(11.0), ..Targets::none() },
///     walks: 200,
///     memory: Memory::Walk,
///     seed: 1,
/// };
/// let (choice, _) = evolve(&problem, 20, 300, Watch::default()).unwrap();
/// assert!((choice.measures.walks.mean - 11.0).abs() < 1.0);
/// ```
pub fn evolve(
    problem: &PortalProblem,
    population: usize,
    matings: u64,
    watch: Watch<'_>,
) -> Result<(Choice, StopReason), EvolveError> {
    let watched = Watched {
        problem,
        accepted: watch.accepted,
        cancel: watch.cancel,
        first: FirstBest {
            population: if watch.cancel.is_some() {
                population
            } else {
                0
            },
            made: AtomicUsize::new(0),
            best: Mutex::new(None),
        },
        measured: Mutex::new(None),
    };
    let strategy = SteadyState::new(population).with_tournament(4.min(population));
    let mut run = Run::new(&watched, strategy)
        .goal(Goal::Minimise)
        .budget(Budget::matings(matings))
        .seed(problem.seed);
    if let Some(observer) = watch.observer {
        run = run.observe(observer);
    }
    if let Some(flag) = watch.cancel {
        run = run.cancel_on(flag);
    }
    let cancel = watch.cancel;
    let mut careful = watch.keep.map(|keep| {
        let hook = keep.hook;
        let careful = move |reached: u64, make: &dyn Fn() -> Result<_, EvolveError>| {
            if cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                return Ok(());
            }
            hook(reached, make)
        };
        (keep.resume, careful)
    });
    run = run.keep(careful.as_mut().map(|(resume, hook)| Keep {
        resume: resume.take(),
        hook: hook as &mut ludoforge_evolve::SaveHook<'_>,
    }));
    let (best, stop) = match run.execute() {
        Ok(report) => (report.best.genome, report.stop),
        Err(error) => {
            let interrupted = matches!(&error, EvolveError::Cancelled)
                || matches!(&error, EvolveError::NoValidGenome { last_reason, .. }
                if last_reason == INTERRUPTED);
            let kept = watched.first.best.into_inner();
            match kept {
                Ok(Some((_, packed))) if interrupted => (packed, StopReason::Interrupted),
                _ => return Err(error),
            }
        }
    };
    let dungeon = best.unpack();
    // The best's measures as they were when it was judged (the same walks), if kept.
    let kept = watched
        .measured
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
        .filter(|(_, packed, _)| *packed == best);
    let measures = match kept {
        Some((_, _, measures)) => measures,
        None => problem.measure(&dungeon),
    };
    let verdicts = problem.targets.judge(&measures);
    let score = verdicts.iter().map(|v| v.miss).sum();
    Ok((
        Choice {
            dungeon,
            measures,
            verdicts,
            score,
            candidate: 0,
            candidates: population,
        },
        stop,
    ))
}
