//! The board's Creator: which turns of a map it can hold and keep.
//!
//! The Creator edits scenarios on a 40 × 40 grid of cells, and what counts is the bounding
//! box of every tile's whole grid, blank cells included ([`board_size`]). Its **Import**
//! (`Creator.elm` `LoadScenario`) lays a file out as the board does and remembers, for each
//! tile, every cell of its whole grid; its **Export** (`ExportFile`, `generateScenario`) builds
//! a new tile tree from those cells alone. [`creator_keeps`] says whether that round trip gives
//! back the same board; [`creator_turn`] picks a turn of the map that fits and is kept.
//!
//! Line numbers cite `VirtualGloomhavenBoard/Elm/src/` of
//! <https://github.com/PurpleKingdomGames/virtual-gloomhaven-board> at commit
//! `4b3a3cabebd5c7329cfd9c1db7d7e1a0f8882a71`.

mod board;
mod parts;
mod plan;
mod rule;

#[allow(clippy::wildcard_imports)]
use parts::*;
#[allow(clippy::wildcard_imports)]
use plan::*;

use std::fmt;
use std::ops::Range;

use super::export::frames;
use super::{TileData, VgbScenario, cube, export, frame, monster_id, offset};
use crate::catalog::{Catalog, Category};
use crate::hex::{Hex, NEIGHBOURS};
use crate::map::{DoorKind, Material};
use crate::scenario::{Direction, Level, Scenario};

/// The Creator's editing grid, in cells a side.
pub const CREATOR_LIMIT: i32 = 40;

/// The whole-grid size of a scenario on the board turned by `g` (the box the Creator's
/// 40 × 40 grid must hold, blank grid cells included, after the board moves the map so that
/// its smallest column is 0 and its smallest row 0 or 1): (columns, rows).
#[must_use]
pub fn board_size(catalog: &Catalog, s: &Scenario, g: u8) -> (i32, i32) {
    let Some(root) = s.map.tiles.first() else {
        return (0, 0);
    };
    let g = g % 6;
    // The board lays the root out about its local (0, 0): a map hex p lands on
    // R^g(p − o_root) + R^turns(t_root); a tile's local cell c, on R^turns(cube(c)) plus the
    // board hex of its local (0, 0), turns = rotation − k + g.
    let shift = match frame(&catalog.tiles[root.tile].id) {
        Some((k, t, _)) => t.rotate((root.rotation % 6 + 6 - k + g) % 6),
        None => Hex::default(),
    };
    let (mut min_x, mut max_x, mut min_y, mut max_y) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
    for tile in &s.map.tiles {
        let Some((k, t, (w, h))) = frame(&catalog.tiles[tile.tile].id) else {
            continue;
        };
        let turns = (tile.rotation % 6 + 6 - k + g) % 6;
        let zero = tile.place((-t).rotate((6 - k) % 6));
        let origin = (zero - root.offset).rotate(g) + shift;
        let turn = Turn::new(turns);
        for y in 0..h {
            for x in 0..w {
                let (bx, by) = offset(turn.apply(cube((x, y))) + origin);
                (min_x, max_x) = (min_x.min(bx), max_x.max(bx));
                (min_y, max_y) = (min_y.min(by), max_y.max(by));
            }
        }
    }
    if min_x > max_x {
        return (0, 0);
    }
    // An even row shift moves every column alike; an odd first row keeps one blank row.
    (max_x - min_x + 1, max_y - min_y + 1 + min_y.rem_euclid(2))
}

/// Whether the map turned by `g` fits the Creator's grid.
#[must_use]
pub fn fits_creator(catalog: &Catalog, s: &Scenario, g: u8) -> bool {
    let (w, h) = board_size(catalog, s, g);
    w <= CREATOR_LIMIT && h <= CREATOR_LIMIT
}

