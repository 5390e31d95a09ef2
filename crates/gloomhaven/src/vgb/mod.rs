//! Virtual Gloomhaven Board scenario files: export of a scenario so the board's Creator can
//! import it, and import of a board file back into a scenario.
//!
//! The board keeps every tile in its own frame of odd-row offset cells; a scenario file is a
//! tree of tiles joined by doors, each door given by its cell in the parent's and in the
//! child's frame, with every token and monster in the frame of the tile it stands on. The
//! per-tile transforms between our cube tile frames and the board's frames, and the tiles'
//! grid sizes, come from Virtual Gloomhaven Board, Purple Kingdom Games (CC BY 4.0,
//! <https://creativecommons.org/licenses/by/4.0/>, source
//! <https://github.com/PurpleKingdomGames/virtual-gloomhaven-board>), restated here as a
//! table per tile letter.

use std::collections::{BTreeMap, VecDeque};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::book::levels;
use crate::catalog::{Catalog, Placements};
use crate::hex::Hex;
use crate::map::{Map, PlacedTile};
use crate::scenario::{Goal, Group, MAX_REACH, Overlays, Scenario};

/// The Creator's editing grid, in cells a side.
pub const CREATOR_LIMIT: i32 = 40;

/// The board's rotation `k` and translation `t` for a tile side, with its grid size.
fn frame(side: &str) -> Option<(u8, Hex, (i32, i32))> {
    let h = |x, y, z| Hex::new(x, y, z).expect("a cube hex");
    let letter = side.chars().next()?;
    let b_side = side.ends_with('b');
    Some(match letter {
        'A' => (0, h(0, 1, -1), (5, 4)),
        'B' => (0, h(0, 0, 0), (4, 4)),
        'C' => (0, h(1, 0, -1), (4, 4)),
        'D' => (0, h(1, 0, -1), (5, 5)),
        'E' if b_side => (3, h(2, 4, -6), (5, 5)),
        'E' => (0, h(1, 0, -1), (5, 5)),
        'F' => (0, h(0, 0, 0), (3, 9)),
        'G' => (0, h(0, 0, 0), (8, 3)),
        'H' => (0, h(1, 0, -1), (7, 7)),
        'I' => (0, h(0, 0, 0), (6, 5)),
        'J' if b_side => (3, h(3, 6, -9), (8, 7)),
        'J' => (5, h(-2, 4, -2), (8, 7)),
        'K' => (0, h(2, 0, -2), (8, 6)),
        'L' => (0, h(0, 0, 0), (5, 7)),
        'M' => (0, h(1, 0, -1), (6, 7)),
        'N' => (0, h(0, 0, 0), (8, 7)),
        _ => return None,
    })
}

/// The board's offset cell of a cube hex.
#[must_use]
pub fn offset(h: Hex) -> (i32, i32) {
    (h.x + h.y.div_euclid(2), h.y)
}

/// The cube hex of a board offset cell.
#[must_use]
pub fn cube((x, y): (i32, i32)) -> Hex {
    Hex::axial(x - y.div_euclid(2), y)
}

/// A board file that cannot be read, or a scenario that cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum VgbError {
    /// Not a board scenario file.
    #[error(
        "not a Virtual Gloomhaven Board scenario ({0}); give a file saved by the board's \
         Creator (Export) or written by ludoforge"
    )]
    Json(String),
    /// A tile the catalog does not have.
    #[error("unknown tile {0:?}: the catalog has a1a … n1b")]
    UnknownTile(String),
    /// A monster the catalog does not have.
    #[error(
        "unknown monster {0:?}: the catalog has the base game's normal monsters (bandit-guard, \
         living-bones, …), not bosses; replace it on the board and export again"
    )]
    UnknownMonster(String),
    /// An overlay type or subtype the board does not know.
    #[error("unknown overlay {0:?}: it is not one of the board's overlay types")]
    UnknownOverlay(String),
    /// A door or piece that does not stand where the file says.
    #[error("{0}")]
    Layout(String),
}

/// A board scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VgbScenario {
    /// Always 0 for custom scenarios (read as 0 when left out).
    #[serde(default)]
    pub id: u32,
    /// The title.
    pub title: String,
    /// The root tile.
    pub map_tile_data: TileData,
    /// Unused by the board; 0.
    #[serde(default)]
    pub angle: f64,
    /// Monster types available without being placed.
    #[serde(default)]
    pub additional_monsters: Vec<String>,
}

