//! Independent replicates of a run, in parallel.

use rayon::prelude::*;

use crate::rng::derive_seed;

/// The seed of replicate `index` of a study with master seed `seed`.
///
/// Replicate 0 uses the master seed itself, so a single run and the first replicate agree;
/// any replicate can be re-run alone with its own seed.
#[must_use]
pub fn replicate_seed(seed: u64, index: usize) -> u64 {
    if index == 0 {
        seed
    } else {
        derive_seed(seed, u64::MAX - 1, index as u64)
    }
}

/// Runs `count` replicates in parallel, each given its index and seed, and returns their results
/// in index order (the same on any number of threads).
///
/// ```
/// use ludoforge_evolve::replicates::{replicates, replicate_seed};
/// let seeds = replicates(7, 4, |_, seed| seed);
/// assert_eq!(seeds[0], 7);
/// assert_eq!(seeds[3], replicate_seed(7, 3));
/// ```
pub fn replicates<T, F>(seed: u64, count: usize, run: F) -> Vec<T>
where
    T: Send,
    F: Fn(usize, u64) -> T + Sync,
{
    (0..count)
        .into_par_iter()
        .map(|i| run(i, replicate_seed(seed, i)))
        .collect()
}
