//! Sweeps: a plan names a job of the job interface, its fixed parameters, the parameters to
//! vary and the replicates; [`Plan::runs`] lists every run it makes, in an order that depends
//! only on what the plan says (not on the order of its keys), and a [`Shard`] takes the runs
//! of one task of a scheduler's array (SLURM's `SLURM_ARRAY_TASK_ID`, Kubernetes'
//! `JOB_COMPLETION_INDEX`): every run in exactly one shard.
//!
//! ```
//! let plan = ludoforge_sweep::Plan::parse(r#"
//!     job = "risk-design"
//!     [fixed]
//!     matches = 100
//!     [vary]
//!     offspring = { from = 10, to = 20, step = 10 }
//!     tournament = { from = 2, to = "offspring / 2", step = 2 }
//!     [replicates]
//!     seeds = [1, 2]
//! "#).unwrap();
//! let runs = plan.runs().unwrap();
//! // offspring 10: tournament 2, 4; offspring 20: 2, 4, 6, 8, 10; each with two seeds.
//! assert_eq!(runs.len(), (2 + 5) * 2);
//! assert_eq!(runs[0].params, serde_json::json!({"matches": 100, "offspring": 10, "tournament": 2}));
//! let shard: ludoforge_sweep::Shard = "1/4".parse().unwrap();
//! assert_eq!(shard.runs(&runs).len(), 4); // runs 1, 5, 9 and 13
//! ```

mod curves;
pub mod emit;
mod error;
pub mod execute;
mod expression;
pub mod merge;
mod plan;
pub mod results;
mod shard;

pub use error::SweepError;
pub use plan::{MAX_RUNS, Plan, Replicates, Report, Run, Vary};
pub use results::{Record, Results, write_atomically};
pub use shard::Shard;
