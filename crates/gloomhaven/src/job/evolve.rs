//! `gloomhaven`: evolve scenarios from the official ones, name the best, write its book page,
//! draw it and write its board file.

use std::borrow::Cow;

use ludoforge_evolve::{EvolveError, Keep, Saved, StopReason};
use ludoforge_job::engine::pictures;
use ludoforge_job::{Artifact, Context, Ending, File, JobError, MemoryLimit, Spec, media};
use serde_json::json;

use super::files::{board_file, catalog, check_valid, read_scenarios};
use super::params::{GENE_GROUPS, GloomhavenParams, GoalParam, MAX_CYCLES, MAX_TOP, Preset};
use crate::catalog::Catalog;
use crate::evolution::{GloomProblem, Settings, Start, evolve_from, top};
use crate::export::ScenarioEntry;
use crate::fitness::Fitness;
use crate::json::readable;
use crate::record::Source;
use crate::scenario::{Goal, Players, Scenario};
use crate::table::Table;
use crate::{book, names, render, secretariat};
use ludoforge_job::engine::{RunEvents, save_run};

/// `gloomhaven`: evolve a scenario.
pub struct GloomhavenJob;

/// The `gloomhaven` job's parameters once checked: the catalog, the search's settings and where
/// it starts.
pub struct CheckedSearch {
    pub(super) catalog: Cow<'static, Catalog>,
    pub(super) settings: Settings,
    pub(super) warnings: Vec<String>,
    /// The search's start (the catalog's and the given scenarios), scored while checking.
    pub(super) start: Start,
}

/// The figures of the search a result file reports.
pub(super) struct RunFigures {
    /// The cycles asked for.
    pub cycles: u64,
    /// The cycles run.
    pub run: u64,
    /// Scenarios evaluated.
    pub evaluations: u64,
    /// Scenarios found invalid.
    pub rejected: u64,
    /// Scenarios kept at the end.
    pub population: usize,
    /// Why the search stopped.
    pub stop: StopReason,
}

/// The `gloomhaven` job's result document: generator, version, seed, the search's settings,
/// its run figures and the scenarios with their scores. Every job that writes Gloomhaven
/// scenarios writes this document, so that every reader of scenario files reads them.
pub(super) fn result_document(
    seed: u64,
    preset: Preset,
    settings: &Settings,
    run: &RunFigures,
    entries: &[ScenarioEntry],
) -> serde_json::Value {
    let fitness = settings.fitness;
    json!({
        "generator": "gloomhaven",
        "version": env!("CARGO_PKG_VERSION"),
        "seed": seed,
        "settings": {
            "cycles": run.cycles,
            "players": fitness.players,
            "preset": preset,
            "starting_scenarios": settings.seeds,
            "weights": fitness.weights,
            "ideals": {"difficulty": fitness.difficulty, "size": fitness.size,
                       "complexity": fitness.complexity, "layout": fitness.layout},
            "goal": settings.goal,
            "mutation": settings.mutation,
            "max_table_cm": settings.table.map(|t| [t.width, t.height]),
        },
        "run": {
            "cycles": run.run,
            "evaluations": run.evaluations,
            "rejected": run.rejected,
            "population": run.population,
            "stop": run.stop,
        },
        "scenarios": entries,
    })
}

/// The memory a run takes before its population grows (the catalog, the starting scenarios).
const BASE_BYTES: u64 = 50_000_000;

/// The memory a cycle adds at most: a scenario kept in the population with its evaluation
/// (measured: a population growing about 27 MB a second toward 12 GB at 10,000,000 cycles).
const BYTES_PER_CYCLE: u64 = 1_200;

