//! The grid of a MAP-Elites archive: two or three descriptor axes cut into equal cells.

use serde::{Deserialize, Serialize};

use super::ArchiveError;

/// The most cells a grid may have in all (2^24, about 16.8 million): enough for 256 × 256 ×
/// 256, and an archive's cell table stays under 64 MiB.
pub const MAX_CELLS: usize = 1 << 24;

/// Added to a value's position along an axis, measured in cells, before it is rounded down:
/// a value that is meant to sit exactly on a cell's lower edge (29/100 on an axis from 0 to 1
/// with 100 cells, which floating point computes as 28.999999999999996 cells) still lands in
/// that cell. pyribs' `GridArchive.index_of` adds an epsilon for the same reason (1e-6 before
/// dividing by the range); ours is in cells, so it does not depend on the axis' unit.
const CELL_EPSILON: f64 = 1e-9;

/// One descriptor axis: its name and unit (for people), its range and how many equal cells
/// it is cut into.
///
/// ```
/// use ludoforge_evolve::archive::Axis;
/// let rooms = Axis::new("rooms", "rooms", 0.0, 20.0, 10);
/// assert_eq!(rooms.index(4.5), 2);
/// // Values outside the range go to the edge cells.
/// assert_eq!(rooms.index(-3.0), 0);
/// assert_eq!(rooms.index(25.0), 9);
/// assert_eq!(rooms.edges(2), (4.0, 6.0));
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Axis {
    /// What the descriptor measures, e.g. "rooms".
    pub name: String,
    /// Its unit, e.g. "tiles" (may be empty).
    pub unit: String,
    /// The lower end of the range: the first cell starts here.
    pub low: f64,
    /// The upper end of the range: the last cell ends here.
    pub high: f64,
    /// How many equal cells the range is cut into.
    pub cells: usize,
}

impl Axis {
    /// An axis from `low` to `high` cut into `cells` equal cells. [`Grid::new`] checks it.
    #[must_use]
    pub fn new(
        name: impl Into<String>,
        unit: impl Into<String>,
        low: f64,
        high: f64,
        cells: usize,
    ) -> Self {
        Axis {
            name: name.into(),
            unit: unit.into(),
            low,
            high,
            cells,
        }
    }

    /// The cell a value falls in along this axis: ⌊cells × (value − low) / (high − low)⌋,
    /// clamped to `0..cells`, so values below the range (−∞ included) go to the first cell
    /// and values above it (+∞ included) to the last. A cell holds its lower edge; the upper
    /// end of the range belongs to the last cell. NaN has no cell: [`Grid::cell_of`] rejects
    /// it before asking; here it gives the first cell.
    #[must_use]
    pub fn index(&self, value: f64) -> usize {
        let cells = self.cells as f64;
        let position = cells * (value - self.low) / (self.high - self.low) + CELL_EPSILON;
        if position >= cells {
            self.cells - 1
        } else if position > 0.0 {
            // Rounds down: the position is positive and below the cell count.
            position as usize
        } else {
            0
        }
    }

    /// The lower and upper edges of cell `index` along this axis.
    #[must_use]
    pub fn edges(&self, index: usize) -> (f64, f64) {
        let width = (self.high - self.low) / self.cells as f64;
        let lower = self.low + width * index as f64;
        let upper = if index + 1 >= self.cells {
            self.high
        } else {
            self.low + width * (index + 1) as f64
        };
        (lower, upper)
    }

    fn check(&self, axis: usize) -> Result<(), ArchiveError> {
        let bad = |expected: &str| ArchiveError::Axis {
            axis,
            name: self.name.clone(),
            expected: expected.into(),
        };
        if !(self.low.is_finite() && self.high.is_finite()) {
            return Err(bad(&format!(
                "its range must be finite numbers, not {} to {}",
                self.low, self.high
            )));
        }
        if self.low >= self.high || !(self.high - self.low).is_finite() {
            return Err(bad(&format!(
                "its low end must be below its high end, not {} to {}",
                self.low, self.high
            )));
        }
        if self.cells == 0 {
            return Err(bad("it needs at least one cell"));
        }
        Ok(())
    }
}

