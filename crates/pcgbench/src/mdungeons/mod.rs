//! `mdungeons-v0`, `mdungeons-enemies-v0`, `mdungeons-large-v0` (MiniDungeons): a room of solid
//! (0), empty (1), player (2), exit (3), potion (4), treasure (5), goblin (6) and ogre (7) tiles
//! that should be one region with one player and one exit, about half walls and floor, the asked
//! number of enemies, and a solution the benchmark's solvers find that passes near the enemies.
//! Ported from `pcg_benchmark/probs/mdungeons/problem.py`, `engine.py` and `__init__.py`
//! (`amidos2006/pcg_benchmark` at 00b96f57a3eba3529b1293de1e70d5b12a1f60cc).
//!
//! The game ([`engine`]) has no randomness and its enemies never move. The solvers ([`search`])
//! are the Python's, node for node: A* with the depth weighed 1, 0.5 and 0, then breadth-first
//! search, each stopping after the variant's `solver` pops. A solution is the list of locations
//! `Node.getLocations` builds, in the padded level's coordinates (one more than the content's);
//! the quality measures each enemy's distance to it with that offset, as the Python does. The
//! diversity compares what the solutions collect (`_get_solution_sequence`: `p`, `$`, `1`, `2`
//! per potion, treasure, goblin, ogre met) and the tiles that differ.

pub mod engine;
pub mod search;

use serde::Serialize;

use crate::difflib::ratio;
use crate::measure::{certain_tiles, num_tiles, number_regions, range_reward};
use crate::{ControlDim, Grid, Measure, Problem};
use engine::{GameStatus, Level, Location, solution_sequence};

/// Tile values.
pub mod tile {
    /// Wall.
    pub const SOLID: u8 = 0;
    /// Floor.
    pub const EMPTY: u8 = 1;
    /// The player's start.
    pub const PLAYER: u8 = 2;
    /// The exit.
    pub const EXIT: u8 = 3;
    /// A potion (heals 2).
    pub const POTION: u8 = 4;
    /// A treasure.
    pub const TREASURE: u8 = 5;
    /// A goblin (damage 1).
    pub const GOBLIN: u8 = 6;
    /// An ogre (damage 2).
    pub const OGRE: u8 = 7;
}

/// The MiniDungeons problem with one variant's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct MiniDungeons {
    name: &'static str,
    width: usize,
    height: usize,
    /// `enemies`: how many enemies a content should have.
    enemies: usize,
    /// `solver`: pops each of the four searches may make.
    solver: usize,
    /// `diversity`: how different two contents must be (default 0.4).
    diversity: f64,
}

/// What `MiniDungeonProblem.info` measures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MiniDungeonsInfo {
    /// Regions of non-solid tiles.
    pub regions: usize,
    /// Player tiles.
    pub players: usize,
    /// Exit tiles.
    pub exits: usize,
    /// Solid and empty tiles.
    pub layout: usize,
    /// `0` when solved, the breadth-first search's best heuristic when not, `-1` when the solvers
    /// did not run (not one region, one player and one exit).
    pub heuristic: i64,
    /// The locations of the solution found (padded coordinates), empty when none.
    pub solution: Vec<Location>,
    /// The content itself (the benchmark's fixtures leave it out).
    pub content: Grid,
    /// Potion tiles.
    pub potions: usize,
    /// Treasure tiles.
    pub treasures: usize,
    /// Goblin and ogre tiles.
    pub enemies: usize,
    /// Locations in the solution.
    pub solution_length: usize,
    /// The enemies' tiles, `(x, y)` row by row.
    pub enemies_loc: Vec<(usize, usize)>,
    /// `getGameStatus()` of the node the solvers returned, when they ran (its keys are merged
    /// into the benchmark's dictionary).
    #[serde(flatten)]
    pub stats: Option<GameStatus>,
    /// `_get_solution_sequence` of the solution, made once.
    #[serde(skip)]
    pub sequence: String,
}

impl MiniDungeons {
    /// A MiniDungeons problem of the given size, enemy count and solver budget with the
    /// benchmark's default diversity (0.4).
    #[must_use]
    pub fn new(
        name: &'static str,
        width: usize,
        height: usize,
        enemies: usize,
        solver: usize,
    ) -> Self {
        Self {
            name,
            width,
            height,
            enemies,
            solver,
            diversity: 0.4,
        }
    }

    /// `mdungeons-v0`: 8×12, 8 enemies, 5,000 pops per search.
    #[must_use]
    pub fn v0() -> Self {
        Self::new("mdungeons-v0", 8, 12, 8, 5000)
    }

    /// `mdungeons-enemies-v0`: 8×12, 16 enemies, 5,000 pops per search.
    #[must_use]
    pub fn enemies() -> Self {
        Self::new("mdungeons-enemies-v0", 8, 12, 16, 5000)
    }

    /// `mdungeons-large-v0`: 16×24, 16 enemies, 10,000 pops per search.
    #[must_use]
    pub fn large() -> Self {
        Self::new("mdungeons-large-v0", 16, 24, 16, 10000)
    }

    fn area(&self) -> usize {
        self.width * self.height
    }

    /// `_cerror`: the tolerance of each control, `max(0.2 · (width + height), 1)` treasures and
    /// `max(0.5 · enemies, 1)` locations.
    fn cerror(&self) -> (f64, f64) {
        (
            (0.2 * (self.width + self.height) as f64).max(1.0),
            (0.5 * self.enemies as f64).max(1.0),
        )
    }
}

