//! What the engine asks of a problem: making, varying and judging genomes.
//!
//! A problem implements [`Problem`] (sampling and evaluation) and the variation capabilities
//! a strategy needs: [`Mutate`] and [`Crossover`]. Evaluation either accepts a genome with an
//! [`Evaluation`] or rejects it with a [`Rejection`] (the validity check: an unsolvable maze,
//! overlapping tiles, a disconnected map).

use std::borrow::Cow;
use std::hash::Hash;

use serde::{Deserialize, Serialize};

use crate::rng::Stream;

/// A search problem: how to make a genome and how good it is.
///
/// `Genome: Hash + Eq` lets the engine count distinct genomes (population diversity). A genome
/// whose meaning does not depend on order (an unordered list of pieces) should hash and compare
/// in a canonical form.
pub trait Problem: Sync {
    /// The encoding the strategies vary.
    type Genome: Clone + Send + Sync + Hash + Eq;

    /// A new random genome (it may be rejected by [`Problem::evaluate`]; the engine retries).
    fn random_genome(&self, rng: &mut Stream) -> Self::Genome;

    /// Judges a genome: its raw fitness, or why it is not a valid candidate.
    fn evaluate(&self, genome: &Self::Genome) -> Outcome;
}

/// The capability to change one genome a little (one mutation event).
pub trait Mutate: Problem {
    /// Applies one mutation to `genome` in place.
    fn mutate(&self, genome: &mut Self::Genome, rng: &mut Stream);
}

/// The capability to recombine two parents into two children.
pub trait Crossover: Problem {
    /// Two children made from parents `a` and `b`.
    fn crossover(
        &self,
        a: &Self::Genome,
        b: &Self::Genome,
        rng: &mut Stream,
    ) -> (Self::Genome, Self::Genome);

    /// The first child of [`Crossover::crossover`] alone, for the strategies that keep one:
    /// the same genome, and `rng` left as `crossover` leaves it. The default makes both
    /// children and drops the second; a problem whose second child is costly to make can make
    /// the first and only replay the second's draws.
    fn first_child(&self, a: &Self::Genome, b: &Self::Genome, rng: &mut Stream) -> Self::Genome {
        self.crossover(a, b, rng).0
    }
}

/// The verdict on a genome.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// A valid candidate and its scores.
    Evaluated(Evaluation),
    /// Not a valid candidate.
    Rejected(Rejection),
}

impl Outcome {
    /// An accepted genome with only a raw fitness.
    #[must_use]
    pub fn fitness(fitness: f64) -> Self {
        Outcome::Evaluated(Evaluation::new(fitness))
    }

    /// A rejected genome with a fixed reason.
    #[must_use]
    pub fn rejected(reason: &'static str) -> Self {
        Outcome::Rejected(Rejection {
            reason: Cow::Borrowed(reason),
        })
    }
}

/// The scores of a valid genome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evaluation {
    /// The raw fitness the goal is applied to (e.g. a maze's minimum number of moves).
    pub fitness: f64,
    /// Named component scores that make up the fitness, if the problem has several.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub components: Vec<(String, f64)>,
    /// Behaviour descriptors for quality-diversity archives.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub descriptors: Vec<f64>,
}

impl Evaluation {
    /// An evaluation with only a raw fitness (no allocation).
    #[must_use]
    pub fn new(fitness: f64) -> Self {
        Evaluation {
            fitness,
            components: Vec::new(),
            descriptors: Vec::new(),
        }
    }
}

/// Why a genome is not a valid candidate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rejection {
    /// A short human-readable reason, e.g. "exit unreachable".
    pub reason: Cow<'static, str>,
}
