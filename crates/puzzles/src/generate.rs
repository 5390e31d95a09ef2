//! Evolving puzzles: runs the engine on a specification and packages the best as a result.

use std::sync::atomic::AtomicBool;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use ludoforge_evolve::replicates::replicates;
use ludoforge_evolve::{
    Crossover, EvolveError, Generational, Goal, History, Keep, Mutate, Observer, Report, Run,
    SaveHook, Saved, SteadyState, StopReason,
};

use crate::chess::{ChessMaze, ChessProblem};
use crate::chromatic::{ChromaticMaze, ChromaticProblem, Sampling};
use crate::error::PuzzleError;
use crate::format::{Puzzle, PuzzleFile};
use crate::settings::{Params, PuzzleSpec, Settings, StrategyKind};
use crate::solve::Measures;
use crate::solve::Solution;

/// Name of this generator in result files.
pub const GENERATOR: &str = "ludoforge puzzle";

/// Whether a target was asked for and met.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TargetReport {
    /// The minimum number of moves asked for.
    pub value: u32,
    /// Whether the best puzzle needs exactly that many.
    pub met: bool,
}

/// What the run did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RunStats {
    /// The strategy used.
    pub strategy: StrategyKind,
    /// Mating events.
    pub matings: u64,
    /// Generations.
    pub generations: u64,
    /// Evaluations, the initial population included.
    pub evaluations: u64,
    /// Evaluations rejected as unsolvable or illegal.
    pub rejections: u64,
    /// Why the run stopped.
    pub stop: StopReason,
    /// How the first population was drawn; written only when it was not the paper's uniform
    /// sampling (see [`crate::chromatic::sample`]).
    #[serde(skip_serializing_if = "Sampling::is_uniform")]
    pub sampling: Sampling,
}

/// One generated puzzle: the JSON document written with `--out`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PuzzleResult {
    /// Always [`GENERATOR`].
    pub generator: &'static str,
    /// The job that made it (`puzzle-chess`, `puzzle-chromatic`); left out of an elite of an
    /// exploration, which belongs to its archive's job.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job: Option<&'static str>,
    /// The crate version that made it.
    pub version: &'static str,
    /// The seed that reproduces it.
    pub seed: u64,
    /// The puzzle.
    pub puzzle: PuzzleFile,
    /// Its minimum number of moves.
    pub min_moves: u32,
    /// One shortest solution, as square names, entrance first.
    pub solution: Vec<String>,
    /// Secondary measures.
    pub measures: Measures,
    /// The score under the goal (f* = C − |f − target| for a target, else the moves).
    pub score: f64,
    /// The target and whether it was met, if one was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<TargetReport>,
    /// The parameters that made it.
    pub params: Params,
    /// What the run did.
    pub run: RunStats,
}

impl PuzzleResult {
    /// The puzzle, rebuilt from its file form.
    ///
    /// # Panics
    /// Never for a result made by this crate, whose puzzle is valid by construction.
    #[must_use]
    pub fn maze(&self) -> Puzzle {
        Puzzle::from_file(&self.puzzle).expect("a generated puzzle is valid")
    }
}

/// Checks settings that the engine does not know about.
///
/// # Errors
/// [`PuzzleError::ImpossibleTarget`] for a target no puzzle of this size could need.
pub fn check(spec: &PuzzleSpec, settings: &Settings) -> Result<(), PuzzleError> {
    if let Some(target) = settings.target {
        let (min, max) = (spec.min_conceivable_moves(), spec.max_conceivable_moves());
        if target == 0 || target as usize > max || (target as usize) < min {
            return Err(PuzzleError::ImpossibleTarget {
                target,
                squares: spec.board().len(),
                min,
                max,
            });
        }
    }
    Ok(())
}

pub(crate) fn goal(spec: &PuzzleSpec, settings: &Settings) -> Goal {
    match settings.target {
        // C = number of squares keeps f* positive: |f − target| < squares.
        Some(target) => Goal::target(f64::from(target), spec.board().len() as f64),
        None => Goal::Maximise,
    }
}

