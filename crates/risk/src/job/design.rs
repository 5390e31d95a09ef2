//! `risk-design`: the variant designer, the paper's genetic algorithm over rules and planar
//! maps.

use std::sync::Mutex;

use ludoforge_draw::svg_to_png;
use ludoforge_job::engine::pictures;
use ludoforge_job::{Artifact, Context, Ending, File, JobError, MemoryLimit, Spec, media};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::params::{RuleSet, check_scoring};
use crate::criteria::Criterion;
use crate::design::{
    Choice, DesignError, DesignState, Hooks, Member, Reevaluation, Settings, Variant, design_with,
    plot, reevaluate_until,
};
use crate::map::RiskMap;
use crate::playtest::Scoring;
use crate::render::{self, View};
use crate::seats::Seats;
use crate::steady::Matches;

/// The designer's settings (defaults: the paper's best configuration).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct DesignParams {
    /// Generations after the initial population: 0 to 10,000.
    #[schemars(range(min = 0, max = 10_000))]
    pub generations: u32,
    /// Variants per generation (the population's size): 2 to 10,000.
    #[schemars(range(min = 2, max = 10_000))]
    pub offspring: usize,
    /// Tournament size, drawn with replacement (the two best become parents): 2 to 10,000.
    #[schemars(range(min = 2, max = 10_000))]
    pub tournament: usize,
    /// Probability of each mutation operator, 0 to 1.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub mutation: f64,
    /// Matches per playtest: 1 to 100,000.
    #[schemars(range(min = 1, max = 100_000))]
    pub matches: u32,
    /// Refuse children with fewer territories: 0 (no bound) to 1,000.
    #[schemars(range(min = 0, max = 1_000))]
    pub min_territories: usize,
    /// The rules of Risk scored with the paper's formulas, or the published code's rules and
    /// formulas.
    pub rules: RuleSet,
    /// The criteria the fitness adds up.
    pub criteria: Vec<Criterion>,
    /// Their weights, one per criterion in the same order, each at least 0 (1 each when not
    /// given).
    pub weights: Option<Vec<f64>>,
    /// Before choosing, the best this many of the final population are played again with
    /// fresh matches, and the one with the lowest fitness then is the variant chosen: 0 (none:
    /// the run's best) to 10,000.
    #[schemars(range(min = 0, max = 10_000))]
    pub reevaluate: usize,
    /// Matches of each such re-play: a number (1 to 1,000,000), or auto (auto:ε) to play each
    /// until its fitness's 95% interval is narrower than ± ε (4 times matches when not given).
    pub reevaluate_matches: Option<Matches>,
    /// Who playtests: the first player's agent and the second's, each rule, random, mc
    /// or mc:BUDGET (two rule-based agents, as in the paper, when not given).
    // Left out of results when default (results written before there was a choice read the
    // same); the schema still names the default, for forms.
    #[serde(skip_serializing_if = "Seats::is_default")]
    #[schemars(extend("default" = ["rule", "rule"]))]
    pub agents: Seats,
}

impl Default for DesignParams {
    fn default() -> Self {
        DesignParams {
            generations: 10,
            offspring: 50,
            tournament: 22,
            mutation: 0.6,
            matches: 100,
            min_territories: 9,
            rules: RuleSet::Standard,
            criteria: Criterion::ALL.to_vec(),
            weights: None,
            reevaluate: 5,
            reevaluate_matches: None,
            agents: Seats::default(),
        }
    }
}

