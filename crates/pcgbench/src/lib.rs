//! Problems of the PCG Benchmark (Khalifa, Gallotta, Barthet, Liapis, Togelius and Yannakakis,
//! FDG 2025; `amidos2006/pcg_benchmark`, MIT) scored natively.
//!
//! Each problem here is a port of the benchmark's Python (`pcg_benchmark/probs/<name>/problem.py`
//! at commit 00b96f57a3eba3529b1293de1e70d5b12a1f60cc) that gives the same numbers: the same
//! `info` measures, the same quality and controllability, and the same set scores from
//! [`evaluate`] as `PCGEnv.evaluate` — checked against the benchmark's own outputs on fixed
//! contents in this crate's tests.
//!
//! ```
//! use ludoforge_pcgbench::{binary::Binary, evaluate, Grid, Problem};
//!
//! let problem = Binary::v0();
//! // A 14×14 serpentine corridor: one region, a long path.
//! let mut content = Grid::filled(14, 14, 0);
//! for y in (0..14).step_by(2) {
//!     for x in 0..14 {
//!         content.set(x, y, 1);
//!     }
//!     let link = if y % 4 == 0 { 13 } else { 0 };
//!     if y + 1 < 14 {
//!         content.set(link, y + 1, 1);
//!     }
//! }
//! let info = problem.info(&content);
//! assert_eq!(info.regions, 1);
//! assert_eq!(problem.quality(&info), 1.0);
//! let scores = evaluate(&problem, &[info], None);
//! assert_eq!(scores.quality, 1.0);
//! ```

pub mod binary;
pub mod difflib;
pub mod env;
pub mod grid;
mod heapq;
pub mod job;
pub mod mdungeons;
pub mod measure;
pub mod sokoban;
pub mod zelda;

pub use env::{Scores, evaluate};
pub use grid::{Grid, GridError};

use serde::Serialize;

/// The commit of `amidos2006/pcg_benchmark` the problems are ported from.
pub const BENCHMARK_COMMIT: &str = "00b96f57a3eba3529b1293de1e70d5b12a1f60cc";

/// One control dimension: an `IntegerSpace(low, high)` (`high` excluded) under a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ControlDim {
    /// The key in the benchmark's control dictionary.
    pub name: &'static str,
    /// Smallest value.
    pub low: i64,
    /// One past the largest value.
    pub high: i64,
}

/// A measure of a content that explorations place contents by: the quantities the control space
/// asks for first, then any that spread contents further.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Measure {
    /// Its name, lower case words joined by `_`.
    pub name: &'static str,
    /// Low end of the range worth covering.
    pub low: f64,
    /// High end of the range worth covering.
    pub high: f64,
    /// Cells along its axis by default.
    pub cells: usize,
    /// What it measures, in a sentence.
    pub help: &'static str,
}

/// A benchmark problem: a content space of `height`×`width` integer arrays, the measures
/// (`info`) taken from a content, and the three per-content scores built from them.
pub trait Problem: Send + Sync {
    /// What `info` measures; serialises with the benchmark's keys.
    type Info: Clone + Send + Sync + Serialize;

    /// The benchmark's name for this problem and variant (`"zelda-v0"`).
    fn name(&self) -> &'static str;
    /// Columns of a content.
    fn width(&self) -> usize;
    /// Rows of a content.
    fn height(&self) -> usize;
    /// How many tile values (`IntegerSpace(n)`): tiles are `0..n`.
    fn tiles(&self) -> u8;
    /// The control space, in the order controls are given to [`Problem::controllability`].
    fn controls(&self) -> Vec<ControlDim>;
    /// The measures of one content.
    fn info(&self, content: &Grid) -> Self::Info;
    /// Quality in `[0, 1]`; 1 is "fully valid and playable".
    fn quality(&self, info: &Self::Info) -> f64;
    /// How different two contents are, in `[0, 1]`; 1 is "different enough".
    fn diversity(&self, a: &Self::Info, b: &Self::Info) -> f64;
    /// How well a content meets `control` (one value per [`Problem::controls`] dimension), in
    /// `[0, 1]`.
    fn controllability(&self, info: &Self::Info, control: &[i64]) -> f64;
    /// The measures an exploration places contents by (see [`Measure`]); none by default.
    fn measures(&self) -> Vec<Measure> {
        Vec::new()
    }
    /// The values of [`Problem::measures`] for one content, in the same order. The first
    /// `controls().len()` values decide [`Problem::controllability`]: two contents with the same
    /// first values meet every control alike (explorations group contents by them).
    fn measure(&self, info: &Self::Info) -> Vec<f64> {
        let _ = info;
        Vec::new()
    }
}
