//! The pointless areas, kept up to date as excursions cut them and solved areas leave, at a
//! cost close to the size of what changes rather than of the area being cut.
//!
//! * Each node's distance from the route (through pointless nodes) is kept: when an
//!   excursion joins the route, only the nodes it brings closer are visited.
//! * Each area of at least `threshold` nodes keeps its nodes by distance ([`Far`]), so its
//!   farthest node is found without walking it; entries that went stale are moved or dropped
//!   when they are met.
//! * The way back from the farthest node is the one the breadth-first search of the first
//!   version picked: the lexicographically smallest shortest path from the route (see
//!   [`Areas::farthest`]), found among the nodes on shortest paths only.
//! * A cut is followed by searches from the cut's sides run side by side ([`super::cut`]):
//!   they stop as soon as every piece but one is known, so the big piece left over is never
//!   walked.
//! * Areas are numbered in the order they appear, and pieces of one cut in the order a
//!   breadth-first search from the cut area's seed meets them, as before. That order only
//!   decides between areas of equal size, so it is worked out only then ([`super::seeds`]).
//!
//! Areas below the threshold are never solved: they keep no [`Far`] and no number.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::graph::{Graph, NONE, Node};

/// The label of pointless nodes in an area below the threshold: never solved.
pub(super) const FROZEN: u32 = NONE - 1;

/// An area being solved: its piece, its number and size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Area {
    /// The piece (index into the pieces; the label of its nodes).
    pub(crate) piece: u32,
    /// The area's number: among areas of equal size the lowest is solved first.
    pub(crate) number: u32,
    /// Its size in nodes.
    pub(crate) size: usize,
}

/// How an area's seed (the node its breadth-first order starts from) is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Seed {
    /// This node.
    Known(Node),
    /// The first node of the area met by a breadth-first search from the seed of area
    /// `parent` over the nodes that were pointless when round `round` began; `member` is one
    /// of the area's nodes. If `rest` is `Some((from, to))` the area is what round `round`
    /// left of its parent once the pieces listed in `cuts[from..to]` were cut off.
    Lazy {
        parent: u32,
        round: u32,
        member: Node,
        rest: Option<(u32, u32)>,
    },
}

/// What is known of a node and read often (kept together: they are mostly read together).
#[derive(Debug, Clone, Copy)]
pub(super) struct State {
    /// The node's piece, [`FROZEN`], or `NONE` for route, solved and unreachable nodes.
    pub(super) label: u32,
    /// Distance from the route through pointless nodes (0 on the route).
    pub(super) dist: u32,
    /// Stamps of searches.
    pub(super) stamp: u32,
    /// The search that reached the node first, while cutting.
    pub(super) owner: u32,
}

/// One connected group of pointless nodes of at least `threshold` nodes, under one label.
#[derive(Debug, Clone)]
pub(super) struct Piece {
    /// Its current area number.
    pub(super) number: u32,
    /// Its size.
    pub(super) size: u32,
    /// One of its nodes.
    pub(super) member: Node,
    /// Its nodes by distance, to find the farthest.
    pub(super) far: Far,
    /// Whether it is still to be solved.
    pub(super) alive: bool,
}

/// Pointless areas: connected groups of pointless nodes.
pub(crate) struct Areas {
    pub(super) threshold: u32,
    /// What is known of each node.
    pub(super) node: Vec<State>,
    /// The round in which each node stopped being pointless: 0 if it never was, `NONE` while
    /// it is (read only to find a seed late).
    pub(super) left: Vec<u32>,
    /// Stamps for when two searches must be told apart (finding a seed late).
    pub(super) mark: Vec<u32>,
    pub(super) tick: u32,
    pub(super) mark_tick: u32,
    /// The cutting searches' queues, kept to be reused.
    pub(super) queues: Vec<Vec<Node>>,
    /// The nodes a cut brought closer, kept to be reused.
    pub(super) closer: Vec<Node>,
    /// The cutting searches' positions, groups, running counts and active list, kept to be
    /// reused.
    pub(super) union: (Vec<usize>, Vec<u32>, Vec<u32>, Vec<u32>),
    /// Levels of the search for the way back, kept to be reused.
    level: Vec<Node>,
    below: Vec<Node>,
    pub(super) pieces: Vec<Piece>,
    /// Each area number's seed.
    pub(super) seeds: Vec<Seed>,
    /// A node of each piece cut off, for [`Seed::Lazy`].
    pub(super) cuts: Vec<Node>,
    /// (size, number, piece) of the areas to solve, with stale entries.
    heap: BinaryHeap<(u32, Reverse<u32>, u32)>,
    /// The largest area below the threshold.
    pub(super) largest_small: u32,
    /// Nodes in areas still to be solved.
    pub(super) open: u64,
}

