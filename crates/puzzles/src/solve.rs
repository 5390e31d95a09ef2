//! Shortest solutions of implicit mazes, and the measures a designer uses to compare them.
//!
//! Ashlock (section III-A) computes the minimum number of moves with a dynamic-programming
//! traversal that records, for every square, the fewest moves found so far. Every move costs
//! one, so a breadth-first search computes the same table in linear time, visiting each square
//! once; that is what is done here.

use serde::{Deserialize, Serialize};

/// The moves of an implicit maze: which squares a move from a square can reach.
pub trait Moves {
    /// Number of squares; squares are indices `0..size()`.
    fn size(&self) -> usize;
    /// Calls `visit` with every square one legal move away from `from`.
    fn for_each_move(&self, from: usize, visit: impl FnMut(usize));
}

/// Marks an unreached square in a distance table.
pub const UNREACHED: u32 = u32::MAX;

/// The minimum number of moves from `start` to `goal`, or `None` if `goal` cannot be reached.
/// Stops as soon as the goal is reached; O(squares + moves).
///
/// ```
/// use ludoforge_puzzles::solve::{Moves, min_moves};
/// /// A corridor of 5 squares: each square leads to its neighbours.
/// struct Corridor;
/// impl Moves for Corridor {
///     fn size(&self) -> usize { 5 }
///     fn for_each_move(&self, from: usize, mut visit: impl FnMut(usize)) {
///         if from > 0 { visit(from - 1) }
///         if from < 4 { visit(from + 1) }
///     }
/// }
/// assert_eq!(min_moves(&Corridor, 0, 4), Some(4));
/// assert_eq!(min_moves(&Corridor, 2, 2), Some(0));
/// ```
pub fn min_moves<M: Moves>(maze: &M, start: usize, goal: usize) -> Option<u32> {
    if start == goal {
        return Some(0);
    }
    SCRATCH.with(|scratch| {
        let scratch = &mut *scratch.borrow_mut();
        let epoch = scratch.next_epoch(maze.size());
        let (seen, queue) = (&mut scratch.seen, &mut scratch.queue);
        seen[start] = epoch;
        queue.push(start as u32);
        // Layer by layer: every square of layer d is d moves from the start.
        let (mut head, mut depth) = (0, 0);
        while head < queue.len() {
            let layer_end = queue.len();
            depth += 1;
            while head < layer_end {
                let from = queue[head] as usize;
                head += 1;
                let mut found = false;
                maze.for_each_move(from, |to| {
                    if seen[to] != epoch {
                        seen[to] = epoch;
                        queue.push(to as u32);
                        found |= to == goal;
                    }
                });
                if found {
                    return Some(depth);
                }
            }
        }
        None
    })
}

/// Reused search memory, one per thread: the fitness function runs hundreds of thousands of
/// times a second and should not allocate.
struct Scratch {
    /// `seen[i] == epoch` marks square i as reached in the current search.
    seen: Vec<u32>,
    epoch: u32,
    queue: Vec<u32>,
}

impl Scratch {
    fn next_epoch(&mut self, size: usize) -> u32 {
        if self.seen.len() < size {
            self.seen.resize(size, 0);
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.seen.fill(0);
            self.epoch = 1;
        }
        self.queue.clear();
        self.epoch
    }
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = const {
        std::cell::RefCell::new(Scratch { seen: Vec::new(), epoch: 0, queue: Vec::new() })
    };
}

/// The full breadth-first table from one square: distances and the first parent of each
/// square, in the order squares were reached.
#[derive(Debug, Clone)]
pub struct Reach {
    /// Fewest moves to each square from the start, [`UNREACHED`] if none.
    pub dist: Vec<u32>,
    /// The square each square was first reached from (the start is its own parent).
    pub parent: Vec<u32>,
    /// Reached squares, in order of distance.
    pub order: Vec<u32>,
}

