//! An exploration's shelf of mazes written out: each elite's result (its solution kept from
//! the evaluation that placed it, or solved again), the archive file, its pictures and the
//! summary.

use ludoforge_evolve::StopReason;
use ludoforge_job::explore::{self, Explored, Memo, Method, Plan, archive_file};
use ludoforge_job::{Artifact, Context, JobError};
use serde::Serialize;

use crate::chromatic::Sampling;
use crate::format::Puzzle;
use crate::generate::{RunStats, assemble, assemble_solved};
use crate::settings::{PuzzleSpec, Settings, StrategyKind};
use crate::solve::{Measures, Solution};

/// A solution as an elite keeps it until the archive file is written: its squares as 16-bit
/// numbers (a board has at most 64 × 64 of them).
pub(super) struct Kept {
    min_moves: u32,
    path: Box<[u16]>,
    measures: Measures,
}

impl Kept {
    pub(super) fn of(solution: Solution) -> Kept {
        Kept {
            min_moves: solution.min_moves,
            path: solution
                .path
                .iter()
                .map(|&i| u16::try_from(i).expect("a board has at most 4,096 squares"))
                .collect(),
            measures: solution.measures,
        }
    }

    fn solution(self) -> Solution {
        Solution {
            min_moves: self.min_moves,
            path: self.path.iter().map(|&i| usize::from(i)).collect(),
            measures: self.measures,
        }
    }
}

/// The archive file, its pictures and the summary.
#[allow(clippy::too_many_arguments)]
pub(super) fn finish<G: Send + Sync>(
    id: &str,
    params: &impl Serialize,
    spec: &PuzzleSpec,
    settings: &Settings,
    plan: &Plan,
    explored: &Explored<G>,
    sampling: Sampling,
    maze: &(impl Fn(&G) -> Option<Puzzle> + Sync),
    memo: &Memo<G, Kept>,
    seed: u64,
    context: &Context,
) -> Result<Artifact, JobError> {
    let version = env!("CARGO_PKG_VERSION");
    let mut artifact = Artifact::new(id, version, seed, params);
    let run = RunStats {
        strategy: match explored.method {
            Method::MapElites => StrategyKind::MapElites,
            Method::Random => StrategyKind::Random,
        },
        matings: 0,
        generations: 0,
        evaluations: explored.evaluations,
        rejections: explored.rejected,
        stop: if explored.interrupted {
            StopReason::Interrupted
        } else {
            StopReason::Evaluations
        },
        sampling,
    };
    let parameters = serde_json::to_value(params).expect("parameters serialise");
    // An elite whose solution was not kept (one taken from a checkpoint) is solved again.
    let archive = archive_file(
        context,
        id,
        version,
        seed,
        &parameters,
        plan,
        explored,
        |elite| {
            let puzzle = maze(&elite.genome).expect("an elite is a valid maze");
            let score = explored.archive.goal().score(elite.fitness);
            let result = match memo.take(elite.cell) {
                Some(kept) => {
                    assemble_solved(spec, settings, seed, &puzzle, kept.solution(), score, run)
                }
                None => assemble(spec, settings, seed, &puzzle, score, run),
            };
            serde_json::to_value(result).expect("a result serialises")
        },
    )?;
    artifact.report("generator", explore::ARCHIVE_GENERATOR);
    artifact.report("kind", spec_kind(spec));
    artifact.report(
        "descriptors",
        plan.axes.iter().map(|a| a.name.clone()).collect::<Vec<_>>(),
    );
    for (key, value) in explore::summary(explored) {
        artifact.report(key, value);
    }
    artifact.files.push(archive);
    let title = format!(
        "{} {}×{}",
        spec_kind(spec),
        spec.board().width,
        spec.board().height
    );
    let captions = [format!(
        "{} · seed {seed} · {} evaluations · {} of {} cells filled · QD score {}",
        explored.method.title(),
        explored.evaluations,
        explored.archive.len(),
        explored.archive.grid().cells(),
        explored.archive.qd_score()
    )];
    let value_name = if settings.target.is_some() {
        "moves (scored by nearness to the target)"
    } else {
        "fewest moves"
    };
    explore::pictures(
        context,
        &mut artifact.files,
        explored,
        &title,
        value_name,
        &captions,
    )?;
    explore::note_interruption(&mut artifact, explored, "elites");
    Ok(artifact)
}

fn spec_kind(spec: &PuzzleSpec) -> &'static str {
    match spec {
        PuzzleSpec::Chess { .. } => "chess",
        PuzzleSpec::Chromatic { .. } => "chromatic",
    }
}
