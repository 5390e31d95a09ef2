//! The variant designer's crossover, mutation and validity (the paper's section 4.3).

use std::collections::BTreeSet;

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::{below, coin, shuffle, unit};
use serde::{Deserialize, Serialize};

use super::naming::name_map;
use crate::graphs::is_planar;
use crate::map::{Continent, MapFile, RiskMap, Territory, TerritoryId};
use crate::rules::{ConquestMove, Distribution, Rules};

/// A variant: the four rule parameters and the map.
///
/// Variants compare and hash by everything they hold (so the engine can count distinct ones);
/// a territory's drawing position is compared as a number, which is sound because positions
/// are finite (JSON has no NaN).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Variant {
    /// The rules.
    pub rules: Rules,
    /// The map.
    pub map: MapFile,
}

impl Eq for Variant {}

impl std::hash::Hash for Variant {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let m = &self.map;
        self.rules.hash(state);
        (&m.name, &m.about, &m.borders, &m.one_way).hash(state);
        for t in &m.territories {
            (t.id, &t.name).hash(state);
            // +0.0 makes -0.0 hash as 0.0, which it equals.
            t.position
                .map(|p| p.map(|x| (x + 0.0).to_bits()))
                .hash(state);
        }
        for c in &m.continents {
            (&c.name, c.bonus, &c.territories).hash(state);
        }
    }
}

/// Why a child was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reject {
    /// Its map is not planar.
    NotPlanar,
    /// Its map is not connected (or otherwise not a valid map).
    Disconnected,
    /// A continent lost all its territories.
    EmptyContinent,
    /// Fewer territories than the lower bound.
    TooSmall,
}

impl std::fmt::Display for Reject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Reject::NotPlanar => "a map that is not planar",
            Reject::Disconnected => "a map that is not connected",
            Reject::EmptyContinent => "a continent left without territories",
            Reject::TooSmall => "fewer territories than the least allowed",
        })
    }
}

