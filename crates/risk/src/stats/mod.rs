//! 95% confidence intervals: the few statistics the playtest's intervals are made of, with no
//! knowledge of Risk (the criteria's intervals, which choose among these, are in
//! [`crate::criteria::interval`]).
//!
//! * [`mean_interval`]: Student's t interval of a mean of independent values;
//! * [`wilson`]: Wilson's score interval of a proportion (Wilson 1927), which stays inside
//!   0 to 1 and keeps a width when every trial succeeded, where the t interval would shrink to
//!   a point;
//! * [`fold`]: the interval of `|d|` from an interval of `d`;
//! * [`bootstrap`] and [`percentile`]: the percentile bootstrap (Efron & Tibshirani 1993,
//!   ch. 13), for a statistic that is not a mean, each resample drawn from its own random
//!   stream, so the replicates are the same on any number of threads.
//!
//! ```
//! use ludoforge_risk::stats::{mean_interval, wilson};
//! // Four values with mean 0.25 and standard deviation 0.2887: 0.25 ± 3.1824 · 0.2887 / 2.
//! let i = mean_interval(&[0.5, 0.0, 0.5, 0.0]).unwrap();
//! assert!((i.low + 0.20935).abs() < 1e-4 && (i.high - 0.70935).abs() < 1e-4);
//! // 8 successes in 10 trials: Wilson's interval 0.490 to 0.943.
//! let w = wilson(8, 10);
//! assert!((w.low - 0.4902).abs() < 1e-4 && (w.high - 0.9433).abs() < 1e-4);
//! ```

mod bootstrap;
mod quantile;

use serde::{Deserialize, Serialize};

pub use bootstrap::{RESAMPLES, RESAMPLING, bootstrap, percentile};
pub use quantile::{Z_975, t_975};

/// The confidence level of every interval: 95%.
pub const LEVEL: f64 = 0.95;

/// How an interval was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Student's t interval of the mean of per-match values ([`mean_interval`]).
    StudentT,
    /// Wilson's score interval of a share of matches ([`wilson`]).
    Wilson,
    /// Wilson's interval of a share `p`, carried to `|2p − 1|` ([`fold`]).
    FoldedWilson,
    /// The percentile bootstrap over matches ([`percentile`]).
    BootstrapPercentile,
    /// The mean of several independent playtests' values, with the half-widths of their own
    /// intervals combined as independent errors: `sqrt(Σ h_k²) / k` either side of the mean.
    MeanOfPlaytests,
}

/// A 95% confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// The lower end.
    pub low: f64,
    /// The upper end.
    pub high: f64,
    /// How it was made.
    pub method: Method,
}

impl Interval {
    /// Half its width: `(high − low) / 2`.
    ///
    /// ```
    /// use ludoforge_risk::stats::{Interval, Method};
    /// let i = Interval { low: 0.25, high: 0.75, method: Method::StudentT };
    /// assert_eq!(i.half_width(), 0.25);
    /// ```
    #[must_use]
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }

    /// Whether `x` lies inside, ends included.
    #[must_use]
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}

/// Student's t interval of the mean of `values`: `x̄ ± t_{0.975, n−1} · s / √n`, with `s` the
/// sample standard deviation. `None` for fewer than two values, which say nothing of the
/// spread.
///
/// Costs two passes over the values.
#[must_use]
pub fn mean_interval(values: &[f64]) -> Option<Interval> {
    let n = values.len();
    if n < 2 {
        return None;
    }
    let count = n as f64;
    let mean = values.iter().sum::<f64>() / count;
    let squares: f64 = values.iter().map(|v| (v - mean) * (v - mean)).sum();
    let se = (squares / (count - 1.0) / count).sqrt();
    let half = t_975(n as u64 - 1) * se;
    Some(Interval {
        low: mean - half,
        high: mean + half,
        method: Method::StudentT,
    })
}

