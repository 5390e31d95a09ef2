//! Validity (the paper's section 4.4): no overlapping tiles, nothing beyond the box's
//! inventory, and the goal achievable with only the basic move: every monster (and, for the
//! other goals, every chest or the exit) reachable from the start hexes around obstacles.

use std::collections::VecDeque;
use std::fmt;

use serde::Serialize;

use crate::catalog::{Catalog, Piece};
use crate::hex::Hex;
use crate::hexset::HexSet;
use crate::scenario::{Goal, Scenario};

/// Why a scenario is not valid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub enum Invalid {
    /// Two tiles cover the same hex.
    Overlap(Hex),
    /// A physical tile is used twice.
    RepeatedTile(String),
    /// More pieces of a kind than the box holds.
    Pieces {
        /// The pieces.
        piece: Piece,
        /// How many the scenario needs.
        needed: u32,
        /// How many the box holds.
        max: u32,
    },
    /// More of a group of pieces than their shared cardboard allows.
    Combined {
        /// The pieces counted together.
        pieces: Vec<Piece>,
        /// How many the scenario needs.
        needed: u32,
        /// The limit.
        max: u32,
    },
    /// More standees of a monster than the box holds.
    Standees {
        /// The monster.
        monster: String,
        /// Normal and elite together.
        needed: u32,
        /// Standees in the box.
        max: u32,
    },
    /// A piece stands off the map.
    OffMap(Hex),
    /// The scenario has no start hex.
    NoStart,
    /// A monster cannot be reached from the start hexes.
    MonsterUnreachable(Hex),
    /// A chest cannot be reached (goal: loot all treasure).
    ChestUnreachable(Hex),
    /// The exit cannot be reached, or there is none (goal: reach the exit).
    ExitUnreachable,
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Overlap(h) => write!(f, "two tiles cover hex {h}"),
            Invalid::RepeatedTile(t) => write!(f, "tile {t} is used twice"),
            Invalid::Pieces { piece, needed, max } => {
                write!(f, "{needed} {piece:?} needed, the box holds {max}")
            }
            Invalid::Combined {
                pieces,
                needed,
                max,
            } => write!(f, "{needed} of {pieces:?} needed, at most {max} together"),
            Invalid::Standees {
                monster,
                needed,
                max,
            } => write!(f, "{needed} {monster} needed, the box holds {max}"),
            Invalid::OffMap(h) => write!(f, "a piece stands off the map at {h}"),
            Invalid::NoStart => write!(f, "there is no start hex"),
            Invalid::MonsterUnreachable(h) => write!(f, "the monster at {h} cannot be reached"),
            Invalid::ChestUnreachable(h) => write!(f, "the chest at {h} cannot be reached"),
            Invalid::ExitUnreachable => write!(f, "the exit cannot be reached"),
        }
    }
}

/// Checks a scenario: tiles, pieces, then the goal.
///
/// # Errors
/// The first [`Invalid`] reason found.
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::scenario::Scenario;
/// use ludoforge_gloomhaven::validity::check;
/// let catalog = Catalog::built_in();
/// for scenario in Scenario::all_official(&catalog) {
///     assert_eq!(check(&catalog, &scenario), Ok(()), "{}", scenario.name);
/// }
/// ```
pub fn check(catalog: &Catalog, s: &Scenario) -> Result<(), Invalid> {
    if let Some(h) = s.map.overlap(catalog) {
        return Err(Invalid::Overlap(h));
    }
    if let Some(t) = s.map.repeated_tile(catalog) {
        return Err(Invalid::RepeatedTile(t.to_string()));
    }
    check_pieces(catalog, s)?;
    let walkable = s.map.walkable(catalog);
    let p = &s.placements;
    for h in [
        &p.start,
        &p.monsters,
        &p.obstacles,
        &p.traps,
        &p.hazardous_terrain,
        &p.difficult_terrain,
        &p.chests,
        &p.coins,
    ]
    .into_iter()
    .flatten()
    {
        if !walkable.contains(*h) {
            return Err(Invalid::OffMap(*h));
        }
    }
    let reached = reachable(catalog, s);
    if p.start.is_empty() {
        return Err(Invalid::NoStart);
    }
    if let Some(h) = p.monsters.iter().find(|h| !reached.contains(**h)) {
        return Err(Invalid::MonsterUnreachable(*h));
    }
    match s.goal {
        Goal::KillAll => {}
        Goal::LootAll => {
            if let Some(h) = p.chests.iter().find(|h| !reached.contains(**h)) {
                return Err(Invalid::ChestUnreachable(*h));
            }
        }
        Goal::ReachExit => {
            if !s.exit.is_some_and(|e| reached.contains(e)) {
                return Err(Invalid::ExitUnreachable);
            }
        }
    }
    Ok(())
}

/// The box's limits: every kind of piece, the shared overlays and each monster's standees.
///
/// # Errors
/// The first limit exceeded.
pub fn check_pieces(catalog: &Catalog, s: &Scenario) -> Result<(), Invalid> {
    let inventory = &catalog.pieces;
    let count = |piece: Piece| -> u32 {
        match piece {
            Piece::Coins => s.coins,
            Piece::Chests => s.chests.len() as u32,
            Piece::Doors => s.map.doors.len() as u32,
            Piece::Traps => s.overlays.traps,
            Piece::Obstacles => s.overlays.obstacles,
            Piece::HazardousTerrain => s.overlays.hazardous_terrain,
            Piece::DifficultTerrain => s.overlays.difficult_terrain,
        }
    };
    for piece in [
        Piece::Coins,
        Piece::Chests,
        Piece::Doors,
        Piece::Traps,
        Piece::Obstacles,
        Piece::HazardousTerrain,
        Piece::DifficultTerrain,
    ] {
        let (needed, max) = (count(piece), inventory.limit(piece));
        if needed > max {
            return Err(Invalid::Pieces { piece, needed, max });
        }
    }
    for c in &inventory.combined {
        let needed: u32 = c.pieces.iter().map(|&p| count(p)).sum();
        if needed > c.max {
            return Err(Invalid::Combined {
                pieces: c.pieces.clone(),
                needed,
                max: c.max,
            });
        }
    }
    for g in &s.monsters {
        let m = &catalog.monsters[g.monster];
        if g.normal + g.elite > m.standees {
            return Err(Invalid::Standees {
                monster: m.name.clone(),
                needed: g.normal + g.elite,
                max: m.standees,
            });
        }
    }
    Ok(())
}

/// The hexes reachable from the start hexes with the basic move: breadth-first search over
/// tile and door hexes, never onto an obstacle (monsters, traps and terrain can be crossed).
#[must_use]
pub fn reachable(catalog: &Catalog, s: &Scenario) -> HexSet {
    let walkable = s.map.walkable(catalog);
    let mut seen = HexSet::like(&walkable);
    let mut blocked = HexSet::like(&walkable);
    for &h in &s.placements.obstacles {
        if walkable.contains(h) {
            blocked.insert(h);
        }
    }
    let mut queue: VecDeque<Hex> = VecDeque::new();
    for &h in &s.placements.start {
        if walkable.contains(h) && !blocked.contains(h) && seen.insert(h) {
            queue.push_back(h);
        }
    }
    while let Some(h) = queue.pop_front() {
        for n in h.neighbours() {
            if walkable.contains(n) && !blocked.contains(n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    seen
}