/// Whether the Creator's Import then Export gives back the same board for the file
/// [`export()`]`(catalog, s, _, g)`: the same cells, tiles (place and turns), doors, overlays and
/// monsters for two, three and four characters, up to a translation. `false` also when the
/// scenario cannot be written.
///
/// The Creator does not keep the file's tile tree. Import (`Creator.elm` 717-873) lays the
/// file out as the board does and remembers, for each tile, every entry of its *whole
/// rectangular grid*, blank padding included (1900-1986). Export (556-709, 2077-2329) then
/// gives every piece and door to tiles by looking at grid entries only, and rebuilds the
/// tree from the doors. With
///
/// * `T`, the board's list of tiles (`Game.elm` 229-234): a tile for each entry at its local
///   (0, 0) (its grid's, an overlay cell's, a door's `room1`), newest first;
/// * `owner(c)`: the first tile of `T` whose whole grid covers map cell `c` (`Creator.elm`
///   580-592, 663-675);
/// * `look(c)`: the owners of `c` and of its six neighbours, in the exporter's order: `c`,
///   then `(x, y + 1)` turned 1..6 steps clockwise about `c` (567-577, 650-660), skipping cells
///   no grid covers; `att(c)`, its first element, gets the overlay or monster at `c`; a door's
///   links are the distinct tiles of `look`, each at its last place (598-612);
/// * the exporter's walk (2120-2287): the root is the tile with the most doors linking it plus
///   starting locations given to it (ties: the file's earliest tile, 2125-2147); from a tile
///   `X` it takes every door not yet taken whose links hold `X`, joins `X` to the first other
///   tile of the links and walks on from there,
///
/// the board changes if and only if one of these holds:
///
/// * (a) a door joins a tile to itself (a corridor lying on one tile): the exporter never
///   writes such a door (2213-2214);
/// * (b) the walk writes some door between other tiles than the file's, or not at all, or
///   leaves a tile unreached;
/// * (c) a door's cells move: the board draws a two-hex corridor's second hex turned with the
///   door's parent (`Scenario.elm` 78-94) and the walk may choose another parent; a door
///   overlay written with one cell gains the second one;
/// * (d) an overlay or monster has no owner within `look`, or a monster is written on a tile
///   that does not hold it: not a cell of that tile, not its local (0, 0), not a cell of an
///   overlay written on it, not a door the walk gives it as parent (`Game.elm` 336-342);
/// * (e) a tile's whole grid reaches row or column 40: the Import moves it (`Creator.elm`
///   1930-1980);
/// * (f) one tile is placed at two places (2293-2303 keeps the first);
/// * (g) monsters of two types share a cell for different party sizes (the Import keeps the
///   first type, 747-823);
/// * (h) the re-imported board reveals other rooms first (a starting location or door written
///   on a tile whose blank corner covers it joins that tile's room) and so runs out of
///   standees of a type it did not run out of before (`Game.revealRoom`, Game.elm 604-703).
///
/// These are the clauses of `predicts_change` in the crate's `tests/creator_oracle.rs`, an
/// independent step-by-step model of the Creator checked against the board's own code, with
/// (c) widened and (h) added for the files [`export()`] writes; the tests check this function
/// against that model's round trip on every official scenario and hundreds of generated maps
/// at every turn. Where the board already runs out of standees before the round trip and
/// reveals other monsters after it, which ones it keeps depends on the order of its pieces:
/// that case, and a monster the board drops anyway failing (d) or (g), count as changes.
/// Turning the map changes `look`'s scan and the grids' blank corners, so a map may be kept at
/// some turns and not at others.
///
/// Cost: about the cost of writing the file (tens of microseconds for a scenario of the book);
/// linear in pieces and doors times tiles.
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::scenario::Scenario;
/// use ludoforge_gloomhaven::vgb::creator_keeps;
/// let catalog = Catalog::built_in();
/// let barrow = Scenario::official(&catalog, 1).unwrap();
/// assert!((0..6).all(|g| creator_keeps(&catalog, &barrow, g)));
/// ```
#[must_use]
pub fn creator_keeps(catalog: &Catalog, s: &Scenario, g: u8) -> bool {
    creator_change(catalog, s, g).is_none()
}

/// What the Creator's Import then Export changes in the file of `s` turned by `g` (the first
/// change found; see [`creator_keeps`]), or `None` when it gives back the same board.
///
/// Reads the scenario the way [`export()`] writes it (the same tile tree, and every piece on the
/// same tile at the same cell) without writing the file; a scenario `export` would refuse, or
/// with a piece off the tiles, goes through the written file.
#[must_use]
pub fn creator_change(catalog: &Catalog, s: &Scenario, g: u8) -> Option<CreatorChange> {
    match Plan::of_scenario(catalog, s, g % 6) {
        Some(plan) => plan.change(catalog).err(),
        None => match export(catalog, s, "", g) {
            Ok(file) => creator_file_change(catalog, &file),
            Err(e) => Some(CreatorChange::Unsupported(e.to_string())),
        },
    }
}

