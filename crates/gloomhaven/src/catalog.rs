//! The catalog: every map tile side, monster, rule and chest content, the pieces in the box,
//! and the official scenarios. The built-in catalog is `data/catalog.json` (see `CATALOG.md`);
//! users can load their own file of the same shape, which is checked before use.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::hex::Hex;

const BUILT_IN: &str = include_str!("../data/catalog.json");

/// Which way a link's tab points: an exit of one tile joins an entry of another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkKind {
    /// The jigsaw tab.
    Exit,
    /// The jigsaw slot.
    Entry,
}

/// A place on a tile's edge where a door can join it to another tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Link {
    /// The half hex just outside the tile where the door goes.
    pub at: Hex,
    /// The edge's outward normal, 0..11 in 30° steps clockwise from north.
    pub facing: u8,
    /// Exit or entry.
    pub kind: LinkKind,
}

impl Link {
    /// The link on a tile turned `rotation` × 60° clockwise.
    #[must_use]
    pub fn rotate(self, rotation: u8) -> Link {
        Link {
            at: self.at.rotate(rotation),
            facing: (self.facing + 2 * (rotation % 6)) % 12,
            kind: self.kind,
        }
    }
}

/// One side of a map tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tile {
    /// Name and side, e.g. `L1a`.
    pub id: String,
    /// The physical tile, e.g. `L1`: a map uses it at most once, either side.
    pub tile: String,
    /// `a` or `b`.
    pub side: String,
    /// The tile's theme (Dungeon, Cave, Building, Forest).
    pub theme: String,
    /// Its hexes in its own frame.
    pub hexes: Vec<Hex>,
    /// Where doors can join it to other tiles.
    pub links: Vec<Link>,
}

/// A monster type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Monster {
    /// Its name.
    pub name: String,
    /// A normal counts this much difficulty, an elite twice as much.
    pub difficulty: u32,
    /// Standees in the box (normal and elite together).
    pub standees: u32,
    /// Its faction.
    pub theme: String,
}

/// A limit on a group of pieces that share cardboard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Combined {
    /// The pieces counted together.
    pub pieces: Vec<Piece>,
    /// The most of them on one map.
    pub max: u32,
}

/// A kind of overlay piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Piece {
    /// Coin tokens.
    Coins,
    /// Treasure chests.
    Chests,
    /// Doors (one on each join of two tiles).
    Doors,
    /// Traps.
    Traps,
    /// Obstacles.
    Obstacles,
    /// Hazardous terrain.
    HazardousTerrain,
    /// Difficult terrain.
    DifficultTerrain,
}

/// The pieces in the box.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Inventory {
    /// Coin tokens.
    pub coins: u32,
    /// Treasure chests.
    pub chests: u32,
    /// Doors.
    pub doors: u32,
    /// Traps.
    pub traps: u32,
    /// Obstacles.
    pub obstacles: u32,
    /// Hazardous terrain.
    pub hazardous_terrain: u32,
    /// Difficult terrain.
    pub difficult_terrain: u32,
    /// Limits on groups of pieces.
    pub combined: Vec<Combined>,
}

impl Inventory {
    /// The most pieces of one kind on a map.
    #[must_use]
    pub fn limit(&self, piece: Piece) -> u32 {
        match piece {
            Piece::Coins => self.coins,
            Piece::Chests => self.chests,
            Piece::Doors => self.doors,
            Piece::Traps => self.traps,
            Piece::Obstacles => self.obstacles,
            Piece::HazardousTerrain => self.hazardous_terrain,
            Piece::DifficultTerrain => self.difficult_terrain,
        }
    }
}

/// A tile of a scenario: which side, how it is turned and where it lies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioTile {
    /// The tile side's id.
    pub tile: String,
    /// 60° clockwise turns about the tile's origin.
    pub rotation: u8,
    /// Where the tile's origin lies on the map.
    pub offset: Hex,
}

