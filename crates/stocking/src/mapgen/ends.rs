//! The start and the goal, far apart: a double breadth-first sweep over the floor.

use crate::graph::NONE;
use crate::grid::{Grid, Pos, Tile};

/// Puts the start and the goal far apart on the floor, deterministically.
///
/// From the first floor cell in reading order, a breadth-first search (orthogonal steps over
/// floor) finds the farthest cell A; from A, a second one finds the farthest cell B. The
/// start becomes A and the goal B, so the goal is a cell farthest from the start. Ties go to
/// the smallest `(y, x)`. On a tree-like floor A and B are the two ends of a longest path;
/// on any floor the sweep is a good, cheap stand-in for one. O(cells).
///
/// Only the region of the first floor cell is searched. A map with a single floor cell gets
/// its start and goal both there; a map without floor is left unchanged.
///
/// ```
/// use ludoforge_stocking::grid::Grid;
/// use ludoforge_stocking::mapgen::place_ends;
///
/// let mut grid = Grid::parse("#######\n#<>...#\n#.###.#\n#.....#\n#######\n").unwrap();
/// place_ends(&mut grid);
/// assert_eq!((grid.start(), grid.goal()), ((5, 3), (1, 1)));
/// ```
pub fn place_ends(grid: &mut Grid) {
    let (width, height) = (grid.width(), grid.height());
    let floor: Vec<bool> = (0..height)
        .flat_map(|y| (0..width).map(move |x| (x as u32, y as u32)))
        .map(|pos| grid.tile(pos) == Tile::Floor)
        .collect();
    let Some(first) = floor.iter().position(|&f| f) else {
        return;
    };
    let mut sweep = Sweep {
        floor: &floor,
        width,
        height,
        dist: vec![NONE; width * height],
        queue: Vec::new(),
    };
    let a = sweep.farthest(first);
    let b = sweep.farthest(a);
    let pos = |i: usize| -> Pos { ((i % width) as u32, (i / width) as u32) };
    grid.set_ends(pos(a), pos(b));
}

/// Breadth-first search over a flat floor mask, reusing its buffers.
struct Sweep<'a> {
    floor: &'a [bool],
    width: usize,
    height: usize,
    dist: Vec<u32>,
    queue: Vec<usize>,
}

impl Sweep<'_> {
    /// The floor cell farthest from `from` (smallest index, that is smallest `(y, x)`, among
    /// equals).
    fn farthest(&mut self, from: usize) -> usize {
        let width = self.width;
        self.dist.fill(NONE);
        self.queue.clear();
        self.dist[from] = 0;
        self.queue.push(from);
        let mut head = 0;
        while let Some(&i) = self.queue.get(head) {
            head += 1;
            let (x, y) = (i % width, i / width);
            let next = self.dist[i] + 1;
            let steps = [
                (y > 0).then(|| i - width),
                (x > 0).then(|| i - 1),
                (x + 1 < width).then(|| i + 1),
                (y + 1 < self.height).then(|| i + width),
            ];
            for j in steps.into_iter().flatten() {
                if self.floor[j] && self.dist[j] == NONE {
                    self.dist[j] = next;
                    self.queue.push(j);
                }
            }
        }
        // The queue is in order of distance: the last layer holds the farthest cells.
        let last = self.dist[*self.queue.last().expect("holds `from`")];
        self.queue
            .iter()
            .rev()
            .take_while(|&&i| self.dist[i] == last)
            .copied()
            .min()
            .expect("the last layer is not empty")
    }
}
