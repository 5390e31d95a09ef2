//! Maps: tiles placed and turned on the hex grid, joined by doors like jigsaw pieces.

use serde::{Deserialize, Serialize};

use crate::catalog::{Catalog, Link};
use crate::hex::Hex;
use crate::hexset::HexSet;
use crate::scenario::Direction;

/// A tile side on the map: the catalog's tile index, its rotation and where its origin lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlacedTile {
    /// Index into the catalog's tiles.
    pub tile: usize,
    /// 60° clockwise turns about the tile's origin (0..5).
    pub rotation: u8,
    /// The map hex of the tile's origin.
    pub offset: Hex,
}

impl PlacedTile {
    /// A tile hex (in the tile's frame) on the map.
    #[must_use]
    pub fn place(&self, hex: Hex) -> Hex {
        self.offset + hex.rotate(self.rotation)
    }

    /// The tile's hexes on the map.
    pub fn hexes<'a>(&'a self, catalog: &'a Catalog) -> impl Iterator<Item = Hex> + 'a {
        catalog.tiles[self.tile]
            .hexes
            .iter()
            .map(|&h| self.place(h))
    }

    /// The tile's links on the map (turned and moved).
    pub fn links<'a>(&'a self, catalog: &'a Catalog) -> impl Iterator<Item = Link> + 'a {
        catalog.tiles[self.tile].links.iter().map(|&l| {
            let turned = l.rotate(self.rotation);
            Link {
                at: self.offset + turned.at,
                ..turned
            }
        })
    }
}

/// What a corridor piece is made of (the board's corridor pictures).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Material {
    /// Dark.
    Dark,
    /// Earth.
    Earth,
    /// Worked stone.
    ManmadeStone,
    /// Natural stone.
    NaturalStone,
    /// A pressure plate.
    PressurePlate,
    /// Wood.
    Wood,
}

/// What stands on a door hex: a door of some kind, or a corridor piece that opens two tiles
/// into one room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum DoorKind {
    /// A stone door.
    #[default]
    Stone,
    /// A wooden door.
    Wooden,
    /// An altar.
    Altar,
    /// A wall that can be broken.
    BreakableWall,
    /// Dark fog.
    DarkFog,
    /// Light fog.
    LightFog,
    /// A corridor piece of one or two hexes.
    Corridor(Material, u8),
}

impl DoorKind {
    /// The board's word for it (`stone`, `corridor`, ...).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            DoorKind::Stone => "stone",
            DoorKind::Wooden => "wooden",
            DoorKind::Altar => "altar",
            DoorKind::BreakableWall => "breakable-wall",
            DoorKind::DarkFog => "dark-fog",
            DoorKind::LightFog => "light-fog",
            DoorKind::Corridor(..) => "corridor",
        }
    }

    /// The kind called `name` by the board (a corridor needs its material and size too).
    #[must_use]
    pub fn from_name(name: &str, material: Option<Material>, size: Option<u8>) -> Option<DoorKind> {
        Some(match name {
            "stone" => DoorKind::Stone,
            "wooden" => DoorKind::Wooden,
            "altar" => DoorKind::Altar,
            "breakable-wall" => DoorKind::BreakableWall,
            "dark-fog" => DoorKind::DarkFog,
            "light-fog" => DoorKind::LightFog,
            "corridor" => match size? {
                s @ 1..=2 => DoorKind::Corridor(material?, s),
                _ => return None,
            },
            _ => return None,
        })
    }

    /// Whether it is a door a character opens (rather than an open corridor).
    #[must_use]
    pub fn is_door(self) -> bool {
        !matches!(self, DoorKind::Corridor(..))
    }
}

/// A door hex: where two tiles are joined (or, for a corridor piece lying on one tile, where
/// it lies), what stands there and which way its picture points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Door {
    /// The hex.
    pub at: Hex,
    /// What stands there.
    pub kind: DoorKind,
    /// Which way its picture points.
    pub direction: Direction,
    /// The two tiles it joins, as indices into the map's tiles (the same twice for a corridor
    /// lying on one tile).
    pub joins: [u8; 2],
}

/// A map: placed tiles (the first is the anchor) and the doors between them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Map {
    /// The tiles.
    pub tiles: Vec<PlacedTile>,
    /// The doors.
    pub doors: Vec<Door>,
}

/// The board's picture direction for a door on an edge whose outward facing is `facing`
/// (0..11, 30° steps clockwise from north): the door's axis, taken modulo 180°.
#[must_use]
pub fn door_direction(facing: u8) -> Direction {
    match (u32::from(facing) * 30) % 180 {
        0 => Direction::Default,
        30 | 60 => Direction::DiagonalLeft,
        90 => Direction::Vertical,
        _ => Direction::DiagonalRight,
    }
}

