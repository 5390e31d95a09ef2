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

use crate::graph::{Graph, NONE, Node};
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
/// O(nodes + edges) for a fair map.
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
    let n = graph.nodes();
    let mut door_of = vec![NONE; n];
    for (&id, nodes) in &doors {
        door_of[nodes[0] as usize] = id;
    }
    let mut key_of = vec![NONE; n];
    for (&id, nodes) in &keys {
        key_of[nodes[0] as usize] = id;
    }
    let (order, reached) = play(graph, start, &door_of, &key_of, None);
    let reached_count = reached.iter().filter(|&&r| r).count();
    if !reached[goal as usize] {
        return Err(Counterexample::GoalUnreachable {
            keys_held: order,
            reached: reached_count,
        });
    }
    // A key is picked up while its own door is still shut, so every key the player holds was
    // reached without passing its door; a key never picked up is either behind its own door
    // (reachable once that door is forced open) or out of reach altogether.
    for (&id, nodes) in &keys {
        let key = nodes[0];
        if !reached[key as usize] {
            let (_, forced) = play(graph, start, &door_of, &key_of, Some(id));
            return Err(if forced[key as usize] {
                Counterexample::KeyBehindOwnDoor {
                    id,
                    key,
                    door: doors[&id][0],
                }
            } else {
                Counterexample::KeyUnreachable { id, key }
            });
        }
    }
    Ok(Proof {
        key_order: order,
        reachable: reached_count,
    })
}

/// Explores from `start` breadth first over (position, keys held): a door is passed once its
/// key is held (door `open` is open from the start); the frontier waiting at a shut door
/// moves on the moment its key is picked up. Returns the keys in the order they were picked
/// up and the nodes reached. O(nodes + edges).
fn play(
    graph: &Graph,
    start: Node,
    door_of: &[u32],
    key_of: &[u32],
    open: Option<u32>,
) -> (Vec<u32>, Vec<bool>) {
    let n = graph.nodes();
    let keys = key_of
        .iter()
        .chain(door_of)
        .filter(|&&k| k != NONE)
        .max()
        .map_or(0, |&k| k as usize + 1);
    let mut held = vec![false; keys];
    if let Some(id) = open {
        held[id as usize] = true;
    }
    // Doors reached while shut, by door number.
    let mut waiting: Vec<Vec<Node>> = vec![Vec::new(); keys];
    let mut reached = vec![false; n];
    let mut order = Vec::new();
    let mut queue = std::collections::VecDeque::new();
    reached[start as usize] = true;
    queue.push_back(start);
    while let Some(v) = queue.pop_front() {
        let key = key_of[v as usize];
        if key != NONE && !held[key as usize] {
            held[key as usize] = true;
            order.push(key);
            for d in std::mem::take(&mut waiting[key as usize]) {
                reached[d as usize] = true;
                queue.push_back(d);
            }
        }
        for &w in graph.neighbours(v) {
            if reached[w as usize] {
                continue;
            }
            let door = door_of[w as usize];
            if door != NONE && !held[door as usize] {
                if !waiting[door as usize].contains(&w) {
                    waiting[door as usize].push(w);
                }
                continue;
            }
            reached[w as usize] = true;
            queue.push_back(w);
        }
    }
    (order, reached)
}