/// A puzzle run saved between two steps: the engine's saved run ([`Saved`], as JSON) and how
/// its first population was drawn (a chromatic run may have started again from carved
/// colourings, and a resumed run must go on with the same problem).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SavedPuzzle {
    /// How the first population was drawn.
    pub sampling: Sampling,
    /// The engine's saved run.
    pub run: Value,
}

/// A puzzle run's checkpoints: the saved run to continue from, if any, and the hook offered
/// the run at every point it could continue from, with a [`SavedPuzzle`] as JSON.
pub struct PuzzleKeep<'a> {
    /// The run to continue from (`None`: start afresh).
    pub resume: Option<SavedPuzzle>,
    /// The save hook (see [`Run::on_step`]).
    pub hook: &'a mut SaveHook<'a>,
}

#[allow(clippy::too_many_arguments)]
fn run_problem<P: Mutate + Crossover>(
    problem: &P,
    spec: &PuzzleSpec,
    settings: &Settings,
    seed: u64,
    observers: &mut [&mut dyn Observer],
    cancel: Option<&AtomicBool>,
    sampling: Sampling,
    keep: Option<(Option<&Value>, &mut SaveHook<'_>)>,
) -> Result<Report<P::Genome>, PuzzleError>
where
    P::Genome: Serialize + DeserializeOwned,
{
    let goal = goal(spec, settings);
    let (resume, mut hook) = match keep {
        Some((resume, hook)) => (resume, Some(hook)),
        None => (None, None),
    };
    let resume: Option<Saved<P::Genome>> = resume
        .map(|run| {
            serde_json::from_value(run.clone())
                .map_err(|e| EvolveError::Checkpoint(format!("the saved run cannot be read: {e}")))
        })
        .transpose()?;
    // The engine's saved run, with the sampling beside it.
    let mut wrapped = hook.as_mut().map(|hook| {
        move |reached: u64, make: &dyn Fn() -> Result<Value, EvolveError>| {
            hook(reached, &|| {
                make().map(|run| serde_json::json!({"sampling": sampling, "run": run}))
            })
        }
    });
    macro_rules! go {
        ($strategy:expr) => {{
            let keep = wrapped.as_mut().map(|hook| Keep {
                resume,
                hook: hook as &mut SaveHook<'_>,
            });
            let mut run = Run::new(problem, $strategy)
                .goal(goal)
                .budget(settings.budget)
                .seed(seed)
                .stop_when_met(settings.target.is_some())
                .keep(keep);
            for observer in observers.iter_mut() {
                run = run.observe(&mut **observer);
            }
            if let Some(flag) = cancel {
                run = run.cancel_on(flag);
            }
            run.execute()?
        }};
    }
    Ok(match settings.strategy {
        StrategyKind::SteadyState => go!(SteadyState::new(settings.population)
            .with_tournament(settings.tournament)
            .with_max_mutations(settings.max_mutations)),
        StrategyKind::Generational => go!(Generational::new(settings.population)
            .with_tournament(settings.tournament)
            .with_elite(settings.elite)
            .with_max_mutations(settings.max_mutations)),
        StrategyKind::MapElites | StrategyKind::Random => {
            return Err(PuzzleError::Evolve(EvolveError::InvalidSetting {
                name: "strategy",
                value: format!("{:?}", settings.strategy),
                expected: "steady-state or generational (explore archives with the explore jobs)"
                    .into(),
            }));
        }
    })
}

/// Evolves one puzzle.
///
/// A chromatic board's first population is drawn as [`crate::chromatic::sample`] says: with
/// the sampling [`Sampling::for_board`] picks, and carved if the paper's uniform sampling gives
/// up (one member finds no solvable colouring in the engine's 100,000 attempts), in which case
/// the run starts again from carved colourings.
///
/// ```
/// use ludoforge_puzzles::generate::evolve;
/// use ludoforge_puzzles::settings::{PuzzleSpec, Settings};
/// use ludoforge_evolve::Budget;
/// let spec = PuzzleSpec::chromatic(6, 6, None, None).unwrap();
/// let settings = Settings { population: 100, budget: Budget::matings(2_000), target: Some(12), ..Settings::default() };
/// let result = evolve(&spec, &settings, 5, &mut [], None).unwrap();
/// assert_eq!(result.min_moves, 12);
/// assert!(result.target.unwrap().met);
/// assert_eq!(result.solution.len(), 13);
/// ```
///
/// # Errors
/// [`PuzzleError`] for impossible settings or when no valid initial puzzle can be found.
pub fn evolve(
    spec: &PuzzleSpec,
    settings: &Settings,
    seed: u64,
    observers: &mut [&mut dyn Observer],
    cancel: Option<&AtomicBool>,
) -> Result<PuzzleResult, PuzzleError> {
    evolve_kept(spec, settings, seed, observers, cancel, None)
}

/// [`evolve`], keeping checkpoints as `keep` says: the run continues from `keep.resume` (with
/// the sampling it was started with), and is offered for saving after every generation.
///
/// # Errors
/// As [`evolve`], and [`EvolveError::Checkpoint`] when the saved run cannot be read or taken up.
pub fn evolve_kept(
    spec: &PuzzleSpec,
    settings: &Settings,
    seed: u64,
    observers: &mut [&mut dyn Observer],
    cancel: Option<&AtomicBool>,
    keep: Option<PuzzleKeep<'_>>,
) -> Result<PuzzleResult, PuzzleError> {
    check(spec, settings)?;
    let (resume, mut hook) = match keep {
        Some(PuzzleKeep { resume, hook }) => (resume, Some(hook)),
        None => (None, None),
    };
    macro_rules! keeping {
        ($resume:expr) => {
            hook.as_deref_mut()
                .map(|h| ($resume.map(|r: &SavedPuzzle| &r.run), h))
        };
    }
    let (puzzle, score, counters, stop, sampling) = match spec {
        PuzzleSpec::Chess {
            board,
            agent,
            entrance,
            exit,
            kinds,
        } => {
            let problem = ChessProblem::new(*board, *agent, *entrance, *exit, kinds.clone())?;
            let report = run_problem(
                &problem,
                spec,
                settings,
                seed,
                observers,
                cancel,
                Sampling::Uniform,
                keeping!(resume.as_ref()),
            )?;
            let maze = ChessMaze::new(
                *board,
                *agent,
                *entrance,
                *exit,
                problem.pieces(&report.best.genome),
            )?;
            (
                Puzzle::Chess(maze),
                report.best.score,
                report.counters,
                report.stop,
                Sampling::Uniform,
            )
        }
        PuzzleSpec::Chromatic {
            board,
            entrance,
            exit,
        } => {
            let mut problem = ChromaticProblem::new(*board, *entrance, *exit)?;
            if let Some(saved) = &resume {
                problem = problem.with_sampling(saved.sampling);
            }
            let first = run_problem(
                &problem,
                spec,
                settings,
                seed,
                observers,
                cancel,
                problem.sampling,
                keeping!(resume.as_ref()),
            );
            let report = match first {
                Err(PuzzleError::Evolve(EvolveError::NoValidGenome { .. }))
                    if problem.sampling.is_uniform() =>
                {
                    problem = problem.with_sampling(Sampling::Carved);
                    run_problem(
                        &problem,
                        spec,
                        settings,
                        seed,
                        observers,
                        cancel,
                        problem.sampling,
                        keeping!(None::<&SavedPuzzle>),
                    )?
                }
                report => report?,
            };
            let maze = ChromaticMaze::new(*board, report.best.genome.clone(), *entrance, *exit)?;
            (
                Puzzle::Chromatic(maze),
                report.best.score,
                report.counters,
                report.stop,
                problem.sampling,
            )
        }
    };
    let mut result = assemble(
        spec,
        settings,
        seed,
        &puzzle,
        score,
        RunStats {
            strategy: settings.strategy,
            matings: counters.matings,
            generations: counters.generations,
            evaluations: counters.evaluations,
            rejections: counters.rejections,
            stop,
            sampling,
        },
    );
    result.job = Some(spec.job());
    Ok(result)
}

/// The result document of a solvable `puzzle` made under `spec` and `settings` with `seed`.
///
/// # Panics
/// If the puzzle has no solution (every puzzle the engine accepts has one).
pub(crate) fn assemble(
    spec: &PuzzleSpec,
    settings: &Settings,
    seed: u64,
    puzzle: &Puzzle,
    score: f64,
    run: RunStats,
) -> PuzzleResult {
    let solution = puzzle.solve().expect("evolved puzzles are solvable");
    assemble_solved(spec, settings, seed, puzzle, solution, score, run)
}

/// [`assemble`] with the puzzle's solution already worked out.
pub(crate) fn assemble_solved(
    spec: &PuzzleSpec,
    settings: &Settings,
    seed: u64,
    puzzle: &Puzzle,
    solution: Solution,
    score: f64,
    run: RunStats,
) -> PuzzleResult {
    let names = solution
        .path
        .iter()
        .map(|&i| puzzle.board().name(i))
        .collect();
    PuzzleResult {
        generator: GENERATOR,
        job: None,
        version: env!("CARGO_PKG_VERSION"),
        seed,
        puzzle: puzzle.to_file(),
        min_moves: solution.min_moves,
        solution: names,
        measures: solution.measures,
        score,
        target: settings.target.map(|value| TargetReport {
            value,
            met: solution.min_moves == value,
        }),
        params: Params::new(spec, settings),
        run,
    }
}

/// Independent replicates and what they found together.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReplicateSet {
    /// Always [`GENERATOR`].
    pub generator: &'static str,
    /// The crate version.
    pub version: &'static str,
    /// The master seed; replicate i has seed `replicates[i].seed`.
    pub seed: u64,
    /// Number of replicates.
    pub count: usize,
    /// Number of distinct puzzles among them.
    pub distinct: usize,
    /// Replicates that met the target, if one was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_hits: Option<usize>,
    /// The best replicate (highest score; the earliest on ties).
    pub best: PuzzleResult,
    /// Every replicate, in order.
    pub replicates: Vec<PuzzleResult>,
}

