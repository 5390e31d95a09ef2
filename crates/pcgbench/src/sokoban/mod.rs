//! `sokoban-v0`, `sokoban-complex-v0`, `sokoban-large-v0`: a room of solid (0), empty (1),
//! player (2), crate (3) and target (4) tiles that should have one player, as many targets as
//! crates, and a solution of at least a given length that the benchmark's solvers find. Ported
//! from `pcg_benchmark/probs/sokoban/problem.py`, `engine.py` and `__init__.py`
//! (`amidos2006/pcg_benchmark` at 00b96f57a3eba3529b1293de1e70d5b12a1f60cc).
//!
//! The solvers ([`search`]) are the Python's, node for node: a breadth-first search, then A*
//! with the depth weighed 1, 0.5 and 0, each stopping after the variant's `solver` pops. What
//! they cannot solve in that budget counts as unsolved, and they drop every push after which
//! any crate stands on one of the Python's deadlock cells ([`engine::Level`]). The diversity
//! compares solutions as letter strings (`_sol2str`): moves and pushes mirrored so the first move
//! goes right and the first vertical move down, repeated letters merged.

pub mod engine;
pub mod search;

use serde::Serialize;

use crate::difflib::ratio;
use crate::measure::{num_tiles, range_reward};
use crate::{ControlDim, Grid, Measure, Problem};
use engine::{Level, Step};

/// Tile values.
pub mod tile {
    /// Wall.
    pub const SOLID: u8 = 0;
    /// Floor.
    pub const EMPTY: u8 = 1;
    /// The player's start.
    pub const PLAYER: u8 = 2;
    /// A crate.
    pub const CRATE: u8 = 3;
    /// A target for a crate.
    pub const TARGET: u8 = 4;
}

/// The sokoban problem with one variant's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Sokoban {
    name: &'static str,
    width: usize,
    height: usize,
    /// `difficulty`: the solution length asked for is `(width + height) · difficulty`.
    difficulty: usize,
    /// `solver`: pops each of the four searches may make.
    solver: usize,
    /// `diversity`: how different two solutions must be (default 0.5).
    diversity: f64,
}

/// What `SokobanProblem.info` measures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SokobanInfo {
    /// Player tiles.
    pub players: usize,
    /// Crate tiles.
    pub crates: usize,
    /// Target tiles.
    pub targets: usize,
    /// The content itself (the benchmark's fixtures leave it out).
    pub content: Grid,
    /// `0` when solved, the best heuristic found when not, `-1` when the solvers did not run (not
    /// exactly one player, or no crates, or fewer or more targets than crates).
    pub heuristic: i64,
    /// The moves of the solution found, empty when none.
    pub solution: Vec<Step>,
    /// The solution as the diversity compares it (`_sol2str`, repeated letters merged), made
    /// once from `content` and `solution`.
    #[serde(skip)]
    pub letters: String,
}

impl Sokoban {
    /// A sokoban problem of the given size, difficulty and solver budget with the benchmark's
    /// default diversity (0.5).
    #[must_use]
    pub fn new(
        name: &'static str,
        width: usize,
        height: usize,
        difficulty: usize,
        solver: usize,
    ) -> Self {
        Self {
            name,
            width,
            height,
            difficulty,
            solver,
            diversity: 0.5,
        }
    }

    /// `sokoban-v0`: 5×5, difficulty 1, 5,000 pops per search.
    #[must_use]
    pub fn v0() -> Self {
        Self::new("sokoban-v0", 5, 5, 1, 5000)
    }

    /// `sokoban-complex-v0`: 5×5, difficulty 4, 20,000 pops per search.
    #[must_use]
    pub fn complex() -> Self {
        Self::new("sokoban-complex-v0", 5, 5, 4, 20000)
    }

    /// `sokoban-large-v0`: 8×8, difficulty 3, 10,000 pops per search.
    #[must_use]
    pub fn large() -> Self {
        Self::new("sokoban-large-v0", 8, 8, 3, 10000)
    }

    fn area(&self) -> usize {
        self.width * self.height
    }
}

