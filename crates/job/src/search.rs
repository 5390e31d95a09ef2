//! Ask and tell over a generator's content, for a front end that scores the candidates itself
//! (a Python notebook): the generator breeds them with its own initialisation, crossover and
//! mutation, each already checked valid by its own check; the caller scores them and tells
//! the scores back. With a grid the search is MAP-Elites (the engine's
//! [`MapElites`]); without one it keeps the best candidates told so far and breeds from them
//! ([`Plus`], a (μ + λ) search).
//!
//! A generator offers its content as a [`Content`]: the problem, the cheap validity check,
//! and the content document a candidate is shown as (the same document its jobs write). A
//! [`Searcher`] drives it; front ends hold it as a `Box<dyn AskTell>`. The same seed and the
//! same told scores give the same candidates on any number of threads, and after
//! [`AskTell::save`] and a load.
//!
//! ```
//! use ludoforge_evolve::vector::VectorProblem;
//! use ludoforge_job::search::{AskTell, Options, Searcher, Vectors};
//! let content = Vectors(VectorProblem::new(vec![0.0; 3], 0.5, None).unwrap());
//! let mut search = Searcher::new(content, "vector", serde_json::json!({"dims": 3}), Options {
//!     batch: 10,
//!     seed: 1,
//!     ..Options::default()
//! })
//! .unwrap();
//! let batch = search.ask().unwrap();
//! assert_eq!(batch.len(), 10);
//! let fitness: Vec<f64> = batch.iter().map(|c| -c.vector.as_ref().unwrap()[0].abs()).collect();
//! search.tell(&fitness, None).unwrap();
//! assert!(search.best().is_some());
//! ```

use std::hash::Hash;
use std::sync::atomic::AtomicBool;

use ludoforge_evolve::archive::{Archive, Axis, Grid};
use ludoforge_evolve::map_elites::MapElites;
use ludoforge_evolve::plus::Plus;
use ludoforge_evolve::{Evaluation, Goal, Outcome};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::JobError;

mod ask_tell;
mod content;
mod rows;

pub use content::{Board, Content, VectorParams, Vectors};
use content::{Checked, GenomeOf};

/// What a saved search file says it is.
pub const SEARCH_FORMAT: &str = "ludoforge-search";

/// The version of the saved search file.
pub const SEARCH_VERSION: u32 = 1;

/// How many times an operator is applied again when its result fails the check (a random
/// chess maze with many pieces on a small board is solvable once in hundreds of draws).
pub const CHECK_ATTEMPTS: usize = 10_000;

/// A grid for MAP-Elites: cells and `[low, high]` per descriptor (two or three).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GridSpec {
    /// Cells along each descriptor.
    pub dims: Vec<usize>,
    /// `[low, high]` of each descriptor; values outside go to the edge cells.
    pub ranges: Vec<[f64; 2]>,
    /// Each descriptor's name (default `d0`, `d1`, …).
    #[serde(default)]
    pub names: Vec<String>,
}

/// How to search: the batch, the seed, the goal, MAP-Elites's grid or the kept population.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Candidates a batch.
    pub batch: usize,
    /// The master seed.
    pub seed: u64,
    /// Maximise the told fitness (else minimise).
    pub maximise: bool,
    /// MAP-Elites over this grid; `None`: a (μ + λ) search keeping `keep`.
    pub archive: Option<GridSpec>,
    /// Candidates kept without a grid (default: the batch).
    pub keep: Option<usize>,
    /// The chance a child crosses two parents.
    pub crossover: f64,
    /// The most mutations a child gets.
    pub max_mutations: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            batch: 32,
            seed: 0,
            maximise: true,
            archive: None,
            keep: None,
            crossover: 0.5,
            max_mutations: 1,
        }
    }
}

/// The engine under a search.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound(serialize = "G: Serialize", deserialize = "G: Deserialize<'de>"))]
enum Engine<G> {
    Elites(MapElites<G>),
    Plus(Plus<G>),
}

/// A candidate as a front end receives it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Candidate {
    /// The content document.
    pub document: Value,
    /// The content as a board of numbers, for a maze.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Board>,
    /// The content as numbers, for the vector genome.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vector: Option<Vec<f64>>,
}

/// What a [`AskTell::tell`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Told {
    /// Candidates that filled an empty cell (MAP-Elites) or were kept (without a grid).
    pub new: usize,
    /// Candidates that replaced a worse elite (MAP-Elites).
    pub improved: usize,
    /// Candidates told but not kept (MAP-Elites).
    pub not_added: usize,
    /// Candidates asked that the generator could not make valid, left out of the batch.
    pub rejected: usize,
    /// Candidates whose scores could not be placed (NaN, a descriptor missing).
    pub invalid: usize,
    /// The best candidate improved.
    pub new_best: bool,
}

