//! Cutting an area by an excursion: the distances it shortens and the pieces it leaves.
//!
//! The pieces are found by breadth-first searches from every node next to the cut, run side
//! by side one node at a time; searches that meet join. Once every group of searches but one
//! has run out, the groups that ran out are whole pieces and the one still running is the
//! rest of the area, which keeps its label and nodes by distance and is never walked. An
//! excursion into an open room leaves it in one piece, and its two sides meet around the
//! excursion's end within a few steps; a pocket cut off costs about its own size (times the
//! number of searches).

use std::cmp::Reverse;

use super::areas::{Area, Areas, FROZEN};
use crate::graph::{Graph, NONE, Node};

/// What a cut left: whole pieces, and one node of the rest (`None` if nothing is left).
struct Cut {
    pieces: Vec<Vec<Node>>,
    rest: Option<Node>,
}

impl Areas {
    /// The `taken` nodes of the area join the route in round `round`; what is left of it falls
    /// into new areas, numbered as the first version numbered them where that matters.
    pub(crate) fn split(&mut self, graph: &Graph, area: Area, taken: &[Node], round: u32) {
        let p = area.piece;
        for &t in taken {
            self.node[t as usize].label = NONE;
            self.left[t as usize] = round;
            self.node[t as usize].dist = 0;
        }
        // The nodes the new route nodes bring closer, in breadth-first order from them.
        let mut queue = std::mem::take(&mut self.closer);
        queue.clear();
        queue.extend_from_slice(taken);
        let mut head = 0;
        while let Some(&u) = queue.get(head) {
            head += 1;
            let next = self.node[u as usize].dist + 1;
            for &w in graph.neighbours(u) {
                if self.node[w as usize].label == p && self.node[w as usize].dist > next {
                    self.node[w as usize].dist = next;
                    queue.push(w);
                }
            }
        }
        self.closer = queue;
        let cut = self.search(graph, p, taken);
        let mut lost = taken.len();
        let mut children = Vec::new();
        let mut cuts = Vec::with_capacity(cut.pieces.len());
        for nodes in &cut.pieces {
            lost += nodes.len();
            cuts.push(nodes[0]);
            let id = self.adopt(nodes, None);
            if id != FROZEN {
                children.push(id);
            }
        }
        let rest = area.size - lost;
        self.open -= area.size as u64;
        let threshold = self.threshold as usize;
        // The nodes brought closer keep their entries in the `Far` of what is left: an
        // entry's distance may be too large, never too small.
        let piece = &mut self.pieces[p as usize];
        match cut.rest {
            Some(member) if rest >= threshold => {
                piece.size = rest as u32;
                piece.member = member;
                self.open += rest as u64;
                children.push(p);
            }
            _ => {
                // Too small to solve: its nodes keep the label of a piece that is gone.
                piece.alive = false;
                piece.far = Default::default();
                self.largest_small = self.largest_small.max(rest as u32);
            }
        }
        self.number_children(graph, area, &children, &cuts, round);
    }

    /// The pieces of piece `p` once `taken` (already off it) are gone.
    fn search(&mut self, graph: &Graph, p: u32, taken: &[Node]) -> Cut {
        self.tick += 1;
        let tick = self.tick;
        let mut queues = std::mem::take(&mut self.queues);
        let mut k = 0;
        for &t in taken {
            for &w in graph.neighbours(t) {
                if self.node[w as usize].label == p && self.node[w as usize].stamp != tick {
                    self.node[w as usize].stamp = tick;
                    self.node[w as usize].owner = k as u32;
                    if queues.len() == k {
                        queues.push(Vec::new());
                    }
                    queues[k].clear();
                    queues[k].push(w);
                    k += 1;
                }
            }
        }
        if k == 0 {
            self.queues = queues;
            return Cut {
                pieces: Vec::new(),
                rest: None,
            };
        }
        let (mut heads, mut up, mut running, mut active) = std::mem::take(&mut self.union);
        heads.clear();
        heads.resize(k, 0);
        // Union-find over the searches; `running[root]` counts a group's searches not done.
        up.clear();
        up.extend(0..k as u32);
        running.clear();
        running.resize(k, 1);
        let (mut groups, mut unfinished) = (k, k);
        active.clear();
        active.extend(0..k as u32);
        'sweeps: while groups > 1 && unfinished > 1 {
            let mut j = 0;
            while j < active.len() {
                let i = active[j] as usize;
                let v = queues[i][heads[i]];
                heads[i] += 1;
                for &w in graph.neighbours(v) {
                    if self.node[w as usize].label != p {
                        continue;
                    }
                    if self.node[w as usize].stamp != tick {
                        self.node[w as usize].stamp = tick;
                        self.node[w as usize].owner = i as u32;
                        queues[i].push(w);
                    } else {
                        let (a, b) = (
                            find(&mut up, i as u32),
                            find(&mut up, self.node[w as usize].owner),
                        );
                        if a != b {
                            // A group that ran out has met every search in its piece.
                            debug_assert!(running[a as usize] > 0 && running[b as usize] > 0);
                            up[b as usize] = a;
                            running[a as usize] += running[b as usize];
                            groups -= 1;
                            unfinished -= 1;
                        }
                    }
                }
                if heads[i] == queues[i].len() {
                    let r = find(&mut up, i as u32) as usize;
                    running[r] -= 1;
                    if running[r] == 0 {
                        unfinished -= 1;
                    }
                    active.swap_remove(j);
                } else {
                    j += 1;
                }
                if groups <= 1 || unfinished <= 1 {
                    break 'sweeps;
                }
            }
        }
        let cut = if groups == 1 {
            Cut {
                pieces: Vec::new(),
                rest: Some(queues[0][0]),
            }
        } else {
            // Whole pieces by group (indexed by root); the rest is the group still running,
            // or else the largest piece.
            let mut whole: Vec<Vec<Node>> = vec![Vec::new(); k];
            let mut rest = None;
            for (i, queue) in queues.iter().enumerate().take(k) {
                let r = find(&mut up, i as u32) as usize;
                if running[r] == 0 {
                    whole[r].extend_from_slice(queue);
                } else {
                    rest = Some(r);
                }
            }
            let rest = rest.unwrap_or_else(|| {
                (0..k)
                    .max_by_key(|&r| (whole[r].len(), Reverse(r)))
                    .expect("some search")
            });
            let member = if running[rest] > 0 {
                queues[rest][0]
            } else {
                whole[rest][0]
            };
            whole[rest].clear();
            Cut {
                pieces: whole.into_iter().filter(|w| !w.is_empty()).collect(),
                rest: Some(member),
            }
        };
        self.queues = queues;
        self.union = (heads, up, running, active);
        cut
    }
}

/// The root of `i`'s group, halving the path on the way.
fn find(up: &mut [u32], mut i: u32) -> u32 {
    while up[i as usize] != i {
        let grand = up[up[i as usize] as usize];
        up[i as usize] = grand;
        i = grand;
    }
    i
}
