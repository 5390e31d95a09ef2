//! Crossing reduction: the order of the rooms and bends within each row (first orders from
//! searches, barycenter sweeps, neighbour swaps and sifting), and counting crossings.

use super::LARGE;
use super::rows::Graph;
use crate::dungeon::Dungeon;

/// Sweeps of the barycenter heuristic at most, and without improvement before stopping.
const SWEEPS: usize = 32;
const PATIENCE: usize = 8;
/// Passes of neighbour swapping at most.
const TRANSPOSE_PASSES: usize = 12;
/// Passes of sifting at most, and the most rooms and bends sifted.
const SIFT_PASSES: usize = 6;
const SIFT_LIMIT: usize = 6_000;

impl Graph {
    /// A first order of the rows: the nodes as a search from the origin meets them — depth
    /// first with the portals in their order (`variant` 0) or reversed (1), or breadth first
    /// (2) — then any node not reached, by number.
    fn initial_order(&mut self, dungeon: &Dungeon, variant: usize) {
        let rows = self.layer.iter().max().map_or(0, |&m| m as usize + 1);
        self.order = vec![Vec::new(); rows];
        let mut seen = vec![false; self.nodes()];
        let mut queue = std::collections::VecDeque::new();
        let starts = std::iter::once(dungeon.origin() as usize)
            .filter(|&o| o < self.rooms)
            .chain(0..self.nodes());
        for start in starts {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            queue.push_back(start);
            loop {
                let next = if variant == 2 {
                    queue.pop_front()
                } else {
                    queue.pop_back()
                };
                let Some(node) = next else { break };
                self.order[self.layer[node] as usize].push(node);
                let down = &self.down[node];
                let ahead: Box<dyn Iterator<Item = &usize>> = match variant {
                    0 => Box::new(down.iter().rev()),
                    _ => Box::new(down.iter()),
                };
                for &next in ahead {
                    if !seen[next] {
                        seen[next] = true;
                        queue.push_back(next);
                    }
                }
            }
        }
        self.pos = vec![0; self.nodes()];
        self.index_rows();
    }

    fn index_rows(&mut self) {
        for row in &self.order {
            for (i, &node) in row.iter().enumerate() {
                self.pos[node] = i;
            }
        }
    }

    /// Crossings between row `l` and row `l + 1`: inversions of the lower ends when the
    /// segments are sorted by their upper ends (Fenwick tree, O(segments · log)).
    fn crossings_below(&self, l: usize) -> usize {
        let lower = self.order[l + 1].len();
        let mut tree = vec![0usize; lower + 1];
        let mut seen = 0usize;
        let mut total = 0usize;
        let mut ends: Vec<usize> = Vec::new();
        for &node in &self.order[l] {
            ends.clear();
            ends.extend(self.down[node].iter().map(|&b| self.pos[b]));
            ends.sort_unstable();
            for &p in &ends {
                // Segments seen so far whose lower end lies strictly right of p.
                let mut not_greater = 0;
                let mut i = p + 1;
                while i > 0 {
                    not_greater += tree[i];
                    i &= i - 1;
                }
                total += seen - not_greater;
            }
            for &p in &ends {
                let mut i = p + 1;
                while i <= lower {
                    tree[i] += 1;
                    i += i & i.wrapping_neg();
                }
                seen += 1;
            }
        }
        total
    }

    pub(super) fn crossings(&self) -> usize {
        (0..self.order.len().saturating_sub(1))
            .map(|l| self.crossings_below(l))
            .sum()
    }

    /// Sorts row `l` by the mean position of each node's neighbours (above if `downward`);
    /// nodes without such neighbours keep their place.
    fn sort_row(&mut self, l: usize, downward: bool) {
        let mut keyed: Vec<(f64, (u32, u32), usize)> = self.order[l]
            .iter()
            .map(|&node| {
                let near = if downward {
                    &self.up[node]
                } else {
                    &self.down[node]
                };
                let key = if near.is_empty() {
                    self.pos[node] as f64
                } else {
                    near.iter().map(|&m| self.pos[m] as f64).sum::<f64>() / near.len() as f64
                };
                (key, self.tie[node], node)
            })
            .collect();
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        for (i, &(_, _, node)) in keyed.iter().enumerate() {
            self.order[l][i] = node;
            self.pos[node] = i;
        }
    }

