//! MAP-Elites (Mouret and Clune 2015), batch by batch as pyribs runs it: fill an [`Archive`]
//! with random genomes, then over and over make a batch of children of elites chosen
//! uniformly, evaluate them in parallel and offer them to the archive in order.

use std::hash::Hash;
use std::sync::atomic::AtomicBool;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::archive::{Archive, ArchiveError, Insertion};
use crate::budget::Counters;
use crate::cancel::unless_cancelled;
use crate::error::EvolveError;
use crate::goal::Goal;
use crate::problem::{Crossover, Mutate, Outcome, Problem};
use crate::rng::{stream, unit};
use crate::state::{State, initial_population_so_far};
use crate::strategy::{Step, Strategy, check_range, mutate_some};

/// MAP-Elites over an [`Archive`]: a [`Strategy`] for [`Run`](crate::Run), and an ask/tell
/// interface for driving it step by step.
///
/// **Iteration 0** is the initial batch: `initial` random genomes, genome `i` drawn from
/// stream `(seed, 0, i)`. Under [`Run`](crate::Run) (or [`MapElites::start`]) a rejected
/// initial genome is drawn again from the same stream, at most `max_initial_attempts` times,
/// as the other strategies' initial populations are.
///
/// **Iteration k ≥ 1** makes `batch` children; child `i` draws only from stream `(seed, k, i)`:
/// a parent chosen uniformly among the elites; with probability `crossover`, the first child
/// of its [crossover](Crossover) with a second elite chosen uniformly, else a copy of the
/// parent; then 1 to `max_mutations` [mutations](Mutate) (uniformly many). While the archive
/// is empty, children are random genomes instead. The children are evaluated in parallel and
/// offered to the archive in index order, so the archive is the same on any number of
/// threads. A child the problem rejects, or whose fitness or descriptors the archive cannot
/// place (NaN), is counted and dropped.
///
/// In [`Counters`], every child of elites counts as one mating, every iteration as one
/// generation; rejections include the children the archive could not place. The report's best
/// is the archive's best, and its population the elites in cell order.
///
/// pyribs' `map_elites` (a `GridArchive`, one `GaussianEmitter` with `x0` and `sigma`, a
/// `Scheduler`) is this with `initial` = `batch` = the emitter's batch size, no crossover, one
/// mutation, a problem whose random genome is `x0` plus Gaussian noise of deviation `sigma`
/// and whose mutation adds such noise to every coordinate (see `examples/sphere.rs`).
///
/// ```
/// use ludoforge_evolve::archive::{Archive, Axis, Grid};
/// use ludoforge_evolve::map_elites::{MapElites, evaluate_all};
/// use ludoforge_evolve::{Budget, Crossover, Evaluation, Goal, Mutate, Outcome, Problem, Run, Stream};
/// use ludoforge_evolve::rng::below;
///
/// /// Two numbers from 0 to 9; the descriptors are the numbers, the fitness their product.
/// struct Pairs;
/// impl Problem for Pairs {
///     type Genome = [u8; 2];
///     fn random_genome(&self, rng: &mut Stream) -> [u8; 2] {
///         [below(rng, 10) as u8, below(rng, 10) as u8]
///     }
///     fn evaluate(&self, g: &[u8; 2]) -> Outcome {
///         Outcome::Evaluated(Evaluation {
///             fitness: f64::from(g[0]) * f64::from(g[1]),
///             components: vec![],
///             descriptors: vec![f64::from(g[0]), f64::from(g[1])],
///         })
///     }
/// }
/// impl Mutate for Pairs {
///     fn mutate(&self, g: &mut [u8; 2], rng: &mut Stream) {
///         g[below(rng, 2)] = below(rng, 10) as u8;
///     }
/// }
/// impl Crossover for Pairs {
///     fn crossover(&self, a: &[u8; 2], b: &[u8; 2], _: &mut Stream) -> ([u8; 2], [u8; 2]) {
///         ([a[0], b[1]], [b[0], a[1]])
///     }
/// }
///
/// let grid = Grid::new(vec![
///     Axis::new("first", "", 0.0, 10.0, 10),
///     Axis::new("second", "", 0.0, 10.0, 10),
/// ])
/// .unwrap();
/// let archive = Archive::new(grid, Goal::Maximise, 0.0).unwrap();
///
/// // Through Run:
/// let report = Run::new(&Pairs, MapElites::new(archive.clone(), 20).with_crossover(0.5))
///     .budget(Budget::generations(50))
///     .seed(3)
///     .execute()
///     .unwrap();
/// assert_eq!(report.best.fitness(), 81.0);
/// assert_eq!(report.population.len(), 100); // every cell filled
///
/// // Step by step, evaluating elsewhere:
/// let mut search = MapElites::new(archive, 20).with_crossover(0.5).with_seed(3);
/// while search.iteration() <= 50 {
///     let batch = search.ask(&Pairs);
///     let told = search.tell(evaluate_all(&Pairs, batch));
///     assert_eq!(told.evaluated(), 20);
/// }
/// assert_eq!(search.archive().coverage(), 1.0);
/// ```
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound(serialize = "G: Serialize", deserialize = "G: Deserialize<'de>"))]
pub struct MapElites<G> {
    /// Random genomes in the initial batch (iteration 0).
    pub initial: usize,
    /// Children in every later iteration.
    pub batch: usize,
    /// The probability that a child comes from crossing two elites rather than from one.
    pub crossover: f64,
    /// Maximum mutations per child.
    pub max_mutations: usize,
    /// Attempts to sample each initial genome, under [`MapElites::start`], before giving up.
    pub max_initial_attempts: u64,
    archive: Archive<G>,
    seed: u64,
    iteration: u64,
}

