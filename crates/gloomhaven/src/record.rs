//! Scenarios as files hold them: tiles, monsters, overlay kinds, rules and chest contents by
//! name, every piece on its map hex (cube coordinates), and each standee's set-up for two,
//! three and four players. The catalog's official scenarios and the scenarios ludoforge writes
//! share this shape.
//!
//! ```
//! use ludoforge_gloomhaven::catalog::Catalog;
//! use ludoforge_gloomhaven::record::ScenarioRecord;
//! use ludoforge_gloomhaven::scenario::Scenario;
//! let catalog = Catalog::built_in();
//! let barrow = Scenario::official(&catalog, 1).unwrap();
//! let record = ScenarioRecord::of(&catalog, &barrow);
//! assert_eq!(record.tiles[0].tile, "L1a");
//! assert_eq!(record.to_scenario(&catalog).unwrap(), barrow);
//! ```

use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;
use crate::hex::Hex;
use crate::map::{Door, DoorKind, Map, Material, PlacedTile};
use crate::scenario::{
    Chest, Coin, Direction, Goal, Label, Level, MAX_REACH, Overlay, Scenario, Standee,
};

/// Where a catalog scenario comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Made by a search (or by hand).
    #[default]
    Generated,
    /// The scenario book, as Virtual Gloomhaven Board's files set it up.
    Book,
    /// The published code's encoding (GloomDungeons), with its two-player set-up.
    Gloomdungeons,
}

impl Source {
    fn is_generated(&self) -> bool {
        *self == Source::Generated
    }
}

/// A placed tile by id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileRecord {
    /// The tile side's id, e.g. `L1a`.
    pub tile: String,
    /// 60° clockwise turns about the tile's origin.
    pub rotation: u8,
    /// Where the tile's origin lies on the map.
    pub offset: Hex,
}

/// A door by kind, with the two tiles it joins by id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DoorRecord {
    /// The door hex.
    pub at: Hex,
    /// `stone`, `wooden`, `altar`, `breakable-wall`, `dark-fog`, `light-fog` or `corridor`.
    #[serde(default = "stone")]
    pub kind: String,
    /// A corridor's material.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub material: Option<Material>,
    /// A corridor's size in hexes (1 or 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    /// Which way its picture points.
    #[serde(default, skip_serializing_if = "is_default")]
    pub direction: Direction,
    /// The ids of the two tiles it joins (the same twice for a corridor lying on one tile).
    pub joins: [String; 2],
}

pub(crate) fn stone() -> String {
    "stone".into()
}

fn is_default<T: Default + PartialEq>(t: &T) -> bool {
    *t == T::default()
}

/// A monster standee by name, with its set-up for 2, 3 and 4 players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandeeRecord {
    /// The monster's name.
    pub monster: String,
    /// Its hex.
    pub at: Hex,
    /// Its level with 2, 3 and 4 players.
    pub players: [Level; 3],
}

/// An overlay tile by kind, with the hexes it covers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverlayRecord {
    /// The kind's id (`pillar`, `bear`, `water`, ...).
    pub kind: String,
    /// The hexes it covers, its first hex first.
    pub cells: Vec<Hex>,
    /// Which way it lies (left out: worked out from the cells).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub direction: Option<Direction>,
}

/// A coin: its hex, or its hex and amount.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum CoinRecord {
    /// One coin.
    At(Hex),
    /// A pile worth `amount`.
    Pile {
        /// Its hex.
        at: Hex,
        /// Its value.
        amount: u8,
    },
}

/// How a file names a treasure tile: the book's treasure number, `goal` or `locked`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum LabelRecord {
    /// The book's treasure number.
    Number(u16),
    /// `goal` or `locked`.
    Word(String),
}

/// A chest with its content.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChestRecord {
    /// Its hex.
    pub at: Hex,
    /// One of the catalog's chest contents, or `random` (drawn when it is opened).
    #[serde(default = "random")]
    pub content: String,
    /// How the book refers to it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<LabelRecord>,
}

pub(crate) fn random() -> String {
    "random".into()
}

