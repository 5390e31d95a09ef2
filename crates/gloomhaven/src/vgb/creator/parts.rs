//! The pieces of the Creator's reading of a file: tile grids, turns, doors, pieces, monsters
//! and tile nodes.

#![allow(clippy::wildcard_imports)]

use super::*;

/// A tile's whole grid: `w` × `h` entries, bit `y·w + x` set for a tile cell.
#[derive(Debug, Clone, Copy)]
pub(super) struct Grid {
    pub(super) w: i32,
    pub(super) h: i32,
    pub(super) cells: u128,
}

impl Grid {
    /// The grid of catalog tile `index` (`BoardMapTile.getGridByRef`, BoardMapTile.elm
    /// 162-497): the side's grid size, its hexes' local cells the tile cells.
    pub(super) fn of(catalog: &Catalog, index: usize) -> Option<Grid> {
        let tile = catalog.tiles.get(index)?;
        let (k, t, (w, h)) = frame(&tile.id)?;
        if w * h > 128 {
            return None;
        }
        let mut grid = Grid { w, h, cells: 0 };
        for &hex in &tile.hexes {
            // `local_cell`, with the frame looked up once
            let c = offset(hex.rotate(k) + t);
            if !grid.holds(c) {
                return None;
            }
            grid.cells |= 1 << (c.1 * w + c.0);
        }
        Some(grid)
    }

    /// The grid of reference `r`, with the board's one-cell `empty` (BoardMapTile.elm 495-496).
    pub(super) fn named(catalog: &Catalog, r: &str) -> Option<Grid> {
        if r.eq_ignore_ascii_case("empty") {
            return Some(Grid {
                w: 1,
                h: 1,
                cells: 1,
            });
        }
        Grid::of(catalog, catalog.tile_index(r)?)
    }

    /// Whether local cell `c` is an entry of the grid, blank or not.
    pub(super) fn holds(self, (x, y): (i32, i32)) -> bool {
        (0..self.w).contains(&x) && (0..self.h).contains(&y)
    }

    /// Whether local cell `c` is a tile cell.
    pub(super) fn cell(self, c: (i32, i32)) -> bool {
        self.holds(c) && (self.cells >> (c.1 * self.w + c.0)) & 1 == 1
    }
}

/// A turn by whole 60° steps as a linear map of axial coordinates.
#[derive(Debug, Clone, Copy)]
pub(super) struct Turn {
    pub(super) q: Hex,
    pub(super) r: Hex,
}

impl Turn {
    pub(super) fn new(turns: u8) -> Turn {
        Turn {
            q: Hex::axial(1, 0).rotate(turns),
            r: Hex::axial(0, 1).rotate(turns),
        }
    }

    pub(super) fn apply(self, h: Hex) -> Hex {
        Hex::axial(
            self.q.x * h.x + self.r.x * h.y,
            self.q.y * h.x + self.r.y * h.y,
        )
    }
}

/// How a door is drawn: a two-hex corridor's second hex and whether it opens rooms.
#[derive(Debug, Clone, Copy)]
pub(super) struct DoorLook {
    /// A two-hex corridor (`Corridor _ Two`).
    pub(super) two_hex: bool,
    /// A corridor that is not dark: revealing a room reveals the rooms it joins.
    pub(super) open: bool,
    /// The picture's turns that turn the second hex (Scenario.elm 78-94): 1 for
    /// `diagonal-left`, 2 for `diagonal-right`, else 0.
    pub(super) turn: u8,
}

impl DoorLook {
    /// A two-hex corridor's second hex, seen from its first, on a tile turned `turns`.
    pub(super) fn second(self, turns: u8) -> Hex {
        Hex::axial(1, 0).rotate((self.turn + turns) % 6)
    }
}

/// An overlay of the file, on its tile.
#[derive(Debug, Clone)]
pub(super) struct Piece {
    /// Local cells (into [`Plan::cells`]), the first one anchoring it.
    pub(super) cells: Range<usize>,
    /// What `BoardOverlay.getBoardOverlayName` (BoardOverlay.elm 208-231) calls it, as an id.
    pub(super) name: u32,
    /// A starting location.
    pub(super) start: bool,
    /// A door overlay: how it is drawn, and its links (into [`Plan::links`]).
    pub(super) door: Option<(DoorLook, Range<usize>)>,
}