impl DesignParams {
    /// Checks the numbers and builds the designer's settings.
    ///
    /// ```
    /// use ludoforge_risk::job::DesignParams;
    /// let settings = DesignParams::default().settings().unwrap();
    /// assert_eq!((settings.generations, settings.offspring), (10, 50));
    /// let bad = DesignParams { offspring: 1, ..Default::default() };
    /// assert_eq!(bad.settings().unwrap_err().to_string(), "offspring 1: give between 2 and 10000");
    /// ```
    ///
    /// # Errors
    /// [`JobError::Parameters`] naming the parameter, its value and what it should be.
    pub fn settings(&self) -> Result<Settings, JobError> {
        let range = |name: &str, v: u64, lo: u64, hi: u64| {
            if (lo..=hi).contains(&v) {
                Ok(())
            } else {
                Err(JobError::parameters(format!(
                    "{name} {v}: give between {lo} and {hi}"
                )))
            }
        };
        range("generations", u64::from(self.generations), 0, 10_000)?;
        range("offspring", self.offspring as u64, 2, 10_000)?;
        range("tournament", self.tournament as u64, 2, 10_000)?;
        range("matches", u64::from(self.matches), 1, 100_000)?;
        range("min_territories", self.min_territories as u64, 0, 1_000)?;
        if !(0.0..=1.0).contains(&self.mutation) {
            return Err(JobError::parameters(format!(
                "mutation {}: give a probability between 0 and 1",
                self.mutation
            )));
        }
        check_scoring(&self.criteria, self.weights.as_deref())?;
        Ok(Settings {
            generations: self.generations,
            offspring: self.offspring,
            tournament: self.tournament,
            mutation: self.mutation,
            matches: self.matches,
            min_territories: self.min_territories,
            scoring: Scoring {
                seats: self.agents,
                formulas: self.rules.formulas(),
                used: self.criteria.clone(),
                weights: self.weights.clone(),
                ideals: Default::default(),
            },
            compat: self.rules.compat(),
            max_attempts: 100 * self.offspring,
        })
    }

    /// Checks the second look's numbers and says how the best candidates are re-played.
    ///
    /// ```
    /// use ludoforge_risk::job::DesignParams;
    /// use ludoforge_risk::steady::Matches;
    /// let how = DesignParams::default().reevaluation().unwrap();
    /// assert_eq!((how.top, how.matches), (5, Matches::Count(400)));
    /// let bad = DesignParams { reevaluate_matches: Some(Matches::Count(0)), ..Default::default() };
    /// assert!(bad.reevaluation().unwrap_err().to_string().starts_with("reevaluate_matches 0"));
    /// ```
    ///
    /// # Errors
    /// [`JobError::Parameters`] naming the parameter, its value and what it should be.
    pub fn reevaluation(&self) -> Result<Reevaluation, JobError> {
        if self.reevaluate > 10_000 {
            return Err(JobError::parameters(format!(
                "reevaluate {}: give between 0 and 10000 candidates",
                self.reevaluate
            )));
        }
        let matches = match self.reevaluate_matches {
            Some(Matches::Count(n)) if !(1..=super::MAX_MATCHES).contains(&n) => {
                return Err(JobError::parameters(format!(
                    "reevaluate_matches {n}: give between 1 and {}, or auto",
                    super::MAX_MATCHES
                )));
            }
            Some(m) => m,
            None => Matches::Count(self.matches.saturating_mul(4)),
        };
        Ok(Reevaluation {
            top: self.reevaluate,
            matches,
        })
    }
}

/// Bytes a variant keeps per match it was played (its matches' figures for the intervals),
/// measured at about 19 (`/usr/bin/time -v`, 8 and 64 variants of 2,000 matches).
const KEPT_PER_MATCH: u64 = 24;
/// Bytes per match of a playtest under way (the matches' records until it is scored),
/// measured at about 0.8 KB, and 1.05 KB for a re-play.
pub(super) const PLAYING_PER_MATCH: u64 = 1_100;
/// The rest of a run: the maps, the criteria, the program.
pub(super) const DESIGN_BASE: u64 = 32 << 20;

/// Refuses, before any work, a design whose estimated memory does not fit: a population and
/// its children of `offspring` variants each keeping its matches' figures, a playtest under
/// way on every thread, and one re-play at a time.
fn check_memory(p: &DesignParams, reevaluation: &Reevaluation) -> Result<(), JobError> {
    let threads = rayon::current_num_threads() as u64;
    // A re-play of its own matches, or four times the playtests' (which grows with them).
    let (replay, replay_each) = match (reevaluation.top, p.reevaluate_matches) {
        (0, _) => (0, 0),
        (_, None) => (0, 4 * PLAYING_PER_MATCH),
        (_, Some(Matches::Count(n))) => (u64::from(n) * PLAYING_PER_MATCH, 0),
        (_, Some(Matches::Auto(auto))) => (u64::from(auto.cap) * PLAYING_PER_MATCH, 0),
    };
    let each = 2 * p.offspring as u64 * KEPT_PER_MATCH + threads * PLAYING_PER_MATCH + replay_each;
    MemoryLimit::machine().check(
        "matches",
        u64::from(p.matches),
        DESIGN_BASE + replay,
        each,
        "fewer offspring",
    )
}

