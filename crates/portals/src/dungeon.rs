//! The dungeon: rooms joined by one-way portals, a directed acyclic graph from an origin room
//! to an exit room (Bush, section 3).
//!
//! Rooms are numbered from 0; room 0 is the origin. Every room remembers the portal through
//! which it was created (its *parent*) and the stage that created it, so that a dungeon can be
//! taken apart and regrown by the variation operators without breaking the invariants.

use std::collections::VecDeque;
use std::fmt;

use serde::{Deserialize, Serialize};

/// The number of a room; room 0 is the origin.
pub type RoomId = u32;

/// The origin room of every dungeon.
pub const ORIGIN: RoomId = 0;

/// Which step of the generator created a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The origin, or a room of the stage-1 spanning tree.
    Tree,
    /// A room added in stage 2 to lengthen a new route so that no route is shorter than M.
    Passage,
}

/// A dungeon: rooms, the portals leaving each room, the origin (room 0) and the exit.
///
/// Build one with [`crate::generate::generate`] or [`Dungeon::from_portals`]; the second
/// checks nothing, so call [`Dungeon::check`] on anything read from outside.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Dungeon {
    portals: Vec<Vec<RoomId>>,
    parent: Vec<Option<RoomId>>,
    stage: Vec<Stage>,
    exit: RoomId,
}

/// A broken invariant of a dungeon, as found by [`Dungeon::check`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// The dungeon has fewer than two rooms, or the exit is not one of its rooms.
    Shape(String),
    /// A portal leads to a room that does not exist, or back into its own room.
    BadPortal {
        /// The room the portal leaves.
        from: RoomId,
        /// The room it names.
        to: RoomId,
    },
    /// Two portals of a room lead to the same room.
    DuplicatePortal {
        /// The room with the duplicate.
        from: RoomId,
        /// The room both portals lead to.
        to: RoomId,
    },
    /// A room has more portals than allowed.
    OutDegree {
        /// The room.
        room: RoomId,
        /// Its number of portals.
        portals: usize,
        /// The maximum allowed.
        max: usize,
    },
    /// The portals form a cycle through this room.
    Cycle(RoomId),
    /// The room cannot be reached from the origin.
    Unreachable(RoomId),
    /// The room has no way on to the exit.
    DeadEnd(RoomId),
    /// An origin-to-exit route is shorter than the minimum path length.
    ShortRoute {
        /// The length of the shortest route.
        length: u32,
        /// The minimum path length M.
        min: u32,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Shape(what) => write!(f, "{what}"),
            Violation::BadPortal { from, to } => {
                write!(
                    f,
                    "room {from} has a portal to room {to}, which is not another room"
                )
            }
            Violation::DuplicatePortal { from, to } => {
                write!(f, "room {from} has two portals to room {to}")
            }
            Violation::OutDegree { room, portals, max } => {
                write!(
                    f,
                    "room {room} has {portals} portals, more than the maximum {max}"
                )
            }
            Violation::Cycle(room) => write!(f, "the portals form a cycle through room {room}"),
            Violation::Unreachable(room) => {
                write!(f, "room {room} cannot be reached from the origin")
            }
            Violation::DeadEnd(room) => write!(f, "room {room} has no way on to the exit"),
            Violation::ShortRoute { length, min } => write!(
                f,
                "a route from the origin to the exit takes {length} portals, fewer than the minimum {min}"
            ),
        }
    }
}

impl std::error::Error for Violation {}

impl Dungeon {
    /// The dungeon at the start of stage 1: the origin alone, which is also (for now) the exit.
    pub(crate) fn seed() -> Dungeon {
        Dungeon {
            portals: vec![Vec::new()],
            parent: vec![None],
            stage: vec![Stage::Tree],
            exit: ORIGIN,
        }
    }

