//! Quality diversity for any evolved generator: MAP-Elites over descriptors the generator
//! names (or random sampling of the same generator, to compare), an archive file that lists
//! every elite as a normal result of its generator, and pictures of the archive.
//!
//! A generator offers its [`Descriptor`]s (named, with units and natural ranges) and a
//! [`Problem`](ludoforge_evolve::Problem) whose evaluations carry them all, in the offered order. The user's
//! [`ExploreSettings`] choose two or three of them, the cells per axis and any ranges;
//! [`ExploreSettings::plan`] checks them into a [`Plan`], and [`explore`] runs it: the same
//! archive for the same plan and seed on any number of threads.
//!
//! ```
//! use ludoforge_evolve::rng::below;
//! use ludoforge_evolve::{Crossover, Evaluation, Goal, Mutate, Outcome, Problem, Stream};
//! use ludoforge_job::Context;
//! use ludoforge_job::explore::{Descriptor, ExploreSettings, explore};
//!
//! /// Two digits; described by each, scored by their sum.
//! struct Digits;
//! impl Problem for Digits {
//!     type Genome = [u8; 2];
//!     fn random_genome(&self, rng: &mut Stream) -> [u8; 2] {
//!         [below(rng, 10) as u8, below(rng, 10) as u8]
//!     }
//!     fn evaluate(&self, g: &[u8; 2]) -> Outcome {
//!         Outcome::Evaluated(Evaluation {
//!             fitness: f64::from(g[0] + g[1]),
//!             components: vec![],
//!             descriptors: vec![f64::from(g[0]), f64::from(g[1])],
//!         })
//!     }
//! }
//! impl Mutate for Digits {
//!     fn mutate(&self, g: &mut [u8; 2], rng: &mut Stream) {
//!         g[below(rng, 2)] = below(rng, 10) as u8;
//!     }
//! }
//! impl Crossover for Digits {
//!     fn crossover(&self, a: &[u8; 2], b: &[u8; 2], _: &mut Stream) -> ([u8; 2], [u8; 2]) {
//!         ([a[0], b[1]], [b[0], a[1]])
//!     }
//! }
//!
//! const OFFERED: [Descriptor; 2] = [
//!     Descriptor { name: "first", unit: "", low: 0.0, high: 10.0, cells: 10, help: "The first digit." },
//!     Descriptor { name: "second", unit: "", low: 0.0, high: 10.0, cells: 10, help: "The second digit." },
//! ];
//! let settings = ExploreSettings { evaluations: 2_000, initial: 20, batch: 20, ..ExploreSettings::default() };
//! let plan = settings.plan(&OFFERED).unwrap();
//! let explored = explore(&Digits, &plan, Goal::Maximise, 0.0, 7, &Context::quiet()).unwrap();
//! assert_eq!(explored.archive.len(), 100); // every pair of digits found
//! assert_eq!(explored.archive.qd_score(), 900.0); // the sum of every sum
//! ```

mod described;
mod document;
mod locked;
mod memo;
mod plot;
mod settings;

pub use described::Described;
use described::Projected;
pub use locked::Locked;
pub use memo::{Memo, Remember};

use std::collections::BTreeSet;

use ludoforge_evolve::archive::{Archive, Grid};
use ludoforge_evolve::map_elites::{MapElites, Told, evaluate_all};
use ludoforge_evolve::{Crossover, EvolveError, Goal, Mutate};
use serde::{Deserialize, Serialize};

use crate::{Context, Event, JobError};

pub use document::{ARCHIVE_GENERATOR, archive_file, elite_at, misplaced, summary};
pub use plot::{heatmap_svg, pictures, progress_svg};
pub use settings::{Descriptor, ExploreSettings, MAX_CELLS, Method, Plan};

/// One point of an exploration's history, after a batch.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// Candidates evaluated so far.
    pub evaluations: u64,
    /// The share of cells filled.
    pub coverage: f64,
    /// The QD score: the sum over elites of score minus the offset.
    pub qd_score: f64,
    /// The best elite's raw fitness.
    pub best: Option<f64>,
}

