//! `gloomhaven-explore`: a shelf of Gloomhaven scenarios, from easy to hard, small to large
//! and one monster theme to many, by MAP-Elites over the paper's own measures.
//!
//! The descriptors are three of the quantities the paper's fitness scores (Tijben and Gerhold,
//! section 4.5): `difficulty` (the monster difficulty of the party's set-up, on Isaac
//! Childres' scale), `size` (the map's tile hexes) and `monster_themes` (the monster themes
//! the party's standees mix, the m of the theme score). The fitness is the `gloomhaven` job's
//! own, maximised; every elite in the archive is a normal `gloomhaven` result file holding
//! that one scenario, which `gloomhaven export-vgb`, `gloomhaven --from` and the content
//! library read. Its `run` gives the exploration's evaluations, rejections and elites (as
//! `population`); its cycles are 0, for MAP-Elites breeds no growing population.

use std::collections::BTreeSet;

use ludoforge_evolve::{
    Crossover, Evaluation, Goal as Aim, Mutate, Outcome, Problem, StopReason, Stream,
};
use ludoforge_job::explore::{
    self, Descriptor, ExploreSettings, Explored, Locked, Plan, archive_file,
};
use ludoforge_job::{Artifact, Context, JobError, Spec};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::evolve::{CheckedSearch, GloomhavenJob, RunFigures, result_document};
use super::params::{
    FileContent, GloomhavenParams, GoalParam, MutationParams, Preset, TableParams,
};
use super::suggest::{Locks, start_scenario};
use crate::catalog::Catalog;
use crate::evolution::GloomProblem;
use crate::export::ScenarioEntry;
use crate::fitness::monster_themes;
use crate::names;
use crate::scenario::{Players, Scenario};

/// A Gloomhaven scenario archive to fill: the `gloomhaven` job's parameters (less its cycles
/// and `top`, which an exploration replaces) and the exploration's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct GloomhavenExploreParams {
    /// Players, 2 to 4: the set-up the fitness scores and the descriptors measure (default
    /// 4). For preset `paper` only: the published code's preset scores two-player set-ups.
    #[schemars(range(min = 2, max = 4))]
    pub players: Option<u32>,
    /// The search: the paper's (the book's scenarios, weights 1, out of 5) or the published
    /// code's (its nine scenarios, two players, out of 10).
    pub preset: Preset,
    /// Weights of difficulty, size, complexity, theme and layout: five numbers of at least 0,
    /// not all 0 (default: the preset's, 1,1,1,1,1 or 4,1,1,2,2).
    #[schemars(length(min = 5, max = 5))]
    pub weights: Option<Vec<f64>>,
    /// The scenarios' goal.
    pub goal: GoalParam,
    /// Mutation probability of each gene group.
    pub mutation: MutationParams,
    /// Reject maps that do not fit on a table of this size (default: no limit).
    pub max_table: Option<TableParams>,
    /// Reject maps too large for Virtual Gloomhaven Board's Creator (40 × 40 cells in its
    /// best turn).
    pub creator: bool,
    /// A catalog to use instead of the built-in one.
    pub catalog: Option<FileContent>,
    /// Scenario files (ludoforge's or Virtual Gloomhaven Board's) whose scenarios join the
    /// official ones as the scenarios new ones are drawn from.
    pub from: Vec<FileContent>,
    /// The exploration: descriptors (`difficulty`, `size`, `monster_themes`), cells, ranges
    /// and budget.
    pub explore: ExploreSettings,
    /// A scenario to make suggestions around (a result file of the gloomhaven jobs, its first
    /// scenario, or a Virtual Gloomhaven Board file): the archive holds it from the start and
    /// every scenario is made from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<FileContent>,
    /// What every suggestion keeps of the start: `tiles`, `tile:NAME` (`tile:M1a`),
    /// `monsters`, `overlays`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lock: Option<Vec<String>>,
}

