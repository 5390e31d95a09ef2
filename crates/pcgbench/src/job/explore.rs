//! `pcg-explore`: MAP-Elites over the measures a problem's controls ask for (and, for a problem
//! with one control, a measure that spreads contents further), scored by quality, so that one
//! run holds an answer to every control target; then a set for controls drawn from the control
//! space, each answered by the archive's best elite for it.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_evolve::Goal;
use ludoforge_evolve::archive::Elite;
use ludoforge_evolve::rng::stream;
use ludoforge_job::engine::pictures;
use ludoforge_job::explore::{self, Descriptor, ExploreSettings, Plan, archive_file};
use ludoforge_job::{Artifact, Context, File, JobError, Spec, media};
use rayon::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::adapter::{Contents, Genome, LINEAGES};
use super::document::{GENERATOR, SET_KIND, SetDocument, score_set};
use super::evolve::MAX_SIZE;
use super::picture::set_svg;
use super::{Name, with_problem};
use crate::{Grid, Measure, Problem};

/// `kind` of one content's document (an elite of the archive): `problem`, `content`, `quality`
/// and, unless the run was cut short, `info` (the problem's measures, with the benchmark's
/// keys).
pub const CONTENT_KIND: &str = "pcg-content";

/// `pcg-explore`: an archive of contents over a problem's controlled measures, and a set from it.
pub struct ExploreJob;

/// Elites a run cut short measures (the best, or `size` when more): the others would keep it
/// going for seconds after it was asked to stop.
pub const INTERRUPTED_CANDIDATES: usize = 400;

/// The parameters of `pcg-explore`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ExploreParams {
    /// The benchmark problem.
    pub problem: Name,
    /// Contents in the set taken from the archive, one for each control drawn: 1 to 200.
    #[schemars(range(min = 1, max = 200))]
    pub size: usize,
    /// The exploration: descriptors (the problem's measures, `path` and `empty` for binary,
    /// `player_key` and `key_door` for zelda, `crates` and `solution_length` for sokoban,
    /// `col_treasures` and `solution_length` for mini dungeons, and `lineage`; by default the
    /// measures the controls ask for and `lineage`), cells, ranges, evaluations, batch,
    /// crossover (none by default: a child of two lineages would bring them closer), method.
    /// Settings not given take this job's defaults.
    #[serde(deserialize_with = "over_defaults")]
    pub explore: ExploreSettings,
}

/// The exploration of `pcg-explore` by default: the baselines' budget (10,100 evaluations), of
/// which the first 4,000 are contents drawn from the problem's prior (many lineages started,
/// so that the set can be diverse; fewer leave it to a handful of them), then batches of 100
/// bred without crossover.
#[must_use]
pub fn default_exploration() -> ExploreSettings {
    ExploreSettings {
        evaluations: 10_100,
        initial: 4_000,
        batch: 100,
        crossover: 0.0,
        ..ExploreSettings::default()
    }
}

/// Reads `explore` over [`default_exploration`].
fn over_defaults<'de, D: serde::Deserializer<'de>>(reader: D) -> Result<ExploreSettings, D::Error> {
    ExploreSettings::over(reader, default_exploration())
}

impl Default for ExploreParams {
    fn default() -> Self {
        ExploreParams {
            problem: Name::default(),
            size: 100,
            explore: default_exploration(),
        }
    }
}

fn descriptor(m: Measure) -> Descriptor {
    Descriptor {
        name: m.name,
        unit: "",
        low: m.low,
        high: m.high,
        cells: m.cells,
        help: m.help,
    }
}

/// The descriptors a problem offers: its measures, then `lineage`.
#[must_use]
pub fn offered<P: Problem>(problem: &P) -> Vec<Descriptor> {
    let mut offered: Vec<Descriptor> = problem.measures().into_iter().map(descriptor).collect();
    offered.push(Descriptor {
        name: "lineage",
        unit: "",
        low: 0.0,
        high: LINEAGES as f64,
        cells: LINEAGES,
        help: "The first content an elite descends from: elites of different lineages never \
               replace each other, and differ more than those of one.",
    });
    offered
}

/// The settings as given, with the problem's default descriptors when none are: the measures
/// its controls ask for, then `lineage`.
fn settings<P: Problem>(problem: &P, given: &ExploreSettings) -> ExploreSettings {
    let mut settings = given.clone();
    if settings.descriptors.is_empty() {
        let dims = problem.controls().len();
        settings.descriptors = problem
            .measures()
            .iter()
            .take(dims)
            .map(|m| m.name.to_string())
            .collect();
        settings.descriptors.push("lineage".into());
    }
    settings
}

