//! A benchmark problem as the engine sees it: a genome is a content (row-major tiles) and the
//! control it is asked to meet; variation is the engine's (tiles redrawn, rectangles swapped).

use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_evolve::rng::below;
use ludoforge_evolve::{Crossover, Evaluation, Mutate, Outcome, Problem as Engine, Stream};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::{Grid, Problem};

/// The reason an evaluation is refused once the run is cancelled.
pub const INTERRUPTED: &str = "interrupted";

/// A content and the control it answers to.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Genome {
    /// The tiles, row-major.
    pub cells: Vec<u8>,
    /// One value per control dimension (empty when the search places contents by their
    /// measures instead).
    pub control: Vec<i64>,
    /// The first content this one descends from, as one of [`LINEAGES`] (a child takes its
    /// first parent's): an exploration may keep lineages apart, so that the contents it offers
    /// differ as the benchmark's diversity asks.
    pub lineage: u16,
}

/// How many lineages first contents are spread over.
pub const LINEAGES: usize = 100;

/// What a search maximises, by the names of the benchmark's baselines
/// (`generators/search.py` of `amidos2006/benchmark_experiments`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Fitness {
    /// Quality alone.
    Quality,
    /// Quality, then (once quality is 1) controllability: `(q + [q ≥ 1]·c) / 2`.
    #[default]
    QualityControl,
}

/// A benchmark problem under the engine.
pub struct Contents<'a, P: Problem> {
    problem: &'a P,
    fitness: Fitness,
    /// Whether genomes carry a control (evolve) or not (explore).
    controlled: bool,
    /// When set, evaluations are refused at once (the search throws a cut batch away).
    cancel: Option<&'a AtomicBool>,
}

impl<'a, P: Problem> Contents<'a, P> {
    /// Contents of `problem`, each with a control drawn from its control space, scored by
    /// `fitness`.
    #[must_use]
    pub fn controlled(problem: &'a P, fitness: Fitness) -> Self {
        Self {
            problem,
            fitness,
            controlled: true,
            cancel: None,
        }
    }

    /// Contents of `problem` without controls, scored by quality and described by the
    /// problem's measures.
    #[must_use]
    pub fn described(problem: &'a P) -> Self {
        Self {
            problem,
            fitness: Fitness::Quality,
            controlled: false,
            cancel: None,
        }
    }

    /// The same, refusing every evaluation once `cancel` is set, so that a batch of any size
    /// ends at once.
    #[must_use]
    pub fn cancelled_by(mut self, cancel: &'a AtomicBool) -> Self {
        self.cancel = Some(cancel);
        self
    }

    /// The grid of a genome.
    #[must_use]
    pub fn grid(&self, genome: &Genome) -> Grid {
        Grid::from_cells(
            self.problem.width(),
            self.problem.height(),
            genome.cells.clone(),
        )
        .expect("a genome of the problem's size")
    }

    /// A first genome of these tiles: a control drawn when the contents are controlled, and a
    /// lineage.
    fn with_control(&self, cells: Vec<u8>, rng: &mut Stream) -> Genome {
        let control = if self.controlled {
            self.random_control(rng)
        } else {
            Vec::new()
        };
        let lineage = below(rng, LINEAGES) as u16;
        Genome {
            cells,
            control,
            lineage,
        }
    }

    /// A control drawn uniformly from the control space.
    pub fn random_control(&self, rng: &mut Stream) -> Vec<i64> {
        self.problem
            .controls()
            .iter()
            .map(|dim| dim.low + below(rng, (dim.high - dim.low) as usize) as i64)
            .collect()
    }
}

