//! `portals`: generate a dungeon, the best of several candidates or evolved toward targets.

use std::sync::atomic::{AtomicU64, Ordering};

use ludoforge_evolve::{Budget, EvolveError, Keep, Saved, StopReason};
use ludoforge_job::engine::{RunEvents, save_run};
use ludoforge_job::{Artifact, Context, Ending, JobError, Spec};

use super::files::{add_files, describe};
use super::memory::{MemoryLimit, check_population};
use super::params::GenerateParams;
use crate::choose::{Choice, Targets, choose_until};
use crate::evolve::{INTERRUPTED, PortalProblem, Watch, evolve};
use crate::format::{DungeonFile, Evolution, Settings};
use crate::params::Params;
use crate::walk::Memory;

/// `portals`: generate a portal dungeon.
///
/// An evolving population must fit in the memory a run may use, which only the front end can
/// tell (it is the machine's, not the run's): the job holds that limit, and [`Default`] uses
/// [`MemoryLimit::default`], a fixed cap.
#[derive(Debug, Clone, Default)]
pub struct GenerateJob {
    /// The most memory an evolving population may take.
    pub memory: MemoryLimit,
}

impl GenerateJob {
    /// The job, refusing populations that need more than `memory`.
    #[must_use]
    pub fn new(memory: MemoryLimit) -> Self {
        GenerateJob { memory }
    }
}

/// Checked parameters, ready to run.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The generator's parameters.
    pub params: Params,
    /// Simulated walks per dungeon.
    pub walks: u32,
    /// What the simulated players remember.
    pub memory: Memory,
    /// What is asked of the dungeon.
    pub targets: Targets,
    /// Candidates to choose among (1 when evolving).
    pub candidates: usize,
    /// The population and matings, when evolving.
    pub evolution: Option<(usize, u64)>,
}

impl Spec for GenerateJob {
    type Params = GenerateParams;
    type Checked = Plan;