/// For each control in turn, the elite that answers it best: of quality 1 and meeting the
/// control if any does, and not picked yet if any is; among those, the one least like the
/// elites already picked (the smallest sum of `1 − diversity`, the benchmark's similarity), so
/// the set scores on diversity too. Without such an elite, one of quality 1 with the highest
/// controllability (then the highest quality). Ties go to the first. `infos` are the elites' measures.
///
/// Elites are grouped by the measures that decide controllability (the first values of
/// [`Problem::measure`]), so each control is weighed once per group; at most
/// [`PICK_CANDIDATES`] elites are compared with those picked for each control.
///
/// Once `cancel` is set (a run interrupted), the first candidate is taken without comparing.
///
/// # Panics
/// When `infos` is empty.
#[must_use]
pub fn pick_set<P: Problem>(
    problem: &P,
    infos: &[P::Info],
    controls: &[Vec<i64>],
    cancel: Option<&AtomicBool>,
) -> Vec<usize> {
    assert!(!infos.is_empty(), "an archive with an elite");
    let dims = problem.controls().len();
    let quality: Vec<f64> = infos.iter().map(|i| problem.quality(i)).collect();
    let mut groups: BTreeMap<Vec<u64>, Vec<usize>> = BTreeMap::new();
    for (i, info) in infos.iter().enumerate() {
        let key = problem
            .measure(info)
            .iter()
            .take(dims)
            .map(|v| v.to_bits())
            .collect();
        groups.entry(key).or_default().push(i);
    }
    // Within a group, the best first: higher quality, then the first.
    let mut groups: Vec<Vec<usize>> = groups.into_values().collect();
    for members in &mut groups {
        members.sort_by(|&a, &b| quality[b].total_cmp(&quality[a]).then(a.cmp(&b)));
    }
    let mut used = vec![false; infos.len()];
    let mut picked: Vec<usize> = Vec::with_capacity(controls.len());
    for control in controls {
        let weighed: Vec<f64> = groups
            .iter()
            .map(|m| problem.controllability(&infos[m[0]], control))
            .collect();
        // Good answers: quality 1, meeting the control, not picked yet (else picked before).
        let good = |fresh: bool| -> Vec<usize> {
            groups
                .iter()
                .zip(&weighed)
                .filter(|(_, c)| **c >= 1.0)
                .flat_map(|(members, _)| members.iter().copied())
                .filter(|&m| quality[m] >= 1.0 && (!fresh || !used[m]))
                .take(PICK_CANDIDATES)
                .collect()
        };
        let mut candidates = good(true);
        if candidates.is_empty() {
            candidates = good(false);
        }
        let chosen = if candidates.is_empty() {
            // Nothing of quality 1 meets it: quality 1 first, then the highest
            // controllability, then quality; a member not picked yet if the group has one.
            let rank = |g: usize| {
                (
                    quality[groups[g][0]] >= 1.0,
                    weighed[g],
                    quality[groups[g][0]],
                )
            };
            let mut best = 0;
            for g in 1..groups.len() {
                let (a, b) = (rank(g), rank(best));
                let order =
                    a.0.cmp(&b.0)
                        .then(a.1.total_cmp(&b.1))
                        .then(a.2.total_cmp(&b.2));
                if order == std::cmp::Ordering::Greater {
                    best = g;
                }
            }
            let members = &groups[best];
            members
                .iter()
                .copied()
                .find(|&m| !used[m] && quality[m] >= quality[members[0]])
                .unwrap_or(members[0])
        } else {
            let likeness = |m: usize| -> f64 {
                picked
                    .iter()
                    .map(|&p| 1.0 - problem.diversity(&infos[m], &infos[p]))
                    .sum()
            };
            if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                candidates[0]
            } else {
                let mut best = candidates[0];
                let mut least = likeness(best);
                for &m in &candidates[1..] {
                    let like = likeness(m);
                    if like < least {
                        (best, least) = (m, like);
                    }
                }
                best
            }
        };
        used[chosen] = true;
        picked.push(chosen);
    }
    picked
}

/// The most elites compared with the set so far for one control (see [`pick_set`]).
pub const PICK_CANDIDATES: usize = 64;