/// What an exploration made.
#[derive(Debug, Clone)]
pub struct Explored<G> {
    /// The archive.
    pub archive: Archive<G>,
    /// Coverage and QD score after every batch (at most about 1,000 points: later ones are
    /// kept at a growing stride, the last always).
    pub history: Vec<Point>,
    /// Candidates evaluated.
    pub evaluations: u64,
    /// Candidates the generator rejected as invalid: counted among the evaluations, except
    /// in the first batch, whose rejected candidates are drawn again.
    pub rejected: u64,
    /// Stopped early by the context's cancel flag.
    pub interrupted: bool,
    /// How the archive was filled.
    pub method: Method,
    /// Documents a designer sent while the run worked that were told to the archive (see
    /// [`explore_from`]): a run that took any is not made again by its parameters alone.
    pub edits: u64,
}

/// Marks `artifact` as interrupted when `explored` was, with a note that the archive holds
/// the `what` (elites, scenarios) found so far.
pub fn note_interruption<G>(artifact: &mut crate::Artifact, explored: &Explored<G>, what: &str) {
    if explored.interrupted {
        artifact.ending = crate::Ending::Interrupted;
        artifact.notes.push(format!(
            "interrupted: the archive holds the {what} found so far"
        ));
    }
}

/// Where an exploration stands after a batch: what a checkpoint keeps.
#[derive(Serialize, Deserialize)]
#[serde(bound(
    serialize = "G: Serialize",
    deserialize = "G: serde::de::DeserializeOwned"
))]
struct ExploreState<G> {
    /// The search: its archive, seed and iteration (and its settings).
    search: MapElites<G>,
    /// Candidates evaluated so far.
    evaluations: u64,
    /// Candidates rejected so far.
    rejected: u64,
    /// The history so far, and the stride and batch count that thin it.
    history: Vec<Point>,
    stride: u64,
    batches: u64,
    /// What the job noted about its problem ([`explore_noting`]).
    #[serde(default)]
    note: serde_json::Value,
    /// Documents told to the archive so far ([`explore_from`]).
    #[serde(default)]
    edits: u64,
}

/// What an exploration's checkpoint says the job [noted](explore_noting) about its problem
/// (`None` when the run starts afresh, `null` when the job noted nothing).
///
/// # Errors
/// [`JobError::Input`] when the checkpoint's state is not an exploration's.
pub fn resumed_note(context: &Context) -> Result<Option<serde_json::Value>, JobError> {
    #[derive(Deserialize)]
    struct Noted {
        #[serde(default)]
        note: serde_json::Value,
    }
    Ok(context.resumed::<Noted>()?.map(|n| n.note))
}

/// Fills an archive as `plan` says, scoring under `goal` with `qd_score_offset` (at or below
/// the lowest score a candidate can have), with `seed`. Progress goes to `context` (stage
/// `exploring`, in evaluations, with the best fitness); its cancel flag stops the search after
/// the batch under way, keeping the archive so far.
///
/// When the context keeps checkpoints ([`Context::checkpoint`]), the search is offered for
/// saving after every batch (counted from the first batch after the random one), and resumed
/// from the context's checkpoint when there is one: the archive ends the same, bit for bit.
///
/// Random sampling is MAP-Elites whose every child is a fresh random genome (no crossover, one
/// "mutation" that replaces the genome), so both methods make and count candidates the same
/// way.
///
/// # Errors
/// [`JobError::Failed`] when the generator gives no valid candidate in its first batch (every
/// attempt rejected) or the context cannot start its threads.
pub fn explore<P>(
    problem: &P,
    plan: &Plan,
    goal: Goal,
    qd_score_offset: f64,
    seed: u64,
    context: &Context,
) -> Result<Explored<P::Genome>, JobError>
where
    P: Mutate + Crossover,
    P::Genome: Serialize + serde::de::DeserializeOwned,
{
    explore_noting(
        problem,
        plan,
        goal,
        qd_score_offset,
        seed,
        context,
        &serde_json::Value::Null,
    )
}

