//! The flat path of the vector genome under MAP-Elites: a batch made straight into one list
//! of numbers from a copy of the archive's elites kept as rows, and told by its scores alone,
//! a genome made only for the candidates the archive keeps. It makes the candidates
//! [`MapElites::ask_here`](ludoforge_evolve::map_elites::MapElites::ask_here) makes, with
//! the same draws, and leaves the archive [`MapElites::tell`](ludoforge_evolve::map_elites::MapElites::tell)
//! leaves, so a search gives the same bytes by either path, and after a save and a load.

use std::hash::Hash;

use ludoforge_evolve::map_elites::MapElites;
use ludoforge_evolve::rng::{between, stream, unit};
use ludoforge_evolve::vector::VectorProblem;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Content, Engine, GenomeOf, Searcher, Told};

impl<C: Content> Searcher<C>
where
    GenomeOf<C>: Serialize + DeserializeOwned + Hash + Eq,
{
    /// The batch asked as rows and the numbers a row, made now by the flat path unless a
    /// batch is asked already; `None` when the flat path does not apply (other content,
    /// no grid, a batch asked by the other path, elites not of the problem's length).
    pub(super) fn ask_rows(&mut self) -> Option<(Vec<f64>, usize)> {
        let problem = self.content.rows()?;
        let dims = problem.dims();
        if self.rows.is_none() {
            if self.asked.is_some() {
                return None;
            }
            let Engine::Elites(search) = &self.engine else {
                return None;
            };
            if self.mirror.is_none() {
                self.mirror = mirror(&self.content, search, dims);
            }
            let mirror = self.mirror.as_deref()?;
            self.rows = Some(make_rows(search, problem, mirror));
        }
        self.rows.clone().map(|rows| (rows, dims))
    }

    /// Tells the scores of the batch the flat path made (checked against it already), and
    /// brings the rows of the elites up to date.
    pub(super) fn tell_rows(&mut self, fitness: &[f64], descriptors: &[f64], width: usize) -> Told {
        let rows = self.rows.take().unwrap_or_default();
        let (Some(problem), Engine::Elites(search)) = (self.content.rows(), &mut self.engine)
        else {
            return Told::default();
        };
        let dims = problem.dims();
        let content = &self.content;
        let told = search.tell_scores(fitness, descriptors, width, |i| {
            content
                .genome_of_row(&rows[i * dims..(i + 1) * dims])
                .expect("the content of the flat path makes genomes of rows")
        });
        // The kept candidates' rows, at their elites' positions (a new cell's at the end).
        if let Some(mirror) = &mut self.mirror {
            let archive = search.archive();
            for &cell in &told.changed {
                let Some(position) = archive.position(cell) else {
                    continue;
                };
                let elite = &archive.in_order()[position];
                let Some(row) = content.vector(&elite.genome) else {
                    self.mirror = None;
                    break;
                };
                let end = (position + 1) * dims;
                if mirror.len() < end {
                    mirror.resize(end, 0.0);
                }
                mirror[position * dims..end].copy_from_slice(row);
            }
        }
        Told::from(&told)
    }

    /// The batch the flat path made as genomes, for what needs them.
    pub(super) fn points_of(&self, rows: &[f64]) -> Vec<GenomeOf<C>> {
        let dims = self.content.rows().map_or(1, VectorProblem::dims);
        rows.chunks_exact(dims)
            .filter_map(|row| self.content.genome_of_row(row))
            .collect()
    }

    /// Turns a batch the flat path made into genomes asked, for the other path.
    pub(super) fn settle(&mut self) {
        if let Some(rows) = self.rows.take() {
            self.asked = Some(self.points_of(&rows));
            self.valid = None;
        }
    }
}

/// The archive's elites as rows in the order it samples them, or `None` if one is not a row
/// of `dims` numbers.
fn mirror<C: Content>(
    content: &C,
    search: &MapElites<GenomeOf<C>>,
    dims: usize,
) -> Option<Vec<f64>> {
    let elites = search.archive().in_order();
    let mut rows = Vec::with_capacity(elites.len() * dims);
    for elite in elites {
        let row = content.vector(&elite.genome).filter(|r| r.len() == dims)?;
        rows.extend_from_slice(row);
    }
    Some(rows)
}

