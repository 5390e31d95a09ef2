//! Writing a scenario as a board file.

use std::collections::VecDeque;

use super::{
    Door, MonsterEntry, Overlay, OverlayRef, TileData, VgbError, VgbScenario, category_word, cube,
    frame, material_word, monster_id, offset,
};
use crate::catalog::Catalog;
use crate::hex::Hex;
use crate::map::{DoorKind, PlacedTile};
use crate::scenario::{Direction, Label, Scenario};

/// The colour of the highlight that marks the exit of a "reach the exit" scenario on the
/// board (the picture's exit green).
pub const EXIT_COLOUR: &str = "#2e7d32";

/// A placed tile's transform to the board's frame.
pub(super) struct Frame {
    pub(super) tile: PlacedTile,
    pub(super) k: u8,
    pub(super) t: Hex,
}

impl Frame {
    /// A map hex in the tile's board frame.
    pub(super) fn local(&self, p: Hex) -> (i32, i32) {
        let h = (p - self.tile.offset).rotate((6 - self.tile.rotation % 6) % 6);
        offset(h.rotate(self.k) + self.t)
    }
}

/// Each map tile's frame.
pub(super) fn frames(catalog: &Catalog, s: &Scenario) -> Result<Vec<Frame>, VgbError> {
    s.map
        .tiles
        .iter()
        .map(|&tile| {
            let id = &catalog.tiles[tile.tile].id;
            let (k, t, _) = frame(id).ok_or_else(|| VgbError::UnknownTile(id.clone()))?;
            Ok(Frame { tile, k, t })
        })
        .collect()
}

/// Writes a scenario for the board, the whole map turned by `g` × 60°. Doors between tiles
/// join the tile tree (breadth first from the anchor); a second door between two tiles of the
/// tree, or a corridor lying on one tile, becomes a door overlay. Every standee carries its
/// level for two, three and four players; the exit of a "reach the exit" scenario is a
/// highlighted cell ([`EXIT_COLOUR`]).
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
    let frames = frames(catalog, s)?;
    let refs: Vec<String> = s
        .map
        .tiles
        .iter()
        .map(|t| catalog.tiles[t.tile].id.to_lowercase())
        .collect();
    let n = frames.len();
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
    let Tree {
        children,
        tree_door,
        holder,
        in_tree,
    } = tree(s);
    if let Some(lost) = in_tree.iter().position(|&t| !t) {
        return Err(VgbError::Layout(format!(
            "tile {} is joined to the others by no door",
            refs[lost]
        )));
    }
    // The tile a piece is written on: the tile holding its first hex, a door's holder, or
    // (for an overlay lying beside the tiles) the nearest tile.
    let owner = |p: Hex| -> usize {
        frames
            .iter()
            .position(|f| f.tile.hexes(catalog).any(|h| h == p))
            .or_else(|| {
                s.map
                    .doors
                    .iter()
                    .position(|d| d.at == p)
                    .map(|j| holder[j])
            })
            .unwrap_or_else(|| {
                (0..n)
                    .min_by_key(|&i| {
                        frames[i]
                            .tile
                            .hexes(catalog)
                            .map(|h| h.distance(p))
                            .min()
                            .unwrap_or(u32::MAX)
                    })
                    .unwrap_or(0)
            })
    };
    let walkable = s.map.walkable(catalog);
    let mut next_id = 1;
    let mut put = |data: &mut Vec<TileData>,
                   cells: &[Hex],
                   direction: &str,
                   kind: OverlayRef|
     -> Result<(), VgbError> {
        let first = cells[0];
        if !walkable.contains(first) && kind.kind != "obstacle" {
            return Err(VgbError::Layout(format!(
                "a piece at {first} stands off the map"
            )));
        }
        let i = owner(first);
        data[i].overlays.push(Overlay {
            kind,
            id: next_id,
            direction: direction.into(),
            cells: cells
                .iter()
                .map(|&c| {
                    let (x, y) = frames[i].local(c);
                    [x, y]
                })
                .collect(),
        });
        next_id += 1;
        Ok(())
    };
    for &h in &s.start {
        put(
            &mut data,
            &[h],
            "default",
            OverlayRef::simple("starting-location", None),
        )?;
    }
    for o in &s.overlays {
        let kind = &catalog.overlays[usize::from(o.kind)];
        let cells: Vec<Hex> = o.cells(catalog).collect();
        put(
            &mut data,
            &cells,
            o.direction.rotate(g).name(),
            OverlayRef::simple(category_word(kind.category), Some(&kind.id)),
        )?;
    }
    for c in &s.coins {
        put(
            &mut data,
            &[c.at],
            "default",
            OverlayRef {
                amount: Some(u32::from(c.amount)),
                ..OverlayRef::simple("treasure", Some("coin"))
            },
        )?;
    }
    for (i, c) in s.chests.iter().enumerate() {
        let id = match c.label {
            Label::Number(n) => n.to_string(),
            Label::Goal => "goal".into(),
            Label::Locked => "locked".into(),
            Label::None => (i + 1).to_string(),
        };
        put(
            &mut data,
            &[c.at],
            "default",
            OverlayRef {
                id: Some(id),
                ..OverlayRef::simple("treasure", Some("chest"))
            },
        )?;
    }
    if let Some(exit) = s.exit {
        put(
            &mut data,
            &[exit],
            "default",
            OverlayRef {
                colour: Some(EXIT_COLOUR.into()),
                ..OverlayRef::simple("highlight", None)
            },
        )?;
    }
    for m in &s.monsters {
        if !walkable.contains(m.at) {
            return Err(VgbError::Layout(format!(
                "a monster at {} stands off the map",
                m.at
            )));
        }
        let i = owner(m.at);
        let (x, y) = frames[i].local(m.at);
        data[i].monsters.push(MonsterEntry {
            monster: monster_id(&catalog.monsters[usize::from(m.monster)].name),
            initial_x: x,
            initial_y: y,
            two_player: m.levels[0].name().into(),
            three_player: m.levels[1].name().into(),
            four_player: m.levels[2].name().into(),
        });
    }
    // Doors outside the tree: overlays on the tile that holds them.
    for (j, d) in s.map.doors.iter().enumerate() {
        if tree_door[j] {
            continue;
        }
        let [a, b] = d.joins.map(usize::from);
        let (x, y) = frames[a.min(n - 1)].local(d.at);
        let (material, size) = corridor(d.kind);
        let mut cells = vec![[x, y]];
        if size == Some(2) {
            // The board draws a tree door's second corridor cell east of the door cell, turned
            // 60° for diagonal-left and 120° for diagonal-right, in the parent's frame
            // (Scenario.elm 78–94); an overlay names it itself.
            let t = match d.direction {
                Direction::DiagonalLeft => 1,
                Direction::DiagonalRight => 2,
                _ => 0,
            };
            let first = cube((x, y));
            let (x2, y2) = offset(first + (cube((x + 1, y)) - first).rotate(t));
            cells.push([x2, y2]);
        }
        data[a.min(n - 1)].overlays.push(Overlay {
            kind: OverlayRef {
                links: Some(vec![refs[a.min(n - 1)].clone(), refs[b.min(n - 1)].clone()]),
                material,
                size,
                ..OverlayRef::simple("door", Some(d.kind.name()))
            },
            id: 0,
            direction: door_direction(d, g).name().into(),
            cells,
        });
    }
    let mut slots: Vec<Option<TileData>> = data.into_iter().map(Some).collect();
    let root = assemble(0, &mut slots, &children, &frames, s, g);
    let spawns = s
        .spawns
        .iter()
        .map(|&m| monster_id(&catalog.monsters[usize::from(m)].name))
        .collect();
    Ok(VgbScenario {
        id: u32::from(s.number.unwrap_or(0)),
        title: title.to_string(),
        map_tile_data: root,
        angle: 0.0,
        additional_monsters: spawns,
    })
}

