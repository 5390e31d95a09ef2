//! Reading a board file into a scenario.

use std::collections::BTreeMap;

use super::{
    EXIT_COLOUR, OverlayRef, TileData, VgbError, VgbScenario, cube, direction_of, frame,
    material_of, monster_id,
};
use crate::catalog::{Catalog, Category};
use crate::hex::Hex;
use crate::map::{Door, DoorKind, Map, PlacedTile};
use crate::scenario::{
    Chest, Coin, Direction, Goal, Label, Level, MAX_REACH, Overlay, Scenario, Standee,
};

/// A board file read into a scenario, with what the scenario could not keep.
#[derive(Debug, Clone, PartialEq)]
pub struct Import {
    /// The scenario.
    pub scenario: Scenario,
    /// Pieces left out, in words (walls, rifts, tokens, highlights other than the exit's).
    pub dropped: Vec<String>,
}

/// One tile node of the file's tree, laid out: its index in the walk, the map tile it is,
/// and its pivot (its own door cell, and where that lands on the map).
struct Node<'a> {
    data: &'a TileData,
    tile: usize,
    a: Hex,
    b: Hex,
}

impl Node<'_> {
    /// A cell of this node's tile frame on the map.
    fn place(&self, c: (i32, i32)) -> Hex {
        (cube(c) - self.a).rotate(self.data.turns.rem_euclid(6) as u8) + self.b
    }
}

/// For each tile reference, the node whose pieces the board shows: the board keys a tile's
/// pieces by its reference, a tile's own entry winning over its subtree's and a later door's
/// subtree over an earlier one's (`Scenario.elm`, `mapTileDataToOverlayList`).
fn winners(t: &TileData, out: &mut BTreeMap<String, *const TileData>) {
    let mut below: BTreeMap<String, *const TileData> = BTreeMap::new();
    for d in &t.doors {
        let mut child = BTreeMap::new();
        winners(&d.map_tile_data, &mut child);
        below.extend(child);
    }
    below.insert(t.tile.clone(), std::ptr::from_ref(t));
    out.extend(below);
}

fn level(word: &str) -> Result<Level, VgbError> {
    Ok(match word {
        "none" => Level::None,
        "normal" => Level::Normal,
        "elite" => Level::Elite,
        other => return Err(VgbError::Json(format!("unknown monster level {other:?}"))),
    })
}

/// The door kind of a board door's subtype, material and size.
fn door_kind(
    sub_type: &str,
    material: Option<&str>,
    size: Option<u8>,
) -> Result<DoorKind, VgbError> {
    let material = material.and_then(material_of);
    DoorKind::from_name(sub_type, material, size.or(Some(1)))
        .ok_or_else(|| VgbError::UnknownOverlay(format!("door/{sub_type}")))
}

