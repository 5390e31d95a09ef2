//! `binary-v0`, `binary-wide-v0`, `binary-large-v0`: a maze of solid (0) and empty (1) tiles that
//! should be one region with a long path. Ported from `pcg_benchmark/probs/binary/problem.py` and
//! its `__init__.py` (`amidos2006/pcg_benchmark` at 00b96f57a3eba3529b1293de1e70d5b12a1f60cc).

use serde::Serialize;

use crate::measure::{longest_path, number_regions, range_reward};
use crate::{ControlDim, Grid, Measure, Problem};

/// The binary problem with one variant's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Binary {
    name: &'static str,
    width: usize,
    height: usize,
    /// The path length quality asks for (`path`, default width + height).
    target: i64,
    /// Share of tiles two contents must differ in (`diversity`, default 0.4).
    diversity: f64,
    /// Allowed distance from a control (`max(int(target · 0.25), 1)`).
    cerror: i64,
}

/// What `BinaryProblem.info` measures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BinaryInfo {
    /// Longest shortest path over empty tiles (`get_longest_path`).
    pub path: i32,
    /// Regions of empty tiles.
    pub regions: usize,
    /// The tiles, row-major (`content.flatten()`).
    pub flat: Vec<u8>,
}

impl Binary {
    /// A binary problem of the given size with the benchmark's defaults.
    #[must_use]
    pub fn new(name: &'static str, width: usize, height: usize) -> Self {
        let target = (width + height) as i64;
        Self {
            name,
            width,
            height,
            target,
            diversity: 0.4,
            cerror: ((target as f64 * 0.25) as i64).max(1),
        }
    }

    /// `binary-v0`: 14×14.
    #[must_use]
    pub fn v0() -> Self {
        Self::new("binary-v0", 14, 14)
    }

    /// `binary-wide-v0`: 28 wide, 14 high.
    #[must_use]
    pub fn wide() -> Self {
        Self::new("binary-wide-v0", 28, 14)
    }

    /// `binary-large-v0`: 28×28.
    #[must_use]
    pub fn large() -> Self {
        Self::new("binary-large-v0", 28, 28)
    }

    /// The path length quality asks for.
    #[must_use]
    pub fn target(&self) -> i64 {
        self.target
    }

    fn area(&self) -> f64 {
        (self.width * self.height) as f64
    }
}

impl Problem for Binary {
    type Info = BinaryInfo;

    fn name(&self) -> &'static str {
        self.name
    }

    fn width(&self) -> usize {
        self.width
    }

    fn height(&self) -> usize {
        self.height
    }

    fn tiles(&self) -> u8 {
        2
    }

    fn controls(&self) -> Vec<ControlDim> {
        vec![ControlDim {
            name: "path",
            low: self.target + self.cerror,
            high: (self.area() / 2.0) as i64,
        }]
    }

    fn info(&self, content: &Grid) -> BinaryInfo {
        BinaryInfo {
            path: longest_path(content, &[1]),
            regions: number_regions(content, &[1]),
            flat: content.cells().to_vec(),
        }
    }

    fn quality(&self, info: &BinaryInfo) -> f64 {
        let regions = range_reward(
            info.regions as f64,
            0.0,
            1.0,
            Some(1.0),
            Some(self.area() / 10.0),
        );
        let longest = range_reward(
            f64::from(info.path),
            0.0,
            self.target as f64,
            Some(self.area()),
            None,
        );
        (regions + longest) / 2.0
    }

    fn diversity(&self, a: &BinaryInfo, b: &BinaryInfo) -> f64 {
        let hamming = a.flat.iter().zip(&b.flat).filter(|(x, y)| x != y).count();
        let low = self.diversity * self.width as f64 * self.height as f64;
        range_reward(hamming as f64, 0.0, low, Some(self.area()), None)
    }

    fn measures(&self) -> Vec<Measure> {
        let control = &self.controls()[0];
        let low = (control.low - self.cerror).max(0);
        let high = control.high + self.cerror;
        vec![
            Measure {
                name: "path",
                low: low as f64,
                high: high as f64,
                cells: (high - low) as usize,
                help: "The longest shortest path over empty tiles, as the control asks for it.",
            },
            Measure {
                name: "empty",
                low: 0.0,
                high: self.area(),
                cells: 20,
                help: "Empty tiles: how open the maze is.",
            },
        ]
    }

    fn measure(&self, info: &BinaryInfo) -> Vec<f64> {
        let empty = info.flat.iter().filter(|&&t| t == 1).count();
        vec![f64::from(info.path), empty as f64]
    }

    fn controllability(&self, info: &BinaryInfo, control: &[i64]) -> f64 {
        let c = control[0];
        range_reward(
            f64::from(info.path),
            0.0,
            (c - self.cerror) as f64,
            Some((c + self.cerror) as f64),
            Some(self.area()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variants_parameters() {
        let v0 = Binary::v0();
        assert_eq!((v0.target, v0.cerror), (28, 7));
        assert_eq!(
            v0.controls(),
            vec![ControlDim {
                name: "path",
                low: 35,
                high: 98
            }]
        );
        let large = Binary::large();
        assert_eq!((large.target, large.cerror), (56, 14));
        assert_eq!(large.controls()[0].high, 392);
        assert_eq!(Binary::wide().controls()[0].high, 196);
    }

    #[test]
    fn all_empty_is_one_region_and_a_short_path() {
        let problem = Binary::v0();
        let info = problem.info(&Grid::filled(14, 14, 1));
        assert_eq!((info.regions, info.path), (1, 26));
        // Path 26 of a target 28: (26 − 0) / (28 + 1e-8) below the plateau.
        assert_eq!(
            problem.quality(&info),
            (1.0 + 26.0 / (28.0 + 0.000_000_01)) / 2.0
        );
        assert_eq!(problem.diversity(&info, &info), 0.0);
        assert_eq!(
            problem.controllability(&info, &[33]),
            1.0,
            "26 is within 7 of 33"
        );
    }
}
