//! A scenario: the genome of the search, in the paper's five gene groups (rules, map,
//! monsters, overlay tiles, treasure) plus where every piece stands.

use serde::{Deserialize, Serialize};

use crate::catalog::{Catalog, Placements};
use crate::hex::Hex;
use crate::map::{Map, PlacedTile};

/// What the players must do to win (the paper's goal and the two it names as future work).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// Kill all enemies: every monster must be reachable.
    #[default]
    KillAll,
    /// Loot all treasure: every chest must be reachable too.
    LootAll,
    /// Reach the exit hex.
    ReachExit,
}

impl Goal {
    /// The goal in the scenario book's words.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Goal::KillAll => "Kill all enemies.",
            Goal::LootAll => "Loot all treasure.",
            Goal::ReachExit => "Reach the exit.",
        }
    }
}

/// A monster group: the catalog's monster index and its standees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Group {
    /// Index into the catalog's monsters.
    pub monster: usize,
    /// Normal standees.
    pub normal: u32,
    /// Elite standees.
    pub elite: u32,
}

/// How many overlay pieces of each kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Overlays {
    /// Obstacles.
    pub obstacles: u32,
    /// Traps.
    pub traps: u32,
    /// Hazardous terrain.
    pub hazardous_terrain: u32,
    /// Difficult terrain.
    pub difficult_terrain: u32,
}

impl Overlays {
    /// The overlay pieces standing in `p`.
    #[must_use]
    pub fn placed(p: &Placements) -> Overlays {
        let count = |v: &[Hex]| v.len() as u32;
        Overlays {
            obstacles: count(&p.obstacles),
            traps: count(&p.traps),
            hazardous_terrain: count(&p.hazardous_terrain),
            difficult_terrain: count(&p.difficult_terrain),
        }
    }
}

/// A whole scenario.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Scenario {
    /// Its name.
    pub name: String,
    /// Gene group 1, rules: the goal.
    pub goal: Goal,
    /// Gene group 1, rules: the special rules (distinct).
    pub rules: Vec<String>,
    /// Gene group 2: the map.
    pub map: Map,
    /// Gene group 3: the monsters.
    pub monsters: Vec<Group>,
    /// Gene group 4: the overlay tiles.
    pub overlays: Overlays,
    /// Gene group 5, treasure: coins.
    pub coins: u32,
    /// Gene group 5, treasure: chest contents (`random` is drawn when the chest is opened).
    pub chests: Vec<String>,
    /// Where everything stands.
    pub placements: Placements,
    /// The exit hex, for [`Goal::ReachExit`].
    pub exit: Option<Hex>,
}

/// How far from the origin a scenario read from a file may place anything, in hexes along
/// any cube axis: far beyond any table, and small enough to check quickly.
pub const MAX_REACH: i32 = 1_000;

impl Scenario {
    /// The first tile origin, door or piece that lies farther than [`MAX_REACH`] from the
    /// origin, if any.
    ///
    /// ```
    /// use ludoforge_gloomhaven::catalog::Catalog;
    /// use ludoforge_gloomhaven::hex::Hex;
    /// use ludoforge_gloomhaven::scenario::Scenario;
    /// let catalog = Catalog::built_in();
    /// let mut s = Scenario::official(&catalog, "Black Barrow").unwrap();
    /// assert_eq!(s.beyond_reach(), None);
    /// s.placements.coins.push(Hex::new(5000, -5000, 0).unwrap());
    /// assert_eq!(s.beyond_reach(), Hex::new(5000, -5000, 0));
    /// ```
    #[must_use]
    pub fn beyond_reach(&self) -> Option<Hex> {
        let p = &self.placements;
        let far = |h: &Hex| {
            [h.x, h.y, h.z]
                .iter()
                .any(|c| c.unsigned_abs() > MAX_REACH as u32)
        };
        self.map
            .tiles
            .iter()
            .map(|t| t.offset)
            .chain(self.map.doors.iter().copied())
            .chain(self.exit)
            .chain(
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
                .flatten()
                .copied(),
            )
            .find(far)
    }

    /// An official scenario of the catalog, by name.
    #[must_use]
    pub fn official(catalog: &Catalog, name: &str) -> Option<Scenario> {
        let s = catalog.scenarios.iter().find(|s| s.name == name)?;
        Some(Scenario::from_catalog(catalog, s))
    }

    /// Every official scenario of the catalog, in order.
    #[must_use]
    pub fn all_official(catalog: &Catalog) -> Vec<Scenario> {
        catalog
            .scenarios
            .iter()
            .map(|s| Scenario::from_catalog(catalog, s))
            .collect()
    }

    fn from_catalog(catalog: &Catalog, s: &crate::catalog::Scenario) -> Scenario {
        let p = &s.placements;
        let mut rules = s.rules.clone();
        rules.sort();
        rules.dedup();
        Scenario {
            name: s.name.clone(),
            goal: Goal::KillAll,
            rules,
            map: Map {
                tiles: s
                    .tiles
                    .iter()
                    .map(|t| PlacedTile {
                        tile: catalog.tile_index(&t.tile).expect("a validated catalog"),
                        rotation: t.rotation,
                        offset: t.offset,
                    })
                    .collect(),
                doors: s.doors.clone(),
            },
            monsters: s
                .monsters
                .iter()
                .map(|g| Group {
                    monster: catalog
                        .monsters
                        .iter()
                        .position(|m| m.name == g.name)
                        .expect("a validated catalog"),
                    normal: g.normal,
                    elite: g.elite,
                })
                .collect(),
            overlays: Overlays::placed(p),
            coins: p.coins.len() as u32,
            chests: s.chests.clone(),
            placements: p.clone(),
            exit: None,
        }
    }

    /// The paper's difficulty: Σ difficulty × (normals + 2 × elites).
    #[must_use]
    pub fn difficulty(&self, catalog: &Catalog) -> u32 {
        self.monsters
            .iter()
            .map(|g| catalog.monsters[g.monster].difficulty * (g.normal + 2 * g.elite))
            .sum()
    }
}
