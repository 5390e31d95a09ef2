//! Tick positions and tick labels for chart axes.

/// A tick mark: where it sits in axis coordinates (the value itself on a
/// linear axis, its base-10 logarithm on a log axis) and its label.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Tick {
    pub(crate) at: f64,
    pub(crate) label: String,
}

/// A "nice" step: 1, 2 or 5 times a power of ten, kept as its parts so
/// multiples of it can be computed without accumulating rounding error.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Step {
    mult: f64,
    exp: i32,
}

impl Step {
    /// The 1-2-5 step closest (on a log scale) to `raw`, which must be a
    /// positive finite number.
    fn near(raw: f64) -> Step {
        // The exponent of a finite positive f64 lies within ±324.
        let exp = raw.log10().floor() as i32;
        let err = raw / pow10(exp);
        // Thresholds at the geometric means of 1, 2, 5 and 10.
        let (mult, exp) = if err >= 50f64.sqrt() {
            (1.0, exp + 1)
        } else if err >= 10f64.sqrt() {
            (5.0, exp)
        } else if err >= 2f64.sqrt() {
            (2.0, exp)
        } else {
            (1.0, exp)
        };
        Step { mult, exp }
    }

    fn value(self) -> f64 {
        self.times(1.0)
    }

    /// `k` steps. Dividing by an exact power of ten rather than multiplying
    /// by an inexact one keeps e.g. 3 × 0.1 at 0.3.
    fn times(self, k: f64) -> f64 {
        if self.exp < 0 {
            k * self.mult / pow10(-self.exp)
        } else {
            k * self.mult * pow10(self.exp)
        }
    }
}

fn pow10(exp: i32) -> f64 {
    10f64.powi(exp)
}

/// Most ticks any axis gets; more means the input was degenerate.
const MAX_TICKS: f64 = 200.0;

/// Ticks at the multiples of a 1-2-5 step that lie within `lo..=hi`,
/// splitting the range into about `target` intervals.
///
/// Returns no ticks unless `lo < hi` are both finite.
pub(crate) fn linear_ticks(lo: f64, hi: f64, target: usize) -> Vec<Tick> {
    if !(lo.is_finite() && hi.is_finite() && lo < hi) {
        return Vec::new();
    }
    let raw = (hi - lo) / target.max(1) as f64;
    if !(raw.is_finite() && raw > 0.0) {
        return Vec::new();
    }
    let step = Step::near(raw);
    let s = step.value();
    if !(s.is_finite() && s > 0.0) {
        return Vec::new();
    }
    let first = (lo / s - 1e-9).ceil();
    let last = (hi / s + 1e-9).floor();
    if !(first <= last && last - first <= MAX_TICKS) {
        return Vec::new();
    }
    // At most MAX_TICKS, checked above.
    let n = (last - first) as usize;
    (0..=n)
        .map(|i| {
            let at = step.times(first + i as f64);
            Tick {
                at,
                label: format_tick(at, s),
            }
        })
        .collect()
}

