//! The search's crossover: the five gene groups each from one parent, the pieces on the map
//! parent's hexes of their kind.

use ludoforge_evolve::rng::coin;
use ludoforge_evolve::{Crossover, Stream};

use super::GloomProblem;
use crate::catalog::{Catalog, Category};
use crate::hex::Hex;
use crate::place::{NOWHERE, reuse};
use crate::scenario::{Chest, Coin, Overlay, Scenario, Standee};

/// An overlay's class in crossover, its category and size: a piece takes the hex of a piece
/// of its class.
fn class(catalog: &Catalog, o: &Overlay) -> (Category, u8) {
    let k = &catalog.overlays[usize::from(o.kind)];
    (k.category, k.hexes)
}

/// The classes of `overlays`, in order, each once.
fn classes(catalog: &Catalog, overlays: &[Overlay]) -> Vec<(Category, u8)> {
    let mut classes: Vec<(Category, u8)> = overlays.iter().map(|o| class(catalog, o)).collect();
    classes.sort();
    classes.dedup();
    classes
}

/// A child of a map parent `m` with the monsters of `x`, the overlay tiles of `y` and the
/// treasure of `t`: the pieces keep the map parent's hexes (its standees' hexes for the
/// standees, its overlays' of the same category and size for the overlays, and so on), a
/// random subset where the map parent has more, waiting for a hex where it has fewer. The
/// child has no name, number or rules yet, and the map parent's goal.
fn assemble(catalog: &Catalog, [m, x, y, t]: [&Scenario; 4], rng: &mut Stream) -> Scenario {
    // The map parent's pieces only where they stay (the others are made below).
    let mut child = Scenario {
        name: String::new(),
        number: None,
        goal: m.goal,
        rules: Vec::new(),
        map: m.map.clone(),
        start: m.start.clone(),
        monsters: Vec::new(),
        spawns: Vec::new(),
        overlays: Vec::new(),
        coins: Vec::new(),
        chests: Vec::new(),
        exit: m.exit,
    };
    if std::ptr::eq(x, m) {
        child.monsters.clone_from(&m.monsters);
        child.spawns.clone_from(&m.spawns);
    } else {
        let spots = m.monsters.iter().map(|s| s.at);
        child.monsters = on_spots(&x.monsters, spots, |s, at| Standee { at, ..s }, rng);
        child.spawns.clone_from(&x.spawns);
    }
    if std::ptr::eq(y, m) {
        child.overlays.clone_from(&m.overlays);
    } else {
        let class = |o: &Overlay| class(catalog, o);
        let mut overlays = y.overlays.clone();
        for c in classes(catalog, &y.overlays) {
            let mut wanted: Vec<usize> = Vec::with_capacity(overlays.len());
            wanted.extend((0..overlays.len()).filter(|&i| class(&overlays[i]) == c));
            // Room for the spots padded to as many as are wanted.
            let mut spots: Vec<(Hex, _)> = Vec::with_capacity(m.overlays.len().max(wanted.len()));
            spots.extend(
                m.overlays
                    .iter()
                    .filter(|o| class(o) == c)
                    .map(|o| (o.at, o.direction)),
            );
            let spots = reuse(spots, wanted.len(), (NOWHERE, Default::default()), rng);
            for (i, (at, direction)) in wanted.into_iter().zip(spots) {
                overlays[i].at = at;
                if at != NOWHERE && catalog.overlays[usize::from(overlays[i].kind)].hexes > 1 {
                    overlays[i].direction = direction;
                }
            }
        }
        child.overlays = overlays;
    }
    if std::ptr::eq(t, m) {
        child.coins.clone_from(&m.coins);
        child.chests.clone_from(&m.chests);
    } else {
        let spots = m.coins.iter().map(|c| c.at);
        child.coins = on_spots(&t.coins, spots, |c, at| Coin { at, ..c }, rng);
        let spots = m.chests.iter().map(|c| c.at);
        child.chests = on_spots(&t.chests, spots, |c, at| Chest { at, ..c }, rng);
    }
    child
}

