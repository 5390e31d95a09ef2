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
    at: Vec<Link>,
    first: Node,
    count: usize,
}

/// A node's place in the [`Order`].
#[derive(Debug, Clone, Copy)]
struct Link {
    /// Grows along the order (meaningful on the route only).
    label: u64,
    /// The next node on the route, or `NONE`.
    next: Node,
    /// Whether the node is on the route.
    on: bool,
}

impl Order {
    /// The order along `path` in a graph of `nodes` nodes.
    ///
    /// # Panics
    /// Panics if `path` is empty.
    #[must_use]
    pub fn new(path: &[Node], nodes: usize) -> Order {
        let mut order = Order {
            at: vec![
                Link {
                    label: 0,
                    next: NONE,
                    on: false,
                };
                nodes
            ],
            first: path[0],
            count: path.len(),
        };
        for pair in path.windows(2) {
            order.at[pair[0] as usize].next = pair[1];
        }
        for &v in path {
            order.at[v as usize].on = true;
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
            self.at[v as usize].label = label;
            label += step;
            v = self.at[v as usize].next;
        }
    }

    /// Makes room for `k` labels right after `anchor`: spreads the labels of the shortest
    /// stretch of 1, 2, 4, … nodes from `anchor` on whose labels leave at least as much room
    /// between neighbours as the stretch (with the `k` newcomers) has nodes, or of the whole
    /// list if none does. A crowded spot thus costs about the size of the stretch around it,
    /// not of the route.
    fn respace(&mut self, anchor: Node, k: u64) {
        let base = self.at[anchor as usize].label;
        let (mut last, mut count, mut limit) = (anchor, 1u64, 1u64);
        loop {
            while count < limit && self.at[last as usize].next != NONE {
                last = self.at[last as usize].next;
                count += 1;
            }
            let after = self.at[last as usize].next;
            let hi = if after == NONE {
                u64::MAX
            } else {
                self.at[after as usize].label
            };
            let slots = count + k + 1;
            let step = (hi - base) / slots;
            if step >= slots {
                let (mut v, mut label) = (anchor, base);
                while v != after {
                    self.at[v as usize].label = label;
                    label += step;
                    v = self.at[v as usize].next;
                }
                return;
            }
            if after == NONE {
                self.relabel();
                return;
            }
            limit *= 2;
        }
    }

    /// Whether the route reaches `node`.
    #[must_use]
    pub fn contains(&self, node: Node) -> bool {
        self.at[node as usize].on
    }

    /// Whether the route first reaches `a` before `b` (both on the route).
    #[must_use]
    pub fn before(&self, a: Node, b: Node) -> bool {
        self.at[a as usize].label < self.at[b as usize].label
    }

    /// A key that grows with the order of first visits (compare two nodes on the route).
    #[must_use]
    pub fn rank(&self, node: Node) -> u64 {
        self.at[node as usize].label
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
            let next = o.at[anchor as usize].next;
            let hi = if next == NONE {
                u64::MAX
            } else {
                o.at[next as usize].label
            };
            hi - o.at[anchor as usize].label
        };
        if gap(self) <= k + 1 {
            self.respace(anchor, k);
        }
        let step = gap(self) / (k + 1);
        let mut label = self.at[anchor as usize].label;
        let after = self.at[anchor as usize].next;
        let mut prev = anchor;
        for &v in nodes {
            label += step;
            self.at[v as usize].label = label;
            self.at[v as usize].on = true;
            self.at[prev as usize].next = v;
            prev = v;
        }
        self.at[prev as usize].next = after;
    }
}

/// An excursion: `chain` runs from the far node back to the anchor, a node already on the
/// route when it was added.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Excursion {
    /// Far node first, anchor last.
    pub chain: Vec<Node>,
}

/// Excursions' chains kept end to end (far node first, anchor last), without one allocation
/// each.
#[derive(Debug, Clone, Default)]
pub(crate) struct Chains {
    nodes: Vec<Node>,
    ends: Vec<u32>,
}

impl Chains {
    /// Adds a chain.
    pub(crate) fn push(&mut self, chain: &[Node]) {
        self.nodes.extend_from_slice(chain);
        self.ends.push(self.nodes.len() as u32);
    }

    /// The number of chains.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Chain `i`.
    pub(crate) fn get(&self, i: usize) -> &[Node] {
        let from = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.nodes[from..self.ends[i] as usize]
    }
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
        let mut chains = Chains::default();
        for e in excursions {
            chains.push(&e.chain);
        }
        Route::build_from(path, &chains, nodes)
    }

    /// [`Route::build`] from the chains kept end to end.
    pub(crate) fn build_from(path: &[Node], excursions: &Chains, nodes: usize) -> Route {
        let count = excursions.len();
        let chain = |i: usize| excursions.get(i);
        // The excursions at each anchor, in the order they were added:
        // `attached[at[v]..at[v + 1]]`.
        let anchor = |i: usize| *chain(i).last().expect("a chain has an anchor") as usize;
        let mut at = vec![0u32; nodes + 1];
        for i in 0..count {
            at[anchor(i) + 1] += 1;
        }
        for v in 0..nodes {
            at[v + 1] += at[v];
        }
        let mut attached = vec![0u32; count];
        let mut fill = at.clone();
        for i in 0..count {
            let slot = &mut fill[anchor(i)];
            attached[*slot as usize] = i as u32;
            *slot += 1;
        }
        drop(fill);
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
                    for &e in &attached[at[v as usize] as usize..at[v as usize + 1] as usize] {
                        let chain = chain(e as usize);
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

    proptest::proptest! {
        /// The labels keep the order of a plain list through any insertions.
        #[test]
        fn the_order_is_that_of_a_list(
            path in 1usize..6,
            inserts in proptest::collection::vec((0usize..1000, 1usize..4), 0..300),
        ) {
            let total = path + inserts.iter().map(|&(_, k)| k).sum::<usize>();
            let mut order = Order::new(&(0..path as Node).collect::<Vec<_>>(), total);
            let mut list: Vec<Node> = (0..path as Node).collect();
            let mut fresh = path as Node;
            for (at, k) in inserts {
                let at = at % list.len();
                let nodes: Vec<Node> = (fresh..fresh + k as Node).collect();
                fresh += k as Node;
                order.insert_after(list[at], &nodes);
                list.splice(at + 1..at + 1, nodes);
            }
            for pair in list.windows(2) {
                proptest::prop_assert!(order.before(pair[0], pair[1]));
            }
            proptest::prop_assert_eq!(order.len(), list.len());
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
