//! The benchmark's Sokoban game (`pcg_benchmark/probs/sokoban/engine.py`, `State`): a padded
//! level of walls, targets and the cells where a crate can never be moved out again, and the
//! moving part — the player and the crates — that the solvers of [`super::search`] search over.
//!
//! Positions are cells of the padded level, `y · width + x`. Crates keep their order in the list
//! as they move (the Python's crate dictionaries keep their identity), so two states whose crates
//! stand on the same cells in another order are different states, as the Python's `getKey` has
//! them.

use serde::Serialize;

use crate::Grid;

/// The four moves in the order the Python's `directions` tries them: left, right, up, down.
pub const DIRECTIONS: [Step; 4] = [
    Step { x: -1, y: 0 },
    Step { x: 1, y: 0 },
    Step { x: 0, y: -1 },
    Step { x: 0, y: 1 },
];

/// One move of the player, serialised as the Python's `{"x": dx, "y": dy}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Step {
    /// Columns moved: −1, 0 or 1.
    pub x: i8,
    /// Rows moved: −1, 0 or 1.
    pub y: i8,
}

/// What a move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// The player could not move (a wall, or a crate that could not be pushed).
    Blocked,
    /// The player walked to a free cell.
    Walk,
    /// The player pushed a crate one cell on.
    Push,
}

/// The part of a level that does not move: walls, targets and deadlock cells, as
/// `State.stringInitialize` and `State.intializeDeadlocks` make them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    width: usize,
    height: usize,
    solid: Vec<bool>,
    deadlock: Vec<bool>,
    target_at: Vec<bool>,
    targets: Vec<u16>,
    xs: Vec<i32>,
    ys: Vec<i32>,
}

/// The moving part of a level: the player's cell and each crate's cell, in the order the crates
/// were read (row-major).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The player's cell.
    pub player: u16,
    /// Each crate's cell.
    pub crates: Vec<u16>,
}

impl Level {
    /// The level and start of a content as `_run_game` builds them: the content padded with one
    /// tile of wall all round, solid (0) read as wall, player (2), crate (3) and target (4) as
    /// such. When there are several players the last in row-major order is the player (the
    /// Python overwrites it); `None` when there is no player.
    ///
    /// # Panics
    /// When the padded level has more than 65,536 cells.
    #[must_use]
    pub fn parse(content: &Grid) -> Option<(Self, State)> {
        let padded = content.padded(0);
        let (width, height) = (padded.width(), padded.height());
        assert!(
            width * height <= usize::from(u16::MAX) + 1,
            "a {width}×{height} padded level is too large for 16-bit cells"
        );
        let cells = padded.cells();
        let mut player = None;
        let mut crates = Vec::new();
        let mut targets = Vec::new();
        for (cell, &tile) in cells.iter().enumerate() {
            let cell = cell as u16;
            match tile {
                2 => player = Some(cell),
                3 => crates.push(cell),
                4 => targets.push(cell),
                _ => {}
            }
        }
        let mut target_at = vec![false; cells.len()];
        for &t in &targets {
            target_at[usize::from(t)] = true;
        }
        let mut level = Self {
            width,
            height,
            solid: cells.iter().map(|&t| t == 0).collect(),
            deadlock: vec![false; cells.len()],
            target_at,
            targets,
            xs: (0..cells.len()).map(|c| (c % width) as i32).collect(),
            ys: (0..cells.len()).map(|c| (c / width) as i32).collect(),
        };
        level.initialize_deadlocks();
        Some((
            level,
            State {
                player: player?,
                crates,
            },
        ))
    }

    /// Columns of the padded level.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Rows of the padded level.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The targets' cells, row-major.
    #[must_use]
    pub fn targets(&self) -> &[u16] {
        &self.targets
    }

    /// Whether a crate on `cell` counts as stuck (`deadlocks[y][x]`).
    #[must_use]
    pub fn is_deadlock(&self, cell: u16) -> bool {
        self.deadlock[usize::from(cell)]
    }

    /// The cell at column `x`, row `y`.
    #[must_use]
    pub fn cell(&self, x: usize, y: usize) -> u16 {
        (y * self.width + x) as u16
    }

    /// Column and row of `cell`.
    #[must_use]
    pub fn xy(&self, cell: u16) -> (i32, i32) {
        (self.xs[usize::from(cell)], self.ys[usize::from(cell)])
    }

    fn solid_at(&self, x: i32, y: i32) -> bool {
        self.solid[y as usize * self.width + x as usize]
    }

    fn target_xy(&self, x: i32, y: i32) -> bool {
        self.target_at[y as usize * self.width + x as usize]
    }