/// Breadth-first search from `start` over the whole maze; O(squares + moves).
pub fn reach<M: Moves>(maze: &M, start: usize) -> Reach {
    let mut dist = vec![UNREACHED; maze.size()];
    let mut parent = vec![UNREACHED; maze.size()];
    let mut order = Vec::with_capacity(maze.size());
    dist[start] = 0;
    parent[start] = start as u32;
    order.push(start as u32);
    let mut head = 0;
    while head < order.len() {
        let from = order[head] as usize;
        head += 1;
        maze.for_each_move(from, |to| {
            if dist[to] == UNREACHED {
                dist[to] = dist[from] + 1;
                parent[to] = from as u32;
                order.push(to as u32);
            }
        });
    }
    Reach {
        dist,
        parent,
        order,
    }
}

/// The secondary measures of a puzzle (Ashlock, sections II-B and V), beyond its minimum moves.
///
/// A *useful* move goes to a square one move farther from the entrance than the square it
/// leaves, that is, it follows some shortest route from the entrance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Measures {
    /// Squares reachable from the entrance, the entrance included.
    pub reachable: usize,
    /// Reachable squares other than the exit with no useful move: every move leads back.
    pub dead_ends: usize,
    /// Reachable squares with more than one useful move: places where the player must choose.
    pub decision_points: usize,
    /// Number of distinct shortest solutions, saturating at 2^64 − 1 ([`u64::MAX`] means "at
    /// least that many"; files say so in words: `"at least 18446744073709551615"`).
    #[serde(with = "at_least")]
    pub shortest_solutions: u64,
    /// Moves along the reported solution that change colour (chromatic mazes only).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub colour_changes: Option<usize>,
}

/// A count that saturates: exact below [`u64::MAX`], written `"at least 18446744073709551615"`
/// at it.
mod at_least {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    const PREFIX: &str = "at least ";

    pub fn serialize<S: Serializer>(count: &u64, to: S) -> Result<S::Ok, S::Error> {
        if *count == u64::MAX {
            to.serialize_str(&format!("{PREFIX}{count}"))
        } else {
            to.serialize_u64(*count)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<u64, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Said {
            Exact(u64),
            Words(String),
        }
        match Said::deserialize(from)? {
            Said::Exact(n) => Ok(n),
            Said::Words(w) if w.strip_prefix(PREFIX) == Some(&u64::MAX.to_string()) => Ok(u64::MAX),
            Said::Words(w) => Err(D::Error::custom(format!(
                "{w:?} is not a count (a whole number, or \"{PREFIX}{}\")",
                u64::MAX
            ))),
        }
    }
}

/// A solved maze: its minimum moves, one shortest solution and its measures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// Minimum number of moves from entrance to exit.
    pub min_moves: u32,
    /// The squares of one shortest solution, entrance first, exit last.
    pub path: Vec<usize>,
    /// Secondary measures.
    pub measures: Measures,
}

