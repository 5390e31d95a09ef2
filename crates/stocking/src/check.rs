//! The proof of fairness: an independent player who searches the stocked map over states
//! (position, keys held).
//!
//! Keys are never used up, so holding more keys never stops a move: from any state the best
//! the player can do is walk everywhere the keys held allow and pick up every key found there.
//! The search therefore explores positions with the keys held, and whenever it picks up a new
//! key starts again from the larger key set; the states it keeps are exactly the reachable
//! (position, keys) states that are not dominated by one with more keys. It knows nothing of
//! how the map was stocked.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use crate::graph::{Graph, NONE, Node, bfs};
use crate::stock::{Feature, Placement};

/// How a fair map is played: the keys in the order they can be picked up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Proof {
    /// Keys in an order in which they can be collected (each reachable with the ones before).
    pub key_order: Vec<u32>,
    /// Nodes reachable once every key is held.
    pub reachable: usize,
}

/// Why a stocked map is not fair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum Counterexample {
    /// Door `door` has no key, or its key is placed more than once.
    Unpaired {
        /// The door or key number.
        id: u32,
        /// Doors with that number.
        doors: usize,
        /// Keys with that number.
        keys: usize,
    },
    /// The goal cannot be reached even with every key that can be picked up.
    GoalUnreachable {
        /// Keys the player could collect.
        keys_held: Vec<u32>,
        /// Nodes the player could reach.
        reached: usize,
    },
    /// A key can only be reached through its own door.
    KeyBehindOwnDoor {
        /// The key and door number.
        id: u32,
        /// Where the key is.
        key: Node,
        /// Where the door is.
        door: Node,
    },
    /// A key cannot be reached at all.
    KeyUnreachable {
        /// The key number.
        id: u32,
        /// Where it is.
        key: Node,
    },
}

impl fmt::Display for Counterexample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Counterexample::Unpaired { id, doors, keys } => {
                write!(
                    f,
                    "door {id} appears {doors} times and its key {keys} times"
                )
            }
            Counterexample::GoalUnreachable { keys_held, reached } => write!(
                f,
                "the goal cannot be reached: holding keys {keys_held:?} the player reaches only {reached} cells"
            ),
            Counterexample::KeyBehindOwnDoor { id, key, door } => write!(
                f,
                "key {id} (node {key}) can only be reached through its own door (node {door})"
            ),
            Counterexample::KeyUnreachable { id, key } => {
                write!(f, "key {id} (node {key}) cannot be reached")
            }
        }
    }
}

/// Plays the map: the goal must be reachable, every key reachable before its door is passed,
/// and no key behind its own door.
///
/// O(keys × (keys + 1) × (nodes + edges)) at worst.
///
/// # Errors
/// The first [`Counterexample`] found.
///
/// ```
/// use ludoforge_stocking::graph::Graph;
/// use ludoforge_stocking::check::{Counterexample, check};
/// use ludoforge_stocking::stock::{Feature, Placement};
/// // A corridor 0-1-2-3 with door 0 on node 2: its key at node 1 is fair, at node 3 it is not.
/// let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3)]);
/// let door = Placement { node: 2, feature: Feature::Door(0) };
/// let fair = [door, Placement { node: 1, feature: Feature::Key(0) }];
/// assert!(check(&g, 0, 3, &fair).is_ok());
/// let unfair = [door, Placement { node: 3, feature: Feature::Key(0) }];
/// assert!(matches!(check(&g, 0, 3, &unfair), Err(Counterexample::GoalUnreachable { .. })));
/// ```
pub fn check(
    graph: &Graph,
    start: Node,
    goal: Node,
    placements: &[Placement],
) -> Result<Proof, Counterexample> {
    let mut doors: BTreeMap<u32, Vec<Node>> = BTreeMap::new();
    let mut keys: BTreeMap<u32, Vec<Node>> = BTreeMap::new();
    for p in placements {
        match p.feature {
            Feature::Door(id) => doors.entry(id).or_default().push(p.node),
            Feature::Key(id) => keys.entry(id).or_default().push(p.node),
            _ => {}
        }
    }
    for id in doors.keys().chain(keys.keys()) {
        let (d, k) = (
            doors.get(id).map_or(0, Vec::len),
            keys.get(id).map_or(0, Vec::len),
        );
        if d != 1 || k != 1 {
            return Err(Counterexample::Unpaired {
                id: *id,
                doors: d,
                keys: k,
            });
        }
    }
    let door_at: BTreeMap<Node, u32> = doors.iter().map(|(&id, n)| (n[0], id)).collect();
    let key_at: Vec<(u32, Node)> = keys.iter().map(|(&id, n)| (id, n[0])).collect();

    let (held, order, reached) = play(graph, start, &door_at, &key_at, None);
    if reached[goal as usize] == NONE {
        return Err(Counterexample::GoalUnreachable {
            keys_held: order,
            reached: reached.iter().filter(|&&d| d != NONE).count(),
        });
    }
    for &(id, key) in &key_at {
        if !held.contains(&id) {
            return Err(Counterexample::KeyUnreachable { id, key });
        }
        // With its own door shut for good, the key must still be reachable.
        let (held_without, _, _) = play(graph, start, &door_at, &key_at, Some(id));
        if !held_without.contains(&id) {
            return Err(Counterexample::KeyBehindOwnDoor {
                id,
                key,
                door: doors[&id][0],
            });
        }
    }
    Ok(Proof {
        key_order: order,
        reachable: reached.iter().filter(|&&d| d != NONE).count(),
    })
}

/// Explores from `start`, opening a door when its key is held (door `shut` never opens);
/// returns the keys held at the end, the order they were picked up and the distances.
fn play(
    graph: &Graph,
    start: Node,
    door_at: &BTreeMap<Node, u32>,
    key_at: &[(u32, Node)],
    shut: Option<u32>,
) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
    let mut held: Vec<u32> = Vec::new();
    let (mut dist, mut parent) = (Vec::new(), Vec::new());
    loop {
        let closed = |v: Node| {
            door_at
                .get(&v)
                .is_some_and(|id| Some(*id) == shut || !held.contains(id))
        };
        bfs(graph, &[start], closed, &mut dist, &mut parent);
        let new: Vec<u32> = key_at
            .iter()
            .filter(|(id, node)| dist[*node as usize] != NONE && !held.contains(id))
            .map(|(id, _)| *id)
            .collect();
        if new.is_empty() {
            let order = held.clone();
            held.sort_unstable();
            return (held, order, dist);
        }
        held.extend(new);
    }
}
