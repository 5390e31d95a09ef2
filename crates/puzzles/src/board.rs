//! The rectangular board and its squares in chess notation.
//!
//! Files are lettered a, b, …, z, aa, ab, … (like spreadsheet columns) and ranks numbered from 1
//! at the bottom. A square's index is `rank * width + file`, both counted from 0.

use std::fmt;

use crate::error::PuzzleError;

/// Smallest allowed side of a board.
pub const MIN_SIDE: usize = 3;
/// Largest allowed side of a board.
pub const MAX_SIDE: usize = 64;

/// A square, by 0-based file (column, from the left) and rank (row, from the bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    /// 0-based file: 0 is file a.
    pub file: usize,
    /// 0-based rank: 0 is rank 1.
    pub rank: usize,
}

impl Square {
    /// The square at 0-based `file` and `rank`.
    #[must_use]
    pub fn new(file: usize, rank: usize) -> Self {
        Square { file, rank }
    }
}

/// The letters of a 0-based file: 0 → "a", 25 → "z", 26 → "aa".
#[must_use]
pub fn file_name(file: usize) -> String {
    let mut letters = Vec::new();
    let mut n = file + 1;
    while n > 0 {
        n -= 1;
        letters.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", file_name(self.file), self.rank + 1)
    }
}

/// A board of `width` files by `height` ranks.
///
/// ```
/// use ludoforge_puzzles::board::Board;
/// let board = Board::new(11, 11).unwrap();
/// let k11 = board.parse_square("k11").unwrap();
/// assert_eq!((k11.file, k11.rank), (10, 10));
/// assert_eq!(board.index(k11), 120);
/// assert_eq!(board.square(120).to_string(), "k11");
/// assert!(board.parse_square("l1").is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// Number of files (columns).
    pub width: usize,
    /// Number of ranks (rows).
    pub height: usize,
}

impl Board {
    /// A board, checked to be between [`MIN_SIDE`] and [`MAX_SIDE`] squares a side.
    ///
    /// # Errors
    /// [`PuzzleError::BoardSize`] if a side is out of range.
    pub fn new(width: usize, height: usize) -> Result<Self, PuzzleError> {
        for side in [width, height] {
            if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
                return Err(PuzzleError::BoardSize { width, height });
            }
        }
        Ok(Board { width, height })
    }

    /// Number of squares.
    #[must_use]
    pub fn len(&self) -> usize {
        self.width * self.height
    }

    /// Always false: a board has at least 9 squares.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The index of a square.
    #[must_use]
    pub fn index(&self, square: Square) -> usize {
        square.rank * self.width + square.file
    }

    /// The square at an index.
    #[must_use]
    pub fn square(&self, index: usize) -> Square {
        Square::new(index % self.width, index / self.width)
    }

    /// The square a relative step away, if it is on the board.
    #[inline]
    #[must_use]
    pub fn offset(&self, index: usize, files: isize, ranks: isize) -> Option<usize> {
        let file = (index % self.width).checked_add_signed(files)?;
        let rank = (index / self.width).checked_add_signed(ranks)?;
        (file < self.width && rank < self.height).then_some(rank * self.width + file)
    }

    /// Parses a square such as `a1`, `k11` or `ab20`, checking it lies on this board.
    ///
    /// # Errors
    /// [`PuzzleError::BadSquare`] naming the text and the board.
    pub fn parse_square(&self, text: &str) -> Result<Square, PuzzleError> {
        let bad = || PuzzleError::BadSquare {
            text: text.to_string(),
            width: self.width,
            height: self.height,
        };
        let trimmed = text.trim().to_ascii_lowercase();
        let split = trimmed
            .find(|c: char| !c.is_ascii_lowercase())
            .ok_or_else(bad)?;
        let (letters, digits) = trimmed.split_at(split);
        if letters.is_empty() || letters.len() > 3 || digits.is_empty() || digits.len() > 3 {
            return Err(bad());
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return Err(bad());
        }
        let mut file = 0usize;
        for b in letters.bytes() {
            file = file * 26 + usize::from(b - b'a') + 1;
        }
        let rank: usize = digits.parse().map_err(|_| bad())?;
        let square = Square::new(file - 1, rank - 1);
        if square.file >= self.width || square.rank >= self.height {
            return Err(bad());
        }
        Ok(square)
    }

    /// The name of the square at an index, e.g. "c3".
    #[must_use]
    pub fn name(&self, index: usize) -> String {
        self.square(index).to_string()
    }

    /// Entrance and exit indices from optional square names; they default to a1 and the
    /// opposite corner.
    ///
    /// # Errors
    /// [`PuzzleError::BadSquare`] for a bad name, [`PuzzleError::SameEntranceExit`] if both
    /// name one square.
    pub fn ends(
        &self,
        entrance: Option<&str>,
        exit: Option<&str>,
    ) -> Result<(usize, usize), PuzzleError> {
        let (first, last) = self.corners();
        let entrance =
            entrance.map_or(Ok(first), |s| self.parse_square(s).map(|q| self.index(q)))?;
        let exit = exit.map_or(Ok(last), |s| self.parse_square(s).map(|q| self.index(q)))?;
        if entrance == exit {
            return Err(PuzzleError::SameEntranceExit {
                square: self.name(entrance),
            });
        }
        Ok((entrance, exit))
    }

    /// The default entrance (a1) and exit (the opposite corner).
    #[must_use]
    pub fn corners(&self) -> (usize, usize) {
        (0, self.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn file_names() {
        assert_eq!(file_name(0), "a");
        assert_eq!(file_name(25), "z");
        assert_eq!(file_name(26), "aa");
        assert_eq!(file_name(51), "az");
        assert_eq!(file_name(63), "bl");
    }

    #[test]
    fn sizes_checked() {
        assert!(Board::new(2, 11).is_err());
        assert!(Board::new(11, 65).is_err());
        assert!(Board::new(3, 64).is_ok());
    }

    #[test]
    fn bad_squares() {
        let board = Board::new(8, 8).unwrap();
        for text in [
            "", "a", "1", "a0", "a9", "i1", "a01", "1a", "a-1", "é1", "aaaa1",
        ] {
            assert!(board.parse_square(text).is_err(), "{text:?} accepted");
        }
        assert_eq!(board.parse_square(" H8 ").unwrap(), Square::new(7, 7));
    }

    #[test]
    fn offsets_stay_on_board() {
        let board = Board::new(3, 4).unwrap();
        assert_eq!(board.offset(0, -1, 0), None);
        assert_eq!(board.offset(2, 1, 0), None);
        assert_eq!(board.offset(0, 1, 2), Some(7));
        assert_eq!(board.offset(11, 0, 1), None);
    }

    proptest! {
        #[test]
        fn names_round_trip(width in 3usize..=64, height in 3usize..=64, seed in any::<u64>()) {
            let board = Board::new(width, height).unwrap();
            let index = (seed as usize) % board.len();
            let name = board.name(index);
            prop_assert_eq!(board.index(board.parse_square(&name).unwrap()), index);
        }
    }
}