impl Default for GloomhavenExploreParams {
    fn default() -> Self {
        let search = GloomhavenParams::default();
        GloomhavenExploreParams {
            players: search.players,
            preset: search.preset,
            weights: search.weights,
            goal: search.goal,
            mutation: search.mutation,
            max_table: search.max_table,
            creator: search.creator,
            catalog: search.catalog,
            from: search.from,
            explore: ExploreSettings::default(),
            start: None,
            lock: None,
        }
    }
}

impl GloomhavenExploreParams {
    /// The `gloomhaven` job's parameters for the same scenarios (one cycle, the best one).
    #[must_use]
    pub fn search(&self) -> GloomhavenParams {
        GloomhavenParams {
            cycles: 1,
            players: self.players,
            preset: self.preset,
            weights: self.weights.clone(),
            goal: self.goal,
            mutation: self.mutation,
            max_table: self.max_table,
            creator: self.creator,
            catalog: self.catalog.clone(),
            top: 1,
            from: self.from.clone(),
        }
    }
}

/// `gloomhaven-explore`: an archive of Gloomhaven scenarios.
pub struct GloomhavenExploreJob;

/// The descriptors a Gloomhaven scenario offers for a party of `players` with the pieces of
/// `catalog`, with ranges that the scenarios the search makes span: the difficulty from 0 to
/// 18 per player (the difficulty score falls to 0 at twice the ideal: 66 for the paper's four
/// players), the size from 30 to 220 tile hexes (the maps the search builds hold 36 to about
/// 216), and every count of monster themes from none to all of the catalog's.
///
/// ```
/// use ludoforge_gloomhaven::catalog::Catalog;
/// use ludoforge_gloomhaven::job::explore_descriptors;
/// use ludoforge_gloomhaven::scenario::Players;
/// let offered = explore_descriptors(&Catalog::built_in(), Players::FOUR);
/// let names: Vec<_> = offered.iter().map(|d| d.name).collect();
/// assert_eq!(names, ["difficulty", "size", "monster_themes"]);
/// assert_eq!((offered[0].low, offered[0].high, offered[0].cells), (0.0, 72.0, 36));
/// assert_eq!((offered[1].low, offered[1].high, offered[1].cells), (30.0, 220.0, 38));
/// // 0 to 12 themes, one cell each.
/// assert_eq!((offered[2].low, offered[2].high, offered[2].cells), (0.0, 13.0, 13));
/// ```
#[must_use]
pub fn explore_descriptors(catalog: &Catalog, players: Players) -> Vec<Descriptor> {
    let themes: BTreeSet<&str> = catalog.monsters.iter().map(|m| m.theme.as_str()).collect();
    descriptors_for(themes.len(), players)
}

/// The descriptors for a catalog of `themes` monster themes.
fn descriptors_for(themes: usize, players: Players) -> Vec<Descriptor> {
    vec![
        Descriptor {
            name: "difficulty",
            unit: "points",
            low: 0.0,
            // Cells 1, 1.5 or 2 points wide for 2, 3 or 4 players.
            high: 18.0 * f64::from(players.count()),
            cells: 36,
            help: "The monster difficulty of the party's set-up on Isaac Childres' scale: the sum \
                   of each standee's monster rating, an elite counting twice (the book suits \
                   30-36 to four players).",
        },
        Descriptor {
            name: "size",
            unit: "tile hexes",
            low: 30.0,
            high: 220.0,
            cells: 38,
            help: "The map's size: the hexes of its map tiles.",
        },
        Descriptor {
            name: "monster_themes",
            unit: "themes",
            low: 0.0,
            high: (themes + 1) as f64,
            cells: themes + 1,
            help: "How many monster themes (Undead, Vermling, Demon, ...) the party's standees \
                   mix: the paper's measure of thematic coherence, 1 at best.",
        },
    ]
}

