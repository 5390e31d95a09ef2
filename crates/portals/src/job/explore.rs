//! `portals-explore`: a shelf of portal dungeons, from small to vast, from quick walks to long
//! ones and from few routes to many, by MAP-Elites over the dungeons' measures.
//!
//! The descriptors are the measures the crate already takes of a dungeon (see
//! [`explore_descriptors`]): `rooms`, `mean_walk` (the simulated players' mean walk, in
//! portals), `routes` (the distinct origin-to-exit routes, on a log₂ scale), `decision_rooms`
//! and `longest_route`. Children are made by the `portals` job's own variation: graft
//! (crossover), relink and regrow (mutation).
//!
//! The quality is the `portals` job's own: the total miss of the targets (the `score` of its
//! result file), which every elite of a cell has as small as the search found. The archive
//! keeps it as a nearness 1 / (1 + miss), maximised: 1 when every target is met, toward 0 as
//! the misses grow, so that every elite adds between 0 and 1 to the QD score and filling a
//! cell never lowers it. With no target given, the longest route is asked to be at most M
//! portals, Bush's upper bound on a playthrough's length (section 2): every elite is then the
//! dungeon of its cell whose hardest route overshoots the shortest allowed the least.
//!
//! Every elite in the archive is a normal `portals` result, walked with the stream that
//! belongs to the dungeon, so `portals-show` reads it and measures the same.

mod ranges;
mod suggest;

use ludoforge_evolve::archive::Elite;
use ludoforge_evolve::{Evaluation, Goal, Outcome};
use ludoforge_job::explore::{
    self, Described, Designed, ExploreSettings, Explored, Locked, Plan, archive_file,
};
use ludoforge_job::{Artifact, Context, JobError, Spec};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use ranges::{SURVEY, explore_descriptors, log_routes};
use suggest::{Start, sent_dungeon};

use super::params::{DungeonParams, TargetParams};
use crate::choose::{Choice, Targets};
use crate::evolve::PortalProblem;
use crate::footprint::{BASE_BYTES, Footprint};
use crate::format::{DungeonFile, Exploration, Settings};
use crate::measures::Measures;
use crate::packed::PackedDungeon;

/// A portal dungeon archive to fill.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ExploreParams {
    /// The dungeons and their walks, as the `portals` job takes them.
    pub dungeon: DungeonParams,
    /// What every dungeon is judged against, as in the `portals` job; with no target at all,
    /// the longest route is asked to be at most M portals.
    pub targets: TargetParams,
    /// The exploration: descriptors (`rooms`, `mean_walk`, `routes`, `decision_rooms`,
    /// `longest_route`), cells, ranges and budget.
    pub explore: ExploreSettings,
    /// A designer's dungeon to make suggestions around (a result of `portals`, an elite, a
    /// checked dungeon, as itself or as a file given by content): the archive holds it from
    /// the first batch and every dungeon is made from it; its settings and targets replace
    /// `dungeon` and `targets`.
    pub start: Value,
    /// Rooms of the start no suggestion changes (their number, and their portals to the same
    /// rooms): `3`, `room 3`, ranges `0-5`.
    pub lock: Option<Vec<String>>,
}

/// `portals-explore`: an archive of portal dungeons.
pub struct ExploreJob;

/// Checked parameters, ready to run.
#[derive(Debug, Clone)]
pub struct ExplorePlan {
    /// The search problem: the generator's parameters, walks, memory and targets (its seed is
    /// the run's, set when it runs).
    pub problem: PortalProblem,
    /// The archive's axes and the search's settings: made when the run starts, since its
    /// ranges come from a survey of dungeons that can take seconds (and a cancel must stop).
    pub plan: Option<Plan>,
    /// The designer's dungeon and its locked rooms, when suggesting around one.
    pub start: Option<Start>,
}

/// The nearness to the targets an elite is kept by: 1 / (1 + the total miss).
///
/// ```
/// assert_eq!(ludoforge_portals::job::nearness(0.0), 1.0);
/// assert_eq!(ludoforge_portals::job::nearness(1.0), 0.5);
/// ```
#[must_use]
pub fn nearness(miss: f64) -> f64 {
    1.0 / (1.0 + miss)
}

