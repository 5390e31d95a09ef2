//! The chromatic maze as a problem for the evolution engine (Ashlock, section III).
//!
//! The genome is the string of wheel positions of the squares, rows concatenated; crossover is
//! two-point and mutation recolours one square uniformly (possibly to its own colour).

use ludoforge_evolve::rng::below;
use ludoforge_evolve::{Crossover, Mutate, Outcome, Problem, Stream};

use crate::board::Board;
use crate::chromatic::fast;
use crate::error::PuzzleError;

/// Evolving the colours of a board so crossing it takes many (or a target number of) moves.
#[derive(Debug, Clone)]
pub struct ChromaticProblem {
    /// The board.
    pub board: Board,
    /// Entrance index.
    pub entrance: usize,
    /// Exit index.
    pub exit: usize,
}

impl ChromaticProblem {
    /// A problem, checked.
    ///
    /// # Errors
    /// [`PuzzleError::SameEntranceExit`].
    pub fn new(board: Board, entrance: usize, exit: usize) -> Result<Self, PuzzleError> {
        if entrance == exit {
            return Err(PuzzleError::SameEntranceExit {
                square: board.name(entrance),
            });
        }
        Ok(ChromaticProblem {
            board,
            entrance,
            exit,
        })
    }
}

impl Problem for ChromaticProblem {
    type Genome = Vec<u8>;

    fn random_genome(&self, rng: &mut Stream) -> Vec<u8> {
        (0..self.board.len()).map(|_| below(rng, 6) as u8).collect()
    }

    fn evaluate(&self, colours: &Vec<u8>) -> Outcome {
        match fast::min_moves(&self.board, colours, self.entrance, self.exit) {
            Some(n) => Outcome::fitness(f64::from(n)),
            None => Outcome::rejected("the exit cannot be reached"),
        }
    }
}

impl Mutate for ChromaticProblem {
    fn mutate(&self, colours: &mut Vec<u8>, rng: &mut Stream) {
        let square = below(rng, colours.len());
        colours[square] = below(rng, 6) as u8;
    }
}

impl Crossover for ChromaticProblem {
    /// Two-point crossover: the children swap the stretch between two cut points.
    fn crossover(&self, a: &Vec<u8>, b: &Vec<u8>, rng: &mut Stream) -> (Vec<u8>, Vec<u8>) {
        let mut cuts = [below(rng, a.len() + 1), below(rng, a.len() + 1)];
        cuts.sort_unstable();
        let (mut c, mut d) = (a.clone(), b.clone());
        c[cuts[0]..cuts[1]].copy_from_slice(&b[cuts[0]..cuts[1]]);
        d[cuts[0]..cuts[1]].copy_from_slice(&a[cuts[0]..cuts[1]]);
        (c, d)
    }
}
