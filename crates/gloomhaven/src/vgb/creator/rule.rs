//! The Creator's export, judged without writing it: the seven-cell scan, the exporter's walk
//! and the clauses under which the map changes.

#![allow(clippy::wildcard_imports)]

use super::board::*;
use super::parts::*;
use super::plan::*;
use super::*;

/// The tiles the exporter sees around a board hex: `look`, at most seven tile ids.
#[derive(Clone, Copy)]
pub(super) struct Look {
    pub(super) tiles: [usize; 7],
    pub(super) len: usize,
}

impl Look {
    pub(super) fn as_slice(&self) -> &[usize] {
        &self.tiles[..self.len]
    }

    /// The tile the exporter gives a piece to.
    pub(super) fn att(&self) -> Option<usize> {
        self.as_slice().first().copied()
    }

    /// A door's links: the distinct tiles, each at its last place (Creator.elm 598-612).
    pub(super) fn links(&self) -> Vec<usize> {
        let s = self.as_slice();
        (0..s.len())
            .filter(|&i| !s[i + 1..].contains(&s[i]))
            .map(|i| s[i])
            .collect()
    }
}

/// A door of the board, as the exporter sees it.
pub(super) struct RuleDoor {
    /// Index into [`Board::placed`].
    pub(super) placed: usize,
    pub(super) cell: Hex,
    /// The file's links, sorted, without repeats.
    pub(super) pair: Vec<usize>,
    pub(super) links: Vec<usize>,
}

/// The Creator's state after Import (Creator.elm 717-873), as far as Export uses it.
pub(super) struct Creator<'p> {
    pub(super) plan: &'p Plan,
    pub(super) board: Board,
    /// `T`, newest first, as tile ids (`roomData`, Creator.elm 842-852).
    pub(super) t: Vec<usize>,
    /// The distinct nodes of `T`, in its order.
    pub(super) order: Vec<usize>,
    /// Per tile id, its first node in `T` (its `roomData` and `cachedRoomCells` entry).
    pub(super) first: Vec<usize>,
    /// `owner` of every cell in the grids' box (the first tile of `T` whose whole grid covers
    /// it), `usize::MAX` for none.
    pub(super) owners: Vec<usize>,
}

