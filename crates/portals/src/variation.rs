//! Variation operators for evolving dungeons, each built from the generator's own stages so
//! that every child keeps every invariant:
//!
//! - [`relink`]: take away a few stage-2 portals (with the passage rooms made for them) and let
//!   stage 2 link the stranded rooms again.
//! - [`regrow`]: cut a subtree off the spanning tree (never the branch that holds the exit) and
//!   grow a new one of about the same size in its place, as stage 1 does, then complete.
//! - [`graft`]: replace a subtree of one dungeon by a copy of a subtree of another, then
//!   complete (the crossover).
//!
//! Taking portals or rooms away only lengthens routes and cannot create a cycle; the
//! spanning tree's parent portals are kept, so every room stays reachable; and stage 2
//! ([`complete`]) restores a way on to the exit for every room without a route shorter than M.
//! An operator whose child would outgrow the room bound leaves the dungeon as it was.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::{below, between};

use crate::dungeon::{Dungeon, RoomId, Stage};
use crate::generate::complete;
use crate::params::Params;

/// The portals stage 2 added: `from → to` where `from` is not `to`'s parent.
fn links(dungeon: &Dungeon) -> Vec<(RoomId, RoomId)> {
    dungeon
        .arcs()
        .filter(|&(from, to)| dungeon.parent(to) != Some(from))
        .collect()
}

/// Marks `root` and every room whose chain of parents passes through it.
fn mark_subtree(dungeon: &Dungeon, root: RoomId, marked: &mut [bool]) {
    let mut stack = vec![root];
    while let Some(room) = stack.pop() {
        marked[room as usize] = true;
        for &child in dungeon.portals(room) {
            if dungeon.parent(child) == Some(room) && !marked[child as usize] {
                stack.push(child);
            }
        }
    }
}

/// The rooms on the spanning tree's branch from the origin to the exit.
fn exit_branch(dungeon: &Dungeon) -> Vec<bool> {
    let mut on = vec![false; dungeon.rooms()];
    let mut room = Some(dungeon.exit());
    while let Some(r) = room {
        on[r as usize] = true;
        room = dungeon.parent(r);
    }
    on
}

/// The number of parent portals from the origin to `room`.
fn tree_depth(dungeon: &Dungeon, room: RoomId) -> u32 {
    let mut depth = 0;
    let mut here = room;
    while let Some(parent) = dungeon.parent(here) {
        depth += 1;
        here = parent;
    }
    depth
}

/// Tree rooms that may be cut: not the origin, not on the exit's branch.
fn cuttable(dungeon: &Dungeon) -> Vec<RoomId> {
    let branch = exit_branch(dungeon);
    (1..dungeon.rooms() as RoomId)
        .filter(|&r| !branch[r as usize] && dungeon.stage(r) == Stage::Tree)
        .collect()
}

/// Removes 1 to 3 stage-2 portals, and the passage rooms that lead only to them, then
/// completes the dungeon again.
pub fn relink(dungeon: &mut Dungeon, params: &Params, rng: &mut Stream) {
    let links = links(dungeon);
    if links.is_empty() {
        return;
    }
    let mut child = dungeon.clone();
    let mut remove = vec![false; child.rooms()];
    let count = between(rng, 1, 3.min(links.len()));
    let mut cut: Vec<(RoomId, RoomId)> = Vec::with_capacity(count);
    for _ in 0..count {
        let (from, to) = links[below(rng, links.len())];
        cut.push((from, to));
        // A passage chain exists only for its portals: remove it from its first passage room
        // down (with any chain that was hung from it since).
        let mut top = None;
        let mut room = from;
        while child.stage(room) == Stage::Passage {
            top = Some(room);
            match child.parent(room) {
                Some(parent) => room = parent,
                None => break,
            }
        }
        if let Some(top) = top {
            mark_subtree(&child, top, &mut remove);
        }
    }
    for (from, to) in cut {
        child.remove_portal(from, to);
    }
    child.retain_rooms(&remove.iter().map(|r| !r).collect::<Vec<_>>());
    if complete(&mut child, params, rng).is_ok() {
        *dungeon = child;
    }
}