    /// `intializeDeadlocks`: every free non-target cell with walls on two sides meeting at a
    /// corner, then every cell on a straight run between two such corners when no cell of the run
    /// is a target or a wall and each has a wall above or below it (left or right of it for a
    /// column), so a crate there can never leave the run.
    fn initialize_deadlocks(&mut self) {
        let (w, h) = (self.width as i32, self.height as i32);
        let mut corners = Vec::new();
        for y in 0..h {
            for x in 0..w {
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 || self.solid_at(x, y) {
                    continue;
                }
                let s = |dx: i32, dy: i32| self.solid_at(x + dx, y + dy);
                if ((s(0, -1) && s(-1, 0))
                    || (s(0, -1) && s(1, 0))
                    || (s(0, 1) && s(-1, 0))
                    || (s(0, 1) && s(1, 0)))
                    && !self.target_xy(x, y)
                {
                    corners.push((x, y));
                    self.deadlock[(y * w + x) as usize] = true;
                }
            }
        }
        let mut walls = Vec::new();
        for &(x1, y1) in &corners {
            for &(x2, y2) in &corners {
                let (dx, dy) = ((x1 - x2).signum(), (y1 - y2).signum());
                if (dx == 0 && dy == 0) || (dx != 0 && dy != 0) {
                    continue;
                }
                walls.clear();
                let (mut x, mut y) = (x2, y2);
                if dx != 0 {
                    x += dx;
                    while x != x1 {
                        if self.target_xy(x, y)
                            || self.solid_at(x, y)
                            || (!self.solid_at(x, y - 1) && !self.solid_at(x, y + 1))
                        {
                            walls.clear();
                            break;
                        }
                        walls.push((x, y));
                        x += dx;
                    }
                }
                if dy != 0 {
                    y += dy;
                    while y != y1 {
                        if self.target_xy(x, y)
                            || self.solid_at(x, y)
                            || (!self.solid_at(x - 1, y) && !self.solid_at(x + 1, y))
                        {
                            walls.clear();
                            break;
                        }
                        walls.push((x, y));
                        y += dy;
                    }
                }
                for &(x, y) in &walls {
                    self.deadlock[(y * w + x) as usize] = true;
                }
            }
        }
    }

    /// The cell one `step` from `cell`, `None` outside the level (`checkOutside`).
    fn neighbour(&self, cell: u16, step: Step) -> Option<u16> {
        let (x, y) = self.xy(cell);
        let (x, y) = (x + i32::from(step.x), y + i32::from(step.y));
        (x >= 0 && y >= 0 && x < self.width as i32 && y < self.height as i32)
            .then(|| (y as usize * self.width + x as usize) as u16)
    }

    /// `checkMovableLocation`: inside, not a wall and no crate on it.
    fn movable(&self, cell: Option<u16>, crates: &[u16]) -> bool {
        cell.is_some_and(|c| !self.solid[usize::from(c)] && !crates.contains(&c))
    }

    /// Moves the player of `state` (`[player, crates…]`) by a unit `step`, pushing a crate when
    /// one is in the way and the cell behind it is free: the body of `State.update` after its
    /// checks.
    pub fn step(&self, state: &mut [u16], step: Step) -> Move {
        let (player, crates) = state.split_first_mut().expect("a player");
        let next = self.neighbour(*player, step);
        if self.movable(next, crates) {
            *player = next.expect("movable cells are inside");
            return Move::Walk;
        }
        let Some(next) = next else {
            return Move::Blocked;
        };
        if let Some(k) = crates.iter().position(|&c| c == next) {
            let beyond = self.neighbour(next, step);
            if self.movable(beyond, crates) {
                *player = next;
                crates[k] = beyond.expect("movable cells are inside");
                return Move::Push;
            }
        }
        Move::Blocked
    }

    /// `checkWin`: as many targets as crates, at least one, and a crate on every target.
    #[must_use]
    pub fn won(&self, crates: &[u16]) -> bool {
        if self.targets.len() != crates.len() || self.targets.is_empty() {
            return false;
        }
        self.targets.iter().all(|t| crates.contains(t))
    }

    /// `checkDeadlock`: some crate stands on a deadlock cell.
    #[must_use]
    pub fn stuck(&self, crates: &[u16]) -> bool {
        crates.iter().any(|&c| self.deadlock[usize::from(c)])
    }

    /// `getHeuristic`: crates in order each take the nearest remaining target (the first of the
    /// nearest, Manhattan distance, starting from `width + height`), which is then removed; the
    /// sum of those distances. `remaining` is scratch space. Where the Python would run out of
    /// targets (it raises `IndexError`; the problem never asks) the sum stops.
    pub fn heuristic(&self, crates: &[u16], remaining: &mut Vec<u16>) -> i32 {
        remaining.clear();
        remaining.extend_from_slice(&self.targets);
        let mut distance = 0;
        for &c in crates {
            if remaining.is_empty() {
                break;
            }
            let (cx, cy) = self.xy(c);
            let mut best_dist = (self.width + self.height) as i32;
            let mut best_match = 0;
            for (i, &t) in remaining.iter().enumerate() {
                let (tx, ty) = self.xy(t);
                let d = (cx - tx).abs() + (cy - ty).abs();
                if best_dist > d {
                    best_match = i;
                    best_dist = d;
                }
            }
            let (tx, ty) = self.xy(remaining[best_match]);
            distance += (tx - cx).abs() + (ty - cy).abs();
            remaining.remove(best_match);
        }
        distance
    }
}