/// The files of a set: its document under `role`, and its picture when wanted.
///
/// # Errors
/// [`JobError::Failed`] when the picture cannot be drawn.
pub fn set_files(
    context: &Context,
    artifact: &mut Artifact,
    document: &SetDocument,
    role: &str,
    title: &str,
) -> Result<(), JobError> {
    let bytes = serde_json::to_vec(document).expect("a set serialises");
    artifact.files.push(File::new(role, media::JSON, bytes));
    let good: Vec<bool> = document.details.quality.iter().map(|q| *q >= 1.0).collect();
    pictures(context, &mut artifact.files, 1.5, || {
        set_svg(
            &document.problem,
            &document.contents,
            &good,
            title,
            &document.caption(),
            60,
        )
    })
}

/// Pictures of a document these jobs write (a set, or one elite's content); `None` for any
/// other document.
pub fn draw_document(result: &Value, context: &Context) -> Option<Result<Vec<File>, JobError>> {
    if result.get("generator").and_then(Value::as_str) != Some(GENERATOR) {
        return None;
    }
    let kind = result.get("kind").and_then(Value::as_str)?;
    let drawn = || -> Result<Vec<File>, JobError> {
        let problem = result
            .get("problem")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let Some(name) = Name::parse(problem) else {
            return Err(JobError::input(format!(
                "{problem:?} is not a problem of these jobs"
            )));
        };
        let bad = |e: serde_json::Error| {
            JobError::input(format!("the {kind} document cannot be read: {e}"))
        };
        let (contents, good, caption) = if kind == SET_KIND {
            let set: SetDocument = serde_json::from_value(result.clone()).map_err(bad)?;
            let good = set.details.quality.iter().map(|q| *q >= 1.0).collect();
            let caption = set.caption();
            (set.contents, good, caption)
        } else {
            let content: Grid =
                serde_json::from_value(result.get("content").cloned().unwrap_or_default())
                    .map_err(bad)?;
            let q = result.get("quality").and_then(Value::as_f64).unwrap_or(0.0);
            (vec![content], vec![q >= 1.0], format!("quality {q:.3}"))
        };
        let fits = with_problem!(name, |p| contents.iter().all(|c| c.width() == p.width()
            && c.height() == p.height()
            && c.cells().iter().all(|t| *t < p.tiles())));
        if !fits {
            return Err(JobError::input(format!(
                "the {kind} document holds a content that is not one of {problem}"
            )));
        }
        let mut files = Vec::new();
        pictures(context, &mut files, 1.5, || {
            set_svg(problem, &contents, &good, problem, &caption, 60)
        })?;
        Ok(files)
    };
    (kind == SET_KIND || kind == CONTENT_KIND).then(drawn)
}

/// Checked parameters: the plan over the problem's measures.
pub struct Checked {
    plan: Plan,
}

impl Spec for ExploreJob {
    type Params = ExploreParams;
    type Checked = Checked;

    fn id(&self) -> &'static str {
        "pcg-explore"
    }

    fn title(&self) -> &'static str {
        "PCG Benchmark set, explored"
    }

    fn help(&self) -> &'static str {
        "Fill a MAP-Elites archive of contents for a problem of the PCG Benchmark over the \
         measures its controls ask for, keeping the highest quality in each cell, so that one \
         run answers every control target; then take a set for controls drawn from the control \
         space, each the archive's best answer, scored with the benchmark's quality, \
         controllability and diversity."
    }

    fn sample(&self) -> Option<Self::Params> {
        Some(ExploreParams {
            problem: Name::ZeldaV0,
            size: 24,
            explore: ExploreSettings {
                evaluations: 4_000,
                initial: 1_500,
                batch: 100,
                crossover: 0.0,
                ..ExploreSettings::default()
            },
        })
    }

    fn descriptors(&self) -> Vec<Descriptor> {
        let mut all: Vec<Descriptor> = Vec::new();
        for name in Name::ALL {
            for d in with_problem!(name, |p| offered(&p)) {
                if !all.iter().any(|a| a.name == d.name) {
                    all.push(d);
                }
            }
        }
        all
    }

    fn draw(&self, result: &Value, context: &Context) -> Option<Result<Vec<File>, JobError>> {
        draw_document(result, context)
    }

    fn validate(&self, p: &ExploreParams) -> Result<Checked, JobError> {
        if !(1..=MAX_SIZE).contains(&p.size) {
            return Err(JobError::parameters(format!(
                "size {}: give a number of contents between 1 and {MAX_SIZE}",
                p.size
            )));
        }
        let plan = with_problem!(p.problem, |problem| settings(&problem, &p.explore)
            .plan(&offered(&problem)))
        .map_err(|e| JobError::parameters(format!("{} (for {})", e, p.problem.as_str())))?;
        let cells = with_problem!(p.problem, |problem| (problem.width() * problem.height())
            as u64);
        plan.check_memory(plan.settings.batch as u64 * cells * 2, cells * 3 + 256)?;
        Ok(Checked { plan })
    }

    fn execute(
        &self,
        Checked { plan }: Checked,
        p: &ExploreParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        with_problem!(p.problem, |problem| run(
            self.id(),
            &problem,
            p,
            &plan,
            seed,
            context
        ))
    }
}