/// What one iteration did to the archive.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Told {
    /// Candidates that filled an empty cell.
    pub new: usize,
    /// Candidates that replaced a worse elite.
    pub improved: usize,
    /// Valid candidates no better than their cell's elite.
    pub not_added: usize,
    /// Candidates the problem rejected (under [`MapElites::start`], every rejected attempt).
    pub rejected: usize,
    /// Evaluated candidates the archive could not place (NaN descriptors, not one per axis,
    /// a fitness that is not finite).
    pub invalid: usize,
    /// Why the last of those could not be placed.
    pub last_invalid: Option<ArchiveError>,
    /// The archive has a better best elite than before.
    pub new_best: bool,
    /// The cells filled or improved, in the order their candidates were offered (a cell
    /// improved twice is named twice): what a live view of the archive redraws.
    pub changed: Vec<usize>,
}

impl Told {
    /// Counts one candidate offered to the archive.
    fn count(&mut self, offered: Result<(Insertion, usize), ArchiveError>) {
        match offered {
            Ok((Insertion::New, cell)) => {
                self.new += 1;
                self.changed.push(cell);
            }
            Ok((Insertion::Improved, cell)) => {
                self.improved += 1;
                self.changed.push(cell);
            }
            Ok((Insertion::NotAdded, _)) => self.not_added += 1,
            Err(error) => {
                self.invalid += 1;
                self.last_invalid = Some(error);
            }
        }
    }

    /// Evaluations made: every candidate counted above.
    #[must_use]
    pub fn evaluated(&self) -> usize {
        self.new + self.improved + self.not_added + self.rejected + self.invalid
    }

    /// Valid candidates offered to the archive: every candidate counted above but the
    /// rejected ones (under [`MapElites::start`], the genomes of the initial batch).
    #[must_use]
    pub fn offered(&self) -> usize {
        self.new + self.improved + self.not_added + self.invalid
    }
}

/// Evaluates genomes in parallel, keeping their order (the same on any number of threads).
pub fn evaluate_all<P: Problem>(problem: &P, genomes: Vec<P::Genome>) -> Vec<(P::Genome, Outcome)> {
    genomes
        .into_par_iter()
        .map(|genome| {
            let outcome = problem.evaluate(&genome);
            (genome, outcome)
        })
        .collect()
}

impl<G> MapElites<G> {
    /// MAP-Elites filling `archive`, `batch` children an iteration; defaults: an initial
    /// batch of `batch` random genomes, no crossover, one mutation a child, seed 0.
    #[must_use]
    pub fn new(archive: Archive<G>, batch: usize) -> Self {
        MapElites {
            initial: batch,
            batch,
            crossover: 0.0,
            max_mutations: 1,
            max_initial_attempts: 100_000,
            archive,
            seed: 0,
            iteration: 0,
        }
    }

    /// Sets the number of random genomes in the initial batch.
    #[must_use]
    pub fn with_initial(mut self, initial: usize) -> Self {
        self.initial = initial;
        self
    }

    /// Sets the probability of crossover (0 = mutation only).
    #[must_use]
    pub fn with_crossover(mut self, probability: f64) -> Self {
        self.crossover = probability;
        self
    }