impl Areas {
    /// The areas of the pointless nodes: those `reachable` and not `on_route`.
    pub(crate) fn new(
        graph: &Graph,
        reachable: &[bool],
        on_route: impl Fn(Node) -> bool,
        threshold: usize,
    ) -> Areas {
        let n = graph.nodes();
        let mut areas = Areas {
            threshold: u32::try_from(threshold).unwrap_or(u32::MAX),
            node: vec![
                State {
                    label: NONE,
                    dist: NONE,
                    stamp: 0,
                    owner: 0,
                };
                n
            ],
            left: vec![0; n],
            mark: vec![0; n],
            tick: 0,
            mark_tick: 0,
            queues: Vec::new(),
            closer: Vec::new(),
            union: Default::default(),
            level: Vec::new(),
            below: Vec::new(),
            pieces: Vec::new(),
            seeds: Vec::new(),
            cuts: Vec::new(),
            heap: BinaryHeap::new(),
            largest_small: 0,
            open: 0,
        };
        let pointless = |v: Node| reachable[v as usize] && !on_route(v);
        // Distances from the whole route at once.
        let mut queue: Vec<Node> = (0..n as Node)
            .filter(|&v| reachable[v as usize] && on_route(v))
            .collect();
        for &v in &queue {
            areas.node[v as usize].dist = 0;
        }
        let mut head = 0;
        while let Some(&v) = queue.get(head) {
            head += 1;
            let next = areas.node[v as usize].dist + 1;
            for &w in graph.neighbours(v) {
                if areas.node[w as usize].dist == NONE && pointless(w) {
                    areas.node[w as usize].dist = next;
                    queue.push(w);
                }
            }
        }
        // The areas, numbered by their smallest node.
        let mut stack = Vec::new();
        for v in 0..n as Node {
            if areas.left[v as usize] != 0 || !pointless(v) {
                continue;
            }
            let mut nodes = vec![v];
            areas.left[v as usize] = NONE;
            stack.push(v);
            while let Some(u) = stack.pop() {
                for &w in graph.neighbours(u) {
                    if areas.left[w as usize] == 0 && pointless(w) {
                        areas.left[w as usize] = NONE;
                        nodes.push(w);
                        stack.push(w);
                    }
                }
            }
            let number = areas.seeds.len() as u32;
            areas.seeds.push(Seed::Known(v));
            areas.adopt(&nodes, Some(number));
        }
        areas
    }

    /// Labels `nodes` (one connected group) as a new piece, or as [`FROZEN`] below the
    /// threshold; a piece gets area `number` if given (else set it later). Returns the label.
    pub(super) fn adopt(&mut self, nodes: &[Node], number: Option<u32>) -> u32 {
        let size = nodes.len() as u32;
        if size < self.threshold {
            for &v in nodes {
                self.node[v as usize].label = FROZEN;
            }
            self.largest_small = self.largest_small.max(size);
            return FROZEN;
        }
        let id = self.pieces.len() as u32;
        for &v in nodes {
            self.node[v as usize].label = id;
        }
        let node = &self.node;
        let far = Far::new(nodes, |v| node[v as usize].dist);
        self.pieces.push(Piece {
            number: NONE,
            size,
            member: nodes[0],
            far,
            alive: true,
        });
        self.open += u64::from(size);
        if let Some(number) = number {
            self.number(id, number);
        }
        id
    }

    /// Gives piece `id` area number `number` and queues it to be solved.
    pub(super) fn number(&mut self, id: u32, number: u32) {
        let piece = &mut self.pieces[id as usize];
        piece.number = number;
        self.heap.push((piece.size, Reverse(number), id));
    }

