//! Walls drawn as few rectangles: runs along rows, merged down where rows repeat.

use super::*;

/// The walls as rectangles `(x, y, width, height)` in cells: each row's runs of wall, a run
/// extended down while the rows below have exactly the same run.
pub(super) fn wall_rects(map: &StockedMap) -> Vec<(usize, usize, usize, usize)> {
    let grid = &map.grid;
    let (w, h) = (grid.width(), grid.height());
    let mut open: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    let mut rects = Vec::new();
    let mut runs = Vec::new();
    for y in 0..=h {
        runs.clear();
        if y < h {
            let mut x = 0;
            while x < w {
                if grid.tile((x as u32, y as u32)) == Tile::Wall {
                    let x0 = x;
                    while x < w && grid.tile((x as u32, y as u32)) == Tile::Wall {
                        x += 1;
                    }
                    runs.push((x0, x));
                } else {
                    x += 1;
                }
            }
        }
        open.retain(|&(x0, x1), &mut y0| {
            let goes_on = runs.binary_search(&(x0, x1)).is_ok();
            if !goes_on {
                rects.push((x0, y0, x1 - x0, y - y0));
            }
            goes_on
        });
        for &run in &runs {
            open.entry(run).or_insert(y);
        }
    }
    rects.sort_unstable_by_key(|&(x, y, _, _)| (y, x));
    rects
}

/// The walk's cells without the ones in the middle of straight stretches.
pub(super) fn corners(cells: &[Pos]) -> Vec<Pos> {
    let mut out: Vec<Pos> = Vec::with_capacity(cells.len());
    let step = |a: Pos, b: Pos| {
        (
            i64::from(b.0) - i64::from(a.0),
            i64::from(b.1) - i64::from(a.1),
        )
    };
    for &c in cells {
        if out.last() == Some(&c) {
            continue;
        }
        if out.len() >= 2 {
            let (a, b) = (out[out.len() - 2], out[out.len() - 1]);
            if step(a, b) == step(b, c) {
                out.pop();
            }
        }
        out.push(c);
    }
    out
}
