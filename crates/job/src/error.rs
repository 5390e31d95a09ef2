//! What can go wrong in a job, in the words of the person who asked for it.

/// Why a job could not run or finish. Every message names the problem and, where there is one,
/// the way out, in the words of someone who knows the game and not the code.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    /// The parameters cannot be used: out of range, contradictory, unknown.
    #[error("{0}")]
    Parameters(String),
    /// Something the parameters point at (a file's content, a map, a scenario) cannot be used.
    #[error("{0}")]
    Input(String),
    /// The parameters were fine but the run could not produce content (for instance no valid
    /// starting population exists).
    #[error("{0}")]
    Failed(String),
    /// The run was cancelled (Cancel, Ctrl-C, the wall-time cap) before it had anything to
    /// keep: the message says what was not yet made.
    #[error("{0}")]
    Cancelled(String),
}

impl JobError {
    /// Bad parameters.
    ///
    /// ```
    /// let e = ludoforge_job::JobError::parameters("population 2: give between 4 and 1000000");
    /// assert_eq!(e.to_string(), "population 2: give between 4 and 1000000");
    /// ```
    pub fn parameters(message: impl Into<String>) -> Self {
        JobError::Parameters(message.into())
    }

    /// Unusable input.
    pub fn input(message: impl Into<String>) -> Self {
        JobError::Input(message.into())
    }

    /// A run that could not produce content.
    pub fn failed(message: impl Into<String>) -> Self {
        JobError::Failed(message.into())
    }

    /// A run cancelled before it had anything to keep.
    ///
    /// ```
    /// let e = ludoforge_job::JobError::cancelled("cancelled before the map was stocked");
    /// assert!(matches!(e, ludoforge_job::JobError::Cancelled(_)));
    /// ```
    pub fn cancelled(message: impl Into<String>) -> Self {
        JobError::Cancelled(message.into())
    }
}
