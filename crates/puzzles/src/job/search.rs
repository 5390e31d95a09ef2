//! Chess and chromatic mazes under ask and tell ([`ludoforge_job::search`]): the mazes bred by
//! the puzzle's own sampling, crossover and mutation, every one solvable.
//!
//! A candidate's document is the puzzle file `puzzle solve` reads. Its board is a grid of
//! numbers, the top rank first as the file writes the ranks: for a chess maze 0 for an empty
//! square and 1 to 6 for an opposing king, queen, rook, bishop, knight or pawn; for a
//! chromatic maze the colour's place on the wheel, 0 to 5 for red, orange, yellow, green, blue
//! and violet. The puzzle's own evaluation gives the fewest moves as the fitness and the
//! solver's measures as descriptors: `min_moves`, `decision_points`, `dead_ends`,
//! `reachable`, as the exploration jobs name them.

use ludoforge_evolve::{Evaluation, Outcome, Problem};
use ludoforge_job::JobError;
use ludoforge_job::params::typed;
use ludoforge_job::search::{Board as Grid, Content};
use serde_json::Value;

use super::params::{ChessParams, ChromaticParams};
use crate::board::Board;
use crate::chess::{ChessMaze, ChessProblem, PieceKind};
use crate::chromatic::{ChromaticMaze, ChromaticProblem};
use crate::format::Puzzle;
use crate::settings::PuzzleSpec;

/// Chess mazes of `puzzle-chess`'s parameters.
#[derive(Debug, Clone)]
pub struct ChessContent {
    problem: ChessProblem,
}

/// Chromatic mazes of `puzzle-chromatic`'s parameters.
#[derive(Debug, Clone)]
pub struct ChromaticContent {
    problem: ChromaticProblem,
}

impl ChessContent {
    /// The content `puzzle-chess`'s parameters describe (its search settings are not used).
    ///
    /// # Errors
    /// [`JobError::Parameters`] as the job words it.
    pub fn new(params: &Value) -> Result<ChessContent, JobError> {
        let p: ChessParams = typed(params)?;
        let spec = p.board.chess(p.agent, &p.pieces)?;
        let PuzzleSpec::Chess {
            board,
            agent,
            entrance,
            exit,
            kinds,
        } = spec
        else {
            return Err(JobError::failed(
                "a chess maze's settings made another puzzle",
            ));
        };
        Ok(ChessContent {
            problem: ChessProblem::new(board, agent, entrance, exit, kinds)?,
        })
    }

    fn maze(&self, placement: &[u16]) -> Option<Puzzle> {
        let p = &self.problem;
        ChessMaze::new(
            p.board,
            p.agent,
            p.entrance,
            p.exit,
            p.pieces(&placement.to_vec()),
        )
        .ok()
        .map(Puzzle::Chess)
    }
}

impl ChromaticContent {
    /// The content `puzzle-chromatic`'s parameters describe (its search settings are not
    /// used).
    ///
    /// # Errors
    /// [`JobError::Parameters`] as the job words it.
    pub fn new(params: &Value) -> Result<ChromaticContent, JobError> {
        let p: ChromaticParams = typed(params)?;
        let spec = p.board.chromatic()?;
        let PuzzleSpec::Chromatic {
            board,
            entrance,
            exit,
        } = spec
        else {
            return Err(JobError::failed(
                "a chromatic maze's settings made another puzzle",
            ));
        };
        Ok(ChromaticContent {
            problem: ChromaticProblem::new(board, entrance, exit)?,
        })
    }

    fn maze(&self, colours: &[u8]) -> Option<Puzzle> {
        let p = &self.problem;
        ChromaticMaze::new(p.board, colours.to_vec(), p.entrance, p.exit)
            .ok()
            .map(Puzzle::Chromatic)
    }
}

/// The board's numbers, the top rank first, from `cell(index)` by square index (rank 1
/// first).
fn grid(board: &Board, cell: impl Fn(usize) -> i32) -> Grid {
    let cells = (0..board.height)
        .rev()
        .flat_map(|rank| (0..board.width).map(move |file| rank * board.width + file))
        .map(cell)
        .collect();
    Grid {
        rows: board.height,
        cols: board.width,
        cells,
    }
}

/// The puzzle's document, or a note that it cannot be built.
fn document(puzzle: Option<Puzzle>) -> Value {
    puzzle.map_or(Value::Null, |p| {
        serde_json::to_value(p.to_file()).unwrap_or(Value::Null)
    })
}

/// The fewest moves with the solver's measures as descriptors.
fn measured(puzzle: Option<Puzzle>) -> Outcome {
    let Some(solution) = puzzle.and_then(|p| p.solve()) else {
        return Outcome::rejected("the exit cannot be reached");
    };
    let m = &solution.measures;
    Outcome::Evaluated(Evaluation {
        fitness: f64::from(solution.min_moves),
        components: Vec::new(),
        descriptors: vec![
            f64::from(solution.min_moves),
            m.decision_points as f64,
            m.dead_ends as f64,
            m.reachable as f64,
        ],
    })
}

fn verdict(outcome: Outcome) -> Result<(), String> {
    match outcome {
        Outcome::Evaluated(_) => Ok(()),
        Outcome::Rejected(r) => Err(r.reason.into_owned()),
    }
}

impl Content for ChessContent {
    type Problem = ChessProblem;

    fn problem(&self) -> &ChessProblem {
        &self.problem
    }

    fn check(&self, placement: &Vec<u16>) -> Result<(), String> {
        verdict(self.problem.evaluate(placement))
    }

    fn document(&self, placement: &Vec<u16>) -> Value {
        document(self.maze(placement))
    }

    fn board(&self, placement: &Vec<u16>) -> Option<Grid> {
        let mut pieces = vec![0; self.problem.board.len()];
        for (kind, square) in self.problem.pieces(placement) {
            pieces[square] = 1 + PieceKind::ALL.iter().position(|&k| k == kind).unwrap_or(0) as i32;
        }
        Some(grid(&self.problem.board, |i| pieces[i]))
    }

    fn evaluate(&self, placement: &Vec<u16>) -> Outcome {
        measured(self.maze(placement))
    }
}

impl Content for ChromaticContent {
    type Problem = ChromaticProblem;

    fn problem(&self) -> &ChromaticProblem {
        &self.problem
    }

    fn check(&self, colours: &Vec<u8>) -> Result<(), String> {
        verdict(self.problem.evaluate(colours))
    }

    fn document(&self, colours: &Vec<u8>) -> Value {
        document(self.maze(colours))
    }

    fn board(&self, colours: &Vec<u8>) -> Option<Grid> {
        Some(grid(&self.problem.board, |i| i32::from(colours[i])))
    }

    fn evaluate(&self, colours: &Vec<u8>) -> Outcome {
        measured(self.maze(colours))
    }
}