/// Two or three [`Axis`]es: the cells of an archive. Cells are numbered in row-major order,
/// the last axis fastest (as numpy's `ravel_multi_index`, which pyribs uses): on a 3 × 4
/// grid, the cell at `(i, j)` is number `4i + j`.
///
/// ```
/// use ludoforge_evolve::archive::{Axis, Grid};
/// let grid = Grid::new(vec![
///     Axis::new("x", "", 0.0, 3.0, 3),
///     Axis::new("y", "", 0.0, 4.0, 4),
/// ])
/// .unwrap();
/// assert_eq!(grid.cells(), 12);
/// assert_eq!(grid.cell_of(&[2.5, 1.0]).unwrap(), 4 * 2 + 1);
/// assert_eq!(grid.coordinates(9), vec![2, 1]);
/// assert!(grid.cell_of(&[f64::NAN, 1.0]).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "GridParts")]
pub struct Grid {
    axes: Vec<Axis>,
}

/// A grid as saved, checked by [`Grid::new`] when loaded.
#[derive(Deserialize)]
struct GridParts {
    axes: Vec<Axis>,
}

impl TryFrom<GridParts> for Grid {
    type Error = ArchiveError;
    fn try_from(parts: GridParts) -> Result<Self, ArchiveError> {
        Grid::new(parts.axes)
    }
}

impl Grid {
    /// A grid over `axes`.
    ///
    /// # Errors
    /// [`ArchiveError::AxisCount`] unless there are 2 or 3 axes, [`ArchiveError::Axis`] for
    /// an axis whose range is not finite or empty or that has no cells,
    /// [`ArchiveError::TooManyCells`] beyond [`MAX_CELLS`] cells in all.
    pub fn new(axes: Vec<Axis>) -> Result<Self, ArchiveError> {
        if !(2..=3).contains(&axes.len()) {
            return Err(ArchiveError::AxisCount { found: axes.len() });
        }
        let mut cells: usize = 1;
        for (i, axis) in axes.iter().enumerate() {
            axis.check(i)?;
            cells = cells.saturating_mul(axis.cells);
        }
        if cells > MAX_CELLS {
            return Err(ArchiveError::TooManyCells {
                cells: axes
                    .iter()
                    .map(|a| a.cells.to_string())
                    .collect::<Vec<_>>()
                    .join(" × "),
                max: MAX_CELLS,
            });
        }
        Ok(Grid { axes })
    }

    /// The axes, in order.
    #[must_use]
    pub fn axes(&self) -> &[Axis] {
        &self.axes
    }

