//! A (μ + λ) search driven by ask and tell: the caller evaluates every batch, the search
//! keeps the `size` best valid candidates told so far and breeds the next batch from them by
//! tournaments, with the problem's own crossover and mutation.
//!
//! **Iteration 0** (and any iteration while nothing valid has been told) asks for `batch`
//! random genomes, genome `i` drawn from stream `(seed, 0, i)`. **Iteration k ≥ 1** makes
//! `batch` children, child `i` drawing only from stream `(seed, k, i)`: a parent chosen by a
//! tournament of `tournament` members drawn uniformly from the kept population; with
//! probability `crossover`, the first child of its crossover with a second such parent, else
//! a copy; then 1 to `max_mutations` mutations. [`tell`](Plus::tell) merges the batch's valid
//! candidates into the population (the kept ones first, then the batch in order; a stable sort
//! by score keeps the earlier of equals) and cuts it to `size`. So the same seed and the same
//! told scores give the same candidates on any number of threads.
//!
//! ```
//! use ludoforge_evolve::plus::Plus;
//! use ludoforge_evolve::vector::VectorProblem;
//! use ludoforge_evolve::{Goal, Outcome};
//! // Maximise −Σx² over 3 coordinates: the best point is the origin.
//! let problem = VectorProblem::new(vec![2.0; 3], 0.3, None).unwrap();
//! let mut search = Plus::new(20, 20, Goal::Maximise).with_seed(4);
//! for _ in 0..100 {
//!     let batch = search.ask(&problem);
//!     let told = batch
//!         .into_iter()
//!         .map(|p| {
//!             let f = -p.0.iter().map(|x| x * x).sum::<f64>();
//!             (p, Outcome::fitness(f))
//!         })
//!         .collect();
//!     search.tell(told);
//! }
//! assert!(search.best().unwrap().evaluation.fitness > -0.05);
//! ```

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::error::EvolveError;
use crate::goal::Goal;
use crate::individual::Individual;
use crate::problem::{Crossover, Mutate, Outcome, Problem};
use crate::rng::{Stream, below, stream, unit};
use crate::strategy::{check_range, mutate_some};

/// The (μ + λ) search's settings and state (serialisable when the genome is: a saved search).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(bound(serialize = "G: Serialize", deserialize = "G: Deserialize<'de>"))]
pub struct Plus<G> {
    /// μ: the valid candidates kept.
    pub size: usize,
    /// λ: the candidates asked for in every batch.
    pub batch: usize,
    /// Members drawn for each tournament.
    pub tournament: usize,
    /// The probability that a child crosses two parents rather than copying one.
    pub crossover: f64,
    /// Maximum mutations per child.
    pub max_mutations: usize,
    goal: Goal,
    seed: u64,
    iteration: u64,
    population: Vec<Individual<G>>,
    best: Option<Individual<G>>,
}

/// What one [`tell`](Plus::tell) did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Merged {
    /// Valid candidates told.
    pub valid: usize,
    /// Candidates the problem rejected.
    pub rejected: usize,
    /// Candidates with a fitness that is not a number, dropped.
    pub invalid: usize,
    /// Candidates still in the population after the cut.
    pub kept: usize,
    /// The best ever improved.
    pub new_best: bool,
}

impl<G: Clone + Send + Sync> Plus<G> {
    /// A search keeping `size`, asking `batch` at a time, under `goal`; defaults: tournaments
    /// of 2, crossover 0.5, up to 1 mutation, seed 0.
    #[must_use]
    pub fn new(size: usize, batch: usize, goal: Goal) -> Self {
        Plus {
            size,
            batch,
            tournament: 2,
            crossover: 0.5,
            max_mutations: 1,
            goal,
            seed: 0,
            iteration: 0,
            population: Vec::new(),
            best: None,
        }
    }

    /// Sets the master seed.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Sets the tournament size.
    #[must_use]
    pub fn with_tournament(mut self, tournament: usize) -> Self {
        self.tournament = tournament;
        self
    }

    /// Sets the probability of crossover.
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