/// The result document of one variant of a run seeded by `seed`, as `risk-design` writes its
/// best: `generator`, `seed`, `rules`, `map`, `fitness`, `criteria` and `playtests`.
/// `risk-playtest` reads it as its `variant`.
pub(super) fn variant_document(seed: u64, member: &Member) -> Value {
    let mut document = unplayed_document(seed, &member.variant);
    document["fitness"] = json!(member.fitness);
    document["criteria"] = json!(member.criteria);
    document["playtests"] = json!(member.playtests);
    if let Some(interval) = member.fitness_interval {
        document["fitness_interval"] = json!(interval);
    }
    document
}

/// The document of a variant not played yet, in a run seeded by `seed`: what
/// [`variant_document`] writes before the playtest's figures (`generator`, `seed`, `rules` and
/// `map`), which `risk-playtest` reads as its `variant` all the same.
pub(super) fn unplayed_document(seed: u64, variant: &Variant) -> Value {
    json!({
        "generator": "risk-design",
        "seed": seed,
        "rules": variant.rules,
        "map": variant.map,
    })
}

/// The designer's choice for the result and the summary: the rule, the candidates with the
/// run's fitness and the re-played one, each with its interval, and the rank chosen.
fn choice_report(choice: &Choice) -> Value {
    let chosen = choice.chosen();
    let candidates: Vec<Value> = choice
        .candidates
        .iter()
        .map(|c| {
            let mut one = json!({
                "rank": c.rank,
                "territories": c.territories,
                "fitness": c.fitness,
                "fitness_interval": c.fitness_interval,
                "playtests": c.playtests,
                "reevaluated_fitness": c.replay.fitness,
                "reevaluated_interval": c.replay.fitness_interval,
                "reevaluated_matches": c.replay.matches,
            });
            if let Some(stop) = c.replay.stop {
                one["stop"] = json!(stop);
            }
            one
        })
        .collect();
    json!({
        "rule": choice.rule,
        "chosen_rank": chosen.rank,
        "fitness": chosen.replay.fitness,
        "fitness_interval": chosen.replay.fitness_interval,
        "criteria": chosen.replay.criteria,
        "intervals": chosen.replay.intervals,
        "matches": chosen.replay.matches,
        "candidates": candidates,
    })
}

/// `risk-design`: evolve Risk variants.
pub struct DesignJob;

impl Spec for DesignJob {
    type Params = DesignParams;
    type Checked = Settings;

