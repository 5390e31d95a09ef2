//! The search (the paper's section 4): the official scenarios start a population that grows by
//! fitness-proportional parents, a five-group crossover, group-wise mutation and the validity
//! check.

use std::sync::atomic::AtomicBool;

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::{below, coin, unit};
use ludoforge_evolve::{
    Budget, Crossover, Evaluation, EvolveError, Goal as Aim, Growing, Individual, Mutate, Observer,
    Outcome, Problem, Report, Run,
};

use crate::build::{SizeBounds, build};
use crate::catalog::Catalog;
use crate::fitness::{COMPONENTS, Fitness};
use crate::hex::Hex;
use crate::mutation;
use crate::place::{fix, place};
use crate::scenario::{Goal, Scenario};
use crate::validity::check;

/// A table the map must fit on, in centimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Table {
    /// One side.
    pub width: f64,
    /// The other side.
    pub height: f64,
}

/// A hex measures about 32 mm from side to side (the paper's section 6).
pub const HEX_FLAT_MM: f64 = 32.0;

impl Table {
    /// Whether the map's hexes fit on the table, either way round.
    #[must_use]
    pub fn fits(&self, hexes: &[Hex]) -> bool {
        let (w, h) = extent_cm(hexes);
        (w <= self.width && h <= self.height) || (w <= self.height && h <= self.width)
    }
}

/// The width and height of the map in centimetres (pointy-top hexes 32 mm flat to flat).
#[must_use]
pub fn extent_cm(hexes: &[Hex]) -> (f64, f64) {
    let size = HEX_FLAT_MM / 3f64.sqrt(); // centre to corner
    let centres: Vec<(f64, f64)> = hexes
        .iter()
        .map(|h| {
            let (q, r) = (f64::from(h.x), f64::from(h.y));
            (HEX_FLAT_MM * (q + r / 2.0), 1.5 * size * r)
        })
        .collect();
    if centres.is_empty() {
        return (0.0, 0.0);
    }
    let (min_x, max_x) = centres
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), c| (a.min(c.0), b.max(c.0)));
    let (min_y, max_y) = centres
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), c| (a.min(c.1), b.max(c.1)));
    (
        (max_x - min_x + HEX_FLAT_MM) / 10.0,
        (max_y - min_y + 2.0 * size) / 10.0,
    )
}

/// The search's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// The fitness.
    pub fitness: Fitness,
    /// The scenarios' goal.
    pub goal: Goal,
    /// Mutation probability of each gene group: rules, map, monsters, overlays, treasure
    /// (the published code: 0.75 each).
    pub mutation: [f64; 5],
    /// The table the map must fit on, if any.
    pub table: Option<Table>,
    /// Builds of a new map before the mutation keeps the old one.
    pub map_attempts: u32,
    /// Reject maps too large for Virtual Gloomhaven Board's Creator (40 × 40 cells in its
    /// best turn), so that every result opens there.
    pub creator: bool,
}

impl Settings {
    /// The published code's search with a given fitness.
    #[must_use]
    pub fn new(fitness: Fitness) -> Settings {
        Settings {
            fitness,
            goal: Goal::KillAll,
            mutation: [0.75; 5],
            table: None,
            map_attempts: 1_000,
            creator: false,
        }
    }
}

/// The search problem.
#[derive(Debug, Clone)]
pub struct GloomProblem<'a> {
    catalog: &'a Catalog,
    settings: Settings,
    bounds: SizeBounds,
    seeds: Vec<Scenario>,
}

impl<'a> GloomProblem<'a> {
    /// The problem over `catalog`, starting from its official scenarios (given `goal`). New
    /// maps grow to the size range of those scenarios (tile hexes and doors, as the published
    /// code counts them).
    #[must_use]
    pub fn new(catalog: &'a Catalog, settings: Settings) -> GloomProblem<'a> {
        GloomProblem::with_seeds(catalog, settings, &[])
    }

    /// The problem starting from the official scenarios and `extra` ones (community-made
    /// scenarios, say); new maps grow to the size range of the official ones.
    #[must_use]
    pub fn with_seeds(
        catalog: &'a Catalog,
        settings: Settings,
        extra: &[Scenario],
    ) -> GloomProblem<'a> {
        let official = Scenario::all_official(catalog);
        let sizes: Vec<usize> = official
            .iter()
            .map(|s| s.map.size(catalog) + s.map.doors.len())
            .collect();
        let seeds: Vec<Scenario> = official
            .into_iter()
            .chain(extra.iter().cloned())
            .map(|mut s| {
                s.goal = settings.goal;
                if s.goal == Goal::ReachExit {
                    s.exit = farthest_from_start(catalog, &s);
                }
                s
            })
            .collect();
        let bounds = SizeBounds {
            min: sizes.iter().copied().min().unwrap_or(80),
            max: sizes.iter().copied().max().unwrap_or(99),
        };
        GloomProblem {
            catalog,
            settings,
            bounds,
            seeds,
        }
    }

