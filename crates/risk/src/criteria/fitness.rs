//! The distance fitness of Eq. 1, `Σ_i w_i · |v_i − o_i|`, to be minimised.

use serde::{Deserialize, Serialize};

use super::{Criteria, CriteriaError, Criterion};

/// The ideal value `o_i` of each criterion. The default is the paper's Table 1.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Ideals {
    /// Ideal completion: 1 (no match ends in a draw).
    pub completion: f64,
    /// Ideal duration: 0 (every match lasts the preferred 24 player-turns).
    pub duration: f64,
    /// Ideal advantage: 0 (both players win equally often).
    pub advantage: f64,
    /// Ideal branching factor: 0.5.
    pub branching_factor: f64,
    /// Ideal drama: 0.5.
    pub drama: f64,
    /// Ideal killer moves: 0.5.
    pub killer_moves: f64,
    /// Ideal lead change: 0.5.
    pub lead_change: f64,
}

impl Ideals {
    /// Table 1 of the paper (also the published code's `ideal` dictionary).
    pub const TABLE_1: Ideals = Ideals {
        completion: 1.0,
        duration: 0.0,
        advantage: 0.0,
        branching_factor: 0.5,
        drama: 0.5,
        killer_moves: 0.5,
        lead_change: 0.5,
    };

    /// One criterion's ideal value.
    #[must_use]
    pub fn get(&self, which: Criterion) -> f64 {
        match which {
            Criterion::Completion => self.completion,
            Criterion::Duration => self.duration,
            Criterion::Advantage => self.advantage,
            Criterion::BranchingFactor => self.branching_factor,
            Criterion::Drama => self.drama,
            Criterion::KillerMoves => self.killer_moves,
            Criterion::LeadChange => self.lead_change,
        }
    }
}

impl Default for Ideals {
    fn default() -> Self {
        Ideals::TABLE_1
    }
}

/// The fitness of Eq. 1: `Σ w · |c − ideal|` over the criteria in `used`, lower is better.
///
/// `weights`, when given, holds one weight per entry of `used`, in the same order; without
/// it every weight is 1 (the paper and the published code use no weights). An empty `used`
/// gives 0.
///
/// ```
/// use ludoforge_risk::criteria::{Criteria, Criterion, Ideals, fitness};
/// let c = Criteria { completion: 0.5, drama: 0.75, ..Criteria::default() };
/// let used = [Criterion::Completion, Criterion::Drama];
/// assert_eq!(fitness(&c, &used, None, &Ideals::default()).unwrap(), 0.75);
/// assert_eq!(fitness(&c, &used, Some(&[2.0, 0.0]), &Ideals::default()).unwrap(), 1.0);
/// assert!(fitness(&c, &used, Some(&[1.0]), &Ideals::default()).is_err());
/// ```
///
/// # Errors
/// * [`CriteriaError::WeightCount`] if `weights` is not as long as `used`;
/// * [`CriteriaError::BadWeight`] for a negative, infinite or NaN weight;
/// * [`CriteriaError::Duplicate`] if a criterion is listed twice;
/// * [`CriteriaError::BadIdeal`] or [`CriteriaError::BadValue`] for an infinite or NaN ideal
///   or criterion value among those used.
pub fn fitness(
    c: &Criteria,
    used: &[Criterion],
    weights: Option<&[f64]>,
    ideals: &Ideals,
) -> Result<f64, CriteriaError> {
    if let Some(w) = weights
        && w.len() != used.len()
    {
        return Err(CriteriaError::WeightCount {
            weights: w.len(),
            criteria: used.len(),
        });
    }
    let mut seen = [false; Criterion::ALL.len()];
    let mut total = 0.0;
    for (i, &criterion) in used.iter().enumerate() {
        if std::mem::replace(&mut seen[criterion.index()], true) {
            return Err(CriteriaError::Duplicate(criterion));
        }
        let weight = weights.map_or(1.0, |w| w[i]);
        if !(weight.is_finite() && weight >= 0.0) {
            return Err(CriteriaError::BadWeight { criterion, weight });
        }
        let ideal = ideals.get(criterion);
        if !ideal.is_finite() {
            return Err(CriteriaError::BadIdeal { criterion, ideal });
        }
        let value = c.get(criterion);
        if !value.is_finite() {
            return Err(CriteriaError::BadValue { criterion, value });
        }
        total += weight * (value - ideal).abs();
    }
    Ok(total)
}