/// What the Creator's Import then Export changes in a board file (see [`creator_keeps`]), or
/// `None` when it gives back the same board. Works on any file of the catalog's tiles and the
/// board's one-cell `empty` tile.
#[must_use]
pub fn creator_file_change(catalog: &Catalog, file: &VgbScenario) -> Option<CreatorChange> {
    match Plan::of_file(catalog, file) {
        Ok(plan) => plan.change(catalog).err(),
        Err(change) => Some(change),
    }
}

/// A change the Creator's round trip makes to a board file (see [`creator_keeps`] for the
/// clauses). Cells are the board's `(x, y)` after its normalisation (smallest column 0,
/// smallest row 0 or 1).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CreatorChange {
    /// (a) A door from a tile to itself, which the exporter drops.
    SelfDoor {
        /// The tile.
        tile: String,
        /// The door cell.
        cell: (i32, i32),
    },
    /// (b) A door the exporter writes between other tiles, or not at all.
    Door {
        /// The door cell.
        cell: (i32, i32),
        /// The tiles the file's door joins.
        tiles: Vec<String>,
        /// The tiles the exporter joins through it, if any.
        written: Option<[String; 2]>,
    },
    /// (b) A tile the exporter's walk never reaches.
    Unreached {
        /// The tile.
        tile: String,
    },
    /// (c) A door whose cells move: a two-hex corridor's second hex.
    DoorCells {
        /// The door cell.
        cell: (i32, i32),
    },
    /// (d) An overlay or monster the exporter drops, or writes on a tile that does not hold it.
    Piece {
        /// What it is (`starting location`, `overlay`, or the monster, e.g. `bandit-guard`).
        what: String,
        /// Its cell.
        cell: (i32, i32),
    },
    /// (e) A tile reaching beyond the Creator's 40 × 40 grid, which the Import moves.
    BeyondGrid {
        /// The tile.
        tile: String,
    },
    /// (f) A tile placed at two places.
    PlacedTwice {
        /// The tile.
        tile: String,
    },
    /// (g) Monsters of two types on one cell for different party sizes.
    Merged {
        /// The cell.
        cell: (i32, i32),
    },
    /// (h) The re-imported board reveals other rooms first and runs out of standees of a
    /// monster type it did not run out of before.
    Revealed {
        /// The monster type.
        monster: String,
    },
    /// Other rooms revealed first and more standees of a monster type there than the board
    /// has, before and after: which ones it drops depends on the order of its pieces; not
    /// decided, counted as a change.
    Undecided {
        /// The monster type.
        monster: String,
    },
    /// A file this module cannot judge (a tile the catalog does not have, negative turns), or
    /// a scenario that cannot be written.
    Unsupported(String),
}

impl fmt::Display for CreatorChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CreatorChange::SelfDoor { tile, cell } => {
                write!(
                    f,
                    "(a) the door at {cell:?} joins {tile} to itself: dropped"
                )
            }
            CreatorChange::Door {
                cell,
                tiles,
                written: Some([a, b]),
            } => write!(
                f,
                "(b) the door at {cell:?} of {tiles:?} is written as {a}-{b}"
            ),
            CreatorChange::Door { cell, tiles, .. } => {
                write!(f, "(b) the door at {cell:?} of {tiles:?} is not written")
            }
            CreatorChange::Unreached { tile } => write!(f, "(b) tile {tile} is not reached"),
            CreatorChange::DoorCells { cell } => {
                write!(f, "(c) the corridor at {cell:?} changes its second hex")
            }
            CreatorChange::Piece { what, cell } => {
                write!(f, "(d) the {what} at {cell:?} is dropped")
            }
            CreatorChange::BeyondGrid { tile } => {
                write!(f, "(e) {tile} reaches beyond the Creator's 40 x 40 grid")
            }
            CreatorChange::PlacedTwice { tile } => write!(f, "(f) {tile} is placed twice"),
            CreatorChange::Merged { cell } => {
                write!(f, "(g) monsters of two types share {cell:?}")
            }
            CreatorChange::Revealed { monster } => write!(
                f,
                "(h) other rooms are revealed first and some {monster} standees are dropped"
            ),
            CreatorChange::Undecided { monster } => write!(
                f,
                "more {monster} standees in the first rooms than the board has: not decided"
            ),
            CreatorChange::Unsupported(why) => write!(f, "not judged: {why}"),
        }
    }
}