impl<P: Problem> Engine for Contents<'_, P> {
    type Genome = Genome;

    /// A content drawn from the problem's [`Prior`]: walls at a random density, then the
    /// special tiles placed at random.
    fn random_genome(&self, rng: &mut Stream) -> Genome {
        let prior = Prior::of(self.problem.name());
        let n = self.problem.width() * self.problem.height();
        let density = prior.density.0 + (prior.density.1 - prior.density.0) * unit(rng);
        let (w, h) = (self.problem.width(), self.problem.height());
        if let Some(groups) = prior.routes
            && below(rng, 2) == 0
        {
            return self.with_control(route(w, h, prior.groups[0].0, groups, rng), rng);
        }
        let mut cells: Vec<u8> = if prior.corridors && below(rng, 2) == 0 {
            corridor(w, h, rng)
        } else {
            (0..n).map(|_| u8::from(unit(rng) >= density)).collect()
        };
        keep_largest_region(&mut cells, w, h);
        // Special tiles go on floor, one to a tile while floor is left (never on a wall: the
        // content stays one region).
        let mut floor: Vec<usize> = (0..n).filter(|&i| cells[i] == 1).collect();
        'groups: for &(tiles, fewest, most) in prior.groups {
            let count = fewest + below(rng, most - fewest + 1);
            for &tile in tiles {
                for _ in 0..count {
                    if floor.is_empty() {
                        break 'groups;
                    }
                    cells[floor.swap_remove(below(rng, floor.len()))] = tile;
                }
            }
        }
        self.with_control(cells, rng)
    }

    fn evaluate(&self, genome: &Genome) -> Outcome {
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Outcome::rejected(INTERRUPTED);
        }
        let info = self.problem.info(&self.grid(genome));
        let quality = self.problem.quality(&info);
        let fitness = match self.fitness {
            Fitness::Quality => quality,
            Fitness::QualityControl => {
                let control = if quality >= 1.0 && !genome.control.is_empty() {
                    self.problem.controllability(&info, &genome.control)
                } else {
                    0.0
                };
                (quality + control) / 2.0
            }
        };
        let descriptors = if self.controlled {
            Vec::new()
        } else {
            let mut values = self.problem.measure(&info);
            values.push(f64::from(genome.lineage));
            values
        };
        Outcome::Evaluated(Evaluation {
            fitness,
            components: Vec::new(),
            descriptors,
        })
    }
}

impl<P: Problem> Mutate for Contents<'_, P> {
    /// One of: swaps two tiles (a player, key or crate moves; 45%), turns a wall to floor or
    /// floor to wall (35%), or redraws a tile to another value (20%, so counts change).
    fn mutate(&self, genome: &mut Genome, rng: &mut Stream) {
        let n = genome.cells.len();
        let tiles = usize::from(self.problem.tiles());
        match below(rng, 20) {
            0..9 => {
                let (a, b) = (below(rng, n), below(rng, n));
                genome.cells.swap(a, b);
            }
            9..16 => {
                let i = below(rng, n);
                if genome.cells[i] <= 1 {
                    genome.cells[i] ^= 1;
                } else {
                    genome.cells[i] = below(rng, 2) as u8;
                }
            }
            _ => {
                let i = below(rng, n);
                let step = 1 + below(rng, tiles - 1);
                genome.cells[i] = ((usize::from(genome.cells[i]) + step) % tiles) as u8;
            }
        }
    }
}

/// How first contents are drawn for a problem: a share of walls from a range, walls over every
/// floor region but the largest, then groups of special tiles on the floor, each group one
/// count drawn from `fewest..=most` and given to every tile of the group (a crate for every
/// target). The benchmark's own baselines draw every tile
/// uniformly; most such contents have a dozen players and keys, so a search spends its first
/// thousands of evaluations removing them.
pub struct Prior {
    /// The share of walls, drawn uniformly from this range.
    pub density: (f64, f64),
    /// Groups of tiles placed after the walls.
    pub groups: Groups,
    /// Whether half the first contents are one winding corridor instead (see [`corridor`]):
    /// long paths that random walls seldom make.
    pub corridors: bool,
    /// When given (mini dungeons), half the first contents are a route instead: the longest of
    /// three [`corridor_walk`]s, the first group's two tiles at its two ends (the player and
    /// the exit) and these groups on the tiles between, ordered so the hero survives them
    /// (a potion before an enemy that would kill). Every one of them is then on the only way
    /// from one end to the other, as the mini dungeons' quality asks of its enemies.
    pub routes: Option<Groups>,
}

/// Groups of tiles: each count drawn from `fewest..=most` and given to every tile of the group.
pub type Groups = &'static [(&'static [u8], usize, usize)];