impl<'p> Creator<'p> {
    pub(super) fn of(plan: &'p Plan, board: Board) -> Creator<'p> {
        let t: Vec<usize> = board
            .pushes
            .iter()
            .rev()
            .map(|&i| plan.nodes[i].tile)
            .collect();
        let mut order: Vec<usize> = Vec::with_capacity(plan.nodes.len());
        for &i in board.pushes.iter().rev() {
            if !order.contains(&i) {
                order.push(i);
            }
        }
        let mut first = vec![usize::MAX; plan.refs.len()];
        for &i in order.iter().rev() {
            first[plan.nodes[i].tile] = i;
        }
        let ((x0, y0), (x1, y1)) = board.grids;
        let (w, h) = ((x1 - x0 + 1).max(0) as usize, (y1 - y0 + 1).max(0) as usize);
        let mut owners = vec![usize::MAX; w * h];
        let mut from = Vec::with_capacity(plan.nodes.len() + 1);
        from.push(0);
        for node in &plan.nodes {
            from.push(from[from.len() - 1] + (node.grid.w * node.grid.h) as usize);
        }
        for &i in order.iter().rev() {
            for &(bx, by) in &board.whole[from[i]..from[i + 1]] {
                owners[(by - y0) as usize * w + (bx - x0) as usize] = plan.nodes[i].tile;
            }
        }
        Creator {
            plan,
            board,
            t,
            order,
            first,
            owners,
        }
    }

    /// The first tile of `T` whose whole grid covers `p` (Creator.elm 580-592, 663-675).
    pub(super) fn owner(&self, p: Hex) -> Option<usize> {
        let (x, y) = offset(p);
        let ((x0, y0), (x1, y1)) = self.board.grids;
        if x < x0 || x > x1 || y < y0 || y > y1 {
            return None;
        }
        let w = (x1 - x0 + 1) as usize;
        let t = self.owners[(y - y0) as usize * w + (x - x0) as usize];
        (t != usize::MAX).then_some(t)
    }

    /// The owners of `p` and its six neighbours in the exporter's order (Creator.elm
    /// 567-577): `p`, then `(x, y + 1)` (south-east on an even row, south-west on an odd
    /// one) turned 1..6 steps clockwise about `p`.
    pub(super) fn look(&self, p: Hex) -> Look {
        let first = if offset(p).1.rem_euclid(2) == 0 { 1 } else { 2 };
        let mut look = Look {
            tiles: [0; 7],
            len: 0,
        };
        for k in 0..7 {
            let c = if k == 0 {
                p
            } else {
                p + NEIGHBOURS[(first + k) % 6]
            };
            if let Some(t) = self.owner(c) {
                look.tiles[look.len] = t;
                look.len += 1;
            }
        }
        look
    }

    /// The node of tile `t` in the Creator.
    pub(super) fn node(&self, t: usize) -> Option<&Node> {
        self.first.get(t).and_then(|&i| self.plan.nodes.get(i))
    }

    pub(super) fn name(&self, t: usize) -> String {
        self.plan.refs[t].clone()
    }

    /// The clauses (a)-(h) of [`creator_keeps`].
    pub(super) fn judge(&self, catalog: &Catalog) -> Result<(), CreatorChange> {
        let (plan, board) = (self.plan, &self.board);
        // (f)
        for (k, &i) in self.order.iter().enumerate() {
            let n = &plan.nodes[i];
            if self.order[..k]
                .iter()
                .map(|&j| &plan.nodes[j])
                .any(|m| m.tile == n.tile && (m.origin, m.turns) != (n.origin, n.turns))
            {
                return Err(CreatorChange::PlacedTwice {
                    tile: self.name(n.tile),
                });
            }
        }
        // the doors, and the other overlays with the tile each is written on
        let mut doors: Vec<RuleDoor> = Vec::new();
        let mut written: Vec<(usize, usize)> = Vec::new(); // (tile, placed)
        for (i, o) in board.placed.iter().enumerate() {
            let cell = board.cells(o)[0];
            let look = self.look(cell);
            if o.door.is_some() {
                let mut pair = board.links[o.links.clone()].to_vec();
                pair.sort_unstable();
                pair.dedup();
                if pair.len() < 2 {
                    return Err(CreatorChange::SelfDoor {
                        tile: pair.first().map_or_else(String::new, |&t| self.name(t)),
                        cell: board.cell(cell),
                    });
                }
                doors.push(RuleDoor {
                    placed: i,
                    cell,
                    pair,
                    links: look.links(),
                });
            } else {
                match look.att() {
                    Some(a) => written.push((a, i)),
                    None => {
                        return Err(CreatorChange::Piece {
                            what: if o.start {
                                "starting location"
                            } else {
                                "overlay"
                            }
                            .into(),
                            cell: board.cell(cell),
                        });
                    }
                }
            }
        }
        // the root (Creator.elm 2125-2147): the most doors and starting locations; ties, the
        // last in T (the file's earliest tile)
        let key = |t: usize| {
            doors.iter().filter(|d| d.links.contains(&t)).count()
                + written
                    .iter()
                    .filter(|w| w.0 == t && board.placed[w.1].start)
                    .count()
        };
        let keys: Vec<usize> = self.t.iter().map(|&t| key(t)).collect();
        let best = keys.iter().copied().max().unwrap_or(0);
        let root = self.t[keys.iter().rposition(|&k| k == best).unwrap_or(0)];
        let root_twice = self.t.iter().filter(|&&t| t == root).count() > 1;
        let mut walk = Walk {
            doors: &doors,
            available: (0..doors.len()).collect(),
            edges: vec![None; doors.len()],
            reached: vec![false; plan.refs.len()],
            root,
            root_twice,
        };
        walk.from(root);
        let Walk { edges, reached, .. } = walk;
        // (b), (c)
        for (d, edge) in doors.iter().zip(&edges) {
            let cell = board.cell(d.cell);
            let tiles = || d.pair.iter().map(|&t| self.name(t)).collect();
            let Some((x, y)) = *edge else {
                return Err(CreatorChange::Door {
                    cell,
                    tiles: tiles(),
                    written: None,
                });
            };
            if d.pair != [x.min(y), x.max(y)] {
                return Err(CreatorChange::Door {
                    cell,
                    tiles: tiles(),
                    written: Some([self.name(x), self.name(y)]),
                });
            }
            // the cells the re-imported board draws: the door's, and a two-hex corridor's
            // second hex turned with the walk's parent (Scenario.elm 78-94)
            let placed = &board.placed[d.placed];
            let look = placed.door.expect("a door");
            let turns = self.node(x).map_or(0, |n| n.turns);
            let cells = board.cells(placed);
            let kept = if look.two_hex {
                cells.len() == 2 && cells[1] == d.cell + look.second(turns)
            } else {
                cells.len() == 1
            };
            if !kept {
                return Err(CreatorChange::DoorCells { cell });
            }
        }
        if let Some(n) = plan.nodes.iter().find(|n| !reached[n.tile]) {
            return Err(CreatorChange::Unreached {
                tile: self.name(n.tile),
            });
        }
        // (d), (g)
        let written = Written {
            creator: self,
            doors: &doors,
            edges: &edges,
            overlays: &written,
        };
        for (k, pieces) in board.pieces.iter().enumerate() {
            for &(c, monster) in pieces {
                let cell = board.cell(c);
                let dropped = || CreatorChange::Piece {
                    what: plan.monster_name(catalog, monster),
                    cell,
                };
                let a = self.look(c).att().ok_or_else(dropped)?;
                let by_grid = self.node(a).is_some_and(|n| {
                    let l = n.local(c);
                    n.grid.cell(l) || l == (0, 0)
                });
                if !(by_grid || written.on(a, c) || written.parent(a, c)) {
                    return Err(dropped());
                }
                if board.pieces[..k]
                    .iter()
                    .any(|earlier| earlier.iter().any(|&(q, m)| q == c && m != monster))
                {
                    return Err(CreatorChange::Merged { cell });
                }
            }
        }
        written.revealed(catalog)
    }
}

/// The exporter's walk (`Creator.assignDoorData`, Creator.elm 2204-2287).
pub(super) struct Walk<'d> {
    pub(super) doors: &'d [RuleDoor],
    /// Doors not taken yet, in the board's order.
    pub(super) available: Vec<usize>,
    /// Per door, the tiles it joins: (parent, child).
    pub(super) edges: Vec<Option<(usize, usize)>>,
    pub(super) reached: Vec<bool>,
    pub(super) root: usize,
    /// Whether `T` lists the root twice (then it is among the candidates, 2149-2182).
    pub(super) root_twice: bool,
}

