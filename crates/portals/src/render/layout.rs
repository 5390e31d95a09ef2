//! The layered (Sugiyama-style) layout behind [`svg`](fn@super::svg).
//!
//! 1. **Rows.** Each room goes on the row of its longest distance from the origin
//!    ([`Routes::layer`](crate::paths::Routes::layer)), so every portal points down; the origin
//!    is alone on the top row and the exit alone on the bottom one.
//! 2. **Bends.** A portal that spans several rows gets a bend point on every row it passes,
//!    ordered along with the rooms, so that a long portal winds between the rooms instead of
//!    running through them.
//! 3. **Order.** Within each row the rooms and bends are sorted by the barycenter heuristic —
//!    the mean position of their neighbours on the row above (down sweeps) or below (up
//!    sweeps) — for a number of sweeps, each followed by swapping neighbours while that removes
//!    crossings; then every node in turn is moved to the place in its row where it crosses
//!    fewest portals (sifting). This runs from three first orders (two depth-first searches
//!    from the origin and a breadth-first one) and keeps the order with the fewest crossings.
//!    Ties go to the lower room number, so the same dungeon always gets the same picture.
//! 4. **Positions.** Every row is placed as near as the spacing allows to the mean position of
//!    its neighbours, row after row, down and up: each such step is a weighted isotonic
//!    regression solved exactly by pooling adjacent violators. Bends weigh more than rooms, which
//!    keeps long portals straight. Rows are moved apart when the picture would otherwise be
//!    more than twice as wide as it is tall, so that portals do not run almost level.
//!
//! Broken dungeons are laid out too: with a cycle the rows are the breadth-first distances from
//! the origin (rooms it cannot reach on a last row), and portals that do not point down are
//! drawn straight, without bends.

use crate::dungeon::{Dungeon, RoomId};

/// The distances of a layout, in pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spacing {
    /// Radius of a room's circle.
    pub radius: f32,
    /// Vertical distance between the centres of two neighbouring rows. A layout of wide rows
    /// stretches it (up to three times) so that the picture is at most about twice as wide as
    /// it is tall and portals do not run almost level.
    pub row_gap: f32,
    /// Least free space between two rooms of a row (between their circles).
    pub room_gap: f32,
    /// Least distance between two bends of a row, and between a bend and a room's circle.
    pub bend_gap: f32,
}

impl Spacing {
    /// The spacing of labelled pictures: rooms of radius 12 on rows 56 pixels apart.
    pub const NORMAL: Spacing = Spacing {
        radius: 12.0,
        row_gap: 56.0,
        room_gap: 30.0,
        bend_gap: 10.0,
    };

    /// The spacing of very large dungeons, drawn without labels.
    pub const COMPACT: Spacing = Spacing {
        radius: 4.0,
        row_gap: 40.0,
        room_gap: 7.0,
        bend_gap: 3.0,
    };

    /// The rooms above which [`Spacing::for_rooms`] switches to [`Spacing::COMPACT`].
    pub const COMPACT_ABOVE: usize = 1500;

    /// [`Spacing::NORMAL`] up to [`Spacing::COMPACT_ABOVE`] rooms, [`Spacing::COMPACT`] beyond.
    #[must_use]
    pub fn for_rooms(rooms: usize) -> Spacing {
        if rooms > Spacing::COMPACT_ABOVE {
            Spacing::COMPACT
        } else {
            Spacing::NORMAL
        }
    }
}

/// One place in a row of a [`Layout`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// A room.
    Room(RoomId),
    /// A bend of the portal with this index in [`Layout::portals`].
    Bend(usize),
}

/// How one portal is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct PortalPath {
    /// The room the portal leaves.
    pub from: RoomId,
    /// The room it leads to.
    pub to: RoomId,
    /// The centre of `from`, the bends on the rows in between (top to bottom), the centre of
    /// `to`.
    pub points: Vec<(f32, f32)>,
}

