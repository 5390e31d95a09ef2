//! The memory an evolving population may take: the front end knows the machine (a
//! [`MemoryLimit`], shared by every job), the job estimates the population (see
//! [`crate::footprint`]) and refuses one that does not fit.

use ludoforge_job::JobError;
pub use ludoforge_job::memory::{FALLBACK_MEMORY_LIMIT, MEMORY_SHARE, MemoryLimit};

use super::params::MIN_POPULATION;
use crate::footprint::Footprint;
use crate::params::Params;

/// Refuses, before any work, a population of `population` dungeons made with `params` whose
/// estimated memory is more than `limit`, naming the figures and the way out.
///
/// ```
/// use ludoforge_portals::{Params, job::{MemoryLimit, check_population}};
/// let limit = MemoryLimit::available(Some(1_000_000_000));
/// assert!(check_population(&limit, &Params::new(9), 40).is_ok());
/// let refused = check_population(&limit, &Params::new(9), 10_000_000).unwrap_err().to_string();
/// assert!(refused.starts_with("population 10000000 would need about"), "{refused}");
/// assert!(refused.contains("give population"), "{refused}");
/// ```
///
/// # Errors
/// [`JobError::Parameters`] for a population that does not fit.
pub fn check_population(
    limit: &MemoryLimit,
    params: &Params,
    population: usize,
) -> Result<(), JobError> {
    let estimate = Footprint::estimate(params, population);
    if estimate.total <= limit.bytes {
        return Ok(());
    }
    let most = estimate.largest_population(limit.bytes);
    let way_out = if most >= MIN_POPULATION {
        format!("give population {most} or less, or ask for smaller dungeons (min_path, rooms)")
    } else {
        "ask for smaller dungeons (min_path, rooms)".to_string()
    };
    let bytes = ludoforge_job::memory::bytes;
    Err(JobError::parameters(format!(
        "population {population} would need about {} of memory ({} per dungeon of about {:.0} \
         rooms), more than the {} a run may use here ({}): {way_out}",
        bytes(estimate.total),
        bytes(estimate.per_dungeon),
        estimate.rooms,
        bytes(limit.bytes),
        limit.whence,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludoforge_job::memory::bytes;

    #[test]
    fn sizes_are_said_in_the_largest_unit() {
        assert_eq!(bytes(999), "999 bytes");
        assert_eq!(bytes(1500), "1.5 KB");
        assert_eq!(bytes(6_000_000_000), "6.0 GB");
    }

    #[test]
    fn the_way_out_fits_the_limit() {
        let limit = MemoryLimit::available(Some(400_000_000));
        let params = Params::new(9);
        let message = check_population(&limit, &params, 5_000_000)
            .unwrap_err()
            .to_string();
        let most: usize = message
            .split("give population ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no population named: {message}"));
        assert!(check_population(&limit, &params, most).is_ok());
        assert!(check_population(&limit, &params, most + 1).is_err());
    }
}