impl State {
    /// The state as one slice, `[player, crates…]` (what [`Level::step`] moves).
    #[must_use]
    pub fn packed(&self) -> Vec<u16> {
        let mut out = Vec::with_capacity(1 + self.crates.len());
        out.push(self.player);
        out.extend_from_slice(&self.crates);
        out
    }

    /// `State.update(dirX, dirY)`: `None` for a diagonal move or when the level is already won
    /// (the Python returns nothing), otherwise whether a crate was pushed. Longer moves count as
    /// one cell, as the Python clamps them.
    pub fn update(&mut self, level: &Level, x: i8, y: i8) -> Option<bool> {
        if x != 0 && y != 0 {
            return None;
        }
        if level.won(&self.crates) {
            return None;
        }
        let mut packed = self.packed();
        let moved = level.step(
            &mut packed,
            Step {
                x: x.signum(),
                y: y.signum(),
            },
        );
        self.player = packed[0];
        self.crates.copy_from_slice(&packed[1..]);
        Some(moved == Move::Push)
    }

    /// `checkWin` on this state.
    #[must_use]
    pub fn won(&self, level: &Level) -> bool {
        level.won(&self.crates)
    }

    /// `getHeuristic` on this state.
    #[must_use]
    pub fn heuristic(&self, level: &Level) -> i32 {
        level.heuristic(&self.crates, &mut Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(art: &str) -> Grid {
        Grid::from_digits(art, 5).unwrap()
    }

    #[test]
    fn corners_and_runs_between_them_are_deadlocks() {
        // Padded 7×7; the free interior is the 5×5 content.
        let (level, state) = Level::parse(&grid(
            "
            11111
            11111
            11211
            11111
            11114
        ",
        ))
        .unwrap();
        assert_eq!((level.width(), level.height()), (7, 7));
        assert_eq!(state.player, level.cell(3, 3));
        // The content's corners (1,1), (5,1), (1,5) are corners; (5,5) holds the target.
        for (x, y) in [(1, 1), (5, 1), (1, 5)] {
            assert!(level.is_deadlock(level.cell(x, y)), "corner ({x}, {y})");
        }
        assert!(!level.is_deadlock(level.cell(5, 5)));
        // The top row and left column between two corners have a wall beside every cell.
        assert!(level.is_deadlock(level.cell(3, 1)));
        assert!(level.is_deadlock(level.cell(1, 3)));
        // The bottom row and right column end at the target's corner: not deadlocks.
        assert!(!level.is_deadlock(level.cell(3, 5)));
        assert!(!level.is_deadlock(level.cell(5, 3)));
        assert!(!level.is_deadlock(level.cell(3, 3)));
    }

    #[test]
    fn the_greedy_heuristic_removes_matched_targets() {
        // Crates at (1,1) and (2,1); targets at (3,1) and (5,1) (padded cells).
        let (level, state) = Level::parse(&grid(
            "
            33414
            11111
            21111
            11111
            11111
        ",
        ))
        .unwrap();
        // First crate takes (3,1) at 2, the second is left (5,1) at 3.
        assert_eq!(state.heuristic(&level), 5);
        assert!(!state.won(&level));
    }

    #[test]
    fn update_walks_pushes_and_stops_once_won() {
        let (level, mut state) = Level::parse(&grid(
            "
            23411
            11111
            11111
            11111
            11111
        ",
        ))
        .unwrap();
        assert_eq!(state.update(&level, 1, 1), None, "diagonal");
        assert_eq!(state.update(&level, -1, 0), Some(false), "a wall: no move");
        assert_eq!(state.player, level.cell(1, 1));
        assert_eq!(state.update(&level, 0, 1), Some(false));
        assert_eq!(state.update(&level, 0, -1), Some(false));
        assert_eq!(
            state.update(&level, 5, 0),
            Some(true),
            "pushed, clamped to 1"
        );
        assert_eq!(state.crates, vec![level.cell(3, 1)]);
        assert!(state.won(&level));
        assert_eq!(state.update(&level, 1, 0), None, "already won");
        assert_eq!(state.heuristic(&level), 0);
    }

    #[test]
    fn no_player_no_level() {
        assert!(Level::parse(&grid("34\n11")).is_none());
    }
}