/// Joins a new tile to a placed one: `link` is a link of the placed tile on the map (see
/// [`PlacedTile::links`]), `new_link` a link of tile `new_tile` in its own frame. The new tile
/// is turned so the two links face each other and moved so they meet on one hex, the door.
/// `None` unless one link is an exit and the other an entry on edges of the same family
/// (facings of equal parity).
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::hex::Hex;
/// use ludoforge_gloomhaven::map::{PlacedTile, join};
/// // Black Barrow: L1a turned 180°, then G1b joined to it.
/// let catalog = Catalog::built_in();
/// let l1a = PlacedTile { tile: catalog.tile_index("L1a").unwrap(), rotation: 3, offset: Hex::default() };
/// let exit = l1a.links(&catalog).find(|l| l.at == Hex::new(2, -3, 1).unwrap()).unwrap();
/// let g1b = catalog.tile_index("G1b").unwrap();
/// let entry = catalog.tiles[g1b].links.iter().copied().find(|l| l.at == Hex::new(-1, 1, 0).unwrap()).unwrap();
/// let (placed, door) = join(exit, g1b, entry).unwrap();
/// assert_eq!((placed.rotation, placed.offset), (0, Hex::new(3, -4, 1).unwrap()));
/// assert_eq!(door, Hex::new(2, -3, 1).unwrap());
/// ```
#[must_use]
pub fn join(link: Link, new_tile: usize, new_link: Link) -> Option<(PlacedTile, Hex)> {
    if link.kind == new_link.kind || link.facing % 2 != new_link.facing % 2 {
        return None;
    }
    let rotation =
        (((i32::from(link.facing) - i32::from(new_link.facing) + 6).rem_euclid(12)) / 2 % 6) as u8;
    let offset = link.at - new_link.at.rotate(rotation);
    Some((
        PlacedTile {
            tile: new_tile,
            rotation,
            offset,
        },
        link.at,
    ))
}

impl Map {
    /// Every tile hex on the map, tile by tile (a hex covered twice appears twice).
    #[must_use]
    pub fn tile_hexes(&self, catalog: &Catalog) -> Vec<Hex> {
        let mut hexes = Vec::with_capacity(self.size(catalog));
        for t in &self.tiles {
            let (o, from) = (t.offset, catalog.tiles[t.tile].hexes.iter());
            // The turn chosen once a tile, not once a hex (`Hex::rotate` written out).
            let at = |x, y, z| Hex {
                x: o.x + x,
                y: o.y + y,
                z: o.z + z,
            };
            match t.rotation % 6 {
                0 => hexes.extend(from.map(|h| at(h.x, h.y, h.z))),
                1 => hexes.extend(from.map(|h| at(-h.y, -h.z, -h.x))),
                2 => hexes.extend(from.map(|h| at(h.z, h.x, h.y))),
                3 => hexes.extend(from.map(|h| at(-h.x, -h.y, -h.z))),
                4 => hexes.extend(from.map(|h| at(h.y, h.z, h.x))),
                _ => hexes.extend(from.map(|h| at(-h.z, -h.x, -h.y))),
            }
        }
        hexes
    }

    /// The tile a hex lies on, as an index into the map's tiles: the first tile covering it,
    /// or for a door hex the first tile the door joins; `None` off the map.
    #[must_use]
    pub fn tile_at(&self, catalog: &Catalog, h: Hex) -> Option<usize> {
        self.tiles
            .iter()
            .position(|t| t.hexes(catalog).any(|x| x == h))
            .or_else(|| {
                self.doors
                    .iter()
                    .find(|d| d.at == h)
                    .map(|d| usize::from(d.joins[0]))
            })
    }

    /// The number of tile hexes (the paper's size).
    #[must_use]
    pub fn size(&self, catalog: &Catalog) -> usize {
        self.tiles
            .iter()
            .map(|t| catalog.tiles[t.tile].hexes.len())
            .sum()
    }

    /// The doors that join two different tiles (the published code's door count).
    pub fn joins(&self) -> impl Iterator<Item = &Door> {
        self.doors.iter().filter(|d| d.joins[0] != d.joins[1])
    }

    /// The door hexes.
    pub fn door_hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        self.doors.iter().map(|d| d.at)
    }

    /// A hex covered by two tiles, if any.
    #[must_use]
    pub fn overlap(&self, catalog: &Catalog) -> Option<Hex> {
        let hexes = self.tile_hexes(catalog);
        let mut seen = HexSet::around(hexes.iter().copied());
        hexes.into_iter().find(|&h| !seen.insert(h))
    }

    /// A physical tile used twice (either side), if any.
    #[must_use]
    pub fn repeated_tile<'a>(&self, catalog: &'a Catalog) -> Option<&'a str> {
        // A dozen tiles at most: a short list beats a set.
        let mut seen: Vec<&str> = Vec::with_capacity(self.tiles.len());
        self.tiles
            .iter()
            .map(|t| catalog.tiles[t.tile].tile.as_str())
            .find(|&name| {
                let repeated = seen.contains(&name);
                seen.push(name);
                repeated
            })
    }

    /// The hexes a figure can stand on: tile hexes and door hexes.
    #[must_use]
    pub fn walkable(&self, catalog: &Catalog) -> HexSet {
        let hexes = self.tile_hexes(catalog);
        let mut set = HexSet::around(hexes.iter().copied().chain(self.door_hexes()));
        for h in hexes.into_iter().chain(self.door_hexes()) {
            set.insert(h);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A map's tile hexes are its tiles' hexes each turned and moved one by one
    /// ([`PlacedTile::hexes`]), for every tile side, turn and a few offsets.
    #[test]
    fn tile_hexes_are_each_tile_placed() {
        let catalog = Catalog::built_in();
        for tile in 0..catalog.tiles.len() {
            for rotation in 0..8u8 {
                let offset = Hex::axial(i32::from(rotation) - 3, 2 * tile as i32 - 40);
                let placed = PlacedTile {
                    tile,
                    rotation,
                    offset,
                };
                let map = Map {
                    tiles: vec![placed, PlacedTile { tile: 0, ..placed }],
                    doors: Vec::new(),
                };
                let expected: Vec<Hex> = map.tiles.iter().flat_map(|t| t.hexes(&catalog)).collect();
                assert_eq!(
                    map.tile_hexes(&catalog),
                    expected,
                    "tile {tile}, rotation {rotation}"
                );
            }
        }
    }
}
