//! The search (the paper's section 4): official scenarios start a population that grows by
//! fitness-proportional parents, a five-group crossover, group-wise mutation and the validity
//! check.
//!
//! The fitness scores the set-up of one party size; the monster mutation draws that party's
//! monsters and derives the other party sizes from them ([`crate::setup`]). The paper preset
//! starts from the scenario book's scenarios (as Virtual Gloomhaven Board's files set them up),
//! the published code's preset from the published code's nine encodings.

use std::sync::atomic::AtomicBool;

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::unit;
use ludoforge_evolve::{
    Budget, Evaluation, EvolveError, Goal as Aim, Growing, Individual, Keep, Mutate, Observer,
    Outcome, Problem, Report, Run,
};

use crate::build::{Builder, SizeBounds};
use crate::catalog::Catalog;
use crate::fitness::Fitness;
use crate::hex::Hex;
use crate::mutation::{self, Kinds};
use crate::place::{fix, place_laid};
use crate::record::Source;
use crate::scenario::{Direction, Goal, Scenario};
use crate::table::Table;
use crate::validity::check;

mod crossover;

/// The search's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// The fitness (with the party size it scores).
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
    /// Which overlay kinds new pieces may be.
    pub kinds: Kinds,
    /// Which of the catalog's scenarios start the search.
    pub seeds: Source,
}

impl Settings {
    /// The paper's search with a given fitness: the book's scenarios start it, overlay tiles of
    /// every kind.
    #[must_use]
    pub fn new(fitness: Fitness) -> Settings {
        Settings {
            fitness,
            goal: Goal::KillAll,
            mutation: [0.75; 5],
            table: None,
            map_attempts: 1_000,
            creator: false,
            kinds: Kinds::Any,
            seeds: Source::Book,
        }
    }

    /// The published code's search: its fitness, its nine scenarios, one-hex overlay tiles.
    #[must_use]
    pub fn gloomdungeons() -> Settings {
        Settings {
            kinds: Kinds::OneHex,
            seeds: Source::Gloomdungeons,
            ..Settings::new(Fitness::gloomdungeons())
        }
    }
}

/// Where a search starts: its starting scenarios (the catalog's of the settings' source and
/// the extra ones, set to the settings' goal), each with its verdict, scored once, and the
/// size range new maps grow to. A job checks its parameters with it and then runs from it,
/// so no starting scenario is prepared or scored twice.
#[derive(Debug, Clone)]
pub struct Start {
    seeds: Vec<(Scenario, Outcome)>,
    bounds: SizeBounds,
}

impl Start {
    /// The starting scenarios with their verdicts.
    #[must_use]
    pub fn seeds(&self) -> &[(Scenario, Outcome)] {
        &self.seeds
    }

    /// Why the last starting scenario was rejected, when none is valid (`None` when some is,
    /// or there is none).
    #[must_use]
    pub fn none_valid(&self) -> Option<String> {
        if self
            .seeds
            .iter()
            .any(|(_, o)| matches!(o, Outcome::Evaluated(_)))
        {
            return None;
        }
        self.seeds.iter().rev().find_map(|(_, o)| match o {
            Outcome::Rejected(r) => Some(r.reason.to_string()),
            Outcome::Evaluated(_) => None,
        })
    }
}

/// The search problem.
#[derive(Debug, Clone)]
pub struct GloomProblem<'a> {
    catalog: &'a Catalog,
    settings: Settings,
    bounds: SizeBounds,
    builder: Builder<'a>,
    seeds: Vec<Scenario>,
}