/// Ticks for a log axis spanning `10^l0 ..= 10^l1`, with `at` in decades.
///
/// Powers of ten, thinned to every 2nd, 5th, 10th … power when the axis
/// spans many decades; over less than 3 decades with room for them, the
/// 2× and 5× multiples too; and when even those give fewer than two ticks
/// (a range within one decade), linear 1-2-5 ticks.
pub(crate) fn log_ticks(l0: f64, l1: f64, target: usize) -> Vec<Tick> {
    if !(l0.is_finite() && l1.is_finite() && l0 < l1) {
        return Vec::new();
    }
    let span = l1 - l0;
    let target = target.max(2) as f64;
    let eps = 1e-9;

    let powers = || {
        let step = Step::near(span / target).value().ceil().max(1.0);
        let first = (l0 / step - eps).ceil();
        let last = (l1 / step + eps).floor();
        if !(first <= last && last - first <= MAX_TICKS) {
            return Vec::new();
        }
        let n = (last - first) as usize;
        (0..=n)
            .map(|i| {
                let at = (first + i as f64) * step;
                let v = 10f64.powf(at);
                Tick {
                    at,
                    label: format_tick(v, v),
                }
            })
            .collect()
    };
    let one_two_five = || {
        let mut ticks = Vec::new();
        // Only called for spans under 3 decades, so this loop is short.
        for k in (l0.floor() as i32)..=(l1.ceil() as i32) {
            for m in [1.0, 2.0, 5.0] {
                let at = f64::from(k) + f64::log10(m);
                if at >= l0 - eps && at <= l1 + eps {
                    let v = m * pow10(k);
                    ticks.push(Tick {
                        at,
                        label: format_tick(v, v),
                    });
                }
            }
        }
        ticks
    };

    let mut ticks = if span < 3.0 && span * 3.0 <= target + 1.0 {
        one_two_five()
    } else {
        powers()
    };
    if ticks.len() < 2 && span < 3.0 {
        ticks = one_two_five();
    }
    if ticks.len() < 2 {
        let (lo, hi) = (10f64.powf(l0), 10f64.powf(l1));
        let linear: Vec<Tick> = linear_ticks(lo, hi, target as usize)
            .into_iter()
            .filter(|t| t.at > 0.0)
            .map(|t| Tick {
                at: t.at.log10(),
                label: t.label,
            })
            .collect();
        if linear.len() > ticks.len() {
            ticks = linear;
        }
    }
    ticks
}

/// Minor ticks of a log axis spanning `10^l0 ..= 10^l1` (in decades): the
/// 2× to 9× multiples of each power of ten that are not among the `major`
/// ticks. None when the axis spans less than a decade (its major ticks are
/// dense enough), more than 12 decades, or when the major powers of ten skip
/// decades.
pub(crate) fn log_minor_ticks(l0: f64, l1: f64, major: &[Tick]) -> Vec<f64> {
    let span = l1 - l0;
    if !(l0.is_finite() && (1.0..=12.0).contains(&span)) {
        return Vec::new();
    }
    let powers: Vec<f64> = major
        .iter()
        .map(|t| t.at)
        .filter(|at| at.fract() == 0.0)
        .collect();
    if powers.windows(2).any(|w| w[1] - w[0] > 1.5) {
        return Vec::new();
    }
    let eps = 1e-9;
    let mut minor = Vec::new();
    // At most 14 decades, checked above.
    for k in (l0.floor() as i32)..=(l1.ceil() as i32) {
        for m in 2..=9 {
            let at = f64::from(k) + f64::from(m).log10();
            let is_major = major.iter().any(|t| (t.at - at).abs() < 1e-6);
            if at >= l0 - eps && at <= l1 + eps && !is_major {
                minor.push(at);
            }
        }
    }
    minor
}

/// A tick label for `value` on an axis whose ticks are `step` apart.
///
/// Integers get no decimals; other values get just enough significant
/// digits to tell neighbouring ticks apart, trailing zeros trimmed.
/// Magnitudes from 10 000 up to a billion use `k` and `M` suffixes when
/// that loses nothing (`12.5k`, `2M`); beyond that, and below 0.0001, the
/// label is in exponent form (`1e9`, `2.5e-5`).
pub(crate) fn format_tick(value: f64, step: f64) -> String {
    if !value.is_finite() {
        return String::new();
    }
    let step = step.abs();
    let a = value.abs();
    if a == 0.0 || (step.is_finite() && a < step * 1e-6) {
        return "0".to_owned();
    }
    let digits = if step.is_finite() && step > 0.0 {
        a.log10().floor() - step.log10().floor() + 1.0
    } else {
        6.0
    };
    // Clamped to 1..=17, so the cast is exact.
    let digits = digits.clamp(1.0, 17.0) as usize;
    let r: f64 = format!("{value:.prec$e}", prec = digits - 1)
        .parse()
        .unwrap_or(value);
    let a = r.abs();
    if !(1e-4..1e9).contains(&a) {
        return format!("{r:e}");
    }
    if a >= 1e4 {
        let (unit, suffix) = if a >= 1e6 { (1e6, "M") } else { (1e3, "k") };
        let m = trim_zeros(format!("{:.2}", r / unit));
        if let Ok(back) = m.parse::<f64>()
            && (back * unit - r).abs() <= a * 1e-12
        {
            return format!("{m}{suffix}");
        }
    }
    // Display writes the shortest decimal that reads back as `r`, never in
    // exponent form.
    trim_zeros(format!("{r}"))
}