/// One tile of the tree.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TileData {
    /// The tile reference, e.g. `l1a`.
    #[serde(rename = "ref")]
    pub tile: String,
    /// Doors to child tiles.
    pub doors: Vec<Door>,
    /// Tokens on this tile, in its frame.
    pub overlays: Vec<Overlay>,
    /// Monsters on this tile, in its frame.
    pub monsters: Vec<MonsterEntry>,
    /// 60° clockwise turns relative to the map.
    pub turns: i32,
}

/// A door from a tile to a child tile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Door {
    /// The door's kind (`stone`, `wooden`, …).
    pub sub_type: String,
    /// The picture's orientation.
    pub direction: String,
    /// The door cell in the parent's frame.
    #[serde(rename = "room1X")]
    pub room1_x: i32,
    /// The door cell in the parent's frame.
    #[serde(rename = "room1Y")]
    pub room1_y: i32,
    /// The door cell in the child's frame.
    #[serde(rename = "room2X")]
    pub room2_x: i32,
    /// The door cell in the child's frame.
    #[serde(rename = "room2Y")]
    pub room2_y: i32,
    /// The child tile.
    pub map_tile_data: TileData,
}

/// A token.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Overlay {
    /// What it is.
    #[serde(rename = "ref")]
    pub kind: OverlayRef,
    /// A running number.
    #[serde(default)]
    pub id: u32,
    /// The picture's orientation.
    pub direction: String,
    /// The cells it covers, the first one anchoring it.
    pub cells: Vec<[i32; 2]>,
}

/// A token's type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OverlayRef {
    /// `starting-location`, `obstacle`, `trap`, `hazard`, `difficult-terrain`, `treasure`,
    /// `door`, …
    #[serde(rename = "type")]
    pub kind: String,
    /// The subtype where the type has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sub_type: Option<String>,
    /// A chest's number (treasure chests).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// A coin pile's amount.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<u32>,
    /// The two tiles a door overlay joins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub links: Option<Vec<String>>,
}

/// A monster standee.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MonsterEntry {
    /// The board's monster id.
    pub monster: String,
    /// Its cell in the tile's frame.
    pub initial_x: i32,
    /// Its cell in the tile's frame.
    pub initial_y: i32,
    /// `none`, `normal` or `elite` with two players.
    pub two_player: String,
    /// With three players.
    pub three_player: String,
    /// With four players.
    pub four_player: String,
}

/// The board's id of a catalog monster (Vicious Drake is the board's `rending-drake`).
#[must_use]
pub fn monster_id(name: &str) -> String {
    if name == "Vicious Drake" {
        return "rending-drake".into();
    }
    name.to_lowercase().replace(' ', "-")
}

/// The board's picture orientation for a door on an edge whose outward facing is `facing`
/// (0..11, 30° steps clockwise from north).
fn door_direction(facing: u8) -> &'static str {
    match (u32::from(facing) * 30) % 180 {
        0 => "default",
        30 | 60 => "diagonal-left",
        90 => "vertical",
        _ => "diagonal-right",
    }
}

/// A placed tile's transform to the board's frame.
struct Frame {
    tile: PlacedTile,
    k: u8,
    t: Hex,
}

impl Frame {
    /// A map hex in the tile's board frame.
    fn local(&self, p: Hex) -> (i32, i32) {
        let h = (p - self.tile.offset).rotate((6 - self.tile.rotation % 6) % 6);
        offset(h.rotate(self.k) + self.t)
    }
}