impl<'a> GloomProblem<'a> {
    /// The problem over `catalog`, starting from its scenarios of the settings' source.
    #[must_use]
    pub fn new(catalog: &'a Catalog, settings: Settings) -> GloomProblem<'a> {
        GloomProblem::with_seeds(catalog, settings, &[])
    }

    /// The problem starting from the catalog's scenarios and `extra` ones (community-made
    /// scenarios, say). New maps grow to the size range of the catalog's ones (tile hexes and
    /// doors, as the published code counts them).
    #[must_use]
    pub fn with_seeds(
        catalog: &'a Catalog,
        settings: Settings,
        extra: &[Scenario],
    ) -> GloomProblem<'a> {
        let official = starting(catalog, settings.seeds);
        let sizes: Vec<usize> = official
            .iter()
            .map(|s| s.map.size(catalog) + s.map.joins().count())
            .collect();
        let seeds: Vec<Scenario> = official
            .into_iter()
            .chain(extra.iter().cloned())
            .map(|mut s| {
                s.goal = settings.goal;
                if s.goal == Goal::ReachExit {
                    s.exit = exit_hex(catalog, &s);
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
            builder: Builder::new(catalog, bounds),
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

    /// The start of a search: every starting scenario scored.
    #[must_use]
    pub fn start(&self) -> Start {
        Start {
            seeds: self
                .seeds
                .iter()
                .map(|s| (s.clone(), self.evaluate(s)))
                .collect(),
            bounds: self.bounds,
        }
    }

    /// The problem a [`Start`] was made for (by [`GloomProblem::start`], with the same catalog
    /// and settings).
    #[must_use]
    pub fn from_start(catalog: &'a Catalog, settings: Settings, start: &Start) -> GloomProblem<'a> {
        GloomProblem {
            catalog,
            settings,
            bounds: start.bounds,
            builder: Builder::new(catalog, start.bounds),
            seeds: start.seeds.iter().map(|(s, _)| s.clone()).collect(),
        }
    }

    /// Whether the search keeps `s`, before it is scored: every piece has a hex, the
    /// scenario passes the validity check ([`check`]), the map fits on the table and, with
    /// [`Settings::creator`], in the board's Creator; or why not. [`Problem::evaluate`]
    /// rejects what this rejects and scores the rest.
    ///
    /// ```
    /// use ludoforge_gloomhaven::catalog::Catalog;
    /// use ludoforge_gloomhaven::evolution::{GloomProblem, Settings};
    /// use ludoforge_gloomhaven::scenario::Scenario;
    /// let catalog = Catalog::built_in();
    /// let problem = GloomProblem::new(&catalog, Settings::gloomdungeons());
    /// let barrow = Scenario::official(&catalog, 1).unwrap();
    /// assert!(problem.admits(&barrow).is_ok());
    /// let mut empty = barrow.clone();
    /// empty.start.clear();
    /// assert!(problem.admits(&empty).is_err());
    /// ```
    ///
    /// # Errors
    /// The [`Rejection`](ludoforge_evolve::Rejection) the search's evaluation gives, in words.
    pub fn admits(&self, s: &Scenario) -> Result<(), ludoforge_evolve::Rejection> {
        let rejected = |reason: &'static str| {
            Err(ludoforge_evolve::Rejection {
                reason: reason.into(),
            })
        };
        if crate::place::waiting(s) {
            return rejected("the pieces do not fit on the map");
        }
        if let Err(reason) = check(self.catalog, s) {
            return Err(ludoforge_evolve::Rejection {
                reason: reason.to_string().into(),
            });
        }
        if let Some(table) = self.settings.table
            && !table.fits(&s.map.tile_hexes(self.catalog))
        {
            return rejected("the map does not fit on the table");
        }
        if self.settings.creator && crate::vgb::creator_turn(self.catalog, s).is_none() {
            return rejected("the map is too large for the board's Creator");
        }
        Ok(())
    }

    fn new_map(&self, s: &mut Scenario, rng: &mut Stream) {
        if let Some((map, tiles, on_map)) = self.builder.build_laid(self.settings.map_attempts, rng)
        {
            // Only what a placement changes is kept, to put back if it fails.
            let old_map = std::mem::replace(&mut s.map, map);
            let old = Placed::of(s);
            if !place_laid(self.catalog, s, tiles, on_map, rng) {
                s.map = old_map;
                old.restore(s);
                return;
            }
            if s.goal == Goal::ReachExit {
                s.exit = exit_hex(self.catalog, s);
            }
        }
    }
}

/// Where a scenario's pieces stand: what [`crate::place::place`] changes besides the map.
struct Placed {
    start: Vec<Hex>,
    exit: Option<Hex>,
    /// The standees', overlay tiles', coins' and chests' hexes, in that order, in one list
    /// (with the overlay tiles' directions).
    spots: Vec<(Hex, Direction)>,
}

impl Placed {
    fn of(s: &Scenario) -> Placed {
        let mut spots = Vec::with_capacity(
            s.monsters.len() + s.overlays.len() + s.coins.len() + s.chests.len(),
        );
        let at = |h: Hex| (h, Direction::Default);
        spots.extend(s.monsters.iter().map(|m| at(m.at)));
        spots.extend(s.overlays.iter().map(|o| (o.at, o.direction)));
        spots.extend(s.coins.iter().map(|c| at(c.at)));
        spots.extend(s.chests.iter().map(|c| at(c.at)));
        Placed {
            start: s.start.clone(),
            exit: s.exit,
            spots,
        }
    }

    fn restore(self, s: &mut Scenario) {
        s.start = self.start;
        s.exit = self.exit;
        let mut spots = self.spots.into_iter();
        for (m, (at, _)) in s.monsters.iter_mut().zip(spots.by_ref()) {
            m.at = at;
        }
        for (o, (at, direction)) in s.overlays.iter_mut().zip(spots.by_ref()) {
            o.at = at;
            o.direction = direction;
        }
        for (c, (at, _)) in s.coins.iter_mut().zip(spots.by_ref()) {
            c.at = at;
        }
        for (c, (at, _)) in s.chests.iter_mut().zip(spots) {
            c.at = at;
        }
    }
}

/// The catalog's scenarios from `source`, in the catalog's order.
#[must_use]
pub fn starting(catalog: &Catalog, source: Source) -> Vec<Scenario> {
    catalog
        .scenarios
        .of(source)
        .iter()
        .map(|r| r.to_scenario(catalog).expect("a validated catalog"))
        .collect()
}

/// The exit of a "reach the exit" scenario: the reachable tile hex farthest from the first
/// start hex that no piece stands on (the smallest on ties).
#[must_use]
pub fn exit_hex(catalog: &Catalog, s: &Scenario) -> Option<Hex> {
    let reached = crate::validity::reachable(catalog, s);
    let start = s.start.first()?;
    let taken: Vec<Hex> = s.occupied(catalog).collect();
    s.map
        .tile_hexes(catalog)
        .into_iter()
        .filter(|&h| reached.contains(h) && !taken.contains(&h))
        .max_by_key(|h| (h.distance(*start), std::cmp::Reverse(*h)))
}

impl Problem for GloomProblem<'_> {
    type Genome = Scenario;

    fn random_genome(&self, rng: &mut Stream) -> Scenario {
        let mut s = self.seeds[ludoforge_evolve::rng::below(rng, self.seeds.len())].clone();
        self.new_map(&mut s, rng);
        fix(self.catalog, &mut s, rng);
        s
    }

    fn evaluate(&self, s: &Scenario) -> Outcome {
        if let Err(rejection) = self.admits(s) {
            return Outcome::Rejected(rejection);
        }
        // The components are not kept with every member of a population that only grows:
        // they are worked out again, from the fitness, for the scenarios written out.
        Outcome::Evaluated(Evaluation::new(
            self.settings.fitness.total(self.catalog, s),
        ))
    }
}

impl Mutate for GloomProblem<'_> {
    /// Each group mutates with its own probability, in the published order (rules, monsters,
    /// overlays, treasure, and the map last, since new placements depend on every piece); then
    /// every piece without a hex gets one.
    fn mutate(&self, s: &mut Scenario, rng: &mut Stream) {
        let p = self.settings.mutation;
        if unit(rng) < p[0] {
            mutation::rules(self.catalog, s, rng);
        }
        if unit(rng) < p[2] {
            mutation::monsters(self.catalog, s, self.settings.fitness.players, rng);
        }
        if unit(rng) < p[3] {
            mutation::overlays(self.catalog, s, self.settings.kinds, rng);
        }
        if unit(rng) < p[4] {
            mutation::treasure(self.catalog, s, rng);
        }
        if unit(rng) < p[1] {
            self.new_map(s, rng);
        }
        fix(self.catalog, s, rng);
        // Pieces moved, left or came: the exit is again the farthest hex left free.
        if s.goal == Goal::ReachExit && !crate::place::waiting(s) {
            s.exit = exit_hex(self.catalog, s);
        }
    }
}

/// Runs the search for `cycles` cycles from seed `seed`.
///
/// # Errors
/// [`EvolveError`] when no starting scenario is valid under the settings.
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::evolution::{Settings, evolve};
/// let catalog = Catalog::built_in();
/// let report = evolve(&catalog, &Settings::gloomdungeons(), 50, 1, None, None).unwrap();
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
    let start = GloomProblem::new(catalog, *settings).start();
    evolve_from(
        catalog, settings, start, cycles, seed, observer, cancel, None,
    )
}

/// [`evolve`] from a [`Start`] made with the same catalog and settings (its scenarios are not
/// scored again; see [`GloomProblem::with_seeds`] for one with scenarios besides the
/// catalog's), keeping checkpoints as `keep` says (after every cycle; see
/// [`ludoforge_evolve::checkpoint`]).
///
/// # Errors
/// As [`evolve`].
#[allow(clippy::too_many_arguments)]
pub fn evolve_from(
    catalog: &Catalog,
    settings: &Settings,
    start: Start,
    cycles: u64,
    seed: u64,
    observer: Option<&mut dyn Observer>,
    cancel: Option<&AtomicBool>,
    keep: Option<Keep<'_, Scenario>>,
) -> Result<Report<Scenario>, EvolveError> {
    let problem = GloomProblem::from_start(catalog, *settings, &start);
    let mut run = Run::new(&problem, Growing::scored(start.seeds).expecting(cycles))
        .goal(Aim::Maximise)
        .budget(Budget::generations(cycles))
        .seed(seed)
        .keep(keep);
    if let Some(observer) = observer {
        run = run.observe(observer);
    }
    if let Some(flag) = cancel {
        run = run.cancel_on(flag);
    }
    run.execute()
}

/// The `n` best scenarios the search made (the starting ones left out: they have a name),
/// one of each, best first.
#[must_use]
pub fn top(report: &Report<Scenario>, n: usize) -> Vec<Individual<Scenario>> {
    let mut generated: Vec<&Individual<Scenario>> = report
        .population
        .iter()
        .filter(|m| m.genome.name.is_empty())
        .collect();
    generated.sort_by(|a, b| b.score.total_cmp(&a.score));
    let mut kept: Vec<Individual<Scenario>> = Vec::new();
    for member in generated {
        if kept.len() == n {
            break;
        }
        if !kept.iter().any(|k| k.genome == member.genome) {
            kept.push(member.clone());
        }
    }
    kept
}

/// Every scenario of the catalog and two the search made, for the crate's tests of pages and
/// pictures.
#[cfg(test)]
pub(crate) fn test_scenarios(catalog: &Catalog) -> Vec<Scenario> {
    let mut all: Vec<Scenario> = catalog
        .scenarios
        .iter()
        .map(|r| r.to_scenario(catalog).expect("a validated catalog"))
        .collect();
    all.push(generated(catalog, 3));
    all.push(generated(catalog, 11));
    all
}

/// The best generated scenario of a 200-cycle run with the published code's settings, for the
/// crate's tests of pages and pictures.
#[cfg(test)]
pub(crate) fn generated(catalog: &Catalog, seed: u64) -> Scenario {
    let report = evolve(catalog, &Settings::gloomdungeons(), 200, seed, None, None)
        .expect("the official scenarios are valid");
    top(&report, 1)[0].genome.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new map on which the pieces do not fit leaves the scenario as it was.
    #[test]
    fn a_new_map_the_pieces_do_not_fit_changes_nothing() {
        let catalog = Catalog::built_in();
        let problem = GloomProblem::new(&catalog, Settings::gloomdungeons());
        let mut crowded = problem.seeds()[0].clone();
        let standee = crowded.monsters[0];
        crowded.monsters.extend(std::iter::repeat_n(standee, 400));
        crowded.exit = crowded.start.first().copied();
        for seed in 0..5 {
            let mut s = crowded.clone();
            problem.new_map(&mut s, &mut ludoforge_evolve::rng::stream(seed, 0, 0));
            assert_eq!(s, crowded);
        }
        // And one that fits changes the map and where the pieces stand.
        let mut s = problem.seeds()[0].clone();
        problem.new_map(&mut s, &mut ludoforge_evolve::rng::stream(1, 0, 0));
        assert_ne!(s.map, problem.seeds()[0].map);
    }
}