impl Prior {
    /// The prior of a problem by the benchmark's name.
    #[must_use]
    pub fn of(problem: &str) -> Prior {
        let groups: Groups = match problem {
            "zelda-v0" => &[(&[2, 3, 4], 1, 1), (&[5], 2, 4)],
            "zelda-enemies-v0" => &[(&[2, 3, 4], 1, 1), (&[5], 9, 15)],
            "zelda-large-v0" => &[(&[2, 3, 4], 1, 1), (&[5], 6, 10)],
            p if p.starts_with("sokoban") => &[(&[2], 1, 1), (&[3, 4], 1, 3)],
            "mdungeons-v0" | "mdungeons-large-v0" => {
                &[(&[2, 3], 1, 1), (&[4, 5], 0, 3), (&[6], 4, 8), (&[7], 0, 4)]
            }
            "mdungeons-enemies-v0" => &[
                (&[2, 3], 1, 1),
                (&[4, 5], 0, 3),
                (&[6], 8, 16),
                (&[7], 0, 8),
            ],
            _ => &[],
        };
        let density = if problem.starts_with("binary") {
            (0.25, 0.5)
        } else {
            (0.1, 0.4)
        };
        let routes: Option<Groups> = match problem {
            "mdungeons-v0" => Some(&[(&[4], 2, 5), (&[6], 6, 10), (&[7], 0, 3), (&[5], 0, 20)]),
            "mdungeons-enemies-v0" => {
                Some(&[(&[4], 3, 8), (&[6], 12, 18), (&[7], 0, 3), (&[5], 0, 12)])
            }
            "mdungeons-large-v0" => {
                Some(&[(&[4], 3, 8), (&[6], 12, 18), (&[7], 0, 3), (&[5], 0, 40)])
            }
            _ => None,
        };
        Prior {
            density,
            groups,
            corridors: problem.starts_with("binary"),
            routes,
        }
    }
}

/// A corridor carved through solid rock by a random walk that never touches itself: from a
/// random tile, each step opens a random neighbour none of whose other neighbours is open, until
/// there is none. Its longest path is its length.
#[must_use]
pub fn corridor(width: usize, height: usize, rng: &mut Stream) -> Vec<u8> {
    let mut cells = vec![0u8; width * height];
    for i in corridor_walk(width, height, rng) {
        cells[i] = 1;
    }
    cells
}

/// The tiles of a [`corridor`] in the order the walk opened them (row-major indices): the
/// only way from its first tile to its last.
#[must_use]
pub fn corridor_walk(width: usize, height: usize, rng: &mut Stream) -> Vec<usize> {
    let mut cells = vec![0u8; width * height];
    let open = |cells: &[u8], x: isize, y: isize| {
        x >= 0
            && y >= 0
            && (x as usize) < width
            && (y as usize) < height
            && cells[y as usize * width + x as usize] == 1
    };
    let (mut x, mut y) = (below(rng, width) as isize, below(rng, height) as isize);
    let mut walk = vec![y as usize * width + x as usize];
    cells[walk[0]] = 1;
    loop {
        let mut next = Vec::with_capacity(4);
        for (dx, dy) in crate::measure::STEPS {
            let (nx, ny) = (x + dx, y + dy);
            if nx < 0
                || ny < 0
                || nx as usize >= width
                || ny as usize >= height
                || open(&cells, nx, ny)
            {
                continue;
            }
            let touches = crate::measure::STEPS
                .iter()
                .any(|&(ex, ey)| (nx + ex, ny + ey) != (x, y) && open(&cells, nx + ex, ny + ey));
            if !touches {
                next.push((nx, ny));
            }
        }
        if next.is_empty() {
            return walk;
        }
        (x, y) = next[below(rng, next.len())];
        let at = y as usize * width + x as usize;
        cells[at] = 1;
        walk.push(at);
    }
}

