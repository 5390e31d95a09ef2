//! The catalog: every map tile side, monster, overlay tile, rule and chest content, the pieces
//! in the box, and the official scenarios. The built-in catalog is `data/catalog.json` (see
//! `CATALOG.md`); users can load their own file of the same shape, which is checked before use.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::hex::{Hex, NEIGHBOURS};
use crate::official::Scenarios;
use crate::scenario::Direction;

/// The built-in catalog, whole (what a user's catalog is checked like).
#[cfg(test)]
const BUILT_IN: &str = include_str!("../data/catalog.json");

/// The built-in catalog without its scenarios (split off by the build script).
const BUILT_IN_REST: &str = include_str!(concat!(env!("OUT_DIR"), "/catalog-rest.json"));

include!(concat!(env!("OUT_DIR"), "/scenario_runs.rs"));

include!(concat!(env!("OUT_DIR"), "/tiles.rs"));

/// A built-in tile side as the build script writes it out: hexes as `(x, y, z)`, links as
/// (at, facing, whether an exit).
struct TileData {
    id: &'static str,
    tile: &'static str,
    side: &'static str,
    theme: &'static str,
    hexes: &'static [(i32, i32, i32)],
    links: &'static [((i32, i32, i32), u8, bool)],
}

impl TileData {
    fn tile(&self) -> Tile {
        let hex = |&(x, y, z): &(i32, i32, i32)| {
            Hex::new(x, y, z).expect("a cube hex (a test checks it)")
        };
        Tile {
            id: self.id.to_owned(),
            tile: self.tile.to_owned(),
            side: self.side.to_owned(),
            theme: self.theme.to_owned(),
            hexes: self.hexes.iter().map(hex).collect(),
            links: self
                .links
                .iter()
                .map(|(at, facing, exit)| Link {
                    at: hex(at),
                    facing: *facing,
                    kind: if *exit {
                        LinkKind::Exit
                    } else {
                        LinkKind::Entry
                    },
                })
                .collect(),
        }
    }
}

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
    /// Its difficulty in half points: twice Isaac Childres' rating (0.5 to 2 for normal
    /// monsters), so a normal standee counts this much and an elite twice as much.
    pub difficulty: u32,
    /// Standees in the box (normal and elite together).
    pub standees: u32,
    /// Its faction.
    pub theme: String,
    /// A boss: one standee with its own rules; the search keeps bosses it inherits but never
    /// draws new ones.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub boss: bool,
    /// Other names the monster goes by (a card renamed between printings).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
}

/// What kind of overlay tile a piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// Blocks movement.
    Obstacle,
    /// Sprung by the first figure to enter.
    Trap,
    /// Hurts every figure that enters.
    HazardousTerrain,
    /// Costs two movement points to enter.
    DifficultTerrain,
}

impl Category {
    /// Every category, in the paper's order.
    pub const ALL: [Category; 4] = [
        Category::Obstacle,
        Category::Trap,
        Category::HazardousTerrain,
        Category::DifficultTerrain,
    ];

    /// The box's piece count this category falls under.
    #[must_use]
    pub fn piece(self) -> Piece {
        match self {
            Category::Obstacle => Piece::Obstacles,
            Category::Trap => Piece::Traps,
            Category::HazardousTerrain => Piece::HazardousTerrain,
            Category::DifficultTerrain => Piece::DifficultTerrain,
        }
    }

    /// Its name in words, plural.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Category::Obstacle => "Obstacles",
            Category::Trap => "Traps",
            Category::HazardousTerrain => "Hazardous terrain",
            Category::DifficultTerrain => "Difficult terrain",
        }
    }

    /// Its index in [`Category::ALL`].
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A kind of overlay tile (a pillar, a bear trap, water, ...).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverlayKind {
    /// Its id, the word Virtual Gloomhaven Board uses (`pillar`, `bear`, `water`, ...).
    pub id: String,
    /// Its name in words ("Pillar", "Bear trap", ...).
    pub name: String,
    /// Obstacle, trap, hazardous or difficult terrain.
    pub category: Category,
    /// The hexes one piece covers: 1, 2, or 3 (a triangle).
    pub hexes: u8,
    /// How many pieces of this kind the box holds.
    pub count: u32,
    /// How often the official scenarios lay this kind on tiles of each theme: the weights a
    /// new piece's kind is drawn with on a map of that theme.
    #[serde(default)]
    pub themes: BTreeMap<String, u32>,
}