/// Wilson's score interval of a proportion, `successes` of `trials`:
/// `(p̂ + z²/2n ± z·sqrt(p̂(1 − p̂)/n + z²/4n²)) / (1 + z²/n)` with `z` = [`Z_975`]. No trials
/// give the whole range, 0 to 1.
///
/// # Panics
/// When `successes > trials`.
#[must_use]
pub fn wilson(successes: u64, trials: u64) -> Interval {
    assert!(
        successes <= trials,
        "{successes} successes in {trials} trials"
    );
    if trials == 0 {
        return Interval {
            low: 0.0,
            high: 1.0,
            method: Method::Wilson,
        };
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z_975 * Z_975;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z_975 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    // With no failure (no success) the upper (lower) end is exactly 1 (0); computed, it can
    // miss by a rounding error.
    Interval {
        low: if successes == 0 {
            0.0
        } else {
            (centre - half).max(0.0)
        },
        high: if successes == trials {
            1.0
        } else {
            (centre + half).min(1.0)
        },
        method: Method::Wilson,
    }
}

/// The interval of `|d|` given an interval of `d`: `[0, max(|low|, |high|)]` when it holds 0,
/// else the two ends' absolute values in order. If the interval of `d` holds the true `d`,
/// the result holds the true `|d|`, so the level is kept, and it holds `|d̂|` whenever the
/// first held `d̂`. The method is kept, except that Wilson's becomes [`Method::FoldedWilson`].
///
/// ```
/// use ludoforge_risk::stats::{Interval, Method, fold};
/// let across = fold(Interval { low: -0.25, high: 0.5, method: Method::Wilson });
/// assert_eq!((across.low, across.high, across.method), (0.0, 0.5, Method::FoldedWilson));
/// let below = fold(Interval { low: -0.5, high: -0.25, method: Method::StudentT });
/// assert_eq!((below.low, below.high), (0.25, 0.5));
/// ```
#[must_use]
pub fn fold(interval: Interval) -> Interval {
    let (a, b) = (interval.low.abs(), interval.high.abs());
    let (low, high) = if interval.low <= 0.0 && interval.high >= 0.0 {
        (0.0, a.max(b))
    } else {
        (a.min(b), a.max(b))
    };
    let method = match interval.method {
        Method::Wilson => Method::FoldedWilson,
        other => other,
    };
    Interval { low, high, method }
}

/// The interval of the mean of `k` independent estimates, each with its own interval of
/// half-width `h_i`: the mean ± `sqrt(Σ h_i²) / k`, the half-width of a mean of independent
/// errors ([`Method::MeanOfPlaytests`]). Adding an estimate to a mean of `k` uses the old
/// interval's half-width `H` as `sqrt(Σ h_i²) = k·H`, so only the last interval need be kept.
///
/// ```
/// use ludoforge_risk::stats::{Interval, Method, add_to_mean};
/// let one = Interval { low: 0.9, high: 1.1, method: Method::BootstrapPercentile };
/// // Two playtests with fitness 1.0 and 0.8, each ± 0.1: mean 0.9 ± 0.1·√2 / 2.
/// let two = add_to_mean(one, 1, 0.9, 0.1);
/// assert!((two.half_width() - 0.1 * 2f64.sqrt() / 2.0).abs() < 1e-12);
/// assert!((two.low + two.high - 1.8).abs() < 1e-12);
/// ```
#[must_use]
pub fn add_to_mean(old: Interval, k: u32, new_mean: f64, new_half_width: f64) -> Interval {
    let k = f64::from(k);
    let sum_of_squares = (old.half_width() * k).powi(2) + new_half_width * new_half_width;
    let half = sum_of_squares.sqrt() / (k + 1.0);
    Interval {
        low: new_mean - half,
        high: new_mean + half,
        method: Method::MeanOfPlaytests,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mean_interval_worked_out_by_hand() {
        // 1, 2, 3, 4, 5: mean 3, s² = (4 + 1 + 0 + 1 + 4) / 4 = 2.5, se = sqrt(2.5 / 5),
        // t_{0.975, 4} = 2.776445105: 3 ± 1.963243.
        let i = mean_interval(&[1.0, 2.0, 3.0, 4.0, 5.0]).unwrap();
        assert!((i.low - (3.0 - 1.963_243)).abs() < 1e-6, "{i:?}");
        assert!((i.high - (3.0 + 1.963_243)).abs() < 1e-6, "{i:?}");
        assert_eq!(i.method, Method::StudentT);
        // Equal values: no spread, a point.
        let same = mean_interval(&[0.5; 10]).unwrap();
        assert_eq!((same.low, same.high), (0.5, 0.5));
        assert!(mean_interval(&[1.0]).is_none());
        assert!(mean_interval(&[]).is_none());
    }

    #[test]
    fn wilsons_interval_worked_out_by_hand() {
        // 10 of 10: p̂ = 1, z² = 3.841459, centre (1 + 0.192073) / 1.384146 = 0.861279,
        // half z·sqrt(0.009604) / 1.384146 = 0.138721: 0.722 to 1, never a point.
        let all = wilson(10, 10);
        assert!((all.low - 0.722_467).abs() < 1e-5, "{all:?}");
        assert_eq!(all.high, 1.0);
        let none = wilson(0, 10);
        assert_eq!(none.low, 0.0);
        assert!((none.high - 0.277_533).abs() < 1e-5, "{none:?}");
        assert_eq!((wilson(0, 0).low, wilson(0, 0).high), (0.0, 1.0));
    }

    #[test]
    fn a_folded_interval_keeps_the_estimate_inside() {
        for (low, high, d) in [(-0.3, 0.1, -0.1), (0.2, 0.6, 0.4), (-0.9, -0.1, -0.5)] {
            let i = Interval {
                low,
                high,
                method: Method::StudentT,
            };
            assert!(i.contains(d));
            let f = fold(i);
            assert!(f.contains(d.abs()), "{f:?} {d}");
            assert!(f.low >= 0.0 && f.low <= f.high);
        }
    }
}
