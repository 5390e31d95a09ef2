//! The board as the Creator rebuilds it on import.

#![allow(clippy::wildcard_imports)]

use super::parts::*;
use super::plan::*;
use super::*;

/// Where an overlay of the board comes from: a piece of the file, or a door of the tree
/// (`Scenario.elm` 69-102).
#[derive(Debug, Clone, Copy)]
pub(super) enum Source {
    Piece(usize),
    Door(usize),
}

/// An overlay on the board.
#[derive(Debug, Clone)]
pub(super) struct Placed {
    /// Board hexes (into [`Board::hexes`]), the first one anchoring it.
    pub(super) cells: Range<usize>,
    pub(super) name: u32,
    pub(super) start: bool,
    pub(super) door: Option<DoorLook>,
    /// A door's links (into [`Board::links`]).
    pub(super) links: Range<usize>,
}

/// The board after `Game.generateGameMap` (Game.elm 131-342), as far as the Creator uses it.
pub(super) struct Board {
    /// Nodes in the order the board records them as rooms (oldest first).
    pub(super) pushes: Vec<usize>,
    /// Overlays after `ensureUniqueOverlays` (Game.elm 968-988).
    pub(super) placed: Vec<Placed>,
    pub(super) hexes: Vec<Hex>,
    pub(super) links: Vec<usize>,
    /// Monsters for 2, 3 and 4 characters: (hex, type), one per hex.
    pub(super) pieces: [Vec<(Hex, usize)>; 3],
    /// The board's shift: (smallest column, first row).
    pub(super) shift: (i32, i32),
    /// Per node, the largest column and row of its whole grid (before the shift).
    pub(super) reach: Vec<(i32, i32)>,
    /// The box of every whole grid: (smallest column and row, largest column and row).
    pub(super) grids: ((i32, i32), (i32, i32)),
    /// Every node's whole grid on the board, as cells before the shift, node by node and
    /// row by row.
    pub(super) whole: Vec<(i32, i32)>,
}

impl Board {
    pub(super) fn of(plan: &Plan) -> Board {
        let mut board = Board {
            pushes: Vec::with_capacity(plan.nodes.len() + 4),
            placed: Vec::with_capacity(plan.pieces.len() + plan.doors.len()),
            hexes: Vec::with_capacity(plan.cells.len() + plan.doors.len()),
            links: Vec::new(),
            pieces: Default::default(),
            shift: (0, 0),
            reach: Vec::with_capacity(plan.nodes.len()),
            grids: ((i32::MAX, i32::MAX), (i32::MIN, i32::MIN)),
            whole: Vec::new(),
        };
        board.visit(plan, 0);
        board.bounds(plan);
        board
    }

    /// A board hex as the board's cell.
    pub(super) fn cell(&self, p: Hex) -> (i32, i32) {
        let (x, y) = offset(p);
        (x - self.shift.0, y - self.shift.1)
    }

    pub(super) fn cells(&self, p: &Placed) -> &[Hex] {
        &self.hexes[p.cells.clone()]
    }

    /// Node `i`'s entries, then its children's (`Scenario.mapTileDataToList`): its grid row
    /// by row, its overlays' cells, each door's cell followed by the door's child.
    pub(super) fn visit(&mut self, plan: &Plan, i: usize) {
        let node = &plan.nodes[i];
        let shown = plan.shown(i);
        // Only grid entries at a piece or at local (0, 0) record more than a cell.
        let mut locals: Vec<(i32, i32)> = std::iter::once((0, 0))
            .chain(
                shown
                    .pieces
                    .clone()
                    .filter_map(|p| plan.first_cell(&plan.pieces[p])),
            )
            .chain(plan.doors[shown.doors.clone()].iter().map(|d| d.room1))
            .chain(plan.monsters[shown.monsters.clone()].iter().map(|m| m.cell))
            .filter(|&c| node.grid.holds(c))
            .collect();
        locals.sort_unstable_by_key(|&(x, y)| (y, x));
        locals.dedup();
        // A later entry at a local cell already recorded adds nothing the board keeps (the
        // same overlays and monsters on the same hexes) but another room record at (0, 0).
        let mut done: Vec<(i32, i32)> = Vec::with_capacity(locals.len() + 4);
        for l in locals {
            self.entry(plan, i, l, node.grid.cell(l), &mut done);
        }
        for p in node.pieces.clone().rev() {
            for k in plan.pieces[p].cells.clone() {
                self.entry(plan, i, plan.cells[k], true, &mut done);
            }
        }
        for j in node.doors.clone() {
            self.entry(plan, i, plan.doors[j].room1, true, &mut done);
            self.visit(plan, plan.doors[j].child);
        }
    }

