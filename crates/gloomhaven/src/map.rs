//! Maps: tiles placed and turned on the hex grid, joined by doors like jigsaw pieces.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::catalog::{Catalog, Link};
use crate::hex::Hex;
use crate::hexset::HexSet;

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

/// A map: placed tiles (the first is the anchor) and the doors between them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Map {
    /// The tiles.
    pub tiles: Vec<PlacedTile>,
    /// The door hexes, one per join.
    pub doors: Vec<Hex>,
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
        self.tiles.iter().flat_map(|t| t.hexes(catalog)).collect()
    }

    /// The number of tile hexes (the paper's size).
    #[must_use]
    pub fn size(&self, catalog: &Catalog) -> usize {
        self.tiles
            .iter()
            .map(|t| catalog.tiles[t.tile].hexes.len())
            .sum()
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
        let mut seen = BTreeSet::new();
        self.tiles
            .iter()
            .map(|t| catalog.tiles[t.tile].tile.as_str())
            .find(|&name| !seen.insert(name))
    }

    /// The hexes a figure can stand on: tile hexes and doors.
    #[must_use]
    pub fn walkable(&self, catalog: &Catalog) -> HexSet {
        let hexes: Vec<Hex> = self
            .tiles
            .iter()
            .flat_map(|t| t.hexes(catalog))
            .chain(self.doors.iter().copied())
            .collect();
        let mut set = HexSet::around(hexes.iter().copied());
        for h in hexes {
            set.insert(h);
        }
        set
    }
}
