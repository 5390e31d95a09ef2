//! `pcg-evolve`: a set of contents bred with the engine's genetic algorithm, as the
//! benchmark's baselines breed theirs: a population the size of the set, each member a content
//! with a control drawn from the control space (a child keeps a parent's), selected by the
//! baselines' fitness; the final population is the set.

use ludoforge_evolve::{Budget, EvolveError, Generational, Run, StopReason};
use ludoforge_job::engine::RunEvents;
use ludoforge_job::{Artifact, Context, File, JobError, Spec};
use rayon::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::adapter::{Contents, Fitness};
use super::document::score_set;
use super::{Name, with_problem};
use crate::{Grid, Problem};

/// `pcg-evolve`: breed a set of contents for a benchmark problem.
pub struct EvolveJob;

/// Most contents in a set: the benchmark compares every pair of a set (and takes its
/// diversity in repeated passes over them), so a set of thousands takes minutes to score.
pub const MAX_SIZE: usize = 200;

/// Most evaluations of a run.
pub const MAX_EVALUATIONS: u64 = 100_000_000;

/// The parameters of `pcg-evolve`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct EvolveParams {
    /// The benchmark problem.
    pub problem: Name,
    /// Contents in the set (the population): 2 to 200. The baselines keep 100.
    #[schemars(range(min = 2, max = 200))]
    pub size: usize,
    /// Contents evaluated in all, the first population included: at least the size, at most
    /// 100,000,000. The baselines' 100 generations of 100 are 10,100.
    #[schemars(range(min = 2, max = 100_000_000))]
    pub evaluations: u64,
    /// What the search maximises: `quality`, or `quality_control` (quality, then the content's
    /// controllability once quality is 1).
    pub fitness: Fitness,
    /// Members in each tournament that picks a parent: 1 to 100.
    #[schemars(range(min = 1, max = 100))]
    pub tournament: usize,
    /// Share of the population carried unchanged into the next generation: 0 to 0.5.
    #[schemars(range(min = 0.0, max = 0.5))]
    pub elitism: f64,
    /// The most tiles a child has redrawn (it gets 1 to this many): 1 to 100.
    #[schemars(range(min = 1, max = 100))]
    pub max_mutations: usize,
}

impl Default for EvolveParams {
    fn default() -> Self {
        EvolveParams {
            problem: Name::default(),
            size: 100,
            evaluations: 10_100,
            fitness: Fitness::default(),
            tournament: 7,
            elitism: 0.1,
            max_mutations: 4,
        }
    }
}

impl Spec for EvolveJob {
    type Params = EvolveParams;
    type Checked = ();

    fn id(&self) -> &'static str {
        "pcg-evolve"
    }

    fn title(&self) -> &'static str {
        "PCG Benchmark set, evolved"
    }

    fn help(&self) -> &'static str {
        "Breed a set of contents for a problem of the PCG Benchmark with a genetic algorithm \
         (tournament selection, rectangle crossover, tile mutation, elitism), each content \
         answering to a control drawn from the problem's control space, as the benchmark's \
         baselines do; the set is scored with the benchmark's quality, controllability and \
         diversity."
    }

    fn sample(&self) -> Option<Self::Params> {
        Some(EvolveParams {
            problem: Name::ZeldaV0,
            size: 24,
            evaluations: 4_000,
            ..EvolveParams::default()
        })
    }

    fn draw(&self, result: &Value, context: &Context) -> Option<Result<Vec<File>, JobError>> {
        super::explore::draw_document(result, context)
    }

    fn validate(&self, p: &EvolveParams) -> Result<(), JobError> {
        let bad = |m: String| Err(JobError::parameters(m));
        if !(2..=MAX_SIZE).contains(&p.size) {
            return bad(format!(
                "size {}: give a number of contents between 2 and {MAX_SIZE}",
                p.size
            ));
        }
        if p.evaluations < p.size as u64 || p.evaluations > MAX_EVALUATIONS {
            return bad(format!(
                "evaluations {}: give at least the size ({}) and at most {MAX_EVALUATIONS}",
                p.evaluations, p.size
            ));
        }
        if !(1..=100).contains(&p.tournament) {
            return bad(format!(
                "tournament {}: give a number of members between 1 and 100",
                p.tournament
            ));
        }
        if !(0.0..=0.5).contains(&p.elitism) {
            return bad(format!(
                "elitism {}: give a share between 0 and 0.5",
                p.elitism
            ));
        }
        if !(1..=100).contains(&p.max_mutations) {
            return bad(format!(
                "max_mutations {}: give a number between 1 and 100",
                p.max_mutations
            ));
        }
        Ok(())
    }

    fn execute(
        &self,
        (): (),
        p: &EvolveParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        with_problem!(p.problem, |problem| run(
            self.id(),
            &problem,
            p,
            seed,
            context
        ))
    }
}