/// `_sol2str` with repeated letters merged, as `diversity` compares solutions: replayed from the
/// start to tell pushes from walks, turned so the first move is along x and goes right, flipped
/// so the first vertical move goes down; walks are `r l d u`, pushes `e k s y`.
///
/// # Panics
/// When `solution` is not empty and the content has no player.
#[must_use]
pub fn solution_letters(content: &Grid, solution: &[Step]) -> String {
    let Some(first) = solution.first() else {
        return String::new();
    };
    let (level, mut state) = Level::parse(content).expect("a solved content has a player");
    let pushes: Vec<bool> = solution
        .iter()
        .map(|s| state.update(&level, s.x, s.y) == Some(true))
        .collect();
    let mut sol: Vec<(i8, i8)> = solution.iter().map(|s| (s.x, s.y)).collect();
    if first.x == 0 {
        for a in &mut sol {
            *a = (a.1, a.0);
        }
    }
    if sol[0].0 < 0 {
        for a in &mut sol {
            a.0 = -a.0;
        }
    }
    let flip = sol.iter().find(|a| a.1 != 0).is_some_and(|a| a.1 < 0);
    if flip {
        for a in &mut sol {
            a.1 = -a.1;
        }
    }
    let mut out = String::new();
    for (&push, &(x, y)) in pushes.iter().zip(&sol) {
        let [right, left, down, up] = if push {
            ['e', 'k', 's', 'y']
        } else {
            ['r', 'l', 'd', 'u']
        };
        for (hit, letter) in [
            (x == 1, right),
            (x == -1, left),
            (y == 1, down),
            (y == -1, up),
        ] {
            if hit && !out.ends_with(letter) {
                out.push(letter);
            }
        }
    }
    out
}

impl Problem for Sokoban {
    type Info = SokobanInfo;

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
        5
    }

    fn controls(&self) -> Vec<ControlDim> {
        vec![ControlDim {
            name: "crates",
            low: 1,
            high: (self.width + 1).max(self.height + 1) as i64,
        }]
    }

    fn info(&self, content: &Grid) -> SokobanInfo {
        use tile::{CRATE, PLAYER, TARGET};
        let players = num_tiles(content, &[PLAYER]);
        let crates = num_tiles(content, &[CRATE]);
        let targets = num_tiles(content, &[TARGET]);
        let (mut heuristic, mut solution) = (-1, Vec::new());
        if players == 1 && crates > 0 && crates == targets {
            let (level, start) = Level::parse(content).expect("one player");
            let (h, steps) = search::run_game(&level, &start, self.solver);
            (heuristic, solution) = (i64::from(h), steps);
        }
        SokobanInfo {
            players,
            crates,
            targets,
            letters: solution_letters(content, &solution),
            content: content.clone(),
            heuristic,
            solution,
        }
    }

    fn quality(&self, info: &SokobanInfo) -> f64 {
        let area = self.area() as f64;
        let player = range_reward(info.players as f64, 0.0, 1.0, Some(1.0), Some(area));
        let crates = range_reward(info.crates as f64, 0.0, 1.0, Some(area), None);
        let crate_target = range_reward(
            info.crates.abs_diff(info.targets) as f64,
            0.0,
            0.0,
            Some(0.0),
            Some(area),
        );
        let stats = (player + crates + crate_target) / 3.0;
        let mut added = 0.0;
        if info.heuristic >= 0 {
            let heuristic = range_reward(
                info.heuristic as f64,
                0.0,
                0.0,
                Some(0.0),
                Some(((self.width + self.height) * info.crates) as f64),
            );
            let sol_length = range_reward(
                info.solution.len() as f64,
                0.0,
                ((self.width + self.height) * self.difficulty) as f64,
                Some(self.area().pow(2) as f64),
                None,
            );
            added = (heuristic + sol_length) / 2.0;
        }
        (stats + added) / 2.0
    }

    fn diversity(&self, a: &SokobanInfo, b: &SokobanInfo) -> f64 {
        let similar = ratio(a.letters.as_bytes(), b.letters.as_bytes());
        range_reward(1.0 - similar, 0.0, self.diversity, Some(1.0), None)
    }

    fn controllability(&self, info: &SokobanInfo, control: &[i64]) -> f64 {
        let asked = control[0];
        range_reward(
            info.crates as f64,
            0.0,
            (asked - 1).max(1) as f64,
            Some((asked + 1) as f64),
            Some(self.area() as f64),
        )
    }

    fn measures(&self) -> Vec<Measure> {
        let high = self.controls()[0].high + 1;
        let target = ((self.width + self.height) * self.difficulty) as f64;
        vec![
            Measure {
                name: "crates",
                low: 0.0,
                high: high as f64,
                cells: high as usize,
                help: "Crates in the room, as the control asks for them.",
            },
            Measure {
                name: "solution_length",
                low: 0.0,
                high: 2.0 * target,
                cells: 20,
                help: "Moves of the solution the solvers found (0 when unsolved).",
            },
        ]
    }

    fn measure(&self, info: &SokobanInfo) -> Vec<f64> {
        vec![info.crates as f64, info.solution.len() as f64]
    }
}

#[cfg(test)]
mod tests;