impl OverlayKind {
    /// The hexes a piece of this kind covers with its first hex at `at` lying in `direction`:
    /// a two-hex piece reaches one step along the direction (east for `default`), a three-hex
    /// piece is the triangle of that step and the next one counter-clockwise (east and
    /// north-east for `default`), as Virtual Gloomhaven Board draws them.
    ///
    /// ```
    /// use ludoforge_gloomhaven::catalog::Catalog;
    /// use ludoforge_gloomhaven::hex::Hex;
    /// use ludoforge_gloomhaven::scenario::Direction;
    /// let catalog = Catalog::built_in();
    /// let boulder = &catalog.overlays[usize::from(catalog.overlay_index("boulder-3").unwrap())];
    /// let o = Hex::default();
    /// let cells: Vec<Hex> = boulder.cells(o, Direction::Default).collect();
    /// assert_eq!(cells, [o, Hex::new(1, 0, -1).unwrap(), Hex::new(1, -1, 0).unwrap()]);
    /// ```
    pub fn cells(&self, at: Hex, direction: Direction) -> impl Iterator<Item = Hex> + use<> {
        let k = direction.turns().unwrap_or(0);
        let steps = [Hex::default(), NEIGHBOURS[0], NEIGHBOURS[5]];
        steps
            .into_iter()
            .take(usize::from(self.hexes.clamp(1, 3)))
            .map(move |d| at + d.rotate(k))
    }
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

/// A kind of piece the box limits.
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

/// The whole catalog.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
    /// Every kind of overlay tile.
    pub overlays: Vec<OverlayKind>,
    /// Special rules.
    pub rules: Vec<String>,
    /// Chest contents.
    pub chests: Vec<String>,
    /// The official scenarios: the scenario book's (source `book`) and the published code's
    /// encodings of nine of them (source `gloomdungeons`).
    pub scenarios: Scenarios,
}