impl Walk<'_> {
    /// From tile `x`, every door not taken yet whose links hold `x` joins `x` to the first
    /// other tile of its links, and the walk goes on from there.
    pub(super) fn from(&mut self, x: usize) {
        self.reached[x] = true;
        let doors = self.doors;
        let mine: Vec<usize> = self
            .available
            .iter()
            .copied()
            .filter(|&i| doors[i].links.contains(&x))
            .collect();
        self.available.retain(|i| !mine.contains(i));
        for i in mine {
            let Some(&y) = doors[i].links.iter().find(|&&l| l != x) else {
                continue;
            };
            if y != self.root || self.root_twice {
                self.from(y);
            } else {
                self.reached[y] = true;
            }
            self.edges[i] = Some((x, y));
        }
    }
}

/// What the board records on a hex: whether it is passable, and its rooms (a tile-id bit set).
pub(super) type Rooms = (bool, u128);

/// The exported file as the exporter writes it: the tree's doors with the walk's parents,
/// and the other overlays with the tile each is written on.
pub(super) struct Written<'c, 'p> {
    pub(super) creator: &'c Creator<'p>,
    pub(super) doors: &'c [RuleDoor],
    pub(super) edges: &'c [Option<(usize, usize)>],
    /// (tile, index into [`Board::placed`])
    pub(super) overlays: &'c [(usize, usize)],
}

