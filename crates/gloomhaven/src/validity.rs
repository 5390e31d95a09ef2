//! Validity (the paper's section 4.4): no overlapping tiles, nothing beyond the box's
//! inventory, and the goal achievable with only the basic move: every monster (and, for the
//! other goals, every chest or the exit) reachable from the start hexes around obstacles.
//!
//! The box limits every kind of piece on one map, and each monster's standees in one room at
//! a time: the book sets a room's monsters up when its door opens, so a scenario may mark more
//! hexes for a monster than the box has standees, as long as each room's fit (a room is the
//! tiles joined by corridors rather than doors). The limit holds for every party size.
//!
//! A hex holds one figure: no two standees set up for the same party size share a hex, and
//! none stands on a start hex. (The scenario book's scenario 88 as published, in the paper's
//! data and in Virtual Gloomhaven Board's file alike, stands a Lurker and a Frost Demon on one
//! hex for three and four players: it fails this check, so the search starts without it.)

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use crate::catalog::{Catalog, Category, Piece};
use crate::hex::Hex;
use crate::hexset::HexSet;
use crate::scenario::{Goal, Level, Players, Scenario};

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
    /// More overlay tiles of one kind than the box holds.
    Kind {
        /// The kind's name.
        kind: String,
        /// How many the scenario needs.
        needed: u32,
        /// How many the box holds.
        max: u32,
    },
    /// More standees of a monster in one room than the box holds.
    Standees {
        /// The monster.
        monster: String,
        /// The party size that needs the most.
        players: u32,
        /// Normal and elite together, in one room.
        needed: u32,
        /// Standees in the box.
        max: u32,
    },
    /// Two figures (standees set up for the same party size, or a standee and a start hex)
    /// share a hex.
    Crowded {
        /// The hex.
        at: Hex,
        /// The party size (2, 3 or 4) for which both stand there.
        players: u32,
    },
    /// A token stands off the map.
    OffMap(Hex),
    /// The scenario has no start hex.
    NoStart,
    /// A monster cannot be reached from the start hexes.
    MonsterUnreachable(Hex),
    /// A chest cannot be reached (goal: loot all treasure).
    ChestUnreachable(Hex),
    /// The exit cannot be reached, or there is none (goal: reach the exit).
    ExitUnreachable,
    /// A piece stands on the exit (goal: reach the exit).
    ExitCovered(Hex),
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
            Invalid::Kind { kind, needed, max } => {
                write!(f, "{needed} × {kind} needed, the box holds {max}")
            }
            Invalid::Standees {
                monster,
                players,
                needed,
                max,
            } => write!(
                f,
                "{needed} {monster} in one room for {players} players, the box holds {max}"
            ),
            Invalid::Crowded { at, players } => {
                write!(f, "two figures stand on hex {at} for {players} players")
            }
            Invalid::OffMap(h) => write!(f, "a piece stands off the map at {h}"),
            Invalid::NoStart => write!(f, "there is no start hex"),
            Invalid::MonsterUnreachable(h) => write!(f, "the monster at {h} cannot be reached"),
            Invalid::ChestUnreachable(h) => write!(f, "the chest at {h} cannot be reached"),
            Invalid::ExitUnreachable => write!(f, "the exit cannot be reached"),
            Invalid::ExitCovered(h) => write!(f, "a piece stands on the exit at {h}"),
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
/// let barrow = Scenario::official(&catalog, 1).unwrap();
/// assert_eq!(check(&catalog, &barrow), Ok(()));
/// ```
pub fn check(catalog: &Catalog, s: &Scenario) -> Result<(), Invalid> {
    // The tile hexes once: the first one covered twice, and every tile and door hex as the
    // hexes a figure can stand on (the map's `overlap` and `walkable` in one).
    let hexes = s.map.tile_hexes(catalog);
    let mut walkable = HexSet::around(hexes.iter().copied().chain(s.map.door_hexes()));
    if let Some(&h) = hexes.iter().find(|&&h| !walkable.insert(h)) {
        return Err(Invalid::Overlap(h));
    }
    for d in s.map.door_hexes() {
        walkable.insert(d);
    }
    if let Some(t) = s.map.repeated_tile(catalog) {
        return Err(Invalid::RepeatedTile(t.to_string()));
    }
    check_pieces(catalog, s)?;
    check_figures(s)?;
    let tokens = s
        .start
        .iter()
        .copied()
        .chain(s.monsters.iter().map(|m| m.at))
        .chain(s.coins.iter().map(|c| c.at))
        .chain(s.chests.iter().map(|c| c.at));
    for h in tokens {
        if !walkable.contains(h) {
            return Err(Invalid::OffMap(h));
        }
    }
    if s.start.is_empty() {
        return Err(Invalid::NoStart);
    }
    let reached = reachable_in(catalog, s, walkable);
    if let Some(m) = s.monsters.iter().find(|m| !reached.contains(m.at)) {
        return Err(Invalid::MonsterUnreachable(m.at));
    }
    match s.goal {
        Goal::KillAll => {}
        Goal::LootAll => {
            if let Some(c) = s.chests.iter().find(|c| !reached.contains(c.at)) {
                return Err(Invalid::ChestUnreachable(c.at));
            }
        }
        Goal::ReachExit => {
            let Some(exit) = s.exit else {
                return Err(Invalid::ExitUnreachable);
            };
            if let Some(h) = s.occupied(catalog).find(|&h| h == exit) {
                return Err(Invalid::ExitCovered(h));
            }
            if !reached.contains(exit) {
                return Err(Invalid::ExitUnreachable);
            }
        }
    }
    Ok(())
}

