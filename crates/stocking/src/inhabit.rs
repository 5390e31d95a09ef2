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
    let mut taken = vec![false; graph.nodes()];
    taken[stocking.start as usize] = true;
    taken[stocking.goal as usize] = true;
    for p in &stocking.placements {
        taken[p.node as usize] = true;
    }
    let mut seen = vec![false; graph.nodes()];
    let mut creatures = Vec::new();
    for (post, roles) in posts(stocking) {
        // The nodes within a short walk of the post, nearest first.
        let near = nearby(graph, post, 6, &mut seen);
        let mut free = near.into_iter();
        for role in roles {
            let Some(node) = free.by_ref().find(|&v| !taken[v as usize]) else {
                break;
            };
            taken[node as usize] = true;
            let candidates = theme.candidates(role);
            creatures.push(Creature {
                node,
                role,
                name: candidates[below(rng, candidates.len())].clone(),
            });
        }
    }
    creatures
}

/// The nodes within `radius` steps of `from`, in breadth-first order. Touches only those
/// nodes; `seen` is all false before and after.
fn nearby(graph: &Graph, from: Node, radius: u32, seen: &mut [bool]) -> Vec<Node> {
    let mut order = vec![from];
    let mut depth = vec![0u32];
    seen[from as usize] = true;
    let mut head = 0;
    while head < order.len() {
        let (node, d) = (order[head], depth[head]);
        head += 1;
        if d == radius {
            continue;
        }
        for &to in graph.neighbours(node) {
            if !seen[to as usize] {
                seen[to as usize] = true;
                order.push(to);
                depth.push(d + 1);
            }
        }
    }
    for &v in &order {
        seen[v as usize] = false;
    }
    order
}