    /// Nodes in areas of at least the threshold, still to be solved.
    pub(crate) fn open(&self) -> u64 {
        self.open
    }

    /// The largest area left below the threshold (0 if none).
    pub(crate) fn largest_small(&self) -> usize {
        self.largest_small as usize
    }

    /// The largest area of at least the threshold (the lowest-numbered among equals).
    pub(crate) fn largest(&mut self) -> Option<Area> {
        while let Some(&(size, Reverse(number), id)) = self.heap.peek() {
            let piece = &self.pieces[id as usize];
            if piece.alive && piece.number == number && piece.size == size {
                return Some(Area {
                    piece: id,
                    number,
                    size: size as usize,
                });
            }
            self.heap.pop();
        }
        None
    }

    /// The nodes of an area, breadth first from its seed when that is known (as the first
    /// version listed them), else from one of its nodes.
    pub(crate) fn nodes(&mut self, graph: &Graph, area: Area) -> Vec<Node> {
        let from = match self.seeds[area.number as usize] {
            Seed::Known(seed) => seed,
            Seed::Lazy { .. } => self.pieces[area.piece as usize].member,
        };
        self.tick += 1;
        let mut nodes = vec![from];
        self.node[from as usize].stamp = self.tick;
        let mut head = 0;
        while let Some(&v) = nodes.get(head) {
            head += 1;
            for &w in graph.neighbours(v) {
                if self.node[w as usize].label == area.piece
                    && self.node[w as usize].stamp != self.tick
                {
                    self.node[w as usize].stamp = self.tick;
                    nodes.push(w);
                }
            }
        }
        nodes
    }

    /// The area leaves, solved as it is, in round `round`; returns its nodes.
    pub(crate) fn remove(&mut self, graph: &Graph, area: Area, round: u32) -> Vec<Node> {
        let nodes = self.nodes(graph, area);
        for &v in &nodes {
            self.node[v as usize].label = NONE;
            self.node[v as usize].dist = NONE;
            self.left[v as usize] = round;
        }
        self.retire(area.piece);
        nodes
    }

    /// Piece `id` is solved or fell below the threshold.
    pub(super) fn retire(&mut self, id: u32) {
        let piece = &mut self.pieces[id as usize];
        piece.alive = false;
        piece.far = Far::default();
        self.open -= u64::from(piece.size);
    }

    /// The route nodes next to the area for which `keep` holds, in no particular order.
    /// `candidates` lists the only nodes `keep` may hold for, and `keep` must stay false once
    /// it is: candidates that are not kept, or no longer next to an area to solve, are dropped
    /// for good. Walks the area or the candidates, whichever is shorter.
    pub(crate) fn border_among(
        &mut self,
        graph: &Graph,
        area: Area,
        candidates: &mut Vec<Node>,
        keep: impl Fn(Node) -> bool,
    ) -> Vec<Node> {
        let mut found = Vec::new();
        if area.size < candidates.len() {
            // Walking the area stamps its nodes with this tick; route nodes are never among
            // them.
            for v in self.nodes(graph, area) {
                for &w in graph.neighbours(v) {
                    if self.node[w as usize].label == NONE
                        && self.node[w as usize].dist == 0
                        && self.node[w as usize].stamp != self.tick
                        && keep(w)
                    {
                        self.node[w as usize].stamp = self.tick;
                        found.push(w);
                    }
                }
            }
            return found;
        }
        let (node, pieces) = (&self.node, &self.pieces);
        candidates.retain(|&c| {
            if !keep(c) {
                return false;
            }
            let mut live = false;
            for &w in graph.neighbours(c) {
                let l = node[w as usize].label;
                if l == area.piece {
                    found.push(c);
                    return true;
                }
                live |= l != NONE && l != FROZEN && pieces[l as usize].alive;
            }
            live
        });
        found
    }