    /// Crossings between the segments at `u` and those at `v` when `u` is left of `v`.
    fn pair_crossings(&self, u: usize, v: usize) -> usize {
        let count = |a: &[usize], b: &[usize]| {
            a.iter()
                .map(|&x| b.iter().filter(|&&y| self.pos[x] > self.pos[y]).count())
                .sum::<usize>()
        };
        count(&self.up[u], &self.up[v]) + count(&self.down[u], &self.down[v])
    }

    /// Swaps neighbours in a row while that removes crossings.
    fn transpose(&mut self) {
        for _ in 0..TRANSPOSE_PASSES {
            let mut improved = false;
            for l in 0..self.order.len() {
                for i in 0..self.order[l].len().saturating_sub(1) {
                    let (u, v) = (self.order[l][i], self.order[l][i + 1]);
                    if self.pair_crossings(v, u) < self.pair_crossings(u, v) {
                        self.order[l].swap(i, i + 1);
                        self.pos[u] = i + 1;
                        self.pos[v] = i;
                        improved = true;
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }

    /// Moves each node to the place in its row where it crosses fewest segments (sifting),
    /// for a few passes while that helps.
    fn sift(&mut self) {
        for _ in 0..SIFT_PASSES {
            let mut improved = false;
            for l in 0..self.order.len() {
                for node in self.order[l].clone() {
                    let row = &self.order[l];
                    let at = self.pos[node];
                    // Crossings of `node` with the others when placed before slot p.
                    let mut cost: usize = row
                        .iter()
                        .filter(|&&u| u != node)
                        .map(|&u| self.pair_crossings(node, u))
                        .sum();
                    let (mut best, mut best_cost) = (0usize, cost);
                    let mut current = if at == 0 { cost } else { usize::MAX };
                    let mut p = 0;
                    for &u in row.iter().filter(|&&u| u != node) {
                        cost = cost + self.pair_crossings(u, node) - self.pair_crossings(node, u);
                        p += 1;
                        if p == at {
                            current = cost;
                        }
                        if cost < best_cost {
                            (best, best_cost) = (p, cost);
                        }
                    }
                    if best_cost < current {
                        let row = &mut self.order[l];
                        row.remove(at);
                        row.insert(best, node);
                        for (i, &m) in row.iter().enumerate() {
                            self.pos[m] = i;
                        }
                        improved = true;
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }

    /// From a few first orders, barycenter sweeps each followed by neighbour swaps; keeps the
    /// order with the fewest crossings.
    pub(super) fn order(&mut self, dungeon: &Dungeon) {
        let large = self.nodes() > LARGE;
        let variants = if large { 1 } else { 3 };
        let mut best: Option<(usize, Vec<Vec<usize>>)> = None;
        for variant in 0..variants {
            self.initial_order(dungeon, variant);
            let mut found = self.sweeps(large);
            if self.nodes() <= SIFT_LIMIT {
                self.order.clone_from(&found.1);
                self.index_rows();
                self.sift();
                self.transpose();
                let crossings = self.crossings();
                if crossings < found.0 {
                    found = (crossings, self.order.clone());
                }
            }
            if best.as_ref().is_none_or(|b| found.0 < b.0) {
                best = Some(found);
            }
        }
        if let Some((_, order)) = best {
            self.order = order;
            self.index_rows();
        }
    }

    /// Barycenter sweeps from the current order, down and up by turns, each followed by
    /// neighbour swaps (unless `large`); the best order seen and its crossings.
    fn sweeps(&mut self, large: bool) -> (usize, Vec<Vec<usize>>) {
        let rows = self.order.len();
        let (sweeps, patience) = if large { (6, 2) } else { (SWEEPS, PATIENCE) };
        if !large {
            self.transpose();
        }
        let mut best = self.order.clone();
        let mut best_crossings = self.crossings();
        let mut stale = 0;
        for sweep in 0..sweeps {
            if best_crossings == 0 {
                break;
            }
            if sweep % 2 == 0 {
                for l in 1..rows {
                    self.sort_row(l, true);
                }
            } else {
                for l in (0..rows.saturating_sub(1)).rev() {
                    self.sort_row(l, false);
                }
            }
            if !large {
                self.transpose();
            }
            let crossings = self.crossings();
            if crossings < best_crossings {
                best_crossings = crossings;
                best.clone_from(&self.order);
                stale = 0;
            } else {
                stale += 1;
                if stale >= patience {
                    break;
                }
            }
        }
        (best_crossings, best)
    }
}
