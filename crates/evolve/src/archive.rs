//! A MAP-Elites archive: a grid over two or three descriptors keeping the best genome found in
//! each cell (Mouret and Clune 2015, "Illuminating search spaces by mapping elites").
//!
//! A candidate goes to the cell its descriptors fall in ([`Grid::cell_of`]) and stays if the
//! cell is empty ([`Insertion::New`]) or if it is strictly better than the cell's elite under
//! the archive's [`Goal`] ([`Insertion::Improved`]); otherwise nothing changes
//! ([`Insertion::NotAdded`]). The archive serialises with serde (when the genome does), and
//! loading checks that the saved elites hold together.

mod grid;

use rand_core::Rng;
use serde::{Deserialize, Serialize};

use crate::goal::Goal;
use crate::individual::Individual;
use crate::problem::Evaluation;
use crate::rng::below;

pub use grid::{Axis, Grid, MAX_CELLS};

/// Why an archive could not be built, or a candidate not placed in one.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ArchiveError {
    /// A grid needs two or three axes.
    #[error("an archive needs 2 or 3 descriptor axes, not {found}")]
    AxisCount {
        /// The number of axes given.
        found: usize,
    },
    /// An axis' range or cell count is unusable.
    #[error("descriptor axis {axis} (\"{name}\"): {expected}")]
    Axis {
        /// The axis' position, from 0.
        axis: usize,
        /// Its name.
        name: String,
        /// What is wrong and what is allowed.
        expected: String,
    },
    /// The axes have too many cells in all.
    #[error("a grid of {cells} cells is too large: at most {max} cells in all")]
    TooManyCells {
        /// The cell counts, e.g. "4096 × 8192".
        cells: String,
        /// The most allowed ([`MAX_CELLS`]).
        max: usize,
    },
    /// The QD score offset is not a finite number.
    #[error("the qd_score_offset must be a finite number, not {value}")]
    Offset {
        /// The offset given.
        value: f64,
    },
    /// A candidate has not one descriptor per axis.
    #[error("expected {expected} descriptors ({names}), got {found}")]
    DescriptorCount {
        /// One per axis.
        expected: usize,
        /// The number the evaluation gave.
        found: usize,
        /// The axes' names, for the message.
        names: String,
    },
    /// A candidate's descriptor is NaN, so it has no cell.
    #[error("descriptor {axis} (\"{name}\") is not a number (NaN)")]
    NotANumber {
        /// The axis' position, from 0.
        axis: usize,
        /// Its name.
        name: String,
    },
    /// A candidate's fitness is NaN or infinite, which no cell can compare or score.
    #[error("the fitness {value} is not a finite number")]
    Fitness {
        /// The fitness given.
        value: f64,
    },
    /// A saved archive contradicts itself (edited by hand, or from another grid).
    #[error("the saved archive does not hold together: {reason}")]
    Inconsistent {
        /// What contradicts what.
        reason: String,
    },
}

/// What happened to a candidate offered to an archive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Insertion {
    /// Its cell was empty; it is the cell's first elite.
    New,
    /// It is strictly better than the cell's elite under the goal, and replaced it.
    Improved,
    /// The cell's elite is as good or better; the archive is unchanged.
    NotAdded,
}

/// The best genome found in one cell, with its evaluation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Elite<G> {
    /// The cell it holds (see [`Grid`] for the numbering).
    pub cell: usize,
    /// The genome.
    pub genome: G,
    /// Its raw fitness.
    pub fitness: f64,
    /// Its named component scores, if the problem gives any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub components: Vec<(String, f64)>,
    /// Its descriptors, one per axis (they may lie outside the axis' range: the edge cells
    /// take those).
    pub descriptors: Vec<f64>,
}

impl<G: Clone> Elite<G> {
    /// The elite as an [`Individual`] scored under `goal`.
    #[must_use]
    pub fn individual(&self, goal: &Goal) -> Individual<G> {
        Individual::new(
            self.genome.clone(),
            Evaluation {
                fitness: self.fitness,
                components: self.components.clone(),
                descriptors: self.descriptors.clone(),
            },
            goal,
        )
    }
}

/// No elite in this cell (in [`Archive::slots`]).
const EMPTY: u32 = u32::MAX;

