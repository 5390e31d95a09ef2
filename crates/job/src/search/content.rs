//! What a generator offers to ask and tell: its problem, its cheap check and its content
//! document ([`Content`]); the vector genome as content; and the operators applied again until
//! their result passes the check.

use ludoforge_evolve::rng::Stream;
use ludoforge_evolve::vector::{Point, VectorProblem};
use ludoforge_evolve::{Crossover, Mutate, Outcome, Problem};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::CHECK_ATTEMPTS;
use crate::JobError;

/// A board as numbers, row by row (a maze's squares): what a notebook turns into an array.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Board {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// `rows × cols` numbers, row by row; what each means is the generator's (documented with
    /// its content).
    pub cells: Vec<i32>,
}

/// A generator's content under ask and tell.
pub trait Content: Send + Sync {
    /// The problem whose operators breed the candidates.
    type Problem: Mutate + Crossover + Send + Sync;

    /// The problem.
    fn problem(&self) -> &Self::Problem;

    /// Whether a genome is valid content, by the generator's own check (cheap: no playtest),
    /// or why not.
    ///
    /// # Errors
    /// The reason, in words.
    fn check(&self, genome: &<Self::Problem as Problem>::Genome) -> Result<(), String>;

    /// The content document a candidate is shown as.
    fn document(&self, genome: &<Self::Problem as Problem>::Genome) -> Value;

    /// The candidate as a board of numbers, for content that is one.
    fn board(&self, _genome: &<Self::Problem as Problem>::Genome) -> Option<Board> {
        None
    }

    /// The candidate as a plain vector of numbers, for the vector genome.
    fn vector<'g>(&self, _genome: &'g <Self::Problem as Problem>::Genome) -> Option<&'g [f64]> {
        None
    }

    /// The vector genome's problem, for the search's flat path: a batch made and told as rows
    /// of numbers, a genome made only for what the archive keeps. `None` for other content.
    fn rows(&self) -> Option<&VectorProblem> {
        None
    }

    /// The genome holding `row`, for the content [`Content::rows`] describes.
    fn genome_of_row(&self, _row: &[f64]) -> Option<<Self::Problem as Problem>::Genome> {
        None
    }

    /// Whether every genome the operators make passes the check, so a search need not look
    /// (the vector genome).
    fn always_valid(&self) -> bool {
        false
    }

    /// The generator's own evaluation: its fitness, components and descriptors, or why it
    /// rejects the genome. It may be slow (Risk's playtests).
    fn evaluate(&self, genome: &<Self::Problem as Problem>::Genome) -> Outcome {
        self.problem().evaluate(genome)
    }
}

/// The plain real-valued genome as content: a point is its list of numbers.
#[derive(Debug, Clone)]
pub struct Vectors(pub VectorProblem);

impl Content for Vectors {
    type Problem = VectorProblem;

    fn problem(&self) -> &VectorProblem {
        &self.0
    }

    fn check(&self, point: &Point) -> Result<(), String> {
        if point.0.len() == self.0.dims() {
            Ok(())
        } else {
            Err(format!(
                "{} numbers where {} are wanted",
                point.0.len(),
                self.0.dims()
            ))
        }
    }

    fn document(&self, point: &Point) -> Value {
        json!(point.0)
    }

    fn vector<'g>(&self, point: &'g Point) -> Option<&'g [f64]> {
        Some(&point.0)
    }

    fn rows(&self) -> Option<&VectorProblem> {
        Some(&self.0)
    }

    fn genome_of_row(&self, row: &[f64]) -> Option<Point> {
        Some(Point(row.to_vec()))
    }

    fn always_valid(&self) -> bool {
        true
    }
}

/// The parameters of the vector genome, as a front end writes them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VectorParams {
    /// Coordinates (when `x0` is one number or absent).
    pub dims: usize,
    /// The start point: one number for every coordinate, or a list (default 0).
    pub x0: Option<Value>,
    /// The deviation of the Gaussian noise (default 0.5, pyribs' sphere example's).
    pub sigma: f64,
    /// `[low, high]`, the range every coordinate is clipped to (default: none).
    pub bounds: Option<[f64; 2]>,
}

impl Default for VectorParams {
    fn default() -> Self {
        VectorParams {
            dims: 20,
            x0: None,
            sigma: 0.5,
            bounds: None,
        }
    }
}

impl VectorParams {
    /// The content these parameters describe.
    ///
    /// # Errors
    /// [`JobError::Parameters`] naming the bad parameter.
    pub fn content(&self) -> Result<Vectors, JobError> {
        let x0 = match &self.x0 {
            None => vec![0.0; self.dims],
            Some(Value::Number(n)) => vec![n.as_f64().unwrap_or(f64::NAN); self.dims],
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| {
                    v.as_f64()
                        .ok_or_else(|| JobError::parameters(format!("x0: {v} is not a number")))
                })
                .collect::<Result<_, _>>()?,
            Some(other) => {
                return Err(JobError::parameters(format!(
                    "x0: {other} is neither a number nor a list of numbers"
                )));
            }
        };
        VectorProblem::new(x0, self.sigma, self.bounds.map(|[l, h]| (l, h)))
            .map(Vectors)
            .map_err(|e| JobError::parameters(e.to_string()))
    }
}

/// A problem whose operators are applied again (from where the stream stands) while their
/// result fails the content's check, up to [`CHECK_ATTEMPTS`] times: every candidate the
/// search asks for is valid unless the generator could not make one.
pub(super) struct Checked<'a, C: Content>(pub(super) &'a C);

pub(super) type GenomeOf<C> = <<C as Content>::Problem as Problem>::Genome;

impl<C: Content> Problem for Checked<'_, C> {
    type Genome = GenomeOf<C>;

    fn random_genome(&self, rng: &mut Stream) -> Self::Genome {
        let mut genome = self.0.problem().random_genome(rng);
        for _ in 1..CHECK_ATTEMPTS {
            if self.0.check(&genome).is_ok() {
                break;
            }
            genome = self.0.problem().random_genome(rng);
        }
        genome
    }

    fn evaluate(&self, genome: &Self::Genome) -> Outcome {
        self.0.problem().evaluate(genome)
    }
}

impl<C: Content> Mutate for Checked<'_, C> {
    fn mutate(&self, genome: &mut Self::Genome, rng: &mut Stream) {
        for _ in 0..CHECK_ATTEMPTS {
            let mut child = genome.clone();
            self.0.problem().mutate(&mut child, rng);
            if self.0.check(&child).is_ok() {
                *genome = child;
                return;
            }
        }
    }
}

impl<C: Content> Crossover for Checked<'_, C> {
    fn crossover(
        &self,
        a: &Self::Genome,
        b: &Self::Genome,
        rng: &mut Stream,
    ) -> (Self::Genome, Self::Genome) {
        let mut children = self.0.problem().crossover(a, b, rng);
        for _ in 1..CHECK_ATTEMPTS {
            if self.0.check(&children.0).is_ok() {
                break;
            }
            children = self.0.problem().crossover(a, b, rng);
        }
        children
    }

    fn first_child(&self, a: &Self::Genome, b: &Self::Genome, rng: &mut Stream) -> Self::Genome {
        let mut child = self.0.problem().first_child(a, b, rng);
        for _ in 1..CHECK_ATTEMPTS {
            if self.0.check(&child).is_ok() {
                break;
            }
            child = self.0.problem().first_child(a, b, rng);
        }
        child
    }
}