/// Reads a board scenario file into a scenario: the tiles where the board lays them out (the
/// anchor's origin at [0, 0, 0]), every door with its kind, every piece with its kind, every
/// standee with its level for 2, 3 and 4 players, and the monsters the file needs off the map.
/// A tile the tree reaches more than once is one tile joined through several doors; a door
/// from a tile to itself is a corridor lying on it. The file's chests keep their book numbers
/// (their contents are not in the file: drawn at random); a highlighted cell of
/// [`EXIT_COLOUR`] is the exit.
///
/// # Errors
/// [`VgbError`] for a file that is not one, unknown tiles, monsters or overlay types, a tile
/// reached twice at two different places, or a piece whose cells are not its shape.
pub fn import(catalog: &Catalog, text: &str) -> Result<Import, VgbError> {
    let file: VgbScenario = ludoforge_job::params::json_file(text).map_err(VgbError::Json)?;
    check_cells(&file.map_tile_data)?;
    let tile_of = |name: &str| -> Result<usize, VgbError> {
        catalog
            .tile_index(name)
            .filter(|&i| frame(&catalog.tiles[i].id).is_some())
            .ok_or_else(|| VgbError::UnknownTile(name.to_string()))
    };
    // Lay out every node, breadth first from the root.
    let root = &file.map_tile_data;
    let root_tile = tile_of(&root.tile)?;
    let (_, t0, _) = frame(&catalog.tiles[root_tile].id).expect("checked");
    // The board turns the root about its local (0, 0); shift so that the root's own origin,
    // like the model's anchor, sits at [0, 0, 0].
    let shift = Hex::default() - t0.rotate(root.turns.rem_euclid(6) as u8);
    let mut map = Map::default();
    let mut nodes: Vec<Node> = Vec::new();
    let mut queue = std::collections::VecDeque::from([(root, Hex::default(), shift, None)]);
    while let Some((data, a, b, parent)) = queue.pop_front() {
        let id = tile_of(&data.tile)?;
        let (k, t, _) = frame(&catalog.tiles[id].id).expect("checked");
        let turns = data.turns.rem_euclid(6) as u8;
        let placed = PlacedTile {
            tile: id,
            rotation: (turns + k) % 6,
            offset: b + (t - a).rotate(turns),
        };
        let tile = match map.tiles.iter().position(|p| p.tile == id) {
            Some(i) if map.tiles[i] == placed => i,
            Some(_) => {
                return Err(VgbError::Layout(format!(
                    "tile {} appears twice at two different places; the box holds one of each",
                    data.tile
                )));
            }
            None => {
                map.tiles.push(placed);
                map.tiles.len() - 1
            }
        };
        if let Some((parent_tile, at, kind, direction)) = parent {
            map.doors.push(Door {
                at,
                kind,
                direction,
                joins: [parent_tile as u8, tile as u8],
            });
        }
        let node = Node { data, tile, a, b };
        for d in &data.doors {
            let at = node.place((d.room1_x, d.room1_y));
            let kind = door_kind(&d.sub_type, d.material.as_deref(), d.size)?;
            let direction = direction_of(&d.direction).unwrap_or_default();
            queue.push_back((
                &d.map_tile_data,
                cube((d.room2_x, d.room2_y)),
                at,
                Some((tile, at, kind, direction)),
            ));
        }
        nodes.push(node);
        if map.tiles.len() > usize::from(u8::MAX) {
            return Err(VgbError::Layout("more than 255 tiles".into()));
        }
    }
    let mut shown = BTreeMap::new();
    winners(root, &mut shown);
    let mut s = Scenario {
        name: file.title.clone(),
        number: u16::try_from(file.id).ok().filter(|&n| n > 0),
        map,
        ..Scenario::default()
    };
    let mut dropped: Vec<String> = Vec::new();
    let mut seen: Vec<(usize, &OverlayRef, &[[i32; 2]])> = Vec::new();
    for node in &nodes {
        if shown.get(&node.data.tile) != Some(&std::ptr::from_ref(node.data)) {
            continue;
        }
        for o in &node.data.overlays {
            // The board shows two equal overlays on one tile once.
            if seen
                .iter()
                .any(|(t, r, c)| *t == node.tile && **r == o.kind && *c == o.cells.as_slice())
            {
                continue;
            }
            seen.push((node.tile, &o.kind, &o.cells));
            let cells: Vec<Hex> = o.cells.iter().map(|&[x, y]| node.place((x, y))).collect();
            let Some(&at) = cells.first() else { continue };
            let direction = direction_of(&o.direction).unwrap_or_default();
            piece(
                catalog,
                &mut s,
                node,
                &o.kind,
                &cells,
                at,
                direction,
                &mut dropped,
            )?;
        }
        for m in &node.data.monsters {
            let monster = catalog
                .monsters
                .iter()
                .position(|c| {
                    monster_id(&c.name) == m.monster
                        || c.aliases.iter().any(|a| monster_id(a) == m.monster)
                })
                .ok_or_else(|| VgbError::UnknownMonster(m.monster.clone()))?;
            s.monsters.push(Standee {
                monster: monster as u16,
                at: node.place((m.initial_x, m.initial_y)),
                levels: [
                    level(&m.two_player)?,
                    level(&m.three_player)?,
                    level(&m.four_player)?,
                ],
            });
        }
    }
    // Standees grouped by monster, in the order of each monster's first standee.
    let mut order: Vec<u16> = Vec::new();
    for m in &s.monsters {
        if !order.contains(&m.monster) {
            order.push(m.monster);
        }
    }
    s.monsters
        .sort_by_key(|m| order.iter().position(|&o| o == m.monster));
    for name in &file.additional_monsters {
        let m = catalog
            .monsters
            .iter()
            .position(|c| monster_id(&c.name) == *name)
            .ok_or_else(|| VgbError::UnknownMonster(name.clone()))?;
        s.spawns.push(m as u16);
    }
    if s.exit.is_some() {
        s.goal = Goal::ReachExit;
    }
    if let Some(h) = s.beyond_reach(catalog) {
        return Err(VgbError::Layout(format!(
            "the doors place a tile or piece at {h}, more than {MAX_REACH} hexes out: not a \
             board layout"
        )));
    }
    Ok(Import {
        scenario: s,
        dropped,
    })
}