impl Problem for MiniDungeons {
    type Info = MiniDungeonsInfo;

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
        8
    }

    fn controls(&self) -> Vec<ControlDim> {
        vec![
            ControlDim {
                name: "col_treasures",
                low: 0,
                high: (self.width + self.height) as i64,
            },
            ControlDim {
                name: "solution_length",
                low: 2 * self.enemies as i64,
                high: (self.area() as f64 / 2.0) as i64,
            },
        ]
    }

    fn info(&self, content: &Grid) -> MiniDungeonsInfo {
        use tile::{EMPTY, EXIT, GOBLIN, OGRE, PLAYER, POTION, SOLID, TREASURE};
        let regions = number_regions(content, &[1, 2, 3, 4, 5, 6, 7]);
        let players = num_tiles(content, &[PLAYER]);
        let exits = num_tiles(content, &[EXIT]);
        let (mut heuristic, mut solution, mut stats) = (-1, Vec::new(), None);
        if regions == 1 && players == 1 && exits == 1 {
            let (level, start) = Level::parse(content).expect("one player and one exit");
            let (h, locations, status) = search::run_game(&level, &start, self.solver);
            (heuristic, solution, stats) = (h, locations, Some(status));
        }
        MiniDungeonsInfo {
            regions,
            players,
            exits,
            layout: num_tiles(content, &[SOLID, EMPTY]),
            heuristic,
            sequence: solution_sequence(content, &solution),
            solution_length: solution.len(),
            solution,
            content: content.clone(),
            potions: num_tiles(content, &[POTION]),
            treasures: num_tiles(content, &[TREASURE]),
            enemies: num_tiles(content, &[GOBLIN, OGRE]),
            enemies_loc: certain_tiles(content, &[GOBLIN, OGRE]),
            stats,
        }
    }

    fn quality(&self, info: &MiniDungeonsInfo) -> f64 {
        let area = self.area() as f64;
        let regions = range_reward(info.regions as f64, 0.0, 1.0, Some(1.0), Some(area / 10.0));
        let player = range_reward(info.players as f64, 0.0, 1.0, Some(1.0), Some(area));
        let exit = range_reward(info.exits as f64, 0.0, 1.0, Some(1.0), Some(area));
        let enemies = range_reward(
            info.enemies as f64,
            0.0,
            self.enemies as f64,
            Some(area),
            None,
        );
        let layout = range_reward(info.layout as f64, 0.0, area / 2.0, Some(area), None);
        let stats = (player + exit + regions + enemies + layout) / 5.0;
        let (mut solution, mut near) = (0.0, 0.0);
        if player == 1.0 && exit == 1.0 && regions == 1.0 {
            let squared = (self.area() * self.area()) as f64;
            solution += range_reward(info.heuristic as f64, 0.0, 0.0, Some(0.0), Some(squared));
            solution += range_reward(
                info.solution.len() as f64,
                0.0,
                (self.enemies + 2) as f64,
                Some(squared),
                None,
            );
            solution /= 2.0;
            let mut dist: Vec<i64> = info
                .enemies_loc
                .iter()
                .map(|&(ex, ey)| {
                    info.solution
                        .iter()
                        .map(|l| (l.x - ex as i64 - 1).abs() + (l.y - ey as i64 - 1).abs())
                        .min()
                        .unwrap_or((self.width + self.height) as i64)
                })
                .collect();
            dist.sort_unstable();
            dist.truncate(self.enemies);
            let total: i64 = dist.iter().sum();
            near += range_reward(
                total as f64,
                0.0,
                0.0,
                Some(0.0),
                Some((self.enemies * (self.width + self.height)) as f64),
            );
        }
        (stats + solution + near) / 3.0
    }

    fn diversity(&self, a: &MiniDungeonsInfo, b: &MiniDungeonsInfo) -> f64 {
        let hamming = a.content.hamming(&b.content) as f64 / self.area() as f64;
        let seq_score = 1.0 - ratio(a.sequence.as_bytes(), b.sequence.as_bytes());
        range_reward(
            seq_score * 0.8 + hamming * 0.2,
            0.0,
            self.diversity,
            Some(1.0),
            None,
        )
    }

    fn controllability(&self, info: &MiniDungeonsInfo, control: &[i64]) -> f64 {
        let Some(stats) = &info.stats else {
            return 0.0;
        };
        if info.heuristic == -1 {
            return 0.0;
        }
        let (ct, cs) = self.cerror();
        let treasures = range_reward(
            f64::from(stats.col_treasures),
            0.0,
            control[0] as f64 - ct,
            Some(control[0] as f64 + ct),
            None,
        );
        let sol_length = range_reward(
            info.solution_length as f64,
            0.0,
            control[1] as f64 - cs,
            Some(control[1] as f64 + cs),
            None,
        );
        (treasures + sol_length) / 2.0
    }

    fn measures(&self) -> Vec<Measure> {
        let controls = self.controls();
        let (ct, cs) = self.cerror();
        let treasures_high = controls[0].high as f64 + ct;
        let length_high = controls[1].high as f64 + cs;
        vec![
            Measure {
                name: "col_treasures",
                low: 0.0,
                high: treasures_high,
                cells: treasures_high as usize,
                help: "Treasures the solution collects, as the control asks for them (-1 when the \
                       solvers did not run).",
            },
            Measure {
                name: "solution_length",
                low: 0.0,
                high: length_high,
                cells: 20,
                help: "Locations of the solution the solvers found, as the control asks for them \
                       (0 when unsolved, -1 when the solvers did not run).",
            },
        ]
    }

    fn measure(&self, info: &MiniDungeonsInfo) -> Vec<f64> {
        match &info.stats {
            Some(stats) if info.heuristic != -1 => {
                vec![f64::from(stats.col_treasures), info.solution_length as f64]
            }
            _ => vec![-1.0, -1.0],
        }
    }
}

#[cfg(test)]
mod tests;