/// Where every room and portal of a dungeon goes in a layered drawing.
///
/// Coordinates are pixels in `0..width` × `0..height`, y growing downwards; the circles of the
/// rooms touch the edges of that box.
///
/// ```
/// use ludoforge_portals::Dungeon;
/// use ludoforge_portals::render::layout::{Layout, Slot, Spacing};
///
/// // 0 → 1 → 2 → 3 with a shortcut 0 → 3, which bends on the rows of rooms 1 and 2.
/// let dungeon = Dungeon::from_portals(vec![vec![1, 3], vec![2], vec![3], vec![]], 3);
/// let layout = Layout::new(&dungeon, Spacing::NORMAL);
/// assert_eq!(layout.row, vec![0, 1, 2, 3]);
/// assert_eq!(layout.rows[0], vec![Slot::Room(0)]);
/// assert_eq!(layout.rows[1].len(), 2); // room 1 and a bend
/// let shortcut = &layout.portals[1];
/// assert_eq!((shortcut.from, shortcut.to, shortcut.points.len()), (0, 3, 4));
/// assert_eq!(layout.crossings, 0);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// The spacing used.
    pub spacing: Spacing,
    /// The row of each room, 0 at the top.
    pub row: Vec<u32>,
    /// The rooms and bends of each row, left to right.
    pub rows: Vec<Vec<Slot>>,
    /// The centre of each room.
    pub centre: Vec<(f32, f32)>,
    /// Every portal, in the order of [`Dungeon::arcs`].
    pub portals: Vec<PortalPath>,
    /// Crossings between the portal segments of neighbouring rows in the chosen order.
    pub crossings: usize,
    /// Width of the drawing.
    pub width: f32,
    /// Height of the drawing.
    pub height: f32,
}

/// Sweeps of the barycenter heuristic at most, and without improvement before stopping.
const SWEEPS: usize = 32;
const PATIENCE: usize = 8;
/// Passes of neighbour swapping at most.
const TRANSPOSE_PASSES: usize = 12;
/// Passes of sifting at most, and the most rooms and bends sifted.
const SIFT_PASSES: usize = 6;
const SIFT_LIMIT: usize = 6_000;
/// Rounds of down-and-up position sweeps, then rounds that look both ways.
const PLACE_ROUNDS: usize = 10;
const BALANCE_ROUNDS: usize = 4;
/// The widest picture, in heights, before rows are moved apart.
const MAX_ASPECT: f32 = 2.0;
/// How much more a bend resists being moved than a room.
const BEND_WEIGHT: f64 = 4.0;
/// Above this many rooms and bends the sweeps are cut short, to keep huge dungeons quick.
const LARGE: usize = 50_000;

impl Layout {
    /// Lays a dungeon out.
    ///
    /// A bounded number of sweeps, each about O((rooms + bends) · log); sifting (quadratic in
    /// the row widths) only up to a few thousand rooms and bends, so that even very large
    /// dungeons are laid out in seconds.
    #[must_use]
    pub fn new(dungeon: &Dungeon, spacing: Spacing) -> Layout {
        let row = rows_of(dungeon);
        let mut graph = Graph::new(dungeon, &row);
        graph.order(dungeon);
        let x = graph.place(spacing);
        graph.finish(dungeon, row, &x, spacing)
    }
}

/// The rows of the rooms: the longest distance from the origin when the dungeon has no cycle,
/// the breadth-first distance otherwise; then the origin alone on top and the exit (if no portal
/// leaves it) alone at the bottom.
fn rows_of(dungeon: &Dungeon) -> Vec<u32> {
    let n = dungeon.rooms();
    let mut row = match super::routes_of(dungeon) {
        Some(r) => r.layer,
        None => longest_layers(dungeon).unwrap_or_else(|| {
            let dist = breadth_first(dungeon);
            let last = dist.iter().flatten().max().map_or(0, |&d| d + 1);
            dist.into_iter().map(|d| d.unwrap_or(last)).collect()
        }),
    };
    if n == 0 {
        return row;
    }
    let origin = dungeon.origin() as usize;
    if row[origin] == 0 && (0..n).any(|r| r != origin && row[r] == 0) {
        for (r, value) in row.iter_mut().enumerate() {
            if r != origin {
                *value += 1;
            }
        }
    }
    let exit = dungeon.exit() as usize;
    if exit < n && exit != origin && dungeon.portals(dungeon.exit()).is_empty() {
        let deepest = (0..n)
            .filter(|&r| r != exit)
            .map(|r| row[r])
            .max()
            .unwrap_or(0);
        if row[exit] <= deepest {
            row[exit] = deepest + 1;
        }
    }
    // Close up empty rows.
    let mut used: Vec<u32> = row.clone();
    used.sort_unstable();
    used.dedup();
    row.iter()
        .map(|r| used.binary_search(r).unwrap_or(0) as u32)
        .collect()
}

/// Longest distance from any room without incoming portals, if the portals name rooms and
/// form no cycle.
fn longest_layers(dungeon: &Dungeon) -> Option<Vec<u32>> {
    let n = dungeon.rooms();
    if dungeon.arcs().any(|(_, to)| to as usize >= n) {
        return None;
    }
    let order = dungeon.topological_order().ok()?;
    let mut layer = vec![0u32; n];
    for &room in &order {
        for &to in dungeon.portals(room) {
            layer[to as usize] = layer[to as usize].max(layer[room as usize] + 1);
        }
    }
    Some(layer)
}