    /// A dungeon from its portal lists (room `i` has portals to `portals[i]`) and its exit.
    ///
    /// Parents are rebuilt: a room's parent is the first room (in number order) with a portal
    /// to it, and every room counts as a tree room. Nothing is checked; see [`Dungeon::check`].
    ///
    /// ```
    /// use ludoforge_portals::Dungeon;
    /// // 0 → 1 → 3 and 0 → 2 → 3: two routes of length 2.
    /// let dungeon = Dungeon::from_portals(vec![vec![1, 2], vec![3], vec![3], vec![]], 3);
    /// assert!(dungeon.check(2, 2).is_ok());
    /// assert!(dungeon.check(3, 2).is_err());
    /// ```
    #[must_use]
    pub fn from_portals(portals: Vec<Vec<RoomId>>, exit: RoomId) -> Dungeon {
        let mut parent = vec![None; portals.len()];
        for (from, exits) in portals.iter().enumerate() {
            for &to in exits {
                if let Some(slot) = parent.get_mut(to as usize)
                    && slot.is_none()
                    && to as usize != from
                {
                    *slot = Some(from as RoomId);
                }
            }
        }
        if let Some(origin) = parent.first_mut() {
            *origin = None;
        }
        let stage = vec![Stage::Tree; portals.len()];
        Dungeon {
            portals,
            parent,
            stage,
            exit,
        }
    }

    /// The same dungeon with its stage records, as saved in a file; `None` if the lists disagree
    /// in length.
    #[must_use]
    pub fn with_history(
        portals: Vec<Vec<RoomId>>,
        parent: Vec<Option<RoomId>>,
        stage: Vec<Stage>,
        exit: RoomId,
    ) -> Option<Dungeon> {
        (portals.len() == parent.len() && portals.len() == stage.len()).then_some(Dungeon {
            portals,
            parent,
            stage,
            exit,
        })
    }

    /// The number of rooms.
    #[must_use]
    pub fn rooms(&self) -> usize {
        self.portals.len()
    }

    /// The origin room (always room 0).
    #[must_use]
    pub fn origin(&self) -> RoomId {
        ORIGIN
    }

    /// The exit room.
    #[must_use]
    pub fn exit(&self) -> RoomId {
        self.exit
    }

    /// The rooms the portals of `room` lead to, in the order they were made.
    ///
    /// # Panics
    /// Panics if `room` is not a room of this dungeon.
    #[must_use]
    pub fn portals(&self, room: RoomId) -> &[RoomId] {
        &self.portals[room as usize]
    }

