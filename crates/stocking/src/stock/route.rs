//! The required route: a walk from the start to the goal that visits every solved node.
//!
//! The document recomputes the path "such that it now first visits this solved node" and warns
//! that this creates a cycle. Here the cycle is an excursion: the walk leaves the route at the
//! route node nearest the solved node (the *anchor*), goes there by a shortest way, and comes
//! back the same way, right after the walk first reaches the anchor. Cells may therefore appear
//! more than once in the walk; the set of cells on it is what the player must or wants to
//! visit.
//!
//! While stocking, only the order of first visits matters (a key must be reached before its
//! door), so [`Order`] keeps that order with gapped labels and the walk itself is spelled out
//! once at the end ([`Route::build`]). Adding an excursion costs O(its length), amortised.

use crate::graph::{NONE, Node};

/// The order in which the route first reaches its nodes.
#[derive(Debug, Clone)]
pub struct Order {
    label: Vec<u64>,
    next: Vec<Node>,
    first: Node,
    on: Vec<bool>,
    count: usize,
}

impl Order {
    /// The order along `path` in a graph of `nodes` nodes.
    ///
    /// # Panics
    /// Panics if `path` is empty.
    #[must_use]
    pub fn new(path: &[Node], nodes: usize) -> Order {
        let mut order = Order {
            label: vec![0; nodes],
            next: vec![NONE; nodes],
            first: path[0],
            on: vec![false; nodes],
            count: path.len(),
        };
        for pair in path.windows(2) {
            order.next[pair[0] as usize] = pair[1];
        }
        for &v in path {
            order.on[v as usize] = true;
        }
        order.relabel();
        order
    }

    /// Spreads the labels evenly over the u64 range, in list order.
    fn relabel(&mut self) {
        let step = u64::MAX / (self.count as u64 + 2);
        let mut v = self.first;
        let mut label = step;
        while v != NONE {
            self.label[v as usize] = label;
            label += step;
            v = self.next[v as usize];
        }
    }

    /// Whether the route reaches `node`.
    #[must_use]
    pub fn contains(&self, node: Node) -> bool {
        self.on[node as usize]
    }

    /// Whether the route first reaches `a` before `b` (both on the route).
    #[must_use]
    pub fn before(&self, a: Node, b: Node) -> bool {
        self.label[a as usize] < self.label[b as usize]
    }

    /// A key that grows with the order of first visits (compare two nodes on the route).
    #[must_use]
    pub fn rank(&self, node: Node) -> u64 {
        self.label[node as usize]
    }

    /// The number of nodes on the route.
    #[must_use]
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether the route is empty (never: it holds at least the start).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Puts `nodes` (new to the route), in order, right after `anchor` in the order of first
    /// visits.
    pub fn insert_after(&mut self, anchor: Node, nodes: &[Node]) {
        if nodes.is_empty() {
            return;
        }
        self.count += nodes.len();
        let k = nodes.len() as u64;
        let gap = |o: &Order| {
            let next = o.next[anchor as usize];
            let hi = if next == NONE {
                u64::MAX
            } else {
                o.label[next as usize]
            };
            hi - o.label[anchor as usize]
        };
        if gap(self) <= k + 1 {
            self.relabel();
        }
        let step = gap(self) / (k + 1);
        let mut label = self.label[anchor as usize];
        let after = self.next[anchor as usize];
        let mut prev = anchor;
        for &v in nodes {
            label += step;
            self.label[v as usize] = label;
            self.on[v as usize] = true;
            self.next[prev as usize] = v;
            prev = v;
        }
        self.next[prev as usize] = after;
    }
}

/// An excursion: `chain` runs from the far node back to the anchor, a node already on the
/// route when it was added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Excursion {
    /// Far node first, anchor last.
    pub chain: Vec<Node>,
}

/// The final walk and the step at which it first reaches each node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    walk: Vec<Node>,
    first: Vec<u32>,
    distinct: usize,
}