    /// The starting population.
    #[must_use]
    pub fn seeds(&self) -> &[Scenario] {
        &self.seeds
    }

    /// The size range new maps grow to.
    #[must_use]
    pub fn bounds(&self) -> SizeBounds {
        self.bounds
    }

    fn new_map(&self, s: &mut Scenario, rng: &mut Stream) {
        if let Some(map) = build(self.catalog, self.bounds, self.settings.map_attempts, rng) {
            let old = std::mem::replace(&mut s.map, map);
            if !place(self.catalog, s, rng) {
                s.map = old;
            }
            if s.goal == Goal::ReachExit {
                s.exit = farthest_from_start(self.catalog, s);
            }
        }
    }
}

/// The reachable map hex farthest from the first start hex (the smallest on ties): the exit
/// of a "reach the exit" scenario.
#[must_use]
pub fn farthest_from_start(catalog: &Catalog, s: &Scenario) -> Option<Hex> {
    let reached = crate::validity::reachable(catalog, s);
    let start = s.placements.start.first()?;
    s.map
        .tile_hexes(catalog)
        .into_iter()
        .filter(|&h| reached.contains(h))
        .max_by_key(|h| (h.distance(*start), std::cmp::Reverse(*h)))
}

impl Problem for GloomProblem<'_> {
    type Genome = Scenario;

    fn random_genome(&self, rng: &mut Stream) -> Scenario {
        let mut s = self.seeds[below(rng, self.seeds.len())].clone();
        self.new_map(&mut s, rng);
        fix(self.catalog, &mut s, rng);
        s
    }

    fn evaluate(&self, s: &Scenario) -> Outcome {
        if let Err(reason) = check(self.catalog, s) {
            return Outcome::Rejected(ludoforge_evolve::Rejection {
                reason: reason.to_string().into(),
            });
        }
        if !crate::place::counts_match(s) {
            return Outcome::rejected("the pieces do not fit on the map");
        }
        if let Some(table) = self.settings.table
            && !table.fits(&s.map.tile_hexes(self.catalog))
        {
            return Outcome::rejected("the map does not fit on the table");
        }
        if self.settings.creator && !crate::vgb::best_turn(self.catalog, s).1 {
            return Outcome::rejected("the map is too large for the board's Creator");
        }
        let fitness = &self.settings.fitness;
        let components = fitness.components(self.catalog, s);
        let mut evaluation = Evaluation::new(
            components
                .iter()
                .zip(fitness.weights)
                .map(|(c, w)| c * w)
                .sum(),
        );
        evaluation.components = COMPONENTS
            .iter()
            .zip(components)
            .map(|(n, c)| ((*n).to_string(), c))
            .collect();
        Outcome::Evaluated(evaluation)
    }
}

impl Mutate for GloomProblem<'_> {
    /// Each group mutates with its own probability, in the published order (rules, monsters,
    /// overlays, treasure, and the map last, since new placements depend on every count);
    /// then the placements are made to match the counts.
    fn mutate(&self, s: &mut Scenario, rng: &mut Stream) {
        let p = self.settings.mutation;
        if unit(rng) < p[0] {
            mutation::rules(self.catalog, s, rng);
        }
        if unit(rng) < p[2] {
            mutation::monsters(self.catalog, s, rng);
        }
        if unit(rng) < p[3] {
            mutation::overlays(s, rng);
        }
        if unit(rng) < p[4] {
            mutation::treasure(self.catalog, s, rng);
        }
        if unit(rng) < p[1] {
            self.new_map(s, rng);
        }
        fix(self.catalog, s, rng);
    }
}