fn trim_zeros(mut s: String) -> String {
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" { "0".to_owned() } else { s }
}

#[cfg(test)]
mod tests {
    use super::{Step, Tick, format_tick, linear_ticks, log_minor_ticks, log_ticks};

    fn at(ticks: &[Tick]) -> Vec<f64> {
        ticks.iter().map(|t| t.at).collect()
    }

    fn labels(ticks: &[Tick]) -> Vec<&str> {
        ticks.iter().map(|t| t.label.as_str()).collect()
    }

    #[test]
    fn steps_are_one_two_five() {
        let step = |raw: f64| Step::near(raw).value();
        assert_eq!(step(1.0), 1.0);
        assert_eq!(step(1.3), 1.0);
        assert_eq!(step(1.5), 2.0);
        assert_eq!(step(2.4), 2.0);
        assert_eq!(step(3.5), 5.0);
        assert_eq!(step(7.5), 10.0);
        assert_eq!(step(0.024), 0.02);
        assert_eq!(step(4200.0), 5000.0);
    }

    #[test]
    fn zero_to_ten_steps_by_two() {
        let ticks = linear_ticks(0.0, 10.0, 5);
        assert_eq!(at(&ticks), [0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(labels(&ticks), ["0", "2", "4", "6", "8", "10"]);
    }

    #[test]
    fn three_to_fifteen_keeps_inner_even_ticks() {
        // 12 / 5 = 2.4 rounds to a step of 2; ticks stay inside the range.
        let ticks = linear_ticks(3.0, 15.0, 5);
        assert_eq!(at(&ticks), [4.0, 6.0, 8.0, 10.0, 12.0, 14.0]);
    }

    #[test]
    fn fractional_ticks_have_no_float_noise() {
        let ticks = linear_ticks(0.0, 1.0, 10);
        assert_eq!(ticks.len(), 11);
        assert_eq!(ticks[3].at, 0.3);
        assert_eq!(
            labels(&ticks),
            [
                "0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"
            ]
        );
        let ticks = linear_ticks(-0.55, 0.55, 4);
        assert_eq!(labels(&ticks), ["-0.4", "-0.2", "0", "0.2", "0.4"]);
    }

    #[test]
    fn degenerate_linear_ranges_give_no_ticks() {
        assert!(linear_ticks(1.0, 1.0, 5).is_empty());
        assert!(linear_ticks(2.0, 1.0, 5).is_empty());
        assert!(linear_ticks(f64::NAN, 1.0, 5).is_empty());
        assert!(linear_ticks(0.0, f64::INFINITY, 5).is_empty());
        assert!(linear_ticks(-f64::MAX, f64::MAX, 5).is_empty());
        assert_eq!(linear_ticks(0.0, 1.0, 0).len(), 2);
    }

    #[test]
    fn log_ticks_over_several_decades_are_powers_of_ten() {
        let ticks = log_ticks(0.0, 5000f64.log10(), 6);
        assert_eq!(labels(&ticks), ["1", "10", "100", "1000"]);
        assert_eq!(at(&ticks), [0.0, 1.0, 2.0, 3.0]);
        // A padded range reaching past 10 000 gets that tick too.
        let ticks = log_ticks(-0.2, 4.1, 6);
        assert_eq!(labels(&ticks), ["1", "10", "100", "1000", "10k"]);
    }

    #[test]
    fn log_ticks_over_few_decades_include_two_and_five() {
        let ticks = log_ticks(0.0, 2.0, 8);
        assert_eq!(labels(&ticks), ["1", "2", "5", "10", "20", "50", "100"]);
        assert!((ticks[1].at - 2f64.log10()).abs() < 1e-12);
    }

    #[test]
    fn log_ticks_over_many_decades_are_thinned() {
        let ticks = log_ticks(-1.0, 30.0, 6);
        assert_eq!(at(&ticks), [0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0]);
        assert_eq!(labels(&ticks)[..3], ["1", "100k", "1e10"]);
    }

    #[test]
    fn log_ticks_within_a_decade_fall_back_to_linear() {
        let ticks = log_ticks(12f64.log10(), 18f64.log10(), 4);
        assert!(ticks.len() >= 2);
        let values: Vec<f64> = ticks.iter().map(|t| 10f64.powf(t.at)).collect();
        assert!(
            values
                .iter()
                .all(|v| (12.0 - 1e-9..=18.0 + 1e-9).contains(v))
        );
        assert_eq!(labels(&ticks)[0], "12");
    }

    #[test]
    fn log_minor_ticks_fill_the_decades_between_majors() {
        let (l0, l1) = (0.5, 3.7);
        let major = log_ticks(l0, l1, 6);
        assert_eq!(labels(&major), ["10", "100", "1000"]);
        let minor: Vec<f64> = log_minor_ticks(l0, l1, &major)
            .into_iter()
            .map(|at| (10f64.powf(at) * 1e6).round() / 1e6)
            .collect();
        assert_eq!(minor[..3], [4.0, 5.0, 6.0]);
        assert!(minor.contains(&20.0) && minor.contains(&900.0) && minor.contains(&5000.0));
        assert!(!minor.contains(&100.0));
        assert_eq!(minor.len(), 6 + 8 + 8 + 4);

        // 2× and 5× majors are not repeated as minor ticks.
        let major = log_ticks(0.0, 2.0, 8);
        let minor = log_minor_ticks(0.0, 2.0, &major);
        assert_eq!(minor.len(), 2 * 6);

        // Thinned powers, or less than a decade: no minor ticks.
        assert!(log_minor_ticks(-1.0, 11.0, &log_ticks(-1.0, 11.0, 3)).is_empty());
        assert!(log_minor_ticks(1.1, 1.3, &log_ticks(1.1, 1.3, 4)).is_empty());
    }

    #[test]
    fn degenerate_log_ranges_give_no_ticks() {
        assert!(log_ticks(1.0, 1.0, 5).is_empty());
        assert!(log_ticks(f64::NEG_INFINITY, 1.0, 5).is_empty());
        assert!(log_ticks(0.0, f64::NAN, 5).is_empty());
    }

    #[test]
    fn labels_are_short() {
        assert_eq!(format_tick(10.0, 2.0), "10");
        assert_eq!(format_tick(-2.0, 1.0), "-2");
        assert_eq!(format_tick(0.1 + 0.2, 0.1), "0.3");
        assert_eq!(format_tick(1.25, 0.05), "1.25");
        assert_eq!(format_tick(1e-17, 0.1), "0");
        assert_eq!(format_tick(1000.0, 1000.0), "1000");
        assert_eq!(format_tick(10000.0, 10000.0), "10k");
        assert_eq!(format_tick(12500.0, 500.0), "12.5k");
        assert_eq!(format_tick(10001.0, 1.0), "10001");
        assert_eq!(format_tick(2e6, 1e6), "2M");
        assert_eq!(format_tick(1e9, 1e9), "1e9");
        assert_eq!(format_tick(2.5e-5, 5e-6), "2.5e-5");
        assert_eq!(format_tick(0.001, 0.001), "0.001");
        assert_eq!(format_tick(f64::NAN, 1.0), "");
    }
}
