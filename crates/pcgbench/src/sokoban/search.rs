//! The benchmark's Sokoban solvers (`pcg_benchmark/probs/sokoban/engine.py`: `Node`,
//! `BFSAgent`, `AStarAgent`), step for step, so they expand the same nodes in the same order and
//! return the same solution or the same best node.
//!
//! Both pop a node, return at once when it wins, and otherwise — the first time its state is met
//! — weigh it as the best node so far (lower heuristic, then lower depth) and queue all its
//! children, visited or not. Each pop counts against the budget. Breadth-first search queues in
//! a plain list (`queue.pop(0)`); A* in `queue.PriorityQueue`, which is `heapq` ordered by
//! `Node.__lt__` (`heuristic + balance · depth`, strictly less): its heap here is `heapq`'s
//! `heappush` / `heappop` line for line, so equal keys leave the heap in the Python's order.

use super::engine::{DIRECTIONS, Level, Move, State, Step};
use crate::heapq::Heap;

/// What one solver run found (`getSolution`'s actions and node).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// The moves from the start to the node returned: the winning one, else the best one.
    pub steps: Vec<Step>,
    /// Whether the node returned wins.
    pub won: bool,
    /// `getHeuristic` of the node returned.
    pub heuristic: i32,
    /// Nodes popped.
    pub iterations: usize,
}

/// Which queue a solver keeps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Frontier {
    /// `BFSAgent`: first in, first out.
    Breadth,
    /// `AStarAgent` with this `balance` (weight of the depth against the heuristic).
    AStar(f64),
}

const ROOT: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    step: u8,
    /// `checkWin` of the state, made once: it depends on the crates only.
    won: bool,
    depth: u32,
    /// `getHeuristic` of the state, made once: it depends on the crates only.
    heuristic: i32,
}

/// Every node made, their states packed one after another (`[player, crates…]`, `stride` each).
struct Tree<'a> {
    level: &'a Level,
    stride: usize,
    nodes: Vec<Node>,
    states: Vec<u16>,
    scratch: Vec<u16>,
    parent: Vec<u16>,
    child: Vec<u16>,
}

impl Tree<'_> {
    fn state(&self, node: u32) -> &[u16] {
        let at = node as usize * self.stride;
        &self.states[at..at + self.stride]
    }

    /// Makes a node of `state`; a walk from `parent` keeps the parent's crates, so its
    /// heuristic and win.
    fn add(&mut self, state: &[u16], parent: u32, step: u8, walked: bool) -> u32 {
        let (heuristic, won, depth) = if walked {
            let p = self.nodes[parent as usize];
            (p.heuristic, p.won, p.depth + 1)
        } else {
            let crates = &state[1..];
            let depth = if parent == ROOT {
                0
            } else {
                self.nodes[parent as usize].depth + 1
            };
            let heuristic = self.level.heuristic(crates, &mut self.scratch);
            (heuristic, self.level.won(crates), depth)
        };
        self.states.extend_from_slice(state);
        self.nodes.push(Node {
            parent,
            step,
            won,
            depth,
            heuristic,
        });
        (self.nodes.len() - 1) as u32
    }

    /// `getChildren`: a child per direction the player moves in, leaving out pushes that leave
    /// any crate on a deadlock cell.
    fn expand(&mut self, node: u32, mut push: impl FnMut(&Self, u32)) {
        let mut parent = std::mem::take(&mut self.parent);
        let mut child = std::mem::take(&mut self.child);
        parent.clear();
        parent.extend_from_slice(self.state(node));
        child.clone_from(&parent);
        for (d, &step) in DIRECTIONS.iter().enumerate() {
            child.copy_from_slice(&parent);
            let moved = self.level.step(&mut child, step);
            if moved == Move::Blocked {
                continue;
            }
            if moved == Move::Push && self.level.stuck(&child[1..]) {
                continue;
            }
            let id = self.add(&child, node, d as u8, moved == Move::Walk);
            push(self, id);
        }
        (self.parent, self.child) = (parent, child);
    }

    /// `getActions`: the moves from the root to `node`.
    fn steps(&self, mut node: u32) -> Vec<Step> {
        let mut out = Vec::new();
        while self.nodes[node as usize].parent != ROOT {
            out.push(DIRECTIONS[usize::from(self.nodes[node as usize].step)]);
            node = self.nodes[node as usize].parent;
        }
        out.reverse();
        out
    }
}

/// The set of states met (`visisted`), as node ids in an open-addressed table compared by their
/// packed states: equal exactly when the Python's `getKey` strings are (the counts and targets in
/// the key never change within a search).
struct Visited {
    slots: Vec<u32>,
    len: usize,
}

impl Visited {
    const EMPTY: u32 = u32::MAX;

    fn new() -> Self {
        Self {
            slots: vec![Self::EMPTY; 1 << 10],
            len: 0,
        }
    }

