//! Where pieces stand: fresh placements for a new map (four start hexes clustered at an edge,
//! everything else on random free hexes), and the repair that makes inherited placements match
//! the counts after crossover and mutation (the published code's `fix`).

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::below;

use crate::catalog::{Catalog, Placements};
use crate::hex::Hex;
use crate::hexset::HexSet;
use crate::scenario::Scenario;

/// Start hexes on a freshly built map.
pub const START_HEXES: usize = 4;

/// The counts each placement list must have, in the order pieces are placed.
fn needed(s: &Scenario) -> [usize; 7] {
    [
        s.monsters
            .iter()
            .map(|g| (g.normal + g.elite) as usize)
            .sum(),
        s.overlays.obstacles as usize,
        s.overlays.traps as usize,
        s.overlays.hazardous_terrain as usize,
        s.overlays.difficult_terrain as usize,
        s.chests.len(),
        s.coins as usize,
    ]
}

fn lists(p: &mut Placements) -> [&mut Vec<Hex>; 7] {
    [
        &mut p.monsters,
        &mut p.obstacles,
        &mut p.traps,
        &mut p.hazardous_terrain,
        &mut p.difficult_terrain,
        &mut p.chests,
        &mut p.coins,
    ]
}

/// Draws one hex of `free` uniformly and removes it.
fn take(free: &mut Vec<Hex>, rng: &mut Stream) -> Option<Hex> {
    (!free.is_empty()).then(|| free.swap_remove(below(rng, free.len())))
}

/// Fresh placements: [`START_HEXES`] start hexes grown as a cluster from a random edge hex
/// (one with fewer than six tile neighbours), then monsters, obstacles, traps, hazardous and
/// difficult terrain, chests and coins on random free tile hexes (never on a door). `false`
/// when the map has too few hexes for everything.
pub fn place(catalog: &Catalog, s: &mut Scenario, rng: &mut Stream) -> bool {
    let tiles: Vec<Hex> = s.map.tile_hexes(catalog);
    let mut on_map = HexSet::around(tiles.iter().copied());
    for &h in &tiles {
        on_map.insert(h);
    }
    let edge: Vec<Hex> = tiles
        .iter()
        .copied()
        .filter(|h| h.neighbours().filter(|&n| on_map.contains(n)).count() < 6)
        .collect();
    if edge.is_empty() {
        return false;
    }
    let seed = edge[below(rng, edge.len())];
    let mut start = vec![seed];
    let mut frontier: Vec<Hex> = seed.neighbours().filter(|&n| on_map.contains(n)).collect();
    while start.len() < START_HEXES {
        let Some(h) = take(&mut frontier, rng) else {
            return false;
        };
        if start.contains(&h) {
            continue;
        }
        start.push(h);
        let next: Vec<Hex> = h
            .neighbours()
            .filter(|n| on_map.contains(*n) && !start.contains(n) && !frontier.contains(n))
            .collect();
        frontier.extend(next);
    }
    let mut free: Vec<Hex> = tiles.into_iter().filter(|h| !start.contains(h)).collect();
    let counts = needed(s);
    s.placements = Placements {
        start,
        ..Placements::default()
    };
    for (list, count) in lists(&mut s.placements).into_iter().zip(counts) {
        for _ in 0..count {
            let Some(h) = take(&mut free, rng) else {
                return false;
            };
            list.push(h);
        }
    }
    true
}

/// Makes the placements match the counts: a list too long keeps a random subset, one too
/// short gets random tile hexes no other piece uses. Chests drawn at random get their content.
/// `false` when the map has too few free hexes.
pub fn fix(catalog: &Catalog, s: &mut Scenario, rng: &mut Stream) -> bool {
    for chest in &mut s.chests {
        if chest == "random" {
            *chest = catalog.chests[below(rng, catalog.chests.len())].clone();
        }
    }
    let counts = needed(s);
    let tiles = s.map.tile_hexes(catalog);
    for (list, &count) in lists(&mut s.placements).iter_mut().zip(&counts) {
        while list.len() > count {
            list.swap_remove(below(rng, list.len()));
        }
    }
    let p = &s.placements;
    let placed = [
        &p.start,
        &p.monsters,
        &p.obstacles,
        &p.traps,
        &p.hazardous_terrain,
        &p.difficult_terrain,
        &p.chests,
        &p.coins,
    ];
    let mut used = HexSet::around(tiles.iter().chain(placed.into_iter().flatten()).copied());
    for &h in placed.into_iter().flatten() {
        used.insert(h);
    }
    let mut free: Vec<Hex> = tiles.into_iter().filter(|&h| !used.contains(h)).collect();
    for (list, count) in lists(&mut s.placements).into_iter().zip(counts) {
        while list.len() < count {
            let Some(h) = take(&mut free, rng) else {
                return false;
            };
            list.push(h);
        }
    }
    true
}

/// Whether every placement list has the length its count asks for.
#[must_use]
pub fn counts_match(s: &Scenario) -> bool {
    let p = &s.placements;
    let lengths = [
        p.monsters.len(),
        p.obstacles.len(),
        p.traps.len(),
        p.hazardous_terrain.len(),
        p.difficult_terrain.len(),
        p.chests.len(),
        p.coins.len(),
    ];
    lengths == needed(s)
}
