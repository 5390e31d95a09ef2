//! A content of the benchmark: a 2-D array of small integers, row-major.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A 2-D integer array as the benchmark's content spaces hold it (`ArraySpace((height, width),
/// IntegerSpace(n))`): `height` rows of `width` tiles, each below the problem's tile count.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<u8>,
}

/// Why rows could not become a [`Grid`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// There were no rows, or the first row was empty.
    #[error("the content is empty: give a 2-D array of rows of tiles")]
    Empty,
    /// A row's length differs from the first row's.
    #[error(
        "row {row} has {found} tiles where the first row has {expected}: every row must be as long"
    )]
    Ragged {
        /// Index of the row.
        row: usize,
        /// Its length.
        found: usize,
        /// The first row's length.
        expected: usize,
    },
    /// A tile is outside the problem's tile range.
    #[error("tile {value} at row {y}, column {x} is not below {tiles}: this problem's tiles are 0 to {last}", last = tiles - 1)]
    Tile {
        /// Column.
        x: usize,
        /// Row.
        y: usize,
        /// The value found.
        value: i64,
        /// How many tile values the problem has.
        tiles: u8,
    },
    /// The size differs from the problem's.
    #[error("the content is {width}×{height} where this problem's is {want_width}×{want_height}")]
    Size {
        /// Columns given.
        width: usize,
        /// Rows given.
        height: usize,
        /// Columns wanted.
        want_width: usize,
        /// Rows wanted.
        want_height: usize,
    },
}

impl Grid {
    /// A grid of `width`×`height` tiles all `fill`.
    #[must_use]
    pub fn filled(width: usize, height: usize, fill: u8) -> Self {
        Self {
            width,
            height,
            cells: vec![fill; width * height],
        }
    }

    /// A grid from row-major cells; `None` when the length is not `width * height`.
    #[must_use]
    pub fn from_cells(width: usize, height: usize, cells: Vec<u8>) -> Option<Self> {
        (cells.len() == width * height && width > 0 && height > 0).then_some(Self {
            width,
            height,
            cells,
        })
    }

    /// A grid from rows of integers, each checked to be below `tiles`.
    ///
    /// # Errors
    /// [`GridError`] naming the first ragged row or out-of-range tile.
    pub fn from_rows(rows: &[Vec<i64>], tiles: u8) -> Result<Self, GridError> {
        let width = rows.first().map_or(0, Vec::len);
        if width == 0 {
            return Err(GridError::Empty);
        }
        let mut cells = Vec::with_capacity(width * rows.len());
        for (y, row) in rows.iter().enumerate() {
            if row.len() != width {
                return Err(GridError::Ragged {
                    row: y,
                    found: row.len(),
                    expected: width,
                });
            }
            for (x, &value) in row.iter().enumerate() {
                if !(0..i64::from(tiles)).contains(&value) {
                    return Err(GridError::Tile { x, y, value, tiles });
                }
                cells.push(value as u8);
            }
        }
        Ok(Self {
            width,
            height: rows.len(),
            cells,
        })
    }

    /// A grid drawn as digits, one line a row (blank lines and surrounding spaces ignored), each
    /// digit a tile below `tiles`: contents written as ASCII art.
    ///
    /// ```
    /// let grid = ludoforge_pcgbench::Grid::from_digits("
    ///     010
    ///     111
    /// ", 2).unwrap();
    /// assert_eq!((grid.width(), grid.height(), grid.get(1, 0)), (3, 2, 1));
    /// ```
    ///
    /// # Errors
    /// [`GridError`] as [`Grid::from_rows`] (a character other than a digit is out of range).
    pub fn from_digits(art: &str, tiles: u8) -> Result<Self, GridError> {
        let rows: Vec<Vec<i64>> = art
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(|l| l.bytes().map(|b| i64::from(b) - i64::from(b'0')).collect())
            .collect();
        Self::from_rows(&rows, tiles)
    }

    /// Columns.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The tile at column `x`, row `y`.
    ///
    /// # Panics
    /// When `(x, y)` is outside the grid.
    #[must_use]
    pub fn get(&self, x: usize, y: usize) -> u8 {
        assert!(
            x < self.width && y < self.height,
            "({x}, {y}) is outside a {}×{} grid",
            self.width,
            self.height
        );
        self.cells[y * self.width + x]
    }

    /// Sets the tile at column `x`, row `y`.
    ///
    /// # Panics
    /// When `(x, y)` is outside the grid.
    pub fn set(&mut self, x: usize, y: usize, value: u8) {
        assert!(
            x < self.width && y < self.height,
            "({x}, {y}) is outside a {}×{} grid",
            self.width,
            self.height
        );
        self.cells[y * self.width + x] = value;
    }

    /// The tiles, row-major.
    #[must_use]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The tiles, row-major, to change in place.
    pub fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The rows as the benchmark's nested lists.
    #[must_use]
    pub fn rows(&self) -> Vec<Vec<u8>> {
        self.cells.chunks(self.width).map(<[u8]>::to_vec).collect()
    }

    /// The grid with a border of `value` one tile wide all round (`np.pad(content, 1)`).
    #[must_use]
    pub fn padded(&self, value: u8) -> Self {
        let mut out = Self::filled(self.width + 2, self.height + 2, value);
        for y in 0..self.height {
            for x in 0..self.width {
                out.set(x + 1, y + 1, self.get(x, y));
            }
        }
        out
    }

    /// How many tiles differ from `other`'s (same size assumed; extra tiles are ignored).
    #[must_use]
    pub fn hamming(&self, other: &Self) -> usize {
        self.cells
            .iter()
            .zip(&other.cells)
            .filter(|(a, b)| a != b)
            .count()
    }
}

impl Serialize for Grid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.cells.chunks(self.width))
    }
}

impl<'de> Deserialize<'de> for Grid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let rows = Vec::<Vec<i64>>::deserialize(deserializer)?;
        Self::from_rows(&rows, u8::MAX).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_through_json() {
        let grid = Grid::from_rows(&[vec![0, 1, 2], vec![3, 4, 5]], 6).unwrap();
        let text = serde_json::to_string(&grid).unwrap();
        assert_eq!(text, "[[0,1,2],[3,4,5]]");
        assert_eq!(serde_json::from_str::<Grid>(&text).unwrap(), grid);
        assert_eq!(grid.get(2, 1), 5);
    }

    #[test]
    fn bad_rows_are_named() {
        assert_eq!(Grid::from_rows(&[], 2), Err(GridError::Empty));
        assert_eq!(
            Grid::from_rows(&[vec![0, 1], vec![1]], 2),
            Err(GridError::Ragged {
                row: 1,
                found: 1,
                expected: 2
            })
        );
        let err = Grid::from_rows(&[vec![0, 7]], 2).unwrap_err();
        assert_eq!(
            err.to_string(),
            "tile 7 at row 0, column 1 is not below 2: this problem's tiles are 0 to 1"
        );
    }

    #[test]
    fn padding_surrounds_with_the_value() {
        let grid = Grid::from_rows(&[vec![1]], 2).unwrap().padded(0);
        assert_eq!(
            grid.rows(),
            vec![vec![0, 0, 0], vec![0, 1, 0], vec![0, 0, 0]]
        );
    }
}