/// Solves a maze from `entrance` to `exit`, or `None` if the exit cannot be reached.
///
/// The reported solution is the first one breadth-first search finds (deterministic).
/// O(squares + moves).
pub fn solve<M: Moves>(maze: &M, entrance: usize, exit: usize) -> Option<Solution> {
    let table = reach(maze, entrance);
    if table.dist[exit] == UNREACHED {
        return None;
    }
    let mut path = vec![exit];
    let mut at = exit;
    while at != entrance {
        at = table.parent[at] as usize;
        path.push(at);
    }
    path.reverse();

    let mut ways = vec![0u64; maze.size()];
    ways[entrance] = 1;
    let (mut dead_ends, mut decision_points) = (0, 0);
    for &square in &table.order {
        let square = square as usize;
        let here = table.dist[square];
        let mut useful = 0;
        maze.for_each_move(square, |to| {
            if table.dist[to] == here + 1 {
                useful += 1;
                ways[to] = ways[to].saturating_add(ways[square]);
            }
        });
        if useful == 0 && square != exit {
            dead_ends += 1;
        }
        if useful > 1 {
            decision_points += 1;
        }
    }
    Some(Solution {
        min_moves: table.dist[exit],
        path,
        measures: Measures {
            reachable: table.order.len(),
            dead_ends,
            decision_points,
            shortest_solutions: ways[exit],
            colour_changes: None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A maze drawn as ASCII art: '.' open, '#' wall, orthogonal steps.
    struct Art {
        width: usize,
        open: Vec<bool>,
    }

    impl Art {
        fn new(rows: &[&str]) -> Self {
            Art {
                width: rows[0].len(),
                open: rows
                    .iter()
                    .flat_map(|r| r.bytes().map(|b| b == b'.'))
                    .collect(),
            }
        }
    }

    impl Moves for Art {
        fn size(&self) -> usize {
            self.open.len()
        }
        fn for_each_move(&self, from: usize, mut visit: impl FnMut(usize)) {
            let (x, y) = (from % self.width, from / self.width);
            let height = self.open.len() / self.width;
            let mut go = |nx: usize, ny: usize| {
                let i = ny * self.width + nx;
                if self.open[i] {
                    visit(i);
                }
            };
            if x > 0 {
                go(x - 1, y)
            }
            if x + 1 < self.width {
                go(x + 1, y)
            }
            if y > 0 {
                go(x, y - 1)
            }
            if y + 1 < height {
                go(x, y + 1)
            }
        }
    }

    #[test]
    fn hand_worked_maze() {
        // Entrance top-left (0), exit top-right (4). The only route goes down and round.
        let maze = Art::new(&[
            ".#...", //
            ".#.#.", //
            "...#.", //
            "#..##", //
        ]);
        let solution = solve(&maze, 0, 4).unwrap();
        // 0 → 5 → 10 → 11 → 12 → 7 → 2 → 3 → 4: 8 moves.
        assert_eq!(solution.min_moves, 8);
        assert_eq!(solution.path, vec![0, 5, 10, 11, 12, 7, 2, 3, 4]);
        assert_eq!(min_moves(&maze, 0, 4), Some(8));
        let m = solution.measures;
        // Open squares 0,2,3,4,5,7,9,10,11,12,14,16,17 are all connected.
        assert_eq!(m.reachable, 13);
        // 11 leads on to 12 and 16, 12 to 7 and 17: two decisions.
        assert_eq!(m.decision_points, 2);
        // 17 (reached from 12 and 16) and 14 (past the exit) lead nowhere new.
        assert_eq!(m.dead_ends, 2);
        assert_eq!(m.shortest_solutions, 1);
    }

    #[test]
    fn counts_every_shortest_route() {
        // An open 3x3 square: corner to corner has C(4,2) = 6 shortest routes.
        let maze = Art::new(&["...", "...", "..."]);
        let solution = solve(&maze, 0, 8).unwrap();
        assert_eq!(solution.min_moves, 4);
        assert_eq!(solution.measures.shortest_solutions, 6);
        assert_eq!(solution.measures.reachable, 9);
        // Squares 0, 1, 3 and 4 each have two useful moves.
        assert_eq!(solution.measures.decision_points, 4);
        assert_eq!(solution.measures.dead_ends, 0);
    }

    #[test]
    fn a_saturated_count_says_at_least() {
        // An open 40x40 square: corner to corner has C(78, 39) ≈ 2.7e22 shortest routes,
        // more than a u64 holds; C(6, 3) = 20 for 4x4 stays exact.
        let big = vec![".".repeat(40); 40];
        let rows: Vec<&str> = big.iter().map(String::as_str).collect();
        let m = solve(&Art::new(&rows), 0, 40 * 40 - 1).unwrap().measures;
        assert_eq!(m.shortest_solutions, u64::MAX);
        let text = serde_json::to_value(m).unwrap();
        assert_eq!(text["shortest_solutions"], "at least 18446744073709551615");
        assert_eq!(serde_json::from_value::<Measures>(text).unwrap(), m);
        let small = solve(&Art::new(&["....", "....", "....", "...."]), 0, 15)
            .unwrap()
            .measures;
        assert_eq!(small.shortest_solutions, 20);
        let text = serde_json::to_value(small).unwrap();
        assert_eq!(text["shortest_solutions"], 20);
        assert_eq!(serde_json::from_value::<Measures>(text).unwrap(), small);
    }

    #[test]
    fn unreachable_exit_is_none() {
        let maze = Art::new(&[".#.", ".#.", ".#."]);
        assert_eq!(min_moves(&maze, 0, 2), None);
        assert!(solve(&maze, 0, 2).is_none());
    }
}