impl Written<'_, '_> {
    /// Whether an overlay written on tile `a` covers `p`.
    pub(super) fn on(&self, a: usize, p: Hex) -> bool {
        let board = &self.creator.board;
        self.overlays
            .iter()
            .any(|&(t, i)| t == a && board.cells(&board.placed[i]).contains(&p))
    }

    /// Whether the walk makes tile `a` the parent of a door at `p`.
    pub(super) fn parent(&self, a: usize, p: Hex) -> bool {
        self.doors
            .iter()
            .zip(self.edges)
            .any(|(d, e)| d.cell == p && e.is_some_and(|e| e.0 == a))
    }

    /// The rooms (a tile-id bit set) the re-imported board gives hex `p`, and whether it is
    /// passable (`Game.setCellFromMapTile`, Game.elm 301-334): every tile whose grid holds `p`
    /// as a tile cell, its local (0, 0) or a door it is the parent of, every tile with an
    /// overlay written on `p`, every door's parent at the door; with the links of those doors.
    pub(super) fn rooms(&self, p: Hex) -> Rooms {
        let door_links = |x: usize| {
            self.doors
                .iter()
                .zip(self.edges)
                .filter_map(|(d, e)| e.filter(|e| e.0 == x && d.cell == p))
                .fold(0u128, |acc, (a, b)| acc | 1 << a | 1 << b)
        };
        let (mut passable, mut rooms) = (false, 0u128);
        for (t, &i) in self.creator.first.iter().enumerate() {
            let Some(n) = self.creator.plan.nodes.get(i) else {
                continue;
            };
            let l = n.local(p);
            let links = door_links(t);
            if n.grid.holds(l) && (n.grid.cell(l) || links != 0 || l == (0, 0)) {
                passable |= n.grid.cell(l);
                rooms |= 1 << t | links;
            }
            if self.on(t, p) || self.parent(t, p) {
                passable = true;
                rooms |= 1 << t | links;
            }
        }
        (passable, rooms)
    }

    /// The rooms (a tile-id bit set) the file's board gives hex `p`, and whether it is
    /// passable: every entry of every node at `p` that records it.
    pub(super) fn rooms_before(&self, p: Hex) -> Rooms {
        let plan = self.creator.plan;
        let (mut passable, mut rooms) = (false, 0u128);
        for (i, node) in plan.nodes.iter().enumerate() {
            let l = node.local(p);
            let on_piece = node
                .pieces
                .clone()
                .any(|k| plan.cells[plan.pieces[k].cells.clone()].contains(&l));
            let on_door = plan.doors[node.doors.clone()].iter().any(|d| d.room1 == l);
            if !(node.grid.holds(l) || on_piece || on_door) {
                continue;
            }
            let entry = node.grid.cell(l) || on_piece || on_door;
            let shown = plan.shown(i);
            let mut links = 0u128;
            let mut door_here = false;
            for s in plan.at(shown, l).filter(|&s| plan.is_door(s)) {
                door_here = true;
                for t in plan.links_of(shown, s) {
                    links |= 1 << t;
                }
            }
            if entry || door_here || l == (0, 0) {
                passable |= entry;
                rooms |= 1 << node.tile | links;
            }
        }
        (passable, rooms)
    }