/// The measures of a scenario, in the order of [`explore_descriptors`].
pub(super) fn measures(catalog: &Catalog, s: &Scenario, players: Players) -> Vec<f64> {
    vec![
        s.difficulty(catalog, players),
        s.map.size(catalog) as f64,
        monster_themes(catalog, s, players) as f64,
    ]
}

/// The search problem whose evaluations carry the scenario's measures as descriptors, and
/// whose fresh scenarios carry no official name or number.
struct Described<'a> {
    inner: &'a GloomProblem<'a>,
    catalog: &'a Catalog,
    players: Players,
}

impl Problem for Described<'_> {
    type Genome = Scenario;
    fn random_genome(&self, rng: &mut Stream) -> Scenario {
        let mut s = self.inner.random_genome(rng);
        s.name.clear();
        s.number = None;
        s
    }
    fn evaluate(&self, s: &Scenario) -> Outcome {
        match self.inner.evaluate(s) {
            Outcome::Evaluated(e) => Outcome::Evaluated(Evaluation {
                fitness: e.fitness,
                components: Vec::new(),
                descriptors: measures(self.catalog, s, self.players),
            }),
            rejected => rejected,
        }
    }
}

impl Mutate for Described<'_> {
    fn mutate(&self, s: &mut Scenario, rng: &mut Stream) {
        self.inner.mutate(s, rng);
    }
}

impl Crossover for Described<'_> {
    fn crossover(&self, a: &Scenario, b: &Scenario, rng: &mut Stream) -> (Scenario, Scenario) {
        self.inner.crossover(a, b, rng)
    }

    fn first_child(&self, a: &Scenario, b: &Scenario, rng: &mut Stream) -> Scenario {
        self.inner.first_child(a, b, rng)
    }
}

impl Spec for GloomhavenExploreJob {
    type Params = GloomhavenExploreParams;
    type Checked = (CheckedSearch, Plan, Option<(Scenario, Locks)>);