/// "1,1,1,1,1".
fn listed(numbers: &[f64]) -> String {
    numbers
        .iter()
        .map(f64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The search's settings from the parameters, every number checked.
fn settings(p: &GloomhavenParams) -> Result<Settings, JobError> {
    let bad = |m: String| Err(JobError::parameters(m));
    if !(1..=MAX_CYCLES).contains(&p.cycles) {
        return bad(format!(
            "cycles {}: give between 1 and {MAX_CYCLES}",
            p.cycles
        ));
    }
    let players = match (p.preset, p.players) {
        (Preset::Paper, None) => Players::FOUR,
        (Preset::Gloomdungeons, None) => Players::TWO,
        (Preset::Gloomdungeons, Some(n)) => {
            return bad(format!(
                "players {n} with preset gloomdungeons: the published code's preset scores \
                 two-player set-ups only and takes no player count; leave out players, or choose \
                 preset paper for {n} players"
            ));
        }
        (Preset::Paper, Some(n)) => match Players::new(n) {
            Some(players) => players,
            None => {
                return bad(format!(
                    "players {n}: Gloomhaven is played by 2, 3 or 4 players"
                ));
            }
        },
    };
    let mut settings = match p.preset {
        Preset::Paper => Settings::new(Fitness::paper(players)),
        Preset::Gloomdungeons => Settings::gloomdungeons(),
    };
    if let Some(weights) = &p.weights {
        let Ok(five) = <[f64; 5]>::try_from(weights.as_slice()) else {
            return bad(format!(
                "weights {}: give five numbers, for difficulty, size, complexity, theme and \
                 layout, e.g. 1,1,1,1,1",
                listed(weights)
            ));
        };
        settings.fitness = settings
            .fitness
            .with_weights(five)
            .map_err(|e| JobError::parameters(format!("weights {}: {e}", listed(weights))))?;
    }
    settings.goal = match p.goal {
        GoalParam::KillAll => Goal::KillAll,
        GoalParam::LootAll => Goal::LootAll,
        GoalParam::ReachExit => Goal::ReachExit,
    };
    for (name, value) in GENE_GROUPS.iter().zip(p.mutation.list()) {
        if !(0.0..=1.0).contains(&value) {
            return bad(format!(
                "mutation.{name} {value}: give a probability between 0 and 1"
            ));
        }
    }
    settings.mutation = p.mutation.list();
    if let Some(table) = p.max_table {
        let fine = |x: f64| x.is_finite() && x > 0.0 && x <= 1e5;
        if !(fine(table.width) && fine(table.height)) {
            return bad(format!(
                "max_table {}x{}: give the table's width and height in centimetres, each greater \
                 than 0 and at most 100000",
                table.width, table.height
            ));
        }
        settings.table = Some(Table {
            width: table.width,
            height: table.height,
        });
    }
    settings.creator = p.creator;
    if !(1..=MAX_TOP).contains(&p.top) {
        return bad(format!("top {}: give between 1 and {MAX_TOP}", p.top));
    }
    Ok(settings)
}

/// Why no starting scenario can be used, and what to change.
fn no_start(last_reason: &str, settings: &Settings) -> JobError {
    JobError::parameters(format!(
        "no starting scenario is valid under these settings to start from (the last one: \
         {last_reason}){}",
        if settings.table.is_some() {
            "; give a larger table with max_table (the official maps need about 60x50 cm)"
        } else if settings.creator {
            "; leave out creator and write the board file from the result with gloomhaven \
             export-vgb instead"
        } else {
            ""
        }
    ))
}

impl Spec for GloomhavenJob {
    type Params = GloomhavenParams;
    type Checked = CheckedSearch;

    fn id(&self) -> &'static str {
        "gloomhaven"
    }

    fn title(&self) -> &'static str {
        "Gloomhaven scenario"
    }

    fn help(&self) -> &'static str {
        "Evolve Gloomhaven scenarios from the official ones, built only from the map tiles, \
         overlay tiles and monster standees in the box (after Tijben and Gerhold): the best \
         scenarios with their scores, the best one's book page, its map, and its board file for \
         Virtual Gloomhaven Board."
    }

    fn sample(&self) -> Option<Self::Params> {
        // A quick run whose picture shows what the job makes.
        Some(serde_json::from_str(r#"{"cycles": 40}"#).expect("sample parameters"))
    }

    fn checkpoints(&self) -> bool {
        true
    }

    fn draw(
        &self,
        result: &serde_json::Value,
        context: &Context,
    ) -> Option<Result<Vec<ludoforge_job::File>, JobError>> {
        super::files::draw(result, context)
    }

    fn validate(&self, p: &GloomhavenParams) -> Result<CheckedSearch, JobError> {
        let settings = settings(p)?;
        // The population grows by up to a scenario a cycle and is all kept to the end.
        MemoryLimit::machine().check("cycles", p.cycles, BASE_BYTES, BYTES_PER_CYCLE, "")?;
        let catalog = catalog(p.catalog.as_ref())?;
        let mut extra = Vec::new();
        let mut warnings = Vec::new();
        for (i, file) in p.from.iter().enumerate() {
            let shown = file.shown(&format!("from {}", i + 1));
            let (scenarios, warning) = read_scenarios(&catalog, file, &shown)?;
            warnings.extend(warning);
            for s in scenarios {
                check_valid(&catalog, &s, &shown)?;
                extra.push(s);
            }
        }
        // The search starts from the scenarios valid under the settings: there must be one.
        let problem = GloomProblem::with_seeds(&catalog, settings, &extra);
        if problem.seeds().is_empty() {
            return Err(JobError::parameters(format!(
                "the catalog has no {} scenarios for the search to start from: add some to \
                 the catalog, or choose the other preset",
                match settings.seeds {
                    Source::Book => "scenario book",
                    Source::Gloomdungeons => "GloomDungeons",
                    Source::Generated => "generated",
                }
            )));
        }
        let start = problem.start();
        if let Some(reason) = start.none_valid() {
            return Err(no_start(&reason, &settings));
        }
        Ok(CheckedSearch {
            catalog,
            settings,
            warnings,
            start,
        })
    }

    fn execute(
        &self,
        checked: CheckedSearch,
        p: &GloomhavenParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let CheckedSearch {
            catalog,
            settings,
            warnings,
            start,
        } = checked;
        let mut artifact = Artifact::new(self.id(), env!("CARGO_PKG_VERSION"), seed, p);
        artifact.notes.extend(warnings);
        let cycles = p.cycles;
        // A checkpoint is the growing run itself, saved after any cycle.
        let resume: Option<Saved<Scenario>> = context.resumed()?;
        let report = context
            .install(|| {
                let mut events = RunEvents::generations(context, "cycles", cycles);
                let mut hook = save_run(context, |run| run);
                let keep = context.keeps_checkpoints().then_some(Keep {
                    resume,
                    hook: &mut hook,
                });
                evolve_from(
                    &catalog,
                    &settings,
                    start,
                    cycles,
                    seed,
                    Some(&mut events),
                    Some(context.cancel_flag()),
                    keep,
                )
            })?
            .map_err(|e| match e {
                EvolveError::NoValidGenome { last_reason, .. } => no_start(&last_reason, &settings),
                other => JobError::failed(other.to_string()),
            })?;
        if report.stop == StopReason::Interrupted {
            artifact.ending = Ending::Interrupted;
            artifact
                .notes
                .push("interrupted: the best scenarios found so far were kept".into());
        }
        let mut best = top(&report, p.top as usize);
        if best.is_empty() {
            // No child was valid: the best official scenario stands.
            best.push(report.best.clone());
        }
        let fitness = settings.fitness;
        let entries: Vec<ScenarioEntry> = best
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let name = if m.genome.name.is_empty() {
                    names::scenario_name(&catalog, &m.genome, seed.wrapping_add(i as u64))
                } else {
                    m.genome.name.clone()
                };
                ScenarioEntry::of(&catalog, &m.genome, &name, &fitness)
            })
            .collect();
        let name = entries[0].scenario.name.clone();
        let mut first = best[0].genome.clone();
        first.name.clone_from(&name);

        let file = result_document(
            seed,
            p.preset,
            &settings,
            &RunFigures {
                cycles,
                run: report.counters.generations,
                evaluations: report.counters.evaluations,
                rejected: report.counters.rejections,
                population: report.population.len(),
                stop: report.stop,
            },
            &entries,
        );
        artifact.files.push(File::new(
            "result",
            media::JSON,
            readable(&file).into_bytes(),
        ));
        if context.wants("book") {
            let page = book::markdown(&catalog, &first, &name, &fitness, seed);
            artifact
                .files
                .push(File::new("book", media::MARKDOWN, page.into_bytes()));
        }
        let page = book::text(&catalog, &first, &name, &fitness, seed);
        artifact
            .files
            .push(File::new("text", media::TEXT, page.into_bytes()));
        if context.wants("png") {
            context.stage("drawing the map", None, "pictures");
        }
        pictures(context, &mut artifact.files, 1.5, || {
            let view = render::View {
                caption: Some(format!(
                    "{name} · score {:.2} of {} · {} players · seed {seed}",
                    entries[0].score,
                    fitness.maximum(),
                    fitness.players.count()
                )),
                players: fitness.players,
                ..render::View::default()
            };
            render::svg(&catalog, &first, &view)
        })?;
        if context.wants("vgb") {
            let board = board_file(&catalog, &first, None)?;
            artifact
                .files
                .push(File::new("vgb", media::JSON, board.bytes));
            if let Some(warning) = board.warning {
                let way_out = if p.creator {
                    ""
                } else {
                    "; set creator (--creator) to search only maps the Creator keeps"
                };
                artifact.notes.push(format!("warning: {warning}{way_out}"));
            }
        }
        let named: Vec<(&Scenario, &str)> = best
            .iter()
            .zip(&entries)
            .map(|(m, e)| (&m.genome, e.scenario.name.as_str()))
            .collect();
        if context.wants("pdf") {
            let pdf = ludoforge_job::engine::pdf_file(context, &name, |paper| {
                crate::print::pages(&catalog, &named, &fitness, seed, paper)
            })?;
            artifact.files.push(pdf);
        }
        if context.wants("secretariat") {
            let edition = secretariat::edition(&catalog, &named);
            artifact.files.push(File::new(
                "secretariat",
                media::JSON,
                readable(&edition).into_bytes(),
            ));
        }
        let entry = &entries[0];
        artifact.report("name", &name);
        artifact.report("players", fitness.players);
        artifact.report("score", entry.score);
        artifact.report("difficulty", entry.difficulty);
        artifact.report("maximum", entry.maximum);
        artifact.report("components", &entry.components);
        artifact.report("cycles", report.counters.generations);
        artifact.report("rejected", report.counters.rejections);
        artifact.report("stop", report.stop);
        Ok(artifact)
    }
}