/// A grid archive keeping one elite per cell.
///
/// Statistics follow pyribs' `ArchiveStats`: [`coverage`](Archive::coverage) is the share of
/// cells filled, [`qd_score`](Archive::qd_score) the sum over filled cells of each elite's
/// score minus the `qd_score_offset`.
///
/// ```
/// use ludoforge_evolve::archive::{Archive, Axis, Grid, Insertion};
/// use ludoforge_evolve::{Evaluation, Goal};
///
/// let grid = Grid::new(vec![
///     Axis::new("width", "tiles", 0.0, 10.0, 2),
///     Axis::new("height", "tiles", 0.0, 10.0, 2),
/// ])
/// .unwrap();
/// let mut archive = Archive::new(grid, Goal::Maximise, 0.0).unwrap();
/// let scored = |fitness: f64, w: f64, h: f64| Evaluation {
///     fitness,
///     components: vec![],
///     descriptors: vec![w, h],
/// };
/// assert_eq!(archive.insert("a", scored(3.0, 1.0, 1.0)), Ok(Insertion::New));
/// assert_eq!(archive.insert("b", scored(5.0, 2.0, 4.0)), Ok(Insertion::Improved));
/// assert_eq!(archive.insert("c", scored(4.0, 3.0, 3.0)), Ok(Insertion::NotAdded));
/// assert_eq!(archive.insert("d", scored(1.0, 9.0, 1.0)), Ok(Insertion::New));
/// assert_eq!(archive.coverage(), 0.5);
/// assert_eq!(archive.qd_score(), 5.0 + 1.0);
/// assert_eq!(archive.best().unwrap().genome, "b");
/// ```
#[derive(Debug, Clone, Deserialize)]
#[serde(
    try_from = "ArchiveParts<G>",
    bound(deserialize = "G: Deserialize<'de>")
)]
pub struct Archive<G> {
    grid: Grid,
    goal: Goal,
    qd_score_offset: f64,
    /// The elites in the order their cells were first filled (an improved elite keeps its
    /// place); uniform parent choice indexes this.
    elites: Vec<Elite<G>>,
    /// Each elite's score under the goal, by position in `elites`: compact, so comparing a
    /// candidate with its cell's elite does not reach into the elites themselves.
    scores: Vec<f64>,
    /// For every cell, the position of its elite in `elites`, or [`EMPTY`].
    slots: Vec<u32>,
    /// The position of the best elite: the first to reach the highest score.
    best: Option<usize>,
}

impl<G> Archive<G> {
    /// An empty archive over `grid`, comparing elites under `goal`.
    ///
    /// `qd_score_offset` is taken off every elite's score in the [QD score](Archive::qd_score),
    /// as pyribs' `GridArchive(qd_score_offset=…)`. Set it at or below the lowest score a
    /// candidate can have, so that every elite adds a non-negative amount and filling a new
    /// cell never lowers the QD score; with objectives that go as low as −300, pass −300.
    ///
    /// # Errors
    /// [`ArchiveError::Offset`] if the offset is NaN or infinite.
    pub fn new(grid: Grid, goal: Goal, qd_score_offset: f64) -> Result<Self, ArchiveError> {
        if !qd_score_offset.is_finite() {
            return Err(ArchiveError::Offset {
                value: qd_score_offset,
            });
        }
        let cells = grid.cells();
        Ok(Archive {
            grid,
            goal,
            qd_score_offset,
            elites: Vec::new(),
            scores: Vec::new(),
            slots: vec![EMPTY; cells],
            best: None,
        })
    }

    /// The grid.
    #[must_use]
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The goal elites are compared under.
    #[must_use]
    pub fn goal(&self) -> Goal {
        self.goal
    }

    /// The amount taken off every elite's score in the QD score.
    #[must_use]
    pub fn qd_score_offset(&self) -> f64 {
        self.qd_score_offset
    }

    /// Offers a candidate: it goes to the cell its descriptors fall in and stays there if the
    /// cell was empty or if its score under the goal is strictly higher than the elite's (so
    /// on a tie the elite already there stays).
    ///
    /// # Errors
    /// [`ArchiveError::Fitness`] for a NaN or infinite fitness, and the errors of
    /// [`Grid::cell_of`] (a NaN descriptor, or not one per axis). The archive is unchanged.
    pub fn insert(&mut self, genome: G, evaluation: Evaluation) -> Result<Insertion, ArchiveError> {
        self.insert_cell(genome, evaluation)
            .map(|(status, _)| status)
    }