/// Writes a scenario for the board, turned by `g` × 60° on the board. Loop-closing joins become
/// door overlays; monsters get their two-, three- and four-player levels from
/// [`levels`] (the scenario's counts are for four players).
///
/// # Errors
/// [`VgbError`] when a tile has no board frame or a piece stands off the map.
pub fn export(
    catalog: &Catalog,
    s: &Scenario,
    title: &str,
    g: u8,
) -> Result<VgbScenario, VgbError> {
    let g = g % 6;
    if s.map.tiles.is_empty() {
        return Err(VgbError::Layout("the scenario has no tiles".into()));
    }
    let frames: Vec<Frame> = s
        .map
        .tiles
        .iter()
        .map(|&tile| {
            let id = &catalog.tiles[tile.tile].id;
            let (k, t, _) = frame(id).ok_or_else(|| VgbError::UnknownTile(id.clone()))?;
            Ok(Frame { tile, k, t })
        })
        .collect::<Result<_, VgbError>>()?;
    let refs: Vec<String> = s
        .map
        .tiles
        .iter()
        .map(|t| catalog.tiles[t.tile].id.to_lowercase())
        .collect();
    // Which tiles each door joins, and the facing of the edge it is on.
    let joints: Vec<(usize, usize, Hex, u8)> = s
        .map
        .doors
        .iter()
        .map(|&d| joint(catalog, &s.map, d))
        .collect::<Result<_, _>>()?;
    let mut data: Vec<TileData> = refs
        .iter()
        .zip(&frames)
        .map(|(r, f)| TileData {
            tile: r.clone(),
            doors: Vec::new(),
            overlays: Vec::new(),
            monsters: Vec::new(),
            turns: i32::from((f.tile.rotation % 6 + 6 - f.k + g) % 6),
        })
        .collect();
    // The tile tree, breadth first from the anchor; extra joins become door overlays.
    let mut in_tree = vec![false; frames.len()];
    in_tree[0] = true;
    let mut queue = VecDeque::from([0usize]);
    let mut children: Vec<Vec<(usize, Hex, u8)>> = vec![Vec::new(); frames.len()];
    let mut used = vec![false; joints.len()];
    while let Some(parent) = queue.pop_front() {
        for (j, &(a, b, d, facing)) in joints.iter().enumerate() {
            if used[j] || (a != parent && b != parent) {
                continue;
            }
            let child = if a == parent { b } else { a };
            if in_tree[child] {
                continue;
            }
            used[j] = true;
            in_tree[child] = true;
            children[parent].push((child, d, facing));
            queue.push_back(child);
        }
    }
    if let Some(lost) = in_tree.iter().position(|&t| !t) {
        return Err(VgbError::Layout(format!(
            "tile {} is joined to the others by no door",
            refs[lost]
        )));
    }
    // The tile that holds a door hex: the parent of a tree door, the first tile of a loop's.
    let mut door_tile: Vec<usize> = joints.iter().map(|j| j.0).collect();
    for (parent, list) in children.iter().enumerate() {
        for &(_, d, _) in list {
            if let Some(j) = joints.iter().position(|j| j.2 == d) {
                door_tile[j] = parent;
            }
        }
    }
    // Placements: on the tile that holds the hex, or on a door's parent tile.
    let owner = |p: Hex| -> Result<usize, VgbError> {
        frames
            .iter()
            .position(|f| f.tile.hexes(catalog).any(|h| h == p))
            .or_else(|| joints.iter().position(|j| j.2 == p).map(|j| door_tile[j]))
            .ok_or_else(|| VgbError::Layout(format!("a piece at {p} stands off the map")))
    };
    let mut next_id = 1;
    let mut put = |data: &mut Vec<TileData>, p: Hex, kind: OverlayRef| -> Result<(), VgbError> {
        let i = owner(p)?;
        let (x, y) = frames[i].local(p);
        data[i].overlays.push(Overlay {
            kind,
            id: next_id,
            direction: "default".into(),
            cells: vec![[x, y]],
        });
        next_id += 1;
        Ok(())
    };
    let simple = |kind: &str, sub: Option<&str>| OverlayRef {
        kind: kind.into(),
        sub_type: sub.map(str::to_string),
        id: None,
        amount: None,
        links: None,
    };
    let p = &s.placements;
    for &h in &p.start {
        put(&mut data, h, simple("starting-location", None))?;
    }
    for &h in &p.obstacles {
        put(&mut data, h, simple("obstacle", Some("boulder-1")))?;
    }
    for &h in &p.traps {
        put(&mut data, h, simple("trap", Some("spike")))?;
    }
    for &h in &p.hazardous_terrain {
        put(&mut data, h, simple("hazard", Some("hot-coals")))?;
    }
    for &h in &p.difficult_terrain {
        put(&mut data, h, simple("difficult-terrain", Some("rubble")))?;
    }
    for &h in &p.coins {
        put(
            &mut data,
            h,
            OverlayRef {
                amount: Some(1),
                ..simple("treasure", Some("coin"))
            },
        )?;
    }
    for (n, &h) in p.chests.iter().enumerate() {
        put(
            &mut data,
            h,
            OverlayRef {
                id: Some((n + 1).to_string()),
                ..simple("treasure", Some("chest"))
            },
        )?;
    }
    // Monsters: group by group, normals then elites.
    let names = s.monsters.iter().flat_map(|g| {
        let name = monster_id(&catalog.monsters[g.monster].name);
        std::iter::repeat_n(name, (g.normal + g.elite) as usize)
    });
    for ((&h, name), level) in p.monsters.iter().zip(names).zip(levels(s)) {
        let i = owner(h)?;
        let (x, y) = frames[i].local(h);
        data[i].monsters.push(MonsterEntry {
            monster: name,
            initial_x: x,
            initial_y: y,
            two_player: level[0].name().into(),
            three_player: level[1].name().into(),
            four_player: level[2].name().into(),
        });
    }
    for (j, &(a, b, d, facing)) in joints.iter().enumerate() {
        if !used[j] {
            let (x, y) = frames[a].local(d);
            data[a].overlays.push(Overlay {
                kind: OverlayRef {
                    links: Some(vec![refs[a].clone(), refs[b].clone()]),
                    ..simple("door", Some("stone"))
                },
                id: 0,
                direction: door_direction((facing + 2 * g) % 12).into(),
                cells: vec![[x, y]],
            });
        }
    }
    // Assemble bottom-up.
    fn assemble(
        i: usize,
        data: &mut Vec<Option<TileData>>,
        children: &[Vec<(usize, Hex, u8)>],
        frames: &[Frame],
        g: u8,
    ) -> TileData {
        let mut tile = data[i].take().expect("each tile once");
        for &(c, d, facing) in &children[i] {
            let (x1, y1) = frames[i].local(d);
            let (x2, y2) = frames[c].local(d);
            let child = assemble(c, data, children, frames, g);
            tile.doors.push(Door {
                sub_type: "stone".into(),
                direction: door_direction((facing + 2 * g) % 12).into(),
                room1_x: x1,
                room1_y: y1,
                room2_x: x2,
                room2_y: y2,
                map_tile_data: child,
            });
        }
        tile
    }
    let mut slots: Vec<Option<TileData>> = data.into_iter().map(Some).collect();
    let root = assemble(0, &mut slots, &children, &frames, g);
    Ok(VgbScenario {
        id: 0,
        title: title.to_string(),
        map_tile_data: root,
        angle: 0.0,
        additional_monsters: Vec::new(),
    })
}

