//! The gene groups' mutations, as the paper and the published code apply them, with the pieces
//! kept as the box holds them: monsters for every party size, overlay tiles by kind.
//!
//! A piece that needs a new hex waits at [`NOWHERE`] until [`crate::place::fix`] lays it.

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::{below, coin, normal, unit, weighted};

use crate::catalog::{Catalog, Category};
use crate::place::{NOWHERE, reuse};
use crate::scenario::{Chest, Coin, Direction, Label, Overlay, Players, Scenario, Standee};
use crate::setup::{derive, levels};

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
    let mut rules: Vec<u8> = (0..chain(rng))
        .map(|_| below(rng, catalog.rules.len()) as u8)
        .collect();
    rules.sort_unstable();
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

/// Which overlay kinds new pieces may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Kinds {
    /// Every kind in the box.
    #[default]
    Any,
    /// One-hex kinds only (the published code's pieces, one hex each).
    OneHex,
}

/// New overlay counts: for each category (obstacles, traps, hazardous, difficult terrain)
/// the count of pieces is jiggled. Fewer: random pieces of the category leave. More: each new
/// piece's kind is drawn with the weights the official scenarios give that kind on tiles of the
/// map's theme (any kind of the category if none), among the kinds the box still holds; when
/// the box holds no more, the count stays lower. New pieces wait for a hex.
pub fn overlays(catalog: &Catalog, s: &mut Scenario, kinds: Kinds, rng: &mut Stream) {
    let theme = crate::names::tile_theme(catalog, s).unwrap_or("");
    // Lists filled afresh for each piece, made once.
    let kinds_count = catalog.overlays.len();
    let (mut mine, mut used) = (Vec::new(), Vec::with_capacity(kinds_count));
    let (mut themed, mut any) = (
        Vec::with_capacity(kinds_count),
        Vec::with_capacity(kinds_count),
    );
    for category in Category::ALL {
        let of_category = |o: &Overlay| catalog.overlays[usize::from(o.kind)].category == category;
        let current = s.overlays.iter().filter(|o| of_category(o)).count() as u32;
        let target = jiggle(current, rng);
        if target < current {
            for _ in target..current {
                mine.clear();
                mine.extend((0..s.overlays.len()).filter(|&i| of_category(&s.overlays[i])));
                s.overlays.remove(mine[below(rng, mine.len())]);
            }
            continue;
        }
        for _ in current..target {
            used.clear();
            used.resize(kinds_count, 0u32);
            for o in &s.overlays {
                used[usize::from(o.kind)] += 1;
            }
            let spare = |i: usize| {
                let k = &catalog.overlays[i];
                k.category == category && used[i] < k.count && (kinds == Kinds::Any || k.hexes == 1)
            };
            themed.clear();
            themed.extend((0..kinds_count).map(|i| {
                if spare(i) {
                    f64::from(*catalog.overlays[i].themes.get(theme).unwrap_or(&0))
                } else {
                    0.0
                }
            }));
            any.clear();
            any.extend((0..kinds_count).map(|i| if spare(i) { 1.0 } else { 0.0 }));
            let Some(kind) = weighted(rng, &themed).or_else(|| weighted(rng, &any)) else {
                break;
            };
            s.overlays.push(Overlay {
                kind: kind as u16,
                at: NOWHERE,
                direction: Direction::Default,
            });
        }
    }
}

/// New treasure: coins jiggled (random coins leave, new ones wait for a hex), chests a chain
/// of draws from the catalog's contents, on the old chests' hexes as far as they go.
pub fn treasure(catalog: &Catalog, s: &mut Scenario, rng: &mut Stream) {
    let target = jiggle(s.coins.len() as u32, rng) as usize;
    let coins: Vec<Coin> = std::mem::take(&mut s.coins);
    s.coins = reuse(
        coins,
        target,
        Coin {
            at: NOWHERE,
            amount: 1,
        },
        rng,
    );
    let contents: Vec<u16> = (0..chain(rng))
        .map(|_| below(rng, catalog.chests.len()) as u16)
        .collect();
    let mut hexes = Vec::with_capacity(s.chests.len().max(contents.len()));
    hexes.extend(s.chests.iter().map(|c| c.at));
    let hexes = reuse(hexes, contents.len(), NOWHERE, rng);
    s.chests = contents
        .into_iter()
        .zip(hexes)
        .map(|(content, at)| Chest {
            at,
            content: Some(content),
            label: Label::None,
        })
        .collect();
}

/// Monsters of the first type's theme are this many times as likely as others. The published
/// code uses 2 (the paper leaves the bias open); ludoforge uses 10, so that new monsters keep
/// to a theme more often (see [`crate::build::TILE_THEME_BIAS`] for the measured effect).
pub const MONSTER_THEME_BIAS: f64 = 10.0;