    /// [`insert`](Archive::insert), also giving the candidate's cell.
    pub(crate) fn insert_cell(
        &mut self,
        genome: G,
        evaluation: Evaluation,
    ) -> Result<(Insertion, usize), ArchiveError> {
        let cell = self.cell_for(evaluation.fitness, &evaluation.descriptors)?;
        let Evaluation {
            fitness,
            components,
            descriptors,
        } = evaluation;
        Ok(self.place(cell, fitness, || (genome, components, descriptors)))
    }

    /// [`insert`](Archive::insert) of a candidate known by its scores, made by `make` (the
    /// genome and its components) only if the archive keeps it: the same archive as
    /// `insert`. Returns what happened and the candidate's cell.
    ///
    /// # Errors
    /// As [`insert`](Archive::insert).
    pub fn offer(
        &mut self,
        fitness: f64,
        descriptors: &[f64],
        make: impl FnOnce() -> (G, Vec<(String, f64)>),
    ) -> Result<(Insertion, usize), ArchiveError> {
        let cell = self.cell_for(fitness, descriptors)?;
        Ok(self.place(cell, fitness, || {
            let (genome, components) = make();
            (genome, components, descriptors.to_vec())
        }))
    }

    /// The cell of a candidate, or why it has none.
    fn cell_for(&self, fitness: f64, descriptors: &[f64]) -> Result<usize, ArchiveError> {
        if !fitness.is_finite() {
            return Err(ArchiveError::Fitness { value: fitness });
        }
        self.grid.cell_of(descriptors)
    }

    /// Keeps a candidate of `cell` if the cell is empty or its score is strictly higher.
    fn place(
        &mut self,
        cell: usize,
        fitness: f64,
        make: impl FnOnce() -> (G, Vec<(String, f64)>, Vec<f64>),
    ) -> (Insertion, usize) {
        let score = self.goal.score(fitness);
        let elite = |made: (G, Vec<(String, f64)>, Vec<f64>)| Elite {
            cell,
            genome: made.0,
            fitness,
            components: made.1,
            descriptors: made.2,
        };
        let (position, status) = match self.slots[cell] {
            EMPTY => {
                // Fits: a grid has at most MAX_CELLS (2^24) cells.
                self.slots[cell] = self.elites.len() as u32;
                self.elites.push(elite(make()));
                self.scores.push(score);
                (self.elites.len() - 1, Insertion::New)
            }
            slot => {
                let position = slot as usize;
                if score > self.scores[position] {
                    self.elites[position] = elite(make());
                    self.scores[position] = score;
                    (position, Insertion::Improved)
                } else {
                    return (Insertion::NotAdded, cell);
                }
            }
        };
        if self.best.is_none_or(|b| score > self.scores[b]) {
            self.best = Some(position);
        }
        (status, cell)
    }

    /// The elite of `cell`, if it has one (none beyond the grid).
    #[must_use]
    pub fn get(&self, cell: usize) -> Option<&Elite<G>> {
        self.position(cell).map(|i| &self.elites[i])
    }