/// Runs `count` independent replicates in parallel (results do not depend on thread count).
/// `done` is called as each replicate finishes (from any thread). With `record`, each
/// replicate's history of snapshots is returned too, in replicate order.
///
/// # Errors
/// The first replicate's error, in replicate order.
pub fn evolve_replicates(
    spec: &PuzzleSpec,
    settings: &Settings,
    seed: u64,
    count: usize,
    record: bool,
    cancel: Option<&AtomicBool>,
    done: &(dyn Fn(usize) + Sync),
) -> Result<(ReplicateSet, Vec<History>), PuzzleError> {
    check(spec, settings)?;
    let runs = replicates(seed, count, |index, replicate_seed| {
        let mut history = History::default();
        let result = if record {
            evolve(spec, settings, replicate_seed, &mut [&mut history], cancel)
        } else {
            evolve(spec, settings, replicate_seed, &mut [], cancel)
        };
        done(index);
        result.map(|r| (r, history))
    });
    // Replicates a cancel stopped before they had a population are left out; the others
    // (finished, or interrupted with their best) are kept. None kept: the cancel is the error.
    let cancelled =
        |r: &Result<_, PuzzleError>| matches!(r, Err(PuzzleError::Evolve(EvolveError::Cancelled)));
    let runs: Vec<_> = if runs.iter().all(cancelled) {
        runs
    } else {
        runs.into_iter().filter(|r| !cancelled(r)).collect()
    };
    let (results, histories): (Vec<PuzzleResult>, Vec<History>) = runs
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .unzip();
    let mut best = 0;
    for (i, result) in results.iter().enumerate() {
        if result.score > results[best].score {
            best = i;
        }
    }
    let mut puzzles: Vec<String> = results
        .iter()
        .map(|r| serde_json::to_string(&r.puzzle).expect("puzzles serialise"))
        .collect();
    puzzles.sort();
    puzzles.dedup();
    let set = ReplicateSet {
        generator: GENERATOR,
        version: env!("CARGO_PKG_VERSION"),
        seed,
        count,
        distinct: puzzles.len(),
        target_hits: settings.target.map(|_| {
            results
                .iter()
                .filter(|r| r.target.is_some_and(|t| t.met))
                .count()
        }),
        best: results[best].clone(),
        replicates: results,
    };
    Ok((set, histories))
}