/// A route (see [`Prior::routes`]): `ends` at the two ends of the longest of three corridors,
/// `groups` on the tiles between, in walk order, as a mini dungeon's hero survives them: a
/// potion comes before any goblin or ogre that would take the last of the hero's health (an
/// enemy no potion is left for is left out), the other potions anywhere, empty floor between.
fn route(width: usize, height: usize, ends: &[u8], groups: Groups, rng: &mut Stream) -> Vec<u8> {
    use crate::mdungeons::engine::MAX_HEALTH;
    use crate::mdungeons::tile::{GOBLIN, OGRE, POTION};
    let walk = (0..3)
        .map(|_| corridor_walk(width, height, rng))
        .max_by_key(Vec::len)
        .expect("three walks");
    let mut cells = vec![0u8; width * height];
    for &i in &walk {
        cells[i] = 1;
    }
    let (first, last) = (walk[0], walk[walk.len() - 1]);
    if let [start, end, ..] = ends
        && first != last
    {
        cells[first] = *start;
        cells[last] = *end;
    }
    let between = &walk[1..walk.len().saturating_sub(1)];
    let mut bag = Vec::new();
    for &(tiles, fewest, most) in groups {
        let count = fewest + below(rng, most - fewest + 1);
        for &tile in tiles {
            bag.extend(std::iter::repeat_n(tile, count));
        }
    }
    shuffle(&mut bag, rng);
    let mut potions = bag.iter().filter(|&&t| t == POTION).count();
    let (mut health, mut sequence) = (MAX_HEALTH, Vec::with_capacity(bag.len()));
    for tile in bag.into_iter().filter(|&t| t != POTION) {
        let damage = match tile {
            GOBLIN => 1,
            OGRE => 2,
            _ => 0,
        };
        if damage > 0 && health - damage <= 0 {
            if potions == 0 {
                continue;
            }
            potions -= 1;
            sequence.push(POTION);
            health = (health + 2).min(MAX_HEALTH);
            if health - damage <= 0 {
                continue;
            }
        }
        health -= damage;
        sequence.push(tile);
    }
    for _ in 0..potions {
        let at = below(rng, sequence.len() + 1);
        sequence.insert(at, POTION);
    }
    sequence.truncate(between.len());
    // The tiles of the sequence at places drawn along the way, in order.
    let mut places: Vec<usize> = (0..between.len()).collect();
    shuffle(&mut places, rng);
    places.truncate(sequence.len());
    places.sort_unstable();
    for (tile, place) in sequence.into_iter().zip(places) {
        cells[between[place]] = tile;
    }
    cells
}

/// Fisher-Yates, with the engine's draws.
fn shuffle<T>(items: &mut [T], rng: &mut Stream) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}

/// Walls over every floor region but the largest (the first of the largest in row order), so
/// that a first content is one region, as every problem's quality asks.
fn keep_largest_region(cells: &mut [u8], width: usize, height: usize) {
    let grid = Grid::from_cells(width, height, cells.to_vec()).expect("the problem's size");
    let mut region = vec![usize::MAX; cells.len()];
    let mut sizes: Vec<usize> = Vec::new();
    for start in 0..cells.len() {
        if cells[start] != 1 || region[start] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let dist = crate::measure::dijkstra(&grid, start % width, start / width, &[1]);
        let mut size = 0;
        for (i, d) in dist.iter().enumerate() {
            if *d >= 0 {
                region[i] = id;
                size += 1;
            }
        }
        sizes.push(size);
    }
    let Some(largest) = (0..sizes.len()).max_by(|&a, &b| sizes[a].cmp(&sizes[b]).then(b.cmp(&a)))
    else {
        return;
    };
    for (cell, r) in cells.iter_mut().zip(&region) {
        if *cell == 1 && *r != largest {
            *cell = 0;
        }
    }
}

/// A uniform draw in `[0, 1)` from 53 random bits.
fn unit(rng: &mut Stream) -> f64 {
    below(rng, 1 << 53) as f64 / (1u64 << 53) as f64
}

impl<P: Problem> Crossover for Contents<'_, P> {
    /// Swaps a rectangle of the two contents; each child keeps its first parent's control.
    fn crossover(&self, a: &Genome, b: &Genome, rng: &mut Stream) -> (Genome, Genome) {
        let (w, h) = (self.problem.width(), self.problem.height());
        let (x0, x1) = ordered(below(rng, w), below(rng, w));
        let (y0, y1) = ordered(below(rng, h), below(rng, h));
        let (mut c, mut d) = (a.clone(), b.clone());
        for y in y0..=y1 {
            for x in x0..=x1 {
                let i = y * w + x;
                c.cells[i] = b.cells[i];
                d.cells[i] = a.cells[i];
            }
        }
        (c, d)
    }
}

fn ordered(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}