/// A door of the file's tree.
#[derive(Debug, Clone, Copy)]
pub(super) struct TreeDoor {
    /// The door cell in the parent's frame.
    pub(super) room1: (i32, i32),
    /// The child node.
    pub(super) child: usize,
    pub(super) name: u32,
    pub(super) look: DoorLook,
}

/// A monster of the file, on its tile.
#[derive(Debug, Clone, Copy)]
pub(super) struct Monster {
    pub(super) cell: (i32, i32),
    /// Index into the catalog's monsters, or past them for a type the catalog lacks.
    pub(super) kind: usize,
    /// Set up for 2, 3, 4 characters.
    pub(super) present: [bool; 3],
}

/// One tile entry of the file's tree, laid out as the board does (`Scenario.
/// mapTileDataToList`, Scenario.elm 120-204): the root turns about its local (0, 0) at board
/// hex (0, 0), a child about its door cell.
#[derive(Debug, Clone)]
pub(super) struct Node {
    /// Tile id (index into [`Plan::refs`]).
    pub(super) tile: usize,
    pub(super) grid: Grid,
    /// Clockwise turns, 0..5.
    pub(super) turns: u8,
    /// The board hex of local (0, 0).
    pub(super) origin: Hex,
    pub(super) forth: Turn,
    pub(super) back: Turn,
    pub(super) pieces: Range<usize>,
    pub(super) monsters: Range<usize>,
    pub(super) doors: Range<usize>,
}

impl Node {
    pub(super) fn new(tile: usize, grid: Grid, turns: u8, origin: Hex) -> Node {
        Node {
            tile,
            grid,
            turns,
            origin,
            forth: Turn::new(turns),
            back: Turn::new((6 - turns) % 6),
            pieces: 0..0,
            monsters: 0..0,
            doors: 0..0,
        }
    }

    /// A local cell on the board (`Scenario.normaliseAndRotatePoint`, Scenario.elm 185-204).
    pub(super) fn place(&self, c: (i32, i32)) -> Hex {
        self.forth.apply(cube(c)) + self.origin
    }

    /// A board hex in local cells.
    pub(super) fn local(&self, p: Hex) -> (i32, i32) {
        offset(self.back.apply(p - self.origin))
    }
}

/// Overlay names of [`Plan::of_scenario`]: `""` (a highlight, a pressure plate of two hexes),
/// starting location, coin, chest, then doors and the catalog's overlay kinds.
pub(super) const NAMELESS: u32 = 0;
pub(super) const START: u32 = 1;
pub(super) const COIN: u32 = 2;
pub(super) const CHEST: u32 = 3;
pub(super) const DOOR_NAMES: u32 = 16;
pub(super) const KIND_NAMES: u32 = 256;

/// Interns `s` in `list`; its index.
pub(super) fn intern(list: &mut Vec<String>, s: &str) -> usize {
    match list.iter().position(|x| x.eq_ignore_ascii_case(s)) {
        Some(i) => i,
        None => {
            list.push(s.to_ascii_lowercase());
            list.len() - 1
        }
    }
}

/// A door's look from the board's words.
pub(super) fn door_look(
    sub: &str,
    material: Option<&str>,
    size: Option<u8>,
    direction: &str,
) -> DoorLook {
    let corridor = sub.eq_ignore_ascii_case("corridor") && material.is_some();
    DoorLook {
        two_hex: corridor && size == Some(2),
        open: corridor && !material.is_some_and(|m| m.eq_ignore_ascii_case("dark")),
        turn: match direction {
            "diagonal-left" => 1,
            "diagonal-right" => 2,
            _ => 0,
        },
    }
}

/// The board's overlay name of a door (BoardOverlay.elm 208-231).
pub(super) fn door_name(sub: &str, material: Option<&str>, size: Option<u8>) -> String {
    match (material, size) {
        (Some("pressure-plate"), Some(2)) => String::new(),
        (Some(m), Some(s)) if sub == "corridor" => format!("corridor-{m}-{s}"),
        _ => format!("door-{sub}"),
    }
}
