//! The gene groups' mutations, as the paper and the published code apply them.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::{below, coin, normal, unit, weighted};

use crate::catalog::Catalog;
use crate::scenario::{Group, Scenario};

/// A chain of draws: the first happens with probability 0.8, each next with half the
/// probability of the one before (so 0, 1, 2, 3 draws with probability .20, .48, .256, .058).
fn chain(rng: &mut Stream) -> usize {
    let mut p = 0.8;
    let mut n = 0;
    while unit(rng) < p {
        n += 1;
        p /= 2.0;
    }
    n
}

/// New special rules: a chain of draws from the catalog's rules (duplicates collapse).
pub fn rules(catalog: &Catalog, s: &mut Scenario, rng: &mut Stream) {
    let mut rules: Vec<String> = (0..chain(rng))
        .map(|_| catalog.rules[below(rng, catalog.rules.len())].clone())
        .collect();
    rules.sort();
    rules.dedup();
    s.rules = rules;
}

/// A count changed by a normal factor: |round(N(μ, μ/4))|, or N(0, 1) from 0, so about 95%
/// of new counts lie within 0.5–1.5 × μ.
#[must_use]
pub fn jiggle(count: u32, rng: &mut Stream) -> u32 {
    let mu = f64::from(count);
    let sd = if count == 0 { 1.0 } else { mu / 4.0 };
    normal(rng, mu, sd).round().abs() as u32
}

/// New overlay counts: each of obstacles, traps, hazardous and difficult terrain jiggled.
pub fn overlays(s: &mut Scenario, rng: &mut Stream) {
    let o = &mut s.overlays;
    o.obstacles = jiggle(o.obstacles, rng);
    o.traps = jiggle(o.traps, rng);
    o.hazardous_terrain = jiggle(o.hazardous_terrain, rng);
    o.difficult_terrain = jiggle(o.difficult_terrain, rng);
}

/// New treasure: coins jiggled, chests a chain of draws from the catalog's contents.
pub fn treasure(catalog: &Catalog, s: &mut Scenario, rng: &mut Stream) {
    s.coins = jiggle(s.coins, rng);
    s.chests = (0..chain(rng))
        .map(|_| catalog.chests[below(rng, catalog.chests.len())].clone())
        .collect();
}

/// Monsters of the first type's theme are this many times as likely as others.
pub const MONSTER_THEME_BIAS: f64 = 2.0;

/// New monsters: a total difficulty D' = max(10, round(N(D, D/8))) and a number of types
/// N' = max(2, round(N(N, N/4))) around the current ones; the first type uniform, the others
/// drawn with [`MONSTER_THEME_BIAS`] for the first type's theme; each type starts with one
/// normal, then a random group gains a normal or has a normal turned elite until the
/// difficulty reaches D'. Never beyond the standees in the box: a full group can only turn a
/// normal elite, and the filling stops when no group can grow.
pub fn monsters(catalog: &Catalog, s: &mut Scenario, rng: &mut Stream) {
    let d = f64::from(s.difficulty(catalog));
    let n = s.monsters.len() as f64;
    let target = normal(rng, d, d / 8.0).round().max(10.0) as u32;
    let types = (normal(rng, n, n / 4.0).round().max(2.0) as usize).min(catalog.monsters.len());
    let first = below(rng, catalog.monsters.len());
    let theme = &catalog.monsters[first].theme;
    let mut chosen = vec![first];
    while chosen.len() < types {
        let weights: Vec<f64> = catalog
            .monsters
            .iter()
            .enumerate()
            .map(|(i, m)| {
                if chosen.contains(&i) {
                    0.0
                } else if &m.theme == theme {
                    MONSTER_THEME_BIAS
                } else {
                    1.0
                }
            })
            .collect();
        match weighted(rng, &weights) {
            Some(i) => chosen.push(i),
            None => break,
        }
    }
    let mut groups: Vec<Group> = chosen
        .into_iter()
        .map(|monster| Group {
            monster,
            normal: 1,
            elite: 0,
        })
        .collect();
    let mut current: u32 = groups
        .iter()
        .map(|g| catalog.monsters[g.monster].difficulty)
        .sum();
    while current < target {
        let growable: Vec<usize> = (0..groups.len())
            .filter(|&i| {
                let g = &groups[i];
                g.normal > 0 || g.normal + g.elite < catalog.monsters[g.monster].standees
            })
            .collect();
        if growable.is_empty() {
            break;
        }
        let g = &mut groups[growable[below(rng, growable.len())]];
        let full = g.normal + g.elite >= catalog.monsters[g.monster].standees;
        if g.normal > 0 && (full || coin(rng)) {
            g.normal -= 1;
            g.elite += 1;
        } else {
            g.normal += 1;
        }
        current += catalog.monsters[g.monster].difficulty;
    }
    s.monsters = groups;
}