    /// (h) The monsters the board shows at first. Revealing the starting rooms
    /// (`Game.revealRooms`, Game.elm 594-703) gives standee numbers to the monsters in them,
    /// and drops those of a type whose bucket has run out. The exporter may write a starting
    /// location or a door on another tile (one whose blank grid corner covers it), so that the
    /// re-imported board reveals other rooms; where a type then runs out of standees that did
    /// not before, monsters are dropped.
    pub(super) fn revealed(&self, catalog: &Catalog) -> Result<(), CreatorChange> {
        let (plan, board) = (self.creator.plan, &self.creator.board);
        // monster types with more standees on the map than the board has, per party size
        let mut over: Vec<(usize, usize, usize)> = Vec::new();
        for (k, pieces) in board.pieces.iter().enumerate() {
            for (i, &(_, m)) in pieces.iter().enumerate() {
                if pieces[..i].iter().any(|p| p.1 == m) {
                    continue;
                }
                let count = pieces.iter().filter(|p| p.1 == m).count();
                match plan.bucket(catalog, m) {
                    Some(b) if count <= b => {}
                    Some(b) => over.push((k, m, b)),
                    None if count <= 1 => {}
                    None => {
                        return Err(CreatorChange::Unsupported(format!(
                            "unknown monster {}",
                            plan.monster_name(catalog, m)
                        )));
                    }
                }
            }
        }
        if over.is_empty() {
            return Ok(());
        }
        if plan.refs.len() > 128 {
            return Err(CreatorChange::Unsupported("more than 128 tiles".into()));
        }
        let starts: Vec<Hex> = board
            .placed
            .iter()
            .filter(|o| o.start)
            .flat_map(|o| board.cells(o).iter().copied())
            .collect();
        let corridors: Vec<u128> = board
            .placed
            .iter()
            .filter(|o| o.door.is_some_and(|d| d.open))
            .map(|o| {
                board.links[o.links.clone()]
                    .iter()
                    .fold(0, |acc, &t| acc | 1 << t)
            })
            .collect();
        let first = |rooms: &dyn Fn(Hex) -> Rooms| {
            let start = starts.iter().fold(0, |acc, &c| acc | rooms(c).1);
            reveal(start, &corridors)
        };
        let before = |p: Hex| self.rooms_before(p);
        let after = |p: Hex| self.rooms(p);
        let (r0, r1) = (first(&before), first(&after));
        // each monster's hex, before and after
        let mut seen: Vec<(Hex, Rooms, Rooms)> = Vec::new();
        for &(k, m, _) in &over {
            for &(p, _) in board.pieces[k].iter().filter(|p| p.1 == m) {
                if !seen.iter().any(|s| s.0 == p) {
                    seen.push((p, before(p), after(p)));
                }
            }
        }
        for (k, m, b) in over {
            let (mut a, mut bb, mut both) = (0, 0, 0);
            for &(p, _) in board.pieces[k].iter().filter(|p| p.1 == m) {
                let Some(&(_, (pass0, rooms0), (pass1, rooms1))) = seen.iter().find(|s| s.0 == p)
                else {
                    continue;
                };
                let x = pass0 && rooms0 & r0 != 0;
                let y = pass1 && rooms1 & r1 != 0;
                a += usize::from(x);
                bb += usize::from(y);
                both += usize::from(x && y);
            }
            // Before, the board shows the a monsters it reveals, dropping a − b of them if
            // a > b; after, it reveals the bb of those that remain.
            let kept = (a == bb && a == both)
                || (a <= b && bb <= b)
                || (a > b && bb <= a && bb - both + both.min(b) <= b);
            if kept {
                continue;
            }
            let monster = plan.monster_name(catalog, m);
            return Err(if a <= b || bb > a {
                CreatorChange::Revealed { monster }
            } else {
                CreatorChange::Undecided { monster }
            });
        }
        Ok(())
    }
}

/// The rooms revealed from `start` through corridors that are not dark (`Game.revealRoom`,
/// Game.elm 675-703).
pub(super) fn reveal(start: u128, corridors: &[u128]) -> u128 {
    let mut revealed = start;
    loop {
        let before = revealed;
        for &c in corridors {
            if c & revealed != 0 {
                revealed |= c;
            }
        }
        if revealed == before {
            return revealed;
        }
    }
}