/// The reasons children were refused, in words: "400 for fewer territories than the least
/// allowed, 1 for a map that is not planar".
///
/// ```
/// use std::collections::BTreeMap;
/// use ludoforge_risk::design::operators::{Reject, reasons};
/// let counts = BTreeMap::from([(Reject::TooSmall, 400), (Reject::NotPlanar, 1)]);
/// assert_eq!(
///     reasons(&counts),
///     "1 for a map that is not planar, 400 for fewer territories than the least allowed"
/// );
/// ```
#[must_use]
pub fn reasons(counts: &std::collections::BTreeMap<Reject, u32>) -> String {
    counts
        .iter()
        .map(|(reason, count)| format!("{count} for {reason}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Checks a child's map: planar, connected, no empty continent, at least `min_territories`.
///
/// # Errors
/// The first [`Reject`] reason.
pub fn check(map: &MapFile, min_territories: usize) -> Result<(), Reject> {
    if map.continents.iter().any(|c| c.territories.is_empty()) {
        return Err(Reject::EmptyContinent);
    }
    // Two players need a territory each, whatever the bound.
    if map.territories.len() < min_territories.max(2) {
        return Err(Reject::TooSmall);
    }
    if RiskMap::new(map.clone()).is_err() {
        return Err(Reject::Disconnected);
    }
    if !is_planar(map) {
        return Err(Reject::NotPlanar);
    }
    Ok(())
}

/// The four rule parameters: each child takes two from each parent, by a random half mask;
/// the second child takes the complement.
#[must_use]
pub fn cross_rules(a: &Rules, b: &Rules, rng: &mut Stream) -> (Rules, Rules) {
    let mut mask = [true, true, false, false];
    shuffle(rng, &mut mask);
    let pick = |first: bool, x: &Rules, y: &Rules| {
        let p = |i: usize| if mask[i] == first { x } else { y };
        Rules {
            troop_factor: p(0).troop_factor,
            defence_dice: p(1).defence_dice,
            distribution: p(2).distribution,
            conquest_move: p(3).conquest_move,
            ..*x
        }
    };
    (pick(true, a, b), pick(false, a, b))
}

/// A child map from two parents: about half the continents of each (with their territories,
/// internal borders and bonuses), each border a chosen territory of `a` had to the rest of its
/// map replaced by a border to a random territory taken from `b`, and any piece left apart
/// joined to the rest by one new border. The child is [named](super::naming) by its content:
/// a map name of its own and territory names unique within it (the naming draws nothing from
/// `rng`).
#[must_use]
pub fn cross_maps(a: &MapFile, b: &MapFile, rng: &mut Stream) -> MapFile {
    let mut map = crossed(a, b, rng);
    name_map(&mut map);
    map
}

/// [`cross_maps`] before naming: the child, named `child`, keeps its parents' territory
/// names (what `risk-explore` breeds, see [`VariantProblem`](super::VariantProblem)).
pub(crate) fn crossed(a: &MapFile, b: &MapFile, rng: &mut Stream) -> MapFile {
    let choose = |m: &MapFile, rng: &mut Stream| -> Vec<usize> {
        let n = m.continents.len();
        let k = (n / 2 + below(rng, 3)).saturating_sub(1).clamp(1, n);
        let mut all: Vec<usize> = (0..n).collect();
        shuffle(rng, &mut all);
        let mut chosen = all[..k].to_vec();
        chosen.sort_unstable();
        chosen
    };
    let from_a = choose(a, rng);
    let from_b = choose(b, rng);
    let mut territories = Vec::new();
    let mut continents = Vec::new();
    let mut renumber_a = vec![u32::MAX; a.territories.len()];
    let mut renumber_b = vec![u32::MAX; b.territories.len()];
    for (source, chosen, renumber) in [(a, &from_a, &mut renumber_a), (b, &from_b, &mut renumber_b)]
    {
        for &c in chosen {
            let continent = &source.continents[c];
            let mut ids = Vec::new();
            for &t in &continent.territories {
                let id = territories.len() as TerritoryId;
                renumber[t as usize] = id;
                territories.push(Territory {
                    id,
                    name: source.territories[t as usize].name.clone(),
                    position: None,
                });
                ids.push(id);
            }
            continents.push(Continent {
                name: continent.name.clone(),
                bonus: continent.bonus,
                territories: ids,
            });
        }
    }
    let mut borders: BTreeSet<[TerritoryId; 2]> = BTreeSet::new();
    let b_ids: Vec<TerritoryId> = renumber_b
        .iter()
        .copied()
        .filter(|&x| x != u32::MAX)
        .collect();
    for (source, renumber, is_a) in [(a, &renumber_a, true), (b, &renumber_b, false)] {
        for &[x, y] in source.borders.iter().chain(&source.one_way) {
            let (nx, ny) = (renumber[x as usize], renumber[y as usize]);
            if nx != u32::MAX && ny != u32::MAX {
                borders.insert([nx.min(ny), nx.max(ny)]);
            } else if is_a && (nx != u32::MAX || ny != u32::MAX) && !b_ids.is_empty() {
                let inside = if nx != u32::MAX { nx } else { ny };
                let other = b_ids[below(rng, b_ids.len())];
                borders.insert([inside.min(other), inside.max(other)]);
            }
        }
    }
    let mut map = MapFile {
        name: "child".into(),
        about: String::new(),
        territories,
        continents,
        borders: borders.into_iter().collect(),
        one_way: Vec::new(),
    };
    join_pieces(&mut map, rng);
    map
}

/// Adds one border between each piece of the map and the piece holding territory 0.
fn join_pieces(map: &mut MapFile, rng: &mut Stream) {
    let n = map.territories.len();
    if n == 0 {
        return;
    }
    loop {
        let mut next = vec![Vec::new(); n];
        for &[x, y] in &map.borders {
            next[x as usize].push(y);
            next[y as usize].push(x);
        }
        let mut seen = vec![false; n];
        let mut stack = vec![0usize];
        seen[0] = true;
        while let Some(t) = stack.pop() {
            for &u in &next[t] {
                if !std::mem::replace(&mut seen[u as usize], true) {
                    stack.push(u as usize);
                }
            }
        }
        let apart: Vec<usize> = (0..n).filter(|&t| !seen[t]).collect();
        if apart.is_empty() {
            return;
        }
        let inside: Vec<usize> = (0..n).filter(|&t| seen[t]).collect();
        let x = inside[below(rng, inside.len())] as TerritoryId;
        let y = apart[below(rng, apart.len())] as TerritoryId;
        map.borders.push([x.min(y), x.max(y)]);
        map.borders.sort_unstable();
    }
}

/// Mutates a variant: each parameter and each map operator happens with probability `rate`.
/// Parameters: a new troop factor, the other number of defence dice, the other distribution,
/// the other conquest move. Map: add a border, remove a border (keeping every territory
/// bordered), move a territory into a neighbouring continent (which keeps its own continent
/// non-empty), swap two continents' bonuses, change a bonus by one up or down (at least 1).
pub fn mutate(v: &mut Variant, rate: f64, rng: &mut Stream) {
    let r = &mut v.rules;
    if unit(rng) < rate {
        let others: Vec<u32> = (1..=4).filter(|&f| f != r.troop_factor).collect();
        r.troop_factor = others[below(rng, others.len())];
    }
    if unit(rng) < rate {
        r.defence_dice = 5 - r.defence_dice;
    }
    if unit(rng) < rate {
        r.distribution = match r.distribution {
            Distribution::Random => Distribution::Pick,
            Distribution::Pick => Distribution::Random,
        };
    }
    if unit(rng) < rate {
        r.conquest_move = match r.conquest_move {
            ConquestMove::Min => ConquestMove::Max,
            ConquestMove::Max => ConquestMove::Min,
        };
    }
    let m = &mut v.map;
    let n = m.territories.len();
    if n < 2 {
        return;
    }
    if unit(rng) < rate {
        let x = below(rng, n) as TerritoryId;
        let y = below(rng, n) as TerritoryId;
        let border = [x.min(y), x.max(y)];
        if x != y && !m.borders.contains(&border) {
            m.borders.push(border);
            m.borders.sort_unstable();
        }
    }
    if unit(rng) < rate && !m.borders.is_empty() {
        let i = below(rng, m.borders.len());
        let [x, y] = m.borders[i];
        let degree =
            |t: TerritoryId, b: &[[TerritoryId; 2]]| b.iter().filter(|e| e.contains(&t)).count();
        if degree(x, &m.borders) > 1 && degree(y, &m.borders) > 1 {
            m.borders.remove(i);
        }
    }
    if unit(rng) < rate && m.continents.len() > 1 {
        let c = below(rng, m.continents.len());
        let mut members = m.continents[c].territories.clone();
        shuffle(rng, &mut members);
        'search: for t in members {
            for &[x, y] in &m.borders {
                let u = if x == t {
                    y
                } else if y == t {
                    x
                } else {
                    continue;
                };
                let home = m.continents.iter().position(|k| k.territories.contains(&u));
                if let Some(home) = home
                    && home != c
                    && m.continents[home].territories.len() > 1
                {
                    m.continents[home].territories.retain(|&w| w != u);
                    m.continents[c].territories.push(u);
                    m.continents[c].territories.sort_unstable();
                    break 'search;
                }
            }
        }
    }
    if unit(rng) < rate && m.continents.len() > 1 {
        let i = below(rng, m.continents.len());
        let j = below(rng, m.continents.len());
        let (bi, bj) = (m.continents[i].bonus, m.continents[j].bonus);
        m.continents[i].bonus = bj;
        m.continents[j].bonus = bi;
    }
    if unit(rng) < rate {
        let c = below(rng, m.continents.len());
        let b = &mut m.continents[c].bonus;
        *b = if coin(rng) {
            *b + 1
        } else {
            b.saturating_sub(1).max(1)
        };
    }
}

#[cfg(test)]
mod tests {
    use ludoforge_evolve::rng::stream;

    use super::*;

    /// Naming changes names only and leaves the designer's stream where crossover left it, so
    /// the designer makes the same variants with or without it.
    #[test]
    fn naming_a_child_changes_only_names_and_draws_nothing() {
        for seed in 0..40 {
            let (a, b) = (
                RiskMap::embedded("map2").unwrap(),
                RiskMap::embedded("map5").unwrap(),
            );
            let (mut named_rng, mut plain_rng) = (stream(seed, 0, 0), stream(seed, 0, 0));
            let named = cross_maps(a.file(), b.file(), &mut named_rng);
            let plain = crossed(a.file(), b.file(), &mut plain_rng);
            let next = |rng: &mut Stream| (0..4).map(|_| below(rng, 1 << 30)).collect::<Vec<_>>();
            assert_eq!(next(&mut named_rng), next(&mut plain_rng), "seed {seed}");
            assert_eq!(plain.name, "child");
            assert_ne!(named.name, plain.name);
            assert_eq!(
                (&named.borders, &named.one_way),
                (&plain.borders, &plain.one_way)
            );
            // Continents keep their bonus and territories, and their names unless an earlier
            // continent of the child holds it: then another, so that no two share one.
            assert_eq!(named.continents.len(), plain.continents.len());
            let mut seen = std::collections::BTreeSet::new();
            for (n, p) in named.continents.iter().zip(&plain.continents) {
                assert_eq!((n.bonus, &n.territories), (p.bonus, &p.territories));
                assert_eq!(n.name == p.name, !seen.contains(&p.name), "seed {seed}");
                seen.insert(p.name.clone());
            }
            let names: std::collections::BTreeSet<_> =
                named.continents.iter().map(|c| &c.name).collect();
            assert_eq!(names.len(), named.continents.len(), "seed {seed}");
            assert_eq!(named.territories.len(), plain.territories.len());
            for (n, p) in named.territories.iter().zip(&plain.territories) {
                assert_eq!((n.id, n.position), (p.id, p.position));
            }
        }
    }
}
