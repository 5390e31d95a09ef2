//! Caves by cellular automaton: fill at random, smooth with the 4-5 rule, keep the largest
//! cave.
//!
//! Cells are a flat `Vec<u8>` (1 = wall, 0 = floor, row after row) whose border is always
//! wall, so every neighbour of an inner cell is inside the map and no bounds are checked.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::unit;

/// The shortest side accepted.
pub(super) const MIN_SIDE: usize = 8;

/// The chance that an inner cell starts as wall.
const FILL: f64 = 0.47;

/// Smoothing passes of the 4-5 rule.
const ITERATIONS: usize = 5;

/// A cave keeping less than this share of the inner cells is drawn again, up to
/// [`ATTEMPTS`] times (small maps can smooth into scattered pockets).
const GOOD_SHARE: f64 = 0.45;

/// Draws before settling for the largest cave seen.
const ATTEMPTS: usize = 30;

/// Draws at [`FILL`]; each later one starts with a hundredth fewer walls, so that a map whose
/// shape keeps breaking into pockets (a long thin one) opens up.
const FULL_FILL_ATTEMPTS: usize = 10;

/// A cave map as a wall mask.
pub(super) fn caves(width: usize, height: usize, rng: &mut Stream) -> Vec<u8> {
    let inner = (width - 2) * (height - 2);
    let mut cells = vec![1u8; width * height];
    let mut spare = vec![1u8; width * height];
    let mut best: Option<(usize, Vec<u8>)> = None;
    for attempt in 0..ATTEMPTS {
        let fill = FILL - 0.01 * attempt.saturating_sub(FULL_FILL_ATTEMPTS - 1) as f64;
        random_fill(&mut cells, width, height, fill, rng);
        for _ in 0..ITERATIONS {
            smooth(&cells, &mut spare, width, height);
            std::mem::swap(&mut cells, &mut spare);
        }
        let kept = keep_largest(&mut cells, width, height);
        if kept as f64 >= GOOD_SHARE * inner as f64 {
            return cells;
        }
        if best.as_ref().is_none_or(|(size, _)| kept > *size) {
            best = Some((kept, cells.clone()));
        }
    }
    let (kept, mut cells) = best.expect("at least one attempt");
    if kept < 2 {
        // Never seen in practice; still, a map must have a start and a goal apart.
        let y = height / 2;
        cells[y * width + 1..(y + 1) * width - 1].fill(0);
    }
    cells
}

/// Every inner cell becomes wall with probability `fill`; the border is wall.
fn random_fill(cells: &mut [u8], width: usize, height: usize, fill: f64, rng: &mut Stream) {
    cells.fill(1);
    for y in 1..height - 1 {
        for cell in &mut cells[y * width + 1..(y + 1) * width - 1] {
            *cell = u8::from(unit(rng) < fill);
        }
    }
}

/// One pass of the 4-5 rule into `out`: an inner cell becomes wall when its 3 × 3 block holds
/// at least 5 walls, else floor. The border is left as it is in `out` (wall).
fn smooth(cells: &[u8], out: &mut [u8], width: usize, height: usize) {
    let mut columns = vec![0u8; width];
    for y in 1..height - 1 {
        let above = &cells[(y - 1) * width..y * width];
        let here = &cells[y * width..(y + 1) * width];
        let below = &cells[(y + 1) * width..(y + 2) * width];
        for (x, sum) in columns.iter_mut().enumerate() {
            *sum = above[x] + here[x] + below[x];
        }
        let row = &mut out[y * width..(y + 1) * width];
        for x in 1..width - 1 {
            row[x] = u8::from(columns[x - 1] + columns[x] + columns[x + 1] >= 5);
        }
    }
}

/// Walls up every floor region but the largest (the first in reading order among equals);
/// returns the size of the one kept.
fn keep_largest(cells: &mut [u8], width: usize, height: usize) -> usize {
    const UNSEEN: u32 = 0;
    let mut label = vec![UNSEEN; width * height];
    let mut stack: Vec<usize> = Vec::new();
    let (mut best, mut best_size, mut next) = (UNSEEN, 0, 1);
    for start in width..width * (height - 1) {
        if cells[start] != 0 || label[start] != UNSEEN {
            continue;
        }
        label[start] = next;
        stack.push(start);
        let mut size = 0;
        while let Some(i) = stack.pop() {
            size += 1;
            // Floor is never on the border, so all four neighbours exist.
            for j in [i - width, i - 1, i + 1, i + width] {
                if cells[j] == 0 && label[j] == UNSEEN {
                    label[j] = next;
                    stack.push(j);
                }
            }
        }
        if size > best_size {
            (best, best_size) = (next, size);
        }
        next += 1;
    }
    for (cell, &l) in cells.iter_mut().zip(&label) {
        if l != best {
            *cell = 1;
        }
    }
    best_size
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smoothing_matches_a_plain_count() {
        let (width, height) = (23, 17);
        let mut rng = ludoforge_evolve::rng::stream(3, 0, 0);
        let mut cells = vec![1u8; width * height];
        random_fill(&mut cells, width, height, FILL, &mut rng);
        let mut out = vec![1u8; width * height];
        smooth(&cells, &mut out, width, height);
        for y in 1..height - 1 {
            for x in 1..width - 1 {
                let walls: u8 = (y - 1..=y + 1)
                    .flat_map(|v| (x - 1..=x + 1).map(move |u| (u, v)))
                    .map(|(u, v)| cells[v * width + u])
                    .sum();
                assert_eq!(out[y * width + x], u8::from(walls >= 5), "at ({x}, {y})");
            }
        }
        assert!((0..width).all(|x| out[x] == 1 && out[(height - 1) * width + x] == 1));
        assert!((0..height).all(|y| out[y * width] == 1 && out[y * width + width - 1] == 1));
    }

    #[test]
    fn only_the_largest_region_is_kept() {
        let rows = ["######", "#..#.#", "#..#.#", "######"];
        let mut cells: Vec<u8> = rows.concat().bytes().map(|b| u8::from(b == b'#')).collect();
        assert_eq!(keep_largest(&mut cells, 6, 4), 4);
        assert_eq!(cells.iter().filter(|&&c| c == 0).count(), 4);
        assert_eq!(cells[6 + 4], 1, "the smaller pocket is walled up");
    }
}
