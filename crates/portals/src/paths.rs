//! Distances and routes in a dungeon: breadth-first distances, and the exact shortest route,
//! longest route and number of routes by dynamic programming over a topological order
//! (linear time on a directed acyclic graph, Bush section 3).

use crate::dungeon::{Dungeon, RoomId, Violation};

/// The number of portals on the shortest way from `from` to each room (`None` where there is
/// no way). Breadth-first search, O(rooms + portals).
#[must_use]
pub fn distances_from(dungeon: &Dungeon, from: RoomId) -> Vec<Option<u32>> {
    let mut dist = vec![None; dungeon.rooms()];
    dist[from as usize] = Some(0);
    let mut queue = vec![from];
    let mut head = 0;
    while let Some(&room) = queue.get(head) {
        head += 1;
        let next = dist[room as usize].map(|d| d + 1);
        for &to in dungeon.portals(room) {
            if dist[to as usize].is_none() {
                dist[to as usize] = next;
                queue.push(to);
            }
        }
    }
    dist
}

/// The number of portals on the shortest way from each room to `to` (`None` where there is no
/// way). Breadth-first search over the reversed portals, O(rooms + portals).
#[must_use]
pub fn distances_to(dungeon: &Dungeon, to: RoomId) -> Vec<Option<u32>> {
    let preds = dungeon.predecessors();
    let mut dist = vec![None; dungeon.rooms()];
    dist[to as usize] = Some(0);
    let mut queue = vec![to];
    let mut head = 0;
    while let Some(&room) = queue.get(head) {
        head += 1;
        let next = dist[room as usize].map(|d| d + 1);
        for &from in &preds[room as usize] {
            if dist[from as usize].is_none() {
                dist[from as usize] = next;
                queue.push(from);
            }
        }
    }
    dist
}

/// Exact facts about the origin-to-exit routes of a dungeon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Routes {
    /// Portals on the shortest route.
    pub shortest: u32,
    /// Portals on the longest route.
    pub longest: u32,
    /// The number of distinct routes, saturating at `u128::MAX`.
    pub count: u128,
    /// One shortest route, origin first (of the shortest routes, the one that always takes
    /// the lowest-numbered room).
    pub shortest_route: Vec<RoomId>,
    /// The longest way from the origin to each room; every portal leads to a higher value, so
    /// it is the row of each room in a layered drawing.
    pub layer: Vec<u32>,
}

/// The shortest and longest origin-to-exit routes and the number of routes, by dynamic
/// programming over a topological order: O(rooms + portals).
///
/// # Errors
/// [`Violation::Cycle`] if the portals form a cycle, [`Violation::DeadEnd`] naming the exit
/// if it cannot be reached.
///
/// ```
/// use ludoforge_portals::{Dungeon, paths::routes};
/// // 0 → 1 → 2 → 4, 0 → 3 → 4, 1 → 3: routes 0-1-2-4, 0-1-3-4, 0-3-4.
/// let dungeon = Dungeon::from_portals(vec![vec![1, 3], vec![2, 3], vec![4], vec![4], vec![]], 4);
/// let r = routes(&dungeon).unwrap();
/// assert_eq!((r.shortest, r.longest, r.count), (2, 3, 3));
/// assert_eq!(r.shortest_route, vec![0, 3, 4]);
/// ```
pub fn routes(dungeon: &Dungeon) -> Result<Routes, Violation> {
    let order = dungeon.topological_order()?;
    let n = dungeon.rooms();
    let origin = dungeon.origin() as usize;
    let exit = dungeon.exit();
    // Forward pass: longest distance from the origin (layer) and the number of routes to
    // each room, over rooms the origin reaches.
    let mut layer = vec![0u32; n];
    let mut count = vec![0u128; n];
    let mut reached = vec![false; n];
    reached[origin] = true;
    count[origin] = 1;
    for &room in &order {
        let r = room as usize;
        for &to in dungeon.portals(room) {
            let t = to as usize;
            layer[t] = layer[t].max(layer[r] + 1);
            if reached[r] {
                reached[t] = true;
                count[t] = count[t].saturating_add(count[r]);
            }
        }
    }
    // Backward pass: shortest and longest distance to the exit.
    let mut to_exit_short = vec![u32::MAX; n];
    let mut to_exit_long = vec![u32::MAX; n];
    to_exit_short[exit as usize] = 0;
    to_exit_long[exit as usize] = 0;
    for &room in order.iter().rev() {
        let r = room as usize;
        for &to in dungeon.portals(room) {
            let t = to as usize;
            if to_exit_short[t] != u32::MAX {
                to_exit_short[r] = to_exit_short[r].min(to_exit_short[t] + 1);
                let long = to_exit_long[t] + 1;
                to_exit_long[r] = if to_exit_long[r] == u32::MAX {
                    long
                } else {
                    to_exit_long[r].max(long)
                };
            }
        }
    }
    if to_exit_short[origin] == u32::MAX {
        return Err(Violation::DeadEnd(dungeon.origin()));
    }
    let mut shortest_route = vec![dungeon.origin()];
    let mut here = dungeon.origin();
    while here != exit {
        let step = to_exit_short[here as usize] - 1;
        here = dungeon
            .portals(here)
            .iter()
            .copied()
            .filter(|&to| to_exit_short[to as usize] == step)
            .min()
            .expect("a room on a shortest route has a successor one step nearer the exit");
        shortest_route.push(here);
    }
    Ok(Routes {
        shortest: to_exit_short[origin],
        longest: to_exit_long[origin],
        count: count[exit as usize],
        shortest_route,
        layer,
    })
}