impl Crossover for GloomProblem<'_> {
    /// Each of the five gene groups comes from one parent or the other, 50:50; the second
    /// child takes the other parent's groups. The map carries the start hexes, the exit and
    /// the hexes every piece stands on: each piece takes the map parent's hex of a piece of
    /// its kind and size (a random subset where the map parent has more), or waits for one.
    fn crossover(&self, a: &Scenario, b: &Scenario, rng: &mut Stream) -> (Scenario, Scenario) {
        let flips: [bool; 5] = std::array::from_fn(|_| coin(rng));
        let pick = |flip: bool, first: bool| -> &Scenario { if flip == first { b } else { a } };
        let mut children = [true, false].map(|first| {
            let (r, m, x, y, t) = (
                pick(flips[0], first),
                pick(flips[1], first),
                pick(flips[2], first),
                pick(flips[3], first),
                pick(flips[4], first),
            );
            let mut child = assemble(self.catalog, [m, x, y, t], rng);
            child.goal = r.goal;
            child.rules.clone_from(&r.rules);
            child
        });
        let second = std::mem::take(&mut children[1]);
        (std::mem::take(&mut children[0]), second)
    }

    /// The first child as [`Crossover::crossover`] makes it; the second child's draws are
    /// replayed without assembling it.
    fn first_child(&self, a: &Scenario, b: &Scenario, rng: &mut Stream) -> Scenario {
        let flips: [bool; 5] = std::array::from_fn(|_| coin(rng));
        let pick = |flip: bool, first: bool| -> &Scenario { if flip == first { b } else { a } };
        let [r, m, x, y, t] = flips.map(|flip| pick(flip, true));
        let mut child = assemble(self.catalog, [m, x, y, t], rng);
        child.goal = r.goal;
        child.rules.clone_from(&r.rules);
        let [_, m, x, y, t] = flips.map(|flip| pick(flip, false));
        replay_assemble(self.catalog, [m, x, y, t], rng);
        child
    }
}

/// `pieces` on the hexes of `spots` (a random subset where there are more), the rest waiting
/// for a hex.
fn on_spots<T: Copy>(
    pieces: &[T],
    spots: impl ExactSizeIterator<Item = Hex>,
    place: impl Fn(T, Hex) -> T,
    rng: &mut Stream,
) -> Vec<T> {
    // Room for the spots padded to as many as there are pieces.
    let mut hexes = Vec::with_capacity(spots.len().max(pieces.len()));
    hexes.extend(spots);
    let hexes = reuse(hexes, pieces.len(), NOWHERE, rng);
    pieces
        .iter()
        .zip(hexes)
        .map(|(p, at)| place(*p, at))
        .collect()
}

/// The draws [`assemble`] makes from `rng` for these parents, without the child.
fn replay_assemble(catalog: &Catalog, [m, x, y, t]: [&Scenario; 4], rng: &mut Stream) {
    // `reuse` draws once for each position it drops.
    let skip = |from: usize, to: usize, rng: &mut Stream| {
        for len in (to + 1..=from).rev() {
            ludoforge_evolve::rng::below(rng, len);
        }
    };
    if !std::ptr::eq(x, m) {
        skip(m.monsters.len(), x.monsters.len(), rng);
    }
    if !std::ptr::eq(y, m) {
        let class = |o: &Overlay| class(catalog, o);
        for c in classes(catalog, &y.overlays) {
            let wanted = y.overlays.iter().filter(|o| class(o) == c).count();
            let spots = m.overlays.iter().filter(|o| class(o) == c).count();
            skip(spots, wanted, rng);
        }
    }
    if !std::ptr::eq(t, m) {
        skip(m.coins.len(), t.coins.len(), rng);
        skip(m.chests.len(), t.chests.len(), rng);
    }
}
