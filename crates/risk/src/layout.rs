//! Where to draw each territory.
//!
//! A map that gives every territory a `position` is drawn where it says (the classic board
//! does). Otherwise (every other embedded map) the territories are placed by a seeded
//! force-directed layout:
//!
//! 1. each continent starts as a cloud of its territories round its own random centre;
//! 2. springs between all pairs of territories, as long as their distance in the map (a border
//!    between continents counting 1.5), set the overall shape (stress majorisation, as in
//!    Kamada–Kawai);
//! 3. a Fruchterman–Reingold run with cooling evens it out: borders pull like springs, nearby
//!    territories push apart, territories of the same continent pull together a little more so
//!    continents come out as clusters, and in the second half a territory lying on a border it
//!    is not part of is pushed off it;
//! 4. a final tidying keeps territories apart from each other and from the borders they are
//!    not part of.
//!
//! Several starts are run and the one with the fewest crossing borders (and territories on
//! borders) is kept. The result is turned so its long side runs across the page and scaled into
//! the unit square. A 42-territory map takes a few tens of milliseconds.
//!
//! ```
//! use ludoforge_risk::layout::layout;
//! use ludoforge_risk::map::RiskMap;
//!
//! let classic = RiskMap::embedded("classic").unwrap();
//! let at = layout(&classic, 1);
//! assert_eq!(at.len(), 42);
//! assert_eq!(at, layout(&classic, 1)); // the same seed, the same picture
//! assert!(at.iter().all(|&(x, y)| (0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y)));
//! ```

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::{stream, unit};

use crate::map::{RiskMap, TerritoryId};

/// Sweeps of stress majorisation before the force-directed run.
const STRESS_SWEEPS: usize = 60;
/// How long a border between continents is in the graph distances the stress springs follow.
const CROSSING_LENGTH: f64 = 1.5;
/// Iterations of one force-directed run.
const ITERATIONS: usize = 100;
/// How far a territory may move in the first iteration, in units of the ideal border length.
const START_TEMPERATURE: f64 = 0.1;
/// Strength of the repulsion between nearby pairs.
const REPULSION: f64 = 1.0;
/// Pairs farther apart than this do not repel (the stress springs hold the overall shape).
const REPULSION_RANGE: f64 = 2.0;
/// Strength of the extra pull between territories of the same continent (borders pull with 1).
const CONTINENT_PULL: f64 = 0.18;
/// A territory nearer than this (in ideal border lengths) to a border it is not part of is
/// pushed off it.
const EDGE_CLEARANCE: f64 = 0.4;
/// No two territories end nearer than this fraction of the mean border length...
const MIN_SEPARATION: f64 = 0.75;
/// ... nor nearer than this fraction to a border they are not part of.
const BORDER_CLEARANCE: f64 = 0.36;
/// Rounds of the final tidying at most.
const TIDY_ROUNDS: usize = 200;
/// Pair-force work (territory pairs × starts) spent on one layout at most; smaller maps get up
/// to [`MAX_STARTS`] starts.
const PAIR_BUDGET: usize = 16_000;
/// The most starts tried.
const MAX_STARTS: usize = 8;

/// Positions of every territory, indexed by territory id, in the unit square: the smallest x
/// and the smallest y are 0 and the longer side of the bounding box is 1 (y grows downwards, as
/// on a page).
///
/// When every territory of the map has a `position`, those are used (only shifted and scaled).
/// Otherwise the force-directed layout of the [module notes](self) places them; the same map and
/// seed always give the same positions, and no two territories end on top of each other.
#[must_use]
pub fn layout(map: &RiskMap, seed: u64) -> Vec<(f64, f64)> {
    let given: Option<Vec<(f64, f64)>> = map
        .file()
        .territories
        .iter()
        .map(|t| {
            t.position
                .filter(|p| p.iter().all(|v| v.is_finite()))
                .map(|[x, y]| (x, y))
        })
        .collect();
    if let Some(given) = given {
        return normalise(given);
    }
    let graph = Graph::new(map);
    let n = graph.n;
    if n == 1 {
        return vec![(0.0, 0.0)];
    }
    let distance = graph.distances();
    let starts = (PAIR_BUDGET / (n * n / 2).max(1)).clamp(1, MAX_STARTS);
    let mut best: Option<(f64, Vec<(f64, f64)>)> = None;
    for start in 0..starts {
        let mut rng = stream(seed, 0x7269_736b, start as u64);
        let mut at = graph.run(&mut rng, &distance);
        graph.tidy(&mut at);
        let score = graph.score(&at);
        if best.as_ref().is_none_or(|(s, _)| score < *s) {
            best = Some((score, at));
        }
    }
    let (_, at) = best.expect("at least one start");
    normalise(landscape(at))
}