/// One figure to a hex: for each party size, the standees set up for it and the start hexes
/// are on different hexes.
///
/// # Errors
/// [`Invalid::Crowded`] naming the first shared hex and party size.
pub fn check_figures(s: &Scenario) -> Result<(), Invalid> {
    // Cheap first: figures on different hexes whatever the party need no party-by-party look.
    // A hex as one number (x and y settle z), which sorts quicker than three.
    let key = |h: Hex| (u64::from(h.x as u32) << 32) | u64::from(h.y as u32);
    let mut hexes: Vec<u64> = Vec::with_capacity(s.start.len() + s.monsters.len());
    hexes.extend(
        s.start
            .iter()
            .copied()
            .chain(
                s.monsters
                    .iter()
                    .filter(|m| Players::ALL.iter().any(|&p| m.level(p) != Level::None))
                    .map(|m| m.at),
            )
            .map(key),
    );
    hexes.sort_unstable();
    if hexes.windows(2).all(|w| w[0] != w[1]) {
        return Ok(());
    }
    for p in Players::ALL {
        let mut taken: Vec<Hex> = s.start.clone();
        for m in s.monsters.iter().filter(|m| m.level(p) != Level::None) {
            if taken.contains(&m.at) {
                return Err(Invalid::Crowded {
                    at: m.at,
                    players: p.count(),
                });
            }
            taken.push(m.at);
        }
    }
    Ok(())
}

/// How many overlay tiles of each category a scenario has.
#[must_use]
pub fn category_counts(catalog: &Catalog, s: &Scenario) -> [u32; 4] {
    let mut counts = [0; 4];
    for o in &s.overlays {
        counts[catalog.overlays[usize::from(o.kind)].category.index()] += 1;
    }
    counts
}

/// The rooms of a map: for each tile, the smallest index of the tiles it shares a room with
/// (tiles joined by a corridor rather than a door are one room).
#[must_use]
pub fn rooms(s: &Scenario) -> Vec<usize> {
    let mut room: Vec<usize> = (0..s.map.tiles.len()).collect();
    fn find(room: &mut [usize], i: usize) -> usize {
        let mut i = i;
        while room[i] != i {
            room[i] = room[room[i]];
            i = room[i];
        }
        i
    }
    for d in &s.map.doors {
        let [a, b] = d.joins.map(usize::from);
        if d.kind.is_door() || a >= room.len() || b >= room.len() {
            continue;
        }
        let (ra, rb) = (find(&mut room, a), find(&mut room, b));
        room[ra.max(rb)] = ra.min(rb);
    }
    (0..room.len()).map(|i| find(&mut room, i)).collect()
}