/// Breadth-first distances from the origin, ignoring portals to rooms that do not exist.
fn breadth_first(dungeon: &Dungeon) -> Vec<Option<u32>> {
    let n = dungeon.rooms();
    let mut dist = vec![None; n];
    let origin = dungeon.origin() as usize;
    if origin >= n {
        return dist;
    }
    dist[origin] = Some(0);
    let mut queue = vec![origin];
    let mut head = 0;
    while let Some(&room) = queue.get(head) {
        head += 1;
        let next = dist[room].map(|d: u32| d + 1);
        for &to in dungeon.portals(room as RoomId) {
            if let Some(slot) = dist.get_mut(to as usize)
                && slot.is_none()
            {
                *slot = next;
                queue.push(to as usize);
            }
        }
    }
    dist
}

/// The layered graph: rooms (nodes `0..rooms`) and bends (the rest).
struct Graph {
    rooms: usize,
    /// Row of each node.
    layer: Vec<u32>,
    /// For each bend, the portal it belongs to.
    bend_portal: Vec<usize>,
    /// Tie-breaking key of each node: (room, 0) for a room, (from, to + 1) for a bend.
    tie: Vec<(u32, u32)>,
    up: Vec<Vec<usize>>,
    down: Vec<Vec<usize>>,
    /// For each portal: the nodes it passes, both rooms included; empty if it does not point
    /// down.
    chains: Vec<Vec<usize>>,
    /// The nodes of each row, left to right.
    order: Vec<Vec<usize>>,
    /// Each node's index in its row.
    pos: Vec<usize>,
}

impl Graph {
    fn new(dungeon: &Dungeon, row: &[u32]) -> Graph {
        let rooms = dungeon.rooms();
        let mut graph = Graph {
            rooms,
            layer: row.to_vec(),
            bend_portal: Vec::new(),
            tie: (0..rooms as u32).map(|r| (r, 0)).collect(),
            up: vec![Vec::new(); rooms],
            down: vec![Vec::new(); rooms],
            chains: Vec::new(),
            order: Vec::new(),
            pos: Vec::new(),
        };
        for (index, (from, to)) in dungeon.arcs().enumerate() {
            let (f, t) = (from as usize, to as usize);
            if t >= rooms || row[t] <= row[f] {
                graph.chains.push(Vec::new());
                continue;
            }
            let mut chain = vec![f];
            for layer in row[f] + 1..row[t] {
                let node = graph.layer.len();
                graph.layer.push(layer);
                graph.bend_portal.push(index);
                graph.tie.push((from, to + 1));
                graph.up.push(Vec::new());
                graph.down.push(Vec::new());
                chain.push(node);
            }
            chain.push(t);
            for pair in chain.windows(2) {
                graph.down[pair[0]].push(pair[1]);
                graph.up[pair[1]].push(pair[0]);
            }
            graph.chains.push(chain);
        }
        graph
    }

    fn nodes(&self) -> usize {
        self.layer.len()
    }

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

