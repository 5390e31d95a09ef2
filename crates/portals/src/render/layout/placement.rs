//! Positions: the x of every room and bend (row by row, by weighted isotonic regression), and
//! the finished [`Layout`] in pixels.

use super::rows::Graph;
use super::{LARGE, Layout, PortalPath, Slot, Spacing};
use crate::dungeon::{Dungeon, RoomId};

/// Rounds of down-and-up position sweeps, then rounds that look both ways.
const PLACE_ROUNDS: usize = 10;
const BALANCE_ROUNDS: usize = 4;
/// The widest picture, in heights, before rows are moved apart.
const MAX_ASPECT: f32 = 2.0;
/// How much more a bend resists being moved than a room.
const BEND_WEIGHT: f64 = 4.0;

impl Graph {
    /// Least distance between the centres of neighbours `a` and `b`.
    fn separation(&self, a: usize, b: usize, spacing: Spacing) -> f64 {
        let (ra, rb) = (a < self.rooms, b < self.rooms);
        match (ra, rb) {
            (true, true) => f64::from(2.0 * spacing.radius + spacing.room_gap),
            (false, false) => f64::from(spacing.bend_gap),
            _ => f64::from(spacing.radius + spacing.bend_gap),
        }
    }

    /// The x of every node.
    pub(super) fn place(&self, spacing: Spacing) -> Vec<f64> {
        let mut x = vec![0.0; self.nodes()];
        for row in &self.order {
            let mut at = 0.0;
            for (i, &node) in row.iter().enumerate() {
                if i > 0 {
                    at += self.separation(row[i - 1], node, spacing);
                }
                x[node] = at;
            }
            let centre = at / 2.0;
            for &node in row {
                x[node] -= centre;
            }
        }
        let rows = self.order.len();
        let rounds = if self.nodes() > LARGE {
            2
        } else {
            PLACE_ROUNDS
        };
        for _ in 0..rounds {
            for l in 1..rows {
                self.place_row(l, &mut x, spacing, true, false);
            }
            for l in (0..rows.saturating_sub(1)).rev() {
                self.place_row(l, &mut x, spacing, false, true);
            }
        }
        for _ in 0..BALANCE_ROUNDS {
            for l in 0..rows {
                self.place_row(l, &mut x, spacing, true, true);
            }
            for l in (0..rows).rev() {
                self.place_row(l, &mut x, spacing, true, true);
            }
        }
        x
    }

    /// Places row `l` as near as the spacing allows to the mean x of the neighbours above
    /// and/or below.
    fn place_row(&self, l: usize, x: &mut [f64], spacing: Spacing, above: bool, below: bool) {
        let row = &self.order[l];
        if row.is_empty() {
            return;
        }
        let mut offset = Vec::with_capacity(row.len());
        let mut target = Vec::with_capacity(row.len());
        let mut weight = Vec::with_capacity(row.len());
        let mut at = 0.0;
        for (i, &node) in row.iter().enumerate() {
            if i > 0 {
                at += self.separation(row[i - 1], node, spacing);
            }
            let mut sum = 0.0;
            let mut count = 0usize;
            if above {
                sum += self.up[node].iter().map(|&m| x[m]).sum::<f64>();
                count += self.up[node].len();
            }
            if below {
                sum += self.down[node].iter().map(|&m| x[m]).sum::<f64>();
                count += self.down[node].len();
            }
            let (desired, w) = if count == 0 {
                (x[node], 0.25)
            } else if node < self.rooms {
                (sum / count as f64, 1.0)
            } else {
                (sum / count as f64, BEND_WEIGHT)
            };
            offset.push(at);
            target.push(desired - at);
            weight.push(w);
        }
        let fitted = isotonic(&target, &weight);
        for (i, &node) in row.iter().enumerate() {
            x[node] = fitted[i] + offset[i];
        }
    }

    pub(super) fn finish(
        &self,
        dungeon: &Dungeon,
        row: Vec<u32>,
        x: &[f64],
        spacing: Spacing,
    ) -> Layout {
        let mut spacing = spacing;
        let r = f64::from(spacing.radius);
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for (node, &value) in x.iter().enumerate() {
            let half = if node < self.rooms { r } else { 0.0 };
            lo = lo.min(value - half);
            hi = hi.max(value + half);
        }
        if !lo.is_finite() {
            (lo, hi) = (0.0, 0.0);
        }
        let row_count = self.order.len().max(1);
        if row_count > 1 {
            let stretched = (hi - lo) as f32 / MAX_ASPECT / (row_count - 1) as f32;
            spacing.row_gap = stretched.clamp(spacing.row_gap, 3.0 * spacing.row_gap);
        }
        let px = |node: usize| (x[node] - lo) as f32;
        let py = |node: usize| spacing.radius + self.layer[node] as f32 * spacing.row_gap;
        let centre: Vec<(f32, f32)> = (0..self.rooms).map(|n| (px(n), py(n))).collect();
        let portals = dungeon
            .arcs()
            .zip(&self.chains)
            .map(|((from, to), chain)| {
                let points = if chain.is_empty() {
                    let end = centre.get(to as usize).copied().unwrap_or((0.0, 0.0));
                    vec![centre[from as usize], end]
                } else {
                    chain.iter().map(|&n| (px(n), py(n))).collect()
                };
                PortalPath { from, to, points }
            })
            .collect();
        let rows = self
            .order
            .iter()
            .map(|nodes| {
                nodes
                    .iter()
                    .map(|&n| {
                        if n < self.rooms {
                            Slot::Room(n as RoomId)
                        } else {
                            Slot::Bend(self.bend_portal[n - self.rooms])
                        }
                    })
                    .collect()
            })
            .collect();
        Layout {
            spacing,
            row,
            rows,
            centre,
            portals,
            crossings: self.crossings(),
            width: (hi - lo) as f32,
            height: 2.0 * spacing.radius + (row_count - 1) as f32 * spacing.row_gap,
        }
    }
}

/// The non-decreasing sequence nearest to `target` in weighted least squares (pool adjacent
/// violators, O(n)).
fn isotonic(target: &[f64], weight: &[f64]) -> Vec<f64> {
    // Blocks of (weighted sum, total weight, length).
    let mut blocks: Vec<(f64, f64, usize)> = Vec::with_capacity(target.len());
    for (&t, &w) in target.iter().zip(weight) {
        let mut block = (t * w, w, 1);
        while let Some(&last) = blocks.last() {
            if last.0 / last.1 > block.0 / block.1 {
                blocks.pop();
                block = (block.0 + last.0, block.1 + last.1, block.2 + last.2);
            } else {
                break;
            }
        }
        blocks.push(block);
    }
    blocks
        .into_iter()
        .flat_map(|(sum, w, len)| std::iter::repeat_n(sum / w, len))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isotonic_pools_violators() {
        assert_eq!(
            isotonic(&[1.0, 3.0, 2.0], &[1.0, 1.0, 1.0]),
            vec![1.0, 2.5, 2.5]
        );
        assert_eq!(isotonic(&[3.0, 1.0], &[3.0, 1.0]), vec![2.5, 2.5]);
        assert_eq!(isotonic(&[], &[]), Vec::<f64>::new());
    }
}
