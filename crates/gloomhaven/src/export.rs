//! A scenario as written in files: tiles and monsters by name, in the shape of the catalog's
//! official scenarios, with its score.

use serde::{Deserialize, Serialize};

use crate::catalog::{Catalog, MonsterGroup, Placements, ScenarioTile};
use crate::fitness::{COMPONENTS, Fitness};
use crate::hex::Hex;
use crate::map::{Map, PlacedTile};
use crate::scenario::{Goal, Group, Overlays, Scenario};

/// A scenario in a file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScenarioEntry {
    /// Its name.
    pub name: String,
    /// The goal.
    pub goal: Goal,
    /// Special rules.
    pub rules: Vec<String>,
    /// Tiles by id, with rotation and offset (the first is the anchor).
    pub tiles: Vec<ScenarioTile>,
    /// Door hexes.
    pub doors: Vec<Hex>,
    /// Monster groups by name (counts for four players).
    pub monsters: Vec<MonsterGroup>,
    /// Overlay counts.
    pub overlays: Overlays,
    /// Coins.
    pub coins: u32,
    /// Chest contents.
    pub chests: Vec<String>,
    /// Where everything stands.
    pub placements: Placements,
    /// The exit hex, for the goal "reach the exit".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit: Option<Hex>,
    /// The total score (may be left out of a file written by hand).
    #[serde(default)]
    pub score: f64,
    /// The best possible score (may be left out of a file written by hand).
    #[serde(default)]
    pub maximum: f64,
    /// Each component (0..1) by name (may be left out of a file written by hand).
    #[serde(default)]
    pub components: Vec<(String, f64)>,
}

impl ScenarioEntry {
    /// The entry for a scenario scored by `fitness`.
    #[must_use]
    pub fn of(catalog: &Catalog, s: &Scenario, name: &str, fitness: &Fitness) -> ScenarioEntry {
        let components = fitness.components(catalog, s);
        ScenarioEntry {
            name: name.to_string(),
            goal: s.goal,
            rules: s.rules.clone(),
            tiles: s
                .map
                .tiles
                .iter()
                .map(|t| ScenarioTile {
                    tile: catalog.tiles[t.tile].id.clone(),
                    rotation: t.rotation,
                    offset: t.offset,
                })
                .collect(),
            doors: s.map.doors.clone(),
            monsters: s
                .monsters
                .iter()
                .map(|g| MonsterGroup {
                    name: catalog.monsters[g.monster].name.clone(),
                    normal: g.normal,
                    elite: g.elite,
                })
                .collect(),
            overlays: s.overlays,
            coins: s.coins,
            chests: s.chests.clone(),
            placements: s.placements.clone(),
            exit: s.exit,
            score: fitness.total(catalog, s),
            maximum: fitness.maximum(),
            components: COMPONENTS
                .iter()
                .zip(components)
                .map(|(n, c)| ((*n).to_string(), c))
                .collect(),
        }
    }
}

impl ScenarioEntry {
    /// The scenario this entry describes, its tiles and monsters looked up in `catalog`.
    ///
    /// # Errors
    /// A message naming a tile or monster the catalog does not have.
    pub fn scenario(&self, catalog: &Catalog) -> Result<Scenario, String> {
        let tiles = self
            .tiles
            .iter()
            .map(|t| {
                Ok(PlacedTile {
                    tile: catalog.tile_index(&t.tile).ok_or_else(|| {
                        format!("unknown tile {:?}: the catalog has A1a … N1b", t.tile)
                    })?,
                    rotation: t.rotation % 6,
                    offset: t.offset,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let monsters = self
            .monsters
            .iter()
            .map(|g| {
                Ok(Group {
                    monster: catalog
                        .monsters
                        .iter()
                        .position(|m| m.name == g.name)
                        .ok_or_else(|| format!("unknown monster {:?}", g.name))?,
                    normal: g.normal,
                    elite: g.elite,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let s = Scenario {
            name: self.name.clone(),
            goal: self.goal,
            rules: self.rules.clone(),
            map: Map {
                tiles,
                doors: self.doors.clone(),
            },
            monsters,
            overlays: self.overlays,
            coins: self.coins,
            chests: self.chests.clone(),
            placements: self.placements.clone(),
            exit: self.exit,
        };
        match s.beyond_reach() {
            Some(h) => Err(format!(
                "{h} lies more than {} hexes from the origin; move the map nearer",
                crate::scenario::MAX_REACH
            )),
            None => Ok(s),
        }
    }
}
