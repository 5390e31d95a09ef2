//! The roulette wheel of fitness-proportional growth, spun in O(log n) over a population that
//! only grows.
//!
//! A member's weight is `score − c` for a common offset `c` (the shift times the lowest score).
//! The wheel keeps a Fenwick tree (binary indexed tree; Fenwick, "A new data structure for
//! cumulative frequency tables", 1994) of the raw scores, so the total weight of the first `k`
//! members is `prefix_score(k) − k × c`: the tree need not change when the lowest score, and
//! with it `c`, does. While every weight is positive these prefix weights increase with `k`,
//! and a draw descends the tree in O(log n).

use crate::individual::Individual;

/// The weight given to members whose shifted score is this small or less.
pub(super) const TINY: f64 = 1e-12;

/// A Fenwick tree of the scores of a population seen so far, with their running minimum.
#[derive(Clone)]
pub(super) struct Wheel {
    /// `tree[k]` (1-based) sums the scores of members `k − lowbit(k) .. k` (0-based, end
    /// excluded); `tree[0]` is unused.
    tree: Vec<f64>,
    /// The lowest score, folded in member order as `f64::min` does (NaN is passed over).
    lowest: f64,
    /// Whether every score seen is finite.
    finite: bool,
    /// The bits of the last member's score, to notice a population that was not grown from
    /// the one seen.
    last: u64,
}

impl Default for Wheel {
    fn default() -> Self {
        Wheel {
            tree: vec![0.0],
            lowest: f64::INFINITY,
            finite: true,
            last: 0,
        }
    }
}

impl std::fmt::Debug for Wheel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Wheel")
            .field("members", &self.len())
            .field("lowest", &self.lowest)
            .finish_non_exhaustive()
    }
}

impl Wheel {
    /// How many members the wheel holds.
    pub(super) fn len(&self) -> usize {
        self.tree.len() - 1
    }

    /// The lowest score (infinity for no member).
    pub(super) fn lowest(&self) -> f64 {
        self.lowest
    }

    /// Brings the wheel up to `population`: appends the members it has not seen yet, or
    /// starts over if `population` is not the one seen plus new members at its end (judged by
    /// the length and the last seen member's score). Amortised O(log n) per new member.
    pub(super) fn sync<G>(&mut self, population: &[Individual<G>]) {
        let seen = self.len();
        let grown = population.len() >= seen
            && (seen == 0 || population[seen - 1].score.to_bits() == self.last);
        if !grown {
            *self = Wheel::default();
        }
        for member in &population[self.len()..] {
            self.push(member.score);
        }
    }

    /// Appends one score in O(log n).
    pub(super) fn push(&mut self, score: f64) {
        let k = self.tree.len();
        let low = k & k.wrapping_neg();
        // tree[k] covers members k − low .. k: this score and the nodes covering the rest.
        let mut sum = score;
        let mut span = 1;
        while span < low {
            sum += self.tree[k - span];
            span <<= 1;
        }
        self.tree.push(sum);
        self.lowest = self.lowest.min(score);
        self.finite &= score.is_finite();
        self.last = score.to_bits();
    }

    /// The sum of the first `k` scores, in O(log n).
    fn prefix(&self, mut k: usize) -> f64 {
        let mut sum = 0.0;
        while k > 0 {
            sum += self.tree[k];
            k &= k - 1;
        }
        sum
    }

    /// The total weight when every weight is `score − offset`, or `None` when some weight
    /// would be [`TINY`] or less (or a sum is not finite): the clamp would then matter, and
    /// prefix weights need not increase. O(log n).
    pub(super) fn total(&self, offset: f64) -> Option<f64> {
        let n = self.len();
        if n == 0 || !self.finite || self.lowest - offset <= TINY {
            return None;
        }
        let total = self.prefix(n) - n as f64 * offset;
        (total.is_finite() && total > 0.0).then_some(total)
    }

    /// The member whose slice of the wheel holds `pick`: the first `i` whose prefix weight
    /// `prefix_score(i + 1) − (i + 1) × offset` exceeds `pick`, or the last member if none
    /// does (as rounding can make happen). Needs every weight positive (see [`Wheel::total`]).
    /// O(log n).
    pub(super) fn find(&self, offset: f64, pick: f64) -> usize {
        let n = self.len();
        if n == 0 {
            return 0;
        }
        // Descends from the largest node: `rest` is what is left of `pick` past the members
        // before `position`. Node `position + step` covers `step` members, whose weight is
        // their scores' sum less `step` offsets.
        let mut position = 0;
        let mut rest = pick;
        let mut step = 1 << n.ilog2();
        while step > 0 {
            let next = position + step;
            if next <= n {
                let weight = self.tree[next] - step as f64 * offset;
                // Which way a draw goes is a coin toss to the branch predictor.
                let right = weight <= rest;
                position = std::hint::select_unpredictable(right, next, position);
                rest = std::hint::select_unpredictable(right, rest - weight, rest);
            }
            step >>= 1;
        }
        position.min(n - 1)
    }
}