    /// Every portal as a (from, to) pair, room by room.
    pub fn arcs(&self) -> impl Iterator<Item = (RoomId, RoomId)> + '_ {
        self.portals
            .iter()
            .enumerate()
            .flat_map(|(from, exits)| exits.iter().map(move |&to| (from as RoomId, to)))
    }

    /// The number of portals.
    #[must_use]
    pub fn arc_count(&self) -> usize {
        self.portals.iter().map(Vec::len).sum()
    }

    /// The room through whose portal `room` was created (`None` for the origin).
    #[must_use]
    pub fn parent(&self, room: RoomId) -> Option<RoomId> {
        self.parent[room as usize]
    }

    /// The stage that created `room`.
    #[must_use]
    pub fn stage(&self, room: RoomId) -> Stage {
        self.stage[room as usize]
    }

    /// The rooms with a portal into each room.
    #[must_use]
    pub fn predecessors(&self) -> Vec<Vec<RoomId>> {
        let mut preds = vec![Vec::new(); self.rooms()];
        for (from, to) in self.arcs() {
            preds[to as usize].push(from);
        }
        preds
    }

    /// Adds a room created through a portal from `parent`; returns its number.
    pub(crate) fn add_room(&mut self, parent: RoomId, stage: Stage) -> RoomId {
        let id = self.portals.len() as RoomId;
        self.portals.push(Vec::new());
        self.parent.push(Some(parent));
        self.stage.push(stage);
        self.portals[parent as usize].push(id);
        id
    }

    /// Adds a portal between two existing rooms.
    pub(crate) fn add_portal(&mut self, from: RoomId, to: RoomId) {
        self.portals[from as usize].push(to);
    }

    pub(crate) fn set_exit(&mut self, exit: RoomId) {
        self.exit = exit;
    }

    /// Removes the portal `from → to` if there is one.
    pub(crate) fn remove_portal(&mut self, from: RoomId, to: RoomId) {
        self.portals[from as usize].retain(|&t| t != to);
    }

    /// Keeps only the rooms marked in `keep` (the origin and exit must be kept), renumbering
    /// the rest in order and dropping portals into removed rooms.
    pub(crate) fn retain_rooms(&mut self, keep: &[bool]) {
        debug_assert!(keep[ORIGIN as usize] && keep[self.exit as usize]);
        let mut new_id = vec![RoomId::MAX; self.rooms()];
        let mut next = 0;
        for (old, &kept) in keep.iter().enumerate() {
            if kept {
                new_id[old] = next;
                next += 1;
            }
        }
        let renumber = |id: RoomId| new_id[id as usize];
        let mut portals = Vec::with_capacity(next as usize);
        let mut parent = Vec::with_capacity(next as usize);
        let mut stage = Vec::with_capacity(next as usize);
        for old in 0..self.rooms() {
            if !keep[old] {
                continue;
            }
            portals.push(
                self.portals[old]
                    .iter()
                    .filter(|&&to| keep[to as usize])
                    .map(|&to| renumber(to))
                    .collect(),
            );
            parent.push(self.parent[old].filter(|&p| keep[p as usize]).map(renumber));
            stage.push(self.stage[old]);
        }
        self.exit = renumber(self.exit);
        self.portals = portals;
        self.parent = parent;
        self.stage = stage;
    }

    /// The rooms in an order where every portal leads forward, or the room on a cycle.
    ///
    /// Kahn's algorithm, smallest room number first among the ready rooms that were queued
    /// together; O(rooms + portals).
    ///
    /// # Errors
    /// [`Violation::Cycle`] naming a room on a cycle.
    pub fn topological_order(&self) -> Result<Vec<RoomId>, Violation> {
        let n = self.rooms();
        let mut indegree = vec![0u32; n];
        for (_, to) in self.arcs() {
            indegree[to as usize] += 1;
        }
        let mut queue: VecDeque<RoomId> = (0..n as RoomId)
            .filter(|&r| indegree[r as usize] == 0)
            .collect();
        let mut order = Vec::with_capacity(n);
        while let Some(room) = queue.pop_front() {
            order.push(room);
            for &to in &self.portals[room as usize] {
                indegree[to as usize] -= 1;
                if indegree[to as usize] == 0 {
                    queue.push_back(to);
                }
            }
        }
        if order.len() == n {
            Ok(order)
        } else {
            let on_cycle = (0..n).find(|&r| indegree[r] > 0).unwrap_or(0);
            Err(Violation::Cycle(on_cycle as RoomId))
        }
    }

    /// Checks every invariant of Bush's dungeons: well-formed portals, at most `max_portals`
    /// portals per room, no cycle, every room reachable from the origin, every room with a way
    /// on to the exit, and no origin-to-exit route shorter than `min_path`.
    ///
    /// # Errors
    /// The first [`Violation`] found.
    pub fn check(&self, min_path: u32, max_portals: usize) -> Result<(), Violation> {
        let n = self.rooms();
        if n < 2 {
            return Err(Violation::Shape(format!(
                "a dungeon needs at least two rooms, this one has {n}"
            )));
        }
        if self.exit as usize >= n || self.exit == ORIGIN {
            return Err(Violation::Shape(format!(
                "the exit must be a room other than the origin (0..{}), not {}",
                n - 1,
                self.exit
            )));
        }
        for (room, exits) in self.portals.iter().enumerate() {
            for (i, &to) in exits.iter().enumerate() {
                if to as usize >= n || to as usize == room {
                    return Err(Violation::BadPortal {
                        from: room as RoomId,
                        to,
                    });
                }
                if exits[..i].contains(&to) {
                    return Err(Violation::DuplicatePortal {
                        from: room as RoomId,
                        to,
                    });
                }
            }
            if exits.len() > max_portals {
                return Err(Violation::OutDegree {
                    room: room as RoomId,
                    portals: exits.len(),
                    max: max_portals,
                });
            }
        }
        self.topological_order()?;
        let forward = crate::paths::distances_from(self, ORIGIN);
        if let Some(room) = forward.iter().position(|d| d.is_none()) {
            return Err(Violation::Unreachable(room as RoomId));
        }
        let backward = crate::paths::distances_to(self, self.exit);
        if let Some(room) = backward.iter().position(|d| d.is_none()) {
            return Err(Violation::DeadEnd(room as RoomId));
        }
        let shortest = forward[self.exit as usize].unwrap_or(0);
        if shortest < min_path {
            return Err(Violation::ShortRoute {
                length: shortest,
                min: min_path,
            });
        }
        Ok(())
    }
}