/// A scenario in a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioRecord {
    /// Its name.
    pub name: String,
    /// Its number in the scenario book.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<u16>,
    /// Where it comes from.
    #[serde(default, skip_serializing_if = "Source::is_generated")]
    pub source: Source,
    /// The goal.
    #[serde(default)]
    pub goal: Goal,
    /// Special rules.
    #[serde(default)]
    pub rules: Vec<String>,
    /// Tiles by id, with rotation and offset (the first is the anchor).
    pub tiles: Vec<TileRecord>,
    /// Doors.
    #[serde(default)]
    pub doors: Vec<DoorRecord>,
    /// Start hexes.
    #[serde(default)]
    pub start: Vec<Hex>,
    /// Monster standees, grouped by monster.
    #[serde(default)]
    pub monsters: Vec<StandeeRecord>,
    /// Monsters needed off the map (summoned or spawned).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spawns: Vec<String>,
    /// Overlay tiles.
    #[serde(default)]
    pub overlays: Vec<OverlayRecord>,
    /// Coins.
    #[serde(default)]
    pub coins: Vec<CoinRecord>,
    /// Chests.
    #[serde(default)]
    pub chests: Vec<ChestRecord>,
    /// The exit hex, for the goal "reach the exit".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit: Option<Hex>,
}

impl ScenarioRecord {
    /// The record of a scenario.
    #[must_use]
    pub fn of(catalog: &Catalog, s: &Scenario) -> ScenarioRecord {
        let tile_id = |i: u8| {
            s.map
                .tiles
                .get(usize::from(i))
                .map_or_else(String::new, |t| catalog.tiles[t.tile].id.clone())
        };
        ScenarioRecord {
            name: s.title().to_string(),
            number: s.number,
            source: Source::Generated,
            goal: s.goal,
            rules: s.rule_texts(catalog).map(str::to_string).collect(),
            tiles: s
                .map
                .tiles
                .iter()
                .map(|t| TileRecord {
                    tile: catalog.tiles[t.tile].id.clone(),
                    rotation: t.rotation,
                    offset: t.offset,
                })
                .collect(),
            doors: s
                .map
                .doors
                .iter()
                .map(|d| {
                    let (material, size) = match d.kind {
                        DoorKind::Corridor(m, size) => (Some(m), Some(size)),
                        _ => (None, None),
                    };
                    DoorRecord {
                        at: d.at,
                        kind: d.kind.name().into(),
                        material,
                        size,
                        direction: d.direction,
                        joins: d.joins.map(tile_id),
                    }
                })
                .collect(),
            start: s.start.clone(),
            monsters: s
                .monsters
                .iter()
                .map(|m| StandeeRecord {
                    monster: catalog.monsters[usize::from(m.monster)].name.clone(),
                    at: m.at,
                    players: m.levels,
                })
                .collect(),
            spawns: s
                .spawns
                .iter()
                .map(|&m| catalog.monsters[usize::from(m)].name.clone())
                .collect(),
            overlays: s
                .overlays
                .iter()
                .map(|o| OverlayRecord {
                    kind: catalog.overlays[usize::from(o.kind)].id.clone(),
                    cells: o.cells(catalog).collect(),
                    direction: (o.direction != Direction::Default).then_some(o.direction),
                })
                .collect(),
            coins: s
                .coins
                .iter()
                .map(|c| match c.amount {
                    1 => CoinRecord::At(c.at),
                    amount => CoinRecord::Pile { at: c.at, amount },
                })
                .collect(),
            chests: s
                .chests
                .iter()
                .map(|c| ChestRecord {
                    at: c.at,
                    content: c
                        .content
                        .map_or_else(random, |i| catalog.chests[usize::from(i)].clone()),
                    label: match c.label {
                        Label::None => None,
                        Label::Number(n) => Some(LabelRecord::Number(n)),
                        Label::Goal => Some(LabelRecord::Word("goal".into())),
                        Label::Locked => Some(LabelRecord::Word("locked".into())),
                    },
                })
                .collect(),
            exit: s.exit,
        }
    }