/// [`explore`], with `note` saved in every checkpoint beside the search: what the job needs to
/// know to build the same problem again when it resumes (how the first genomes were drawn,
/// say), read back with [`resumed_note`] before it builds it.
///
/// # Errors
/// As [`explore`].
pub fn explore_noting<P>(
    problem: &P,
    plan: &Plan,
    goal: Goal,
    qd_score_offset: f64,
    seed: u64,
    context: &Context,
    note: &serde_json::Value,
) -> Result<Explored<P::Genome>, JobError>
where
    P: Mutate + Crossover,
    P::Genome: Serialize + serde::de::DeserializeOwned,
{
    explore_remembering(
        problem,
        plan,
        goal,
        qd_score_offset,
        seed,
        context,
        note,
        &memo::Nothing,
    )
}

/// [`explore_noting`], telling `memo` after every batch which cells changed: what the
/// evaluations offered it is kept for the elites, for the archive file (see [`Memo`]).
///
/// # Errors
/// As [`explore`].
#[allow(clippy::too_many_arguments)]
pub fn explore_remembering<P>(
    problem: &P,
    plan: &Plan,
    goal: Goal,
    qd_score_offset: f64,
    seed: u64,
    context: &Context,
    note: &serde_json::Value,
    memo: &dyn Remember<P::Genome>,
) -> Result<Explored<P::Genome>, JobError>
where
    P: Mutate + Crossover,
    P::Genome: Serialize + serde::de::DeserializeOwned,
{
    explore_from(
        problem,
        plan,
        goal,
        qd_score_offset,
        seed,
        context,
        note,
        memo,
        &Designed::default(),
    )
}

/// [`explore`], with a designer's content offered to the archive right after the first
/// batch, and content sent while it runs taken as `designed` says (see [`explore_from`]).
///
/// # Errors
/// As [`explore`].
pub fn explore_seeded<P>(
    problem: &P,
    plan: &Plan,
    goal: Goal,
    qd_score_offset: f64,
    seed: u64,
    context: &Context,
    designed: &Designed<'_, P::Genome>,
) -> Result<Explored<P::Genome>, JobError>
where
    P: Mutate + Crossover,
    P::Genome: Serialize + serde::de::DeserializeOwned,
{
    explore_from(
        problem,
        plan,
        goal,
        qd_score_offset,
        seed,
        context,
        &serde_json::Value::Null,
        &memo::Nothing,
        designed,
    )
}

/// How a document a designer sends to a running exploration becomes a genome: `Ok` to tell
/// it to the archive, `Err` with the reason it is refused (another board, a lock broken).
pub type Admit<'a, G> = &'a (dyn Fn(&serde_json::Value) -> Result<G, String> + Sync);

/// What a designer gives an exploration: content to start from, and how content sent while
/// it runs (the context's [inbox](crate::inbox)) becomes a genome.
pub struct Designed<'a, G> {
    /// Genomes offered to the archive right after the first batch.
    pub seeds: &'a [G],
    /// How a document sent to the run becomes a genome; without it the run takes none.
    pub admit: Option<Admit<'a, G>>,
}

impl<G> Default for Designed<'_, G> {
    fn default() -> Self {
        Designed {
            seeds: &[],
            admit: None,
        }
    }
}