/// The two tiles a door joins (the one placed first as parent), and the facing of its edge:
/// from the two tiles' links at the door, or, for a published door not on a link, from the
/// two tiles that touch it most.
fn joint(catalog: &Catalog, map: &Map, d: Hex) -> Result<(usize, usize, Hex, u8), VgbError> {
    let with_link: Vec<(usize, u8)> = map
        .tiles
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.links(catalog).find(|l| l.at == d).map(|l| (i, l.facing)))
        .collect();
    let mut touching: Vec<(usize, usize)> = map
        .tiles
        .iter()
        .enumerate()
        .map(|(i, t)| (t.hexes(catalog).filter(|h| h.is_adjacent(d)).count(), i))
        .filter(|&(n, _)| n > 0)
        .map(|(n, i)| (i, n))
        .collect();
    touching.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut pair: Vec<usize> = with_link.iter().map(|&(i, _)| i).collect();
    for &(i, _) in &touching {
        if pair.len() >= 2 {
            break;
        }
        if !pair.contains(&i) {
            pair.push(i);
        }
    }
    if pair.len() < 2 {
        return Err(VgbError::Layout(format!(
            "the door at {d} does not join two tiles"
        )));
    }
    pair.sort_unstable();
    let facing = with_link.first().map_or(0, |&(_, f)| f);
    Ok((pair[0], pair[1], d, facing))
}

/// The whole-grid size of a scenario on the board turned by `g` (the box the Creator's
/// 40 × 40 grid must hold, blank grid cells included, after the board moves the map so that
/// its smallest column is 0 and its smallest row 0 or 1): (columns, rows).
#[must_use]
pub fn board_size(catalog: &Catalog, s: &Scenario, g: u8) -> (i32, i32) {
    let Some(root) = s.map.tiles.first() else {
        return (0, 0);
    };
    // The board lays the root out about its local (0, 0): a map hex p lands on
    // R^g(p − o_root) + R^turns(t_root).
    let shift = match frame(&catalog.tiles[root.tile].id) {
        Some((k, t, _)) => t.rotate((root.rotation + 6 - k + g) % 6),
        None => Hex::default(),
    };
    let mut cells = Vec::new();
    for tile in &s.map.tiles {
        let Some((k, t, (w, h))) = frame(&catalog.tiles[tile.tile].id) else {
            continue;
        };
        for y in 0..h {
            for x in 0..w {
                let model = (cube((x, y)) - t).rotate((6 - k) % 6);
                let p = tile.offset + model.rotate(tile.rotation);
                cells.push(offset((p - root.offset).rotate(g) + shift));
            }
        }
    }
    let min_x = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let max_x = cells.iter().map(|c| c.0).max().unwrap_or(0);
    let min_y = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let max_y = cells.iter().map(|c| c.1).max().unwrap_or(0);
    // An even row shift moves every column alike; an odd first row keeps one blank row.
    (max_x - min_x + 1, max_y - min_y + 1 + min_y.rem_euclid(2))
}

