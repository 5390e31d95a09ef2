//! The experiments of the source paper, as data, and a runner that reproduces them.
//!
//! The preset `presets/ashlock.json` lists each experiment of Ashlock's sections III and IV with
//! the figure the paper reports; [`run_experiment`] runs it over independent replicates and
//! compares the outcome with the paper.

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use ludoforge_evolve::Budget;

use crate::chess::PieceKind;
use crate::error::PuzzleError;
use crate::generate::{ReplicateSet, evolve_replicates};
use crate::settings::{PuzzleSpec, Settings};

/// The paper's experiments, bundled.
pub const ASHLOCK: &str = include_str!("../presets/ashlock.json");

/// A set of experiments.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Study {
    /// Where the experiments come from.
    pub source: String,
    /// Replicates per experiment (the paper: 30).
    pub replicates: usize,
    /// The experiments.
    pub experiments: Vec<Experiment>,
}

/// One experiment: a puzzle specification, a budget and what the paper found.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Experiment {
    /// Short name, e.g. "chromatic-11".
    pub name: String,
    /// What the paper reports.
    pub paper: String,
    /// "chess" or "chromatic".
    pub kind: String,
    /// The agent (chess).
    #[serde(default)]
    pub agent: Option<String>,
    /// The opposing pieces (chess).
    #[serde(default)]
    pub pieces: Option<String>,
    /// Board side.
    pub size: usize,
    /// Mating events per replicate.
    pub matings: u64,
    /// A target number of moves, if any.
    #[serde(default)]
    pub target: Option<u32>,
    /// The best minimum moves the paper found, to be matched or beaten.
    #[serde(default)]
    pub at_least: Option<u32>,
}

/// Loads the bundled study of the paper.
///
/// # Panics
/// Never: the bundled preset is checked by the tests.
#[must_use]
pub fn ashlock() -> Study {
    serde_json::from_str(ASHLOCK).expect("the bundled preset is valid")
}

impl Experiment {
    /// The puzzle specification and settings (the paper's: population 1200, tournament 7,
    /// one mutation).
    ///
    /// # Errors
    /// [`PuzzleError`] if the experiment is malformed.
    pub fn setup(&self) -> Result<(PuzzleSpec, Settings), PuzzleError> {
        let spec = match self.kind.as_str() {
            "chess" => {
                let agent: PieceKind = self.agent.as_deref().unwrap_or("rook").parse()?;
                let pieces = self.pieces.as_deref().unwrap_or("");
                PuzzleSpec::chess(self.size, self.size, agent, pieces, None, None)?
            }
            "chromatic" => PuzzleSpec::chromatic(self.size, self.size, None, None)?,
            other => {
                return Err(PuzzleError::BadFile {
                    why: format!("experiment {}: unknown kind {other:?}", self.name),
                });
            }
        };
        let settings = Settings {
            budget: Budget::matings(self.matings),
            target: self.target,
            ..Settings::default()
        };
        Ok((spec, settings))
    }
}

/// The outcome of one experiment over its replicates.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outcome {
    /// The experiment's name.
    pub name: String,
    /// What the paper reports.
    pub paper: String,
    /// Replicates run.
    pub replicates: usize,
    /// Best, median and worst minimum moves over the replicates.
    pub best: u32,
    /// Median minimum moves (the lower middle for an even count).
    pub median: u32,
    /// Worst minimum moves.
    pub worst: u32,
    /// Replicates that met the target, if there is one.
    pub target_hits: Option<usize>,
    /// Distinct puzzles among the replicates.
    pub distinct: usize,
    /// Whether the paper's figure was matched: best ≥ `at_least`, or every replicate hit the
    /// target.
    pub matches_paper: Option<bool>,
    /// The seed of the best replicate.
    pub best_seed: u64,
}

/// Runs an experiment over `replicates` replicates from `seed`.
///
/// # Errors
/// [`PuzzleError`] if the experiment cannot be set up or run.
pub fn run_experiment(
    experiment: &Experiment,
    replicates: usize,
    seed: u64,
    cancel: Option<&AtomicBool>,
    done: &(dyn Fn(usize) + Sync),
) -> Result<(Outcome, ReplicateSet), PuzzleError> {
    let (spec, settings) = experiment.setup()?;
    let (set, _) = evolve_replicates(&spec, &settings, seed, replicates, false, cancel, done)?;
    let mut moves: Vec<u32> = set.replicates.iter().map(|r| r.min_moves).collect();
    moves.sort_unstable();
    let matches_paper = match (experiment.target, experiment.at_least) {
        (Some(_), _) => set.target_hits.map(|hits| hits == set.count),
        (None, Some(at_least)) => Some(moves[moves.len() - 1] >= at_least),
        (None, None) => None,
    };
    let outcome = Outcome {
        name: experiment.name.clone(),
        paper: experiment.paper.clone(),
        replicates: set.count,
        best: set.best.min_moves,
        median: moves[(moves.len() - 1) / 2],
        worst: moves[0],
        target_hits: set.target_hits,
        distinct: set.distinct,
        matches_paper,
        best_seed: set.best.seed,
    };
    Ok((outcome, set))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_study_is_valid() {
        let study = ashlock();
        assert_eq!(study.replicates, 30);
        assert_eq!(study.experiments.len(), 8);
        for experiment in &study.experiments {
            experiment.setup().unwrap();
        }
    }
}
