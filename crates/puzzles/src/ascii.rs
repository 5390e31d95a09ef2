//! Text pictures of mazes for the terminal.
//!
//! Boards are printed as in a chess diagram: the top rank first, rank numbers on the left,
//! file letters underneath, one character per square separated by spaces. On boards wider than
//! 26 files the file names take two letters (aa, ab, …), so every square gets a two-character
//! cell, right-aligned. A legend line names the entrance and exit.
//!
//! ```
//! use ludoforge_puzzles::ascii::chromatic_ascii;
//! use ludoforge_puzzles::chromatic::ChromaticMaze;
//!
//! let maze = ChromaticMaze::genome_of_rows(&["RYY", "RYO", "ROO"], "a1", "c3").unwrap();
//! assert_eq!(
//!     chromatic_ascii(&maze),
//!     "3 R Y X\n2 R Y O\n1 E O O\n  a b c\nE a1 (red) · X c3 (yellow)\n"
//! );
//! ```

use crate::board::{Board, file_name};
use crate::chess::ChessMaze;
use crate::chromatic::{ChromaticMaze, Colour};

/// Lays out a board of one character per square, with labels, top rank first.
fn grid(board: &Board, mut mark: impl FnMut(usize) -> char) -> String {
    let cell = file_name(board.width - 1).len();
    let rank_width = board.height.to_string().len();
    let mut out = String::new();
    for rank in (0..board.height).rev() {
        out.push_str(&format!("{:>rank_width$}", rank + 1));
        for file in 0..board.width {
            out.push_str(&format!(" {:>cell$}", mark(rank * board.width + file)));
        }
        out.push('\n');
    }
    out.push_str(&" ".repeat(rank_width));
    for file in 0..board.width {
        out.push_str(&format!(" {:>cell$}", file_name(file)));
    }
    out.push('\n');
    out
}

/// A chess maze as text.
///
/// Pieces are their letters K Q R B N P, the entrance `E`, the exit `X`, other squares `.`;
/// with `reveal`, empty squares the pieces cover are `*`. The legend names the agent:
/// `E a1 (rook), X h8` and, with `reveal`, `; * covered`.
///
/// ```
/// use ludoforge_puzzles::ascii::chess_ascii;
/// use ludoforge_puzzles::board::Board;
/// use ludoforge_puzzles::chess::{ChessMaze, PieceKind};
///
/// let board = Board::new(3, 3).unwrap();
/// // A king from a2 to c2; the rook on b3 covers a3, c3, b2 and b1.
/// let maze = ChessMaze::new(board, PieceKind::King, 3, 5, vec![(PieceKind::Rook, 7)]).unwrap();
/// assert_eq!(
///     chess_ascii(&maze, true),
///     "3 * R *\n2 E * X\n1 . * .\n  a b c\nE a2 (king), X c2; * covered\n"
/// );
/// ```
#[must_use]
pub fn chess_ascii(maze: &ChessMaze, reveal: bool) -> String {
    let occupied = maze.occupied();
    let blocked = if reveal {
        maze.blocked()
    } else {
        vec![false; maze.board.len()]
    };
    let mut letters = vec!['.'; maze.board.len()];
    for &(kind, square) in &maze.pieces {
        letters[square] = kind.letter();
    }
    let mut out = grid(&maze.board, |i| {
        if i == maze.entrance {
            'E'
        } else if i == maze.exit {
            'X'
        } else if occupied[i] {
            letters[i]
        } else if blocked[i] {
            '*'
        } else {
            '.'
        }
    });
    out.push_str(&format!(
        "E {} ({}), X {}",
        maze.board.name(maze.entrance),
        maze.agent,
        maze.board.name(maze.exit)
    ));
    if reveal {
        out.push_str("; * covered");
    }
    out.push('\n');
    out
}

