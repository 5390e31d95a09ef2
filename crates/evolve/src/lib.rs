//! # ludoforge-evolve: the search engine
//!
//! Evolves genomes of any [`Problem`] under a [`Goal`] with a [`Strategy`], within a
//! [`Budget`], reporting to [`Observer`]s. It knows no game and does no I/O.
//!
//! - A problem makes random genomes and evaluates them; evaluation may reject a genome as
//!   invalid. Strategies ask for the variation capabilities they use ([`Mutate`], [`Crossover`]).
//! - Strategies: [`SteadyState`] (Ashlock's steady-state tournament), [`Generational`]
//!   (tournament selection with elitism), [`Growing`] (fitness-proportional choice with a
//!   growing population, after Tijben and Gerhold) and [`MapElites`] (quality diversity: an
//!   [`Archive`] keeping the best genome in each cell of a grid over two or three behaviour
//!   descriptors, after Mouret and Clune; also driven step by step with ask and tell).
//! - [`Run`] owns the loop: budget (matings, generations, evaluations, time), early stop when a
//!   target is met, Ctrl-C, observers. It returns a [`Report`] with a [`StopReason`].
//! - [`Observer`]s get a [`Snapshot`] with population statistics after every generation, and
//!   the counters and best fitness after every step; one that needs only the latter (a
//!   progress bar) declines the snapshots, and then watching a run costs next to nothing.
//! - Determinism: every draw comes from a [`Stream`] derived from the master seed and
//!   coordinates (see [`rng`]); results do not depend on the number of threads.
//!
//! ```
//! use ludoforge_evolve::{Budget, Crossover, Goal, Mutate, Outcome, Problem, Run, SteadyState, Stream};
//! use ludoforge_evolve::rng::below;
//!
//! /// Find a string of 20 bits with as many ones as possible.
//! struct OneMax;
//! impl Problem for OneMax {
//!     type Genome = Vec<bool>;
//!     fn random_genome(&self, rng: &mut Stream) -> Vec<bool> {
//!         (0..20).map(|_| below(rng, 2) == 1).collect()
//!     }
//!     fn evaluate(&self, genome: &Vec<bool>) -> Outcome {
//!         Outcome::fitness(genome.iter().filter(|&&bit| bit).count() as f64)
//!     }
//! }
//! impl Mutate for OneMax {
//!     fn mutate(&self, genome: &mut Vec<bool>, rng: &mut Stream) {
//!         let i = below(rng, genome.len());
//!         genome[i] = !genome[i];
//!     }
//! }
//! impl Crossover for OneMax {
//!     fn crossover(&self, a: &Vec<bool>, b: &Vec<bool>, rng: &mut Stream) -> (Vec<bool>, Vec<bool>) {
//!         let cut = below(rng, a.len());
//!         let mut c = a[..cut].to_vec(); c.extend_from_slice(&b[cut..]);
//!         let mut d = b[..cut].to_vec(); d.extend_from_slice(&a[cut..]);
//!         (c, d)
//!     }
//! }
//!
//! let report = Run::new(&OneMax, SteadyState::new(50))
//!     .budget(Budget::matings(5_000))
//!     .seed(1)
//!     .execute()
//!     .unwrap();
//! assert_eq!(report.best.fitness(), 20.0);
//! ```

pub mod archive;
pub mod budget;
mod cancel;
pub mod checkpoint;
pub mod error;
pub mod generational;
pub mod goal;
pub mod growing;
pub mod individual;
pub mod map_elites;
pub mod observer;
pub mod plus;
pub mod problem;
pub mod replicates;
pub mod rng;
pub mod run;
pub mod state;
pub mod steady_state;
pub mod strategy;
pub mod vector;

pub use archive::{Archive, ArchiveError, Axis, Elite, Grid, Insertion};
pub use budget::{Budget, Counters, StopReason};
pub use checkpoint::{Keep, Resumable, SaveHook, Saved};
pub use error::EvolveError;
pub use generational::Generational;
pub use goal::Goal;
pub use growing::Growing;
pub use individual::{Individual, PopulationStats};
pub use map_elites::{MapElites, Told};
pub use observer::{History, Observer, Snapshot, history_lines};
pub use plus::Plus;
pub use problem::{Crossover, Evaluation, Mutate, Outcome, Problem, Rejection};
pub use rng::Stream;
pub use run::{Report, Run};
pub use state::State;
pub use steady_state::SteadyState;
pub use strategy::{Step, Strategy};
