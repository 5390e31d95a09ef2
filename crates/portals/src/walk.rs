//! Simulated players (Bush, section 4): from the origin, take a portal of the current room not
//! yet taken, else a taken one, at random, until the exit.
//!
//! Within one walk through an acyclic dungeon no room is entered twice, so every portal in
//! front of the player is untaken and the rule is a uniform random walk; the exact mean of that
//! walk is [`expected_length`]. With [`Memory::Party`] the taken portals are remembered from one
//! walk to the next, as a group replaying the same dungeon would, and the rule then steers each
//! playthrough away from the portals tried before.

use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::below;
use serde::{Deserialize, Serialize};

use crate::dungeon::{Dungeon, Violation};

/// What a simulated player remembers of the portals it has taken.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
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
/// A walk is at most the longest route. With [`Memory::Walk`] through an acyclic dungeon each
/// step costs one draw; otherwise O(portals of the room), to keep the record of taken portals.
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
    let acyclic = dungeon.topological_order().is_ok();
    simulate_checked(dungeon, walks, memory, acyclic, rng, None).expect("not cancelled")
}

/// [`simulate`] for a dungeon already known to be acyclic (`acyclic`) or not.
///
/// Within one walk through an acyclic dungeon no room is entered twice, so with
/// [`Memory::Walk`] every portal in front of the player is untaken: the walk draws among all of
/// them and needs no record of taken portals. It makes the same draws, in the same order, as
/// the general rule, which the tests check.
pub(crate) fn simulate_checked(
    dungeon: &Dungeon,
    walks: u32,
    memory: Memory,
    acyclic: bool,
    rng: &mut Stream,
    cancel: Option<&AtomicBool>,
) -> Option<WalkStats> {
    assert!(walks > 0, "at least one walk");
    // A relaxed load every 256 walks: ten million walks of a long dungeon stop at once.
    let cancelled =
        |walk: u32| walk % 256 == 255 && cancel.is_some_and(|flag| flag.load(Ordering::Relaxed));
    let portals = Portals::of(dungeon);
    let mut lengths = Lengths::default();
    if memory == Memory::Walk && acyclic {
        for walk in 0..walks {
            if cancelled(walk) {
                return None;
            }
            lengths.add(uniform_walk(
                &portals,
                dungeon.origin(),
                dungeon.exit(),
                rng,
            ));
        }
    } else {
        let mut walker = Remembering::new(&portals);
        for walk in 0..walks {
            if cancelled(walk) {
                return None;
            }
            lengths.add(walker.walk(&portals, dungeon.origin(), dungeon.exit(), rng));
            if memory == Memory::Walk {
                walker.forget();
            }
        }
    }
    Some(lengths.stats(walks))
}

/// Every portal in one array, room by room: room `r`'s portals are `target[offset[r]..offset[r
/// + 1]]`.
struct Portals {
    offset: Vec<u32>,
    target: Vec<u32>,
}

impl Portals {
    fn of(dungeon: &Dungeon) -> Portals {
        let mut offset = Vec::with_capacity(dungeon.rooms() + 1);
        let mut target = Vec::with_capacity(dungeon.arc_count());
        offset.push(0u32);
        for room in 0..dungeon.rooms() {
            target.extend_from_slice(dungeon.portals(room as u32));
            offset.push(target.len() as u32);
        }
        Portals { offset, target }
    }

    /// The arcs leaving `room`, as indices into `target`.
    fn of_room(&self, room: u32) -> (u32, u32) {
        let (lo, hi) = (self.offset[room as usize], self.offset[room as usize + 1]);
        assert!(lo < hi, "room {room} has no way on to the exit");
        (lo, hi)
    }
}

/// One walk that takes any portal of the current room with equal chance; its length.
fn uniform_walk(portals: &Portals, origin: u32, exit: u32, rng: &mut Stream) -> u32 {
    let mut here = origin;
    let mut length = 0u32;
    while here != exit {
        let (lo, hi) = portals.of_room(here);
        let arc = lo + below(rng, (hi - lo) as usize) as u32;
        here = portals.target[arc as usize];
        length += 1;
    }
    length
}

/// The document's rule with a record of taken portals.
struct Remembering {
    taken: Vec<bool>,
    taken_now: Vec<u32>,
    untaken: Vec<u32>,
}

impl Remembering {
    fn new(portals: &Portals) -> Remembering {
        Remembering {
            taken: vec![false; portals.target.len()],
            taken_now: Vec::new(),
            untaken: Vec::with_capacity(crate::params::PORTAL_LIMIT),
        }
    }

    /// One walk: an untaken portal of the current room at random, else a taken one; its
    /// length.
    fn walk(&mut self, portals: &Portals, origin: u32, exit: u32, rng: &mut Stream) -> u32 {
        let mut here = origin;
        let mut length = 0u32;
        while here != exit {
            let (lo, hi) = portals.of_room(here);
            self.untaken.clear();
            self.untaken
                .extend((lo..hi).filter(|&arc| !self.taken[arc as usize]));
            let arc = if self.untaken.is_empty() {
                lo + below(rng, (hi - lo) as usize) as u32
            } else {
                self.untaken[below(rng, self.untaken.len())]
            };
            if !self.taken[arc as usize] {
                self.taken[arc as usize] = true;
                self.taken_now.push(arc);
            }
            here = portals.target[arc as usize];
            length += 1;
        }
        length
    }

    /// Forgets every portal taken so far.
    fn forget(&mut self) {
        for arc in self.taken_now.drain(..) {
            self.taken[arc as usize] = false;
        }
    }
}

/// A histogram of walk lengths and their total.
#[derive(Default)]
struct Lengths {
    histogram: Vec<u32>,
    total: u64,
}

impl Lengths {
    fn add(&mut self, length: u32) {
        if self.histogram.len() <= length as usize {
            self.histogram.resize(length as usize + 1, 0);
        }
        self.histogram[length as usize] += 1;
        self.total += u64::from(length);
    }

    fn stats(self, walks: u32) -> WalkStats {
        let min = self.histogram.iter().position(|&c| c > 0).unwrap_or(0) as u32;
        WalkStats {
            walks,
            min,
            mean: self.total as f64 / f64::from(walks),
            max: self.histogram.len() as u32 - 1,
            histogram: self.histogram,
        }
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

#[cfg(test)]
mod tests {
    use ludoforge_evolve::rng::stream;

    use super::*;
    use crate::generate::generate;
    use crate::params::Params;

    /// Without a record of taken portals the document's walk makes the same draws: the same
    /// lengths, and the stream left in the same place.
    #[test]
    fn the_uniform_walk_draws_as_the_documents_rule_does() {
        for m in [2, 5, 9, 12] {
            for portals in [1, 2, 3, 5] {
                let params = Params::new(m).max_portals(portals);
                for seed in 0..10 {
                    let dungeon = generate(&params, &mut stream(seed, 0, 0)).unwrap();
                    let (mut fast, mut general) = (stream(seed, 1, 0), stream(seed, 1, 0));
                    let a = simulate_checked(&dungeon, 300, Memory::Walk, true, &mut fast, None);
                    let b =
                        simulate_checked(&dungeon, 300, Memory::Walk, false, &mut general, None);
                    assert_eq!(a, b, "M = {m}, {portals} portals, seed {seed}");
                    assert_eq!(fast, general);
                }
            }
        }
    }
}
