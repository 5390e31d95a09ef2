//! Where pieces stand: fresh placements for a new map (four start hexes clustered at an edge,
//! everything else on random free hexes), and the repair that gives a hex to every piece that
//! lost its own in crossover or mutation (the published code's `fix`).
//!
//! A piece waiting for a hex stands at [`NOWHERE`]. Pieces of two or three hexes are laid on
//! free hexes that hold their whole shape, turned any of the six ways.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::below;

use crate::catalog::Catalog;
use crate::hex::Hex;
use crate::hexset::HexSet;
use crate::scenario::{Direction, Scenario};

/// Start hexes on a freshly built map.
pub const START_HEXES: usize = 4;

/// Where a piece waits for a hex: far beyond any map (and beyond
/// [`crate::scenario::MAX_REACH`], so one never reaches a file).
pub const NOWHERE: Hex = Hex {
    x: 1 << 29,
    y: 1 << 29,
    z: -(1 << 30),
};

/// How many anchors and turns a piece of two or three hexes tries before it gives up.
const SHAPE_TRIES: usize = 64;

/// Draws one hex of `free` uniformly and removes it.
fn take(free: &mut Vec<Hex>, rng: &mut Stream) -> Option<Hex> {
    (!free.is_empty()).then(|| free.swap_remove(below(rng, free.len())))
}

/// Lays a piece of `kind` on free hexes: a one-hex piece keeps `direction` (its picture); a
/// larger one tries random anchors and turns until its whole shape is free. Returns its
/// anchor and direction, and takes its hexes out of `free`.
fn take_piece(
    catalog: &Catalog,
    kind: u16,
    direction: Direction,
    free: &mut Vec<Hex>,
    rng: &mut Stream,
) -> Option<(Hex, Direction)> {
    let spec = &catalog.overlays[usize::from(kind)];
    if spec.hexes <= 1 {
        return take(free, rng).map(|h| (h, direction));
    }
    for _ in 0..SHAPE_TRIES {
        if free.is_empty() {
            return None;
        }
        let anchor = free[below(rng, free.len())];
        let turn = Direction::from_turns(below(rng, 6) as u8);
        let cells: Vec<Hex> = spec.cells(anchor, turn).collect();
        if cells.iter().all(|c| free.contains(c)) {
            free.retain(|h| !cells.contains(h));
            return Some((anchor, turn));
        }
    }
    None
}

/// Keeps a random `n` of `positions` (dropping random ones, as the published code trims a
/// placement list), then pads with [`NOWHERE`] up to `n`.
#[must_use]
pub fn reuse<T: Copy>(mut positions: Vec<T>, n: usize, pad: T, rng: &mut Stream) -> Vec<T> {
    while positions.len() > n {
        positions.swap_remove(below(rng, positions.len()));
    }
    positions.resize(n, pad);
    positions
}

/// The tile hexes free of every placed piece, the start hexes and the exit, in map order.
fn free_hexes(catalog: &Catalog, s: &Scenario) -> Vec<Hex> {
    let tiles = s.map.tile_hexes(catalog);
    // Room for every piece's hexes (an overlay tile covers at most three).
    let mut placed: Vec<Hex> = Vec::with_capacity(
        s.start.len()
            + s.monsters.len()
            + 3 * s.overlays.len()
            + s.coins.len()
            + s.chests.len()
            + 1
            + s.map.doors.len(),
    );
    placed.extend(
        s.start
            .iter()
            .copied()
            .chain(s.monsters.iter().map(|m| m.at))
            .chain(
                s.overlays
                    .iter()
                    .filter(|o| o.at != NOWHERE)
                    .flat_map(|o| o.cells(catalog)),
            )
            .chain(s.coins.iter().map(|c| c.at))
            .chain(s.chests.iter().map(|c| c.at))
            .chain(s.exit)
            .chain(s.map.door_hexes())
            .filter(|&h| h != NOWHERE),
    );
    let mut used = HexSet::around(tiles.iter().copied().chain(placed.iter().copied()));
    for &h in &placed {
        used.insert(h);
    }
    tiles.into_iter().filter(|&h| !used.contains(h)).collect()
}