    fn id(&self) -> &'static str {
        "portals"
    }

    fn title(&self) -> &'static str {
        "Portal dungeon"
    }

    fn help(&self) -> &'static str {
        "Generate a portal dungeon after Bush: rooms joined by one-way portals from an origin to \
         an exit, no route shorter than M portals, judged by simulated players. Keeps the best \
         of several candidates against the targets, or evolves a population toward them."
    }

    fn sample(&self) -> Option<Self::Params> {
        // A quick run whose picture shows what the job makes.
        Some(serde_json::from_str(r#"{}"#).expect("sample parameters"))
    }

    fn draw(
        &self,
        result: &serde_json::Value,
        context: &Context,
    ) -> Option<Result<Vec<ludoforge_job::File>, JobError>> {
        super::files::draw(result, context)
    }

    fn checkpoints(&self) -> bool {
        true
    }

    fn validate(&self, p: &GenerateParams) -> Result<Plan, JobError> {
        let (params, walks, memory) = p.dungeon.settings()?;
        let targets = p.targets.targets()?;
        let (candidates, evolution) = p.search.search(&targets)?;
        if let Some((population, _)) = evolution {
            check_population(&self.memory, &params, population)?;
        }
        Ok(Plan {
            params,
            walks,
            memory,
            targets,
            candidates,
            evolution,
        })
    }

    fn execute(
        &self,
        plan: Plan,
        p: &GenerateParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let (choice, interrupted) = match plan.evolution {
            None => choose_shown(&plan, seed, context)?,
            Some((population, matings)) => evolve_shown(&plan, population, matings, seed, context)?,
        };
        let settings = Settings {
            params: plan.params,
            candidates: if plan.evolution.is_some() {
                1
            } else {
                plan.candidates
            },
            walks: plan.walks,
            memory: plan.memory,
            evolution: plan.evolution.map(|(population, matings)| Evolution {
                population,
                matings,
            }),
            exploration: None,
        };
        let file = DungeonFile::new(&choice, settings, plan.targets, seed);
        let mut artifact = Artifact::new(self.id(), env!("CARGO_PKG_VERSION"), seed, p);
        add_files(&mut artifact, &file, &choice.dungeon, context)?;
        describe(&mut artifact, &file);
        if let Some(note) = interrupted {
            artifact.ending = Ending::Interrupted;
            artifact.notes.push(note.into());
        }
        if file.verdicts.iter().any(|v| !v.met) {
            if artifact.ending == Ending::Done {
                artifact.ending = Ending::TargetMissed;
            }
            artifact.notes.push(format!(
                "target not met (seed {seed}); the closest dungeon was kept anyway. Try more \
                 candidates, evolve with more matings, another min_path or looser targets."
            ));
        }
        Ok(artifact)
    }
}

/// Reports `done` steps of `total`, about a thousand times a stage.
fn thinned(context: &Context, done: u64, total: u64) {
    if done <= total && (done.is_multiple_of((total / 1000).max(1)) || done == total) {
        context.advance(done, None);
    }
}

/// The best of the candidates, with a note when it was cut short.
fn choose_shown(
    plan: &Plan,
    seed: u64,
    context: &Context,
) -> Result<(Choice, Option<&'static str>), JobError> {
    let total = plan.candidates as u64;
    context.stage("generating candidates", Some(total), "candidates");
    let finished = AtomicU64::new(0);
    let done = || thinned(context, finished.fetch_add(1, Ordering::Relaxed) + 1, total);
    let chosen = context
        .install(|| {
            choose_until(
                &plan.params,
                &plan.targets,
                plan.candidates,
                plan.walks,
                plan.memory,
                seed,
                &done,
                context.cancel_flag(),
            )
        })?
        .map_err(|e| JobError::failed(e.to_string()))?;
    match chosen {
        Some(choice) if context.cancelled() => Ok((
            choice,
            Some("interrupted: the best of the candidates made so far was kept"),
        )),
        Some(choice) => Ok((choice, None)),
        None => Err(JobError::cancelled(
            "interrupted before the first candidate was made: there is no dungeon to keep",
        )),
    }
}

/// The evolved dungeon, with a note when it was cut short.
fn evolve_shown(
    plan: &Plan,
    population: usize,
    matings: u64,
    seed: u64,
    context: &Context,
) -> Result<(Choice, Option<&'static str>), JobError> {
    let problem = PortalProblem {
        params: plan.params,
        targets: plan.targets,
        walks: plan.walks,
        memory: plan.memory,
        seed,
    };
    // A checkpoint is the engine's run.
    let resume: Option<Saved<crate::packed::PackedDungeon>> = context.resumed()?;
    let outcome = context.install(|| {
        let mut events = RunEvents::new(context, &Budget::matings(matings));
        // The first population's size is known, and making it is most of the time a large
        // population takes: count its members instead of the stage of unknown length
        // `RunEvents` starts with.
        let total = population as u64;
        context.stage("making the first population", Some(total), "dungeons");
        let made = AtomicU64::new(0);
        let accepted = || thinned(context, made.fetch_add(1, Ordering::Relaxed) + 1, total);
        let mut hook = save_run(context, |run| run);
        let watch = Watch {
            observer: Some(&mut events),
            accepted: Some(&accepted),
            cancel: Some(context.cancel_flag()),
            keep: context.keeps_checkpoints().then_some(Keep {
                resume,
                hook: &mut hook,
            }),
        };
        evolve(&problem, population, matings, watch)
    })?;
    match outcome {
        Ok((choice, StopReason::Interrupted)) => Ok((
            choice,
            Some("interrupted: the best dungeon found so far was kept"),
        )),
        Ok((choice, _)) => Ok((choice, None)),
        Err(EvolveError::Cancelled) => Err(JobError::cancelled(
            "interrupted before the first dungeon of the population was made: there is no \
             dungeon to keep",
        )),
        Err(EvolveError::NoValidGenome { last_reason, .. })
            if last_reason == INTERRUPTED && context.cancelled() =>
        {
            Err(JobError::cancelled(
                "interrupted before the first dungeon of the population was made: there is no \
                 dungeon to keep",
            ))
        }
        Err(error) => Err(JobError::failed(error.to_string())),
    }
}