/// New monsters for a party of `players`, as the published code draws them: a total
/// difficulty D' = max(10, round(N(D, D/8))) and a number of types N' = max(2, round(N(N,
/// N/4))) around those of the party's set-up (D in half points); the first type uniform, the
/// others drawn with [`MONSTER_THEME_BIAS`] for the first type's theme (bosses are never
/// drawn); each type starts with one normal, then a random group gains a normal or has a
/// normal turned elite until the difficulty reaches D' (the group drawn among those whose step
/// fits what is left, so the fill lands on D' when it can; the published code draws among all
/// and may pass D' by up to a step). Never beyond the standees in the box: a
/// full group can only turn a normal elite, and the filling stops when no group can grow.
///
/// The other party sizes are derived by [`crate::setup::derive`]; the standees keep the old
/// standees' hexes as far as they go (a random subset when fewer), new ones wait for a hex.
pub fn monsters(catalog: &Catalog, s: &mut Scenario, players: Players, rng: &mut Stream) {
    let d = f64::from(s.difficulty_points(catalog, players));
    let n = s.groups(players).len() as f64;
    let mut pool: Vec<usize> = Vec::with_capacity(catalog.monsters.len());
    pool.extend((0..catalog.monsters.len()).filter(|&i| !catalog.monsters[i].boss));
    let target = normal(rng, d, d / 8.0).round().max(10.0) as u32;
    let types = (normal(rng, n, n / 4.0).round().max(2.0) as usize).min(pool.len());
    let first = pool[below(rng, pool.len())];
    let theme = &catalog.monsters[first].theme;
    let mut chosen = Vec::with_capacity(types.max(1));
    chosen.push(first);
    let same_theme: Vec<bool> = pool
        .iter()
        .map(|&i| &catalog.monsters[i].theme == theme)
        .collect();
    let mut weights: Vec<f64> = Vec::with_capacity(pool.len());
    while chosen.len() < types {
        weights.clear();
        weights.extend(pool.iter().zip(&same_theme).map(|(i, &same)| {
            if chosen.contains(i) {
                0.0
            } else if same {
                MONSTER_THEME_BIAS
            } else {
                1.0
            }
        }));
        match weighted(rng, &weights) {
            Some(i) => chosen.push(pool[i]),
            None => break,
        }
    }
    // (monster, normal, elite) for the party.
    let mut groups: Vec<(usize, u32, u32)> = chosen.into_iter().map(|m| (m, 1, 0)).collect();
    let mut current: u32 = groups
        .iter()
        .map(|g| catalog.monsters[g.0].difficulty)
        .sum();
    let (mut growable, mut fitting): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
    while current < target {
        growable.clear();
        growable.extend((0..groups.len()).filter(|&i| {
            let g = &groups[i];
            g.1 > 0 || g.1 + g.2 < catalog.monsters[g.0].standees
        }));
        if growable.is_empty() {
            break;
        }
        // Reach the target rather than pass it: groups whose step fits the gap first, else
        // the groups of the smallest step.
        let step = |i: &usize| catalog.monsters[groups[*i].0].difficulty;
        let gap = target - current;
        fitting.clear();
        fitting.extend(growable.iter().copied().filter(|i| step(i) <= gap));
        if fitting.is_empty() {
            let least = growable.iter().map(step).min().unwrap_or(0);
            fitting.extend(growable.iter().copied().filter(|i| step(i) == least));
        }
        let g = &mut groups[fitting[below(rng, fitting.len())]];
        let full = g.1 + g.2 >= catalog.monsters[g.0].standees;
        if g.1 > 0 && (full || coin(rng)) {
            g.1 -= 1;
            g.2 += 1;
        } else {
            g.1 += 1;
        }
        current += catalog.monsters[g.0].difficulty;
    }
    set_monsters(catalog, s, players, &groups, rng);
}

/// Gives the scenario these monster groups for `players` (monster, normal, elite), the other
/// party sizes derived by [`crate::setup::derive`], on the old standees' hexes as far as they
/// go (a random subset when fewer); new standees wait for a hex.
pub fn set_monsters(
    catalog: &Catalog,
    s: &mut Scenario,
    players: Players,
    groups: &[(usize, u32, u32)],
    rng: &mut Stream,
) {
    let mut standees: Vec<Standee> = Vec::with_capacity(s.monsters.len().max(groups.len() * 4));
    for &(monster, n, e) in groups {
        let counts = derive(n, e, players, catalog.monsters[monster].standees.max(n + e));
        for l in levels(&counts) {
            standees.push(Standee {
                monster: monster as u16,
                at: NOWHERE,
                levels: l,
            });
        }
    }
    let mut hexes = Vec::with_capacity(s.monsters.len().max(standees.len()));
    hexes.extend(s.monsters.iter().map(|m| m.at));
    let hexes = reuse(hexes, standees.len(), NOWHERE, rng);
    for (m, at) in standees.iter_mut().zip(hexes) {
        m.at = at;
    }
    s.monsters = standees;
}