fn run<P: Problem>(
    id: &str,
    problem: &P,
    p: &ExploreParams,
    plan: &Plan,
    seed: u64,
    context: &Context,
) -> Result<Artifact, JobError> {
    let contents = Contents::described(problem).cancelled_by(context.cancel_flag());
    let explored = explore::explore(&contents, plan, Goal::Maximise, 0.0, seed, context)?;
    let mut elites: Vec<&Elite<Genome>> = explored.archive.iter().collect();
    if elites.is_empty() {
        return Err(JobError::failed(
            "the archive is empty: no content was kept",
        ));
    }
    // Measured once, in parallel, for the pick and for the archive's documents alike. A run
    // cut short measures only its best elites, so that it ends at once: the set is picked from
    // them and the archive's documents go without their measures.
    let measured_all = !explored.interrupted;
    if !measured_all {
        elites.sort_by(|a, b| b.fitness.total_cmp(&a.fitness).then(a.cell.cmp(&b.cell)));
        elites.truncate(INTERRUPTED_CANDIDATES.max(p.size));
    }
    let grids: Vec<Grid> = elites.iter().map(|e| contents.grid(&e.genome)).collect();
    context.stage("measuring the archive's contents", None, "contents");
    let infos: Vec<P::Info> =
        context.install(|| grids.par_iter().map(|g| problem.info(g)).collect())?;
    let at: HashMap<usize, usize> = elites
        .iter()
        .enumerate()
        .map(|(i, e)| (e.cell, i))
        .collect();
    let mut rng = stream(seed, 7, 0);
    let controls: Vec<Vec<i64>> = (0..p.size)
        .map(|_| contents.random_control(&mut rng))
        .collect();
    let picked = pick_set(problem, &infos, &controls, Some(context.cancel_flag()));
    let picked_infos: Vec<P::Info> = picked.iter().map(|&i| infos[i].clone()).collect();
    let set = score_set(
        problem,
        picked.iter().map(|&i| grids[i].clone()).collect(),
        &picked_infos,
        &controls,
        id,
        seed,
        explored.evaluations,
    );

    let version = env!("CARGO_PKG_VERSION");
    let mut artifact = Artifact::new(id, version, seed, p);
    let parameters = serde_json::to_value(p).expect("parameters serialise");
    let archive = archive_file(
        context,
        id,
        version,
        seed,
        &parameters,
        plan,
        &explored,
        |elite| match at.get(&elite.cell) {
            Some(&i) if measured_all => json!({
                "generator": GENERATOR,
                "kind": CONTENT_KIND,
                "problem": problem.name(),
                "content": grids[i],
                "quality": problem.quality(&infos[i]),
                "info": infos[i],
            }),
            _ => json!({
                "generator": GENERATOR,
                "kind": CONTENT_KIND,
                "problem": problem.name(),
                "content": contents.grid(&elite.genome),
                "quality": elite.fitness,
            }),
        },
    )?;
    artifact.report("generator", explore::ARCHIVE_GENERATOR);
    artifact.report("problem", problem.name());
    artifact.report(
        "descriptors",
        plan.axes.iter().map(|a| a.name.clone()).collect::<Vec<_>>(),
    );
    for (key, value) in explore::summary(&explored) {
        artifact.report(key, value);
    }
    artifact.report("size", set.contents.len());
    artifact.report("quality", set.scores.quality);
    artifact.report("controllability", set.scores.controllability);
    artifact.report("diversity", set.scores.diversity);
    explore::note_interruption(&mut artifact, &explored, "contents");
    artifact.files.push(archive);
    let title = format!(
        "{} · pcg-explore · seed {seed} · {} of {} cells filled",
        problem.name(),
        explored.archive.len(),
        explored.archive.grid().cells()
    );
    set_files(context, &mut artifact, &set, "set", &title)?;
    Ok(artifact)
}
