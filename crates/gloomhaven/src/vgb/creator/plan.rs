//! The board's layout of a file, read the way the Creator sees it: tile grids, owners,
//! pieces and doors.

#![allow(clippy::wildcard_imports)]

use super::board::*;
use super::parts::*;
use super::rule::*;
use super::*;

/// A board file as the board reads it: its tiles depth first in file order, each with its
/// pieces, monsters and doors.
#[derive(Debug, Clone, Default)]
pub(super) struct Plan {
    pub(super) nodes: Vec<Node>,
    pub(super) pieces: Vec<Piece>,
    pub(super) cells: Vec<(i32, i32)>,
    pub(super) links: Vec<usize>,
    pub(super) monsters: Vec<Monster>,
    pub(super) doors: Vec<TreeDoor>,
    /// Tile references, lower case, by tile id.
    pub(super) refs: Vec<String>,
    /// Monster types the catalog lacks, by `kind` − the catalog's count.
    pub(super) strangers: Vec<String>,
    /// Per tile id, the node whose pieces the board shows.
    pub(super) winner: Vec<usize>,
}

impl Plan {
    /// The file's tree (`ScenarioSync.decodeMapTileData`).
    pub(super) fn of_file(catalog: &Catalog, file: &VgbScenario) -> Result<Plan, CreatorChange> {
        let mut plan = Plan::default();
        let mut names: Vec<String> = Vec::new();
        plan.lay(
            catalog,
            &file.map_tile_data,
            Hex::default(),
            Hex::default(),
            &mut names,
        )?;
        plan.winners();
        Ok(plan)
    }

    /// Lays out `data` with its local cell `a` on board hex `b`, then its children.
    pub(super) fn lay(
        &mut self,
        catalog: &Catalog,
        data: &TileData,
        a: Hex,
        b: Hex,
        names: &mut Vec<String>,
    ) -> Result<usize, CreatorChange> {
        // Hexagon.rotate turns |turns| steps clockwise whatever the sign (Hexagon.elm 6-24);
        // the Creator's rotateRoom turns a negative count not at all (Creator.elm 2033-2074).
        if data.turns < 0 && data.turns % 6 != 0 {
            return Err(CreatorChange::Unsupported(format!(
                "{} has negative turns",
                data.tile
            )));
        }
        let turns = (data.turns.unsigned_abs() % 6) as u8;
        let grid = Grid::named(catalog, &data.tile)
            .ok_or_else(|| CreatorChange::Unsupported(format!("unknown tile {:?}", data.tile)))?;
        let tile = intern(&mut self.refs, &data.tile);
        let mut node = Node::new(tile, grid, turns, b - a.rotate(turns));
        let start = self.pieces.len();
        for o in &data.overlays {
            let first = self.cells.len();
            self.cells.extend(o.cells.iter().map(|&[x, y]| (x, y)));
            let k = &o.kind;
            let sub = k.sub_type.as_deref().unwrap_or("");
            let door = (k.kind == "door").then(|| {
                let from = self.links.len();
                for r in k.links.iter().flatten() {
                    let t = intern(&mut self.refs, r);
                    self.links.push(t);
                }
                let look = door_look(sub, k.material.as_deref(), k.size, &o.direction);
                (look, from..self.links.len())
            });
            let name = match k.kind.as_str() {
                "door" => door_name(sub, k.material.as_deref(), k.size),
                "highlight" => String::new(),
                "rift" | "starting-location" => k.kind.clone(),
                "token" => match k.value.as_deref() {
                    Some(v) if v.len() == 1 && "abcdef123456".contains(v) => format!("token-{v}"),
                    _ => String::new(),
                },
                other => format!("{other}-{sub}"),
            };
            self.pieces.push(Piece {
                cells: first..self.cells.len(),
                name: intern(names, &name) as u32,
                start: k.kind == "starting-location",
                door,
            });
        }
        node.pieces = start..self.pieces.len();
        let start = self.monsters.len();
        for m in &data.monsters {
            let kind = catalog
                .monsters
                .iter()
                .position(|c| {
                    monster_id(&c.name) == m.monster
                        || c.aliases.iter().any(|a| monster_id(a) == m.monster)
                })
                .unwrap_or_else(|| {
                    catalog.monsters.len() + intern(&mut self.strangers, &m.monster)
                });
            let present = |l: &str| !l.eq_ignore_ascii_case("none");
            self.monsters.push(Monster {
                cell: (m.initial_x, m.initial_y),
                kind,
                present: [
                    present(&m.two_player),
                    present(&m.three_player),
                    present(&m.four_player),
                ],
            });
        }
        node.monsters = start..self.monsters.len();
        let start = self.doors.len();
        for d in &data.doors {
            self.doors.push(TreeDoor {
                room1: (d.room1_x, d.room1_y),
                child: usize::MAX,
                name: intern(
                    names,
                    &door_name(&d.sub_type, d.material.as_deref(), d.size),
                ) as u32,
                look: door_look(&d.sub_type, d.material.as_deref(), d.size, &d.direction),
            });
        }
        node.doors = start..self.doors.len();
        let i = self.nodes.len();
        self.nodes.push(node);
        for (j, d) in data.doors.iter().enumerate() {
            let at = self.nodes[i].place((d.room1_x, d.room1_y));
            let child = self.lay(
                catalog,
                &d.map_tile_data,
                cube((d.room2_x, d.room2_y)),
                at,
                names,
            )?;
            self.doors[start + j].child = child;
        }
        Ok(i)
    }

