//! The puzzle file format: one JSON object, written by hand or by the generator.
//!
//! ```json
//! {"kind": "chess", "width": 8, "height": 8, "agent": "rook", "entrance": "a1", "exit": "h8",
//!  "pieces": [{"piece": "N", "square": "c3"}]}
//! {"kind": "chromatic", "rows": ["ROY", "GBV", "RRR"], "entrance": "a1", "exit": "c3"}
//! ```
//! Chromatic rows are listed top rank first. Entrance and exit default to a1 and the opposite
//! corner. [`read_puzzle`] also accepts a generated result (it reads its `"puzzle"`) or a set of
//! replicates (it reads the best one's puzzle).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::board::Board;
use crate::chess::{ChessMaze, PieceKind};
use crate::chromatic::ChromaticMaze;
use crate::error::PuzzleError;
use crate::solve::Solution;

/// One opposing piece in a file: its letter and square.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceEntry {
    /// K, Q, R, B, N or P.
    pub piece: String,
    /// Its square, e.g. "c3".
    pub square: String,
}

/// A puzzle as written in a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum PuzzleFile {
    /// A chess maze.
    Chess {
        /// Files.
        width: usize,
        /// Ranks.
        height: usize,
        /// The agent's kind: king, queen, rook, bishop, knight or pawn.
        agent: String,
        /// Entrance square (default a1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        entrance: Option<String>,
        /// Exit square (default: the opposite corner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        exit: Option<String>,
        /// The opposing pieces.
        pieces: Vec<PieceEntry>,
    },
    /// A chromatic maze.
    Chromatic {
        /// Colour letters R O Y G B V, one string per rank, top rank first.
        rows: Vec<String>,
        /// Entrance square (default a1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        entrance: Option<String>,
        /// Exit square (default: the opposite corner).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        exit: Option<String>,
    },
}

/// A puzzle of either kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Puzzle {
    /// A chess maze.
    Chess(ChessMaze),
    /// A chromatic maze.
    Chromatic(ChromaticMaze),
}

impl Puzzle {
    /// "chess" or "chromatic".
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Puzzle::Chess(_) => "chess",
            Puzzle::Chromatic(_) => "chromatic",
        }
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        match self {
            Puzzle::Chess(maze) => &maze.board,
            Puzzle::Chromatic(maze) => &maze.board,
        }
    }

    /// The shortest solution and measures, or `None` when the exit cannot be reached.
    #[must_use]
    pub fn solve(&self) -> Option<Solution> {
        match self {
            Puzzle::Chess(maze) => maze.solve(),
            Puzzle::Chromatic(maze) => maze.solve(),
        }
    }

    /// The squares the agent can reach from the entrance, the entrance first.
    #[must_use]
    pub fn reachable(&self) -> Vec<usize> {
        match self {
            Puzzle::Chess(maze) => maze.reachable(),
            Puzzle::Chromatic(maze) => crate::solve::reach(&maze.moves(), maze.entrance)
                .order
                .iter()
                .map(|&i| i as usize)
                .collect(),
        }
    }

    /// The file form, with every field written out.
    #[must_use]
    pub fn to_file(&self) -> PuzzleFile {
        match self {
            Puzzle::Chess(maze) => PuzzleFile::Chess {
                width: maze.board.width,
                height: maze.board.height,
                agent: maze.agent.name().to_string(),
                entrance: Some(maze.board.name(maze.entrance)),
                exit: Some(maze.board.name(maze.exit)),
                pieces: maze
                    .pieces
                    .iter()
                    .map(|&(kind, square)| PieceEntry {
                        piece: kind.letter().to_string(),
                        square: maze.board.name(square),
                    })
                    .collect(),
            },
            Puzzle::Chromatic(maze) => PuzzleFile::Chromatic {
                rows: maze.rows(),
                entrance: Some(maze.board.name(maze.entrance)),
                exit: Some(maze.board.name(maze.exit)),
            },
        }
    }

    /// Checks a file's puzzle against the rules and builds it.
    ///
    /// # Errors
    /// [`PuzzleError`] naming the first problem found.
    pub fn from_file(file: &PuzzleFile) -> Result<Self, PuzzleError> {
        let puzzle = Puzzle::drafted(file)?;
        if let Puzzle::Chess(maze) = &puzzle {
            maze.check()?;
        }
        Ok(puzzle)
    }

    /// Builds a file's puzzle without holding a chess maze's pieces to the rules of a position
    /// (an editor's draft: see [`ChessMaze::illegal`]); its board, squares, letters and colours
    /// must still be readable.
    ///
    /// # Errors
    /// [`PuzzleError`] naming what cannot be read.
    pub fn drafted(file: &PuzzleFile) -> Result<Self, PuzzleError> {
        match file {
            PuzzleFile::Chess {
                width,
                height,
                agent,
                entrance,
                exit,
                pieces,
            } => {
                let board = Board::new(*width, *height)?;
                let agent: PieceKind = agent.parse()?;
                let (entrance, exit) = board.ends(entrance.as_deref(), exit.as_deref())?;
                let mut placed = Vec::with_capacity(pieces.len());
                for entry in pieces {
                    let mut letters = entry.piece.trim().chars();
                    let kind = match (letters.next(), letters.next()) {
                        (Some(letter), None) => PieceKind::from_letter(letter).ok_or_else(|| {
                            format!("{letter:?} on {} is not a piece letter", entry.square)
                        }),
                        _ => Err(format!("the piece on {} must be one letter", entry.square)),
                    }
                    .map_err(|why| PuzzleError::BadPieces {
                        text: entry.piece.clone(),
                        why,
                    })?;
                    placed.push((kind, board.index(board.parse_square(&entry.square)?)));
                }
                Ok(Puzzle::Chess(ChessMaze::unchecked(
                    board, agent, entrance, exit, placed,
                )))
            }
            PuzzleFile::Chromatic {
                rows,
                entrance,
                exit,
            } => {
                let height = rows.len();
                let width = rows.first().map_or(0, |r| r.chars().count());
                let board = Board::new(width, height)?;
                let (entrance, exit) = board.ends(entrance.as_deref(), exit.as_deref())?;
                ChromaticMaze::genome_of_rows(rows, &board.name(entrance), &board.name(exit))
                    .map(Puzzle::Chromatic)
            }
        }
    }
}

