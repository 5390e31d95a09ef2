//! The set scores of `PCGEnv.evaluate` (`pcg_benchmark/pcg_env.py` at the commit in
//! [`crate::BENCHMARK_COMMIT`]): the share of contents of quality 1, of controllability 1, and of
//! diversity 1 after `_recursiveDiversity` takes near-duplicates out one by one.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::Problem;
use crate::measure::numpy_sum;

/// What `env.evaluate(contents, controls)` returns, less the infos.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scores {
    /// Share of contents whose quality is 1.
    pub quality: f64,
    /// Share of contents whose diversity value is 1.
    pub diversity: f64,
    /// Share of contents whose controllability is 1 (0 when no controls were given).
    pub controllability: f64,
    /// Per-content values behind the shares.
    pub details: Details,
}

/// The per-content values of [`Scores`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Details {
    /// Quality of each content.
    pub quality: Vec<f64>,
    /// Diversity value of each content.
    pub diversity: Vec<f64>,
    /// Controllability of each content against its control (0 without controls).
    pub controllability: Vec<f64>,
}

fn share(values: &[f64]) -> f64 {
    values.iter().filter(|v| **v >= 1.0).count() as f64 / values.len() as f64
}

/// Scores a set as `PCGEnv.evaluate(contents, controls)` does. Controls, when given, are repeated
/// in turn over the contents (content `i` meets `controls[i % len]`), as the Python repeats and
/// cuts its list. O(n²) diversity comparisons.
///
/// # Panics
/// When `infos` is empty, or `controls` is given empty (the Python divides by zero on both).
#[must_use]
pub fn evaluate<P: Problem + ?Sized>(
    problem: &P,
    infos: &[P::Info],
    controls: Option<&[Vec<i64>]>,
) -> Scores {
    assert!(
        !infos.is_empty(),
        "a set to score needs at least one content"
    );
    let quality: Vec<f64> = infos.iter().map(|info| problem.quality(info)).collect();
    let diversity = diversity_values(problem, infos);
    let (controllability, ct_score) = match controls {
        Some(controls) => {
            assert!(
                !controls.is_empty(),
                "controls, when given, need at least one"
            );
            let values: Vec<f64> = infos
                .iter()
                .enumerate()
                .map(|(i, info)| problem.controllability(info, &controls[i % controls.len()]))
                .collect();
            let score = share(&values);
            (values, score)
        }
        None => (vec![0.0; infos.len()], 0.0),
    };
    Scores {
        quality: share(&quality),
        diversity: share(&diversity),
        controllability: ct_score,
        details: Details {
            quality,
            diversity,
            controllability,
        },
    }
}

/// The diversity value of each content (`PCGEnv.diversity`): the similarity matrix
/// `1 − diversity(i, j)` over every ordered pair, diagonal included (rows in parallel, on the
/// current rayon pool), then `_recursiveDiversity`.
#[must_use]
pub fn diversity_values<P: Problem + ?Sized>(problem: &P, infos: &[P::Info]) -> Vec<f64> {
    let sim: Vec<Vec<f64>> = infos
        .par_iter()
        .map(|a| {
            infos
                .iter()
                .map(|b| 1.0 - problem.diversity(a, b))
                .collect()
        })
        .collect();
    recursive_diversity(sim)
}

/// `_recursiveDiversity`, unrolled: while some row of the similarity matrix sums above 1, the
/// first such largest row's content gets `clamp(1 − (sum − 1) / nonzero, 0, 1)` and leaves the
/// matrix; the rest get 1. Values go back in with Python's `list.insert` at the content's
/// original index (clamped to the list's length, as `insert` does), which is what the benchmark
/// reports even where that is not the content's own place.
#[must_use]
pub fn recursive_diversity(mut sim: Vec<Vec<f64>>) -> Vec<f64> {
    let mut indices: Vec<usize> = (0..sim.len()).collect();
    let mut taken = Vec::new();
    loop {
        let sums: Vec<f64> = sim.iter().map(|row| numpy_sum(row)).collect();
        let Some(index) = first_argmax(&sums) else {
            break;
        };
        let max = sums[index];
        if max <= 1.0 {
            break;
        }
        let amount = sim[index].iter().filter(|v| **v > 0.0).count() as f64;
        let value = (1.0 - (max - 1.0) / amount).clamp(0.0, 1.0);
        taken.push((indices.remove(index), value));
        sim.remove(index);
        for row in &mut sim {
            row.remove(index);
        }
    }
    let mut values = vec![1.0; sim.len()];
    for (index, value) in taken.into_iter().rev() {
        values.insert(index.min(values.len()), value);
    }
    values
}

/// `np.argmax`: the first index of the largest value (a NaN wins, as in numpy).
fn first_argmax(values: &[f64]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, v) in values.iter().enumerate() {
        match best {
            None => best = Some(i),
            Some(b) if values[b].is_nan() => {}
            Some(b) if v.is_nan() || *v > values[b] => best = Some(i),
            Some(_) => {}
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinct_contents_all_count() {
        let identity = vec![
            vec![1.0, 0.0, 0.0],
            vec![0.0, 1.0, 0.0],
            vec![0.0, 0.0, 1.0],
        ];
        assert_eq!(recursive_diversity(identity), vec![1.0; 3]);
    }

    #[test]
    fn duplicates_worked_by_hand() {
        // Three identical contents: every row sums to 3, amount 3 → content 0 gets 1 − 2/3; then
        // two rows of 2, amount 2 → content 1 gets 1 − 1/2; content 2 is alone → 1. Python inserts
        // 0.5 at index 1 of [1.0], then 1/3 at 0: [1/3, 1.0, 0.5].
        let same = vec![vec![1.0; 3]; 3];
        let values = recursive_diversity(same);
        assert_eq!(values, vec![1.0 - 2.0 / 3.0, 1.0, 0.5]);
    }

    #[test]
    fn python_insert_positions_are_kept() {
        // Content 0 leaves first (row sum 2.6, amount 3: 1 − 1.6/3), then content 1 (now row 0,
        // sum 1.5, amount 2: 0.75); Python inserts 0.75 at 1 into [1.0], then 0.4666… at 0:
        // [0.4666666666666667, 1.0, 0.75] (run with the benchmark's `_recursiveDiversity`), so
        // content 1's value is reported at position 2.
        let sim = vec![
            vec![1.0, 0.8, 0.8],
            vec![0.8, 1.0, 0.5],
            vec![0.8, 0.5, 1.0],
        ];
        assert_eq!(
            recursive_diversity(sim),
            vec![0.466_666_666_666_666_7, 1.0, 0.75]
        );
        let sim = vec![
            vec![1.0, 0.0, 0.9],
            vec![0.0, 1.0, 0.2],
            vec![0.9, 0.6, 1.0],
        ];
        assert_eq!(recursive_diversity(sim), vec![1.0, 1.0, 0.5]);
    }
}