    /// The file [`export()`] writes for `s` turned by `g`, read without writing it: its tree
    /// (breadth first from the anchor over the doors between two tiles), each tile's pieces in
    /// the order `export` writes them (starting locations, overlays, coins, chests, the exit,
    /// then the doors outside the tree), each on the tile holding its first hex (a door's: its
    /// parent, or its first tile outside the tree). `None` for what `export` refuses, and for a
    /// piece off the tiles and doors.
    pub(super) fn of_scenario(catalog: &Catalog, s: &Scenario, g: u8) -> Option<Plan> {
        let frames = frames(catalog, s).ok()?;
        let n = frames.len();
        if n == 0
            || s.map
                .doors
                .iter()
                .any(|d| d.joins.iter().any(|&j| usize::from(j) >= n))
        {
            return None;
        }
        let grids: Vec<Grid> = s
            .map
            .tiles
            .iter()
            .map(|t| Grid::of(catalog, t.tile))
            .collect::<Option<_>>()?;
        // tile ids: the first map tile of each side (a side placed twice is one reference)
        let mut refs: Vec<String> = Vec::new();
        let mut tid = vec![0; n];
        for (i, t) in s.map.tiles.iter().enumerate() {
            tid[i] = match s.map.tiles[..i].iter().position(|u| u.tile == t.tile) {
                Some(j) => tid[j],
                None => {
                    refs.push(catalog.tiles[t.tile].id.to_lowercase());
                    refs.len() - 1
                }
            };
        }
        // the tree, as `export` builds it
        let super::super::export::Tree {
            children,
            tree_door,
            holder,
            in_tree,
        } = super::super::export::tree(s);
        if in_tree.contains(&false) {
            return None;
        }
        // the tile each hex's piece is written on
        let owner = |p: Hex| -> Option<usize> {
            (0..n)
                .find(|&i| grids[i].cell(frames[i].local(p)))
                .or_else(|| {
                    s.map
                        .doors
                        .iter()
                        .position(|d| d.at == p)
                        .map(|j| holder[j])
                })
        };
        // `export` keeps a two-hex corridor's direction whatever the turn (its second hex is
        // laid by the direction and the tile's turns); only there does the direction count
        let look = |d: &crate::map::Door| match d.kind {
            DoorKind::Corridor(m, size) => DoorLook {
                two_hex: size == 2,
                open: m != Material::Dark,
                turn: match d.direction {
                    Direction::DiagonalLeft if size == 2 => 1,
                    Direction::DiagonalRight if size == 2 => 2,
                    _ => 0,
                },
            },
            _ => DoorLook {
                two_hex: false,
                open: false,
                turn: 0,
            },
        };
        let name_of = |kind: DoorKind| -> u32 {
            DOOR_NAMES
                + match kind {
                    DoorKind::Corridor(Material::PressurePlate, 2) => return NAMELESS,
                    DoorKind::Corridor(m, size) => 8 + 4 * m as u32 + u32::from(size),
                    DoorKind::Stone => 1,
                    DoorKind::Wooden => 2,
                    DoorKind::Altar => 3,
                    DoorKind::BreakableWall => 4,
                    DoorKind::DarkFog => 5,
                    DoorKind::LightFog => 6,
                }
        };
        // pieces per map tile, in the order `export` writes them
        let mut plan = Plan {
            refs,
            ..Plan::default()
        };
        let mut pieces: Vec<Vec<Piece>> = vec![Vec::new(); n];
        // An obstacle beside the tiles goes to the nearest tile; any other piece there makes
        // `export` refuse the scenario.
        let nearest = |p: Hex| {
            (0..n).min_by_key(|&i| {
                frames[i]
                    .tile
                    .hexes(catalog)
                    .map(|h| h.distance(p))
                    .min()
                    .unwrap_or(u32::MAX)
            })
        };
        let mut put = |plan: &mut Plan,
                       cells: &mut dyn Iterator<Item = Hex>,
                       name: u32,
                       start: bool,
                       obstacle: bool| {
            let first = cells.next()?;
            let i = owner(first).or_else(|| obstacle.then(|| nearest(first)).flatten())?;
            let from = plan.cells.len();
            plan.cells.push(frames[i].local(first));
            plan.cells.extend(cells.map(|c| frames[i].local(c)));
            pieces[i].push(Piece {
                cells: from..plan.cells.len(),
                name,
                start,
                door: None,
            });
            Some(())
        };
        for &h in &s.start {
            put(&mut plan, &mut std::iter::once(h), START, true, false)?;
        }
        for o in &s.overlays {
            let kind = catalog.overlays.get(usize::from(o.kind))?;
            let name = KIND_NAMES + u32::from(o.kind);
            let obstacle = kind.category == Category::Obstacle;
            put(&mut plan, &mut o.cells(catalog), name, false, obstacle)?;
        }
        for c in &s.coins {
            put(&mut plan, &mut std::iter::once(c.at), COIN, false, false)?;
        }
        for c in &s.chests {
            put(&mut plan, &mut std::iter::once(c.at), CHEST, false, false)?;
        }
        if let Some(exit) = s.exit {
            put(
                &mut plan,
                &mut std::iter::once(exit),
                NAMELESS,
                false,
                false,
            )?;
        }
        for (j, d) in s.map.doors.iter().enumerate() {
            if tree_door[j] {
                continue;
            }
            let [a, b] = d.joins.map(usize::from);
            let from = plan.cells.len();
            let first = frames[a].local(d.at);
            plan.cells.push(first);
            // a two-hex corridor names its second hex as the board draws a tree door's
            let look = look(d);
            if look.two_hex {
                plan.cells.push(offset(cube(first) + look.second(0)));
            }
            let links = plan.links.len();
            plan.links.extend([tid[a], tid[b]]);
            let piece = Piece {
                cells: from..plan.cells.len(),
                name: name_of(d.kind),
                start: false,
                door: Some((look, links..links + 2)),
            };
            pieces[a].push(piece);
        }
        let mut monsters: Vec<Vec<Monster>> = vec![Vec::new(); n];
        for m in &s.monsters {
            let i = owner(m.at)?;
            monsters[i].push(Monster {
                cell: frames[i].local(m.at),
                kind: usize::from(m.monster),
                present: m.levels.map(|l| l != Level::None),
            });
        }
        // the nodes, depth first as `export` nests them
        let root = &frames[0];
        let turns = |i: usize| (frames[i].tile.rotation % 6 + 6 - frames[i].k + g) % 6;
        let shift = root.t.rotate(turns(0));
        let board = |p: Hex| (p - root.tile.offset).rotate(g) + shift;
        let mut stack = vec![(0usize, usize::MAX)];
        while let Some((i, door)) = stack.pop() {
            let f = &frames[i];
            let zero = (-f.t).rotate((6 - f.k) % 6);
            let mut node = Node::new(tid[i], grids[i], turns(i), board(f.tile.place(zero)));
            let from = plan.pieces.len();
            plan.pieces.append(&mut pieces[i]);
            node.pieces = from..plan.pieces.len();
            let from = plan.monsters.len();
            plan.monsters.append(&mut monsters[i]);
            node.monsters = from..plan.monsters.len();
            let from = plan.doors.len();
            for &(_, j) in &children[i] {
                let d = &s.map.doors[j];
                plan.doors.push(TreeDoor {
                    room1: f.local(d.at),
                    child: usize::MAX,
                    name: name_of(d.kind),
                    look: look(d),
                });
            }
            node.doors = from..plan.doors.len();
            if door != usize::MAX {
                plan.doors[door].child = plan.nodes.len();
            }
            plan.nodes.push(node);
            for (k, &(c, _)) in children[i].iter().enumerate().rev() {
                stack.push((c, from + k));
            }
        }
        plan.winners();
        Some(plan)
    }