    /// Sets the maximum number of mutations per child.
    #[must_use]
    pub fn with_max_mutations(mut self, max: usize) -> Self {
        self.max_mutations = max;
        self
    }

    /// Sets the master seed for driving the search with [`ask`](MapElites::ask) and
    /// [`tell`](MapElites::tell) (under [`Run`](crate::Run), the run's seed replaces it).
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The archive.
    #[must_use]
    pub fn archive(&self) -> &Archive<G> {
        &self.archive
    }

    /// The archive, giving up the search.
    #[must_use]
    pub fn into_archive(self) -> Archive<G> {
        self.archive
    }

    /// The master seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The iteration the next [`ask`](MapElites::ask) makes (0: the initial batch).
    #[must_use]
    pub fn iteration(&self) -> u64 {
        self.iteration
    }

    /// Checks the settings.
    ///
    /// # Errors
    /// [`EvolveError::InvalidSetting`] naming the first bad setting.
    pub fn validate(&self) -> Result<(), EvolveError> {
        check_range("initial", self.initial, 1, 10_000_000)?;
        check_range("batch", self.batch, 1, 10_000_000)?;
        check_range("max_mutations", self.max_mutations, 1, 1_000_000)?;
        if !(self.crossover.is_finite() && (0.0..=1.0).contains(&self.crossover)) {
            return Err(EvolveError::InvalidSetting {
                name: "crossover",
                value: self.crossover.to_string(),
                expected: "a probability between 0 and 1".into(),
            });
        }
        Ok(())
    }

    /// How many genomes the next iteration makes.
    fn batch_len(&self) -> usize {
        if self.iteration == 0 {
            self.initial
        } else {
            self.batch
        }
    }

    /// Offers evaluated genomes to the archive in order, counts what happened, and moves on
    /// to the next iteration.
    pub fn tell(&mut self, evaluated: Vec<(G, Outcome)>) -> Told {
        self.telling(|archive, told| {
            for (genome, outcome) in evaluated {
                match outcome {
                    Outcome::Rejected(_) => told.rejected += 1,
                    Outcome::Evaluated(evaluation) => {
                        told.count(archive.insert_cell(genome, evaluation));
                    }
                }
            }
        })
    }

    /// [`tell`](MapElites::tell) for a batch of valid candidates known by their scores:
    /// candidate `i` has `fitness[i]` and the descriptors `descriptors[i * width..][..width]`,
    /// and `genome(i)` makes it, called only for the candidates the archive keeps. The archive
    /// and the count are those `tell` gives for the genomes with those scores.
    ///
    /// # Panics
    /// Panics if `descriptors` holds fewer than `width` numbers a candidate.
    pub fn tell_scores(
        &mut self,
        fitness: &[f64],
        descriptors: &[f64],
        width: usize,
        mut genome: impl FnMut(usize) -> G,
    ) -> Told {
        self.telling(|archive, told| {
            for (i, &f) in fitness.iter().enumerate() {
                let d = &descriptors[i * width..(i + 1) * width];
                told.count(archive.offer(f, d, || (genome(i), Vec::new())));
            }
        })
    }

    /// Offers a batch to the archive with `offer`, then says whether the best improved and
    /// moves on to the next iteration.
    fn telling(&mut self, offer: impl FnOnce(&mut Archive<G>, &mut Told)) -> Told {
        let goal = self.archive.goal();
        let score = |archive: &Archive<G>| archive.best().map(|e| goal.score(e.fitness));
        let before = score(&self.archive);
        let mut told = Told::default();
        offer(&mut self.archive, &mut told);
        told.new_best = score(&self.archive).is_some_and(|s| before.is_none_or(|b| s > b));
        self.iteration += 1;
        told
    }
}

impl<G: Clone + Send + Sync> MapElites<G> {
    /// Starts afresh under `goal` with `seed`: empties the archive, then samples and offers
    /// the initial batch (iteration 0), drawing a rejected genome again as described above.
    /// [`Run`](crate::Run) starts a search this way.
    ///
    /// # Errors
    /// [`EvolveError::InvalidSetting`] for a bad setting, [`EvolveError::NoValidGenome`] if
    /// some initial genome was rejected `max_initial_attempts` times.
    pub fn start<P: Problem<Genome = G>>(
        &mut self,
        problem: &P,
        goal: Goal,
        seed: u64,
    ) -> Result<Told, EvolveError> {
        self.start_until(problem, goal, seed, None)
    }

