//! What can go wrong with a plan, in the user's words.

/// A plan that cannot be used, or a shard that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SweepError {
    /// The plan file cannot be read as a plan.
    #[error("the plan cannot be read: {0}")]
    Plan(String),
    /// A parameter's values cannot be worked out.
    #[error("`{name}`: {problem}")]
    Vary {
        /// The parameter.
        name: String,
        /// What is wrong and the way out.
        problem: String,
    },
    /// A shard that is not `I/N` with I below N.
    #[error("shard {given:?}: {problem}")]
    Shard {
        /// What was given.
        given: String,
        /// What is wrong and the way out.
        problem: String,
    },
    /// A results folder that cannot be used.
    #[error("{0}")]
    Results(String),
}