    fn id(&self) -> &'static str {
        "gloomhaven-explore"
    }

    fn title(&self) -> &'static str {
        "Explore Gloomhaven scenarios"
    }

    fn help(&self) -> &'static str {
        "Fill a shelf of Gloomhaven scenarios: one for every combination of the measures \
         chosen (monster difficulty for the party, map size in tile hexes, monster themes \
         mixed), each the best scoring found there, by MAP-Elites with the scenario's own \
         crossover and mutation; a heatmap shows the shelf and any scenario can be taken out \
         as a scenario file."
    }

    fn descriptors(&self) -> Vec<Descriptor> {
        // Their names and meanings; the ranges come from the catalog a run uses.
        descriptors_for(0, Players::FOUR)
    }

    fn sample(&self) -> Option<Self::Params> {
        Some(GloomhavenExploreParams {
            explore: ExploreSettings {
                evaluations: 1_500,
                ..ExploreSettings::default()
            },
            ..GloomhavenExploreParams::default()
        })
    }

    fn draw(
        &self,
        result: &serde_json::Value,
        context: &Context,
    ) -> Option<Result<Vec<ludoforge_job::File>, JobError>> {
        super::files::draw(result, context)
    }

    fn checkpoints(&self) -> bool {
        true
    }

    fn validate(&self, p: &GloomhavenExploreParams) -> Result<Self::Checked, JobError> {
        let checked = GloomhavenJob.validate(&p.search())?;
        let plan = p.explore.plan(&explore_descriptors(
            &checked.catalog,
            checked.settings.fitness.players,
        ))?;
        // About 8 KB an elite at the peak (the scenario and its result's text in the archive
        // file), measured from 1,089 to 4,296 elites; twice that for the largest scenarios.
        plan.check_memory(0, 16_000)?;
        let lock = p.lock.as_deref().unwrap_or_default();
        let suggest = match &p.start {
            None => {
                if let Some(first) = lock.first() {
                    return Err(JobError::parameters(format!(
                        "lock {first:?}: locks are parts of a scenario to start from; give the \
                         scenario as `start` too"
                    )));
                }
                None
            }
            Some(file) => {
                let start = start_scenario(&checked.catalog, file)?;
                let locks = Locks::read(&checked.catalog, &start, lock)?;
                Some((start, locks))
            }
        };
        Ok((checked, plan, suggest))
    }

    fn execute(
        &self,
        (checked, plan, suggest): Self::Checked,
        p: &GloomhavenExploreParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let CheckedSearch {
            catalog,
            settings,
            warnings,
            start,
        } = checked;
        let problem = GloomProblem::from_start(&catalog, settings, &start);
        let described = Described {
            inner: &problem,
            catalog: &catalog,
            players: settings.fitness.players,
        };
        let explored = match &suggest {
            None => explore::explore(&described, &plan, Aim::Maximise, 0.0, seed, context)?,
            Some((start, locks)) => {
                let keeps = |s: &Scenario| locks.kept(start, s);
                let locked = Locked::new(&described, start.clone(), keeps, 4);
                explore::explore_seeded(
                    &locked,
                    &plan,
                    Aim::Maximise,
                    0.0,
                    seed,
                    context,
                    &explore::Designed {
                        seeds: std::slice::from_ref(start),
                        admit: None,
                    },
                )?
            }
        };
        let version = env!("CARGO_PKG_VERSION");
        let mut artifact = Artifact::new(self.id(), version, seed, p);
        artifact.notes.extend(warnings);
        let run = RunFigures {
            cycles: 0,
            run: 0,
            evaluations: explored.evaluations,
            rejected: explored.rejected,
            population: explored.archive.len(),
            stop: if explored.interrupted {
                StopReason::Interrupted
            } else {
                StopReason::Evaluations
            },
        };
        let fitness = settings.fitness;
        let parameters = serde_json::to_value(p).expect("parameters serialise");
        let archive = archive_file(
            context,
            self.id(),
            version,
            seed,
            &parameters,
            &plan,
            &explored,
            |elite| {
                let name = names::scenario_name(
                    &catalog,
                    &elite.genome,
                    seed.wrapping_add(elite.cell as u64),
                );
                let entry = ScenarioEntry::of(&catalog, &elite.genome, &name, &fitness);
                result_document(seed, p.preset, &settings, &run, &[entry])
            },
        )?;
        artifact.report("generator", explore::ARCHIVE_GENERATOR);
        artifact.report("players", fitness.players);
        artifact.report(
            "descriptors",
            plan.axes.iter().map(|a| a.name.clone()).collect::<Vec<_>>(),
        );
        for (key, value) in explore::summary(&explored) {
            artifact.report(key, value);
        }
        artifact.report("maximum", fitness.maximum());
        artifact.files.push(archive);
        pictures(
            context,
            &mut artifact,
            &explored,
            fitness.players,
            fitness.maximum(),
            seed,
        )?;
        explore::note_interruption(&mut artifact, &explored, "scenarios");
        Ok(artifact)
    }
}

/// The heatmap and the coverage plot, with the party and the score's scale in their words.
fn pictures(
    context: &Context,
    artifact: &mut Artifact,
    explored: &Explored<Scenario>,
    players: Players,
    maximum: f64,
    seed: u64,
) -> Result<(), JobError> {
    let title = format!("Gloomhaven scenarios, {} players", players.count());
    let captions = [format!(
        "{} · seed {seed} · {} evaluations · {} of {} cells filled · QD score {:.1}",
        explored.method.title(),
        explored.evaluations,
        explored.archive.len(),
        explored.archive.grid().cells(),
        explored.archive.qd_score()
    )];
    let value_name = format!("score (of {maximum})");
    explore::pictures(
        context,
        &mut artifact.files,
        explored,
        &title,
        &value_name,
        &captions,
    )
}
