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
use ludoforge_evolve::rng::{coin, unit};
use ludoforge_evolve::{
    Budget, Crossover, Evaluation, EvolveError, Goal as Aim, Growing, Individual, Keep, Mutate,
    Observer, Outcome, Problem, Report, Run,
};

use crate::build::{Builder, SizeBounds};
use crate::catalog::{Catalog, Category};
use crate::fitness::Fitness;
use crate::hex::Hex;
use crate::mutation::{self, Kinds};
use crate::place::{NOWHERE, fix, place, reuse};
use crate::record::Source;
use crate::scenario::{Goal, Overlay, Scenario, Standee};
use crate::table::Table;
use crate::validity::check;

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
        if let Some(map) = self.builder.build(self.settings.map_attempts, rng) {
            // Only what a placement changes is kept, to put back if it fails.
            let old_map = std::mem::replace(&mut s.map, map);
            let old = Placed::of(s);
            if !place(self.catalog, s, rng) {
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

/// Where a scenario's pieces stand: what [`place`] changes besides the map.
struct Placed {
    start: Vec<Hex>,
    exit: Option<Hex>,
    monsters: Vec<Hex>,
    overlays: Vec<(Hex, crate::scenario::Direction)>,
    coins: Vec<Hex>,
    chests: Vec<Hex>,
}

impl Placed {
    fn of(s: &Scenario) -> Placed {
        Placed {
            start: s.start.clone(),
            exit: s.exit,
            monsters: s.monsters.iter().map(|m| m.at).collect(),
            overlays: s.overlays.iter().map(|o| (o.at, o.direction)).collect(),
            coins: s.coins.iter().map(|c| c.at).collect(),
            chests: s.chests.iter().map(|c| c.at).collect(),
        }
    }

    fn restore(self, s: &mut Scenario) {
        s.start = self.start;
        s.exit = self.exit;
        for (m, at) in s.monsters.iter_mut().zip(self.monsters) {
            m.at = at;
        }
        for (o, (at, direction)) in s.overlays.iter_mut().zip(self.overlays) {
            o.at = at;
            o.direction = direction;
        }
        for (c, at) in s.coins.iter_mut().zip(self.coins) {
            c.at = at;
        }
        for (c, at) in s.chests.iter_mut().zip(self.chests) {
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

/// A child of a map parent `m` with the monsters of `x`, the overlay tiles of `y` and the
/// treasure of `t`: the pieces keep the map parent's hexes (its standees' hexes for the
/// standees, its overlays' of the same category and size for the overlays, and so on), a
/// random subset where the map parent has more, waiting for a hex where it has fewer. The
/// child has no name, number or rules yet, and the map parent's goal.
fn assemble(
    catalog: &Catalog,
    m: &Scenario,
    x: &Scenario,
    y: &Scenario,
    t: &Scenario,
    rng: &mut Stream,
) -> Scenario {
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
        let hexes = reuse(
            m.monsters.iter().map(|s| s.at).collect(),
            x.monsters.len(),
            NOWHERE,
            rng,
        );
        child.monsters = x
            .monsters
            .iter()
            .zip(hexes)
            .map(|(s, at)| Standee { at, ..*s })
            .collect();
        child.spawns.clone_from(&x.spawns);
    }
    if std::ptr::eq(y, m) {
        child.overlays.clone_from(&m.overlays);
    } else {
        let class = |o: &Overlay| {
            let k = &catalog.overlays[usize::from(o.kind)];
            (k.category, k.hexes)
        };
        let mut classes: Vec<(Category, u8)> = y.overlays.iter().map(class).collect();
        classes.sort();
        classes.dedup();
        let mut overlays = y.overlays.clone();
        for c in classes {
            let wanted: Vec<usize> = (0..overlays.len())
                .filter(|&i| class(&overlays[i]) == c)
                .collect();
            let spots: Vec<(Hex, _)> = m
                .overlays
                .iter()
                .filter(|o| class(o) == c)
                .map(|o| (o.at, o.direction))
                .collect();
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
        let hexes = reuse(
            m.coins.iter().map(|c| c.at).collect(),
            t.coins.len(),
            NOWHERE,
            rng,
        );
        child.coins = t
            .coins
            .iter()
            .zip(hexes)
            .map(|(c, at)| crate::scenario::Coin { at, ..*c })
            .collect();
        let hexes = reuse(
            m.chests.iter().map(|c| c.at).collect(),
            t.chests.len(),
            NOWHERE,
            rng,
        );
        child.chests = t
            .chests
            .iter()
            .zip(hexes)
            .map(|(c, at)| crate::scenario::Chest { at, ..*c })
            .collect();
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
            let mut child = assemble(self.catalog, m, x, y, t, rng);
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
        let mut child = assemble(self.catalog, m, x, y, t, rng);
        child.goal = r.goal;
        child.rules.clone_from(&r.rules);
        let [_, m, x, y, t] = flips.map(|flip| pick(flip, false));
        replay_assemble(self.catalog, m, x, y, t, rng);
        child
    }
}

/// The draws [`assemble`] makes from `rng` for these parents, without the child.
fn replay_assemble(
    catalog: &Catalog,
    m: &Scenario,
    x: &Scenario,
    y: &Scenario,
    t: &Scenario,
    rng: &mut Stream,
) {
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
        let class = |o: &Overlay| {
            let k = &catalog.overlays[usize::from(o.kind)];
            (k.category, k.hexes)
        };
        let mut classes: Vec<(Category, u8)> = y.overlays.iter().map(class).collect();
        classes.sort();
        classes.dedup();
        for c in classes {
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
    let mut run = Run::new(&problem, Growing::scored(start.seeds))
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
