//! The benchmark's shared measures on 2-D arrays, ported from `pcg_benchmark/probs/utils.py`
//! (`amidos2006/pcg_benchmark` at 00b96f57a3eba3529b1293de1e70d5b12a1f60cc): tiles of given
//! values, Dijkstra (a breadth-first search over 4-neighbours), the path it leads back along,
//! flood-fill regions, the longest shortest path, and the trapezoid reward every score is made of.
//!
//! Each function keeps the Python's order of visits and its tie-breaks, so paths and counts are the
//! same tiles, not just the same lengths.

use crate::grid::Grid;

/// The four steps in the order the benchmark tries them: left, right, up, down.
pub const STEPS: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// A distance map: `-1` where the search never reached, else the number of steps.
pub type Distances = Vec<i32>;

fn passable(grid: &Grid, x: usize, y: usize, values: &[u8]) -> bool {
    values.contains(&grid.get(x, y))
}

fn step(grid: &Grid, x: usize, y: usize, (dx, dy): (isize, isize)) -> Option<(usize, usize)> {
    let nx = x.checked_add_signed(dx)?;
    let ny = y.checked_add_signed(dy)?;
    (nx < grid.width() && ny < grid.height()).then_some((nx, ny))
}

/// Every `(x, y)` whose tile is one of `values`, row by row (`_get_certain_tiles`).
#[must_use]
pub fn certain_tiles(grid: &Grid, values: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for y in 0..grid.height() {
        for x in 0..grid.width() {
            if passable(grid, x, y, values) {
                out.push((x, y));
            }
        }
    }
    out
}

/// How many tiles are one of `values` (`get_num_tiles`).
#[must_use]
pub fn num_tiles(grid: &Grid, values: &[u8]) -> usize {
    grid.cells()
        .iter()
        .filter(|tile| values.contains(tile))
        .count()
}

/// Steps from `(x, y)` to every tile reachable over `values` (`_run_dikjstra`); nothing is reached
/// when the start itself is not passable. Row-major, `-1` for unreached. O(width·height).
#[must_use]
pub fn dijkstra(grid: &Grid, x: usize, y: usize, values: &[u8]) -> Distances {
    let mut dist = Vec::new();
    let mut queue = Vec::new();
    search(
        grid,
        y * grid.width() + x,
        &mask(values),
        &mut dist,
        &mut queue,
    );
    dist
}

/// Which tile values are passable, looked up by value.
fn mask(values: &[u8]) -> [bool; 256] {
    let mut mask = [false; 256];
    for &v in values {
        mask[usize::from(v)] = true;
    }
    mask
}

/// [`dijkstra`] from the tile at index `start`, into `dist` (`-1` where unreached), leaving in
/// `queue` the tiles reached in the order reached: a breadth-first search in the order [`STEPS`]
/// gives. `dist` and `queue` are the previous search's (or empty): only the tiles it reached
/// are cleared.
fn search(
    grid: &Grid,
    start: usize,
    mask: &[bool; 256],
    dist: &mut Vec<i32>,
    queue: &mut Vec<usize>,
) {
    let (w, h) = (grid.width(), grid.height());
    let cells = grid.cells();
    if dist.len() == cells.len() {
        for &reached in queue.iter() {
            dist[reached] = -1;
        }
    } else {
        dist.clear();
        dist.resize(cells.len(), -1);
    }
    queue.clear();
    if !mask[usize::from(cells[start])] {
        return;
    }
    dist[start] = 0;
    queue.push(start);
    let mut head = 0;
    while head < queue.len() {
        let at = queue[head];
        head += 1;
        let d = dist[at] + 1;
        let (x, y) = (at % w, at / w);
        // Left, right, up, down: the order of STEPS.
        let mut visit = |next: usize| {
            if dist[next] < 0 && mask[usize::from(cells[next])] {
                dist[next] = d;
                queue.push(next);
            }
        };
        if x > 0 {
            visit(at - 1);
        }
        if x + 1 < w {
            visit(at + 1);
        }
        if y > 0 {
            visit(at - w);
        }
        if y + 1 < h {
            visit(at + w);
        }
    }
}

