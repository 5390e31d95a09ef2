//! Evolving a dungeon toward targets with the engine: the population starts from generated
//! dungeons, children come from [`graft`] (crossover) and [`relink`] / [`regrow`]
//! (mutation), and the fitness is the total miss of the [`Targets`], minimised.
//!
//! Each dungeon's walks use a stream derived from the seed and the dungeon itself, so a
//! dungeon's measures are the same wherever and whenever it is evaluated.

use std::sync::atomic::AtomicBool;

use ludoforge_evolve::individual::fingerprint;
use ludoforge_evolve::rng::{below, stream};
use ludoforge_evolve::{
    Budget, Crossover, Evaluation, EvolveError, Goal, Mutate, Observer, Outcome, Problem, Run,
    SteadyState, StopReason, Stream,
};

use crate::choose::{Choice, Targets};
use crate::dungeon::Dungeon;
use crate::generate::{attempt, generate};
use crate::measures::Measures;
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
}

impl Problem for PortalProblem {
    type Genome = Dungeon;

    fn random_genome(&self, rng: &mut Stream) -> Dungeon {
        // Within the bounds when the generator can manage it; else an attempt the evaluation
        // will reject, so the engine tries again.
        generate(&self.params.attempts(self.params.attempts.min(50)), rng).unwrap_or_else(|_| {
            attempt(&self.params, rng).unwrap_or_else(|_| Dungeon::from_portals(vec![], 0))
        })
    }

    fn evaluate(&self, dungeon: &Dungeon) -> Outcome {
        if dungeon.rooms() < 2 {
            return Outcome::rejected("no dungeon within the room bounds");
        }
        if !(self.params.min_rooms..=self.params.max_rooms).contains(&dungeon.rooms()) {
            return Outcome::rejected("outside the room bounds");
        }
        let measures = self.measure(dungeon);
        let verdicts = self.targets.judge(&measures);
        let mut evaluation = Evaluation::new(verdicts.iter().map(|v| v.miss).sum());
        evaluation.components = verdicts.into_iter().map(|v| (v.measure, v.miss)).collect();
        evaluation.descriptors = vec![measures.rooms as f64, measures.walks.mean];
        Outcome::Evaluated(evaluation)
    }
}

impl Mutate for PortalProblem {
    fn mutate(&self, dungeon: &mut Dungeon, rng: &mut Stream) {
        if below(rng, 2) == 0 {
            relink(dungeon, &self.params, rng);
        } else {
            regrow(dungeon, &self.params, rng);
        }
    }
}

impl Crossover for PortalProblem {
    fn crossover(&self, a: &Dungeon, b: &Dungeon, rng: &mut Stream) -> (Dungeon, Dungeon) {
        (
            graft(a, b, &self.params, rng),
            graft(b, a, &self.params, rng),
        )
    }
}

/// Evolves a dungeon toward the targets: Ashlock's steady-state tournament (size 4) over
/// `population` dungeons for `matings` matings. `observer` follows the run; `cancel` stops it
/// early (the best so far is returned).
///
/// # Errors
/// [`EvolveError`] when the population cannot be filled with dungeons within the room bounds
/// or a setting is out of range.
///
/// ```
/// use ludoforge_portals::{Params, choose::Targets, evolve::evolve, walk::Memory};
/// let targets = Targets { mean_walk: Some(11.0), ..Targets::none() };
/// let (choice, _) = evolve(&Params::new(9), &targets, 200, Memory::Walk, 20, 300, 1, None, None).unwrap();
/// assert!((choice.measures.walks.mean - 11.0).abs() < 1.0);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn evolve(
    params: &Params,
    targets: &Targets,
    walks: u32,
    memory: Memory,
    population: usize,
    matings: u64,
    seed: u64,
    observer: Option<&mut dyn Observer>,
    cancel: Option<&AtomicBool>,
) -> Result<(Choice, StopReason), EvolveError> {
    let problem = PortalProblem {
        params: *params,
        targets: *targets,
        walks,
        memory,
        seed,
    };
    let strategy = SteadyState::new(population).with_tournament(4.min(population));
    let mut run = Run::new(&problem, strategy)
        .goal(Goal::Minimise)
        .budget(Budget::matings(matings))
        .seed(seed);
    if let Some(observer) = observer {
        run = run.observe(observer);
    }
    if let Some(flag) = cancel {
        run = run.cancel_on(flag);
    }
    let report = run.execute()?;
    let dungeon = report.best.genome;
    let measures = problem.measure(&dungeon);
    let verdicts = targets.judge(&measures);
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
        report.stop,
    ))
}
