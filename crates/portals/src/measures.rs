//! The measures of a dungeon: its size, its exact routes, and what simulated players walked.

use std::sync::atomic::AtomicBool;

use ludoforge_evolve::Stream;
use serde::{Deserialize, Serialize};

use crate::dungeon::{Dungeon, Violation};
use crate::paths::routes;
use crate::walk::{Memory, WalkStats, expected_length, simulate_checked};

/// Everything measured about one dungeon.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Measures {
    /// Rooms, origin and exit included.
    pub rooms: usize,
    /// Portals.
    pub portals: usize,
    /// Rooms where the players choose (two or more portals).
    pub decision_rooms: usize,
    /// Rooms created in stage 2 to keep new routes long enough.
    pub passage_rooms: usize,
    /// Portals on the shortest origin-to-exit route.
    pub shortest_route: u32,
    /// Portals on the longest origin-to-exit route.
    pub longest_route: u32,
    /// The number of distinct origin-to-exit routes (saturating at 2^128 - 1).
    pub routes: u128,
    /// The exact mean length of the document's walk (see [`expected_length`]).
    pub expected_walk: f64,
    /// The simulated walks.
    pub walks: WalkStats,
}

impl Measures {
    /// Measures a dungeon, walking it `walks` times with the given memory.
    ///
    /// # Errors
    /// A [`Violation`] if the dungeon has a cycle or cannot be walked to the exit.
    ///
    /// # Panics
    /// Panics if `walks` is 0.
    ///
    /// ```
    /// use ludoforge_evolve::rng::stream;
    /// use ludoforge_portals::{Dungeon, Measures, walk::Memory};
    /// let dungeon = Dungeon::from_portals(vec![vec![1, 2], vec![3], vec![3], vec![]], 3);
    /// let m = Measures::of(&dungeon, 100, Memory::Walk, &mut stream(1, 0, 0)).unwrap();
    /// assert_eq!((m.rooms, m.portals, m.decision_rooms, m.routes), (4, 4, 1, 2));
    /// assert_eq!((m.walks.min, m.walks.max), (2, 2));
    /// ```
    pub fn of(
        dungeon: &Dungeon,
        walks: u32,
        memory: Memory,
        rng: &mut Stream,
    ) -> Result<Measures, Violation> {
        Measures::of_until(dungeon, walks, memory, rng, None).map(|m| m.expect("not cancelled"))
    }

    /// [`Measures::of`], giving up the walks once `cancel` is set (`None`); uncancelled, the
    /// same measures.
    ///
    /// # Errors
    /// As [`Measures::of`].
    pub fn of_until(
        dungeon: &Dungeon,
        walks: u32,
        memory: Memory,
        rng: &mut Stream,
        cancel: Option<&AtomicBool>,
    ) -> Result<Option<Measures>, Violation> {
        let r = routes(dungeon)?;
        let expected_walk = expected_length(dungeon)?;
        // `routes` found no cycle.
        let Some(walks) = simulate_checked(dungeon, walks, memory, true, rng, cancel) else {
            return Ok(None);
        };
        Ok(Some(Measures {
            rooms: dungeon.rooms(),
            portals: dungeon.arc_count(),
            decision_rooms: (0..dungeon.rooms() as u32)
                .filter(|&room| dungeon.portals(room).len() >= 2)
                .count(),
            passage_rooms: (0..dungeon.rooms() as u32)
                .filter(|&room| dungeon.stage(room) == crate::dungeon::Stage::Passage)
                .count(),
            shortest_route: r.shortest,
            longest_route: r.longest,
            routes: r.count,
            expected_walk,
            walks,
        }))
    }
}
