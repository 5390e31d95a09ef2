//! The job interface: one way to describe, check and run every generator's work.
//!
//! A [`Job`] has an id (`puzzle-chess`, `stock`, `risk-design`, ...), a title, help text and a
//! parameter type with a JSON Schema (defaults, bounds, choices). Its [`Job::run`] takes the
//! parameters as JSON, a seed and a [`Context`] (progress [`Event`]s, a cancel flag, the thread
//! count, and which files the caller wants) and returns an [`Artifact`]: a summary, the named
//! files with their media types, notes for the person who asked, and how the run ended. Nothing
//! is written to disk and nothing is drawn on a terminal here: that belongs to the front ends
//! (the command line, the web studio, sweeps, the content library). The same parameters and
//! seed give the same bytes whichever front end asks.
//!
//! A generator implements [`Spec`] (typed parameters, a checked configuration, a run) and gets
//! [`Job`] for free; front ends find jobs in a [`Registry`].
//!
//! ```
//! use ludoforge_job::{Artifact, Context, Ending, File, JobError, Registry, Spec, media};
//! use schemars::JsonSchema;
//! use serde::{Deserialize, Serialize};
//!
//! /// Counts up to a number.
//! struct Count;
//!
//! #[derive(Serialize, Deserialize, JsonSchema)]
//! #[serde(default, deny_unknown_fields)]
//! struct CountParams {
//!     /// How far to count.
//!     up_to: u32,
//! }
//! impl Default for CountParams {
//!     fn default() -> Self { CountParams { up_to: 3 } }
//! }
//!
//! impl Spec for Count {
//!     type Params = CountParams;
//!     type Checked = u32;
//!     fn id(&self) -> &'static str { "count" }
//!     fn title(&self) -> &'static str { "Count" }
//!     fn help(&self) -> &'static str { "Counts up to a number." }
//!     fn validate(&self, p: &CountParams) -> Result<u32, JobError> {
//!         if p.up_to == 0 {
//!             return Err(JobError::parameters("up_to 0: give at least 1"));
//!         }
//!         Ok(p.up_to)
//!     }
//!     fn execute(&self, n: u32, p: &CountParams, seed: u64, _: &Context) -> Result<Artifact, JobError> {
//!         let text: String = (1..=n).map(|i| format!("{i}\n")).collect();
//!         let mut artifact = Artifact::new(self.id(), "0.1.0", seed, p);
//!         artifact.files.push(File::new("result", media::TEXT, text.into_bytes()));
//!         Ok(artifact)
//!     }
//! }
//!
//! let mut registry = Registry::default();
//! registry.add(Box::new(Count));
//! let job = registry.get("count").unwrap();
//! let artifact = job.run(&serde_json::json!({"up_to": 2}), 7, &Context::quiet()).unwrap();
//! assert_eq!(artifact.file("result").unwrap().bytes, b"1\n2\n");
//! assert_eq!(artifact.ending, Ending::Done);
//! assert!(job.run(&serde_json::json!({"up_to": 0}), 7, &Context::quiet()).is_err());
//! ```

mod artifact;
pub mod check;
pub mod checkpoint;
mod context;
pub mod engine;
mod error;
pub mod explore;
pub mod inbox;
mod job;
pub mod memory;
pub mod params;
pub mod registry;
pub mod search;

pub use artifact::{Artifact, Ending, File, Stream, media};
pub use context::{Context, Event};
pub use error::JobError;
pub use job::{Job, Spec, declared_order};
pub use memory::MemoryLimit;
pub use registry::Registry;

/// A fresh seed for a run given none: nine digits, so it is easy to read back and type again,
/// different from one call to the next (the standard library's random hash keys, the process
/// and the clock) and with no dependency. Every result names the seed it was made with.
///
/// ```
/// let (a, b) = (ludoforge_job::fresh_seed(), ludoforge_job::fresh_seed());
/// assert!(a < 1_000_000_000 && b < 1_000_000_000);
/// assert_ne!(a, b);
/// ```
#[must_use]
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    RandomState::new().hash_one((std::process::id(), now.as_nanos())) % 1_000_000_000
}
