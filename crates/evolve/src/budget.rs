//! How long a run may go on, and why it stopped.

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// Limits on a run; the run stops at the first one reached. At least one must be set.
///
/// ```
/// use ludoforge_evolve::Budget;
/// let budget = Budget::matings(40_000).with_evaluations(1_000_000);
/// assert_eq!(budget.matings, Some(40_000));
/// assert!(!budget.is_unbounded());
/// assert!(Budget::default().is_unbounded());
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Budget {
    /// Maximum number of mating events (one pair of parents making two children).
    pub matings: Option<u64>,
    /// Maximum number of generations.
    pub generations: Option<u64>,
    /// Maximum number of evaluations, the initial population included.
    pub evaluations: Option<u64>,
    /// Maximum wall-clock time. A run stopped by time is not reproducible.
    pub time: Option<Duration>,
}

impl Budget {
    /// A budget of `n` mating events.
    #[must_use]
    pub fn matings(n: u64) -> Self {
        Budget {
            matings: Some(n),
            ..Budget::default()
        }
    }

    /// A budget of `n` generations.
    #[must_use]
    pub fn generations(n: u64) -> Self {
        Budget {
            generations: Some(n),
            ..Budget::default()
        }
    }

    /// Also limits mating events.
    #[must_use]
    pub fn with_matings(mut self, n: u64) -> Self {
        self.matings = Some(n);
        self
    }

    /// Also limits generations.
    #[must_use]
    pub fn with_generations(mut self, n: u64) -> Self {
        self.generations = Some(n);
        self
    }

    /// Also limits evaluations.
    #[must_use]
    pub fn with_evaluations(mut self, n: u64) -> Self {
        self.evaluations = Some(n);
        self
    }

    /// Also limits wall-clock time.
    #[must_use]
    pub fn with_time(mut self, limit: Duration) -> Self {
        self.time = Some(limit);
        self
    }

    /// True when no limit is set (such a run would never stop).
    #[must_use]
    pub fn is_unbounded(&self) -> bool {
        self.matings.is_none()
            && self.generations.is_none()
            && self.evaluations.is_none()
            && self.time.is_none()
    }

    /// The limit reached by these counters, if any.
    #[must_use]
    pub fn exhausted(&self, counters: &Counters, elapsed: Duration) -> Option<StopReason> {
        if self.matings.is_some_and(|n| counters.matings >= n) {
            Some(StopReason::Matings)
        } else if self.generations.is_some_and(|n| counters.generations >= n) {
            Some(StopReason::Generations)
        } else if self.evaluations.is_some_and(|n| counters.evaluations >= n) {
            Some(StopReason::Evaluations)
        } else if self.time.is_some_and(|t| elapsed >= t) {
            Some(StopReason::Time)
        } else {
            None
        }
    }
}

/// What a run has done so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counters {
    /// Mating events performed.
    pub matings: u64,
    /// Generations completed (for a steady-state run: every population/2 matings).
    pub generations: u64,
    /// Genomes evaluated, the initial population included.
    pub evaluations: u64,
    /// Evaluated genomes that were rejected as invalid.
    pub rejections: u64,
}

/// Why a run stopped. Stopping is not an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The mating budget was used up.
    Matings,
    /// The generation budget was used up.
    Generations,
    /// The evaluation budget was used up.
    Evaluations,
    /// The time budget was used up.
    Time,
    /// The goal's target was reached.
    TargetMet,
    /// The caller asked the run to stop (Ctrl-C).
    Interrupted,
}
