//! A plain real-valued genome, as pyribs' `GaussianEmitter` varies one: a start point `x0`,
//! Gaussian noise of deviation `sigma` added to every coordinate, and optional bounds every
//! coordinate is clipped to. It has no measure of its own (its evaluation accepts every point
//! with fitness 0): the caller scores it, as in the benchmarks researchers already know
//! (the sphere, Rastrigin).
//!
//! ```
//! use ludoforge_evolve::rng::stream;
//! use ludoforge_evolve::vector::{Point, VectorProblem};
//! use ludoforge_evolve::{Mutate, Problem};
//! let problem = VectorProblem::new(vec![0.0; 4], 0.5, Some((-1.0, 1.0))).unwrap();
//! let mut point = problem.random_genome(&mut stream(1, 0, 0));
//! problem.mutate(&mut point, &mut stream(1, 1, 0));
//! assert_eq!(point.0.len(), 4);
//! assert!(point.0.iter().all(|x| (-1.0..=1.0).contains(x)));
//! ```

use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};

use crate::error::EvolveError;
use crate::problem::{Crossover, Mutate, Outcome, Problem};
use rand_distr::{Distribution, StandardNormal};

use crate::rng::{Stream, coin};

/// A point: its coordinates. Compared and hashed by their bits (the engine counts distinct
/// genomes), so `-0.0` and `0.0` differ and a NaN equals itself.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Point(pub Vec<f64>);

impl PartialEq for Point {
    fn eq(&self, other: &Self) -> bool {
        self.0.len() == other.0.len()
            && self
                .0
                .iter()
                .zip(&other.0)
                .all(|(a, b)| a.to_bits() == b.to_bits())
    }
}

impl Eq for Point {}

impl Hash for Point {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.len().hash(state);
        for x in &self.0 {
            x.to_bits().hash(state);
        }
    }
}

/// Points around `x0`, varied by Gaussian noise of deviation `sigma` on every coordinate and
/// clipped to `bounds` (pyribs' `GaussianEmitter`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VectorProblem {
    /// The start point: a random genome is `x0` plus noise.
    pub x0: Vec<f64>,
    /// The noise's standard deviation.
    pub sigma: f64,
    /// The range every coordinate is clipped to, if any.
    pub bounds: Option<(f64, f64)>,
}

impl VectorProblem {
    /// The problem, checked: at least one coordinate (at most a million), every number finite,
    /// `sigma` positive, bounds ordered.
    ///
    /// # Errors
    /// [`EvolveError::InvalidSetting`] naming the first bad setting.
    pub fn new(
        x0: Vec<f64>,
        sigma: f64,
        bounds: Option<(f64, f64)>,
    ) -> Result<VectorProblem, EvolveError> {
        let bad = |name: &'static str, value: String, expected: &str| {
            Err(EvolveError::InvalidSetting {
                name,
                value,
                expected: expected.into(),
            })
        };
        if x0.is_empty() || x0.len() > 1_000_000 {
            return bad(
                "dims",
                x0.len().to_string(),
                "between 1 and 1,000,000 coordinates",
            );
        }
        if let Some(x) = x0.iter().find(|x| !x.is_finite()) {
            return bad("x0", x.to_string(), "finite numbers");
        }
        if !(sigma.is_finite() && sigma > 0.0) {
            return bad("sigma", sigma.to_string(), "a finite number above 0");
        }
        if let Some((low, high)) = bounds
            && !(low.is_finite() && high.is_finite() && low <= high)
        {
            return bad(
                "bounds",
                format!("[{low}, {high}]"),
                "two finite numbers, the lower first",
            );
        }
        Ok(VectorProblem { x0, sigma, bounds })
    }

    /// The number of coordinates.
    #[must_use]
    pub fn dims(&self) -> usize {
        self.x0.len()
    }

    /// N(0, σ²) added to every number of `row`, then clipped to the bounds: the mutation of a
    /// point holding `row`, with the same draws.
    pub fn vary(&self, row: &mut [f64], rng: &mut Stream) {
        for x in row.iter_mut() {
            let z: f64 = StandardNormal.sample(rng);
            *x += self.sigma * z;
        }
        if let Some((low, high)) = self.bounds {
            for x in row.iter_mut() {
                *x = x.clamp(low, high);
            }
        }
    }

    /// The first child of the uniform crossover of `a` and `b` (of equal length) written over
    /// `child`, with the draws [`Crossover::crossover`] makes: `child` takes `b`'s number where
    /// the coin says swap, else `a`'s.
    pub fn cross_into(&self, a: &[f64], b: &[f64], child: &mut [f64], rng: &mut Stream) {
        for ((c, &x), &y) in child.iter_mut().zip(a).zip(b) {
            *c = if coin(rng) { y } else { x };
        }
    }
}