/// [`explore_remembering`], with the designer's seeds evaluated and offered to the archive
/// right after the first batch, so the archive holds them (or better) from the start; they
/// count among the evaluations.
///
/// With an [`Admit`] and a context that has an [inbox](crate::inbox), documents sent while
/// the run works are taken between batches, made genomes and told to the archive (they do
/// not count among the evaluations: the run makes the same candidates as without them); the
/// result's [`Explored::edits`] counts them, and a report line names each.
///
/// # Errors
/// As [`explore`].
#[allow(clippy::too_many_arguments)]
pub fn explore_from<P>(
    problem: &P,
    plan: &Plan,
    goal: Goal,
    qd_score_offset: f64,
    seed: u64,
    context: &Context,
    note: &serde_json::Value,
    memo: &dyn Remember<P::Genome>,
    designed: &Designed<'_, P::Genome>,
) -> Result<Explored<P::Genome>, JobError>
where
    P: Mutate + Crossover,
    P::Genome: Serialize + serde::de::DeserializeOwned,
{
    let settings = &plan.settings;
    let random = settings.method == Method::Random;
    let projected = Projected {
        inner: problem,
        picks: &plan.picks,
        random,
    };
    let grid = Grid::new(plan.axes.clone()).map_err(|e| JobError::parameters(e.to_string()))?;
    let archive = Archive::new(grid, goal, qd_score_offset)
        .map_err(|e| JobError::parameters(e.to_string()))?;
    let total = settings.evaluations;
    let initial = settings
        .initial
        .min(usize::try_from(total).unwrap_or(usize::MAX));
    let mut search = MapElites::new(archive, settings.batch)
        .with_initial(initial)
        .with_crossover(if random { 0.0 } else { settings.crossover })
        .with_max_mutations(if random { 1 } else { settings.max_mutations });
    context.stage("exploring", Some(total), "evaluations");
    context.emit(Event::Grid {
        axes: plan.axes.clone(),
    });
    let resumed: Option<ExploreState<P::Genome>> = context.resumed()?;
    context.install(|| {
        let mut told = match &resumed {
            Some(saved) => {
                if saved.search.archive().grid() != search.archive().grid()
                    || saved.search.seed() != seed
                {
                    return Err(JobError::input(
                        "the checkpoint's archive is not of this exploration; start it again \
                         without --resume",
                    ));
                }
                Told::default()
            }
            None => match search.start_until(&projected, goal, seed, Some(context.cancel_flag())) {
                Err(EvolveError::Cancelled) => {
                    return Err(JobError::cancelled(
                        "cancelled before any genome of the first batch was evaluated: there is \
                         no archive to keep; start it again and let it run longer",
                    ));
                }
                told => {
                    let mut told = told.map_err(|e| {
                        JobError::failed(format!("the exploration could not start: {e}"))
                    })?;
                    if !designed.seeds.is_empty() && told.offered() >= initial {
                        let more = search.tell(evaluate_all(&projected, designed.seeds.to_vec()));
                        told.new += more.new;
                        told.improved += more.improved;
                        told.not_added += more.not_added;
                        told.rejected += more.rejected;
                        told.invalid += more.invalid;
                        told.new_best |= more.new_best;
                        told.changed.extend(more.changed);
                    }
                    told
                }
            },
        };
        // A first batch cut short by a cancel: its archive is kept, but no checkpoint is saved
        // (a run resumed from it would not end as one never stopped).
        let first_cut = resumed.is_none() && told.offered() < initial;
        // Changed cells go out about 200 times a run, and at least every 2,000 evaluations
        // in a long one, so a live view keeps up.
        let every = (total / 200).clamp(1, 2_000);
        let mut changed = BTreeSet::new();
        let mut next_report = 0;
        let mut report = |search: &MapElites<P::Genome>, told: Told, evaluations: u64| {
            memo.settle(search.archive(), &told.changed);
            changed.extend(told.changed);
            if !changed.is_empty() && (evaluations >= next_report || evaluations >= total) {
                let archive = search.archive();
                let cells = std::mem::take(&mut changed)
                    .into_iter()
                    .filter_map(|cell| archive.get(cell).map(|e| (cell, e.fitness)))
                    .collect();
                context.emit(Event::Cells {
                    cells,
                    filled: archive.len(),
                });
                next_report = evaluations + every;
            }
        };
        let mut evaluations = told.offered() as u64;
        let mut rejected = told.rejected as u64;
        let mut history = Vec::new();
        let mut stride = 1u64;
        let mut batches = 0u64;
        let mut edits = 0u64;
        let inbox = designed.admit.and(context.inbox());
        if let Some(inbox) = inbox {
            inbox.open();
        }
        let point = |search: &MapElites<P::Genome>, evaluations| Point {
            evaluations,
            coverage: search.archive().coverage(),
            qd_score: search.archive().qd_score(),
            best: search.archive().best().map(|e| e.fitness),
        };
        history.push(point(&search, evaluations));
        if let Some(saved) = resumed {
            search = saved.search;
            evaluations = saved.evaluations;
            rejected = saved.rejected;
            history = saved.history;
            stride = saved.stride;
            batches = saved.batches;
            edits = saved.edits;
            // A live view redraws every elite of the archive taken up.
            told.changed = search.archive().iter().map(|e| e.cell).collect();
        }
        report(&search, told, evaluations);
        context.advance(evaluations, search.archive().best().map(|e| e.fitness));
        // The counts go as [evaluations, rejected, stride, batches, edits].
        let save = |search: &MapElites<P::Genome>, history: &Vec<Point>, counts: [u64; 5]| {
            let [evaluations, rejected, stride, batches, edits] = counts;
            context.checkpoint(batches, || ExploreState {
                search: search.clone(),
                evaluations,
                rejected,
                history: history.clone(),
                stride,
                batches,
                note: note.clone(),
                edits,
            })
        };
        let mut interrupted = first_cut;
        while evaluations < total && !first_cut {
            if !context.cancelled() {
                if let (Some(inbox), Some(admit)) = (inbox, designed.admit) {
                    let taken = take_edits(inbox, admit, &projected, context, edits);
                    if !taken.is_empty() {
                        let n = taken.len() as u64;
                        let told = search.tell(taken);
                        edits += n;
                        inbox.taken(n);
                        report(&search, told, evaluations);
                    }
                }
                let left = usize::try_from(total - evaluations).unwrap_or(usize::MAX);
                search.batch = settings.batch.min(left);
                if let Some(told) = search.iterate_until(&projected, context.cancel_flag()) {
                    evaluations += search.batch as u64;
                    rejected += told.rejected as u64;
                    report(&search, told, evaluations);
                    batches += 1;
                    // About 1,000 points at most: the stride doubles each time the history
                    // fills.
                    if history.len() >= 1000 {
                        history = history.into_iter().step_by(2).collect();
                        stride *= 2;
                    }
                    if batches.is_multiple_of(stride) || evaluations >= total {
                        history.push(point(&search, evaluations));
                    }
                    context.advance(evaluations, search.archive().best().map(|e| e.fitness));
                    let counts = [evaluations, rejected, stride, batches, edits];
                    save(&search, &history, counts)?;
                    continue;
                }
                // Cut short: the search is as the last finished batch left it.
                memo.forget();
            }
            // Cancelled: saved as the last finished batch left it, and ended.
            let counts = [evaluations, rejected, stride, batches, edits];
            save(&search, &history, counts)?;
            interrupted = true;
            break;
        }
        if let Some(inbox) = inbox {
            inbox.close();
        }
        // Whatever changed since the last report (a cancelled run stops between reports).
        report(&search, Told::default(), total);
        if history.last().map(|p| p.evaluations) != Some(evaluations) {
            history.push(point(&search, evaluations));
        }
        Ok(Explored {
            archive: search.into_archive(),
            history,
            evaluations,
            rejected,
            interrupted,
            method: settings.method,
            edits,
        })
    })?
}

