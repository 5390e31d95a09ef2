//! The percentile bootstrap over the rows of a sample (for a playtest, its matches).

use ludoforge_evolve::rng::{below, stream};
use rayon::prelude::*;

use super::{Interval, Method};

/// Resamples drawn for a bootstrap interval: 999, so that the 2.5% and 97.5% points are the
/// 25th and 975th of the sorted replicates exactly (`(B + 1)·α` a whole number, as Davison &
/// Hinkley 1997, section 5.2, advise). The Monte Carlo error of a percentile end is then
/// about a tenth of the interval's half-width.
pub const RESAMPLES: u32 = 999;

/// The first coordinate of the streams resamples are drawn from: resample `r` of a sample
/// seeded by `seed` draws from stream `(seed, RESAMPLING, r)`, apart from the streams
/// `(seed, i, 0)` of a playtest's matches `i` (fewer than a million).
pub const RESAMPLING: u64 = u64::MAX;

/// `resamples` bootstrap replicates of a statistic of `rows`: each resample draws `n` rows
/// with replacement (`n` = the number of rows) and the statistic is given the column sums of
/// the rows drawn and `n`, so a statistic that is a function of sums (a mean, a ratio of
/// means) costs O(K) per resample on top of the draws.
///
/// Resample `r` draws from its own stream `(seed, RESAMPLING, r)`: the replicates are the
/// same, in the same order, on any number of threads. Costs O(resamples · n · K).
///
/// ```
/// use ludoforge_risk::stats::bootstrap;
/// let rows = [[1.0], [2.0], [3.0], [4.0]];
/// let means = bootstrap(&rows, 99, 7, |sums, n| sums[0] / n as f64);
/// assert_eq!(means.len(), 99);
/// assert!(means.iter().all(|m| (1.0..=4.0).contains(m)));
/// assert_eq!(means, bootstrap(&rows, 99, 7, |sums, n| sums[0] / n as f64));
/// ```
pub fn bootstrap<const K: usize>(
    rows: &[[f64; K]],
    resamples: u32,
    seed: u64,
    statistic: impl Fn(&[f64; K], usize) -> f64 + Sync,
) -> Vec<f64> {
    let n = rows.len();
    (0..resamples)
        .into_par_iter()
        .map(|r| {
            let mut rng = stream(seed, RESAMPLING, u64::from(r));
            let mut sums = [0.0; K];
            for _ in 0..n {
                let row = &rows[below(&mut rng, n)];
                for (s, v) in sums.iter_mut().zip(row) {
                    *s += v;
                }
            }
            statistic(&sums, n)
        })
        .collect()
}

/// The percentile interval of bootstrap `replicates` (sorted here): the 2.5% and 97.5% points,
/// the `⌈0.025·B⌉`-th and `⌊0.975·B⌋ + 1`-th smallest of `B` (the 25th and 975th of 999),
/// widened if need be to reach `estimate`, the statistic of the whole sample. `None` when
/// there are no replicates or one is NaN.
///
/// Why widen: at a kink of the statistic (for the fitness, a criterion at its ideal, where
/// `|c − ideal|` turns) every resample's value lies on one side of the sample's, and the
/// percentile interval can leave the estimate out. Stretching the interval to the estimate
/// keeps at least the percentile interval's coverage and never shows a value outside its own
/// interval; away from kinks it changes nothing.
///
/// ```
/// use ludoforge_risk::stats::percentile;
/// let mut replicates: Vec<f64> = (1..=999).map(f64::from).collect();
/// let i = percentile(&mut replicates, 500.0).unwrap();
/// assert_eq!((i.low, i.high), (25.0, 975.0));
/// let widened = percentile(&mut replicates, 10.0).unwrap();
/// assert_eq!((widened.low, widened.high), (10.0, 975.0));
/// ```
pub fn percentile(replicates: &mut [f64], estimate: f64) -> Option<Interval> {
    let b = replicates.len();
    if b == 0 || replicates.iter().any(|r| r.is_nan()) {
        return None;
    }
    replicates.sort_by(f64::total_cmp);
    let low_rank = (0.025 * b as f64).ceil().max(1.0) as usize;
    let high_rank = ((0.975 * b as f64).floor() as usize + 1).min(b);
    Some(Interval {
        low: replicates[low_rank - 1].min(estimate),
        high: replicates[high_rank - 1].max(estimate),
        method: Method::BootstrapPercentile,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bootstrap_of_a_mean_is_near_the_t_interval() {
        // 400 values 0, 1, 2, 3 in turn: mean 1.5, s = 1.1194, se = 0.05597; the t interval
        // is 1.5 ± 0.1100, and the percentile interval of the bootstrapped mean should be
        // within Monte Carlo error of it.
        let rows: Vec<[f64; 1]> = (0..400).map(|i| [f64::from(i % 4)]).collect();
        let mut means = bootstrap(&rows, RESAMPLES, 3, |s, n| s[0] / n as f64);
        let i = percentile(&mut means, 1.5).unwrap();
        assert!((i.low - 1.39).abs() < 0.02, "{i:?}");
        assert!((i.high - 1.61).abs() < 0.02, "{i:?}");
    }

    #[test]
    fn replicates_do_not_depend_on_the_threads() {
        let rows: Vec<[f64; 2]> = (0..50).map(|i| [f64::from(i), f64::from(i * i)]).collect();
        let on = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| bootstrap(&rows, 200, 11, |s, _| s[1] / s[0].max(1.0)))
        };
        let one = on(1);
        assert_eq!(on(2), one);
        assert_eq!(on(3), one);
        assert_ne!(bootstrap(&rows, 200, 12, |s, _| s[1] / s[0].max(1.0)), one);
    }

    #[test]
    fn percentile_ranks_for_any_count() {
        let mut ten: Vec<f64> = (1..=10).map(f64::from).collect();
        let i = percentile(&mut ten, 5.0).unwrap();
        assert_eq!((i.low, i.high), (1.0, 10.0));
        assert!(percentile(&mut [], 0.0).is_none());
        assert!(percentile(&mut [1.0, f64::NAN], 1.0).is_none());
    }
}