    fn crossings(&self) -> usize {
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
    fn order(&mut self, dungeon: &Dungeon) {
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
    fn place(&self, spacing: Spacing) -> Vec<f64> {
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

    fn finish(&self, dungeon: &Dungeon, row: Vec<u32>, x: &[f64], spacing: Spacing) -> Layout {
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
    use crate::{Params, generate::generate};
    use ludoforge_evolve::rng::stream;

    fn generated(min_path: u32, seed: u64) -> Dungeon {
        generate(&Params::new(min_path), &mut stream(seed, 0, 0)).unwrap()
    }

    /// Every structural promise of the layout, for a valid dungeon.
    fn check_layout(dungeon: &Dungeon) -> Layout {
        let layout = Layout::new(dungeon, Spacing::NORMAL);
        let n = dungeon.rooms();
        // Every portal strictly downward.
        for (from, to) in dungeon.arcs() {
            assert!(layout.row[to as usize] > layout.row[from as usize]);
        }
        // Origin alone on top, exit alone at the bottom.
        assert_eq!(layout.rows[0], vec![Slot::Room(0)]);
        assert_eq!(
            layout.rows.last().unwrap(),
            &vec![Slot::Room(dungeon.exit())]
        );
        // Every room in exactly one slot, on its row.
        let mut seen = vec![0; n];
        for (l, row) in layout.rows.iter().enumerate() {
            for slot in row {
                if let Slot::Room(r) = *slot {
                    seen[r as usize] += 1;
                    assert_eq!(layout.row[r as usize] as usize, l);
                }
            }
        }
        assert!(seen.iter().all(|&c| c == 1));
        // Portals in arc order, each with one bend per row crossed, all going down.
        assert_eq!(layout.portals.len(), dungeon.arc_count());
        let mut bends = vec![0usize; layout.portals.len()];
        for slot in layout.rows.iter().flatten() {
            if let Slot::Bend(p) = *slot {
                bends[p] += 1;
            }
        }
        for ((path, (from, to)), &b) in layout.portals.iter().zip(dungeon.arcs()).zip(&bends) {
            assert_eq!((path.from, path.to), (from, to));
            let span = (layout.row[to as usize] - layout.row[from as usize]) as usize;
            assert_eq!(path.points.len(), span + 1);
            assert_eq!(b, span - 1);
            assert!(path.points.windows(2).all(|w| w[1].1 > w[0].1));
            assert_eq!(path.points[0], layout.centre[from as usize]);
            assert_eq!(*path.points.last().unwrap(), layout.centre[to as usize]);
        }
        // Neighbours in a row keep their spacing.
        let s = layout.spacing;
        for (l, row) in layout.rows.iter().enumerate() {
            let place = |slot: Slot| match slot {
                Slot::Room(r) => (layout.centre[r as usize].0, true),
                Slot::Bend(p) => {
                    let path = &layout.portals[p];
                    let step = l - layout.row[path.from as usize] as usize;
                    (path.points[step].0, false)
                }
            };
            for pair in row.windows(2) {
                let ((a, room_a), (b, room_b)) = (place(pair[0]), place(pair[1]));
                let least = match (room_a, room_b) {
                    (true, true) => 2.0 * s.radius + s.room_gap,
                    (false, false) => s.bend_gap,
                    _ => s.radius + s.bend_gap,
                };
                assert!(b - a >= least - 0.01, "row {l}: {a} then {b}");
            }
        }
        for &(x, y) in &layout.centre {
            assert!(x >= s.radius - 0.01 && x <= layout.width - s.radius + 0.01);
            assert!(y >= s.radius - 0.01 && y <= layout.height - s.radius + 0.01);
        }
        layout
    }

    #[test]
    fn chain_is_a_column() {
        let dungeon = Dungeon::from_portals(vec![vec![1], vec![2], vec![3], vec![]], 3);
        let layout = check_layout(&dungeon);
        assert_eq!(layout.rows.len(), 4);
        assert!(layout.centre.iter().all(|c| c.0 == layout.centre[0].0));
        assert_eq!(layout.crossings, 0);
    }

    #[test]
    fn diamond_and_shortcut() {
        // 0 → 1 → 2 → 4, 0 → 3 → 4, 1 → 3.
        let dungeon =
            Dungeon::from_portals(vec![vec![1, 3], vec![2, 3], vec![4], vec![4], vec![]], 4);
        let layout = check_layout(&dungeon);
        assert_eq!(layout.row, vec![0, 1, 2, 2, 3]);
        assert_eq!(layout.crossings, 0);
    }

    #[test]
    fn crossing_pair_is_untangled() {
        // Rooms 1, 2 on row 1 feed 4, 3 on row 2 the wrong way round at first.
        let dungeon = Dungeon::from_portals(
            vec![vec![1, 2], vec![4], vec![3], vec![5], vec![5], vec![]],
            5,
        );
        let layout = check_layout(&dungeon);
        assert_eq!(layout.crossings, 0);
    }

    #[test]
    fn generated_dungeons() {
        for seed in 0..12 {
            let dungeon = generated(9, seed);
            let layout = check_layout(&dungeon);
            // Far fewer crossings than segments: a readable picture.
            let segments: usize = layout.portals.iter().map(|p| p.points.len() - 1).sum();
            assert!(layout.crossings <= segments, "seed {seed}");
        }
        check_layout(&generated(12, 1));
    }

    #[test]
    fn deterministic() {
        let dungeon = generated(9, 3);
        assert_eq!(
            Layout::new(&dungeon, Spacing::NORMAL),
            Layout::new(&dungeon, Spacing::NORMAL)
        );
    }

    #[test]
    fn broken_dungeons_still_lay_out() {
        // A cycle 1 → 2 → 1, and a room 4 nobody reaches.
        let cyclic = Dungeon::from_portals(vec![vec![1], vec![2], vec![1, 3], vec![], vec![3]], 3);
        let layout = Layout::new(&cyclic, Spacing::NORMAL);
        assert_eq!(layout.portals.len(), cyclic.arc_count());
        assert_eq!(layout.rows[0], vec![Slot::Room(0)]);
        assert!(
            layout
                .centre
                .iter()
                .all(|c| c.0.is_finite() && c.1.is_finite())
        );
        // Unreachable room without cycle: still the origin alone on top.
        let orphan = Dungeon::from_portals(vec![vec![1], vec![2], vec![], vec![2]], 2);
        let layout = Layout::new(&orphan, Spacing::NORMAL);
        assert_eq!(layout.rows[0], vec![Slot::Room(0)]);
        assert_eq!(layout.rows.last().unwrap(), &vec![Slot::Room(2)]);
    }

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