/// The board's grid of a tile side, (columns, rows), blank cells included.
///
/// ```
/// use ludoforge_gloomhaven::vgb::grid_size;
/// assert_eq!(grid_size("L1a"), Some((5, 7)));
/// ```
#[must_use]
pub fn grid_size(side: &str) -> Option<(i32, i32)> {
    frame(side).map(|f| f.2)
}

/// The turn of the board (0..5) that fits the Creator's 40 × 40 grid best, and whether it fits.
#[must_use]
pub fn best_turn(catalog: &Catalog, s: &Scenario) -> (u8, bool) {
    let (g, (w, h)) = (0..6u8)
        .map(|g| (g, board_size(catalog, s, g)))
        .min_by_key(|&(g, (w, h))| (w.max(h), g))
        .expect("six turns");
    (g, w <= CREATOR_LIMIT && h <= CREATOR_LIMIT)
}

/// Reads a board scenario file into a scenario (counts for four players: a monster's
/// `fourPlayer` level; chests with unknown contents are `random`).
///
/// # Errors
/// [`VgbError`] for a file that is not one, unknown tiles, monsters or overlay types.
pub fn import(catalog: &Catalog, text: &str) -> Result<Scenario, VgbError> {
    let file: VgbScenario =
        serde_json::from_str(text).map_err(|e| VgbError::Json(e.to_string()))?;
    check_cells(&file.map_tile_data)?;
    let mut map = Map::default();
    let mut placements = Placements::default();
    let mut groups: BTreeMap<usize, (u32, u32)> = BTreeMap::new();
    let mut order: Vec<usize> = Vec::new();
    let mut group_cells: BTreeMap<(usize, bool), Vec<Hex>> = BTreeMap::new();
    // The board turns the root about its local (0, 0); shift so that the root's own origin,
    // like the model's anchor, sits at [0, 0, 0].
    let root_shift = {
        let root = &file.map_tile_data;
        let side = catalog
            .tiles
            .iter()
            .find(|t| t.id.to_lowercase() == root.tile)
            .ok_or_else(|| VgbError::UnknownTile(root.tile.clone()))?;
        let (_, t, _) = frame(&side.id).ok_or_else(|| VgbError::UnknownTile(root.tile.clone()))?;
        Hex::default() - t.rotate(root.turns.rem_euclid(6) as u8)
    };
    // Each tile with its pivot: A in its own frame, B on the map (the root: its (0, 0)).
    let mut stack: Vec<(&TileData, Hex, Hex)> =
        vec![(&file.map_tile_data, Hex::default(), root_shift)];
    while let Some((tile, a, b)) = stack.pop() {
        if map
            .tiles
            .iter()
            .any(|t| catalog.tiles[t.tile].id.to_lowercase() == tile.tile)
        {
            return Err(VgbError::Layout(format!(
                "tile {} appears twice; the box holds one of each",
                tile.tile
            )));
        }
        let id = catalog
            .tiles
            .iter()
            .position(|t| t.id.to_lowercase() == tile.tile)
            .ok_or_else(|| VgbError::UnknownTile(tile.tile.clone()))?;
        let (k, t, _) =
            frame(&catalog.tiles[id].id).ok_or_else(|| VgbError::UnknownTile(tile.tile.clone()))?;
        let turns = tile.turns.rem_euclid(6) as u8;
        // The board: map(c) = R^turns(cube(c) − cube(A)) + B, with A, B the door cells.
        let place = move |c: (i32, i32)| (cube(c) - a).rotate(turns) + b;
        let placed = PlacedTile {
            tile: id,
            rotation: (turns + k) % 6,
            offset: b + (t - a).rotate(turns),
        };
        map.tiles.push(placed);
        for o in &tile.overlays {
            let cells: Vec<Hex> = o.cells.iter().map(|&[x, y]| place((x, y))).collect();
            let sub = o.kind.sub_type.as_deref().unwrap_or("");
            let list = match (o.kind.kind.as_str(), sub) {
                ("starting-location", _) => &mut placements.start,
                ("obstacle", _) => &mut placements.obstacles,
                ("trap", _) => &mut placements.traps,
                ("hazard", _) => &mut placements.hazardous_terrain,
                ("difficult-terrain", _) => &mut placements.difficult_terrain,
                ("treasure", "coin") => &mut placements.coins,
                ("treasure", "chest") => &mut placements.chests,
                ("door", _) => &mut map.doors,
                ("wall" | "rift" | "highlight" | "token", _) => continue,
                (kind, sub) => return Err(VgbError::UnknownOverlay(format!("{kind}/{sub}"))),
            };
            list.extend(cells.first().copied());
            if matches!(
                o.kind.kind.as_str(),
                "obstacle" | "hazard" | "difficult-terrain"
            ) {
                list.extend(cells.iter().skip(1).copied());
            }
        }
        for m in &tile.monsters {
            let monster = catalog
                .monsters
                .iter()
                .position(|c| monster_id(&c.name) == m.monster)
                .ok_or_else(|| VgbError::UnknownMonster(m.monster.clone()))?;
            let elite = match m.four_player.as_str() {
                "elite" => true,
                "normal" => false,
                "none" => continue,
                other => return Err(VgbError::Json(format!("unknown level {other:?}"))),
            };
            if !groups.contains_key(&monster) {
                order.push(monster);
            }
            let g = groups.entry(monster).or_insert((0, 0));
            if elite {
                g.1 += 1
            } else {
                g.0 += 1
            }
            group_cells
                .entry((monster, elite))
                .or_default()
                .push(place((m.initial_x, m.initial_y)));
        }
        for d in tile.doors.iter().rev() {
            let at = place((d.room1_x, d.room1_y));
            map.doors.push(at);
            stack.push((&d.map_tile_data, cube((d.room2_x, d.room2_y)), at));
        }
    }
    let mut monsters = Vec::new();
    for m in order {
        let (normal, elite) = groups[&m];
        monsters.push(Group {
            monster: m,
            normal,
            elite,
        });
        placements
            .monsters
            .extend(group_cells.remove(&(m, false)).unwrap_or_default());
        placements
            .monsters
            .extend(group_cells.remove(&(m, true)).unwrap_or_default());
    }
    let chests = vec!["random".to_string(); placements.chests.len()];
    let s = Scenario {
        name: file.title,
        goal: Goal::KillAll,
        rules: Vec::new(),
        overlays: Overlays::placed(&placements),
        coins: placements.coins.len() as u32,
        chests,
        map,
        monsters,
        placements,
        exit: None,
    };
    if let Some(h) = s.beyond_reach() {
        return Err(VgbError::Layout(format!(
            "the doors place a tile or piece at {h}, more than {MAX_REACH} hexes out: not a \
             board layout"
        )));
    }
    Ok(s)
}