    fn id(&self) -> &'static str {
        "risk-design"
    }

    fn title(&self) -> &'static str {
        "Risk variant designer"
    }

    fn help(&self) -> &'static str {
        "Design two-player Risk variants with the genetic algorithm of Rossato et al.: an \
         initial population of rules and published maps, then generations of children by \
         crossover and mutation of the rules and of planar maps, each variant scored by a \
         playtest; the best variant is kept and played again each generation. Before choosing, \
         the best 5 of the final population are played again with fresh matches (4 times as \
         many) and the best of them then is chosen. Makes the chosen variant (which \
         risk-playtest reads), the final population, a plot of the fitness per generation and \
         a picture of the chosen variant's map."
    }

    fn checkpoints(&self) -> bool {
        true
    }

    fn draw(
        &self,
        result: &serde_json::Value,
        context: &Context,
    ) -> Option<Result<Vec<ludoforge_job::File>, JobError>> {
        super::design::draw_variant(result, context)
    }

    fn validate(&self, p: &DesignParams) -> Result<Settings, JobError> {
        let reevaluation = p.reevaluation()?;
        check_memory(p, &reevaluation)?;
        p.settings()
    }

    fn execute(
        &self,
        settings: Settings,
        p: &DesignParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        // Each generation plays `offspring` variants (from the first on, the elite is one).
        let total = (u64::from(p.generations) + 1) * p.offspring as u64;
        let resume: Option<DesignState> = context.resumed()?;
        let done = resume
            .as_ref()
            .map_or(0, |r| (u64::from(r.generation) + 1) * p.offspring as u64);
        context.stage("playtesting variants", Some(total), "variants");
        context.advance(done, None);
        let played = Mutex::new(done);
        let progress = |_| {
            let mut n = played.lock().unwrap_or_else(|e| e.into_inner());
            *n += 1;
            context.advance(*n, None);
        };
        let mut save = |state: &DesignState| {
            context
                .checkpoint(u64::from(state.generation), || state)
                .map_err(|e| e.to_string())
        };
        let hooks = Hooks {
            progress: &progress,
            cancel: context.cancel_flag(),
            resume,
            saved: &mut save,
        };
        let result = context
            .install(|| design_with(&settings, seed, hooks))?
            .map_err(|e: DesignError| match e {
                DesignError::Cancelled => JobError::cancelled(format!(
                    "{e}; start it again and let it run longer, or give fewer matches per \
                     playtest"
                )),
                e => JobError::failed(e.to_string()),
            })?;
        let generations = result.history.len() - 1;
        let how = p.reevaluation()?;
        let top = how.top.min(result.population.len());
        let choice = if result.interrupted || top == 0 {
            None
        } else {
            let total = match how.matches {
                Matches::Count(n) => Some(top as u64 * u64::from(n)),
                Matches::Auto(_) => None,
            };
            context.stage(
                &format!("re-playing the best {top} with fresh matches"),
                total,
                "matches",
            );
            let replayed = std::sync::atomic::AtomicU64::new(0);
            let on_match = || {
                let n = replayed.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                if n.is_multiple_of(10) {
                    context.advance(n, None);
                }
            };
            context
                .install(|| {
                    reevaluate_until(
                        &result,
                        &settings,
                        &how,
                        seed,
                        &on_match,
                        context.cancel_flag(),
                    )
                })?
                .map_err(|e: DesignError| JobError::failed(e.to_string()))?
        };
        let best = choice.as_ref().map_or(&result.best, |c| c.member(&result));
        let mut artifact = Artifact::new(self.id(), env!("CARGO_PKG_VERSION"), seed, p);
        artifact.report("generator", "risk-design");
        let mut summary = json!({"fitness": best.fitness,
            "territories": best.variant.map.territories.len(),
            "rules": best.variant.rules, "criteria": best.criteria});
        if let Some(interval) = best.fitness_interval {
            summary["fitness_interval"] = json!(interval);
        }
        if let Some(c) = &choice {
            let chosen = c.chosen();
            summary["reevaluated_fitness"] = json!(chosen.replay.fitness);
            summary["reevaluated_interval"] = json!(chosen.replay.fitness_interval);
            summary["rank"] = json!(chosen.rank);
        }
        artifact.report("best", summary);
        if let Some(c) = &choice {
            artifact.report("reevaluation", choice_report(c));
        }
        artifact.report("history", &result.history);
        artifact.report("accepted", result.accepted);
        artifact.report("rejected", &result.rejected);
        artifact.report("analysis", &result.analysis);
        artifact.report("agents", p.agents);
        if !p.agents.is_default() {
            let [first, second] = p.agents.0;
            artifact.notes.push(format!(
                "playtested by {} as the first player and {} as the second",
                first.describe(),
                second.describe()
            ));
        }
        let mut document = variant_document(seed, best);
        if let Some(c) = &choice {
            document["reevaluation"] = choice_report(c);
        }
        artifact.files.push(File::json("result", &document));
        if context.wants("population") {
            artifact.files.push(File::json(
                "population",
                &json!({"seed": seed, "population": result.population}),
            ));
        }
        if context.wants("plot") || context.wants("plot-png") {
            let svg = plot(&result, &format!("Fitness per generation (seed {seed})"));
            if context.wants("plot-png") {
                let png = svg_to_png(&svg, 1.5).map_err(|e| {
                    JobError::failed(format!(
                        "cannot draw the plot's PNG: {e}; the SVG can still be asked for"
                    ))
                })?;
                artifact.files.push(File::new("plot-png", media::PNG, png));
            }
            artifact
                .files
                .push(File::new("plot", media::SVG, svg.into_bytes()));
        }
        let map = RiskMap::new(best.variant.map.clone())
            .map_err(|e| JobError::failed(format!("the best variant's map: {e}")))?;
        pictures(context, &mut artifact.files, 1.5, || {
            let fitness = match &choice {
                Some(c) => format!("fitness {:.3} re-played", c.chosen().replay.fitness),
                None => format!("fitness {:.3}", best.fitness),
            };
            let view = View {
                caption: Some(format!(
                    "best variant · {fitness} · {} territories · seed {seed}",
                    map.territories()
                )),
                ..View::default()
            };
            render::svg(&map, None, None, &view)
        })?;
        if context.wants("pdf") {
            let title = format!("Risk variant · seed {seed}");
            let pdf = ludoforge_job::engine::pdf_file(context, &title, |paper| {
                let rules = Some(&best.variant.rules);
                crate::print::pages(&map, rules, &title, crate::render::LAYOUT_SEED, paper)
            })?;
            artifact.files.push(pdf);
        }
        if result.interrupted {
            artifact.ending = Ending::Interrupted;
            artifact
                .notes
                .push(if result.population.len() < p.offspring {
                    format!(
                        "interrupted while the initial population was played: the best of the {} \
                     variants played whole was kept",
                        result.population.len()
                    )
                } else {
                    format!(
                        "interrupted after generation {generations} of {}: the best variant found \
                     so far was kept",
                        p.generations
                    )
                });
        } else if let Some(c) = &choice {
            let chosen = c.chosen();
            let interval = |i: Option<crate::stats::Interval>| {
                i.map_or(String::new(), |i| {
                    format!(" (95% interval {:.3} to {:.3})", i.low, i.high)
                })
            };
            artifact.notes.push(format!(
                "chosen: {}; rank {} of the run, fitness {:.3}{} in the run, {:.3}{} on {} \
                 fresh matches",
                c.rule,
                chosen.rank,
                chosen.fitness,
                interval(chosen.fitness_interval),
                chosen.replay.fitness,
                interval(chosen.replay.fitness_interval),
                chosen.replay.matches
            ));
        } else if top > 0 {
            artifact.ending = Ending::Interrupted;
            artifact.notes.push(
                "interrupted while re-playing the best candidates: the run's best was kept"
                    .to_string(),
            );
        }
        Ok(artifact)
    }
}