    /// [`start`](MapElites::start), cutting the initial batch short as soon as `cancel` is
    /// set: the archive is offered the genomes drawn by then (see
    /// [`initial_population_so_far`]), so a search cancelled early keeps what it found.
    /// [`Told::offered`] says how many; fewer than the initial batch means it was cut. An
    /// uncancelled start is the same as [`start`](MapElites::start)'s.
    ///
    /// # Errors
    /// As [`start`](MapElites::start), and [`EvolveError::Cancelled`] if cancelled before any
    /// initial genome was drawn.
    pub fn start_until<P: Problem<Genome = G>>(
        &mut self,
        problem: &P,
        goal: Goal,
        seed: u64,
        cancel: Option<&AtomicBool>,
    ) -> Result<Told, EvolveError> {
        self.validate()?;
        self.archive.restart(goal);
        self.seed = seed;
        self.iteration = 0;
        let ((population, counters), whole) = initial_population_so_far(
            problem,
            &goal,
            seed,
            self.initial,
            self.max_initial_attempts,
            cancel,
        )?;
        if !whole && population.is_empty() {
            return Err(EvolveError::Cancelled);
        }
        let mut told = self.tell(
            population
                .into_iter()
                .map(|i| (i.genome, Outcome::Evaluated(i.evaluation)))
                .collect(),
        );
        told.rejected += counters.rejections as usize;
        Ok(told)
    }

    /// The genomes of the next iteration, made in parallel (see the type's description). The
    /// same state always asks for the same genomes; [`tell`](MapElites::tell) moves on.
    pub fn ask<P>(&self, problem: &P) -> Vec<G>
    where
        P: Mutate + Crossover + Problem<Genome = G>,
    {
        (0..self.batch_len())
            .into_par_iter()
            .map(|i| self.make(problem, i))
            .collect()
    }

    /// [`ask`](MapElites::ask) on the calling thread alone: the same genomes, with no hand-over
    /// to worker threads (cheaper for a batch of small genomes).
    pub fn ask_here<P>(&self, problem: &P) -> Vec<G>
    where
        P: Mutate + Crossover + Problem<Genome = G>,
    {
        (0..self.batch_len())
            .map(|i| self.make(problem, i))
            .collect()
    }

    /// One iteration: [`ask`](MapElites::ask), evaluate and [`tell`](MapElites::tell), with
    /// each genome made and evaluated in the same parallel task.
    pub fn iterate<P>(&mut self, problem: &P) -> Told
    where
        P: Mutate + Crossover + Problem<Genome = G>,
    {
        let evaluated = (0..self.batch_len())
            .into_par_iter()
            .map(|i| {
                let genome = self.make(problem, i);
                let outcome = problem.evaluate(&genome);
                (genome, outcome)
            })
            .collect();
        self.tell(evaluated)
    }

    /// [`iterate`](MapElites::iterate), abandoned as soon as `cancel` is set: each task looks
    /// at the flag (a relaxed load) before it makes its genome and after its evaluation (a
    /// problem may cut an evaluation short when it sees the flag), and a batch cut short is
    /// told nothing, so the search stays where it was before the call (`None`). An uncancelled
    /// iteration is the same as [`iterate`](MapElites::iterate)'s.
    pub fn iterate_until<P>(&mut self, problem: &P, cancel: &AtomicBool) -> Option<Told>
    where
        P: Mutate + Crossover + Problem<Genome = G>,
    {
        let evaluated: Vec<Option<(G, Outcome)>> = (0..self.batch_len())
            .into_par_iter()
            .map(|i| {
                unless_cancelled(Some(cancel), || {
                    let genome = self.make(problem, i);
                    let outcome = problem.evaluate(&genome);
                    (genome, outcome)
                })
            })
            .collect();
        let evaluated: Option<Vec<_>> = evaluated.into_iter().collect();
        Some(self.tell(evaluated?))
    }

    /// Genome `index` of the current iteration.
    fn make<P>(&self, problem: &P, index: usize) -> G
    where
        P: Mutate + Crossover + Problem<Genome = G>,
    {
        let mut rng = stream(self.seed, self.iteration, index as u64);
        if self.iteration == 0 {
            return problem.random_genome(&mut rng);
        }
        let Some(parent) = self.archive.sample(&mut rng) else {
            return problem.random_genome(&mut rng);
        };
        let mut child = if self.crossover > 0.0 && unit(&mut rng) < self.crossover {
            match self.archive.sample(&mut rng) {
                Some(other) => problem.first_child(&parent.genome, &other.genome, &mut rng),
                None => parent.genome.clone(),
            }
        } else {
            parent.genome.clone()
        };
        mutate_some(problem, &mut child, self.max_mutations, &mut rng);
        child
    }
}