impl Problem for VectorProblem {
    type Genome = Point;

    /// `x0` plus N(0, σ²) on every coordinate, clipped.
    fn random_genome(&self, rng: &mut Stream) -> Point {
        let mut point = Point(self.x0.clone());
        self.mutate(&mut point, rng);
        point
    }

    /// Every point is valid; it has no fitness of its own (0).
    fn evaluate(&self, _: &Point) -> Outcome {
        Outcome::fitness(0.0)
    }
}

impl Mutate for VectorProblem {
    /// N(0, σ²) added to every coordinate (rand_distr's ziggurat sampler, as numpy's
    /// generator draws normals), then clipped to the bounds.
    fn mutate(&self, point: &mut Point, rng: &mut Stream) {
        self.vary(&mut point.0, rng);
    }
}

impl Crossover for VectorProblem {
    /// Uniform crossover: each coordinate swapped between the children with probability ½.
    fn crossover(&self, a: &Point, b: &Point, rng: &mut Stream) -> (Point, Point) {
        let (mut c, mut d) = (a.clone(), b.clone());
        for i in 0..c.0.len().min(d.0.len()) {
            if coin(rng) {
                std::mem::swap(&mut c.0[i], &mut d.0[i]);
            }
        }
        (c, d)
    }

    /// The first child alone (one copy fewer), with the same draws.
    fn first_child(&self, a: &Point, b: &Point, rng: &mut Stream) -> Point {
        if a.0.len() != b.0.len() {
            return self.crossover(a, b, rng).0;
        }
        let mut child = a.clone();
        self.cross_into(&a.0, &b.0, &mut child.0, rng);
        child
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::stream;

    #[test]
    fn noise_has_the_asked_deviation_around_x0() {
        let problem = VectorProblem::new(vec![3.0; 10_000], 0.5, None).unwrap();
        let point = problem.random_genome(&mut stream(7, 0, 0));
        let n = point.0.len() as f64;
        let mean = point.0.iter().sum::<f64>() / n;
        let var = point.0.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n;
        assert!((mean - 3.0).abs() < 0.02, "mean {mean}");
        assert!((var.sqrt() - 0.5).abs() < 0.02, "deviation {}", var.sqrt());
    }

    #[test]
    fn bounds_clip_and_bad_settings_are_named() {
        let problem = VectorProblem::new(vec![0.9; 50], 5.0, Some((-1.0, 1.0))).unwrap();
        let point = problem.random_genome(&mut stream(1, 0, 0));
        assert!(point.0.iter().all(|x| (-1.0..=1.0).contains(x)));
        assert!(point.0.contains(&1.0) && point.0.contains(&-1.0));
        for (x0, sigma, bounds, name) in [
            (vec![], 1.0, None, "dims"),
            (vec![f64::NAN], 1.0, None, "x0"),
            (vec![0.0], 0.0, None, "sigma"),
            (vec![0.0], 1.0, Some((1.0, -1.0)), "bounds"),
        ] {
            match VectorProblem::new(x0, sigma, bounds) {
                Err(EvolveError::InvalidSetting { name: n, .. }) => assert_eq!(n, name),
                other => panic!("{name}: {other:?}"),
            }
        }
    }

    #[test]
    fn crossover_keeps_every_coordinate_once() {
        let problem = VectorProblem::new(vec![0.0; 6], 1.0, None).unwrap();
        let a = Point(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let b = Point(vec![-1.0, -2.0, -3.0, -4.0, -5.0, -6.0]);
        let (c, d) = problem.crossover(&a, &b, &mut stream(2, 0, 0));
        for i in 0..6 {
            let mut pair = [c.0[i], d.0[i]];
            pair.sort_by(f64::total_cmp);
            assert_eq!(pair, [b.0[i], a.0[i]]);
        }
        assert_ne!(Point(vec![0.0]), Point(vec![-0.0]));
    }

    #[test]
    fn the_first_child_alone_is_the_first_of_two() {
        let problem = VectorProblem::new(vec![0.0; 9], 1.0, None).unwrap();
        let a = problem.random_genome(&mut stream(1, 0, 0));
        let b = problem.random_genome(&mut stream(2, 0, 0));
        for seed in 0..50 {
            let (mut both, mut one) = (stream(seed, 3, 0), stream(seed, 3, 0));
            let (c, _) = problem.crossover(&a, &b, &mut both);
            assert_eq!(problem.first_child(&a, &b, &mut one), c);
            assert_eq!(coin(&mut both), coin(&mut one));
            let mut row = vec![0.0; 9];
            problem.cross_into(&a.0, &b.0, &mut row, &mut stream(seed, 3, 0));
            assert_eq!(Point(row), c);
        }
    }
}