/// The map as the layout sees it: undirected edges (borders and one-way arcs alike) and the
/// pairs of territories sharing a continent.
struct Graph {
    n: usize,
    edges: Vec<(usize, usize)>,
    kin: Vec<(usize, usize)>,
    continent: Vec<usize>,
    continents: usize,
}

impl Graph {
    fn new(map: &RiskMap) -> Graph {
        let n = map.territories();
        let mut edges: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| {
                map.neighbours(a as TerritoryId)
                    .iter()
                    .map(move |&b| (a.min(b as usize), a.max(b as usize)))
            })
            .collect();
        edges.sort_unstable();
        edges.dedup();
        let continent: Vec<usize> = (0..n).map(|t| map.continent_of(t as TerritoryId)).collect();
        let kin = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .filter(|&(a, b)| continent[a] == continent[b])
            .collect();
        Graph {
            n,
            edges,
            kin,
            continent,
            continents: map.continents().len(),
        }
    }

    /// Graph distances: a border inside a continent counts 1, one between continents
    /// [`CROSSING_LENGTH`].
    fn distances(&self) -> Vec<Vec<f64>> {
        let n = self.n;
        let mut next: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n];
        for &(a, b) in &self.edges {
            let w = if self.continent[a] == self.continent[b] {
                1.0
            } else {
                CROSSING_LENGTH
            };
            next[a].push((b, w));
            next[b].push((a, w));
        }
        (0..n)
            .map(|s| {
                // Dijkstra on a small graph: a linear scan for the nearest unsettled node.
                let mut d = vec![f64::INFINITY; n];
                let mut done = vec![false; n];
                d[s] = 0.0;
                for _ in 0..n {
                    let Some(u) = (0..n)
                        .filter(|&u| !done[u] && d[u].is_finite())
                        .min_by(|&a, &b| d[a].total_cmp(&d[b]))
                    else {
                        break;
                    };
                    done[u] = true;
                    for &(v, w) in &next[u] {
                        d[v] = d[v].min(d[u] + w);
                    }
                }
                d
            })
            .collect()
    }

    /// One force-directed run from a random start; the ideal border length is 1.
    fn run(&self, rng: &mut Stream, distance: &[Vec<f64>]) -> Vec<(f64, f64)> {
        let n = self.n;
        let spread = (n as f64).sqrt();
        // Each continent starts as a cloud around its own centre.
        let centres: Vec<(f64, f64)> = (0..self.continents)
            .map(|_| (spread * unit(rng), spread * unit(rng)))
            .collect();
        let mut at: Vec<(f64, f64)> = (0..n)
            .map(|t| {
                let (cx, cy) = centres[self.continent[t]];
                (cx + unit(rng) - 0.5, cy + unit(rng) - 0.5)
            })
            .collect();
        // Springs between all pairs at their graph distance (stress majorisation) give the
        // overall shape.
        for _ in 0..STRESS_SWEEPS {
            for i in 0..n {
                let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
                for j in 0..n {
                    let target = distance[i][j];
                    if j == i || !target.is_finite() {
                        continue;
                    }
                    let w = 1.0 / (target * target);
                    let (dx, dy, d) = apart(at[i], at[j], i, j);
                    sx += w * (at[j].0 + target * dx / d);
                    sy += w * (at[j].1 + target * dy / d);
                    sw += w;
                }
                if sw > 0.0 {
                    at[i] = (sx / sw, sy / sw);
                }
            }
        }
        let mut push = vec![(0.0f64, 0.0f64); n];
        for iteration in 0..ITERATIONS {
            let progress = iteration as f64 / ITERATIONS as f64;
            let temperature = START_TEMPERATURE * (1.0 - progress).powi(2) + 0.005;
            push.iter_mut().for_each(|p| *p = (0.0, 0.0));
            // Pairs nearer than REPULSION_RANGE repel with 1 / d.
            for a in 0..n {
                for b in a + 1..n {
                    let (dx, dy, d) = apart(at[a], at[b], a, b);
                    if d < REPULSION_RANGE {
                        let f = REPULSION / (d * d);
                        add(&mut push, a, b, dx * f, dy * f);
                    }
                }
            }
            // Borders attract with d², the same continent with a fraction of that.
            for (pairs, strength) in [(&self.edges, 1.0), (&self.kin, CONTINENT_PULL)] {
                for &(a, b) in pairs {
                    let (dx, dy, d) = apart(at[a], at[b], a, b);
                    let f = -strength * d;
                    add(&mut push, a, b, dx * f, dy * f);
                }
            }
            if progress >= 0.5 {
                self.clear_edges(&at, &mut push);
            }
            for (p, &(fx, fy)) in at.iter_mut().zip(&push) {
                let length = (fx * fx + fy * fy).sqrt();
                if length > 0.0 {
                    let step = length.min(temperature) / length;
                    p.0 += fx * step;
                    p.1 += fy * step;
                }
            }
        }
        at
    }

    /// Pushes each territory lying nearer than [`EDGE_CLEARANCE`] to a border it is not part of
    /// away from it, and the border's ends the other way.
    fn clear_edges(&self, at: &[(f64, f64)], push: &mut [(f64, f64)]) {
        for &(a, b) in &self.edges {
            for v in 0..self.n {
                if v == a || v == b {
                    continue;
                }
                let (d, t, (dx, dy)) = to_segment(at[v], at[a], at[b]);
                if d < EDGE_CLEARANCE && d > 1e-9 {
                    let f = 2.0 * (EDGE_CLEARANCE - d) / d;
                    push[v].0 += dx * f;
                    push[v].1 += dy * f;
                    push[a].0 -= dx * f * (1.0 - t) * 0.5;
                    push[a].1 -= dy * f * (1.0 - t) * 0.5;
                    push[b].0 -= dx * f * t * 0.5;
                    push[b].1 -= dy * f * t * 0.5;
                }
            }
        }
    }

    /// The mean border length.
    fn mean_length(&self, at: &[(f64, f64)]) -> f64 {
        self.edges
            .iter()
            .map(|&(a, b)| apart(at[a], at[b], a, b).2)
            .sum::<f64>()
            / self.edges.len().max(1) as f64
    }

    /// Moves territories until none are nearer to each other than [`MIN_SEPARATION`], nor to a
    /// border they are not part of than [`BORDER_CLEARANCE`] (or a bounded number of rounds has
    /// passed).
    fn tidy(&self, at: &mut [(f64, f64)]) {
        let mean = self.mean_length(at);
        let (min, clear) = (MIN_SEPARATION * mean, BORDER_CLEARANCE * mean);
        for _ in 0..TIDY_ROUNDS {
            let mut moved = false;
            for a in 0..self.n {
                for b in a + 1..self.n {
                    let (dx, dy, d) = apart(at[a], at[b], a, b);
                    if d < min {
                        let f = (min - d) / d * 0.5 + 1e-6;
                        at[a].0 += dx * f;
                        at[a].1 += dy * f;
                        at[b].0 -= dx * f;
                        at[b].1 -= dy * f;
                        moved = true;
                    }
                }
            }
            for &(a, b) in &self.edges {
                for v in 0..self.n {
                    if v == a || v == b {
                        continue;
                    }
                    let (d, t, (mut dx, mut dy)) = to_segment(at[v], at[a], at[b]);
                    if d >= clear {
                        continue;
                    }
                    if d < 1e-9 {
                        // On the line: step off it sideways.
                        let (ux, uy, length) = apart(at[b], at[a], b, a);
                        (dx, dy) = (-uy / length * 1e-9, ux / length * 1e-9);
                    }
                    let d = d.max(1e-9);
                    let f = (clear - d) / d + 1e-6;
                    at[v].0 += dx * f * 0.6;
                    at[v].1 += dy * f * 0.6;
                    at[a].0 -= dx * f * 0.4 * (1.0 - t);
                    at[a].1 -= dy * f * 0.4 * (1.0 - t);
                    at[b].0 -= dx * f * 0.4 * t;
                    at[b].1 -= dy * f * 0.4 * t;
                    moved = true;
                }
            }
            if !moved {
                break;
            }
        }
    }

    /// Lower is better: crossing borders, territories lying on borders, and (a little) spread
    /// continents and uneven border lengths.
    fn score(&self, at: &[(f64, f64)]) -> f64 {
        let segment = |&(a, b): &(usize, usize)| (at[a], at[b]);
        let mut crossings = 0usize;
        for (i, e) in self.edges.iter().enumerate() {
            for f in &self.edges[i + 1..] {
                if e.0 != f.0 && e.0 != f.1 && e.1 != f.0 && e.1 != f.1 {
                    let ((p, q), (r, s)) = (segment(e), segment(f));
                    if crosses(p, q, r, s) {
                        crossings += 1;
                    }
                }
            }
        }
        let clear = BORDER_CLEARANCE * self.mean_length(at);
        let mut on_edges = 0usize;
        for &(a, b) in &self.edges {
            for v in 0..self.n {
                if v != a && v != b && to_segment(at[v], at[a], at[b]).0 < clear {
                    on_edges += 1;
                }
            }
        }
        let lengths: Vec<f64> = self
            .edges
            .iter()
            .map(|&(a, b)| apart(at[a], at[b], a, b).2)
            .collect();
        let mean = lengths.iter().sum::<f64>() / lengths.len().max(1) as f64;
        let spread =
            lengths.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / lengths.len().max(1) as f64;
        crossings as f64 + 3.0 * on_edges as f64 + spread / (mean * mean).max(1e-9)
    }
}