impl<G, P> Strategy<P> for MapElites<G>
where
    G: Clone + Send + Sync + Hash + Eq,
    P: Mutate + Crossover + Problem<Genome = G>,
{
    fn name(&self) -> &'static str {
        "map-elites"
    }

    fn validate(&self) -> Result<(), EvolveError> {
        MapElites::validate(self)
    }

    fn init(
        &mut self,
        problem: &P,
        goal: Goal,
        seed: u64,
        cancel: Option<&AtomicBool>,
    ) -> Result<State<G>, EvolveError> {
        let told = self.start_until(problem, goal, seed, cancel)?;
        if told.offered() < self.initial && self.archive.is_empty() {
            return Err(EvolveError::Cancelled);
        }
        let counters = Counters {
            evaluations: told.evaluated() as u64,
            rejections: (told.rejected + told.invalid) as u64,
            ..Counters::default()
        };
        let Some(best) = self.archive.best().map(|e| e.individual(&goal)) else {
            // Every initial genome was valid but none could be placed.
            return Err(EvolveError::NoValidGenome {
                attempts: told.evaluated() as u64,
                last_reason: told
                    .last_invalid
                    .map_or("no initial genome".into(), |e| e.to_string().into()),
            });
        };
        let mut state = State::new(seed, goal, self.archive.individuals(), counters);
        state.best = best;
        Ok(state)
    }

    fn step(&mut self, problem: &P, state: &mut State<G>, cancel: Option<&AtomicBool>) -> Step {
        let bred = if self.archive.is_empty() {
            0
        } else {
            self.batch as u64
        };
        let told = match cancel {
            Some(cancel) => match self.iterate_until(problem, cancel) {
                Some(told) => told,
                // Cut short: nothing changed.
                None => return Step::default(),
            },
            None => self.iterate(problem),
        };
        state.counters.matings += bred;
        state.counters.generations += 1;
        state.counters.evaluations += told.evaluated() as u64;
        state.counters.rejections += (told.rejected + told.invalid) as u64;
        if told.new_best
            && let Some(best) = self.archive.best()
        {
            state.best = best.individual(&state.goal);
        }
        Step {
            new_best: told.new_best,
            generation_completed: true,
        }
    }

    fn refresh(&mut self, state: &mut State<G>) {
        state.population = self.archive.individuals();
        if let Some(best) = self.archive.best() {
            state.best = best.individual(&state.goal);
        }
    }
}

/// What MAP-Elites keeps between iterations: the archive and where the search is.
#[derive(Serialize, Deserialize)]
struct SavedSearch<A> {
    archive: A,
    seed: u64,
    iteration: u64,
}

/// Keeps its archive, seed and iteration (the run's [`State`] holds only the counters, the
/// best and a copy of the elites).
impl<G, P> crate::Resumable<P> for MapElites<G>
where
    G: Clone + Send + Sync + Hash + Eq + Serialize + serde::de::DeserializeOwned,
    P: Mutate + Crossover + Problem<Genome = G>,
{
    fn save(&self) -> Result<serde_json::Value, EvolveError> {
        serde_json::to_value(SavedSearch {
            archive: &self.archive,
            seed: self.seed,
            iteration: self.iteration,
        })
        .map_err(|e| EvolveError::Checkpoint(format!("cannot write the archive: {e}")))
    }

    fn restore(&mut self, saved: &serde_json::Value, state: &State<G>) -> Result<(), EvolveError> {
        let saved: SavedSearch<Archive<G>> = crate::checkpoint::read_saved(saved, "archive")?;
        if saved.archive.grid() != self.archive.grid() {
            return Err(EvolveError::Checkpoint(
                "the saved archive has another grid than this run's".into(),
            ));
        }
        if saved.seed != state.seed {
            return Err(EvolveError::Checkpoint(format!(
                "the saved archive was filled with seed {}, not {}",
                saved.seed, state.seed
            )));
        }
        self.archive = saved.archive;
        self.seed = saved.seed;
        self.iteration = saved.iteration;
        Ok(())
    }
}
