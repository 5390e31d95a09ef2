//! The set file: contents as the benchmark's 2-D integer arrays and controls as its control
//! dictionaries (`env.evaluate(doc["contents"], doc["controls"])` scores it in Python), with the
//! three scores computed natively.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::env::Details;
use crate::{BENCHMARK_COMMIT, Grid, Problem, evaluate};

/// `kind` of a set file.
pub const SET_KIND: &str = "pcg-set";

/// `generator` of the files of these jobs.
pub const GENERATOR: &str = "ludoforge pcgbench";

/// A generated set as written (role `result` of `pcg-evolve`, `set` of `pcg-explore`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetDocument {
    /// [`GENERATOR`].
    pub generator: String,
    /// [`SET_KIND`].
    pub kind: String,
    /// The benchmark's problem name (`"zelda-v0"`).
    pub problem: String,
    /// Where the problem comes from: `{"repository", "commit"}`.
    pub benchmark: Value,
    /// The job that made the set.
    pub job: String,
    /// The run's seed.
    pub seed: u64,
    /// Contents evaluated to make the set.
    pub evaluations: u64,
    /// The contents, each `height` rows of `width` tiles.
    pub contents: Vec<Grid>,
    /// The control each content answers to.
    pub controls: Vec<BTreeMap<String, i64>>,
    /// The benchmark's scores of the set.
    pub scores: SetScores,
    /// The per-content values behind them.
    pub details: Details,
}

/// The three shares `env.evaluate` returns.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SetScores {
    /// Share of contents of quality 1.
    pub quality: f64,
    /// Share of contents meeting their control.
    pub controllability: f64,
    /// Share of contents counted diverse.
    pub diversity: f64,
}

/// Scores `contents` against `controls` (one each) as `env.evaluate` does and makes the set
/// file. `infos` are the contents' measures (`problem.info`), one each.
///
/// # Panics
/// When `contents` is empty or the lengths differ.
#[must_use]
pub fn score_set<P: Problem>(
    problem: &P,
    contents: Vec<Grid>,
    infos: &[P::Info],
    controls: &[Vec<i64>],
    job: &str,
    seed: u64,
    evaluations: u64,
) -> SetDocument {
    assert_eq!(contents.len(), controls.len(), "one control a content");
    assert_eq!(contents.len(), infos.len(), "one info a content");
    let scores = evaluate(problem, infos, Some(controls));
    let dims = problem.controls();
    let controls = controls
        .iter()
        .map(|values| {
            dims.iter()
                .zip(values)
                .map(|(d, v)| (d.name.to_string(), *v))
                .collect()
        })
        .collect();
    SetDocument {
        generator: GENERATOR.into(),
        kind: SET_KIND.into(),
        problem: problem.name().into(),
        benchmark: serde_json::json!({"repository": "amidos2006/pcg_benchmark", "commit": BENCHMARK_COMMIT}),
        job: job.into(),
        seed,
        evaluations,
        contents,
        controls,
        scores: SetScores {
            quality: scores.quality,
            controllability: scores.controllability,
            diversity: scores.diversity,
        },
        details: scores.details,
    }
}

impl SetDocument {
    /// The scores as a caption: "quality 100% · controllability 87% · diversity 64%".
    #[must_use]
    pub fn caption(&self) -> String {
        let pc = |v: f64| format!("{:.0}%", 100.0 * v);
        format!(
            "quality {} · controllability {} · diversity {}",
            pc(self.scores.quality),
            pc(self.scores.controllability),
            pc(self.scores.diversity)
        )
    }
}