/// The tiles from the search's start to `(sx, sy)`, walking down the distances and taking the
/// first smallest neighbour in [`STEPS`] order (`_get_path`); empty when `(sx, sy)` is the start
/// or was not reached.
#[must_use]
pub fn path_to(grid: &Grid, dist: &[i32], sx: usize, sy: usize) -> Vec<(usize, usize)> {
    let w = grid.width();
    let mut path = Vec::new();
    let (mut cx, mut cy) = (sx, sy);
    while dist[cy * w + cx] > 0 {
        path.push((cx, cy));
        let (mut mx, mut my) = (cx, cy);
        for s in STEPS {
            if let Some((nx, ny)) = step(grid, cx, cy, s)
                && dist[ny * w + nx] >= 0
                && dist[ny * w + nx] < dist[my * w + mx]
            {
                (mx, my) = (nx, ny);
            }
        }
        if (mx, my) == (cx, cy) {
            break;
        }
        (cx, cy) = (mx, my);
    }
    if !path.is_empty() {
        path.push((cx, cy));
    }
    path.reverse();
    path
}

/// Number of 4-connected regions of tiles in `values` (`get_number_regions`).
#[must_use]
pub fn number_regions(grid: &Grid, values: &[u8]) -> usize {
    let mask = mask(values);
    let cells = grid.cells();
    let mut seen = vec![false; cells.len()];
    let mut dist = Vec::new();
    let mut queue = Vec::new();
    let mut regions = 0;
    for start in 0..cells.len() {
        if seen[start] || !mask[usize::from(cells[start])] {
            continue;
        }
        regions += 1;
        search(grid, start, &mask, &mut dist, &mut queue);
        for &reached in &queue {
            seen[reached] = true;
        }
    }
    regions
}

/// The longest shortest path as the benchmark estimates it (`get_longest_path`): for each region,
/// search from its first tile, then again from the first farthest tile, and keep the largest
/// distance. (Two searches per region: exact on trees, a lower bound elsewhere — as in Python.)
#[must_use]
pub fn longest_path(grid: &Grid, values: &[u8]) -> i32 {
    let mask = mask(values);
    let cells = grid.cells();
    let mut visited = vec![false; cells.len()];
    let (mut dist, mut queue) = (Vec::new(), Vec::new());
    let mut best = 0;
    for start in 0..cells.len() {
        if visited[start] || !mask[usize::from(cells[start])] {
            continue;
        }
        search(grid, start, &mask, &mut dist, &mut queue);
        for &reached in &queue {
            visited[reached] = true;
        }
        // np.argmax over the whole map: the first index holding the largest distance (the
        // unreached hold -1), so the least index among the last reached.
        let deepest = dist[*queue.last().expect("the start is reached")];
        let far = queue
            .iter()
            .rev()
            .take_while(|&&i| dist[i] == deepest)
            .copied()
            .min()
            .expect("one");
        search(grid, far, &mask, &mut dist, &mut queue);
        best = best.max(queue.last().map_or(-1, |&last| dist[last]));
    }
    best
}

/// Steps from the first tile of `start` to the first tile of `end` over `values`
/// (`get_distance_length`): `-1` when either is missing or the end is not reached.
#[must_use]
pub fn distance_length(grid: &Grid, start: u8, end: u8, values: &[u8]) -> i32 {
    let (Some(&(sx, sy)), Some(&(ex, ey))) = (
        certain_tiles(grid, &[start]).first(),
        certain_tiles(grid, &[end]).first(),
    ) else {
        return -1;
    };
    dijkstra(grid, sx, sy, values)[ey * grid.width() + ex]
}

/// The tiles from the first `start` to the first `end` over `values` (`get_path`); empty when
/// either is missing or not joined.
#[must_use]
pub fn path(grid: &Grid, start: u8, end: u8, values: &[u8]) -> Vec<(usize, usize)> {
    let (Some(&(sx, sy)), Some(&(ex, ey))) = (
        certain_tiles(grid, &[start]).first(),
        certain_tiles(grid, &[end]).first(),
    ) else {
        return Vec::new();
    };
    path_to(grid, &dijkstra(grid, sx, sy, values), ex, ey)
}

