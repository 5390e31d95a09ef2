//! The undirected graph the stocking works on. Grid cells are one kind of node; any map that
//! can list its nodes' neighbours can be stocked by the same code.

/// A node's number.
pub type Node = u32;

/// "No node" / "not reached" in the per-node arrays of this crate.
pub const NONE: u32 = u32::MAX;

/// An undirected graph in compressed adjacency form (each edge stored in both directions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    offsets: Vec<u32>,
    targets: Vec<Node>,
}

impl Graph {
    /// A graph of `nodes` nodes from its edges; each edge is added both ways, duplicates and
    /// self-loops are dropped.
    ///
    /// # Panics
    /// Panics if an edge names a node `>= nodes`.
    ///
    /// ```
    /// use ludoforge_stocking::graph::Graph;
    /// let g = Graph::from_edges(3, [(0, 1), (1, 2), (2, 1)]);
    /// assert_eq!(g.neighbours(1), &[0, 2]);
    /// assert_eq!(g.edge_count(), 2);
    /// ```
    #[must_use]
    pub fn from_edges(nodes: usize, edges: impl IntoIterator<Item = (Node, Node)>) -> Graph {
        let mut pairs: Vec<(Node, Node)> = Vec::new();
        for (a, b) in edges {
            assert!(
                (a as usize) < nodes && (b as usize) < nodes,
                "edge ({a}, {b}) outside {nodes} nodes"
            );
            if a != b {
                pairs.push((a, b));
                pairs.push((b, a));
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let mut offsets = vec![0u32; nodes + 1];
        for &(a, _) in &pairs {
            offsets[a as usize + 1] += 1;
        }
        for i in 0..nodes {
            offsets[i + 1] += offsets[i];
        }
        Graph {
            offsets,
            targets: pairs.into_iter().map(|(_, b)| b).collect(),
        }
    }

    /// The number of nodes.
    #[must_use]
    pub fn nodes(&self) -> usize {
        self.offsets.len() - 1
    }

    /// The number of (undirected) edges.
    #[must_use]
    pub fn edge_count(&self) -> usize {
        self.targets.len() / 2
    }

    /// The neighbours of `node`, in increasing order.
    #[must_use]
    pub fn neighbours(&self, node: Node) -> &[Node] {
        let (lo, hi) = (
            self.offsets[node as usize] as usize,
            self.offsets[node as usize + 1] as usize,
        );
        &self.targets[lo..hi]
    }
}

/// Breadth-first search from several sources at once, never entering `blocked` nodes (the
/// sources themselves are always entered).
///
/// Fills `dist` (steps from the nearest source, [`NONE`] where unreached) and
/// `parent` (the node each was reached from, [`NONE`] for sources and unreached nodes), and
/// returns the nodes in the order they were reached. O(nodes + edges).
pub fn bfs(
    graph: &Graph,
    sources: &[Node],
    blocked: impl Fn(Node) -> bool,
    dist: &mut Vec<u32>,
    parent: &mut Vec<Node>,
) -> Vec<Node> {
    dist.clear();
    dist.resize(graph.nodes(), NONE);
    parent.clear();
    parent.resize(graph.nodes(), NONE);
    let mut order = Vec::new();
    for &s in sources {
        if dist[s as usize] == NONE {
            dist[s as usize] = 0;
            order.push(s);
        }
    }
    let mut head = 0;
    while let Some(&node) = order.get(head) {
        head += 1;
        let next = dist[node as usize] + 1;
        for &to in graph.neighbours(node) {
            if dist[to as usize] == NONE && !blocked(to) {
                dist[to as usize] = next;
                parent[to as usize] = node;
                order.push(to);
            }
        }
    }
    order
}

/// A shortest path from `from` to `to` avoiding `blocked` nodes (both ends included), or
/// `None` when there is none. Breadth-first search; among shortest paths, the one found first
/// (neighbours in increasing order).
///
/// ```
/// use ludoforge_stocking::graph::{Graph, shortest_path};
/// // A square 0-1-2-3-0 with a tail 2-4.
/// let g = Graph::from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 0), (2, 4)]);
/// assert_eq!(shortest_path(&g, 0, 4, |_| false), Some(vec![0, 1, 2, 4]));
/// assert_eq!(shortest_path(&g, 0, 4, |n| n == 1), Some(vec![0, 3, 2, 4]));
/// assert_eq!(shortest_path(&g, 0, 4, |n| n == 2), None);
/// ```
#[must_use]
pub fn shortest_path(
    graph: &Graph,
    from: Node,
    to: Node,
    blocked: impl Fn(Node) -> bool,
) -> Option<Vec<Node>> {
    let (mut dist, mut parent) = (Vec::new(), Vec::new());
    bfs(graph, &[from], blocked, &mut dist, &mut parent);
    if dist[to as usize] == NONE {
        return None;
    }
    let mut path = vec![to];
    let mut here = to;
    while parent[here as usize] != NONE {
        here = parent[here as usize];
        path.push(here);
    }
    path.reverse();
    Some(path)
}

/// Labels the connected components of the nodes for which `member` holds: `label[n]` is the
/// component's number (in order of each component's smallest node) or [`NONE`]. Returns the
/// size of each component. O(nodes + edges).
pub fn components(graph: &Graph, member: impl Fn(Node) -> bool, label: &mut Vec<u32>) -> Vec<u32> {
    label.clear();
    label.resize(graph.nodes(), NONE);
    let mut sizes = Vec::new();
    let mut stack = Vec::new();
    for start in 0..graph.nodes() as Node {
        if label[start as usize] != NONE || !member(start) {
            continue;
        }
        let id = sizes.len() as u32;
        let mut size = 0;
        label[start as usize] = id;
        stack.push(start);
        while let Some(node) = stack.pop() {
            size += 1;
            for &to in graph.neighbours(node) {
                if label[to as usize] == NONE && member(to) {
                    label[to as usize] = id;
                    stack.push(to);
                }
            }
        }
        sizes.push(size);
    }
    sizes
}
