//! The stocking as first written, kept for the tests: every round walks the whole area it
//! solves, so a map that is one big room costs O(cells²). The tests check that
//! [`super::stock`] makes exactly the same choices.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use ludoforge_evolve::Stream;

use super::{
    Action, Excursion, Feature, Order, Placement, Route, Settings, Step, StockError, Stocking,
    separators,
};
use crate::graph::{Graph, NONE, Node, bfs, shortest_path};

/// The old stocking, same contract as [`super::stock`].
pub(crate) fn stock(
    graph: &Graph,
    start: Node,
    goal: Node,
    settings: &Settings,
    rng: &mut Stream,
) -> Result<Stocking, StockError> {
    let n = graph.nodes();
    if start as usize >= n || goal as usize >= n || start == goal {
        return Err(StockError::Ends);
    }
    if settings.threshold == 0 {
        return Err(StockError::Threshold);
    }
    let shortest = shortest_path(graph, start, goal, |_| false).ok_or(StockError::Unreachable)?;
    let (mut dist, mut parent) = (Vec::new(), Vec::new());
    bfs(graph, &[start], |_| false, &mut dist, &mut parent);
    let reachable: Vec<bool> = dist.iter().map(|&d| d != NONE).collect();
    let reachable_count = reachable.iter().filter(|&&r| r).count();
    let chokepoint = separators(graph, start, goal);

    let mut order = Order::new(&shortest, n);
    let mut areas = Areas::new(graph, |v| reachable[v as usize] && !order.contains(v));
    let mut excursions: Vec<Excursion> = Vec::new();
    let mut occupied = vec![false; n];
    let mut door_at = vec![false; n];
    occupied[start as usize] = true;
    occupied[goal as usize] = true;
    let mut settled_nodes = Vec::new();
    let mut placements = Vec::new();
    let mut steps = Vec::new();
    let mut doors = 0u32;
    let small_area = 2 * settings.threshold;

    let largest_left = loop {
        let Some((area, size)) = areas.largest() else {
            break 0;
        };
        if size < settings.threshold {
            break size;
        }
        let nodes = areas.nodes(graph, area);
        let border = areas.border(graph, &nodes, |v| order.contains(v));
        let (far, distance, chain) = areas.farthest(graph, area, &border);
        let anchor = *chain.last().expect("a chain ends on the route");

        let action = settings
            .mix
            .draw(|a| a != Action::Solved || size < small_area, rng)
            .or_else(|| settings.mix.draw(|a| a == Action::Solved, rng))
            .unwrap_or(Action::Reward);
        let mut step = Step {
            area: size,
            far,
            distance,
            action,
            door: None,
        };
        if action == Action::Solved {
            areas.remove(area, &nodes);
            settled_nodes.extend_from_slice(&nodes);
        } else {
            let door = (action == Action::Door)
                .then(|| {
                    super::choose_door(
                        graph,
                        &border,
                        anchor,
                        &order,
                        &occupied,
                        &door_at,
                        &chokepoint,
                    )
                })
                .flatten();
            let feature = match (action, door) {
                (Action::Door, Some(door)) => {
                    placements.push(Placement {
                        node: door,
                        feature: Feature::Door(doors),
                    });
                    occupied[door as usize] = true;
                    door_at[door as usize] = true;
                    step.door = Some(door);
                    doors += 1;
                    Feature::Key(doors - 1)
                }
                (Action::Trap, _) => Feature::Trap,
                (Action::RedHerring, _) => Feature::RedHerring,
                // A reward, or a door with no room for one on this area's border.
                _ => {
                    step.action = Action::Reward;
                    Feature::Reward(super::reward_size(size, settings.threshold))
                }
            };
            placements.push(Placement { node: far, feature });
            occupied[far as usize] = true;
            let out: Vec<Node> = chain[..chain.len() - 1].iter().rev().copied().collect();
            order.insert_after(anchor, &out);
            areas.split(graph, area, &nodes, &out);
            excursions.push(Excursion { chain });
        }
        steps.push(step);
    };
    Ok(Stocking {
        start,
        goal,
        placements,
        route: Route::build(&shortest, &excursions, n),
        shortest,
        steps,
        settled: settled_nodes,
        reachable: reachable_count,
        largest_left,
    })
}

/// Pointless areas: connected groups of pointless nodes.
pub(crate) struct Areas {
    /// Each node's area, or `NONE` for route, solved and unreachable nodes.
    label: Vec<u32>,
    /// Each area's size (0 once gone).
    size: Vec<u32>,
    /// A node of each area.
    seed: Vec<Node>,
    heap: BinaryHeap<(u32, Reverse<u32>)>,
    dist: Vec<u32>,
    parent: Vec<Node>,
    stamp: Vec<u32>,
    tick: u32,
}

impl Areas {
    /// The areas of the nodes for which `pointless` holds.
    pub(crate) fn new(graph: &Graph, pointless: impl Fn(Node) -> bool) -> Areas {
        let n = graph.nodes();
        let mut areas = Areas {
            label: vec![NONE; n],
            size: Vec::new(),
            seed: Vec::new(),
            heap: BinaryHeap::new(),
            dist: vec![NONE; n],
            parent: vec![NONE; n],
            stamp: vec![0; n],
            tick: 0,
        };
        for v in 0..n as Node {
            if areas.label[v as usize] == NONE && pointless(v) {
                areas.flood(graph, v, &pointless);
            }
        }
        areas
    }

