//! The memory a run may take: the front end knows the machine (it reads what is available and
//! hands a [`MemoryLimit`] to the jobs it registers), a job estimates what its parameters need
//! and refuses, in `validate`, a run that would not fit, naming the largest setting that does.

use std::sync::OnceLock;

use crate::JobError;

/// The available memory the front end read, for jobs built without a [`MemoryLimit`] of their
/// own (see [`MemoryLimit::machine`]).
static MACHINE: OnceLock<Option<u64>> = OnceLock::new();

/// The share of the available memory a run may take: the estimate is rough, and the rest of
/// the machine needs room too.
pub const MEMORY_SHARE: (u64, u64) = (3, 4);

/// The most a run may take where the available memory is not known.
pub const FALLBACK_MEMORY_LIMIT: u64 = 4_000_000_000;

/// The most memory a run may take, and where that figure comes from.
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
    /// use ludoforge_job::MemoryLimit;
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

    /// Records, once for the process, the memory the front end found available (jobs read
    /// no files, so the front end reads it and says it here before any run). Later calls are
    /// ignored.
    pub fn set_machine(available: Option<u64>) {
        let _ = MACHINE.set(available);
    }

    /// The limit for this machine: [`MemoryLimit::available`] of what the front end recorded
    /// with [`MemoryLimit::set_machine`], or the fallback cap when it recorded nothing.
    #[must_use]
    pub fn machine() -> MemoryLimit {
        MemoryLimit::available(MACHINE.get().copied().flatten())
    }

    /// Refuses a setting `name` = `value` whose memory grows with it: `fixed` bytes plus
    /// `each` bytes per unit of the setting. The message names the estimate, the limit and
    /// the largest value that fits ("give NAME N or less"), with `also` as another way out.
    ///
    /// ```
    /// use ludoforge_job::MemoryLimit;
    /// let limit = MemoryLimit::available(Some(4_000_000_000));
    /// assert!(limit.check("cycles", 1_000, 0, 1_000, "").is_ok());
    /// let refused = limit.check("cycles", 10_000_000, 0, 1_000, "").unwrap_err().to_string();
    /// assert!(refused.starts_with("cycles 10000000 would need about 10.0 GB"), "{refused}");
    /// assert!(refused.contains("give cycles 3000000 or less"), "{refused}");
    /// ```
    ///
    /// # Errors
    /// [`JobError::Parameters`] for a value that does not fit.
    pub fn check(
        &self,
        name: &str,
        value: u64,
        fixed: u64,
        each: u64,
        also: &str,
    ) -> Result<(), JobError> {
        let need = fixed.saturating_add(value.saturating_mul(each));
        if need <= self.bytes {
            return Ok(());
        }
        let most = self.bytes.saturating_sub(fixed) / each.max(1);
        let also = if also.is_empty() {
            String::new()
        } else {
            format!(", or {also}")
        };
        Err(JobError::parameters(format!(
            "{name} {value} would need about {} of memory ({} each), more than the {} a run \
             may use here ({}): give {name} {most} or less{also}",
            bytes(need),
            bytes(each),
            bytes(self.bytes),
            self.whence,
        )))
    }
}

/// A number of bytes in the largest unit that keeps it at 1 or more (decimal units).
///
/// ```
/// assert_eq!(ludoforge_job::memory::bytes(1500), "1.5 KB");
/// ```
#[must_use]
pub fn bytes(n: u64) -> String {
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
    fn the_way_out_fits_the_limit() {
        let limit = MemoryLimit::available(Some(400_000_000));
        let message = limit
            .check("population", 5_000_000, 1_000, 4_100, "")
            .unwrap_err()
            .to_string();
        let most: u64 = message
            .split("give population ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no population named: {message}"));
        assert!(limit.check("population", most, 1_000, 4_100, "").is_ok());
        assert!(
            limit
                .check("population", most + 1, 1_000, 4_100, "")
                .is_err()
        );
    }
}