/// The puzzle object inside a document: a replicate set's best's, a result's, or the
/// document itself.
///
/// ```
/// use serde_json::json;
/// let maze = json!({"kind": "chromatic", "rows": ["RR", "RR"]});
/// let set = json!({"best": {"puzzle": maze.clone()}});
/// assert_eq!(ludoforge_puzzles::format::maze_object(&set), &maze);
/// assert_eq!(ludoforge_puzzles::format::maze_object(&maze), &maze);
/// ```
#[must_use]
pub fn maze_object(document: &Value) -> &Value {
    match document.get("best") {
        Some(best) => best.get("puzzle").unwrap_or(best),
        None => document.get("puzzle").unwrap_or(document),
    }
}

/// Reads a puzzle from JSON text: a puzzle object, a generated result, or a replicate set.
///
/// ```
/// use ludoforge_puzzles::format::read_puzzle;
/// let puzzle = read_puzzle(r#"{"kind": "chromatic", "rows": ["RRR", "OYR", "RRR"]}"#).unwrap();
/// assert_eq!(puzzle.solve().unwrap().min_moves, 4);
/// let error = read_puzzle(r#"{"kind": "chromatic", "rows": ["RRR", "OXR", "RRR"]}"#).unwrap_err();
/// assert!(error.to_string().contains("not a colour"));
/// ```
///
/// # Errors
/// [`PuzzleError::BadFile`] for malformed JSON or a missing field (with line and column), and
/// the rule errors of [`Puzzle::from_file`].
pub fn read_puzzle(text: &str) -> Result<Puzzle, PuzzleError> {
    let value: Value = serde_json::from_str(text).map_err(|e| PuzzleError::BadFile {
        why: format!("not valid JSON ({e})"),
    })?;
    let inner = maze_object(&value);
    let file: PuzzleFile = serde_json::from_value(inner.clone()).map_err(|e| PuzzleError::BadFile {
        why: format!(
            "not a puzzle ({e}); a puzzle is an object with \"kind\": \"chess\" (width, height, agent, \
             pieces) or \"kind\": \"chromatic\" (rows)"
        ),
    })?;
    Puzzle::from_file(&file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_round_trip() {
        let text = r#"{"kind":"chess","width":8,"height":8,"agent":"rook","pieces":[{"piece":"N","square":"c3"},{"piece":"P","square":"f5"}]}"#;
        let puzzle = read_puzzle(text).unwrap();
        let file = puzzle.to_file();
        let again = Puzzle::from_file(&file).unwrap();
        assert_eq!(puzzle, again);
        let json = serde_json::to_string(&file).unwrap();
        assert!(json.contains(r#""exit":"h8""#), "{json}");
    }

    #[test]
    fn reads_results_and_replicates() {
        let puzzle = r#"{"kind":"chromatic","rows":["RRR","RRR","RRR"]}"#;
        for text in [
            format!(r#"{{"puzzle":{puzzle},"min_moves":4}}"#),
            format!(r#"{{"best":{{"puzzle":{puzzle}}},"replicates":[]}}"#),
        ] {
            assert_eq!(read_puzzle(&text).unwrap().solve().unwrap().min_moves, 4);
        }
    }

    #[test]
    fn bad_files_name_the_problem() {
        let cases = [
            ("{", "not valid JSON"),
            ("[]", "not a puzzle"),
            (r#"{"kind":"sudoku"}"#, "not a puzzle"),
            (
                r#"{"kind":"chess","width":8,"height":8,"agent":"dragon","pieces":[]}"#,
                "unknown agent",
            ),
            (
                r#"{"kind":"chess","width":80,"height":8,"agent":"rook","pieces":[]}"#,
                "between 3 and 64",
            ),
            (
                r#"{"kind":"chess","width":8,"height":8,"agent":"rook","pieces":[{"piece":"N","square":"z9"}]}"#,
                "not a square",
            ),
            (
                r#"{"kind":"chess","width":8,"height":8,"agent":"rook","pieces":[{"piece":"X","square":"c3"}]}"#,
                "K Q R B N P",
            ),
            (
                r#"{"kind":"chess","width":8,"height":8,"agent":"rook","pieces":[{"piece":"N","square":"b3"}]}"#,
                "covers the entrance",
            ),
            (
                r#"{"kind":"chess","width":8,"height":8,"agent":"rook","pieces":[{"piece":"N","square":"a1"}]}"#,
                "stands on the entrance",
            ),
            (
                r#"{"kind":"chess","width":8,"height":8,"agent":"rook","pieces":[{"piece":"N","square":"d4"},{"piece":"P","square":"d4"}]}"#,
                "two pieces",
            ),
            (
                r#"{"kind":"chess","width":8,"height":8,"agent":"rook","entrance":"c3","exit":"c3","pieces":[]}"#,
                "both c3",
            ),
            (r#"{"kind":"chromatic","rows":["RRR","RR","RRR"]}"#, "row 2"),
            (r#"{"kind":"chromatic","rows":[]}"#, "between 3 and 64"),
        ];
        for (text, expected) in cases {
            let error = read_puzzle(text).unwrap_err().to_string();
            assert!(error.contains(expected), "{text}: {error}");
        }
    }
}