    /// The elites in cell order. Walks every cell: O(cells).
    pub fn iter(&self) -> impl Iterator<Item = &Elite<G>> + '_ {
        self.slots
            .iter()
            .filter(|&&slot| slot != EMPTY)
            .map(|&slot| &self.elites[slot as usize])
    }

    /// The number of elites (filled cells).
    #[must_use]
    pub fn len(&self) -> usize {
        self.elites.len()
    }

    /// True when no cell is filled.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.elites.is_empty()
    }

    /// The share of cells filled, from 0 to 1.
    #[must_use]
    pub fn coverage(&self) -> f64 {
        self.elites.len() as f64 / self.slots.len() as f64
    }

    /// The QD score: the sum over filled cells, in cell order, of the elite's score minus the
    /// `qd_score_offset`. The score is the fitness under the goal (see [`Goal::score`]): the
    /// fitness itself when maximising, which makes this pyribs' `qd_score` (pyribs always
    /// maximises), minus the fitness when minimising, C − |fitness − target| for a target.
    #[must_use]
    pub fn qd_score(&self) -> f64 {
        self.slots
            .iter()
            .filter(|&&slot| slot != EMPTY)
            .map(|&slot| self.scores[slot as usize] - self.qd_score_offset)
            .sum()
    }

    /// The elite with the highest score; on a tie, the one that reached it first.
    #[must_use]
    pub fn best(&self) -> Option<&Elite<G>> {
        self.best.map(|b| &self.elites[b])
    }

    /// An elite drawn uniformly (one [`below`] draw), or `None` if the archive is empty: the
    /// same choice as pyribs' `sample_elites`, which draws uniformly among filled cells.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<&Elite<G>> {
        self.sample_position(rng).map(|i| &self.elites[i])
    }

    /// Where [`sample`](Archive::sample) draws, with the same draw: a position in
    /// [`in_order`](Archive::in_order).
    pub fn sample_position<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<usize> {
        (!self.elites.is_empty()).then(|| below(rng, self.elites.len()))
    }

    /// The elites in the order their cells were first filled (an improved elite keeps its
    /// place): the order [`sample_position`](Archive::sample_position) counts in.
    #[must_use]
    pub fn in_order(&self) -> &[Elite<G>] {
        &self.elites
    }

    /// The position in [`in_order`](Archive::in_order) of `cell`'s elite, if it has one.
    #[must_use]
    pub fn position(&self, cell: usize) -> Option<usize> {
        match self.slots.get(cell) {
            Some(&slot) if slot != EMPTY => Some(slot as usize),
            _ => None,
        }
    }

    /// Empties every cell; the grid, goal and offset stay.
    pub fn clear(&mut self) {
        self.elites.clear();
        self.scores.clear();
        self.slots.fill(EMPTY);
        self.best = None;
    }

    /// Empties the archive and compares under `goal` from now on.
    pub(crate) fn restart(&mut self, goal: Goal) {
        self.clear();
        self.goal = goal;
    }
}

impl<G: Clone> Archive<G> {
    /// The elites in cell order as individuals scored under the archive's goal.
    #[must_use]
    pub fn individuals(&self) -> Vec<Individual<G>> {
        self.iter().map(|e| e.individual(&self.goal)).collect()
    }
}

/// What is saved of an archive: the cell table is rebuilt on loading.
#[derive(Serialize)]
struct ArchiveView<'a, G> {
    grid: &'a Grid,
    goal: Goal,
    qd_score_offset: f64,
    elites: &'a [Elite<G>],
    best: Option<usize>,
}

impl<G: Serialize> Serialize for Archive<G> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ArchiveView {
            grid: &self.grid,
            goal: self.goal,
            qd_score_offset: self.qd_score_offset,
            elites: &self.elites,
            best: self.best,
        }
        .serialize(serializer)
    }
}

/// An archive as loaded, before it is checked.
#[derive(Deserialize)]
struct ArchiveParts<G> {
    grid: Grid,
    goal: Goal,
    qd_score_offset: f64,
    elites: Vec<Elite<G>>,
    best: Option<usize>,
}

impl<G> TryFrom<ArchiveParts<G>> for Archive<G> {
    type Error = ArchiveError;

    fn try_from(parts: ArchiveParts<G>) -> Result<Self, ArchiveError> {
        let inconsistent = |reason: String| ArchiveError::Inconsistent { reason };
        let mut archive = Archive::new(parts.grid, parts.goal, parts.qd_score_offset)?;
        for (position, elite) in parts.elites.iter().enumerate() {
            if !elite.fitness.is_finite() {
                return Err(ArchiveError::Fitness {
                    value: elite.fitness,
                });
            }
            let cell = archive.grid.cell_of(&elite.descriptors)?;
            if cell != elite.cell {
                return Err(inconsistent(format!(
                    "the elite said to be in cell {} has descriptors of cell {cell}",
                    elite.cell
                )));
            }
            if archive.slots[cell] != EMPTY {
                return Err(inconsistent(format!("two elites in cell {cell}")));
            }
            archive.slots[cell] = position as u32;
        }
        let goal = archive.goal;
        let highest = parts
            .elites
            .iter()
            .map(|e| goal.score(e.fitness))
            .fold(f64::NEG_INFINITY, f64::max);
        match parts.best {
            None if parts.elites.is_empty() => {}
            Some(b) if b < parts.elites.len() && goal.score(parts.elites[b].fitness) == highest => {
            }
            _ => {
                return Err(inconsistent(format!(
                    "the best elite is given as {:?}, which is not one with the highest score",
                    parts.best
                )));
            }
        }
        archive.scores = parts.elites.iter().map(|e| goal.score(e.fitness)).collect();
        archive.elites = parts.elites;
        archive.best = parts.best;
        Ok(archive)
    }
}

#[cfg(test)]
mod tests;
