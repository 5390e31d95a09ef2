//! Placing a theme's inhabitants (the document's closing notes): the leader with guards, an
//! owner and a pet at the goal; owners and pets with the larger rewards ("a rather large
//! treasure coupled with, say, 2 Dungeon Owners and a Dungeon Pet"); vermin at the red herrings.
//! Each creature stands on the free node nearest its post.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::below;
use serde::{Deserialize, Serialize};

use crate::graph::{Graph, Node};
use crate::stock::{Feature, RewardSize, Stocking};
use crate::themes::{Role, Theme};

/// A creature and where it stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Creature {
    /// Its node.
    pub node: Node,
    /// Its category.
    pub role: Role,
    /// What it is, from the theme.
    pub name: String,
}

/// The creatures for each post: (post, roles to place there).
fn posts(stocking: &Stocking) -> Vec<(Node, Vec<Role>)> {
    let mut posts = vec![(
        stocking.goal,
        vec![
            Role::Leader,
            Role::Guard,
            Role::Guard,
            Role::Owner,
            Role::Pet,
        ],
    )];
    for p in &stocking.placements {
        let roles = match p.feature {
            Feature::Reward(RewardSize::Large) => vec![Role::Owner, Role::Owner, Role::Pet],
            Feature::Reward(RewardSize::Medium) => vec![Role::Owner],
            Feature::RedHerring => vec![Role::Vermin, Role::Vermin],
            _ => continue,
        };
        posts.push((p.node, roles));
    }
    posts
}

/// Places the theme's creatures on the stocked map; a name is drawn from the theme's
/// candidates for each creature. Creatures never stand on the start, the goal, or a placed
/// feature, nor two on one node; a post with no free node within reach gets fewer creatures.
#[must_use]
pub fn inhabit(
    graph: &Graph,
    stocking: &Stocking,
    theme: &Theme,
    rng: &mut Stream,
) -> Vec<Creature> {
    // Bit sets: a big map's posts are far apart, and these stay in the cache.
    let mut taken = Bits::new(graph.nodes());
    taken.set(stocking.start, true);
    taken.set(stocking.goal, true);
    for p in &stocking.placements {
        taken.set(p.node, true);
    }
    let mut seen = Bits::new(graph.nodes());
    let mut creatures = Vec::new();
    for (post, roles) in posts(stocking) {
        // The nodes within a short walk of the post, nearest first, as many as are needed.
        let mut near = Nearby::new(post, 6, &mut seen);
        for role in roles {
            let Some(node) = std::iter::from_fn(|| near.next(graph)).find(|&v| !taken.get(v))
            else {
                break;
            };
            taken.set(node, true);
            let candidates = theme.candidates(role);
            creatures.push(Creature {
                node,
                role,
                name: candidates[below(rng, candidates.len())].clone(),
            });
        }
        near.clear();
    }
    creatures
}

/// The nodes within `radius` steps of `from`, in breadth-first order, found as they are
/// asked for. Touches only those nodes; `seen` is all false before and after
/// ([`Nearby::clear`]).
struct Nearby<'a> {
    order: Vec<Node>,
    depth: Vec<u32>,
    /// The next node to expand, and the next to hand out.
    head: usize,
    given: usize,
    radius: u32,
    seen: &'a mut Bits,
}

impl<'a> Nearby<'a> {
    fn new(from: Node, radius: u32, seen: &'a mut Bits) -> Nearby<'a> {
        seen.set(from, true);
        Nearby {
            order: vec![from],
            depth: vec![0],
            head: 0,
            given: 0,
            radius,
            seen,
        }
    }

    /// The next node, nearest first.
    fn next(&mut self, graph: &Graph) -> Option<Node> {
        while self.given == self.order.len() && self.head < self.order.len() {
            let (node, d) = (self.order[self.head], self.depth[self.head]);
            self.head += 1;
            if d == self.radius {
                continue;
            }
            for &to in graph.neighbours(node) {
                if !self.seen.get(to) {
                    self.seen.set(to, true);
                    self.order.push(to);
                    self.depth.push(d + 1);
                }
            }
        }
        let node = self.order.get(self.given).copied();
        self.given += usize::from(node.is_some());
        node
    }

    /// Forgets the nodes met.
    fn clear(self) {
        for &v in &self.order {
            self.seen.set(v, false);
        }
    }
}

/// A set of nodes, one bit each.
struct Bits(Vec<u64>);

impl Bits {
    fn new(nodes: usize) -> Bits {
        Bits(vec![0; nodes.div_ceil(64)])
    }

    fn get(&self, node: Node) -> bool {
        self.0[node as usize / 64] >> (node % 64) & 1 == 1
    }

    fn set(&mut self, node: Node, on: bool) {
        let (word, bit) = (node as usize / 64, 1u64 << (node % 64));
        if on {
            self.0[word] |= bit;
        } else {
            self.0[word] &= !bit;
        }
    }
}
