//! Simulated players (Bush, section 4): from the origin, take a portal of the current room not
//! yet taken, else a taken one, at random, until the exit.
//!
//! Within one walk through an acyclic dungeon no room is entered twice, so every portal in
//! front of the player is untaken and the rule is a uniform random walk; the exact mean of that
//! walk is [`expected_length`]. With [`Memory::Party`] the taken portals are remembered from one
//! walk to the next, as a group replaying the same dungeon would, and the rule then steers each
//! playthrough away from the portals tried before.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::below;
use serde::{Deserialize, Serialize};

use crate::dungeon::{Dungeon, Violation};

/// What a simulated player remembers of the portals it has taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Memory {
    /// The document's player: the list of taken portals starts empty at every walk.
    #[default]
    Walk,
    /// A party replaying the dungeon: portals taken in earlier walks count as taken.
    Party,
}

/// What the simulated players walked: lengths in portals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WalkStats {
    /// The number of walks.
    pub walks: u32,
    /// The shortest walk observed.
    pub min: u32,
    /// The mean walk length.
    pub mean: f64,
    /// The longest walk observed.
    pub max: u32,
    /// `histogram[k]` walks took exactly `k` portals.
    pub histogram: Vec<u32>,
}

/// Walks the dungeon `walks` times from the origin to the exit.
///
/// Each step costs O(portals of the room); a walk is at most the longest route.
///
/// # Panics
/// Panics if `walks` is 0 or the dungeon has a room without a way on (check it first with
/// [`Dungeon::check`]).
///
/// ```
/// use ludoforge_evolve::rng::stream;
/// use ludoforge_portals::{Dungeon, walk::{simulate, Memory}};
/// // 0 → 1 → 2 → 3 with a shortcut 1 → 3.
/// let dungeon = Dungeon::from_portals(vec![vec![1], vec![2, 3], vec![3], vec![]], 3);
/// let stats = simulate(&dungeon, 1000, Memory::Walk, &mut stream(1, 0, 0));
/// assert_eq!((stats.min, stats.max), (2, 3));
/// assert_eq!(stats.histogram[2] + stats.histogram[3], 1000);
/// ```
#[must_use]
pub fn simulate(dungeon: &Dungeon, walks: u32, memory: Memory, rng: &mut Stream) -> WalkStats {
    assert!(walks > 0, "at least one walk");
    // Portals in one array, room by room.
    let mut offset = Vec::with_capacity(dungeon.rooms() + 1);
    let mut target = Vec::with_capacity(dungeon.arc_count());
    offset.push(0u32);
    for room in 0..dungeon.rooms() {
        target.extend_from_slice(dungeon.portals(room as u32));
        offset.push(target.len() as u32);
    }
    let mut taken = vec![false; target.len()];
    let mut taken_now: Vec<u32> = Vec::new();
    let mut untaken: Vec<u32> = Vec::with_capacity(crate::params::PORTAL_LIMIT);
    let mut histogram: Vec<u32> = Vec::new();
    let mut total = 0u64;
    let exit = dungeon.exit();
    for _ in 0..walks {
        let mut here = dungeon.origin();
        let mut length = 0u32;
        while here != exit {
            let (lo, hi) = (offset[here as usize], offset[here as usize + 1]);
            assert!(lo < hi, "room {here} has no way on to the exit");
            untaken.clear();
            untaken.extend((lo..hi).filter(|&arc| !taken[arc as usize]));
            let arc = if untaken.is_empty() {
                lo + below(rng, (hi - lo) as usize) as u32
            } else {
                untaken[below(rng, untaken.len())]
            };
            if !taken[arc as usize] {
                taken[arc as usize] = true;
                taken_now.push(arc);
            }
            here = target[arc as usize];
            length += 1;
        }
        if memory == Memory::Walk {
            for arc in taken_now.drain(..) {
                taken[arc as usize] = false;
            }
        }
        if histogram.len() <= length as usize {
            histogram.resize(length as usize + 1, 0);
        }
        histogram[length as usize] += 1;
        total += u64::from(length);
    }
    let min = histogram.iter().position(|&c| c > 0).unwrap_or(0) as u32;
    WalkStats {
        walks,
        min,
        mean: total as f64 / f64::from(walks),
        max: histogram.len() as u32 - 1,
        histogram,
    }
}

/// The exact mean length of the document's walk (a uniform random walk, see the module notes):
/// E(exit) = 0, E(room) = 1 + the mean of E over the rooms its portals lead to. O(rooms +
/// portals).
///
/// # Errors
/// [`Violation::Cycle`] if the portals form a cycle, [`Violation::DeadEnd`] if a room the
/// origin reaches has no way on.
///
/// ```
/// use ludoforge_portals::{Dungeon, walk::expected_length};
/// // From room 1 the walk takes 1 or 2 more portals with equal chance: 1 + 1.5 = 2.5.
/// let dungeon = Dungeon::from_portals(vec![vec![1], vec![2, 3], vec![3], vec![]], 3);
/// assert_eq!(expected_length(&dungeon).unwrap(), 2.5);
/// ```
pub fn expected_length(dungeon: &Dungeon) -> Result<f64, Violation> {
    let order = dungeon.topological_order()?;
    let mut expected = vec![f64::NAN; dungeon.rooms()];
    expected[dungeon.exit() as usize] = 0.0;
    for &room in order.iter().rev() {
        if room == dungeon.exit() {
            continue;
        }
        let exits = dungeon.portals(room);
        if exits.is_empty() {
            continue;
        }
        let sum: f64 = exits.iter().map(|&to| expected[to as usize]).sum();
        expected[room as usize] = 1.0 + sum / exits.len() as f64;
    }
    let origin = expected[dungeon.origin() as usize];
    if origin.is_nan() {
        let dead = (0..dungeon.rooms())
            .find(|&r| expected[r].is_nan())
            .unwrap_or(0);
        return Err(Violation::DeadEnd(dead as u32));
    }
    Ok(origin)
}
