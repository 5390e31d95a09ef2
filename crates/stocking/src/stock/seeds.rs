//! Numbering the pieces of a cut as the first version did.
//!
//! The first version numbered areas in the order they appeared; the pieces of one cut in the
//! order a breadth-first search from the cut area's *seed* met them, each piece's seed being
//! the first of its nodes met. The numbers only matter between areas of equal size (the
//! lowest is solved first), and pieces of different cuts are ordered by their cuts, so the
//! search is needed only when two pieces of one cut have the same size. Otherwise a piece's
//! seed is left to be found later ([`Seed::Lazy`]), and usually never is.
//!
//! A seed found late is found from the record of when each node stopped being pointless:
//! the area as it was when cut is the group of nodes still pointless then.

use super::areas::{Area, Areas, Seed};
use crate::graph::{Graph, NONE, Node};

impl Areas {
    /// Numbers the pieces `children` (of at least the threshold) that cutting `area` in round
    /// `round` left; `area`'s own piece among them is what is left of it, and `cuts` lists
    /// a node of each of the others and of those below the threshold.
    pub(super) fn number_children(
        &mut self,
        graph: &Graph,
        area: Area,
        children: &[u32],
        cuts: &[Node],
        round: u32,
    ) {
        let size = |c: u32| self.pieces[c as usize].size;
        let tied: Vec<u32> = children
            .iter()
            .copied()
            .filter(|&c| children.iter().any(|&d| d != c && size(d) == size(c)))
            .collect();
        let must = !tied.is_empty();
        // The pieces whose first node must be found: the tied ones, and the rest of the area
        // (usually found at once: it holds the seed), so that its line of seeds stays known.
        let mut wanted = tied;
        if children.contains(&area.piece) && !wanted.contains(&area.piece) {
            wanted.push(area.piece);
        }
        let seed = match self.seeds[area.number as usize] {
            Seed::Known(seed) => Some(seed),
            Seed::Lazy { .. } if must => Some(self.resolve(graph, area.number)),
            Seed::Lazy { .. } => None,
        };
        // (position in the search, first node) of each child found.
        let mut first = vec![(NONE, NONE); children.len()];
        if let Some(seed) = seed {
            let index = |v: Node| {
                children
                    .iter()
                    .position(|&c| c == self.node[v as usize].label)
            };
            match index(seed) {
                Some(i) if wanted.iter().all(|&c| c == children[i]) => first[i] = (0, seed),
                _ => {
                    let mut missing = wanted.len();
                    let left = std::mem::take(&mut self.left);
                    self.search_from(graph, seed, round, &left, |pos, v, label| {
                        if let Some(i) = children.iter().position(|&c| c == label)
                            && first[i].0 == NONE
                        {
                            first[i] = (pos, v);
                            if wanted.contains(&children[i]) {
                                missing -= 1;
                            }
                        }
                        missing > 0
                    });
                    self.left = left;
                }
            }
        }
        let mut order: Vec<usize> = (0..children.len()).collect();
        order.sort_by_key(|&i| (first[i].0, children[i]));
        for i in order {
            let number = self.seeds.len() as u32;
            self.seeds.push(if first[i].1 == NONE {
                let rest = (children[i] == area.piece).then(|| {
                    let from = self.cuts.len() as u32;
                    self.cuts.extend_from_slice(cuts);
                    (from, self.cuts.len() as u32)
                });
                Seed::Lazy {
                    parent: area.number,
                    round,
                    member: self.pieces[children[i] as usize].member,
                    rest,
                }
            } else {
                Seed::Known(first[i].1)
            });
            self.number(children[i], number);
        }
    }

    /// Breadth-first search from `from` over the nodes that were pointless when round `round`
    /// began, neighbours in increasing order as the first version searched; calls
    /// `visit(position, node, label)`; `left` is [`Areas::left`] for each node met, while it returns true.
    fn search_from(
        &mut self,
        graph: &Graph,
        from: Node,
        round: u32,
        left: &[u32],
        mut visit: impl FnMut(u32, Node, u32) -> bool,
    ) {
        self.tick += 1;
        let tick = self.tick;
        let mut order = vec![from];
        self.node[from as usize].stamp = tick;
        if !visit(0, from, self.node[from as usize].label) {
            return;
        }
        let mut head = 0;
        while let Some(&v) = order.get(head) {
            head += 1;
            for &w in graph.neighbours(v) {
                if left[w as usize] >= round && self.node[w as usize].stamp != tick {
                    self.node[w as usize].stamp = tick;
                    order.push(w);
                    if !visit(order.len() as u32 - 1, w, self.node[w as usize].label) {
                        return;
                    }
                }
            }
        }
    }

    /// The seed of area `number`, found now if it was left for later.
    pub(super) fn resolve(&mut self, graph: &Graph, number: u32) -> Node {
        let mut lazy = Vec::new();
        let mut at = number;
        while let Seed::Lazy { parent, .. } = self.seeds[at as usize] {
            lazy.push(at);
            at = parent;
        }
        for &l in lazy.iter().rev() {
            let Seed::Lazy {
                parent,
                round,
                member,
                rest,
            } = self.seeds[l as usize]
            else {
                unreachable!("listed as lazy");
            };
            let Seed::Known(from) = self.seeds[parent as usize] else {
                unreachable!("parents are resolved first");
            };
            // Mark the area as it was left by round `round` (the group of `member` among the
            // nodes still pointless after it), or, for what was left of the parent, the
            // pieces cut off from it (small: the cut walked them whole).
            self.mark_tick += 1;
            let mark = self.mark_tick;
            let groups = match rest {
                None => vec![member],
                Some((a, b)) => self.cuts[a as usize..b as usize].to_vec(),
            };
            for g in groups {
                let mut stack = vec![g];
                self.mark[g as usize] = mark;
                while let Some(v) = stack.pop() {
                    for &w in graph.neighbours(v) {
                        if self.left[w as usize] > round && self.mark[w as usize] != mark {
                            self.mark[w as usize] = mark;
                            stack.push(w);
                        }
                    }
                }
            }
            // What was left is what is not marked and still pointless after the round.
            let inside = rest.is_none();
            let (marks, left) = (
                std::mem::take(&mut self.mark),
                std::mem::take(&mut self.left),
            );
            let wanted =
                |v: Node| (marks[v as usize] == mark) == inside && left[v as usize] > round;
            let mut seed = NONE;
            self.search_from(graph, from, round, &left, |_, v, _| {
                if wanted(v) {
                    seed = v;
                }
                seed == NONE
            });
            (self.mark, self.left) = (marks, left);
            debug_assert_ne!(seed, NONE, "the area was part of its parent");
            self.seeds[l as usize] = Seed::Known(seed);
        }
        match self.seeds[number as usize] {
            Seed::Known(seed) => seed,
            Seed::Lazy { .. } => unreachable!("just resolved"),
        }
    }
}
