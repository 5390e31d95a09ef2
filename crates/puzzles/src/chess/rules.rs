//! The rules of a chess maze: which squares the opposing pieces cover, and how the agent moves.
//!
//! The opposing pieces are black and never move. Each covers the squares it attacks in chess;
//! a sliding piece's coverage stops at the first occupied square; black pawns attack the two
//! squares diagonally forward, towards rank 1. The agent is white and may never pass through or
//! land on a covered or occupied square (Ashlock, section II-A); a white pawn agent moves one
//! square forward, towards the last rank.

use crate::board::Board;
use crate::chess::piece::PieceKind;
use crate::solve::Moves;

const ORTHOGONAL: [(isize, isize); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT: [(isize, isize); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// All eight directions: the queen's lines and the king's steps.
const EIGHT: [(isize, isize); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The line directions of a sliding piece.
fn lines(kind: PieceKind) -> &'static [(isize, isize)] {
    match kind {
        PieceKind::Rook => &ORTHOGONAL,
        PieceKind::Bishop => &DIAGONAL,
        _ => &EIGHT,
    }
}

/// The squares one step or jump away for a non-sliding piece, as (files, ranks) offsets.
fn steps(kind: PieceKind, white: bool) -> &'static [(isize, isize)] {
    match kind {
        PieceKind::King => &EIGHT,
        PieceKind::Knight => &KNIGHT,
        // A white pawn agent moves forward; a black pawn attacks diagonally towards rank 1.
        PieceKind::Pawn if white => &[(0, 1)],
        PieceKind::Pawn => &[(1, -1), (-1, -1)],
        _ => &[],
    }
}

/// Marks squares that are occupied by, or covered by, the opposing pieces.
///
/// `occupied[i]` is true where a piece stands; `pieces` lists each piece's kind and square.
/// Returns a table, true where the agent may not go. O(board squares along the pieces' lines).
#[must_use]
pub fn blocked(board: &Board, pieces: &[(PieceKind, usize)], occupied: &[bool]) -> Vec<bool> {
    let mut blocked = occupied.to_vec();
    for &(kind, square) in pieces {
        if kind.slides() {
            for &(df, dr) in lines(kind) {
                let mut at = square;
                while let Some(next) = board.offset(at, df, dr) {
                    blocked[next] = true;
                    if occupied[next] {
                        break;
                    }
                    at = next;
                }
            }
        } else {
            for &(df, dr) in steps(kind, false) {
                if let Some(next) = board.offset(square, df, dr) {
                    blocked[next] = true;
                }
            }
        }
    }
    blocked
}

/// The agent's moves on a board whose blocked squares are known.
#[derive(Debug, Clone, Copy)]
pub struct AgentMoves<'a> {
    /// The board.
    pub board: &'a Board,
    /// The agent's kind.
    pub agent: PieceKind,
    /// True where the agent may not go (see [`blocked`]).
    pub blocked: &'a [bool],
}