impl From<&ludoforge_evolve::map_elites::Told> for Told {
    fn from(told: &ludoforge_evolve::map_elites::Told) -> Told {
        Told {
            new: told.new,
            improved: told.improved,
            not_added: told.not_added,
            rejected: told.rejected,
            invalid: told.invalid,
            new_best: told.new_best,
        }
    }
}

/// A search held by a front end, whatever its content.
pub trait AskTell: Send {
    /// The generator's name.
    fn generator(&self) -> &str;

    /// The next batch (the same batch again until it is told): every candidate valid. One the
    /// generator could not make valid in [`CHECK_ATTEMPTS`] tries is left out, so a batch may
    /// be smaller than asked.
    ///
    /// # Errors
    /// [`JobError::Failed`] when the generator made no valid candidate in a whole batch (the
    /// search moves on to the next).
    fn ask(&mut self) -> Result<Vec<Candidate>, JobError>;

    /// The next batch of the vector genome as one flat list of numbers (candidate by
    /// candidate) and the number of coordinates each: [`AskTell::ask`] without a value per
    /// candidate, for a front end that hands the batch on as one array. `None` for content
    /// that is not the vector genome.
    ///
    /// # Errors
    /// As [`AskTell::ask`].
    fn ask_vectors(&mut self) -> Result<Option<(Vec<f64>, usize)>, JobError> {
        Ok(None)
    }

    /// Tells the scores of the batch asked: one fitness per candidate shown and, with a grid,
    /// the descriptors as `(numbers, width)`: `width` numbers per candidate shown, candidate
    /// by candidate.
    ///
    /// # Errors
    /// [`JobError::Parameters`] when nothing was asked, or the scores do not match the batch.
    fn tell(
        &mut self,
        fitness: &[f64],
        descriptors: Option<(&[f64], usize)>,
    ) -> Result<Told, JobError>;

    /// The generator's own evaluation of the batch asked: `{fitness, components,
    /// descriptors}` or `{rejected}` per candidate shown, in order.
    fn evaluate(&self) -> Vec<Value> {
        self.evaluate_until(&AtomicBool::new(false))
            .unwrap_or_default()
    }

    /// [`AskTell::evaluate`], given up as soon as `cancel` is set (looked at before each
    /// candidate's evaluation): `None` when it was.
    fn evaluate_until(&self, cancel: &AtomicBool) -> Option<Vec<Value>>;

    /// The best candidate told so far and its fitness.
    fn best(&self) -> Option<(Candidate, f64)>;

    /// The archive's elites (`cell`, `index` per axis, `descriptors`, `fitness`, `content`), or
    /// `None` without a grid.
    fn elites(&self) -> Option<Value>;

    /// The archive's coverage and QD score, or the kept population's size and best.
    fn stats(&self) -> Value;

    /// The archive as a heatmap (SVG), as the exploration jobs draw theirs, coloured by the
    /// told fitness; `None` without a grid.
    ///
    /// # Errors
    /// The picture's message when it cannot be drawn.
    fn heatmap(&self) -> Result<Option<String>, JobError>;

    /// Batches told so far.
    fn iteration(&self) -> u64;

    /// The whole search as a saved file (JSON).
    ///
    /// # Errors
    /// [`JobError::Failed`] if a genome cannot be written.
    fn save(&self) -> Result<Vec<u8>, JobError>;
}

/// A search over one generator's content.
pub struct Searcher<C: Content> {
    content: C,
    generator: String,
    params: Value,
    options: Options,
    engine: Engine<GenomeOf<C>>,
    asked: Option<Vec<GenomeOf<C>>>,
    /// Which of the batch asked pass the check (worked out once a batch).
    valid: Option<Vec<bool>>,
    /// The batch asked as rows of numbers, when the flat path made it (then `asked` is
    /// `None`): see [`rows`].
    rows: Option<Vec<f64>>,
    /// The archive's elites as rows, in the order it samples them, for the flat path (made
    /// when first needed, and again after the archive changes by another path).
    mirror: Option<Vec<f64>>,
}

/// The saved search file, as written (borrowing the search).
#[derive(Serialize)]
#[serde(bound(serialize = "G: Serialize"))]
struct Saving<'a, G> {
    format: &'a str,
    version: u32,
    generator: &'a str,
    params: &'a Value,
    options: &'a Options,
    engine: &'a Engine<G>,
    asked: &'a Option<Vec<G>>,
}