    /// Which node's pieces the board shows for each tile (`Scenario.
    /// mapTileDataToOverlayList`, Scenario.elm 55-117): a tile's own entry wins over its
    /// subtree, a later door's subtree over an earlier one's.
    pub(super) fn winners(&mut self) {
        self.winner = vec![usize::MAX; self.refs.len()];
        let mut stack = vec![0];
        while let Some(i) = stack.pop() {
            let n = &self.nodes[i];
            if self.winner[n.tile] == usize::MAX {
                self.winner[n.tile] = i;
            }
            stack.extend(self.doors[n.doors.clone()].iter().map(|d| d.child));
        }
    }

    /// The node whose pieces count for node `i`.
    pub(super) fn shown(&self, i: usize) -> &Node {
        &self.nodes[self.winner[self.nodes[i].tile]]
    }

    pub(super) fn first_cell(&self, p: &Piece) -> Option<(i32, i32)> {
        self.cells
            .get(p.cells.start)
            .copied()
            .filter(|_| !p.cells.is_empty())
    }

    /// The overlays of node `w` (pieces, then doors) whose first cell is `l`.
    pub(super) fn at(&self, w: &Node, l: (i32, i32)) -> impl Iterator<Item = Source> + '_ {
        let pieces = w
            .pieces
            .clone()
            .filter(move |&i| self.first_cell(&self.pieces[i]) == Some(l))
            .map(Source::Piece);
        let doors = w
            .doors
            .clone()
            .filter(move |&j| self.doors[j].room1 == l)
            .map(Source::Door);
        pieces.chain(doors)
    }

    pub(super) fn is_door(&self, s: Source) -> bool {
        match s {
            Source::Piece(i) => self.pieces[i].door.is_some(),
            Source::Door(_) => true,
        }
    }

    /// The tile ids a door overlay of node `w` links.
    pub(super) fn links_of(&self, w: &Node, s: Source) -> impl Iterator<Item = usize> + '_ {
        let (file, tree) = match s {
            Source::Piece(i) => (
                self.pieces[i]
                    .door
                    .as_ref()
                    .map(|d| &self.links[d.1.clone()]),
                None,
            ),
            Source::Door(j) => (None, Some([w.tile, self.nodes[self.doors[j].child].tile])),
        };
        file.into_iter()
            .flatten()
            .copied()
            .chain(tree.into_iter().flatten())
    }

    /// The standees the board has of a monster type (`Monster.getMonsterBucketSize`): the
    /// box's, as the catalog counts them.
    pub(super) fn bucket(&self, catalog: &Catalog, kind: usize) -> Option<usize> {
        catalog.monsters.get(kind).map(|m| m.standees as usize)
    }

    /// The board's name of a monster type.
    pub(super) fn monster_name(&self, catalog: &Catalog, kind: usize) -> String {
        match catalog.monsters.get(kind) {
            Some(m) => monster_id(&m.name),
            None => self.strangers[kind - catalog.monsters.len()].clone(),
        }
    }

    /// The clauses of [`creator_keeps`].
    pub(super) fn change(&self, catalog: &Catalog) -> Result<(), CreatorChange> {
        let board = Board::of(self);
        // (e), before the Creator's grid is drawn: within it, every whole grid lies in a box
        // of at most 40 × 41 cells
        let limit = |(x, y): (i32, i32)| {
            x - board.shift.0 >= CREATOR_LIMIT || y - board.shift.1 >= CREATOR_LIMIT
        };
        if let Some(n) = self
            .nodes
            .iter()
            .zip(&board.reach)
            .find(|(_, r)| limit(**r))
        {
            return Err(CreatorChange::BeyondGrid {
                tile: self.refs[n.0.tile].clone(),
            });
        }
        Creator::of(self, board).judge(catalog)
    }
}
