//! Suggestions around a designer's maze: the explorations started from a maze (`start`) with
//! squares locked (`lock`).
//!
//! A locked square keeps what the start maze has there: its colour (chromatic), or the piece
//! standing on it or its emptiness (chess). Every maze the exploration makes comes from the
//! start by the maze's own mutation and crossover, made again whenever it would change a
//! locked square ([`ludoforge_job::explore::Locked`]); the start itself is offered to the
//! archive after the first batch.

use ludoforge_job::JobError;
use serde_json::Value;

use crate::board::Board;
use crate::chess::{ChessProblem, PieceKind};
use crate::format::{Puzzle, PuzzleFile};
use crate::settings::PuzzleSpec;

/// A start maze and its locked squares, checked.
#[derive(Debug, Clone)]
pub struct Start {
    /// The maze.
    pub puzzle: Puzzle,
    /// The locked squares' indices, each once, in board order.
    pub squares: Vec<usize>,
}

impl Start {
    /// The start of `start` and `lock`, or `None` without a start (then `lock` must be empty).
    ///
    /// # Errors
    /// [`JobError`] for a start that is not a maze of the kind wanted, or a lock that is not
    /// a square or rectangle of its board.
    pub fn read(start: &Value, lock: &[String], kind: &str) -> Result<Option<Start>, JobError> {
        if start.is_null() {
            if let Some(first) = lock.first() {
                return Err(JobError::parameters(format!(
                    "lock {first:?}: locks are squares of a maze to start from; give the maze \
                     as `start` too"
                )));
            }
            return Ok(None);
        }
        let document = ludoforge_job::check::given(start)
            .map_err(|e| JobError::input(format!("the start maze is not JSON: {e}")))?;
        let inner = crate::format::maze_object(&document);
        let file: PuzzleFile = serde_json::from_value(inner.clone()).map_err(|e| {
            JobError::input(format!(
                "the start is not a maze ({e}): give a result file, an elite, a checked file \
                 or a maze object"
            ))
        })?;
        let puzzle = Puzzle::drafted(&file)?;
        if puzzle.kind() != kind {
            return Err(JobError::input(format!(
                "the start is a {} maze; this exploration makes {kind} mazes: start the {} \
                 exploration from it",
                puzzle.kind(),
                puzzle.kind()
            )));
        }
        let squares = locked_squares(puzzle.board(), lock)?;
        Ok(Some(Start { puzzle, squares }))
    }

    /// The specification the start maze is one of: its board, ends (and agent and pieces).
    pub fn spec(&self) -> PuzzleSpec {
        match &self.puzzle {
            Puzzle::Chess(m) => PuzzleSpec::Chess {
                board: m.board,
                agent: m.agent,
                entrance: m.entrance,
                exit: m.exit,
                kinds: m.pieces.iter().map(|&(kind, _)| kind).collect(),
            },
            Puzzle::Chromatic(m) => PuzzleSpec::Chromatic {
                board: m.board,
                entrance: m.entrance,
                exit: m.exit,
            },
        }
    }

    /// The start as a chess genome: each piece's square, in the order of the problem's kinds
    /// (both sorted K Q R B N P).
    pub fn placement(&self) -> Vec<u16> {
        match &self.puzzle {
            Puzzle::Chess(m) => m
                .pieces
                .iter()
                .map(|&(_, square)| u16::try_from(square).expect("at most 4,096 squares"))
                .collect(),
            Puzzle::Chromatic(_) => Vec::new(),
        }
    }

    /// The start as a chromatic genome: each square's colour.
    pub fn colours(&self) -> Vec<u8> {
        match &self.puzzle {
            Puzzle::Chromatic(m) => m.colours.clone(),
            Puzzle::Chess(_) => Vec::new(),
        }
    }

