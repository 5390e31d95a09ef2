//! The benchmark's MiniDungeons solvers (`pcg_benchmark/probs/mdungeons/engine.py`: `Node`,
//! `BFSAgent`, `AStarAgent`) and `_run_game` of `problem.py`, step for step, so they expand the
//! same nodes in the same order and return the same solution or the same best node.
//!
//! Both pop a node; skip it when lost; return at once when it wins; and otherwise — the first
//! time its state is met — weigh it as the best node so far (lower heuristic, then lower depth)
//! and queue all four children, visited or not, blocked moves included (a child that could not
//! move is its parent's state one deeper). Each pop counts against the budget. Breadth-first
//! search queues in a plain list (`queue.pop(0)`); A* in `queue.PriorityQueue`, which is `heapq`
//! ordered by `Node.__lt__` (`heuristic + balance · depth`, strictly less): its heap here is
//! `heapq`'s `heappush` / `heappop` line for line, so equal keys leave the heap in the Python's
//! order.

use crate::heapq::Heap;
use std::collections::{HashSet, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};

use super::engine::{DIRECTIONS, GameStatus, Level, Location, State, StateMut};

/// Which queue a solver keeps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Frontier {
    /// `BFSAgent`: first in, first out.
    Breadth,
    /// `AStarAgent` with this `balance` (weight of the depth against the heuristic).
    AStar(f64),
}

/// What one solver run returned (`getSolution`'s locations and node).
#[derive(Clone, Debug, PartialEq)]
pub struct Search {
    /// `getLocations` of the node returned: the winning one, else the best one.
    pub locations: Vec<Location>,
    /// The state of the node returned.
    pub state: State,
    /// Nodes popped.
    pub iterations: usize,
}

const ROOT: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Node {
    parent: u32,
    dir: u8,
    depth: u32,
    x: i32,
    y: i32,
    health: i32,
    potions: i32,
    treasures: i32,
    enemies: i32,
    heuristic: i64,
}

/// Every node made, their item bits packed one after another (`words` each).
struct Tree<'a> {
    level: &'a Level,
    words: usize,
    nodes: Vec<Node>,
    bits: Vec<u64>,
}

impl<'a> Tree<'a> {
    fn new(level: &'a Level, start: &State) -> Self {
        let mut tree = Self {
            level,
            words: level.words(),
            nodes: Vec::new(),
            bits: Vec::new(),
        };
        tree.bits.extend_from_slice(&start.left);
        tree.nodes.push(Node {
            parent: ROOT,
            dir: 0,
            depth: 0,
            x: start.x,
            y: start.y,
            health: start.health,
            potions: start.potions,
            treasures: start.treasures,
            enemies: start.enemies,
            heuristic: start.heuristic(level),
        });
        tree
    }

    fn left(&self, node: u32) -> &[u64] {
        let at = node as usize * self.words;
        &self.bits[at..at + self.words]
    }

    fn state(&self, node: u32) -> State {
        let n = self.nodes[node as usize];
        State {
            x: n.x,
            y: n.y,
            health: n.health,
            potions: n.potions,
            treasures: n.treasures,
            enemies: n.enemies,
            left: self.left(node).to_vec(),
        }
    }

    /// `getChildren`: one child per direction, cloned from `node` and updated.
    fn expand(&mut self, node: u32, mut push: impl FnMut(&Self, u32)) {
        let parent = self.nodes[node as usize];
        for (d, dir) in DIRECTIONS.iter().enumerate() {
            let mut child = parent;
            child.parent = node;
            child.dir = d as u8;
            child.depth = parent.depth + 1;
            let at = node as usize * self.words;
            self.bits.extend_from_within(at..at + self.words);
            let end = self.bits.len();
            let left = &mut self.bits[end - self.words..];
            self.level.update(
                &mut StateMut {
                    x: &mut child.x,
                    y: &mut child.y,
                    health: &mut child.health,
                    potions: &mut child.potions,
                    treasures: &mut child.treasures,
                    enemies: &mut child.enemies,
                    left,
                },
                i64::from(dir.x),
                i64::from(dir.y),
            );
            child.heuristic = self
                .level
                .heuristic(child.x, child.y, child.health, child.treasures);
            self.nodes.push(child);
            push(self, (self.nodes.len() - 1) as u32);
        }
    }