/// A dungeon's descriptors, in the order [`explore_descriptors`] offers them.
///
/// ```
/// use ludoforge_evolve::rng::stream;
/// use ludoforge_portals::{Dungeon, Measures, walk::Memory};
/// let dungeon = Dungeon::from_portals(vec![vec![1, 2], vec![3], vec![3], vec![]], 3);
/// let m = Measures::of(&dungeon, 10, Memory::Walk, &mut stream(1, 0, 0)).unwrap();
/// assert_eq!(ludoforge_portals::job::descriptors(&m), [4.0, 2.0, 1.0, 1.0, 2.0]);
/// ```
#[must_use]
pub fn descriptors(measures: &Measures) -> [f64; 5] {
    [
        measures.rooms as f64,
        measures.walks.mean,
        log_routes(measures.routes),
        measures.decision_rooms as f64,
        f64::from(measures.longest_route),
    ]
}

impl Spec for ExploreJob {
    type Params = ExploreParams;
    type Checked = ExplorePlan;

    fn id(&self) -> &'static str {
        "portals-explore"
    }

    fn title(&self) -> &'static str {
        "Explore portal dungeons"
    }

    fn help(&self) -> &'static str {
        "Fill a shelf of portal dungeons: one for every combination of the measures chosen \
         (rooms, mean walk, routes, decision rooms, longest route), each the nearest to the \
         targets found there (by default: the longest route at most M), by MAP-Elites with the \
         dungeons' own crossover and mutation; a heatmap shows the shelf and any dungeon can \
         be taken out as a portals result."
    }

    fn descriptors(&self) -> Vec<ludoforge_job::explore::Descriptor> {
        ranges::unfitted()
    }

    fn sample(&self) -> Option<Self::Params> {
        Some(ExploreParams {
            dungeon: DungeonParams {
                walks: 200,
                ..DungeonParams::default()
            },
            explore: ExploreSettings {
                evaluations: 1_000,
                initial: 100,
                batch: 50,
                ..ExploreSettings::default()
            },
            ..ExploreParams::default()
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

    fn validate(&self, p: &ExploreParams) -> Result<ExplorePlan, JobError> {
        let start = Start::read(&p.start, p.lock.as_deref().unwrap_or_default())?;
        let (params, walks, memory, mut targets) = match &start {
            Some(start) => {
                let settings = &start.file.settings;
                let targets = start.file.targets;
                (
                    settings.params,
                    settings.walks.max(1),
                    settings.memory,
                    targets,
                )
            }
            None => {
                let (params, walks, memory) = p.dungeon.settings()?;
                (params, walks, memory, p.targets.targets()?)
            }
        };
        if targets.is_empty() {
            targets.max_longest = Some(params.min_path);
        }
        // The settings that need no survey are checked before any dungeon is made.
        let unfitted = p.explore.plan(&ranges::unfitted())?;
        // An elite's result holds about 80 bytes of JSON a room (measured: 78 at M = 9, 73 at
        // M = 20), twice while the archive file is written, beside its packed dungeon.
        let footprint = Footprint::estimate(&params, 1);
        let rooms = footprint.rooms.ceil() as u64;
        unfitted.check_memory(BASE_BYTES, 2 * 80 * rooms + footprint.per_dungeon + 2_048)?;
        Ok(ExplorePlan {
            problem: PortalProblem {
                params,
                targets,
                walks,
                memory,
                seed: 0,
            },
            plan: None,
            start,
        })
    }

    fn execute(
        &self,
        checked: ExplorePlan,
        p: &ExploreParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let plan = match checked.plan {
            Some(plan) => plan,
            None => p.explore.plan(&ranges::explore_descriptors_until(
                &checked.problem.params,
                Some(context.cancel_flag()),
            )?)?,
        };
        let problem = PortalProblem {
            seed,
            ..checked.problem
        };
        // Each dungeon's walks give both its descriptors and its nearness to the targets.
        let evaluate = |packed: &PackedDungeon| {
            if let Err(reason) = problem.admits(packed) {
                return Outcome::rejected(reason);
            }
            // Cut short by a cancel: no real score, and the exploration drops it.
            let Some(measures) = problem.measure_until(&packed.unpack(), context.cancel_flag())
            else {
                return Outcome::rejected(crate::evolve::INTERRUPTED);
            };
            Outcome::Evaluated(Evaluation {
                fitness: nearness(problem.targets.score(&measures)),
                components: Vec::new(),
                descriptors: descriptors(&measures).to_vec(),
            })
        };
        let described = Described {
            inner: &problem,
            evaluate,
        };
        let explored = match &checked.start {
            None => explore::explore(&described, &plan, Goal::Maximise, 0.0, seed, context)?,
            Some(start) => {
                let first = start.packed();
                let locked = Locked::new(&described, first.clone(), start.keeps(), 4);
                // A dungeon the designer edits while the search runs goes into it.
                let admit = |document: &Value| -> Result<PackedDungeon, String> {
                    let (_, dungeon) = sent_dungeon(document)?;
                    let packed = PackedDungeon::pack(&dungeon);
                    if locked.keeps(&packed) {
                        Ok(packed)
                    } else {
                        Err("it changes a locked room: untick the room to send such a \
                             dungeon"
                            .into())
                    }
                };
                explore::explore_seeded(
                    &locked,
                    &plan,
                    Goal::Maximise,
                    0.0,
                    seed,
                    context,
                    &Designed {
                        seeds: std::slice::from_ref(&first),
                        admit: Some(&admit),
                    },
                )?
            }
        };
        finish(self.id(), p, &problem, &plan, &explored, context)
    }
}

/// The result file of an elite: the `portals` job's, for the dungeon walked as it was when
/// it was evaluated.
fn result_of(problem: &PortalProblem, elite: &Elite<PackedDungeon>, settings: Settings) -> Value {
    let dungeon = elite.genome.unpack();
    let measures = problem.measure(&dungeon);
    let verdicts = problem.targets.judge(&measures);
    let score = verdicts.iter().map(|v| v.miss).sum();
    let choice = Choice {
        dungeon,
        measures,
        verdicts,
        score,
        candidate: 0,
        candidates: 1,
    };
    let file = DungeonFile::new(&choice, settings, problem.targets, problem.seed);
    // A count of routes beyond 2^64 has no exact JSON number in a document; the file's text
    // has it, and is read back with that count as a float.
    serde_json::to_value(&file)
        .unwrap_or_else(|_| serde_json::from_str(&file.to_json()).expect("a dungeon file is JSON"))
}

/// The archive file, its pictures and the summary.
fn finish(
    id: &str,
    params: &ExploreParams,
    problem: &PortalProblem,
    plan: &Plan,
    explored: &Explored<PackedDungeon>,
    context: &Context,
) -> Result<Artifact, JobError> {
    let version = env!("CARGO_PKG_VERSION");
    let seed = problem.seed;
    let mut artifact = Artifact::new(id, version, seed, params);
    let settings = Settings {
        params: problem.params,
        candidates: 1,
        walks: problem.walks,
        memory: problem.memory,
        evolution: None,
        exploration: Some(Exploration {
            method: explored.method,
            evaluations: explored.evaluations,
        }),
    };
    // Each elite is walked again for its file (in parallel).
    let parameters = serde_json::to_value(params).expect("parameters serialise");
    let archive = archive_file(
        context,
        id,
        version,
        seed,
        &parameters,
        plan,
        explored,
        |elite| result_of(problem, elite, settings),
    )?;
    artifact.report("generator", explore::ARCHIVE_GENERATOR);
    artifact.report("min_path", problem.params.min_path);
    artifact.report("targets", problem.targets);
    artifact.report(
        "descriptors",
        plan.axes.iter().map(|a| a.name.clone()).collect::<Vec<_>>(),
    );
    for (key, value) in explore::summary(explored) {
        artifact.report(key, value);
    }
    artifact.files.push(archive);
    let title = format!("Portal dungeons · M = {}", problem.params.min_path);
    let captions = [
        format!(
            "{} · seed {seed} · {} evaluations · {} of {} cells filled · QD score {:.1}",
            explored.method.title(),
            explored.evaluations,
            explored.archive.len(),
            explored.archive.grid().cells(),
            explored.archive.qd_score()
        ),
        format!("targets: {}", targets_text(&problem.targets)),
    ];
    explore::pictures(
        context,
        &mut artifact.files,
        explored,
        &title,
        "nearness to the targets, 1 / (1 + miss)",
        &captions,
    )?;
    explore::note_interruption(&mut artifact, explored, "elites");
    Ok(artifact)
}

/// The targets in words, for a caption.
fn targets_text(targets: &Targets) -> String {
    let mut parts = Vec::new();
    if let Some(mean) = targets.mean_walk {
        parts.push(format!("mean walk {mean} ± {} portals", targets.tolerance));
    }
    if let Some(longest) = targets.max_longest {
        parts.push(format!("longest route at most {longest} portals"));
    }
    if let Some(decisions) = targets.min_decisions {
        parts.push(format!("at least {decisions} decision rooms"));
    }
    if let Some(routes) = targets.min_routes {
        parts.push(format!("at least {routes} routes"));
    }
    parts.join(", ")
}