/// The built-in catalog as read the quick way: without its tiles (see `TILES`) and scenarios.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BuiltIn {
    about: String,
    #[serde(rename = "box")]
    pieces: Inventory,
    monsters: Vec<Monster>,
    overlays: Vec<OverlayKind>,
    rules: Vec<String>,
    chests: Vec<String>,
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
    /// assert!(catalog.monster("Vicious Drake").is_some());
    /// ```
    ///
    /// Read straight into its types, its tile sides from constants the build script writes,
    /// without the path tracking and the checks that a catalog given by a user goes through
    /// ([`Catalog::parse`]), and its scenarios only when used
    /// (see [`Scenarios`]): the test `the_built_in_catalog_passes_every_check` holds the
    /// built-in one to every check, so a run does not pay for them again.
    #[must_use]
    pub fn built_in() -> Catalog {
        let read: BuiltIn = serde_json::from_str(BUILT_IN_REST)
            .expect("the built-in catalog reads (a test checks it)");
        Catalog {
            about: read.about,
            pieces: read.pieces,
            tiles: TILES.iter().map(TileData::tile).collect(),
            monsters: read.monsters,
            overlays: read.overlays,
            rules: read.rules,
            chests: read.chests,
            scenarios: Scenarios::unread(SCENARIO_RUNS),
        }
    }

    /// The built-in catalog ([`Catalog::built_in`]), read once in a process and kept to its
    /// end: every run that uses it (the studio's, a sweep's, Python's) shares it, with the
    /// scenarios any of them has read.
    ///
    /// ```
    /// use ludoforge_gloomhaven::catalog::Catalog;
    /// assert!(std::ptr::eq(Catalog::shared(), Catalog::shared()));
    /// assert_eq!(*Catalog::shared(), Catalog::built_in());
    /// ```
    #[must_use]
    pub fn shared() -> &'static Catalog {
        static SHARED: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
        SHARED.get_or_init(Catalog::built_in)
    }

    /// Reads and checks a catalog.
    ///
    /// # Errors
    /// [`CatalogError`] naming the first problem.
    pub fn parse(text: &str) -> Result<Catalog, CatalogError> {
        let value: serde_json::Value =
            ludoforge_job::params::json_file(text).map_err(CatalogError::Json)?;
        let earlier = value["scenarios"]
            .as_array()
            .is_some_and(|list| list.iter().any(|s| s.get("placements").is_some()))
            || (value.get("tiles").is_some() && value.get("overlays").is_none());
        if earlier {
            return Err(CatalogError::Json(
                "it has the shape of an earlier ludoforge's catalog (scenarios with monster \
                 groups and placement lists, no overlay kinds); start from the built-in one \
                 (crates/gloomhaven/data/catalog.json, described in CATALOG.md)"
                    .into(),
            ));
        }
        let catalog: Catalog =
            serde_json::from_value(value).map_err(|e| CatalogError::Json(e.to_string()))?;
        catalog.validate()?;
        Ok(catalog)
    }

    /// The tile side called `id`.
    #[must_use]
    pub fn tile(&self, id: &str) -> Option<&Tile> {
        self.tiles.iter().find(|t| t.id == id)
    }

    /// The index of the tile side called `id` (any case).
    #[must_use]
    pub fn tile_index(&self, id: &str) -> Option<usize> {
        self.tiles
            .iter()
            .position(|t| t.id.eq_ignore_ascii_case(id))
    }

    /// The monster called `name` (or by one of its aliases).
    #[must_use]
    pub fn monster(&self, name: &str) -> Option<&Monster> {
        self.monster_index(name)
            .map(|i| &self.monsters[usize::from(i)])
    }

    /// The index of the monster called `name` (or by one of its aliases).
    #[must_use]
    pub fn monster_index(&self, name: &str) -> Option<u16> {
        self.monsters
            .iter()
            .position(|m| m.name == name || m.aliases.iter().any(|a| a == name))
            .map(|i| i as u16)
    }

    /// The index of the overlay kind `id`.
    #[must_use]
    pub fn overlay_index(&self, id: &str) -> Option<u16> {
        self.overlays
            .iter()
            .position(|k| k.id == id)
            .map(|i| i as u16)
    }

    /// The index of the special rule `rule`.
    #[must_use]
    pub fn rule_index(&self, rule: &str) -> Option<u8> {
        self.rules.iter().position(|r| r == rule).map(|i| i as u8)
    }

    /// The index of the chest content `content`.
    #[must_use]
    pub fn chest_index(&self, content: &str) -> Option<u16> {
        self.chests
            .iter()
            .position(|c| c == content)
            .map(|i| i as u16)
    }

    fn validate(&self) -> Result<(), CatalogError> {
        /// How far from its origin a tile's hexes and links may lie (the largest is 7 across).
        const TILE_REACH: u32 = 50;
        let bad = |what: String| Err(CatalogError::Invalid(what));
        let mut ids = BTreeSet::new();
        let mut sides: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        if self.tiles.len() > usize::from(u8::MAX) {
            return bad(format!("{} tiles: at most 255", self.tiles.len()));
        }
        for t in &self.tiles {
            if !ids.insert(t.id.to_lowercase()) {
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
        if self.monsters.len() > usize::from(u16::MAX) {
            return bad("too many monsters".into());
        }
        for m in &self.monsters {
            for name in std::iter::once(&m.name).chain(&m.aliases) {
                if !names.insert(name.as_str()) {
                    return bad(format!("monster {name} is listed twice"));
                }
            }
            if m.difficulty == 0 || m.standees == 0 {
                return bad(format!(
                    "monster {} needs a difficulty and standees of at least 1",
                    m.name
                ));
            }
        }
        let mut kinds = BTreeSet::new();
        for k in &self.overlays {
            if !kinds.insert(k.id.as_str()) {
                return bad(format!("overlay kind {} is listed twice", k.id));
            }
            if !(1..=3).contains(&k.hexes) {
                return bad(format!(
                    "overlay kind {}: {} hexes, give 1, 2 or 3",
                    k.id, k.hexes
                ));
            }
        }
        for c in Category::ALL {
            if !self.overlays.iter().any(|k| k.category == c && k.count > 0) {
                return bad(format!("no overlay kind of {} is in the box", c.words()));
            }
        }
        if self.chests.is_empty() {
            return bad("the chest list is empty".into());
        }
        if self.rules.len() > usize::from(u8::MAX) || self.chests.len() > usize::from(u16::MAX) {
            return bad("too many rules or chest contents".into());
        }
        for r in &self.scenarios {
            r.to_scenario(self)
                .map_err(|e| CatalogError::Invalid(format!("scenario {}: {e}", r.name)))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The built-in catalog, read the quick way, is the one [`Catalog::parse`] checks.
    #[test]
    fn the_built_in_catalog_passes_every_check() {
        let checked = Catalog::parse(BUILT_IN).expect("the built-in catalog is valid");
        let quick = Catalog::built_in();
        assert_eq!(checked, quick);
        assert_eq!(quick.validate(), Ok(()));
    }
}
