//! Chokepoints: the nodes every way from the start to the goal passes through. A door on one
//! of them cannot be walked around.

use crate::graph::{Graph, NONE, Node};

/// Marks the nodes (other than `start` and `goal`) that lie on every path from `start` to
/// `goal`. One iterative depth-first search from `start` with Tarjan's low points: a node `v`
/// on the search tree's path to the goal separates them exactly when the child of `v` on that
/// path cannot climb above `v` (low ≥ discovery time of `v`). O(nodes + edges).
///
/// ```
/// use ludoforge_stocking::graph::Graph;
/// use ludoforge_stocking::stock::separators;
/// // 0 - 1 - 2 - 3, with a loop 1 - 4 - 2 around the edge 1-2: 1 and 2 separate 0 from 3.
/// let g = Graph::from_edges(5, [(0, 1), (1, 2), (2, 3), (1, 4), (4, 2)]);
/// assert_eq!(separators(&g, 0, 3), vec![false, true, true, false, false]);
/// ```
#[must_use]
pub fn separators(graph: &Graph, start: Node, goal: Node) -> Vec<bool> {
    let n = graph.nodes();
    let mut disc = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut parent = vec![NONE; n];
    let mut time = 0u32;
    // (node, index of the next neighbour to look at)
    let mut stack: Vec<(Node, usize)> = vec![(start, 0)];
    disc[start as usize] = 0;
    low[start as usize] = 0;
    while let Some(&mut (node, ref mut next)) = stack.last_mut() {
        let neighbours = graph.neighbours(node);
        if let Some(&to) = neighbours.get(*next) {
            *next += 1;
            if disc[to as usize] == NONE {
                time += 1;
                disc[to as usize] = time;
                low[to as usize] = time;
                parent[to as usize] = node;
                stack.push((to, 0));
            } else if to != parent[node as usize] {
                low[node as usize] = low[node as usize].min(disc[to as usize]);
            }
        } else {
            stack.pop();
            let up = parent[node as usize];
            if up != NONE {
                low[up as usize] = low[up as usize].min(low[node as usize]);
            }
        }
    }
    let mut separating = vec![false; n];
    if disc[goal as usize] == NONE {
        return separating;
    }
    // Walk the tree path from the goal up to the start.
    let mut child = goal;
    let mut node = parent[goal as usize];
    while node != NONE && node != start {
        if low[child as usize] >= disc[node as usize] {
            separating[node as usize] = true;
        }
        child = node;
        node = parent[node as usize];
    }
    separating
}