    /// One entry of the map tile list (`Game.setCellFromMapTile`, Game.elm 217-342).
    pub(super) fn entry(
        &mut self,
        plan: &Plan,
        i: usize,
        l: (i32, i32),
        passable: bool,
        done: &mut Vec<(i32, i32)>,
    ) {
        if done.contains(&l) {
            if l == (0, 0) {
                self.pushes.push(i);
            }
            return;
        }
        let node = &plan.nodes[i];
        let shown = plan.shown(i);
        // 336-342: a blank entry that is neither a door cell nor local (0, 0) records nothing
        if !(passable || l == (0, 0) || plan.at(shown, l).any(|s| plan.is_door(s))) {
            return;
        }
        if l == (0, 0) {
            self.pushes.push(i);
        }
        done.push(l);
        for source in plan.at(shown, l) {
            let from = self.hexes.len();
            let (name, start, door) = match source {
                Source::Piece(p) => {
                    let piece = &plan.pieces[p];
                    let cells = plan.cells[piece.cells.clone()].iter();
                    self.hexes.extend(cells.map(|&c| node.place(c)));
                    (piece.name, piece.start, piece.door.as_ref().map(|d| d.0))
                }
                Source::Door(j) => {
                    let d = &plan.doors[j];
                    let first = node.place(l);
                    self.hexes.push(first);
                    if d.look.two_hex {
                        self.hexes.push(first + d.look.second(node.turns));
                    }
                    (d.name, false, Some(d.look))
                }
            };
            let cells = &self.hexes[from..];
            if self
                .placed
                .iter()
                .any(|p| p.name == name && &self.hexes[p.cells.clone()] == cells)
            {
                self.hexes.truncate(from);
                continue;
            }
            let links = self.links.len();
            self.links.extend(plan.links_of(shown, source));
            self.placed.push(Placed {
                cells: from..self.hexes.len(),
                name,
                start,
                door,
                links: links..self.links.len(),
            });
        }
        // the first monster here set up for each party size
        let mut found = [None; 3];
        for m in plan.monsters[shown.monsters.clone()]
            .iter()
            .filter(|m| m.cell == l)
        {
            for (f, &present) in found.iter_mut().zip(&m.present) {
                if present && f.is_none() {
                    *f = Some(m.kind);
                }
            }
        }
        if found.iter().any(Option::is_some) {
            let p = node.place(l);
            for (pieces, kind) in self.pieces.iter_mut().zip(found) {
                if let Some(kind) = kind
                    && !pieces.iter().any(|q| q.0 == p)
                {
                    pieces.push((p, kind));
                }
            }
        }
    }

    /// The board's shift (Game.elm 144-175: every entry, from a box at (0, 0); rows move by
    /// an even count), each node's reach and the box of the grids.
    pub(super) fn bounds(&mut self, plan: &Plan) {
        let (mut min_x, mut min_y) = (0, 0);
        let ((mut gx0, mut gy0), (mut gx1, mut gy1)) = self.grids;
        for node in &plan.nodes {
            let mut reach = (i32::MIN, i32::MIN);
            for y in 0..node.grid.h {
                for x in 0..node.grid.w {
                    let (bx, by) = offset(node.place((x, y)));
                    self.whole.push((bx, by));
                    (gx0, gy0) = (gx0.min(bx), gy0.min(by));
                    reach = (reach.0.max(bx), reach.1.max(by));
                }
            }
            (gx1, gy1) = (gx1.max(reach.0), gy1.max(reach.1));
            let others = node
                .pieces
                .clone()
                .flat_map(|p| plan.cells[plan.pieces[p].cells.clone()].iter().copied())
                .chain(plan.doors[node.doors.clone()].iter().map(|d| d.room1));
            for c in others {
                let (bx, by) = offset(node.place(c));
                (min_x, min_y) = (min_x.min(bx), min_y.min(by));
            }
            self.reach.push(reach);
        }
        (min_x, min_y) = (min_x.min(gx0), min_y.min(gy0));
        self.shift = (min_x, min_y - min_y.rem_euclid(2));
        self.grids = ((gx0, gy0), (gx1, gy1));
    }
}
