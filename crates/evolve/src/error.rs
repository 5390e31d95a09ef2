//! Errors that prevent a run from starting or continuing.

use std::borrow::Cow;

/// Why a run could not be carried out. Reaching a budget is not an error (see `StopReason`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EvolveError {
    /// No limit was set, so the run would never end.
    #[error("the run has no budget: set matings, generations, evaluations or time")]
    Unbounded,
    /// A strategy setting is out of its range.
    #[error("invalid setting {name} = {value}: {expected}")]
    InvalidSetting {
        /// The setting's name.
        name: &'static str,
        /// The value given.
        value: String,
        /// What is allowed.
        expected: String,
    },
    /// Random sampling never produced a valid genome for the initial population.
    #[error(
        "no valid genome after {attempts} random attempts (last rejection: {last_reason}); \
         the constraints may be impossible or too tight"
    )]
    NoValidGenome {
        /// Attempts made for the individual that failed.
        attempts: u64,
        /// The problem's reason for the last rejection.
        last_reason: Cow<'static, str>,
    },
    /// The run was cancelled before its first population was drawn: there is nothing to
    /// report yet.
    #[error("cancelled before the first population was drawn: nothing was made yet")]
    Cancelled,
    /// A checkpoint could not be saved, or a saved run does not fit the run resuming it.
    #[error("{0}")]
    Checkpoint(String),
}
