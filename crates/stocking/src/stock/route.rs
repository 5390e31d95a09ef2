//! The required route: a walk from the start to the goal that visits every solved node.
//!
//! The document recomputes the path "such that it now first visits this solved node" and warns
//! that this creates a cycle. Here the cycle is an excursion: the walk leaves the route at the
//! route node nearest the solved node, goes there by a shortest way, and comes back the same
//! way. Cells may therefore appear more than once in the walk; the set of cells on it is what
//! the player must or wants to visit.

use crate::graph::{NONE, Node};

/// A walk through the map and the first step at which it reaches each node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    walk: Vec<Node>,
    first: Vec<u32>,
    distinct: usize,
}

impl Route {
    /// The route along `path` (a path from the start to the goal) in a graph of `nodes` nodes.
    #[must_use]
    pub fn new(path: Vec<Node>, nodes: usize) -> Route {
        let mut route = Route {
            walk: path,
            first: vec![NONE; nodes],
            distinct: 0,
        };
        route.index();
        route
    }

    fn index(&mut self) {
        self.first.iter_mut().for_each(|f| *f = NONE);
        self.distinct = 0;
        for (i, &node) in self.walk.iter().enumerate() {
            if self.first[node as usize] == NONE {
                self.first[node as usize] = i as u32;
                self.distinct += 1;
            }
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

    /// Adds an excursion at the first visit of `chain`'s last node: `chain` runs from the far
    /// node back to a node already on the walk; the walk goes out along it in reverse and comes
    /// back along it. O(walk length).
    ///
    /// # Panics
    /// Panics if `chain`'s last node is not on the walk.
    pub fn add_excursion(&mut self, chain: &[Node]) {
        let (&anchor, out) = chain.split_last().expect("a chain of at least one node");
        let at = self.first[anchor as usize];
        assert!(at != NONE, "the excursion starts on the walk");
        let at = at as usize;
        let mut walk = Vec::with_capacity(self.walk.len() + 2 * out.len());
        walk.extend_from_slice(&self.walk[..=at]);
        walk.extend(out.iter().rev());
        walk.extend(out.iter().skip(1));
        walk.push(anchor);
        walk.extend_from_slice(&self.walk[at + 1..]);
        self.walk = walk;
        // Nodes first reached after the anchor move by the excursion's length; the
        // excursion's own nodes (new to the walk) are first reached on the way out.
        let shift = (2 * out.len()) as u32;
        for f in &mut self.first {
            if *f != NONE && *f as usize > at {
                *f += shift;
            }
        }
        for (k, &node) in out.iter().rev().enumerate() {
            let f = &mut self.first[node as usize];
            if *f == NONE {
                *f = (at + 1 + k) as u32;
                self.distinct += 1;
            }
        }
    }
}