    /// A maze a designer sent while the exploration around this start runs: read as the
    /// start is, and refused unless it is a maze of the same board, ends (and agent and pieces).
    pub(super) fn sent(&self, document: &Value) -> Result<Start, String> {
        let sent = Start::read(document, &[], self.puzzle.kind())
            .map_err(|e| e.to_string())?
            .ok_or("no maze was sent")?;
        if sent.spec() != self.spec() {
            return Err(format!(
                "it is not a maze of this exploration's board: a {} maze on the same {}×{}                  board, with the same entrance and exit{}, is needed",
                self.puzzle.kind(),
                self.puzzle.board().width,
                self.puzzle.board().height,
                if self.puzzle.kind() == "chess" {
                    ", agent and pieces"
                } else {
                    ""
                }
            ));
        }
        Ok(sent)
    }

    /// How many of the maze's own mutations the first mazes are from the start, at most: an
    /// eighth of the squares repainted, or every piece moved twice.
    pub fn spread(&self) -> usize {
        match &self.puzzle {
            Puzzle::Chess(m) => 2 * m.pieces.len(),
            Puzzle::Chromatic(m) => m.board.len() / 8,
        }
        .max(1)
    }
}

/// Whether a colouring keeps the locked squares' colours of `start`.
pub(super) fn chromatic_keeps(
    start: &[u8],
    squares: &[usize],
) -> impl Fn(&Vec<u8>) -> bool + Sync + use<> {
    let wanted: Vec<(usize, u8)> = squares.iter().map(|&i| (i, start[i])).collect();
    move |colours: &Vec<u8>| wanted.iter().all(|&(i, c)| colours[i] == c)
}

/// Whether a placement keeps what stands on the locked squares of `start` (a piece of the
/// same kind, or nothing).
pub(super) fn chess_keeps(
    problem: &ChessProblem,
    start: &[u16],
    squares: &[usize],
) -> impl Fn(&Vec<u16>) -> bool + Sync + use<> {
    let kinds = problem.kinds.clone();
    // What stands on a square: the kind of the piece placed there, or nothing.
    let on = move |placement: &[u16], square: usize| -> Option<PieceKind> {
        placement
            .iter()
            .position(|&s| usize::from(s) == square)
            .map(|i| kinds[i])
    };
    let wanted: Vec<(usize, Option<PieceKind>)> =
        squares.iter().map(|&q| (q, on(start, q))).collect();
    move |placement: &Vec<u16>| {
        wanted
            .iter()
            .all(|&(square, kind)| on(placement, square) == kind)
    }
}

/// The squares `lock` names on `board`: squares (`c4`) and rectangles between two corners
/// (`a1:c3`), each once, in board order.
///
/// # Errors
/// [`JobError::Parameters`] naming a lock that is not a square or rectangle of the board.
pub(super) fn locked_squares(board: &Board, lock: &[String]) -> Result<Vec<usize>, JobError> {
    let mut locked = vec![false; board.len()];
    for entry in lock {
        for part in entry.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let square =
                |name: &str| {
                    board.parse_square(name).map(|q| (q.file, q.rank)).map_err(|_| {
                    JobError::parameters(format!(
                        "lock {part:?}: {name:?} is not a square of this {}×{} board (a1 to \
                         {}); lock squares like c4, or rectangles like a1:c3",
                        board.width,
                        board.height,
                        board.name(board.len() - 1)
                    ))
                })
                };
            let (from, to) = match part.split_once(':') {
                Some((a, b)) => (square(a.trim())?, square(b.trim())?),
                None => {
                    let q = square(part)?;
                    (q, q)
                }
            };
            for file in from.0.min(to.0)..=from.0.max(to.0) {
                for rank in from.1.min(to.1)..=from.1.max(to.1) {
                    locked[rank * board.width + file] = true;
                }
            }
        }
    }
    Ok((0..board.len()).filter(|&i| locked[i]).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_read_squares_and_rectangles() {
        let board = Board::new(5, 4).unwrap();
        let squares = locked_squares(&board, &["b2:a1".into(), "e4, a1".into()]).unwrap();
        let names: Vec<String> = squares.iter().map(|&i| board.name(i)).collect();
        assert_eq!(names, ["a1", "b1", "a2", "b2", "e4"]);
        let error = locked_squares(&board, &["a1:f9".into()]).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("\"f9\" is not a square of this 5×4 board (a1 to e4)")
        );
    }
}