    /// Checks the settings.
    ///
    /// # Errors
    /// [`EvolveError::InvalidSetting`] naming the first bad setting.
    pub fn validate(&self) -> Result<(), EvolveError> {
        check_range("batch", self.batch, 1, 10_000_000)?;
        check_range("size", self.size, 1, 10_000_000)?;
        check_range("tournament", self.tournament, 1, 1_000)?;
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

    /// The iteration the next [`ask`](Plus::ask) makes.
    #[must_use]
    pub fn iteration(&self) -> u64 {
        self.iteration
    }

    /// The master seed.
    #[must_use]
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The goal candidates are scored under.
    #[must_use]
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// The kept population, best first.
    #[must_use]
    pub fn population(&self) -> &[Individual<G>] {
        &self.population
    }

    /// The best valid candidate told so far.
    #[must_use]
    pub fn best(&self) -> Option<&Individual<G>> {
        self.best.as_ref()
    }

    fn pick<'a>(&'a self, rng: &mut Stream) -> &'a G {
        let mut winner = below(rng, self.population.len());
        for _ in 1..self.tournament {
            let other = below(rng, self.population.len());
            // Best first: the lower index wins a tie as it is at least as good.
            winner = winner.min(other);
        }
        &self.population[winner].genome
    }

    fn make<P: Mutate + Crossover + Problem<Genome = G>>(&self, problem: &P, i: usize) -> G {
        let mut rng = stream(self.seed, self.iteration, i as u64);
        if self.population.is_empty() {
            return problem.random_genome(&mut rng);
        }
        let a = self.pick(&mut rng);
        let mut child = if unit(&mut rng) < self.crossover {
            let b = self.pick(&mut rng);
            problem.first_child(a, b, &mut rng)
        } else {
            a.clone()
        };
        mutate_some(problem, &mut child, self.max_mutations, &mut rng);
        child
    }

    /// The next batch, made in parallel; the same state always asks for the same genomes.
    pub fn ask<P>(&self, problem: &P) -> Vec<G>
    where
        P: Mutate + Crossover + Problem<Genome = G>,
    {
        (0..self.batch)
            .into_par_iter()
            .map(|i| self.make(problem, i))
            .collect()
    }

    /// [`ask`](Plus::ask) on the calling thread alone: the same genomes, with no hand-over to
    /// worker threads (cheaper for a batch of small genomes).
    pub fn ask_here<P>(&self, problem: &P) -> Vec<G>
    where
        P: Mutate + Crossover + Problem<Genome = G>,
    {
        (0..self.batch).map(|i| self.make(problem, i)).collect()
    }

    /// Merges an evaluated batch (in the order asked) and moves on to the next iteration.
    pub fn tell(&mut self, evaluated: Vec<(G, Outcome)>) -> Merged {
        let mut merged = Merged::default();
        for (genome, outcome) in evaluated {
            match outcome {
                Outcome::Rejected(_) => merged.rejected += 1,
                Outcome::Evaluated(e) if e.fitness.is_nan() => merged.invalid += 1,
                Outcome::Evaluated(evaluation) => {
                    merged.valid += 1;
                    let individual = Individual::new(genome, evaluation, &self.goal);
                    if self
                        .best
                        .as_ref()
                        .is_none_or(|b| individual.score > b.score)
                    {
                        self.best = Some(individual.clone());
                        merged.new_best = true;
                    }
                    self.population.push(individual);
                }
            }
        }
        self.population.sort_by(|a, b| b.score.total_cmp(&a.score));
        self.population.truncate(self.size);
        merged.kept = self.population.len();
        self.iteration += 1;
        merged
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vector::{Point, VectorProblem};

    fn told(batch: Vec<Point>) -> Vec<(Point, Outcome)> {
        batch
            .into_iter()
            .map(|p| {
                let f = p.0.iter().sum::<f64>();
                (p, Outcome::fitness(f))
            })
            .collect()
    }

    #[test]
    fn same_seed_and_scores_same_candidates_and_threads_do_not_matter() {
        let problem = VectorProblem::new(vec![0.0; 5], 1.0, None).unwrap();
        let run = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let mut search = Plus::new(8, 16, Goal::Maximise).with_seed(9);
                let mut asked = Vec::new();
                for _ in 0..10 {
                    let batch = search.ask(&problem);
                    asked.extend(batch.clone());
                    search.tell(told(batch));
                }
                asked
            })
        };
        assert_eq!(run(1), run(2));
    }

    #[test]
    fn keeps_the_best_and_counts_what_it_was_told() {
        let problem = VectorProblem::new(vec![0.0; 2], 1.0, None).unwrap();
        let mut search = Plus::new(3, 5, Goal::Minimise).with_seed(1);
        let batch = search.ask(&problem);
        let mut evaluated = told(batch);
        evaluated[0].1 = Outcome::rejected("no");
        evaluated[1].1 = Outcome::fitness(f64::NAN);
        let merged = search.tell(evaluated.clone());
        assert_eq!(
            (merged.valid, merged.rejected, merged.invalid, merged.kept),
            (3, 1, 1, 3)
        );
        let mut sums: Vec<f64> = evaluated[2..]
            .iter()
            .map(|(p, _)| p.0.iter().sum())
            .collect();
        sums.sort_by(f64::total_cmp);
        let kept: Vec<f64> = search
            .population()
            .iter()
            .map(Individual::fitness)
            .collect();
        assert_eq!(kept, sums);
        assert_eq!(search.best().unwrap().fitness(), sums[0]);
        assert_eq!(search.iteration(), 1);
        assert!(Plus::<Point>::new(0, 1, Goal::Maximise).validate().is_err());
    }
}