/// One draw of the linear roulette wheel over `weights`, given the draw `unit` in `[0, 1)`:
/// the reference the tree is checked against, and the wheel used when the clamp matters. O(n).
pub(super) fn linear(weights: &[f64], unit: f64) -> usize {
    let total: f64 = weights.iter().sum();
    let mut pick = unit * total;
    for (i, w) in weights.iter().enumerate() {
        if pick < *w {
            return i;
        }
        pick -= w;
    }
    weights.len() - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{below, stream, unit};

    fn wheel(scores: &[f64]) -> Wheel {
        let mut wheel = Wheel::default();
        for &s in scores {
            wheel.push(s);
        }
        wheel
    }

    #[test]
    fn prefix_sums_match_a_plain_sum() {
        let scores: Vec<f64> = (1..=37).map(f64::from).collect();
        let wheel = wheel(&scores);
        for k in 0..=scores.len() {
            assert_eq!(wheel.prefix(k), scores[..k].iter().sum::<f64>(), "k = {k}");
        }
        assert_eq!(wheel.lowest(), 1.0);
    }

    #[test]
    fn picks_by_hand() {
        // Weights 2, 1, 3 with an offset of 1.
        let wheel = wheel(&[3.0, 2.0, 4.0]);
        assert_eq!(wheel.total(1.0), Some(6.0));
        let picks = [0.0, 1.999, 2.0, 2.5, 3.0, 5.999, 6.0, 7.0];
        let found: Vec<usize> = picks.iter().map(|&p| wheel.find(1.0, p)).collect();
        assert_eq!(found, [0, 0, 1, 1, 2, 2, 2, 2]);
    }

    #[test]
    fn clamped_weights_are_left_to_the_linear_wheel() {
        // Shift 1: the lowest member's weight is 0.
        assert_eq!(wheel(&[3.0, 2.0, 4.0]).total(2.0), None);
        // Negative scores.
        assert_eq!(wheel(&[-3.0, 2.0]).total(-1.5), None);
        assert_eq!(wheel(&[1.0, f64::NAN]).total(0.5), None);
        assert_eq!(wheel(&[1.0, f64::INFINITY]).total(0.5), None);
        assert_eq!(Wheel::default().total(0.0), None);
    }

    #[test]
    fn the_tree_picks_as_the_linear_wheel_does() {
        let mut rng = stream(77, 0, 0);
        let mut checked = 0;
        for case in 0..400 {
            let n = 1 + below(&mut rng, if case % 5 == 0 { 2_000 } else { 60 });
            let scale = [1e-3, 1.0, 1e3, 1e6][case / 4 % 4];
            // Some wheels with many equal scores, some with widely spread ones.
            let scores: Vec<f64> = (0..n)
                .map(|_| match case % 3 {
                    0 => scale * (1 + below(&mut rng, 4)) as f64,
                    _ => scale * (0.01 + unit(&mut rng) * 10.0),
                })
                .collect();
            let shift = [0.0, 0.5, 0.9, 0.999][case % 4];
            let wheel = wheel(&scores);
            let offset = shift * wheel.lowest();
            let weights: Vec<f64> = scores.iter().map(|s| (s - offset).max(TINY)).collect();
            let Some(total) = wheel.total(offset) else {
                panic!("case {case}: every weight is positive");
            };
            let linear_total: f64 = weights.iter().sum();
            assert!(
                (total - linear_total).abs() <= 1e-9 * linear_total,
                "{case}"
            );
            let bounds: Vec<f64> = weights
                .iter()
                .scan(0.0, |sum, w| {
                    *sum += w;
                    Some(*sum)
                })
                .collect();
            for _ in 0..200 {
                let u = unit(&mut rng);
                let expected = linear(&weights, u);
                let found = wheel.find(offset, u * total);
                if found != expected {
                    let pick = u * linear_total;
                    let near = bounds
                        .iter()
                        .any(|b| (b - pick).abs() <= 1e-9 * linear_total);
                    assert!(
                        near,
                        "case {case}: pick {pick} gave {found}, not {expected}"
                    );
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 400 * 200);
    }

    #[test]
    fn the_edges_of_the_wheel() {
        let one = wheel(&[5.0]);
        assert_eq!(one.find(2.5, 0.0), 0);
        assert_eq!(one.find(2.5, 100.0), 0);
        let eight = wheel(&[1.0; 8]);
        assert_eq!(eight.find(0.0, 7.5), 7);
        assert_eq!(eight.find(0.0, 8.0), 7);
        assert_eq!(eight.find(0.0, 0.5), 0);
        assert_eq!(eight.find(0.0, 4.0), 4);
    }

    #[test]
    fn a_population_not_grown_from_the_seen_one_starts_over() {
        use crate::goal::Goal;
        use crate::problem::Evaluation;
        let members = |scores: &[f64]| -> Vec<Individual<u8>> {
            scores
                .iter()
                .map(|&s| Individual::new(0, Evaluation::new(s), &Goal::Maximise))
                .collect()
        };
        let mut wheel = Wheel::default();
        wheel.sync(&members(&[4.0, 2.0, 3.0]));
        assert_eq!((wheel.len(), wheel.lowest()), (3, 2.0));
        wheel.sync(&members(&[4.0, 2.0, 3.0, 1.0]));
        assert_eq!((wheel.len(), wheel.lowest()), (4, 1.0));
        // Shorter.
        wheel.sync(&members(&[4.0, 5.0]));
        assert_eq!((wheel.len(), wheel.lowest()), (2, 4.0));
        // Longer, but a different last seen member.
        wheel.sync(&members(&[7.0, 6.0, 8.0]));
        assert_eq!((wheel.len(), wheel.lowest()), (3, 6.0));
        assert_eq!(wheel.prefix(3), 21.0);
    }
}