/// The documents waiting in `inbox` made genomes by `admit` and evaluated by `problem`; each
/// refused one (by `admit`, or rejected as invalid by the generator) is counted with its
/// reason, and every one is named in a report line (`before` were taken earlier).
fn take_edits<P: ludoforge_evolve::Problem>(
    inbox: &crate::inbox::Inbox,
    admit: Admit<'_, P::Genome>,
    problem: &P,
    context: &Context,
    before: u64,
) -> Vec<(P::Genome, ludoforge_evolve::Outcome)> {
    let refuse = |why: String| {
        context.line(format!("an edit was refused: {why}"));
        inbox.refused(why);
    };
    let mut genomes = Vec::new();
    for document in inbox.take() {
        match admit(&document) {
            Ok(genome) => genomes.push(genome),
            Err(why) => refuse(why),
        }
    }
    let mut taken = Vec::new();
    for (genome, outcome) in evaluate_all(problem, genomes) {
        if let ludoforge_evolve::Outcome::Rejected(rejection) = &outcome {
            refuse(format!("it is not valid: {}", rejection.reason));
            continue;
        }
        taken.push((genome, outcome));
        context.line(format!(
            "edit {} taken into the archive",
            before + taken.len() as u64
        ));
    }
    taken
}

#[cfg(test)]
mod tests;