/// `a - b` and its length, never 0: territories on the same spot are split along a direction
/// that depends only on their ids.
fn apart(a: (f64, f64), b: (f64, f64), ia: usize, ib: usize) -> (f64, f64, f64) {
    let (dx, dy) = (a.0 - b.0, a.1 - b.1);
    let d = (dx * dx + dy * dy).sqrt();
    if d > 1e-6 {
        (dx, dy, d)
    } else {
        let angle = (ia * 7 + ib * 13) as f64;
        (angle.cos() * 1e-6, angle.sin() * 1e-6, 1e-6)
    }
}

/// Adds `(fx, fy)` to `a`'s push and subtracts it from `b`'s.
fn add(push: &mut [(f64, f64)], a: usize, b: usize, fx: f64, fy: f64) {
    push[a].0 += fx;
    push[a].1 += fy;
    push[b].0 -= fx;
    push[b].1 -= fy;
}

/// The distance from `p` to the segment `a`–`b`, where along it the nearest point lies (0 at
/// `a`, 1 at `b`), and the vector from that point to `p`.
fn to_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> (f64, f64, (f64, f64)) {
    let (ux, uy) = (b.0 - a.0, b.1 - a.1);
    let length2 = ux * ux + uy * uy;
    let t = if length2 > 0.0 {
        (((p.0 - a.0) * ux + (p.1 - a.1) * uy) / length2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (dx, dy) = (p.0 - a.0 - t * ux, p.1 - a.1 - t * uy);
    ((dx * dx + dy * dy).sqrt(), t, (dx, dy))
}

/// Whether the segments `p`–`q` and `r`–`s` cross properly.
fn crosses(p: (f64, f64), q: (f64, f64), r: (f64, f64), s: (f64, f64)) -> bool {
    let side = |a: (f64, f64), b: (f64, f64), c: (f64, f64)| {
        (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
    };
    let (d1, d2) = (side(p, q, r), side(p, q, s));
    let (d3, d4) = (side(r, s, p), side(r, s, q));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

/// The positions turned about their centroid so their principal axis runs along x, and a
/// quarter turn more if their bounding box is still taller than wide.
fn landscape(at: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    let n = at.len() as f64;
    let (mx, my) = at
        .iter()
        .fold((0.0, 0.0), |(x, y), p| (x + p.0 / n, y + p.1 / n));
    let (mut sxx, mut syy, mut sxy) = (0.0, 0.0, 0.0);
    for &(x, y) in &at {
        let (dx, dy) = (x - mx, y - my);
        sxx += dx * dx;
        syy += dy * dy;
        sxy += dx * dy;
    }
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    let (sin, cos) = (-angle).sin_cos();
    let turned: Vec<(f64, f64)> = at
        .into_iter()
        .map(|(x, y)| {
            let (dx, dy) = (x - mx, y - my);
            (dx * cos - dy * sin, dx * sin + dy * cos)
        })
        .collect();
    let extent = |f: fn(&(f64, f64)) -> f64| {
        let values = turned.iter().map(f);
        values.clone().fold(f64::NEG_INFINITY, f64::max) - values.fold(f64::INFINITY, f64::min)
    };
    if extent(|p| p.1) > extent(|p| p.0) {
        // The bounding box can still stand upright: a quarter turn more.
        turned.into_iter().map(|(x, y)| (-y, x)).collect()
    } else {
        turned
    }
}

/// Shifts and scales positions so the smallest x and y are 0 and the longer side is 1; a
/// single point (or all points on one spot) goes to the origin.
fn normalise(at: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    let lo = |f: fn(&(f64, f64)) -> f64| at.iter().map(f).fold(f64::INFINITY, f64::min);
    let hi = |f: fn(&(f64, f64)) -> f64| at.iter().map(f).fold(f64::NEG_INFINITY, f64::max);
    let (x0, y0) = (lo(|p| p.0), lo(|p| p.1));
    let side = (hi(|p| p.0) - x0).max(hi(|p| p.1) - y0);
    let scale = if side > 0.0 { 1.0 / side } else { 0.0 };
    at.iter()
        .map(|&(x, y)| ((x - x0) * scale, (y - y0) * scale))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{EMBEDDED, MapFile};

    fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
        (a.0 - b.0).hypot(a.1 - b.1)
    }

    /// Mean distance over the pairs of territories for which `pick` holds.
    fn mean_distance(at: &[(f64, f64)], pick: impl Fn(usize, usize) -> bool) -> f64 {
        let mut sum = 0.0;
        let mut count = 0;
        for a in 0..at.len() {
            for b in a + 1..at.len() {
                if pick(a, b) {
                    sum += distance(at[a], at[b]);
                    count += 1;
                }
            }
        }
        sum / f64::from(count)
    }

    #[test]
    fn deterministic_finite_and_in_the_box() {
        for (name, _) in EMBEDDED {
            let map = RiskMap::embedded(name).unwrap();
            let at = layout(&map, 3);
            assert_eq!(at.len(), map.territories());
            assert_eq!(at, layout(&map, 3), "{name}");
            assert!(
                at.iter().all(|&(x, y)| x.is_finite()
                    && y.is_finite()
                    && (0.0..=1.0).contains(&x)
                    && (0.0..=1.0).contains(&y)),
                "{name}"
            );
            let width = at.iter().map(|p| p.0).fold(0.0, f64::max);
            let height = at.iter().map(|p| p.1).fold(0.0, f64::max);
            assert!(
                (width - 1.0).abs() < 1e-9,
                "{name}: landscape, {width} wide"
            );
            assert!(height <= width, "{name}");
        }
        // The seed moves a map without positions; the classic board has its own, which no
        // seed moves (map1 is the same board without them).
        let map1 = RiskMap::embedded("map1").unwrap();
        assert_ne!(layout(&map1, 3), layout(&map1, 4));
        let classic = RiskMap::embedded("classic").unwrap();
        assert_eq!(layout(&classic, 3), layout(&classic, 4));
    }

    #[test]
    fn territories_are_apart() {
        for (name, _) in EMBEDDED {
            let map = RiskMap::embedded(name).unwrap();
            let at = layout(&map, 1);
            let mut closest = f64::INFINITY;
            for a in 0..at.len() {
                for b in a + 1..at.len() {
                    closest = closest.min(distance(at[a], at[b]));
                }
            }
            assert!(closest > 0.03, "{name}: two territories {closest} apart");
        }
    }

    #[test]
    fn borders_are_short_and_continents_cluster() {
        for (name, _) in EMBEDDED {
            let map = RiskMap::embedded(name).unwrap();
            for seed in [1, 2] {
                let at = layout(&map, seed);
                let border = |a: usize, b: usize| {
                    map.neighbours(a as TerritoryId)
                        .contains(&(b as TerritoryId))
                        || map
                            .neighbours(b as TerritoryId)
                            .contains(&(a as TerritoryId))
                };
                let near = mean_distance(&at, border);
                let far = mean_distance(&at, |a, b| !border(a, b));
                assert!(
                    near < 0.6 * far,
                    "{name}/{seed}: borders {near}, others {far}"
                );
                let same = |a: usize, b: usize| {
                    map.continent_of(a as TerritoryId) == map.continent_of(b as TerritoryId)
                };
                let inside = mean_distance(&at, same);
                let across = mean_distance(&at, |a, b| !same(a, b));
                assert!(
                    inside < 0.7 * across,
                    "{name}/{seed}: same continent {inside}, different {across}"
                );
            }
        }
    }

    #[test]
    fn few_crossings_on_the_classic_map() {
        let classic = RiskMap::embedded("classic").unwrap();
        let graph = Graph::new(&classic);
        let at = layout(&classic, 1);
        let crossings = graph
            .edges
            .iter()
            .enumerate()
            .flat_map(|(i, e)| graph.edges[i + 1..].iter().map(move |f| (*e, *f)))
            .filter(|&(e, f)| {
                e.0 != f.0
                    && e.0 != f.1
                    && e.1 != f.0
                    && e.1 != f.1
                    && crosses(at[e.0], at[e.1], at[f.0], at[f.1])
            })
            .count();
        assert!(crossings <= 12, "{crossings} crossings");
    }

    #[test]
    fn given_positions_are_kept() {
        let text = r#"{"name": "three", "territories": [
            {"id": 0, "name": "A", "position": [10, 20]},
            {"id": 1, "name": "B", "position": [30, 20]},
            {"id": 2, "name": "C", "position": [20, 30]}],
          "continents": [{"name": "X", "bonus": 1, "territories": [0, 1, 2]}],
          "borders": [[0, 1], [1, 2]]}"#;
        let map = RiskMap::parse(text).unwrap();
        assert_eq!(layout(&map, 9), vec![(0.0, 0.0), (1.0, 0.0), (0.5, 0.5)]);
        // One position missing: the force layout places them all.
        let mut file: MapFile = map.file().clone();
        file.territories[2].position = None;
        let map = RiskMap::new(file).unwrap();
        let at = layout(&map, 9);
        assert_ne!(at[2], (0.5, 0.5));
        assert!(at.iter().all(|p| p.0.is_finite() && p.1.is_finite()));
    }

    #[test]
    fn two_territories() {
        let text = r#"{"name": "two", "territories": [{"id": 0, "name": "A"}, {"id": 1, "name": "B"}],
          "continents": [{"name": "X", "bonus": 1, "territories": [0, 1]}], "borders": [[0, 1]]}"#;
        let map = RiskMap::parse(text).unwrap();
        let at = layout(&map, 0);
        assert_eq!(at.len(), 2);
        assert!(at.iter().all(|p| p.0.is_finite() && p.1.is_finite()));
        assert_ne!(at[0], at[1]);
    }

    #[test]
    fn segments() {
        assert!(crosses((0.0, 0.0), (1.0, 1.0), (0.0, 1.0), (1.0, 0.0)));
        assert!(!crosses((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)));
        let (d, t, _) = to_segment((0.5, 1.0), (0.0, 0.0), (1.0, 0.0));
        assert!((d - 1.0).abs() < 1e-12 && (t - 0.5).abs() < 1e-12);
    }
}