/// The benchmark's trapezoid (`get_range_reward(value, min, plat_low, plat_high, max)`): 1 on
/// `[plat_low, plat_high]`, 0 at or beyond `min` and `max`, linear between. Pass `plat_high` and
/// `max` as in Python: `None` for `plat_high` makes the plateau the single point `plat_low` and
/// ignores `max`; `None` for `max` alone makes it `plat_high`.
#[must_use]
pub fn range_reward(
    value: f64,
    min: f64,
    plat_low: f64,
    plat_high: Option<f64>,
    max: Option<f64>,
) -> f64 {
    let (plat_high, max) = match (plat_high, max) {
        (None, _) => (plat_low, plat_low),
        (Some(high), None) => (high, high),
        (Some(high), Some(max)) => (high, max),
    };
    if value >= plat_low && value <= plat_high {
        return 1.0;
    }
    if value <= min || value >= max {
        return 0.0;
    }
    if value < plat_low {
        return ((value - min) / (plat_low - min + 0.000_000_01)).clamp(0.0, 1.0);
    }
    ((max - value) / (max - plat_high + 0.000_000_01)).clamp(0.0, 1.0)
}

/// numpy's pairwise sum of doubles (`pairwise_sum_DOUBLE`, the order `ndarray.sum` adds a
/// contiguous row in), so sums of scores round the same as the benchmark's.
#[must_use]
pub fn numpy_sum(values: &[f64]) -> f64 {
    let n = values.len();
    if n < 8 {
        return values.iter().fold(0.0, |acc, v| acc + v);
    }
    if n <= 128 {
        let mut r = [0.0; 8];
        r.copy_from_slice(&values[..8]);
        let whole = n - n % 8;
        let mut i = 8;
        while i < whole {
            for (j, acc) in r.iter_mut().enumerate() {
                *acc += values[i + j];
            }
            i += 8;
        }
        let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for v in &values[whole..] {
            res += v;
        }
        return res;
    }
    let mut half = n / 2;
    half -= half % 8;
    numpy_sum(&values[..half]) + numpy_sum(&values[half..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(art: &str) -> Grid {
        Grid::from_digits(art, 10).unwrap()
    }

    #[test]
    fn a_corridor_is_its_length() {
        let maze = grid(
            "
            1110
            0010
            0111
        ",
        );
        // Worked by hand: (0,0)→(2,0)→(2,1)→(2,2)→(1,2) or (3,2): 5 steps end to end.
        assert_eq!(longest_path(&maze, &[1]), 5);
        assert_eq!(number_regions(&maze, &[1]), 1);
        assert_eq!(
            number_regions(&maze, &[0]),
            2,
            "(3,0)-(3,1) and (0,1)-(1,1)-(0,2)"
        );
        let path = path(&maze, 1, 1, &[1]);
        assert!(path.is_empty(), "from a tile to itself is no path");
    }

    #[test]
    fn paths_walk_down_taking_the_first_smallest_step() {
        let open = grid(
            "
            2111
            1111
            1113
        ",
        );
        // From 3 at (3,2) back to 2 at (0,0): left first while it lowers the distance.
        assert_eq!(distance_length(&open, 2, 3, &[1, 2, 3]), 5);
        assert_eq!(
            path(&open, 2, 3, &[1, 2, 3]),
            vec![(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (3, 2)]
        );
        assert_eq!(distance_length(&open, 2, 4, &[1, 2, 3]), -1);
        assert_eq!(
            distance_length(&open, 2, 3, &[1, 3]),
            -1,
            "an impassable start reaches nothing"
        );
    }

    #[test]
    fn the_trapezoid_worked_by_hand() {
        assert_eq!(range_reward(5.0, 0.0, 4.0, Some(6.0), Some(10.0)), 1.0);
        assert_eq!(range_reward(0.0, 0.0, 4.0, Some(6.0), Some(10.0)), 0.0);
        assert!((range_reward(2.0, 0.0, 4.0, Some(6.0), Some(10.0)) - 0.5).abs() < 1e-8);
        assert!((range_reward(8.0, 0.0, 4.0, Some(6.0), Some(10.0)) - 0.5).abs() < 1e-8);
        assert_eq!(
            range_reward(5.0, 0.0, 4.0, None, Some(10.0)),
            0.0,
            "no plateau high: max is plat_low"
        );
        assert!((range_reward(3.0, 0.0, 4.0, Some(6.0), None) - 0.75).abs() < 1e-8);
    }

    #[test]
    fn numpy_sum_groups_by_eight() {
        let values: Vec<f64> = (0..300).map(|i| 0.1 * f64::from(i)).collect();
        let plain: f64 = values.iter().sum();
        assert!((numpy_sum(&values) - plain).abs() < 1e-9);
        assert_eq!(numpy_sum(&[1.0, 2.0]), 3.0);
        assert_eq!(numpy_sum(&[]), 0.0);
    }
}
