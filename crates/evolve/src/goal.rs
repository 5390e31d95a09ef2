//! Goals: what "better" means for a raw fitness.

use serde::{Deserialize, Serialize};

/// The direction of the search, turning a raw fitness into a score where higher is better.
///
/// ```
/// use ludoforge_evolve::Goal;
/// let goal = Goal::target(40.0, 1000.0);
/// assert_eq!(goal.score(40.0), 1000.0);
/// assert_eq!(goal.score(37.0), 997.0);
/// assert_eq!(goal.score(43.0), 997.0);
/// assert!(goal.is_met(40.0));
/// assert_eq!(Goal::Minimise.score(3.0), -3.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Goal {
    /// Higher raw fitness is better.
    Maximise,
    /// Lower raw fitness is better.
    Minimise,
    /// Fitness near `value` is better: f* = C − |f − value| (Ashlock, equation 1).
    Target {
        /// The raw fitness wanted.
        value: f64,
        /// The constant C, large enough to keep f* positive; it does not change the search.
        constant: f64,
    },
}

impl Goal {
    /// A target goal f* = `constant` − |f − `value`|.
    #[must_use]
    pub fn target(value: f64, constant: f64) -> Self {
        Goal::Target { value, constant }
    }

    /// The score of a raw fitness: higher is better under every goal.
    #[inline]
    #[must_use]
    pub fn score(&self, fitness: f64) -> f64 {
        match *self {
            Goal::Maximise => fitness,
            Goal::Minimise => -fitness,
            Goal::Target { value, constant } => constant - (fitness - value).abs(),
        }
    }

    /// Whether a raw fitness achieves the goal. Only a target can be met; maximising and
    /// minimising have no end point of their own.
    #[must_use]
    pub fn is_met(&self, fitness: f64) -> bool {
        match *self {
            Goal::Target { value, .. } => (fitness - value).abs() < 1e-9,
            Goal::Maximise | Goal::Minimise => false,
        }
    }
}