/// Grows `count` new tree rooms below `root`, each under a random room of the new subtree (or
/// `root`) that has a free portal and lies above depth M.
fn grow_below(
    dungeon: &mut Dungeon,
    root: RoomId,
    count: usize,
    params: &Params,
    rng: &mut Stream,
) {
    let mut free: Vec<(RoomId, u32)> = Vec::new();
    let root_depth = tree_depth(dungeon, root);
    if dungeon.portals(root).len() < params.max_portals && root_depth + 1 < params.min_path {
        free.push((root, root_depth));
    }
    for _ in 0..count {
        if free.is_empty() || dungeon.rooms() >= params.max_rooms {
            break;
        }
        let slot = below(rng, free.len());
        let (parent, depth) = free[slot];
        let room = dungeon.add_room(parent, Stage::Tree);
        if dungeon.portals(parent).len() >= params.max_portals {
            free.swap_remove(slot);
        }
        if depth + 2 < params.min_path {
            free.push((room, depth + 1));
        }
    }
}

/// Cuts a random subtree off the spanning tree (never the exit's branch) and grows a new one
/// of half to one and a half times its size from the same parent, then completes.
pub fn regrow(dungeon: &mut Dungeon, params: &Params, rng: &mut Stream) {
    let candidates = cuttable(dungeon);
    if candidates.is_empty() {
        relink(dungeon, params, rng);
        return;
    }
    let root = candidates[below(rng, candidates.len())];
    let parent = dungeon.parent(root).expect("a cuttable room has a parent");
    let mut cut = vec![false; dungeon.rooms()];
    mark_subtree(dungeon, root, &mut cut);
    let size = (0..dungeon.rooms())
        .filter(|&r| cut[r] && dungeon.stage(r as RoomId) == Stage::Tree)
        .count();
    let mut child = dungeon.clone();
    let new_parent = renumbered(&cut, parent);
    child.retain_rooms(&cut.iter().map(|c| !c).collect::<Vec<_>>());
    let grow = between(rng, size.div_ceil(2), size + size / 2);
    grow_below(&mut child, new_parent, grow, params, rng);
    if complete(&mut child, params, rng).is_ok() {
        *dungeon = child;
    }
}

/// The number `room` gets once the rooms marked in `removed` are taken out.
fn renumbered(removed: &[bool], room: RoomId) -> RoomId {
    removed[..room as usize].iter().filter(|&&r| !r).count() as RoomId
}

/// A child of `base`: one of its subtrees (never the exit's branch) replaced by a copy of the
/// tree rooms of a subtree of `donor`, cut where it would reach depth M, then completed.
/// Without a subtree to replace or to copy, the child is `base` relinked.
#[must_use]
pub fn graft(base: &Dungeon, donor: &Dungeon, params: &Params, rng: &mut Stream) -> Dungeon {
    let mut child = base.clone();
    let targets = cuttable(base);
    let sources = cuttable(donor);
    if targets.is_empty() || sources.is_empty() {
        relink(&mut child, params, rng);
        return child;
    }
    let root = targets[below(rng, targets.len())];
    let source = sources[below(rng, sources.len())];
    let parent = base.parent(root).expect("a cuttable room has a parent");
    let mut cut = vec![false; base.rooms()];
    mark_subtree(base, root, &mut cut);
    let new_parent = renumbered(&cut, parent);
    child.retain_rooms(&cut.iter().map(|c| !c).collect::<Vec<_>>());
    // Copy the donor's subtree breadth first, keeping only tree rooms above depth M.
    let mut queue = vec![(source, new_parent, tree_depth(&child, new_parent) + 1)];
    let mut head = 0;
    while let Some(&(from, under, depth)) = queue.get(head) {
        head += 1;
        if depth >= params.min_path
            || child.rooms() >= params.max_rooms
            || child.portals(under).len() >= params.max_portals
        {
            continue;
        }
        let copy = child.add_room(under, Stage::Tree);
        for &next in donor.portals(from) {
            if donor.parent(next) == Some(from) && donor.stage(next) == Stage::Tree {
                queue.push((next, copy, depth + 1));
            }
        }
    }
    if complete(&mut child, params, rng).is_ok() {
        child
    } else {
        base.clone()
    }
}
