//! Bush's two-stage generator (section 4): a directed spanning tree grown until a room lies at
//! depth M (stage 1), then new portals (and passage rooms where needed) until every room has a
//! way on to the exit without making any route shorter than M (stage 2).

use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::below;
use thiserror::Error;

use crate::dungeon::{Dungeon, ORIGIN, RoomId, Stage};
use crate::params::{Params, ParamsError};

const NONE: u32 = u32::MAX;

/// Why no dungeon came out of the generator.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The parameters cannot describe a dungeon.
    #[error(transparent)]
    Params(#[from] ParamsError),
    /// Every attempt gave a dungeon outside the room bounds.
    #[error("{}", bounds_message(*min_path, *min_rooms, *max_rooms, *attempts, *smallest, *largest, *oversized))]
    RoomBounds {
        /// M.
        min_path: u32,
        /// Lower room bound.
        min_rooms: usize,
        /// Upper room bound.
        max_rooms: usize,
        /// Attempts made.
        attempts: u32,
        /// The fewest rooms of a finished dungeon (0 if none finished).
        smallest: usize,
        /// The most rooms of a finished dungeon (0 if none finished).
        largest: usize,
        /// Attempts abandoned because they outgrew the upper bound.
        oversized: u32,
    },
    /// The run was cancelled between two attempts.
    #[error("cancelled before a dungeon within the room bounds came out")]
    Cancelled,
}

/// Says which bounds were missed, by how much, and what to change.
fn bounds_message(
    min_path: u32,
    min_rooms: usize,
    max_rooms: usize,
    attempts: u32,
    smallest: usize,
    largest: usize,
    oversized: u32,
) -> String {
    let head = format!(
        "none of {attempts} dungeons with minimum path length {min_path} had between {min_rooms} and {max_rooms} rooms"
    );
    let seen = if oversized == attempts {
        format!(" (every one outgrew {max_rooms} rooms)")
    } else if oversized > 0 {
        format!(
            " (the finished ones had {smallest} to {largest} rooms; {oversized} outgrew {max_rooms})"
        )
    } else {
        format!(" (they had {smallest} to {largest} rooms)")
    };
    format!(
        "{head}{seen}: widen the room bounds, change the minimum path length, or allow more attempts"
    )
}

/// An attempt abandoned because it outgrew the upper room bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Oversized;

/// Generates a dungeon: attempts until one has a room count within the bounds.
///
/// # Errors
/// [`GenerateError::Params`] for impossible parameters, [`GenerateError::RoomBounds`] when no
/// attempt fitted the bounds.
///
/// ```
/// use ludoforge_evolve::rng::stream;
/// use ludoforge_portals::{Params, generate::generate, paths::routes};
///
/// let dungeon = generate(&Params::new(9), &mut stream(1, 0, 0)).unwrap();
/// assert!(dungeon.check(9, 2).is_ok());
/// assert!(routes(&dungeon).unwrap().shortest >= 9);
/// ```
pub fn generate(params: &Params, rng: &mut Stream) -> Result<Dungeon, GenerateError> {
    generate_until(params, rng, None)
}

/// [`generate`], giving up between two attempts once `cancel` is set (a relaxed load an
/// attempt): a million attempts at a long minimum path would otherwise ignore a cancel. An
/// uncancelled run makes the same dungeon as [`generate`].
///
/// # Errors
/// As [`generate`], and [`GenerateError::Cancelled`] once cancelled.
pub fn generate_until(
    params: &Params,
    rng: &mut Stream,
    cancel: Option<&AtomicBool>,
) -> Result<Dungeon, GenerateError> {
    params.validate()?;
    let mut smallest = usize::MAX;
    let mut largest = 0;
    let mut oversized = 0;
    for _ in 0..params.attempts {
        if cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Err(GenerateError::Cancelled);
        }
        match attempt(params, rng) {
            Ok(dungeon) => {
                let rooms = dungeon.rooms();
                if (params.min_rooms..=params.max_rooms).contains(&rooms) {
                    return Ok(dungeon);
                }
                smallest = smallest.min(rooms);
                largest = largest.max(rooms);
            }
            Err(Oversized) => oversized += 1,
        }
    }
    Err(GenerateError::RoomBounds {
        min_path: params.min_path,
        min_rooms: params.min_rooms,
        max_rooms: params.max_rooms,
        attempts: params.attempts,
        smallest: if largest == 0 { 0 } else { smallest },
        largest,
        oversized,
    })
}