    /// The scenario this record describes, its names looked up in `catalog`.
    ///
    /// # Errors
    /// A message naming the first tile, monster, overlay kind, rule or chest content the
    /// catalog does not have, or a piece that does not make sense.
    pub fn to_scenario(&self, catalog: &Catalog) -> Result<Scenario, String> {
        let mut tiles = Vec::with_capacity(self.tiles.len());
        for t in &self.tiles {
            let tile = catalog
                .tile_index(&t.tile)
                .ok_or_else(|| format!("unknown tile {:?}: the catalog has A1a … N1b", t.tile))?;
            if t.rotation > 5 {
                return Err(format!(
                    "tile {} is turned {} times; give 0 to 5 steps of 60°",
                    t.tile, t.rotation
                ));
            }
            tiles.push(PlacedTile {
                tile,
                rotation: t.rotation,
                offset: t.offset,
            });
        }
        if tiles.len() > usize::from(u8::MAX) {
            return Err(format!("{} tiles: a map holds at most 255", tiles.len()));
        }
        let tile_of = |id: &str| -> Result<u8, String> {
            tiles
                .iter()
                .position(|t| catalog.tiles[t.tile].id.eq_ignore_ascii_case(id))
                .map(|i| i as u8)
                .ok_or_else(|| format!("a door joins tile {id:?}, which is not on the map"))
        };
        let mut doors = Vec::with_capacity(self.doors.len());
        for d in &self.doors {
            let kind = DoorKind::from_name(&d.kind, d.material, d.size).ok_or_else(|| {
                format!(
                    "door at {}: {:?} is not a door kind (stone, wooden, altar, breakable-wall, \
                     dark-fog, light-fog, or corridor with a material and a size of 1 or 2)",
                    d.at, d.kind
                )
            })?;
            doors.push(Door {
                at: d.at,
                kind,
                direction: d.direction,
                joins: [tile_of(&d.joins[0])?, tile_of(&d.joins[1])?],
            });
        }
        let monster = |name: &str| {
            catalog
                .monster_index(name)
                .ok_or_else(|| format!("unknown monster {name:?}"))
        };
        let mut monsters = Vec::with_capacity(self.monsters.len());
        for m in &self.monsters {
            monsters.push(Standee {
                monster: monster(&m.monster)?,
                at: m.at,
                levels: m.players,
            });
        }
        let spawns = self
            .spawns
            .iter()
            .map(|n| monster(n))
            .collect::<Result<Vec<_>, _>>()?;
        let mut overlays = Vec::with_capacity(self.overlays.len());
        for o in &self.overlays {
            overlays.push(overlay(catalog, o)?);
        }
        let mut rules = Vec::with_capacity(self.rules.len());
        for r in &self.rules {
            rules.push(
                catalog
                    .rule_index(r)
                    .ok_or_else(|| format!("unknown rule {r:?}"))?,
            );
        }
        rules.sort_unstable();
        rules.dedup();
        let mut chests = Vec::with_capacity(self.chests.len());
        for c in &self.chests {
            let content = if c.content == "random" {
                None
            } else {
                Some(
                    catalog
                        .chest_index(&c.content)
                        .ok_or_else(|| format!("unknown chest content {:?}", c.content))?,
                )
            };
            let label = match &c.label {
                None => Label::None,
                Some(LabelRecord::Number(n)) => Label::Number(*n),
                Some(LabelRecord::Word(w)) if w == "goal" => Label::Goal,
                Some(LabelRecord::Word(w)) if w == "locked" => Label::Locked,
                Some(LabelRecord::Word(w)) => {
                    return Err(format!(
                        "chest at {}: label {w:?} is not a number, goal or locked",
                        c.at
                    ));
                }
            };
            chests.push(Chest {
                at: c.at,
                content,
                label,
            });
        }
        let s = Scenario {
            name: self.name.clone(),
            number: self.number,
            goal: self.goal,
            rules,
            map: Map { tiles, doors },
            start: self.start.clone(),
            monsters,
            spawns,
            overlays,
            coins: self
                .coins
                .iter()
                .map(|c| match *c {
                    CoinRecord::At(at) => Coin { at, amount: 1 },
                    CoinRecord::Pile { at, amount } => Coin { at, amount },
                })
                .collect(),
            chests,
            exit: self.exit,
        };
        match s.beyond_reach(catalog) {
            Some(h) => Err(format!(
                "{h} lies more than {MAX_REACH} hexes from the origin; move the map nearer"
            )),
            None => Ok(s),
        }
    }
}

/// An overlay record as a piece: its kind looked up, its direction given or worked out from
/// its cells, and its cells checked against the kind's shape.
fn overlay(catalog: &Catalog, o: &OverlayRecord) -> Result<Overlay, String> {
    let kind = catalog.overlay_index(&o.kind).ok_or_else(|| {
        format!(
            "unknown overlay kind {:?}: the catalog has {}",
            o.kind,
            catalog
                .overlays
                .iter()
                .map(|k| k.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )
    })?;
    let spec = &catalog.overlays[usize::from(kind)];
    let Some(&at) = o.cells.first() else {
        return Err(format!("overlay {} covers no hex", o.kind));
    };
    let fits = |d: Direction| spec.cells(at, d).eq(o.cells.iter().copied());
    let direction = match o.direction {
        Some(d) if spec.hexes == 1 || fits(d) => d,
        _ if spec.hexes == 1 && o.cells.len() == 1 => Direction::Default,
        _ => Direction::TURNS
            .into_iter()
            .find(|&d| fits(d))
            .ok_or_else(|| {
                format!(
                    "overlay {} at {at}: its cells {:?} are not the {}-hex shape of the piece",
                    o.kind,
                    o.cells.iter().map(ToString::to_string).collect::<Vec<_>>(),
                    spec.hexes
                )
            })?,
    };
    Ok(Overlay {
        kind,
        at,
        direction,
    })
}