    /// The area's node farthest from the route (the smallest-numbered among equals), its
    /// distance, and the way back: the node, then each step towards the route, ending on a
    /// route node next to the area.
    ///
    /// The first version found the way back by one breadth-first search from the route nodes
    /// next to the area, in increasing order, keeping the first parent found. Reading that
    /// search's order level by level, each node's way back read from the route end is the
    /// lexicographically smallest of its shortest ways; so here the nodes on shortest ways to
    /// the far node are found by going down the distances from it, and the way is then picked
    /// greedily from the route end, the smallest node at each step.
    pub(crate) fn farthest(&mut self, graph: &Graph, area: Area) -> (Node, u32, Vec<Node>) {
        let p = area.piece;
        let (far, distance) = self.pieces[p as usize].far.farthest(
            |v| self.node[v as usize].label == p,
            |v| self.node[v as usize].dist,
        );
        // Down the levels: every node one step closer to the route on a shortest way. Only
        // the route nodes at the bottom are kept.
        self.tick += 1;
        let tick = self.tick;
        self.node[far as usize].stamp = tick;
        let mut level = std::mem::take(&mut self.level);
        let mut below = std::mem::take(&mut self.below);
        level.clear();
        level.push(far);
        for k in (0..distance).rev() {
            below.clear();
            for &u in &level {
                for &w in graph.neighbours(u) {
                    let on = if k == 0 {
                        self.node[w as usize].label == NONE && self.node[w as usize].dist == 0
                    } else {
                        self.node[w as usize].label == p && self.node[w as usize].dist == k
                    };
                    if on && self.node[w as usize].stamp != tick {
                        self.node[w as usize].stamp = tick;
                        below.push(w);
                    }
                }
            }
            std::mem::swap(&mut level, &mut below);
        }
        let root = *level.iter().min().expect("an area borders the route");
        (self.level, self.below) = (level, below);
        // Up again, smallest first.
        let mut way = vec![root];
        let mut here = root;
        for k in 1..=distance {
            here = graph
                .neighbours(here)
                .iter()
                .copied()
                .filter(|&w| {
                    self.node[w as usize].stamp == tick
                        && self.node[w as usize].label == p
                        && self.node[w as usize].dist == k
                })
                .min()
                .expect("a shortest way goes on");
            way.push(here);
        }
        debug_assert_eq!(here, far);
        way.reverse();
        (far, distance, way)
    }
}

/// A piece's nodes by their distance from the route, to find its farthest node (the
/// smallest-numbered among equals).
///
/// Distances only shrink, so a node's entry sits at a distance it had, which is never too
/// small; an entry found too high is moved down to the node's distance when the search for
/// the farthest node reaches it, and an entry of a node that left is dropped then. The
/// highest non-empty level, once reached, gets no more entries: it is sorted once and read
/// in order.
#[derive(Debug, Clone, Default)]
pub(super) struct Far {
    /// Nodes by distance: `levels[top]` is sorted.
    levels: Vec<Vec<Node>>,
    top: usize,
    /// Entries of `levels[top]` before this are gone.
    next: usize,
}

impl Far {
    /// The nodes (at least one) with their distances.
    pub(super) fn new(nodes: &[Node], dist: impl Fn(Node) -> u32) -> Far {
        let top = nodes
            .iter()
            .map(|&v| dist(v) as usize)
            .max()
            .expect("a piece has nodes");
        let mut levels = vec![Vec::new(); top + 1];
        for &v in nodes {
            levels[dist(v) as usize].push(v);
        }
        levels[top].sort_unstable();
        Far {
            levels,
            top,
            next: 0,
        }
    }

    /// The farthest node of those `inside` and its distance.
    fn farthest(
        &mut self,
        inside: impl Fn(Node) -> bool,
        dist: impl Fn(Node) -> u32,
    ) -> (Node, u32) {
        loop {
            let Some(&v) = self.levels[self.top].get(self.next) else {
                self.levels[self.top] = Vec::new();
                self.top = self.top.checked_sub(1).expect("a piece has nodes");
                self.next = 0;
                self.levels[self.top].sort_unstable();
                continue;
            };
            let d = dist(v) as usize;
            if inside(v) && d == self.top {
                return (v, d as u32);
            }
            self.next += 1;
            if inside(v) {
                self.levels[d].push(v);
            }
        }
    }
}
