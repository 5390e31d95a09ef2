//! This generator's jobs, for the front ends (see `ludoforge-job`).

use ludoforge_job::Job;

/// This generator's jobs, for a front end's registry.
#[must_use]
pub fn jobs() -> Vec<Box<dyn Job>> {
    Vec::new()
}