/// The next batch as `MapElites::ask_here` makes it over the vector genome, with the parents
/// read from `mirror`: child `i` of iteration `t` from its own stream `(seed, t, i)`; in the
/// first iteration `x0` varied; later a uniformly drawn elite, crossed with a second with the
/// search's probability, then varied one to `max_mutations` times.
fn make_rows<G>(search: &MapElites<G>, problem: &VectorProblem, mirror: &[f64]) -> Vec<f64> {
    let dims = problem.dims();
    let iteration = search.iteration();
    let count = if iteration == 0 {
        search.initial
    } else {
        search.batch
    };
    let archive = search.archive();
    let row_at = |p: usize| &mirror[p * dims..(p + 1) * dims];
    let mut out = vec![0.0; count * dims];
    for (i, row) in out.chunks_exact_mut(dims).enumerate() {
        let mut rng = stream(search.seed(), iteration, i as u64);
        let parent = if iteration == 0 {
            None
        } else {
            archive.sample_position(&mut rng)
        };
        let Some(parent) = parent else {
            row.copy_from_slice(&problem.x0);
            problem.vary(row, &mut rng);
            continue;
        };
        let parent = row_at(parent);
        if search.crossover > 0.0 && unit(&mut rng) < search.crossover {
            match archive.sample_position(&mut rng) {
                Some(other) => problem.cross_into(parent, row_at(other), row, &mut rng),
                None => row.copy_from_slice(parent),
            }
        } else {
            row.copy_from_slice(parent);
        }
        for _ in 0..between(&mut rng, 1, search.max_mutations.max(1)) {
            problem.vary(row, &mut rng);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::{AskTell, GridSpec, Options, Searcher, VectorParams, Vectors};

    fn search(crossover: f64, max_mutations: usize) -> Searcher<Vectors> {
        let params = VectorParams {
            dims: 6,
            sigma: 0.8,
            bounds: Some([-3.0, 3.0]),
            ..VectorParams::default()
        };
        let options = Options {
            batch: 40,
            seed: 9,
            archive: Some(GridSpec {
                dims: vec![8, 8],
                ranges: vec![[-6.0, 6.0], [-6.0, 6.0]],
                names: vec![],
            }),
            crossover,
            max_mutations,
            ..Options::default()
        };
        Searcher::new(
            params.content().unwrap(),
            "vector",
            json!({"dims": 6}),
            options,
        )
        .unwrap()
    }

    /// Fitness and two descriptors a row; one candidate a batch has a NaN descriptor.
    fn scores(rows: &[f64], dims: usize) -> (Vec<f64>, Vec<f64>) {
        let (mut fitness, mut descriptors) = (Vec::new(), Vec::new());
        for (i, x) in rows.chunks_exact(dims).enumerate() {
            fitness.push(-x.iter().map(|v| v * v).sum::<f64>());
            let second = if i == 7 { f64::NAN } else { x[3] + x[4] + x[5] };
            descriptors.extend([x[0] + x[1] + x[2], second]);
        }
        (fitness, descriptors)
    }

    /// The flat path asks the batches the other path asks, leaves the same archive and the same
    /// saved file, with crossover and several mutations, and through a save and a load with a
    /// batch asked and not told.
    #[test]
    fn the_flat_path_is_the_other_path() {
        for (crossover, max_mutations) in [(0.0, 1), (0.4, 3)] {
            let (mut flat, mut other) = (
                search(crossover, max_mutations),
                search(crossover, max_mutations),
            );
            for iteration in 0..12 {
                let (rows, dims) = flat.ask_vectors().unwrap().unwrap();
                assert!(flat.rows.is_some(), "the flat path made the batch");
                let asked: Vec<f64> = other
                    .ask()
                    .unwrap()
                    .into_iter()
                    .flat_map(|c| c.vector.unwrap())
                    .collect();
                assert_eq!(rows, asked, "iteration {iteration}");
                if iteration == 5 {
                    let bytes = flat.save().unwrap();
                    flat = Searcher::load(search(0.0, 1).content, &bytes).unwrap();
                    assert_eq!(flat.ask_vectors().unwrap().unwrap().0, rows);
                }
                let (fitness, descriptors) = scores(&rows, dims);
                let told = flat.tell(&fitness, Some((&descriptors, 2))).unwrap();
                let expected = other.tell(&fitness, Some((&descriptors, 2))).unwrap();
                assert_eq!(told, expected);
                assert_eq!(told.invalid, 1);
            }
            assert_eq!(flat.elites(), other.elites());
            assert_eq!(flat.save().unwrap(), other.save().unwrap());
        }
    }
}
