//! Rows and bends: which row each room goes on, and the layered [`Graph`] of rooms and the
//! bends of portals that span several rows.

use crate::dungeon::{Dungeon, RoomId};

/// The rows of the rooms: the longest distance from the origin when the dungeon has no cycle,
/// the breadth-first distance otherwise; then the origin alone on top and the exit (if no portal
/// leaves it) alone at the bottom.
pub(super) fn rows_of(dungeon: &Dungeon) -> Vec<u32> {
    let n = dungeon.rooms();
    let mut row = match crate::render::routes_of(dungeon) {
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
pub(super) struct Graph {
    /// The number of rooms: nodes below it are rooms, the others bends.
    pub(super) rooms: usize,
    /// Row of each node.
    pub(super) layer: Vec<u32>,
    /// For each bend, the portal it belongs to.
    pub(super) bend_portal: Vec<usize>,
    /// Tie-breaking key of each node: (room, 0) for a room, (from, to + 1) for a bend.
    pub(super) tie: Vec<(u32, u32)>,
    /// For each node, its neighbours on the row above.
    pub(super) up: Vec<Vec<usize>>,
    /// For each node, its neighbours on the row below.
    pub(super) down: Vec<Vec<usize>>,
    /// For each portal: the nodes it passes, both rooms included; empty if it does not point
    /// down.
    pub(super) chains: Vec<Vec<usize>>,
    /// The nodes of each row, left to right.
    pub(super) order: Vec<Vec<usize>>,
    /// Each node's index in its row.
    pub(super) pos: Vec<usize>,
}

impl Graph {
    pub(super) fn new(dungeon: &Dungeon, row: &[u32]) -> Graph {
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

    pub(super) fn nodes(&self) -> usize {
        self.layer.len()
    }
}