/// One run of both stages, abandoned as soon as it outgrows `params.max_rooms`.
///
/// # Errors
/// [`Oversized`] when the dungeon outgrew the upper bound.
pub fn attempt(params: &Params, rng: &mut Stream) -> Result<Dungeon, Oversized> {
    let mut dungeon = stage_one(params, rng)?;
    complete(&mut dungeon, params, rng)?;
    Ok(dungeon)
}

/// Stage 1: the origin gets two children (one if only one portal is allowed); then a room that
/// still has a free portal is picked at random and given a new child, until a room lies at
/// depth M. That room is the exit.
///
/// # Errors
/// [`Oversized`] when the tree outgrew `params.max_rooms`.
pub fn stage_one(params: &Params, rng: &mut Stream) -> Result<Dungeon, Oversized> {
    let m = params.min_path;
    let d = params.max_portals;
    let mut dungeon = Dungeon::seed();
    let mut depth = vec![0u32];
    // Rooms that can take another child; the origin's first children come first.
    let mut free: Vec<RoomId> = Vec::new();
    let mut exit = None;
    for _ in 0..d.min(2) {
        let child = dungeon.add_room(ORIGIN, Stage::Tree);
        depth.push(1);
        free.push(child);
        if m == 1 && exit.is_none() {
            exit = Some(child);
        }
    }
    if d > 2 {
        free.insert(0, ORIGIN);
    }
    while exit.is_none() {
        if dungeon.rooms() >= params.max_rooms {
            return Err(Oversized);
        }
        let slot = below(rng, free.len());
        let parent = free[slot];
        let child = dungeon.add_room(parent, Stage::Tree);
        let child_depth = depth[parent as usize] + 1;
        depth.push(child_depth);
        if dungeon.portals(parent).len() >= d {
            free.swap_remove(slot);
        }
        if child_depth == m {
            exit = Some(child);
        } else {
            free.push(child);
        }
    }
    dungeon.set_exit(exit.expect("the loop ends with an exit"));
    Ok(dungeon)
}

/// Stage 2: until every room has a way on to the exit, pick a room with a free portal and no
/// way on; pick a finish among the rooms with a way on that are at least as deep (distance from
/// the origin); lengthen the start with passage rooms while a portal start → finish would make a
/// route shorter than M; add the portal.
///
/// Two rules are added to the document's. The finish must not be a room from which the start
/// can be reached. Depth alone does not rule that out (a room can be near the origin by one way and
/// also below a deeper room by another), and such a portal would close a cycle. And when no
/// room with a way on is as deep as the start, the finish is the exit; this happens only
/// when completing a dungeon the variation operators took portals from.
///
/// Works from any dungeon whose rooms the origin reaches and whose routes are no shorter than
/// M, which lets the variation operators take portals away and complete the dungeon again.
///
/// # Errors
/// [`Oversized`] when the passage rooms take the dungeon past `params.max_rooms`.
pub fn complete(dungeon: &mut Dungeon, params: &Params, rng: &mut Stream) -> Result<(), Oversized> {
    let mut state = Completion::new(dungeon, params.max_portals);
    let mut finishes: Vec<RoomId> = Vec::new();
    while !state.pool.is_empty() {
        let mut start = state.pool[below(rng, state.pool.len())];
        let mut start_depth = state.from_origin[start as usize];
        state.mark_above(start);
        finishes.clear();
        finishes.extend((0..dungeon.rooms() as RoomId).filter(|&r| {
            state.to_exit[r as usize] != NONE
                && state.from_origin[r as usize] >= start_depth
                && state.above[r as usize] != state.stamp
        }));
        // After the variation operators take portals away, a stranded passage room can lie
        // deeper than every room with a way on; the exit then is its finish.
        let finish = if finishes.is_empty() {
            dungeon.exit()
        } else {
            finishes[below(rng, finishes.len())]
        };
        while start_depth + 1 + state.to_exit[finish as usize] < params.min_path {
            if dungeon.rooms() >= params.max_rooms {
                return Err(Oversized);
            }
            let room = dungeon.add_room(start, Stage::Passage);
            state.added_room(dungeon, start, start_depth + 1);
            start = room;
            start_depth += 1;
        }
        dungeon.add_portal(start, finish);
        state.added_portal(dungeon, start, finish);
    }
    Ok(())
}