impl Crossover for GloomProblem<'_> {
    /// Each of the five gene groups comes from one parent or the other, 50:50; the second
    /// child takes the other parent's groups.
    fn crossover(&self, a: &Scenario, b: &Scenario, rng: &mut Stream) -> (Scenario, Scenario) {
        let (mut c, mut d) = (a.clone(), b.clone());
        if coin(rng) {
            (c.goal, d.goal) = (b.goal, a.goal);
            (c.rules, d.rules) = (b.rules.clone(), a.rules.clone());
        }
        if coin(rng) {
            (c.map, d.map) = (b.map.clone(), a.map.clone());
            (c.placements, d.placements) = (b.placements.clone(), a.placements.clone());
            (c.exit, d.exit) = (b.exit, a.exit);
        }
        if coin(rng) {
            (c.monsters, d.monsters) = (b.monsters.clone(), a.monsters.clone());
        }
        if coin(rng) {
            (c.overlays, d.overlays) = (b.overlays, a.overlays);
        }
        if coin(rng) {
            (c.coins, d.coins) = (b.coins, a.coins);
            (c.chests, d.chests) = (b.chests.clone(), a.chests.clone());
        }
        c.name = "Generated scenario".into();
        d.name = "Generated scenario".into();
        (c, d)
    }
}

/// Runs the search for `cycles` cycles from seed `seed`.
///
/// # Errors
/// [`EvolveError`] when no official scenario is valid under the settings.
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::evolution::{Settings, evolve};
/// use ludoforge_gloomhaven::fitness::Fitness;
/// let catalog = Catalog::built_in();
/// let report = evolve(&catalog, &Settings::new(Fitness::gloomdungeons()), 50, 1, None, None).unwrap();
/// assert!(report.best.fitness() > 9.0);
/// ```
pub fn evolve(
    catalog: &Catalog,
    settings: &Settings,
    cycles: u64,
    seed: u64,
    observer: Option<&mut dyn Observer>,
    cancel: Option<&AtomicBool>,
) -> Result<Report<Scenario>, EvolveError> {
    evolve_with(catalog, settings, &[], cycles, seed, observer, cancel)
}

/// [`evolve`] with `extra` scenarios joining the official ones in the starting population
/// (they come after them, so [`top`] leaves out `catalog.scenarios.len() + extra.len()`).
///
/// # Errors
/// As [`evolve`].
pub fn evolve_with(
    catalog: &Catalog,
    settings: &Settings,
    extra: &[Scenario],
    cycles: u64,
    seed: u64,
    observer: Option<&mut dyn Observer>,
    cancel: Option<&AtomicBool>,
) -> Result<Report<Scenario>, EvolveError> {
    let problem = GloomProblem::with_seeds(catalog, *settings, extra);
    let mut run = Run::new(&problem, Growing::new(problem.seeds().to_vec()))
        .goal(Aim::Maximise)
        .budget(Budget::generations(cycles))
        .seed(seed);
    if let Some(observer) = observer {
        run = run.observe(observer);
    }
    if let Some(flag) = cancel {
        run = run.cancel_on(flag);
    }
    run.execute()
}

/// The `n` best generated scenarios (the official ones left out, one of each), best first.
#[must_use]
pub fn top(report: &Report<Scenario>, official: usize, n: usize) -> Vec<Individual<Scenario>> {
    let mut generated: Vec<Individual<Scenario>> =
        report.population.iter().skip(official).cloned().collect();
    generated.sort_by(|a, b| b.score.total_cmp(&a.score));
    let mut kept: Vec<Individual<Scenario>> = Vec::new();
    for member in generated {
        if kept.len() == n {
            break;
        }
        if !kept.iter().any(|k| k.genome == member.genome) {
            kept.push(member);
        }
    }
    kept
}

/// The best generated scenario of a 200-cycle run with the published code's fitness, for the
/// crate's tests of pages and pictures.
#[cfg(test)]
pub(crate) fn generated(catalog: &Catalog, seed: u64) -> Scenario {
    let report = evolve(
        catalog,
        &Settings::new(Fitness::gloomdungeons()),
        200,
        seed,
        None,
        None,
    )
    .expect("the official scenarios are valid");
    top(&report, catalog.scenarios.len(), 1)[0].genome.clone()
}
