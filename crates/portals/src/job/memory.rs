//! The memory an evolving population may take: the front end knows the machine, the job
//! estimates the population (see [`crate::footprint`]) and refuses one that does not fit.

use ludoforge_job::JobError;

use super::params::MIN_POPULATION;
use crate::footprint::Footprint;
use crate::params::Params;

/// The share of the available memory an evolving population may take: the estimate is of the
/// population as it starts, and the rest of the machine needs room too.
pub const MEMORY_SHARE: (u64, u64) = (3, 4);

/// The most an evolving population may take where the available memory is not known.
pub const FALLBACK_MEMORY_LIMIT: u64 = 4_000_000_000;

/// The most memory an evolving population may take, and where that figure comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryLimit {
    /// The limit, in bytes.
    pub bytes: u64,
    /// Where it comes from, as messages say it ("three quarters of the 8.0 GB available").
    pub whence: String,
}

impl Default for MemoryLimit {
    /// [`FALLBACK_MEMORY_LIMIT`], for front ends that cannot tell the available memory.
    fn default() -> Self {
        MemoryLimit::available(None)
    }
}

impl MemoryLimit {
    /// The limit on a machine with `available` bytes of memory free for a run (three
    /// quarters of them), or [`FALLBACK_MEMORY_LIMIT`] when that is not known.
    ///
    /// ```
    /// use ludoforge_portals::job::MemoryLimit;
    /// assert_eq!(MemoryLimit::available(Some(8_000_000_000)).bytes, 6_000_000_000);
    /// assert_eq!(MemoryLimit::available(None).bytes, 4_000_000_000);
    /// ```
    #[must_use]
    pub fn available(available: Option<u64>) -> MemoryLimit {
        match available {
            Some(available) => MemoryLimit {
                bytes: available / MEMORY_SHARE.1 * MEMORY_SHARE.0,
                whence: format!("three quarters of the {} available", bytes(available)),
            },
            None => MemoryLimit {
                bytes: FALLBACK_MEMORY_LIMIT,
                whence: "the cap used where the available memory is not known".to_string(),
            },
        }
    }

    /// Refuses, before any work, a population of `population` dungeons made with `params`
    /// whose estimated memory is more than this limit, naming the figures and the way out.
    ///
    /// ```
    /// use ludoforge_portals::{Params, job::MemoryLimit};
    /// let limit = MemoryLimit::available(Some(1_000_000_000));
    /// assert!(limit.check(&Params::new(9), 40).is_ok());
    /// let refused = limit.check(&Params::new(9), 10_000_000).unwrap_err().to_string();
    /// assert!(refused.starts_with("population 10000000 would need about"), "{refused}");
    /// assert!(refused.contains("give population"), "{refused}");
    /// ```
    ///
    /// # Errors
    /// [`JobError::Parameters`] for a population that does not fit.
    pub fn check(&self, params: &Params, population: usize) -> Result<(), JobError> {
        let estimate = Footprint::estimate(params, population);
        if estimate.total <= self.bytes {
            return Ok(());
        }
        let most = estimate.largest_population(self.bytes);
        let way_out = if most >= MIN_POPULATION {
            format!("give population {most} or less, or ask for smaller dungeons (min_path, rooms)")
        } else {
            "ask for smaller dungeons (min_path, rooms)".to_string()
        };
        Err(JobError::parameters(format!(
            "population {population} would need about {} of memory ({} per dungeon of about \
             {:.0} rooms), more than the {} a run may use here ({}): {way_out}",
            bytes(estimate.total),
            bytes(estimate.per_dungeon),
            estimate.rooms,
            bytes(self.bytes),
            self.whence,
        )))
    }
}

/// A number of bytes in the largest unit that keeps it at 1 or more (decimal units).
fn bytes(n: u64) -> String {
    const UNITS: [(&str, f64); 4] = [("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("KB", 1e3)];
    for (unit, size) in UNITS {
        if n as f64 >= size {
            return format!("{:.1} {unit}", n as f64 / size);
        }
    }
    format!("{n} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let message = limit.check(&params, 5_000_000).unwrap_err().to_string();
        let most: usize = message
            .split("give population ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no population named: {message}"));
        assert!(limit.check(&params, most).is_ok());
        assert!(limit.check(&params, most + 1).is_err());
    }
}