/// A monster group of a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonsterGroup {
    /// The monster's name.
    pub name: String,
    /// Normal standees.
    pub normal: u32,
    /// Elite standees.
    pub elite: u32,
}

/// Where a scenario's pieces stand, on map hexes (a kind left out of a file has none).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Placements {
    /// Start hexes.
    pub start: Vec<Hex>,
    /// Monsters, group by group, normals first.
    pub monsters: Vec<Hex>,
    /// Obstacles.
    pub obstacles: Vec<Hex>,
    /// Traps.
    pub traps: Vec<Hex>,
    /// Hazardous terrain.
    pub hazardous_terrain: Vec<Hex>,
    /// Difficult terrain.
    pub difficult_terrain: Vec<Hex>,
    /// Chests, in the order of the scenario's chest contents.
    pub chests: Vec<Hex>,
    /// Coins.
    pub coins: Vec<Hex>,
}

/// An official scenario as published.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Its name.
    pub name: String,
    /// Its goal.
    pub goal: String,
    /// Special rules.
    pub rules: Vec<String>,
    /// The tiles, the first one the anchor.
    pub tiles: Vec<ScenarioTile>,
    /// Door hexes.
    pub doors: Vec<Hex>,
    /// Monster groups.
    pub monsters: Vec<MonsterGroup>,
    /// Chest contents (`random` = drawn from the catalog's chests).
    pub chests: Vec<String>,
    /// Where everything stands.
    pub placements: Placements,
}

/// The whole catalog.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalog {
    /// What the file is.
    pub about: String,
    /// The pieces in the box.
    #[serde(rename = "box")]
    pub pieces: Inventory,
    /// Every tile side.
    pub tiles: Vec<Tile>,
    /// Every monster type.
    pub monsters: Vec<Monster>,
    /// Special rules.
    pub rules: Vec<String>,
    /// Chest contents.
    pub chests: Vec<String>,
    /// The official scenarios.
    pub scenarios: Vec<Scenario>,
}

/// A catalog file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum CatalogError {
    /// Not JSON of the catalog's shape.
    #[error("not a catalog: {0}")]
    Json(String),
    /// Something inside is inconsistent.
    #[error("the catalog is inconsistent: {0}")]
    Invalid(String),
}

impl Catalog {
    /// The catalog built into ludoforge.
    ///
    /// ```
    /// use ludoforge_gloomhaven::catalog::Catalog;
    /// let catalog = Catalog::built_in();
    /// assert_eq!(catalog.tiles.len(), 60);
    /// assert!(catalog.monster("Rending Drake").is_some());
    /// ```
    #[must_use]
    pub fn built_in() -> Catalog {
        Catalog::parse(BUILT_IN).expect("the built-in catalog is valid")
    }

    /// Reads and checks a catalog.
    ///
    /// # Errors
    /// [`CatalogError`] naming the first problem.
    pub fn parse(text: &str) -> Result<Catalog, CatalogError> {
        let catalog: Catalog =
            serde_json::from_str(text).map_err(|e| CatalogError::Json(e.to_string()))?;
        catalog.validate()?;
        Ok(catalog)
    }