/// A chromatic maze as text: colour letters R O Y G B V, with the entrance and exit shown as
/// `E` and `X`, and a legend giving their squares and colours: `E a1 (red) · X k11 (violet)`.
#[must_use]
pub fn chromatic_ascii(maze: &ChromaticMaze) -> String {
    let colour = |i: usize| Colour::from_index(maze.colours[i]);
    let mut out = grid(&maze.board, |i| {
        if i == maze.entrance {
            'E'
        } else if i == maze.exit {
            'X'
        } else {
            colour(i).letter()
        }
    });
    out.push_str(&format!(
        "E {} ({}) · X {} ({})\n",
        maze.board.name(maze.entrance),
        colour(maze.entrance).name(),
        maze.board.name(maze.exit),
        colour(maze.exit).name()
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::PieceKind::*;

    fn at(board: &Board, name: &str) -> usize {
        board.index(board.parse_square(name).unwrap())
    }

    #[test]
    fn chess_player_and_reveal() {
        // 5x4, a knight agent a1 → e4; a rook on c3 and a pawn on d2.
        // The rook covers rank 3 (a3, b3, d3, e3) and file c (c4, c2, c1).
        // The black pawn attacks diagonally towards rank 1: c1 and e1.
        let board = Board::new(5, 4).unwrap();
        let maze = ChessMaze::new(
            board,
            Knight,
            at(&board, "a1"),
            at(&board, "e4"),
            vec![(Rook, at(&board, "c3")), (Pawn, at(&board, "d2"))],
        )
        .unwrap();
        assert_eq!(
            chess_ascii(&maze, false),
            "\
4 . . . . X
3 . . R . .
2 . . . P .
1 E . . . .
  a b c d e
E a1 (knight), X e4
"
        );
        assert_eq!(
            chess_ascii(&maze, true),
            "\
4 . . * . X
3 * * R * *
2 . . * P .
1 E . * . *
  a b c d e
E a1 (knight), X e4; * covered
"
        );
    }

    #[test]
    fn two_digit_ranks_are_right_aligned() {
        // 3 files by 10 ranks: a pawn agent from a1 to c10 and a knight on b9.
        let board = Board::new(3, 10).unwrap();
        let maze = ChessMaze::new(
            board,
            Pawn,
            at(&board, "a1"),
            at(&board, "c10"),
            vec![(Knight, at(&board, "b9"))],
        )
        .unwrap();
        // The knight's other jumps from b9 leave the board, so it covers only a7 and c7.
        assert_eq!(
            chess_ascii(&maze, true),
            "\
10 . . X
 9 . N .
 8 . . .
 7 * . *
 6 . . .
 5 . . .
 4 . . .
 3 . . .
 2 . . .
 1 E . .
   a b c
E a1 (pawn), X c10; * covered
"
        );
    }

    #[test]
    fn wide_boards_use_two_character_cells() {
        let board = Board::new(28, 3).unwrap();
        let maze = ChessMaze::new(
            board,
            Rook,
            at(&board, "a1"),
            at(&board, "ab3"),
            vec![(King, at(&board, "z3"))],
        )
        .unwrap();
        let text = chess_ascii(&maze, true);
        let lines: Vec<&str> = text.lines().collect();
        // Rank 3: the king on z3 covers y3 and aa3; rank 2: y2, z2 and aa2.
        let mut rank3 = String::from("3");
        let mut rank2 = String::from("2");
        let mut rank1 = String::from("1");
        let mut files = String::from(" ");
        for file in 0..28 {
            let name = file_name(file);
            let (c3, c2, c1) = match name.as_str() {
                "a" => ('.', '.', 'E'),
                "y" | "aa" => ('*', '*', '.'),
                "z" => ('K', '*', '.'),
                "ab" => ('X', '.', '.'),
                _ => ('.', '.', '.'),
            };
            rank3.push_str(&format!("  {c3}"));
            rank2.push_str(&format!("  {c2}"));
            rank1.push_str(&format!("  {c1}"));
            files.push_str(&format!(" {name:>2}"));
        }
        assert_eq!(lines[0], rank3);
        assert_eq!(lines[1], rank2);
        assert_eq!(lines[2], rank1);
        assert_eq!(lines[3], files);
        assert!(lines[3].ends_with("  y  z aa ab"));
        assert_eq!(lines[4], "E a1 (rook), X ab3; * covered");
        // Every line of the grid is as long as the label line.
        assert!(lines[..4].iter().all(|l| l.len() == 1 + 28 * 3));
    }

    #[test]
    fn chromatic_board() {
        let maze = ChromaticMaze::genome_of_rows(&["RROG", "ROOG", "RVVG"], "a1", "d3").unwrap();
        assert_eq!(
            chromatic_ascii(&maze),
            "\
3 R R O X
2 R O O G
1 E V V G
  a b c d
E a1 (red) · X d3 (green)
"
        );
    }
}