/// The turn to write a map in for the Creator: turn 0 (the map as it is) when it fits the
/// grid and the Creator keeps it ([`creator_keeps`]), else the fitting, kept turn with the
/// smallest grid (the lowest on ties); `None` when no turn both fits and is kept.
///
/// Asks [`creator_keeps`] only until it finds the turn: once for most maps.
#[must_use]
pub fn creator_turn(catalog: &Catalog, s: &Scenario) -> Option<u8> {
    if fits_creator(catalog, s, 0) && creator_keeps(catalog, s, 0) {
        return Some(0);
    }
    let mut fitting: Vec<(i32, u8)> = (1..6u8)
        .filter_map(|g| {
            let (w, h) = board_size(catalog, s, g);
            (w <= CREATOR_LIMIT && h <= CREATOR_LIMIT).then_some((w.max(h), g))
        })
        .collect();
    fitting.sort_unstable();
    fitting
        .into_iter()
        .map(|(_, g)| g)
        .find(|&g| creator_keeps(catalog, s, g))
}

#[cfg(test)]
mod tests {

    use ludoforge_evolve::rng::stream;

    use super::*;
    use crate::build::{SizeBounds, build};
    use crate::place::place;

    /// The official scenarios, and maps built from a seed with their pieces placed, every
    /// other one with a door closing a loop where two tiles' links meet.
    fn scenarios(catalog: &Catalog, generated: u64) -> Vec<Scenario> {
        let mut out: Vec<Scenario> = catalog
            .scenarios
            .iter()
            .map(|r| r.to_scenario(catalog).expect("a validated catalog"))
            .collect();
        let kinds = [
            DoorKind::Stone,
            DoorKind::Corridor(Material::Earth, 2),
            DoorKind::Corridor(Material::Dark, 1),
            DoorKind::LightFog,
        ];
        for seed in 0..generated {
            let mut s = Scenario::official(catalog, 1 + (seed % 90) as u16).unwrap_or_default();
            let bounds = SizeBounds { min: 80, max: 110 };
            let Some(map) = build(catalog, bounds, 1000, &mut stream(seed, 0, 0)) else {
                continue;
            };
            s.map = map;
            if !place(catalog, &mut s, &mut stream(seed, 1, 0)) {
                continue;
            }
            if seed % 2 == 0 {
                let hexes: Vec<Hex> = s.map.tile_hexes(catalog);
                let links: Vec<(usize, crate::catalog::Link)> = s
                    .map
                    .tiles
                    .iter()
                    .enumerate()
                    .flat_map(|(i, t)| t.links(catalog).map(move |l| (i, l)))
                    .collect();
                let loop_door = links.iter().find_map(|&(i, l)| {
                    let (j, _) = links.iter().find(|(j, m)| *j != i && m.at == l.at)?;
                    let free = !hexes.contains(&l.at) && !s.map.door_hexes().any(|d| d == l.at);
                    free.then_some(crate::map::Door {
                        at: l.at,
                        kind: kinds[(seed / 2 % 4) as usize],
                        direction: crate::map::door_direction(l.facing),
                        joins: [i as u8, *j as u8],
                    })
                });
                s.map.doors.extend(loop_door);
            }
            out.push(s);
        }
        out
    }

    #[test]
    fn reading_the_scenario_is_reading_its_file() {
        let catalog = Catalog::built_in();
        let mut changed = 0;
        for s in scenarios(&catalog, 60) {
            for g in 0..6 {
                let Some(plan) = Plan::of_scenario(&catalog, &s, g) else {
                    panic!("{} {:?} at {g}: not read", s.name, s.number);
                };
                let file = export(&catalog, &s, "", g).expect("a valid scenario");
                let ours = plan.change(&catalog).err();
                assert_eq!(
                    ours,
                    creator_file_change(&catalog, &file),
                    "{} at {g}",
                    s.name
                );
                changed += usize::from(ours.is_some());
            }
        }
        assert!(changed > 0);
    }
}