/// The bookkeeping of stage 2, kept up to date portal by portal.
struct Completion {
    max_portals: usize,
    from_origin: Vec<u32>,
    to_exit: Vec<u32>,
    preds: Vec<Vec<RoomId>>,
    /// Rooms with a free portal and no way on to the exit.
    pool: Vec<RoomId>,
    /// Each room's index in `pool`, or `NONE`.
    slot: Vec<u32>,
    /// `above[r] == stamp` when room `r` can reach the current start.
    above: Vec<u32>,
    stamp: u32,
    stack: Vec<RoomId>,
}

impl Completion {
    fn new(dungeon: &Dungeon, max_portals: usize) -> Completion {
        let from_origin = crate::paths::distances_from(dungeon, ORIGIN)
            .into_iter()
            .map(|d| d.unwrap_or(NONE))
            .collect();
        let to_exit: Vec<u32> = crate::paths::distances_to(dungeon, dungeon.exit())
            .into_iter()
            .map(|d| d.unwrap_or(NONE))
            .collect();
        let mut completion = Completion {
            max_portals,
            from_origin,
            to_exit,
            preds: dungeon.predecessors(),
            pool: Vec::new(),
            slot: vec![NONE; dungeon.rooms()],
            above: vec![0; dungeon.rooms()],
            stamp: 0,
            stack: Vec::new(),
        };
        for room in 0..dungeon.rooms() as RoomId {
            if completion.to_exit[room as usize] == NONE
                && dungeon.portals(room).len() < max_portals
            {
                completion.slot[room as usize] = completion.pool.len() as u32;
                completion.pool.push(room);
            }
        }
        completion
    }

    fn leave_pool(&mut self, room: RoomId) {
        let slot = self.slot[room as usize];
        if slot == NONE {
            return;
        }
        self.pool.swap_remove(slot as usize);
        if let Some(&moved) = self.pool.get(slot as usize) {
            self.slot[moved as usize] = slot;
        }
        self.slot[room as usize] = NONE;
    }

    /// Marks the rooms from which `start` can be reached (itself included) with a new stamp.
    fn mark_above(&mut self, start: RoomId) {
        self.stamp += 1;
        self.above[start as usize] = self.stamp;
        self.stack.push(start);
        while let Some(room) = self.stack.pop() {
            for &from in &self.preds[room as usize] {
                if self.above[from as usize] != self.stamp {
                    self.above[from as usize] = self.stamp;
                    self.stack.push(from);
                }
            }
        }
    }

    /// A passage room was created through a portal from `parent`.
    fn added_room(&mut self, dungeon: &Dungeon, parent: RoomId, depth: u32) {
        self.from_origin.push(depth);
        self.to_exit.push(NONE);
        self.preds.push(vec![parent]);
        self.slot.push(NONE);
        self.above.push(0);
        if dungeon.portals(parent).len() >= self.max_portals {
            self.leave_pool(parent);
        }
    }

    /// The portal `start → finish` was added: update distances both ways.
    fn added_portal(&mut self, dungeon: &Dungeon, start: RoomId, finish: RoomId) {
        self.preds[finish as usize].push(start);
        if dungeon.portals(start).len() >= self.max_portals {
            self.leave_pool(start);
        }
        // Rooms below the finish may now be nearer the origin.
        let mut queue = Vec::new();
        let via = self.from_origin[start as usize] + 1;
        if via < self.from_origin[finish as usize] {
            self.from_origin[finish as usize] = via;
            queue.push(finish);
        }
        while let Some(room) = queue.pop() {
            let next = self.from_origin[room as usize] + 1;
            for &to in dungeon.portals(room) {
                if next < self.from_origin[to as usize] {
                    self.from_origin[to as usize] = next;
                    queue.push(to);
                }
            }
        }
        // The start and the rooms above it now have a way on (or a shorter one).
        let via = self.to_exit[finish as usize] + 1;
        if via < self.to_exit[start as usize] {
            self.to_exit[start as usize] = via;
            self.leave_pool(start);
            queue.push(start);
        }
        while let Some(room) = queue.pop() {
            let next = self.to_exit[room as usize] + 1;
            for i in 0..self.preds[room as usize].len() {
                let from = self.preds[room as usize][i];
                if next < self.to_exit[from as usize] {
                    self.to_exit[from as usize] = next;
                    self.leave_pool(from);
                    queue.push(from);
                }
            }
        }
    }
}