fn run<P: Problem>(
    id: &str,
    problem: &P,
    p: &EvolveParams,
    seed: u64,
    context: &Context,
) -> Result<Artifact, JobError> {
    let contents = Contents::controlled(problem, p.fitness).cancelled_by(context.cancel_flag());
    let elite = (p.size as f64 * p.elitism).ceil() as usize;
    let strategy = Generational::new(p.size)
        .with_tournament(p.tournament)
        .with_elite(elite.min(p.size - 1))
        .with_max_mutations(p.max_mutations);
    // Whole generations within the evaluations: the first population, then the children of
    // each generation (the elite are carried over, not evaluated again).
    let children = (p.size - strategy.elite) as u64;
    let budget = Budget::generations((p.evaluations - p.size as u64) / children.max(1));
    let report = context.install(|| {
        let mut events = RunEvents::new(context, &budget);
        Run::new(&contents, strategy)
            .budget(budget)
            .seed(seed)
            .cancel_on(context.cancel_flag())
            .observe(&mut events)
            .execute()
    })?;
    let report = match report {
        Ok(report) => report,
        Err(EvolveError::Cancelled) => {
            return Err(JobError::cancelled(
                "interrupted before the first population was made: there is no set to keep",
            ));
        }
        // Evaluations are refused once cancelled: a first population cut short has none.
        Err(EvolveError::NoValidGenome { .. }) if context.cancelled() => {
            return Err(JobError::cancelled(
                "interrupted before the first population was made: there is no set to keep",
            ));
        }
        Err(e) => return Err(JobError::failed(e.to_string())),
    };
    let grids: Vec<Grid> = report
        .population
        .iter()
        .map(|i| contents.grid(&i.genome))
        .collect();
    let controls: Vec<Vec<i64>> = report
        .population
        .iter()
        .map(|i| i.genome.control.clone())
        .collect();
    let infos: Vec<P::Info> =
        context.install(|| grids.par_iter().map(|g| problem.info(g)).collect())?;
    let document = score_set(
        problem,
        grids,
        &infos,
        &controls,
        id,
        seed,
        report.counters.evaluations,
    );
    let mut artifact = Artifact::new(id, env!("CARGO_PKG_VERSION"), seed, p);
    artifact.report("generator", super::document::GENERATOR);
    artifact.report("problem", problem.name());
    artifact.report("size", document.contents.len());
    artifact.report("evaluations", document.evaluations);
    artifact.report("quality", document.scores.quality);
    artifact.report("controllability", document.scores.controllability);
    artifact.report("diversity", document.scores.diversity);
    artifact.report("best_fitness", report.best.evaluation.fitness);
    if report.stop == StopReason::Interrupted {
        artifact.ending = ludoforge_job::Ending::Interrupted;
        artifact
            .notes
            .push("interrupted: the set is the population so far".into());
    }
    super::explore::set_files(
        context,
        &mut artifact,
        &document,
        "result",
        &format!("{} · pcg-evolve · seed {seed}", problem.name()),
    )?;
    Ok(artifact)
}