/// A door's picture direction on the map turned by `g`: a corridor's turns with the map; a
/// door's picture looks the same turned half way round, so its axis turns with the map. A
/// two-hex corridor keeps its direction: the board lays its second cell by the direction and
/// its tile's turns together (`Scenario.elm` 78–94), so only an unchanged direction keeps that
/// cell where it is (its picture then points as it did before the turn).
fn door_direction(d: &crate::map::Door, g: u8) -> Direction {
    match d.kind {
        DoorKind::Corridor(_, 2) => d.direction,
        DoorKind::Corridor(..) => d.direction.rotate(g),
        _ => d.direction.rotate_axis(g),
    }
}

/// The tile tree a board file is written as.
pub(super) struct Tree {
    /// Each tile's children: (child tile, door index).
    pub(super) children: Vec<Vec<(usize, usize)>>,
    /// Whether each door joins the tree (else it is written as a door overlay).
    pub(super) tree_door: Vec<bool>,
    /// The tile each door's hex is written on: a tree door's parent, else its first tile.
    pub(super) holder: Vec<usize>,
    /// Whether each tile is in the tree (joined to the anchor by doors).
    pub(super) in_tree: Vec<bool>,
}

/// The tile tree, breadth first from the anchor: each tile joins the tree through the first
/// door (in the map's order) from a tile already in it.
pub(super) fn tree(s: &Scenario) -> Tree {
    let n = s.map.tiles.len();
    let mut in_tree = vec![false; n];
    if n > 0 {
        in_tree[0] = true;
    }
    let mut queue = VecDeque::from([0usize]);
    let mut children: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    let mut tree_door = vec![false; s.map.doors.len()];
    let mut holder: Vec<usize> = s
        .map
        .doors
        .iter()
        .map(|d| usize::from(d.joins[0]))
        .collect();
    while let Some(parent) = queue.pop_front() {
        for (j, d) in s.map.doors.iter().enumerate() {
            let [a, b] = d.joins.map(usize::from);
            if tree_door[j] || a == b || (a != parent && b != parent) {
                continue;
            }
            let child = if a == parent { b } else { a };
            if child >= n || in_tree[child] {
                continue;
            }
            tree_door[j] = true;
            holder[j] = parent;
            in_tree[child] = true;
            children[parent].push((child, j));
            queue.push_back(child);
        }
    }
    Tree {
        children,
        tree_door,
        holder,
        in_tree,
    }
}

/// A corridor's material and size, as the board writes them.
fn corridor(kind: DoorKind) -> (Option<String>, Option<u8>) {
    match kind {
        DoorKind::Corridor(m, size) => (Some(material_word(m).into()), Some(size)),
        _ => (None, None),
    }
}

/// The tree below tile `i`, bottom-up.
fn assemble(
    i: usize,
    data: &mut Vec<Option<TileData>>,
    children: &[Vec<(usize, usize)>],
    frames: &[Frame],
    s: &Scenario,
    g: u8,
) -> TileData {
    let mut tile = data[i].take().expect("each tile once");
    for &(c, j) in &children[i] {
        let d = &s.map.doors[j];
        let (x1, y1) = frames[i].local(d.at);
        let (x2, y2) = frames[c].local(d.at);
        let child = assemble(c, data, children, frames, s, g);
        let (material, size) = corridor(d.kind);
        tile.doors.push(Door {
            sub_type: d.kind.name().into(),
            material,
            size,
            direction: door_direction(d, g).name().into(),
            room1_x: x1,
            room1_y: y1,
            room2_x: x2,
            room2_y: y2,
            map_tile_data: child,
        });
    }
    tile
}