/// Adds one overlay of the file to the scenario.
#[allow(clippy::too_many_arguments)]
fn piece(
    catalog: &Catalog,
    s: &mut Scenario,
    node: &Node,
    kind: &OverlayRef,
    cells: &[Hex],
    at: Hex,
    direction: Direction,
    dropped: &mut Vec<String>,
) -> Result<(), VgbError> {
    let sub = kind.sub_type.as_deref().unwrap_or("");
    let category = match kind.kind.as_str() {
        "starting-location" => {
            s.start.push(at);
            return Ok(());
        }
        "treasure" if sub == "coin" => {
            let amount = kind.amount.unwrap_or(1).clamp(1, u32::from(u8::MAX)) as u8;
            s.coins.push(Coin { at, amount });
            return Ok(());
        }
        "treasure" if sub == "chest" => {
            let label = match kind.id.as_deref() {
                Some("goal") => Label::Goal,
                Some("locked") => Label::Locked,
                Some(n) => n.parse().map(Label::Number).unwrap_or_default(),
                None => Label::None,
            };
            s.chests.push(Chest {
                at,
                content: None,
                label,
            });
            return Ok(());
        }
        "door" => {
            let links = kind.links.clone().unwrap_or_default();
            let mut joins = [node.tile as u8; 2];
            for (slot, name) in joins.iter_mut().zip(&links) {
                let i = s
                    .map
                    .tiles
                    .iter()
                    .position(|t| catalog.tiles[t.tile].id.eq_ignore_ascii_case(name))
                    .ok_or_else(|| {
                        VgbError::Layout(format!(
                            "a door at {at} joins tile {name:?}, which is not on the map"
                        ))
                    })?;
                *slot = i as u8;
            }
            s.map.doors.push(Door {
                at,
                kind: door_kind(sub, kind.material.as_deref(), kind.size)?,
                direction,
                joins,
            });
            return Ok(());
        }
        "highlight"
            if kind
                .colour
                .as_deref()
                .is_some_and(|c| c.eq_ignore_ascii_case(EXIT_COLOUR)) =>
        {
            s.exit = Some(at);
            return Ok(());
        }
        "wall" | "rift" | "token" | "highlight" => {
            dropped.push(format!("a {} at {at}", kind.kind));
            return Ok(());
        }
        "obstacle" => Category::Obstacle,
        "trap" => Category::Trap,
        "hazard" => Category::HazardousTerrain,
        "difficult-terrain" => Category::DifficultTerrain,
        other => return Err(VgbError::UnknownOverlay(format!("{other}/{sub}"))),
    };
    let index = catalog
        .overlay_index(sub)
        .filter(|&i| catalog.overlays[usize::from(i)].category == category)
        .ok_or_else(|| VgbError::UnknownOverlay(format!("{}/{sub}", kind.kind)))?;
    let spec = &catalog.overlays[usize::from(index)];
    if cells.len() != usize::from(spec.hexes) {
        return Err(VgbError::Layout(format!(
            "the {} at {at} covers {} cells; the piece has {}",
            spec.name,
            cells.len(),
            spec.hexes
        )));
    }
    let fits = |d: Direction| spec.cells(at, d).eq(cells.iter().copied());
    let direction = if spec.hexes == 1 || fits(direction) {
        direction
    } else {
        Direction::TURNS
            .into_iter()
            .find(|&d| fits(d))
            .ok_or_else(|| {
                VgbError::Layout(format!(
                    "the {} at {at}: its cells are not the piece's shape",
                    spec.name
                ))
            })?
    };
    s.overlays.push(Overlay {
        kind: index,
        at,
        direction,
    });
    Ok(())
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