/// Pictures of a designed variant read back (an explored elite, a library row): its map, as
/// `risk-design` draws its best; `None` for a document another generator wrote.
pub(super) fn draw_variant(
    result: &Value,
    context: &Context,
) -> Option<Result<Vec<File>, JobError>> {
    if result.get("generator").and_then(Value::as_str) != Some("risk-design") {
        return None;
    }
    Some((|| {
        let file: crate::map::MapFile = serde_json::from_value(result["map"].clone())
            .map_err(|e| JobError::input(format!("the variant's map cannot be read: {e}")))?;
        let map =
            RiskMap::new(file).map_err(|e| JobError::input(format!("the variant's map: {e}")))?;
        let fitness = result["fitness"]
            .as_f64()
            .map_or(String::new(), |f| format!(" · fitness {f:.3}"));
        let seed = result["seed"]
            .as_u64()
            .map_or(String::new(), |s| format!(" · seed {s}"));
        let mut files = Vec::new();
        pictures(context, &mut files, 1.5, || {
            let view = View {
                caption: Some(format!(
                    "variant{fitness} · {} territories{seed}",
                    map.territories()
                )),
                ..View::default()
            };
            render::svg(&map, None, None, &view)
        })?;
        if context.wants("pdf") {
            let rules: Option<crate::rules::Rules> =
                serde_json::from_value(result["rules"].clone()).ok();
            let title = result["seed"].as_u64().map_or_else(
                || "Risk variant".to_string(),
                |s| format!("Risk variant · seed {s}"),
            );
            files.push(ludoforge_job::engine::pdf_file(context, &title, |paper| {
                let seed = crate::render::LAYOUT_SEED;
                crate::print::pages(&map, rules.as_ref(), &title, seed, paper)
            })?);
        }
        Ok(files)
    })())
}