    /// Labels the group of nodes reachable from `seed` through nodes satisfying `member` (and
    /// not yet labelled) as a new area.
    fn flood(&mut self, graph: &Graph, seed: Node, member: impl Fn(Node) -> bool) {
        let id = self.size.len() as u32;
        let mut stack = vec![seed];
        self.label[seed as usize] = id;
        let mut size = 0u32;
        while let Some(v) = stack.pop() {
            size += 1;
            for &w in graph.neighbours(v) {
                if self.label[w as usize] == NONE && member(w) {
                    self.label[w as usize] = id;
                    stack.push(w);
                }
            }
        }
        self.size.push(size);
        self.seed.push(seed);
        self.heap.push((size, Reverse(id)));
    }

    /// The largest area and its size (the lowest-numbered among equals).
    pub(crate) fn largest(&mut self) -> Option<(u32, usize)> {
        while let Some(&(size, Reverse(id))) = self.heap.peek() {
            if self.size[id as usize] == size && size > 0 {
                return Some((id, size as usize));
            }
            self.heap.pop();
        }
        None
    }

    /// The nodes of an area.
    pub(crate) fn nodes(&mut self, graph: &Graph, area: u32) -> Vec<Node> {
        self.piece(graph, self.seed[area as usize], area)
    }

    /// The nodes outside the area next to it for which `on_route` holds, in increasing order.
    pub(crate) fn border(
        &mut self,
        graph: &Graph,
        nodes: &[Node],
        on_route: impl Fn(Node) -> bool,
    ) -> Vec<Node> {
        self.tick += 1;
        let mut border = Vec::new();
        for &v in nodes {
            for &w in graph.neighbours(v) {
                if self.stamp[w as usize] != self.tick && on_route(w) {
                    self.stamp[w as usize] = self.tick;
                    border.push(w);
                }
            }
        }
        border.sort_unstable();
        border
    }

    /// The area's node farthest from the border (the smallest-numbered among equals), its
    /// distance, and the way back: the node, then each step towards the border, ending on a
    /// border node.
    pub(crate) fn farthest(
        &mut self,
        graph: &Graph,
        area: u32,
        border: &[Node],
    ) -> (Node, u32, Vec<Node>) {
        let mut order: Vec<Node> = Vec::new();
        for &b in border {
            self.dist[b as usize] = 0;
            order.push(b);
        }
        let mut head = 0;
        while let Some(&v) = order.get(head) {
            head += 1;
            let next = self.dist[v as usize] + 1;
            for &w in graph.neighbours(v) {
                if self.label[w as usize] == area && self.dist[w as usize] == NONE {
                    self.dist[w as usize] = next;
                    self.parent[w as usize] = v;
                    order.push(w);
                }
            }
        }
        let far = order
            .iter()
            .copied()
            .filter(|&v| self.label[v as usize] == area)
            .max_by(|&a, &b| {
                self.dist[a as usize]
                    .cmp(&self.dist[b as usize])
                    .then(b.cmp(&a))
            })
            .expect("an area has nodes and borders the route");
        let distance = self.dist[far as usize];
        let mut chain = vec![far];
        let mut here = far;
        while self.parent[here as usize] != NONE {
            here = self.parent[here as usize];
            chain.push(here);
        }
        for v in order {
            self.dist[v as usize] = NONE;
            self.parent[v as usize] = NONE;
        }
        (far, distance, chain)
    }

    /// The area leaves (solved as it is).
    pub(crate) fn remove(&mut self, area: u32, nodes: &[Node]) {
        for &v in nodes {
            self.label[v as usize] = NONE;
        }
        self.size[area as usize] = 0;
    }

    /// The `taken` nodes of the area join the route; what is left of it falls into new areas.
    pub(crate) fn split(&mut self, graph: &Graph, area: u32, nodes: &[Node], taken: &[Node]) {
        for &v in taken {
            self.label[v as usize] = NONE;
        }
        self.size[area as usize] = 0;
        for &v in nodes {
            if self.label[v as usize] == area {
                let piece = self.piece(graph, v, area);
                let id = self.size.len() as u32;
                for &u in &piece {
                    self.label[u as usize] = id;
                }
                self.size.push(piece.len() as u32);
                self.seed.push(v);
                self.heap.push((piece.len() as u32, Reverse(id)));
            }
        }
    }

    /// The nodes labelled `area` connected to `from`, breadth first.
    fn piece(&mut self, graph: &Graph, from: Node, area: u32) -> Vec<Node> {
        self.tick += 1;
        let mut piece = vec![from];
        self.stamp[from as usize] = self.tick;
        let mut head = 0;
        while let Some(&v) = piece.get(head) {
            head += 1;
            for &w in graph.neighbours(v) {
                if self.label[w as usize] == area && self.stamp[w as usize] != self.tick {
                    self.stamp[w as usize] = self.tick;
                    piece.push(w);
                }
            }
        }
        piece
    }
}
