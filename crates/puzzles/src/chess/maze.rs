//! A chess maze: the board, the agent, the entrance and exit, and the opposing pieces.

use crate::board::Board;
use crate::chess::piece::PieceKind;
use crate::chess::rules::{AgentMoves, blocked};
use crate::error::PuzzleError;
use crate::solve::{self, Solution};

/// A complete chess maze (Ashlock, section II-A).
///
/// ```
/// use ludoforge_puzzles::board::Board;
/// use ludoforge_puzzles::chess::{ChessMaze, PieceKind};
/// let board = Board::new(5, 5).unwrap();
/// // A rook from a1 to e5; a knight on b4 covers a2, c2, d3 and d5, so the rook goes a1-e1-e5.
/// let maze = ChessMaze::new(board, PieceKind::Rook, 0, 24, vec![(PieceKind::Knight, 16)]).unwrap();
/// let solution = maze.solve().unwrap();
/// assert_eq!(solution.min_moves, 2);
/// assert_eq!(solution.path, vec![0, 4, 24]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChessMaze {
    /// The board.
    pub board: Board,
    /// The agent's kind.
    pub agent: PieceKind,
    /// The entrance square's index.
    pub entrance: usize,
    /// The exit square's index.
    pub exit: usize,
    /// The opposing pieces: kind and square index, sorted.
    pub pieces: Vec<(PieceKind, usize)>,
}

impl ChessMaze {
    /// A maze, checked against the rules: entrance and exit differ, no two pieces share a
    /// square, and no piece stands on or covers the entrance or the exit.
    ///
    /// # Errors
    /// [`PuzzleError::SameEntranceExit`] or [`PuzzleError::IllegalPosition`] naming the piece.
    pub fn new(
        board: Board,
        agent: PieceKind,
        entrance: usize,
        exit: usize,
        pieces: Vec<(PieceKind, usize)>,
    ) -> Result<Self, PuzzleError> {
        if entrance == exit {
            return Err(PuzzleError::SameEntranceExit {
                square: board.name(entrance),
            });
        }
        let maze = ChessMaze::unchecked(board, agent, entrance, exit, pieces);
        maze.check()?;
        Ok(maze)
    }

    /// The maze as given, not checked against the rules (an editor's draft): see
    /// [`ChessMaze::illegal`] for the first rule it breaks.
    #[must_use]
    pub fn unchecked(
        board: Board,
        agent: PieceKind,
        entrance: usize,
        exit: usize,
        mut pieces: Vec<(PieceKind, usize)>,
    ) -> Self {
        pieces.sort();
        ChessMaze {
            board,
            agent,
            entrance,
            exit,
            pieces,
        }
    }

    /// Checks the rules [`ChessMaze::new`] holds a maze to.
    ///
    /// # Errors
    /// [`PuzzleError::IllegalPosition`] naming the first rule broken.
    pub fn check(&self) -> Result<(), PuzzleError> {
        match self.illegal() {
            None => Ok(()),
            Some((why, _)) => Err(PuzzleError::IllegalPosition { why }),
        }
    }

    /// The first rule of a position the pieces break (none on the entrance or exit, none on
    /// another's square, none covering the entrance or exit), in words, with the squares of
    /// the pieces that break it (and the square a piece covers); `None` when the position is
    /// legal.
    ///
    /// ```
    /// use ludoforge_puzzles::board::Board;
    /// use ludoforge_puzzles::chess::{ChessMaze, PieceKind};
    /// let board = Board::new(5, 5).unwrap();
    /// // A knight on b3 covers a1, the entrance.
    /// let maze = ChessMaze::unchecked(board, PieceKind::Rook, 0, 24, vec![(PieceKind::Knight, 11)]);
    /// let (why, squares) = maze.illegal().unwrap();
    /// assert!(why.contains("covers the entrance a1"), "{why}");
    /// assert_eq!(squares, [11, 0]);
    /// ```
    #[must_use]
    pub fn illegal(&self) -> Option<(String, Vec<usize>)> {
        let mut occupied = vec![false; self.board.len()];
        for &(kind, square) in &self.pieces {
            let name = self.board.name(square);
            if square == self.entrance || square == self.exit {
                let role = if square == self.entrance {
                    "entrance"
                } else {
                    "exit"
                };
                return Some((
                    format!("the {kind} on {name} stands on the {role}: move it"),
                    vec![square],
                ));
            }
            if occupied[square] {
                return Some((
                    format!("two pieces stand on {name}: move one of them"),
                    vec![square],
                ));
            }
            occupied[square] = true;
        }
        for &(kind, square) in &self.pieces {
            let alone = blocked(&self.board, &[(kind, square)], &occupied);
            for (role, target) in [("entrance", self.entrance), ("exit", self.exit)] {
                if alone[target] {
                    return Some((
                        format!(
                            "the {kind} on {} covers the {role} {}: no piece may cover the \
                             entrance or the exit",
                            self.board.name(square),
                            self.board.name(target)
                        ),
                        vec![square, target],
                    ));
                }
            }
        }
        None
    }

    /// True where a piece stands.
    #[must_use]
    pub fn occupied(&self) -> Vec<bool> {
        let mut occupied = vec![false; self.board.len()];
        for &(_, square) in &self.pieces {
            occupied[square] = true;
        }
        occupied
    }

    /// True where the agent may not go: occupied or covered squares.
    #[must_use]
    pub fn blocked(&self) -> Vec<bool> {
        blocked(&self.board, &self.pieces, &self.occupied())
    }

    /// The shortest solution and measures, or `None` if the exit cannot be reached.
    #[must_use]
    pub fn solve(&self) -> Option<Solution> {
        let blocked = self.blocked();
        let moves = AgentMoves {
            board: &self.board,
            agent: self.agent,
            blocked: &blocked,
        };
        solve::solve(&moves, self.entrance, self.exit)
    }

    /// The squares the agent can reach from the entrance, the entrance first.
    #[must_use]
    pub fn reachable(&self) -> Vec<usize> {
        let blocked = self.blocked();
        let moves = AgentMoves {
            board: &self.board,
            agent: self.agent,
            blocked: &blocked,
        };
        let table = solve::reach(&moves, self.entrance);
        table.order.iter().map(|&i| i as usize).collect()
    }
}

/// Checks that an agent of this kind could ever get from the entrance to the exit on an empty
/// board, so impossible requests fail at once with a useful message.
///
/// # Errors
/// [`PuzzleError::Unsolvable`] explaining why and what to change.
pub fn check_reachable(
    board: &Board,
    agent: PieceKind,
    entrance: usize,
    exit: usize,
) -> Result<(), PuzzleError> {
    let (from, to) = (board.square(entrance), board.square(exit));
    let why = match agent {
        PieceKind::Pawn if from.file != to.file || to.rank <= from.rank => Some(format!(
            "a pawn only moves one square forward, so it can never get from {from} to {to}: \
             put the exit above the entrance in the same file (e.g. --exit {}{}) or choose \
             another agent",
            crate::board::file_name(from.file),
            board.height
        )),
        PieceKind::Bishop if (from.file + from.rank) % 2 != (to.file + to.rank) % 2 => {
            Some(format!(
                "a bishop stays on squares of one colour, and {from} and {to} differ: choose an exit \
             of the entrance's colour or another agent"
            ))
        }
        _ => None,
    };
    match why {
        Some(why) => Err(PuzzleError::Unsolvable { why }),
        None => Ok(()),
    }
}