/// Refuses cells farther out than any board grid before any arithmetic on them.
fn check_cells(tile: &TileData) -> Result<(), VgbError> {
    let mut stack = vec![tile];
    while let Some(t) = stack.pop() {
        let cells = t
            .overlays
            .iter()
            .flat_map(|o| o.cells.iter().map(|&[x, y]| (x, y)))
            .chain(t.monsters.iter().map(|m| (m.initial_x, m.initial_y)))
            .chain(
                t.doors
                    .iter()
                    .flat_map(|d| [(d.room1_x, d.room1_y), (d.room2_x, d.room2_y)]),
            );
        for (x, y) in cells {
            if x.unsigned_abs() > MAX_REACH as u32 || y.unsigned_abs() > MAX_REACH as u32 {
                return Err(VgbError::Layout(format!(
                    "cell ({x}, {y}) of tile {} is more than {MAX_REACH} cells out: not a \
                     board layout",
                    t.tile
                )));
            }
        }
        stack.extend(t.doors.iter().map(|d| &d.map_tile_data));
    }
    Ok(())
}

/// The board's local cell of a hex of tile side `side` in the side's own frame.
///
/// ```
/// use ludoforge_gloomhaven::hex::Hex;
/// use ludoforge_gloomhaven::vgb::local_cell;
/// // A1a's exit at [4, 0, -4] is the board's a1a cell (4, 1).
/// assert_eq!(local_cell("A1a", Hex::new(4, 0, -4).unwrap()), Some((4, 1)));
/// ```
#[must_use]
pub fn local_cell(side: &str, h: Hex) -> Option<(i32, i32)> {
    let (k, t, _) = frame(side)?;
    Some(offset(h.rotate(k) + t))
}