/// The box's limits: every kind of piece, the shared overlays, each overlay kind, and each
/// monster's standees in one room for every party size.
///
/// # Errors
/// The first limit exceeded.
pub fn check_pieces(catalog: &Catalog, s: &Scenario) -> Result<(), Invalid> {
    let inventory = &catalog.pieces;
    let categories = category_counts(catalog, s);
    let count = |piece: Piece| -> u32 {
        match piece {
            Piece::Coins => s.coins.len() as u32,
            Piece::Chests => s.chests.len() as u32,
            Piece::Doors => s.map.doors.iter().filter(|d| d.kind.is_door()).count() as u32,
            Piece::Traps => categories[Category::Trap.index()],
            Piece::Obstacles => categories[Category::Obstacle.index()],
            Piece::HazardousTerrain => categories[Category::HazardousTerrain.index()],
            Piece::DifficultTerrain => categories[Category::DifficultTerrain.index()],
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
    // The first kind in the catalog's order the box holds too few of (a scenario has a
    // handful of overlay tiles: counted among themselves, without a count for every kind).
    let mut short: Option<(u16, u32)> = None;
    for o in &s.overlays {
        let needed = s.overlays.iter().filter(|p| p.kind == o.kind).count() as u32;
        if needed > catalog.overlays[usize::from(o.kind)].count
            && short.is_none_or(|(kind, _)| o.kind < kind)
        {
            short = Some((o.kind, needed));
        }
    }
    if let Some((kind, needed)) = short {
        let kind = &catalog.overlays[usize::from(kind)];
        return Err(Invalid::Kind {
            kind: kind.name.clone(),
            needed,
            max: kind.count,
        });
    }
    check_standees(catalog, s)
}

/// Each monster's standees in one room, for every party size, against the box.
fn check_standees(catalog: &Catalog, s: &Scenario) -> Result<(), Invalid> {
    // Cheap first: the whole map's count settles most scenarios without looking up rooms.
    // A handful of monsters: a short list beats a map.
    let mut totals: Vec<(u16, [u32; 3])> = Vec::with_capacity(8);
    for m in &s.monsters {
        let t = match totals.iter().position(|t| t.0 == m.monster) {
            Some(i) => &mut totals[i].1,
            None => {
                totals.push((m.monster, [0; 3]));
                &mut totals.last_mut().expect("just pushed").1
            }
        };
        for p in Players::ALL {
            if m.level(p) != Level::None {
                t[p.index()] += 1;
            }
        }
    }
    let crowded: Vec<u16> = totals
        .iter()
        .filter(|(m, t)| {
            t.iter()
                .any(|&n| n > catalog.monsters[usize::from(*m)].standees)
        })
        .map(|(m, _)| *m)
        .collect();
    if crowded.is_empty() {
        return Ok(());
    }
    let room = rooms(s);
    let room_of = |h: Hex| -> usize {
        s.map
            .tile_at(catalog, h)
            .map_or(usize::MAX, |t| room.get(t).copied().unwrap_or(t))
    };
    let mut per_room: BTreeMap<(u16, usize), [u32; 3]> = BTreeMap::new();
    for m in s.monsters.iter().filter(|m| crowded.contains(&m.monster)) {
        let t = per_room.entry((m.monster, room_of(m.at))).or_default();
        for p in Players::ALL {
            if m.level(p) != Level::None {
                t[p.index()] += 1;
            }
        }
    }
    for ((monster, _), counts) in per_room {
        let max = catalog.monsters[usize::from(monster)].standees;
        for p in Players::ALL {
            let needed = counts[p.index()];
            if needed > max {
                return Err(Invalid::Standees {
                    monster: catalog.monsters[usize::from(monster)].name.clone(),
                    players: p.count(),
                    needed,
                    max,
                });
            }
        }
    }
    Ok(())
}

/// The hexes reachable from the start hexes with the basic move: breadth-first search over
/// tile and door hexes, never onto an obstacle (monsters, traps and terrain can be crossed).
#[must_use]
pub fn reachable(catalog: &Catalog, s: &Scenario) -> HexSet {
    reachable_in(catalog, s, s.map.walkable(catalog))
}

/// [`reachable`] over the map's `walkable` hexes, worked out already (the obstacles' hexes
/// are taken out of them).
fn reachable_in(catalog: &Catalog, s: &Scenario, mut open: HexSet) -> HexSet {
    for o in &s.overlays {
        if catalog.overlays[usize::from(o.kind)].category == Category::Obstacle {
            for h in o.cells(catalog) {
                open.remove(h);
            }
        }
    }
    open.connected(s.start.iter().copied())
}