impl Moves for AgentMoves<'_> {
    fn size(&self) -> usize {
        self.board.len()
    }

    #[inline]
    fn for_each_move(&self, from: usize, mut visit: impl FnMut(usize)) {
        if self.agent.slides() {
            for &(df, dr) in lines(self.agent) {
                let mut at = from;
                while let Some(next) = self.board.offset(at, df, dr) {
                    if self.blocked[next] {
                        break;
                    }
                    visit(next);
                    at = next;
                }
            }
        } else {
            for &(df, dr) in steps(self.agent, true) {
                if let Some(next) = self.board.offset(from, df, dr)
                    && !self.blocked[next]
                {
                    visit(next);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::min_moves;

    /// Parses a board drawn rank 8 first: letters are black pieces, '.' empty.
    fn position(rows: &[&str]) -> (Board, Vec<(PieceKind, usize)>, Vec<bool>) {
        let board = Board::new(rows[0].len(), rows.len()).unwrap();
        let mut pieces = Vec::new();
        let mut occupied = vec![false; board.len()];
        for (r, row) in rows.iter().rev().enumerate() {
            for (f, c) in row.chars().enumerate() {
                if let Some(kind) = PieceKind::from_letter(c) {
                    let i = r * board.width + f;
                    pieces.push((kind, i));
                    occupied[i] = true;
                }
            }
        }
        (board, pieces, occupied)
    }

    /// Draws the blocked table the same way: '#' blocked, '.' free.
    fn picture(board: &Board, blocked: &[bool]) -> Vec<String> {
        (0..board.height)
            .rev()
            .map(|r| {
                (0..board.width)
                    .map(|f| {
                        if blocked[r * board.width + f] {
                            '#'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn knight_covers_its_jumps() {
        let (board, pieces, occupied) = position(&[".....", ".....", "..N..", ".....", "....."]);
        let table = blocked(&board, &pieces, &occupied);
        assert_eq!(
            picture(&board, &table),
            [".#.#.", "#...#", "..#..", "#...#", ".#.#."]
        );
    }

    #[test]
    fn black_pawns_attack_towards_rank_one() {
        let (board, pieces, occupied) = position(&["...", ".P.", "..."]);
        let table = blocked(&board, &pieces, &occupied);
        assert_eq!(picture(&board, &table), ["...", ".#.", "#.#"]);
    }

    #[test]
    fn sliding_coverage_stops_at_first_piece() {
        // The rook on a3 looks right along rank 3: b3, c3 covered, the pawn on d3 blocks the rest.
        let (board, pieces, occupied) = position(&[".....", "R..P.", "....."]);
        let table = blocked(&board, &pieces, &occupied);
        assert_eq!(picture(&board, &table), ["#....", "####.", "#.#.#"]);
    }

    #[test]
    fn queen_and_bishop_lines() {
        let (board, pieces, occupied) = position(&[".....", ".....", "..B..", ".....", "....."]);
        assert_eq!(
            picture(&board, &blocked(&board, &pieces, &occupied)),
            ["#...#", ".#.#.", "..#..", ".#.#.", "#...#"]
        );
        let (board, pieces, occupied) = position(&["...", ".Q.", "..."]);
        assert_eq!(
            picture(&board, &blocked(&board, &pieces, &occupied)),
            ["###", "###", "###"]
        );
    }

    #[test]
    fn agents_move_as_in_chess() {
        let board = Board::new(5, 5).unwrap();
        let free = vec![false; 25];
        let count = |agent| {
            let mut n = 0;
            AgentMoves {
                board: &board,
                agent,
                blocked: &free,
            }
            .for_each_move(12, |_| n += 1);
            n
        };
        assert_eq!(count(PieceKind::King), 8);
        assert_eq!(count(PieceKind::Knight), 8);
        assert_eq!(count(PieceKind::Rook), 8);
        assert_eq!(count(PieceKind::Bishop), 8);
        assert_eq!(count(PieceKind::Queen), 16);
        assert_eq!(count(PieceKind::Pawn), 1);
    }

    #[test]
    fn sliding_agent_cannot_pass_blocked_squares() {
        // A rook from a1 to e1 with a blocked c1 must go round: a1-a2-e2-e1 = 3 moves.
        let board = Board::new(5, 3).unwrap();
        let mut blocked = vec![false; board.len()];
        blocked[2] = true;
        let moves = AgentMoves {
            board: &board,
            agent: PieceKind::Rook,
            blocked: &blocked,
        };
        assert_eq!(min_moves(&moves, 0, 4), Some(3));
        blocked[7] = true;
        blocked[12] = true;
        // c1, c2, c3 all blocked: no way across.
        let moves = AgentMoves {
            board: &board,
            agent: PieceKind::Rook,
            blocked: &blocked,
        };
        assert_eq!(min_moves(&moves, 0, 4), None);
        // A knight jumps the wall (a1 to b3 to d2), but on this narrow board its squares split
        // into two families that never meet: {a1, b3, d2, b1, a3} and the rest; e1 is not in it.
        let knight = AgentMoves {
            board: &board,
            agent: PieceKind::Knight,
            blocked: &blocked,
        };
        assert_eq!(min_moves(&knight, 0, 8), Some(2));
        assert_eq!(min_moves(&knight, 0, 4), None);
    }
}