    fn hash(key: &[u16], bits: u32) -> usize {
        let mut h: u64 = 0;
        for &v in key {
            h = (h.rotate_left(5) ^ u64::from(v)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
        (h.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
    }

    /// Adds `node`'s state; `false` when an equal state was already in.
    fn insert(&mut self, tree: &Tree<'_>, node: u32) -> bool {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow(tree);
        }
        let key = tree.state(node);
        let mask = self.slots.len() - 1;
        let mut i = Self::hash(key, self.slots.len().trailing_zeros());
        loop {
            let slot = self.slots[i];
            if slot == Self::EMPTY {
                self.slots[i] = node;
                self.len += 1;
                return true;
            }
            if tree.state(slot) == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self, tree: &Tree<'_>) {
        let doubled = vec![Self::EMPTY; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let bits = self.slots.len().trailing_zeros();
        let mask = self.slots.len() - 1;
        for node in old.into_iter().filter(|&n| n != Self::EMPTY) {
            let mut i = Self::hash(tree.state(node), bits);
            while self.slots[i] != Self::EMPTY {
                i = (i + 1) & mask;
            }
            self.slots[i] = node;
        }
    }
}

/// Runs `BFSAgent.getSolution(state, budget)` or `AStarAgent.getSolution(state, balance,
/// budget)` from `start`; a `budget` of 0 is unlimited (the Python's `maxIterations <= 0`).
#[must_use]
pub fn solve(level: &Level, start: &State, frontier: Frontier, budget: usize) -> Search {
    let packed = start.packed();
    let mut tree = Tree {
        level,
        stride: packed.len(),
        nodes: Vec::new(),
        states: Vec::new(),
        scratch: Vec::new(),
        parent: Vec::new(),
        child: Vec::new(),
    };
    let root = tree.add(&packed, ROOT, 0, false);
    // `Node.__lt__`: heuristic + balance · depth. With the balances 1, 0.5 and 0 and small
    // integers these are exact, as the Python's ints and floats are.
    let key = |tree: &Tree<'_>, node: u32, balance: f64| {
        let n = tree.nodes[node as usize];
        f64::from(n.heuristic) + balance * f64::from(n.depth)
    };
    let mut fifo: Vec<u32> = Vec::new();
    let mut head = 0;
    let mut heap = Heap::new();
    match frontier {
        Frontier::Breadth => fifo.push(root),
        Frontier::AStar(balance) => heap.push((key(&tree, root, balance), root)),
    }
    let mut visited = Visited::new();
    let mut best: Option<u32> = None;
    let mut iterations = 0;
    while iterations < budget || budget == 0 {
        let current = match frontier {
            Frontier::Breadth => {
                let Some(&node) = fifo.get(head) else { break };
                head += 1;
                node
            }
            Frontier::AStar(_) => match heap.pop() {
                Some((_, node)) => node,
                None => break,
            },
        };
        iterations += 1;
        let node = tree.nodes[current as usize];
        if node.won {
            return Search {
                steps: tree.steps(current),
                won: true,
                heuristic: node.heuristic,
                iterations,
            };
        }
        if visited.insert(&tree, current) {
            let better = match best {
                None => true,
                Some(b) => {
                    let b = tree.nodes[b as usize];
                    node.heuristic < b.heuristic
                        || (node.heuristic == b.heuristic && node.depth < b.depth)
                }
            };
            if better {
                best = Some(current);
            }
            match frontier {
                Frontier::Breadth => tree.expand(current, |_, child| fifo.push(child)),
                Frontier::AStar(balance) => {
                    tree.expand(current, |tree, child| {
                        heap.push((key(tree, child, balance), child));
                    });
                }
            }
        }
    }
    let best = best.expect("the first pop is always new");
    Search {
        steps: tree.steps(best),
        won: false,
        heuristic: tree.nodes[best as usize].heuristic,
        iterations,
    }
}

/// `_run_game`'s solving: breadth-first, then A* with balance 1, 0.5 and 0, each with `budget`
/// pops, stopping at the first that wins. Returns `(0, its moves)`, or, when none wins, the
/// heuristic of the last search's best node and no moves.
#[must_use]
pub fn run_game(level: &Level, start: &State, budget: usize) -> (i32, Vec<Step>) {
    for frontier in [
        Frontier::Breadth,
        Frontier::AStar(1.0),
        Frontier::AStar(0.5),
        Frontier::AStar(0.0),
    ] {
        let found = solve(level, start, frontier, budget);
        if found.won {
            return (0, found.steps);
        }
        if frontier == Frontier::AStar(0.0) {
            return (found.heuristic, Vec::new());
        }
    }
    unreachable!("the last search returns")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    #[test]
    fn heap_matches_heapq_on_ties() {
        // heapq.heappush of keys [1, 1, 0, 1, 0] tagged 0..5, then five heappops, gives the tags
        // 2, 4, 0, 3, 1 (checked with CPython's heapq).
        let mut heap = Heap::new();
        for (tag, key) in [1.0, 1.0, 0.0, 1.0, 0.0].into_iter().enumerate() {
            heap.push((key, tag as u32));
        }
        let order: Vec<u32> = std::iter::from_fn(|| heap.pop().map(|(_, t)| t)).collect();
        assert_eq!(order, vec![2, 4, 0, 3, 1]);
    }

    #[test]
    fn a_one_push_level_is_solved_by_breadth_first_search() {
        let content = Grid::from_rows(&[vec![2, 3, 4], vec![1, 1, 1], vec![1, 1, 1]], 5).unwrap();
        let (level, start) = Level::parse(&content).unwrap();
        let found = solve(&level, &start, Frontier::Breadth, 5000);
        assert!(found.won);
        assert_eq!(found.steps, vec![Step { x: 1, y: 0 }]);
        // Root popped, then its children right and down: the right one wins.
        assert_eq!(found.iterations, 2);
        assert_eq!(
            run_game(&level, &start, 5000),
            (0, vec![Step { x: 1, y: 0 }])
        );
    }

    #[test]
    fn an_unsolvable_level_reports_the_best_heuristic() {
        // The crate sits in a corner: no push leaves it anywhere but stuck.
        let content = Grid::from_rows(&[vec![3, 1, 1], vec![1, 2, 1], vec![1, 1, 4]], 5).unwrap();
        let (level, start) = Level::parse(&content).unwrap();
        assert_eq!(run_game(&level, &start, 5000), (4, Vec::new()));
    }
}