impl Route {
    /// The walk along `path` with `excursions` (in the order they were added) spliced in, each
    /// right after the walk first reaches its anchor (so a later excursion at the same anchor
    /// comes first). O(walk length).
    #[must_use]
    pub fn build(path: &[Node], excursions: &[Excursion], nodes: usize) -> Route {
        let mut attached: Vec<Vec<u32>> = vec![Vec::new(); nodes];
        for (i, e) in excursions.iter().enumerate() {
            attached[*e.chain.last().expect("a chain has an anchor") as usize].push(i as u32);
        }
        enum Item {
            Visit(Node),
            Pass(Node),
        }
        let mut stack: Vec<Item> = path.iter().rev().map(|&v| Item::Visit(v)).collect();
        let mut expanded = vec![false; nodes];
        let mut walk = Vec::new();
        while let Some(item) = stack.pop() {
            match item {
                Item::Pass(v) => walk.push(v),
                Item::Visit(v) => {
                    walk.push(v);
                    if std::mem::replace(&mut expanded[v as usize], true) {
                        continue;
                    }
                    // Oldest first onto the stack, so the newest is walked first.
                    for &e in &attached[v as usize] {
                        let chain = &excursions[e as usize].chain;
                        let (&anchor, out) = chain.split_last().expect("non-empty");
                        // Emitted: out reversed (far node last), back along it, the anchor.
                        stack.push(Item::Pass(anchor));
                        stack.extend(out.iter().skip(1).rev().map(|&n| Item::Pass(n)));
                        stack.extend(out.iter().map(|&n| Item::Visit(n)));
                    }
                }
            }
        }
        let mut first = vec![NONE; nodes];
        let mut distinct = 0;
        for (i, &v) in walk.iter().enumerate() {
            if first[v as usize] == NONE {
                first[v as usize] = i as u32;
                distinct += 1;
            }
        }
        Route {
            walk,
            first,
            distinct,
        }
    }

    /// The walk, start first, goal last.
    #[must_use]
    pub fn walk(&self) -> &[Node] {
        &self.walk
    }

    /// Whether the walk passes `node`.
    #[must_use]
    pub fn contains(&self, node: Node) -> bool {
        self.first[node as usize] != NONE
    }

    /// The first step at which the walk reaches `node` ([`NONE`] if never).
    #[must_use]
    pub fn first_visit(&self, node: Node) -> u32 {
        self.first[node as usize]
    }

    /// The number of distinct nodes on the walk.
    #[must_use]
    pub fn distinct(&self) -> usize {
        self.distinct
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excursions_are_walked_out_and_back_right_after_their_anchor() {
        // Path 0-1-2; an excursion 1 → 3 → 4 (chain 4, 3, 1), then one 3 → 5 (chain 5, 3),
        // then a second at 1: 1 → 6 (chain 6, 1), walked before the first.
        let excursions = [
            Excursion {
                chain: vec![4, 3, 1],
            },
            Excursion { chain: vec![5, 3] },
            Excursion { chain: vec![6, 1] },
        ];
        let route = Route::build(&[0, 1, 2], &excursions, 7);
        assert_eq!(route.walk(), &[0, 1, 6, 1, 3, 5, 3, 4, 3, 1, 2]);
        assert_eq!(route.distinct(), 7);
        assert_eq!(route.first_visit(4), 7);
        // The same first-visit order, kept incrementally.
        let mut order = Order::new(&[0, 1, 2], 7);
        order.insert_after(1, &[3, 4]);
        order.insert_after(3, &[5]);
        order.insert_after(1, &[6]);
        let mut nodes: Vec<Node> = (0..7).collect();
        nodes.sort_by_key(|&v| route.first_visit(v));
        for pair in nodes.windows(2) {
            assert!(order.before(pair[0], pair[1]), "{pair:?}");
        }
    }

    #[test]
    fn labels_survive_many_insertions_at_one_place() {
        let mut order = Order::new(&[0, 1], 202);
        let mut expected = vec![0, 1];
        // Always right after 0: the gap halves each time and must be relabelled.
        for v in 2..202 {
            order.insert_after(0, &[v]);
            expected.insert(1, v);
        }
        for pair in expected.windows(2) {
            assert!(order.before(pair[0], pair[1]));
        }
        assert_eq!(order.len(), 202);
    }
}