    /// The number of cells in all.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.axes.iter().map(|a| a.cells).product()
    }

    /// The cell that descriptors fall in (see [`Axis::index`]; outside the range, the edge
    /// cell).
    ///
    /// # Errors
    /// [`ArchiveError::DescriptorCount`] unless there is one descriptor per axis,
    /// [`ArchiveError::NotANumber`] for a NaN descriptor.
    pub fn cell_of(&self, descriptors: &[f64]) -> Result<usize, ArchiveError> {
        if descriptors.len() != self.axes.len() {
            return Err(ArchiveError::DescriptorCount {
                expected: self.axes.len(),
                found: descriptors.len(),
                names: self
                    .axes
                    .iter()
                    .map(|a| a.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        let mut cell = 0;
        for (i, (axis, &value)) in self.axes.iter().zip(descriptors).enumerate() {
            if value.is_nan() {
                return Err(ArchiveError::NotANumber {
                    axis: i,
                    name: axis.name.clone(),
                });
            }
            cell = cell * axis.cells + axis.index(value);
        }
        Ok(cell)
    }

    /// The position of `cell` along each axis (the inverse of the numbering above). A cell
    /// beyond the grid gives positions beyond the axes.
    #[must_use]
    pub fn coordinates(&self, cell: usize) -> Vec<usize> {
        let mut rest = cell;
        let mut coordinates = vec![0; self.axes.len()];
        for k in (1..self.axes.len()).rev() {
            coordinates[k] = rest % self.axes[k].cells;
            rest /= self.axes[k].cells;
        }
        coordinates[0] = rest;
        coordinates
    }

    /// The lower and upper edges of `cell` along each axis.
    #[must_use]
    pub fn edges(&self, cell: usize) -> Vec<(f64, f64)> {
        self.coordinates(cell)
            .into_iter()
            .zip(&self.axes)
            .map(|(i, axis)| axis.edges(i))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axis(low: f64, high: f64, cells: usize) -> Axis {
        Axis::new("a", "", low, high, cells)
    }

    #[test]
    fn indices_by_hand() {
        let a = axis(-1.0, 1.0, 4);
        // Cells [-1, -0.5), [-0.5, 0), [0, 0.5), [0.5, 1].
        let cases = [
            (-1.0, 0),
            (-0.75, 0),
            (-0.5, 1),
            (-0.0001, 1),
            (0.0, 2),
            (0.49, 2),
            (0.5, 3),
            (1.0, 3),
            (7.0, 3),
            (-7.0, 0),
            (f64::INFINITY, 3),
            (f64::NEG_INFINITY, 0),
        ];
        for (value, cell) in cases {
            assert_eq!(a.index(value), cell, "{value}");
        }
    }

    #[test]
    fn decimal_edges_land_in_the_cell_they_start() {
        // 29/100 is 28.999999999999996 cells from 0 in floating point.
        let a = axis(0.0, 1.0, 100);
        for k in 0..100 {
            assert_eq!(a.index(f64::from(k) / 100.0), k as usize, "{k}/100");
        }
    }

    #[test]
    fn row_major_numbering_and_back() {
        let grid = Grid::new(vec![
            axis(0.0, 2.0, 2),
            axis(0.0, 3.0, 3),
            axis(0.0, 4.0, 4),
        ])
        .unwrap();
        assert_eq!(grid.cells(), 24);
        assert_eq!(grid.cell_of(&[1.5, 2.5, 0.5]).unwrap(), 12 + 2 * 4);
        for cell in 0..24 {
            let c = grid.coordinates(cell);
            let centre: Vec<f64> = c.iter().map(|&i| i as f64 + 0.5).collect();
            assert_eq!(grid.cell_of(&centre).unwrap(), cell);
            assert_eq!(
                grid.edges(cell),
                c.iter()
                    .map(|&i| (i as f64, i as f64 + 1.0))
                    .collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn bad_grids_say_what_is_wrong() {
        let one = Grid::new(vec![axis(0.0, 1.0, 2)]);
        assert_eq!(one, Err(ArchiveError::AxisCount { found: 1 }));
        let four = Grid::new(vec![axis(0.0, 1.0, 2); 4]);
        assert_eq!(four, Err(ArchiveError::AxisCount { found: 4 }));
        for bad in [
            axis(1.0, 1.0, 2),
            axis(2.0, 1.0, 2),
            axis(f64::NAN, 1.0, 2),
            axis(0.0, f64::INFINITY, 2),
            axis(-f64::MAX, f64::MAX, 2),
            axis(0.0, 1.0, 0),
        ] {
            let error = Grid::new(vec![axis(0.0, 1.0, 2), bad.clone()]).unwrap_err();
            assert!(
                matches!(error, ArchiveError::Axis { axis: 1, .. }),
                "{bad:?}: {error}"
            );
        }
        let huge = Grid::new(vec![axis(0.0, 1.0, 1 << 12), axis(0.0, 1.0, 1 << 13)]);
        assert!(matches!(huge, Err(ArchiveError::TooManyCells { .. })));
        let overflow = Grid::new(vec![axis(0.0, 1.0, usize::MAX), axis(0.0, 1.0, 3)]);
        assert!(matches!(overflow, Err(ArchiveError::TooManyCells { .. })));
    }

    #[test]
    fn descriptors_are_checked() {
        let grid = Grid::new(vec![axis(0.0, 1.0, 2), Axis::new("b", "", 0.0, 1.0, 2)]).unwrap();
        assert!(matches!(
            grid.cell_of(&[0.5]),
            Err(ArchiveError::DescriptorCount {
                expected: 2,
                found: 1,
                ..
            })
        ));
        let nan = grid.cell_of(&[0.5, f64::NAN]).unwrap_err();
        assert_eq!(
            nan,
            ArchiveError::NotANumber {
                axis: 1,
                name: "b".into()
            }
        );
        assert!(nan.to_string().contains("\"b\""), "{nan}");
    }

    #[test]
    fn a_saved_grid_is_checked_when_loaded() {
        let grid = Grid::new(vec![axis(0.0, 1.0, 2), axis(0.0, 1.0, 3)]).unwrap();
        let text = serde_json::to_string(&grid).unwrap();
        assert_eq!(serde_json::from_str::<Grid>(&text).unwrap(), grid);
        let bad = text.replace("\"cells\":3", "\"cells\":0");
        assert!(serde_json::from_str::<Grid>(&bad).is_err());
    }
}
