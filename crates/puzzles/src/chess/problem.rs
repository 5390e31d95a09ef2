//! The chess maze as a problem for the evolution engine (Ashlock, section III).
//!
//! The genome is an unordered list of piece squares, one per opposing piece; it is kept in a
//! canonical order (squares sorted within each kind) so equal placements compare and hash equal.

use ludoforge_evolve::rng::{below, coin};
use ludoforge_evolve::{Crossover, Mutate, Outcome, Problem, Stream};

use crate::board::Board;
use crate::chess::piece::PieceKind;
use crate::chess::rules::{AgentMoves, blocked};
use crate::error::PuzzleError;
use crate::solve::min_moves;

/// Times uniform crossover is redone when a child has two pieces on one square, before the
/// parents are copied instead.
const CROSSOVER_ATTEMPTS: usize = 100;

/// The squares of the opposing pieces, in the order of [`ChessProblem::kinds`].
pub type Placement = Vec<u16>;

/// Evolving a chess maze: where to put a fixed set of opposing pieces so the agent needs as
/// many (or as close to a target) moves as possible.
#[derive(Debug, Clone)]
pub struct ChessProblem {
    /// The board.
    pub board: Board,
    /// The agent.
    pub agent: PieceKind,
    /// Entrance index.
    pub entrance: usize,
    /// Exit index.
    pub exit: usize,
    /// The opposing pieces' kinds, sorted (K Q R B N P).
    pub kinds: Vec<PieceKind>,
}

impl ChessProblem {
    /// A problem, checked: entrance differs from exit, the pieces fit, and the agent could ever
    /// reach the exit.
    ///
    /// # Errors
    /// [`PuzzleError`] naming the problem.
    pub fn new(
        board: Board,
        agent: PieceKind,
        entrance: usize,
        exit: usize,
        mut kinds: Vec<PieceKind>,
    ) -> Result<Self, PuzzleError> {
        if entrance == exit {
            return Err(PuzzleError::SameEntranceExit {
                square: board.name(entrance),
            });
        }
        // At least one square must stay free so a piece can always be moved.
        let free = board.len() - 3;
        if kinds.len() > free {
            return Err(PuzzleError::TooManyPieces {
                pieces: kinds.len(),
                free,
                width: board.width,
                height: board.height,
            });
        }
        crate::chess::maze::check_reachable(&board, agent, entrance, exit)?;
        kinds.sort();
        Ok(ChessProblem {
            board,
            agent,
            entrance,
            exit,
            kinds,
        })
    }

    /// Sorts the squares within each run of equal kinds.
    fn canonicalise(&self, placement: &mut Placement) {
        let mut start = 0;
        while start < placement.len() {
            let end = start
                + self.kinds[start..]
                    .iter()
                    .take_while(|&&k| k == self.kinds[start])
                    .count();
            placement[start..end].sort_unstable();
            start = end;
        }
    }

    fn is_free(&self, square: usize, occupied: &[bool]) -> bool {
        square != self.entrance && square != self.exit && !occupied[square]
    }

    /// The pieces of a placement as (kind, square) pairs.
    #[must_use]
    pub fn pieces(&self, placement: &Placement) -> Vec<(PieceKind, usize)> {
        self.kinds
            .iter()
            .zip(placement)
            .map(|(&kind, &square)| (kind, usize::from(square)))
            .collect()
    }
}

impl Problem for ChessProblem {
    type Genome = Placement;

    fn random_genome(&self, rng: &mut Stream) -> Placement {
        let mut occupied = vec![false; self.board.len()];
        let mut placement = Vec::with_capacity(self.kinds.len());
        for _ in &self.kinds {
            let square = loop {
                let square = below(rng, self.board.len());
                if self.is_free(square, &occupied) {
                    break square;
                }
            };
            occupied[square] = true;
            placement.push(square as u16);
        }
        self.canonicalise(&mut placement);
        placement
    }

    fn evaluate(&self, placement: &Placement) -> Outcome {
        let mut occupied = vec![false; self.board.len()];
        for &square in placement {
            let square = usize::from(square);
            if !self.is_free(square, &occupied) {
                return Outcome::rejected(
                    "a piece stands on the entrance, the exit or another piece",
                );
            }
            occupied[square] = true;
        }
        let pieces = self.pieces(placement);
        let blocked = blocked(&self.board, &pieces, &occupied);
        if blocked[self.entrance] || blocked[self.exit] {
            return Outcome::rejected("a piece covers the entrance or the exit");
        }
        let moves = AgentMoves {
            board: &self.board,
            agent: self.agent,
            blocked: &blocked,
        };
        match min_moves(&moves, self.entrance, self.exit) {
            Some(n) => Outcome::fitness(f64::from(n)),
            None => Outcome::rejected("the exit cannot be reached"),
        }
    }
}

impl Mutate for ChessProblem {
    /// Moves one piece, chosen uniformly, to a uniformly chosen empty square.
    fn mutate(&self, placement: &mut Placement, rng: &mut Stream) {
        let mut occupied = vec![false; self.board.len()];
        for &square in placement.iter() {
            occupied[usize::from(square)] = true;
        }
        let piece = below(rng, placement.len());
        let square = loop {
            let square = below(rng, self.board.len());
            if self.is_free(square, &occupied) {
                break square;
            }
        };
        placement[piece] = square as u16;
        self.canonicalise(placement);
    }
}

impl Crossover for ChessProblem {
    /// Uniform crossover: each piece's square goes to one child or the other with equal chance;
    /// redone when a child would have two pieces on one square.
    fn crossover(&self, a: &Placement, b: &Placement, rng: &mut Stream) -> (Placement, Placement) {
        let mut seen = vec![u32::MAX; self.board.len()];
        for attempt in 0..CROSSOVER_ATTEMPTS as u32 {
            let (mut c, mut d) = (a.clone(), b.clone());
            for i in 0..a.len() {
                if coin(rng) {
                    std::mem::swap(&mut c[i], &mut d[i]);
                }
            }
            // Two stamps per attempt mark squares taken in each child.
            let distinct = |child: &Placement, stamp: u32, seen: &mut Vec<u32>| {
                child.iter().all(|&s| {
                    let fresh = seen[usize::from(s)] != stamp;
                    seen[usize::from(s)] = stamp;
                    fresh
                })
            };
            if distinct(&c, 2 * attempt, &mut seen) && distinct(&d, 2 * attempt + 1, &mut seen) {
                self.canonicalise(&mut c);
                self.canonicalise(&mut d);
                return (c, d);
            }
        }
        (a.clone(), b.clone())
    }
}