/// The saved search file, as read.
#[derive(Deserialize)]
#[serde(bound(deserialize = "G: Deserialize<'de>"))]
struct Saved<G> {
    generator: String,
    params: Value,
    options: Options,
    engine: Engine<G>,
    asked: Option<Vec<G>>,
}

/// The generator and parameters a saved search file names, to rebuild its content before
/// [`Searcher::load`].
///
/// # Errors
/// [`JobError::Input`] when the bytes are not a saved search.
pub fn saved_generator(bytes: &[u8]) -> Result<(String, Value), JobError> {
    #[derive(Deserialize)]
    struct Head {
        format: String,
        version: u32,
        generator: String,
        params: Value,
    }
    let head: Head = serde_json::from_slice(bytes)
        .map_err(|e| JobError::input(format!("not a saved ludoforge search: {e}")))?;
    if head.format != SEARCH_FORMAT {
        return Err(JobError::input(format!(
            "not a saved ludoforge search (its format is {:?})",
            head.format
        )));
    }
    if head.version != SEARCH_VERSION {
        return Err(JobError::input(format!(
            "a saved search of version {}; this ludoforge reads version {SEARCH_VERSION}",
            head.version
        )));
    }
    Ok((head.generator, head.params))
}

impl<C: Content> Searcher<C>
where
    GenomeOf<C>: Serialize + DeserializeOwned + Hash + Eq,
{
    /// A search over `content` (made by `generator` from `params`, kept for the saved file).
    ///
    /// # Errors
    /// [`JobError::Parameters`] for a bad option or grid.
    pub fn new(
        content: C,
        generator: &str,
        params: Value,
        options: Options,
    ) -> Result<Self, JobError> {
        let goal = if options.maximise {
            Goal::Maximise
        } else {
            Goal::Minimise
        };
        let bad = |e: &dyn std::fmt::Display| JobError::parameters(e.to_string());
        let engine = match &options.archive {
            Some(grid) => {
                let archive = Archive::new(grid_of(grid)?, goal, 0.0).map_err(|e| bad(&e))?;
                let search = MapElites::new(archive, options.batch)
                    .with_crossover(options.crossover)
                    .with_max_mutations(options.max_mutations)
                    .with_seed(options.seed);
                search.validate().map_err(|e| bad(&e))?;
                Engine::Elites(search)
            }
            None => {
                let search = Plus::new(options.keep.unwrap_or(options.batch), options.batch, goal)
                    .with_crossover(options.crossover)
                    .with_max_mutations(options.max_mutations)
                    .with_seed(options.seed);
                search.validate().map_err(|e| bad(&e))?;
                Engine::Plus(search)
            }
        };
        Ok(Searcher {
            content,
            generator: generator.to_string(),
            params,
            options,
            engine,
            asked: None,
            valid: None,
            rows: None,
            mirror: None,
        })
    }

    /// A saved search, over `content` rebuilt from the generator and parameters the file
    /// names ([`saved_generator`]).
    ///
    /// # Errors
    /// [`JobError::Input`] when the file is not a saved search of this content.
    pub fn load(content: C, bytes: &[u8]) -> Result<Self, JobError> {
        let saved: Saved<GenomeOf<C>> = serde_json::from_slice(bytes)
            .map_err(|e| JobError::input(format!("the saved search cannot be read: {e}")))?;
        Ok(Searcher {
            content,
            generator: saved.generator,
            params: saved.params,
            options: saved.options,
            engine: saved.engine,
            asked: saved.asked,
            valid: None,
            rows: None,
            mirror: None,
        })
    }

    /// The batch asked as shown: every candidate that passes the check (one the generator
    /// could not make valid in [`CHECK_ATTEMPTS`] tries is left out, and told as rejected).
    fn shown(&self) -> Vec<&GenomeOf<C>> {
        let asked = self.asked.as_deref().unwrap_or_default();
        let worked_out;
        let valid = match &self.valid {
            Some(valid) => valid,
            None => {
                worked_out = self.validity();
                &worked_out
            }
        };
        asked
            .iter()
            .zip(valid.iter())
            .filter(|(_, ok)| **ok)
            .map(|(g, _)| g)
            .collect()
    }

    /// Makes the next batch unless one is asked already, and works out which pass the check.
    fn ask_batch(&mut self) -> Result<(), JobError> {
        if self.asked.is_none() {
            let batch = if self.content.always_valid() {
                // Small genomes made in a moment each: made here, with no hand-over.
                let problem = self.content.problem();
                match &self.engine {
                    Engine::Elites(search) => search.ask_here(problem),
                    Engine::Plus(search) => search.ask_here(problem),
                }
            } else {
                let problem = Checked(&self.content);
                match &self.engine {
                    Engine::Elites(search) => search.ask(&problem),
                    Engine::Plus(search) => search.ask(&problem),
                }
            };
            self.asked = Some(batch);
        }
        if self.valid.is_none() {
            self.valid = Some(self.validity());
        }
        if self.valid.as_ref().is_some_and(|v| !v.contains(&true)) {
            // Told as rejected, so the next batch is a new one.
            self.tell_all(&[], None);
            return Err(JobError::failed(format!(
                "the generator made no valid candidate in a batch ({CHECK_ATTEMPTS} tries each): \
                 loosen its parameters (fewer pieces, a larger board)"
            )));
        }
        Ok(())
    }

    /// Whether each candidate of the batch asked passes the check.
    fn validity(&self) -> Vec<bool> {
        use rayon::prelude::*;
        if self.content.always_valid() {
            return vec![true; self.asked.as_ref().map_or(0, Vec::len)];
        }
        self.asked
            .as_deref()
            .unwrap_or_default()
            .par_iter()
            .map(|g| self.content.check(g).is_ok())
            .collect()
    }

    /// Tells the engine the whole batch asked: the shown candidates with the scores given (in
    /// order), the others as rejected.
    fn tell_all(&mut self, fitness: &[f64], descriptors: Option<(&[f64], usize)>) -> Told {
        self.mirror = None;
        let valid = match self.valid.take() {
            Some(valid) => valid,
            None => self.validity(),
        };
        let asked = self.asked.take().unwrap_or_default();
        let mut next = 0;
        let evaluated: Vec<(GenomeOf<C>, Outcome)> = asked
            .into_iter()
            .zip(valid)
            .map(|(genome, ok)| {
                let outcome = match ok {
                    false => Outcome::rejected("the generator could not make it valid"),
                    true => {
                        let i = next;
                        next += 1;
                        Outcome::Evaluated(Evaluation {
                            fitness: fitness.get(i).copied().unwrap_or(f64::NAN),
                            components: Vec::new(),
                            descriptors: descriptors
                                .and_then(|(d, width)| d.get(i * width..(i + 1) * width))
                                .map(<[f64]>::to_vec)
                                .unwrap_or_default(),
                        })
                    }
                };
                (genome, outcome)
            })
            .collect();
        match &mut self.engine {
            Engine::Elites(search) => Told::from(&search.tell(evaluated)),
            Engine::Plus(search) => {
                let merged = search.tell(evaluated);
                Told {
                    new: merged.valid,
                    improved: 0,
                    not_added: 0,
                    rejected: merged.rejected,
                    invalid: merged.invalid,
                    new_best: merged.new_best,
                }
            }
        }
    }

    /// A candidate with everything: its document, board and numbers.
    fn described(&self, genome: &GenomeOf<C>) -> Candidate {
        Candidate {
            document: self.content.document(genome),
            board: self.content.board(genome),
            vector: self.content.vector(genome).map(<[f64]>::to_vec),
        }
    }

    /// A candidate as shown: its numbers only for the vector genome (they are its document),
    /// else its document and board.
    fn candidate(&self, genome: &GenomeOf<C>) -> Candidate {
        match self.content.vector(genome) {
            Some(vector) => Candidate {
                document: Value::Null,
                board: None,
                vector: Some(vector.to_vec()),
            },
            None => Candidate {
                document: self.content.document(genome),
                board: self.content.board(genome),
                vector: None,
            },
        }
    }
}

fn grid_of(spec: &GridSpec) -> Result<Grid, JobError> {
    if spec.dims.len() != spec.ranges.len() {
        return Err(JobError::parameters(format!(
            "the grid has {} numbers of cells but {} ranges: give one of each per descriptor",
            spec.dims.len(),
            spec.ranges.len()
        )));
    }
    let axes = spec
        .dims
        .iter()
        .zip(&spec.ranges)
        .enumerate()
        .map(|(i, (&cells, &[low, high]))| {
            let name = spec
                .names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("d{i}"));
            Axis::new(&name, "", low, high, cells)
        })
        .collect();
    Grid::new(axes).map_err(|e| JobError::parameters(e.to_string()))
}