    /// `getLocations`: where the player stood before each move from the root with that move,
    /// then where it stands with the move `{0, 0}`.
    fn locations(&self, node: u32) -> Vec<Location> {
        let n = self.nodes[node as usize];
        let mut out = vec![Location {
            x: i64::from(n.x),
            y: i64::from(n.y),
            action: super::engine::Action { x: 0, y: 0 },
        }];
        let mut current = node;
        while self.nodes[current as usize].parent != ROOT {
            let c = self.nodes[current as usize];
            let p = self.nodes[c.parent as usize];
            out.push(Location {
                x: i64::from(p.x),
                y: i64::from(p.y),
                action: DIRECTIONS[usize::from(c.dir)],
            });
            current = c.parent;
        }
        out.reverse();
        out
    }

    /// The node's `getKey`, packed: player and health in the first word, then the item bits.
    fn key(&self, node: u32) -> Box<[u64]> {
        let n = self.nodes[node as usize];
        let head =
            u64::from(n.x as u32) | (u64::from(n.y as u32) << 24) | ((n.health as u64) << 48);
        std::iter::once(head)
            .chain(self.left(node).iter().copied())
            .collect()
    }
}

/// A multiply-rotate hasher for the packed keys (FxHash's mixing).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}

/// The frontier of either solver.
enum Queue {
    Fifo(VecDeque<u32>),
    Heap(Heap, f64),
}

/// `BFSAgent.getSolution(state, budget)` or `AStarAgent.getSolution(state, balance, budget)`
/// (a budget of 0 is unlimited, as the Python's `maxIterations <= 0`).
#[must_use]
pub fn solve(level: &Level, start: &State, frontier: Frontier, budget: usize) -> Search {
    let mut tree = Tree::new(level, start);
    let mut queue = match frontier {
        Frontier::Breadth => Queue::Fifo(VecDeque::from([0])),
        Frontier::AStar(balance) => {
            let mut heap = Heap::new();
            heap.push((tree.nodes[0].heuristic as f64, 0));
            Queue::Heap(heap, balance)
        }
    };
    let mut visited: HashSet<Box<[u64]>, BuildHasherDefault<KeyHasher>> = HashSet::default();
    let mut best: Option<u32> = None;
    let mut iterations = 0;
    while iterations < budget || budget == 0 {
        let popped = match &mut queue {
            Queue::Fifo(fifo) => fifo.pop_front(),
            Queue::Heap(heap, _) => heap.pop().map(|(_, id)| id),
        };
        let Some(current) = popped else { break };
        iterations += 1;
        let node = tree.nodes[current as usize];
        if node.health <= 0 {
            continue;
        }
        if level.won(node.x, node.y) {
            return Search {
                locations: tree.locations(current),
                state: tree.state(current),
                iterations,
            };
        }
        if visited.insert(tree.key(current)) {
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
            match &mut queue {
                Queue::Fifo(fifo) => tree.expand(current, |_, id| fifo.push_back(id)),
                Queue::Heap(heap, balance) => {
                    let balance = *balance;
                    tree.expand(current, |t, id| {
                        let n = &t.nodes[id as usize];
                        heap.push((n.heuristic as f64 + balance * f64::from(n.depth), id));
                    });
                }
            }
        }
    }
    let best = best.expect("the start is neither lost nor won, so it is weighed first");
    Search {
        locations: tree.locations(best),
        state: tree.state(best),
        iterations,
    }
}

/// `_run_game`: A* with the depth weighed 1, 0.5 and 0, then breadth-first search, each with
/// `budget` pops; the first win gives heuristic 0, its locations and its status. When none wins,
/// the breadth-first search's best node gives its heuristic, no locations and its status.
#[must_use]
pub fn run_game(level: &Level, start: &State, budget: usize) -> (i64, Vec<Location>, GameStatus) {
    let mut last = None;
    for frontier in [
        Frontier::AStar(1.0),
        Frontier::AStar(0.5),
        Frontier::AStar(0.0),
        Frontier::Breadth,
    ] {
        let found = solve(level, start, frontier, budget);
        if found.state.won(level) {
            let status = found.state.status(level);
            return (0, found.locations, status);
        }
        last = Some(found);
    }
    let found = last.expect("four searches ran");
    (
        found.state.heuristic(level),
        Vec::new(),
        found.state.status(level),
    )
}