/// Places every piece that waits at [`NOWHERE`]: standees, overlays, chests, then coins, each
/// on random free tile hexes (never on a door, the start or the exit). `false` when the map
/// has too few free hexes.
fn place_waiting(
    catalog: &Catalog,
    s: &mut Scenario,
    mut free: Vec<Hex>,
    rng: &mut Stream,
) -> bool {
    for m in s.monsters.iter_mut().filter(|m| m.at == NOWHERE) {
        let Some(h) = take(&mut free, rng) else {
            return false;
        };
        m.at = h;
    }
    for o in s.overlays.iter_mut().filter(|o| o.at == NOWHERE) {
        let Some((at, direction)) = take_piece(catalog, o.kind, o.direction, &mut free, rng) else {
            return false;
        };
        o.at = at;
        o.direction = direction;
    }
    for c in s.chests.iter_mut().filter(|c| c.at == NOWHERE) {
        let Some(h) = take(&mut free, rng) else {
            return false;
        };
        c.at = h;
    }
    for c in s.coins.iter_mut().filter(|c| c.at == NOWHERE) {
        let Some(h) = take(&mut free, rng) else {
            return false;
        };
        c.at = h;
    }
    true
}

/// Fresh placements: [`START_HEXES`] start hexes grown as a cluster from a random edge hex
/// (one with fewer than six tile neighbours), then standees, overlays, chests and coins on
/// random free tile hexes (never on a door). `false` when the map has too few hexes for
/// everything. The exit, if any, is chosen afterwards by the caller.
pub fn place(catalog: &Catalog, s: &mut Scenario, rng: &mut Stream) -> bool {
    let tiles: Vec<Hex> = s.map.tile_hexes(catalog);
    let mut on_map = HexSet::around(tiles.iter().copied());
    for &h in &tiles {
        on_map.insert(h);
    }
    place_laid(catalog, s, tiles, on_map, rng)
}

/// [`place`] on a map whose tile hexes (`tiles`, as [`crate::map::Map::tile_hexes`] gives
/// them) and the set of them (`on_map`) are known.
pub(crate) fn place_laid(
    catalog: &Catalog,
    s: &mut Scenario,
    tiles: Vec<Hex>,
    mut on_map: HexSet,
    rng: &mut Stream,
) -> bool {
    let mut edge: Vec<Hex> = Vec::with_capacity(tiles.len());
    edge.extend(
        tiles
            .iter()
            .copied()
            .filter(|&h| on_map.neighbours_in(h) < 6),
    );
    if edge.is_empty() {
        return false;
    }
    let seed = edge[below(rng, edge.len())];
    let mut start = Vec::with_capacity(START_HEXES);
    start.push(seed);
    let mut frontier: Vec<Hex> = Vec::with_capacity(6 * START_HEXES);
    frontier.extend(seed.neighbours().filter(|&n| on_map.contains(n)));
    while start.len() < START_HEXES {
        let Some(h) = take(&mut frontier, rng) else {
            return false;
        };
        if start.contains(&h) {
            continue;
        }
        start.push(h);
        for n in h.neighbours() {
            if on_map.contains(n) && !start.contains(&n) && !frontier.contains(&n) {
                frontier.push(n);
            }
        }
    }
    // Corridors of a book map may lie on tile hexes; pieces never stand on a door. (The set
    // of tile hexes is done with: what is left of it is free.)
    for h in start.iter().copied().chain(s.map.door_hexes()) {
        on_map.remove(h);
    }
    let free: Vec<Hex> = tiles.into_iter().filter(|&h| on_map.contains(h)).collect();
    s.start = start;
    s.exit = None;
    for m in &mut s.monsters {
        m.at = NOWHERE;
    }
    for o in &mut s.overlays {
        o.at = NOWHERE;
    }
    for c in &mut s.chests {
        c.at = NOWHERE;
    }
    for c in &mut s.coins {
        c.at = NOWHERE;
    }
    place_waiting(catalog, s, free, rng)
}

/// Gives every waiting piece a hex (standees, overlays, chests, then coins, on random free
/// tile hexes, never on a door, the start or the exit); chests whose content is drawn at
/// random get their content now. `false` when the map has too few free hexes.
pub fn fix(catalog: &Catalog, s: &mut Scenario, rng: &mut Stream) -> bool {
    for chest in &mut s.chests {
        if chest.content.is_none() {
            chest.content = Some(below(rng, catalog.chests.len()) as u16);
        }
    }
    if !waiting(s) {
        return true;
    }
    let free = free_hexes(catalog, s);
    place_waiting(catalog, s, free, rng)
}

/// Whether some piece still waits for a hex.
#[must_use]
pub fn waiting(s: &Scenario) -> bool {
    s.monsters.iter().any(|m| m.at == NOWHERE)
        || s.overlays.iter().any(|o| o.at == NOWHERE)
        || s.chests.iter().any(|c| c.at == NOWHERE)
        || s.coins.iter().any(|c| c.at == NOWHERE)
}
