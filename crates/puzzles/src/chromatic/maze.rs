//! A chromatic maze: a board of coloured squares, an entrance and an exit.

use crate::board::Board;
use crate::chromatic::colour::{Colour, compatible};
use crate::error::PuzzleError;
use crate::solve::{self, Moves, Solution};

/// Marks a missing neighbour (off the board) in a [`neighbour_table`].
pub const NONE: u32 = u32::MAX;

/// The four orthogonal neighbours of every square (right, left, up, down), [`NONE`] off the
/// board. Built once per board so the search needs no division or bounds arithmetic.
#[must_use]
pub fn neighbour_table(board: &Board) -> Vec<[u32; 4]> {
    (0..board.len())
        .map(|i| {
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .map(|(df, dr)| board.offset(i, df, dr).map_or(NONE, |n| n as u32))
        })
        .collect()
}

/// Moves between orthogonal neighbours whose colours are compatible.
#[derive(Debug, Clone, Copy)]
pub struct ColourMoves<'a> {
    /// Wheel positions (0..6) by square index.
    pub colours: &'a [u8],
    /// The board's [`neighbour_table`].
    pub neighbours: &'a [[u32; 4]],
}

impl Moves for ColourMoves<'_> {
    fn size(&self) -> usize {
        self.colours.len()
    }

    #[inline]
    fn for_each_move(&self, from: usize, mut visit: impl FnMut(usize)) {
        let here = self.colours[from];
        for to in self.neighbours[from] {
            if to != NONE && compatible(here, self.colours[to as usize]) {
                visit(to as usize);
            }
        }
    }
}

/// A complete chromatic maze (Ashlock, section II-B).
///
/// ```
/// use ludoforge_puzzles::chromatic::ChromaticMaze;
/// // Rows are given top rank first. Red→yellow is unsafe, so the path winds through orange.
/// let maze = ChromaticMaze::genome_of_rows(&["RYY", "RYO", "ROO"], "a1", "c3").unwrap();
/// let solution = maze.solve().unwrap();
/// assert_eq!(solution.min_moves, 4);
/// assert_eq!(maze.name_path(&solution.path), ["a1", "b1", "c1", "c2", "c3"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChromaticMaze {
    /// The board.
    pub board: Board,
    /// Wheel positions (0..6) by square index (rank 1 first).
    pub colours: Vec<u8>,
    /// Entrance index.
    pub entrance: usize,
    /// Exit index.
    pub exit: usize,
    /// The board's neighbour table.
    neighbours: Vec<[u32; 4]>,
}

impl ChromaticMaze {
    /// A maze from colour rows (top rank first, letters R O Y G B V) and entrance and exit names.
    ///
    /// # Errors
    /// [`PuzzleError`] naming a bad row, letter, size or square.
    pub fn genome_of_rows<S: AsRef<str>>(
        rows: &[S],
        entrance: &str,
        exit: &str,
    ) -> Result<Self, PuzzleError> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.as_ref().chars().count());
        let board = Board::new(width, height)?;
        let mut colours = vec![0u8; board.len()];
        for (from_top, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            let rank = height - 1 - from_top;
            if row.chars().count() != width {
                return Err(PuzzleError::BadColours {
                    why: format!(
                        "row {} (rank {}) has {} squares but the first row has {width}: every row \
                         must be as long",
                        from_top + 1,
                        rank + 1,
                        row.chars().count()
                    ),
                });
            }
            for (file, letter) in row.chars().enumerate() {
                let colour =
                    Colour::from_letter(letter).ok_or_else(|| PuzzleError::BadColours {
                        why: format!(
                            "{letter:?} at {} is not a colour: use R O Y G B V",
                            crate::board::Square::new(file, rank)
                        ),
                    })?;
                colours[rank * width + file] = colour.index();
            }
        }
        let entrance = board.index(board.parse_square(entrance)?);
        let exit = board.index(board.parse_square(exit)?);
        ChromaticMaze::new(board, colours, entrance, exit)
    }

    /// A maze from wheel positions by index.
    ///
    /// # Errors
    /// [`PuzzleError::SameEntranceExit`], or [`PuzzleError::BadColours`] for a wrong length
    /// or a value above 5.
    pub fn new(
        board: Board,
        colours: Vec<u8>,
        entrance: usize,
        exit: usize,
    ) -> Result<Self, PuzzleError> {
        if entrance == exit {
            return Err(PuzzleError::SameEntranceExit {
                square: board.name(entrance),
            });
        }
        if colours.len() != board.len() || colours.iter().any(|&c| c > 5) {
            return Err(PuzzleError::BadColours {
                why: format!(
                    "a {}x{} board needs {} colours 0..6",
                    board.width,
                    board.height,
                    board.len()
                ),
            });
        }
        Ok(ChromaticMaze {
            neighbours: neighbour_table(&board),
            board,
            colours,
            entrance,
            exit,
        })
    }

    /// The rows as letters, top rank first.
    #[must_use]
    pub fn rows(&self) -> Vec<String> {
        (0..self.board.height)
            .rev()
            .map(|rank| {
                (0..self.board.width)
                    .map(|file| {
                        Colour::from_index(self.colours[rank * self.board.width + file]).letter()
                    })
                    .collect()
            })
            .collect()
    }

    /// The moves of this maze.
    #[must_use]
    pub fn moves(&self) -> ColourMoves<'_> {
        ColourMoves {
            colours: &self.colours,
            neighbours: &self.neighbours,
        }
    }

    /// The shortest solution and its measures (with the colour changes along it), or `None`.
    #[must_use]
    pub fn solve(&self) -> Option<Solution> {
        let mut solution = solve::solve(&self.moves(), self.entrance, self.exit)?;
        let changes = solution
            .path
            .windows(2)
            .filter(|step| self.colours[step[0]] != self.colours[step[1]])
            .count();
        solution.measures.colour_changes = Some(changes);
        Some(solution)
    }

    /// Square names of a path.
    #[must_use]
    pub fn name_path(&self, path: &[usize]) -> Vec<String> {
        path.iter().map(|&i| self.board.name(i)).collect()
    }
}