    /// The tile side called `id`.
    #[must_use]
    pub fn tile(&self, id: &str) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.id == id)
    }

    /// The index of the tile side called `id`.
    #[must_use]
    pub fn tile_index(&self, id: &str) -> Option<usize> {
        self.tiles.iter().position(|t| t.id == id)
    }

    /// The monster called `name`.
    #[must_use]
    pub fn monster(&self, name: &str) -> Option<&Monster> {
        self.monsters.iter().find(|m| m.name == name)
    }

    fn validate(&self) -> Result<(), CatalogError> {
        /// How far from its origin a tile's hexes and links may lie (the largest is 7 across).
        const TILE_REACH: u32 = 50;
        let bad = |what: String| Err(CatalogError::Invalid(what));
        let mut ids = BTreeSet::new();
        let mut sides: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        for t in &self.tiles {
            if !ids.insert(t.id.as_str()) {
                return bad(format!("tile {} is listed twice", t.id));
            }
            if t.side != "a" && t.side != "b" {
                return bad(format!("tile {}: side {:?} is not a or b", t.id, t.side));
            }
            if !sides.entry(&t.tile).or_default().insert(&t.side) {
                return bad(format!("tile {} has two sides {}", t.tile, t.side));
            }
            if t.hexes.is_empty() {
                return bad(format!("tile {} has no hexes", t.id));
            }
            let far = |h: &Hex| {
                [h.x, h.y, h.z]
                    .iter()
                    .any(|c| c.unsigned_abs() > TILE_REACH)
            };
            if let Some(h) = t
                .hexes
                .iter()
                .chain(t.links.iter().map(|l| &l.at))
                .find(|h| far(h))
            {
                return bad(format!(
                    "tile {}: {h} lies more than {TILE_REACH} hexes from the tile's origin",
                    t.id
                ));
            }
            let hexes: BTreeSet<Hex> = t.hexes.iter().copied().collect();
            if hexes.len() != t.hexes.len() {
                return bad(format!("tile {} lists a hex twice", t.id));
            }
            for l in &t.links {
                if l.facing > 11 {
                    return bad(format!(
                        "tile {}: link at {} faces {}, not 0..11",
                        t.id, l.at, l.facing
                    ));
                }
                if hexes.contains(&l.at) || !l.at.neighbours().any(|n| hexes.contains(&n)) {
                    return bad(format!(
                        "tile {}: link at {} must lie just outside the tile, next to its hexes",
                        t.id, l.at
                    ));
                }
            }
        }
        let mut names = BTreeSet::new();
        for m in &self.monsters {
            if !names.insert(m.name.as_str()) {
                return bad(format!("monster {} is listed twice", m.name));
            }
            if m.difficulty == 0 || m.standees == 0 {
                return bad(format!(
                    "monster {} needs a difficulty and standees of at least 1",
                    m.name
                ));
            }
        }
        if self.chests.is_empty() {
            return bad("the chest list is empty".into());
        }
        for s in &self.scenarios {
            for st in &s.tiles {
                if self.tile(&st.tile).is_none() {
                    return bad(format!("scenario {}: unknown tile {}", s.name, st.tile));
                }
                if st.rotation > 5 {
                    return bad(format!(
                        "scenario {}: tile {} turned {} times, not 0..5",
                        s.name, st.tile, st.rotation
                    ));
                }
            }
            for g in &s.monsters {
                if self.monster(&g.name).is_none() {
                    return bad(format!("scenario {}: unknown monster {}", s.name, g.name));
                }
            }
            for r in &s.rules {
                if !self.rules.contains(r) {
                    return bad(format!("scenario {}: unknown rule {r:?}", s.name));
                }
            }
            for c in &s.chests {
                if c != "random" && !self.chests.contains(c) {
                    return bad(format!("scenario {}: unknown chest content {c:?}", s.name));
                }
            }
            let reach = crate::scenario::MAX_REACH;
            let far = |h: &Hex| {
                [h.x, h.y, h.z]
                    .iter()
                    .any(|c| c.unsigned_abs() > reach as u32)
            };
            let p = &s.placements;
            let spots = s.tiles.iter().map(|t| &t.offset).chain(&s.doors).chain(
                [
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
                .flatten(),
            );
            if let Some(h) = spots.into_iter().find(|h| far(h)) {
                return bad(format!(
                    "scenario {}: {h} lies more than {reach} hexes from the origin",
                    s.name
                ));
            }
            let monsters: u32 = s.monsters.iter().map(|g| g.normal + g.elite).sum();
            if s.placements.monsters.len() != monsters as usize
                || s.placements.chests.len() != s.chests.len()
            {
                return bad(format!(
                    "scenario {}: the placements do not match the monsters or chests",
                    s.name
                ));
            }
        }
        Ok(())
    }
}
