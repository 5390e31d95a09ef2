//! The chromatic maze as a problem for the evolution engine (Ashlock, section III).
//!
//! The genome is the string of wheel positions of the squares, rows concatenated; crossover is
//! two-point and mutation recolours one square uniformly (possibly to its own colour). The first
//! population is drawn as [`crate::chromatic::sample`] describes: uniformly, as in the paper,
//! except on large boards.

use ludoforge_evolve::rng::below;
use ludoforge_evolve::{Crossover, Mutate, Outcome, Problem, Stream};

use crate::board::Board;
use crate::chromatic::fast;
use crate::chromatic::sample::{self, Sampling};
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
    /// How random genomes are drawn: by default as [`Sampling::for_board`] decides.
    pub sampling: Sampling,
}

impl ChromaticProblem {
    /// A problem, checked, with the sampling [`Sampling::for_board`] picks.
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
            sampling: Sampling::for_board(&board, entrance, exit),
            board,
            entrance,
            exit,
        })
    }

    /// The same problem with random genomes drawn by `sampling`.
    #[must_use]
    pub fn with_sampling(mut self, sampling: Sampling) -> Self {
        self.sampling = sampling;
        self
    }
}

impl Problem for ChromaticProblem {
    type Genome = Vec<u8>;

    /// A [`sample::uniform`] or a [`sample::carved`] colouring, as [`ChromaticProblem::sampling`]
    /// says. O(squares).
    fn random_genome(&self, rng: &mut Stream) -> Vec<u8> {
        match self.sampling {
            Sampling::Uniform => sample::uniform(&self.board, rng),
            Sampling::Carved => sample::carved(&self.board, self.entrance, self.exit, rng),
        }
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
