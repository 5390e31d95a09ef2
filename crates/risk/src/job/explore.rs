//! `risk-explore`: a shelf of Risk variants, from small maps to large, from short matches to
//! long and from the first player favoured to the second, by MAP-Elites over the variant
//! designer's own space.
//!
//! The genome, the random draw, the crossover and the mutation are the designer's (see
//! [`VariantProblem`]); so is the fitness, the distance of the seven criteria to their ideals
//! (lower is better), for the same variant and playtest settings. A variant's matches are
//! seeded from the run's seed and the variant itself, so it scores the same wherever it is
//! evaluated, on any number of threads. Every elite of the archive is the result document
//! `risk-design` writes for its best variant, which `risk-playtest` reads as `variant`.
//!
//! Evaluations are expensive: each plays `matches` matches (default 20; the designer plays
//! 100 for a variant). The default 4,000 evaluations are 80,000 matches, 12 s of processor
//! time in a release build (about 6 s on two idle cores), and with seed 1 fill 165 of the
//! default 18 × 12 cells (territories × match length); random sampling at the same budget
//! fills 28, since it only draws the designer's initial maps and rules (fewer than 300
//! distinct variants). Each variant is played once, so an elite's fitness is that of one
//! playtest: the best of many noisy playtests flatters its cell.

use ludoforge_evolve::Goal;
use ludoforge_evolve::archive::Elite;
use ludoforge_job::explore::{
    self, Descriptor, ExploreSettings, Explored, Locked, Plan, archive_file,
};
use ludoforge_job::{Artifact, Context, JobError, Spec};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use super::design::{DESIGN_BASE, DesignParams, PLAYING_PER_MATCH, variant_document};
use super::params::RuleSet;
use super::suggest::{Locks, start_variant};
use crate::criteria::{Criteria, Criterion};
use crate::design::{Member, Settings, Variant, VariantProblem, largest_initial_map};

/// A Risk variant archive to fill: the designer's settings that score a variant, and the
/// exploration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ExploreParams {
    /// Matches per playtest, each variant played once: 1 to 100,000.
    #[schemars(range(min = 1, max = 100_000))]
    pub matches: u32,
    /// Probability of each of the designer's mutation operators, 0 to 1.
    #[schemars(range(min = 0.0, max = 1.0))]
    pub mutation: f64,
    /// Refuse variants with fewer territories: 0 (no bound) to 42, the largest initial map
    /// (the designer's default is 9; here small maps are explored too).
    #[schemars(range(min = 0, max = 42))]
    pub min_territories: usize,
    /// The rules of Risk scored with the paper's formulas, or the published code's rules and
    /// formulas.
    pub rules: RuleSet,
    /// The criteria the fitness adds up.
    pub criteria: Vec<Criterion>,
    /// Their weights, one per criterion in the same order, each at least 0 (1 each when not
    /// given).
    pub weights: Option<Vec<f64>>,
    /// The exploration: descriptors (`territories`, `match_length`,
    /// `first_player_advantage`), cells, ranges and budget. Settings not given take this
    /// job's defaults (4,000 evaluations, the other settings as every exploration has them).
    #[serde(deserialize_with = "over_defaults")]
    pub explore: ExploreSettings,
    /// A variant to make suggestions around (a `risk-design` document, an elite, a checked
    /// file, or such a file given by content): the archive holds it from the start and every
    /// variant is made from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Value>,
    /// What every suggestion keeps of the start: `rules`, `map`, `bonuses`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lock: Option<Vec<String>>,
}

/// The exploration a Risk archive gets by default: 4,000 evaluations (80,000 matches at 20
/// each), the other settings as [`ExploreSettings::default`].
#[must_use]
pub fn default_exploration() -> ExploreSettings {
    ExploreSettings {
        evaluations: 4_000,
        ..ExploreSettings::default()
    }
}

/// Reads `explore` over [`default_exploration`], so that the settings given leave the others
/// at this job's defaults (a `method` alone compares at the same budget).
fn over_defaults<'de, D: Deserializer<'de>>(reader: D) -> Result<ExploreSettings, D::Error> {
    ExploreSettings::over(reader, default_exploration())
}

impl Default for ExploreParams {
    fn default() -> Self {
        let design = DesignParams::default();
        ExploreParams {
            matches: 20,
            mutation: design.mutation,
            min_territories: 2,
            rules: design.rules,
            criteria: design.criteria,
            weights: design.weights,
            explore: default_exploration(),
            start: None,
            lock: None,
        }
    }
}

/// The descriptors a Risk exploration offers, under a reading of the rules (which sets the
/// turn limit).
///
/// * `territories` (a count): the territories on the variant's map, 0 to 72 in cells of
///   4 (a match needs 2; the published maps have 42, and crossing two maps can make more);
/// * `match_length` (player-turns): the mean match length over the variant's playtest, in
///   player-turns as the duration criterion counts them (its ideal is 24, 12 each), from 0 to
///   the turn limit rounded up to 4, in cells of 4;
/// * `first_player_advantage` (a share): (first player's wins − second's) / decided
///   matches, −1 to 1: its magnitude is the paper's advantage criterion (Eq. 5). The axis
///   spans −1.1 to 1.1 in 11 cells of 0.2, each centred on a multiple of 0.2, so that
///   balanced variants share the middle cell.
///
/// ```
/// use ludoforge_risk::job::{RuleSet, explore_descriptors};
/// let offered = explore_descriptors(RuleSet::Standard);
/// let names: Vec<_> = offered.iter().map(|d| d.name).collect();
/// assert_eq!(names, ["territories", "match_length", "first_player_advantage"]);
/// assert_eq!((offered[1].high, offered[1].cells), (48.0, 12));
/// assert_eq!(explore_descriptors(RuleSet::Rossato2023)[1].high, 52.0);
/// ```
#[must_use]
pub fn explore_descriptors(rules: RuleSet) -> Vec<Descriptor> {
    let limit = match rules {
        RuleSet::Standard => crate::rules::Rules::classic(),
        RuleSet::Rossato2023 => crate::rules::Rules::classic().rossato2023(),
    }
    .max_player_turns;
    let turn_cells = limit.div_ceil(4) as usize;
    vec![
        Descriptor {
            name: "territories",
            unit: "count",
            low: 0.0,
            high: 72.0,
            cells: 18,
            help: "The territories on the variant's map: how big the board is.",
        },
        Descriptor {
            name: "match_length",
            unit: "player-turns",
            low: 0.0,
            high: (turn_cells * 4) as f64,
            cells: turn_cells,
            help: "The mean match length over the variant's playtest, in player-turns (the \
                   duration criterion's ideal is 24); a match at the turn limit is a draw.",
        },
        Descriptor {
            name: "first_player_advantage",
            unit: "",
            low: -1.1,
            high: 1.1,
            cells: 11,
            help: "The first player's wins minus the second's, over the decided matches: -1 \
                   (the second always wins) to 1 (the first always does); its size is the \
                   paper's advantage criterion.",
        },
    ]
}

/// The designer's settings, checked, and the exploration's plan.
pub struct Checked {
    settings: Settings,
    plan: Plan,
    suggest: Option<(Variant, Locks)>,
}

/// `risk-explore`: an archive of Risk variants.
pub struct ExploreJob;

impl Spec for ExploreJob {
    type Params = ExploreParams;
    type Checked = Checked;

    fn id(&self) -> &'static str {
        "risk-explore"
    }

    fn title(&self) -> &'static str {
        "Explore Risk variants"
    }

    fn help(&self) -> &'static str {
        "Fill a shelf of two-player Risk variants: one variant for every combination of the \
         measures chosen (territories, mean match length, first player's advantage), each the \
         best found there by the designer's fitness (the distance of the seven criteria of \
         Rossato et al. to their ideals), by MAP-Elites with the designer's own crossover and \
         mutation; a heatmap shows the shelf, and every variant can be taken out as a file \
         risk-playtest reads."
    }

    fn descriptors(&self) -> Vec<Descriptor> {
        explore_descriptors(RuleSet::Standard)
    }

    fn sample(&self) -> Option<Self::Params> {
        Some(ExploreParams {
            matches: 4,
            explore: ExploreSettings {
                evaluations: 160,
                initial: 40,
                batch: 40,
                ..ExploreSettings::default()
            },
            ..ExploreParams::default()
        })
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

    fn validate(&self, p: &ExploreParams) -> Result<Checked, JobError> {
        let largest = largest_initial_map();
        if p.min_territories > largest {
            return Err(JobError::parameters(format!(
                "min_territories {}: no initial map has that many territories (the largest \
                 has {largest}); give at most {largest}",
                p.min_territories
            )));
        }
        let settings = DesignParams {
            matches: p.matches,
            mutation: p.mutation,
            min_territories: p.min_territories,
            rules: p.rules,
            criteria: p.criteria.clone(),
            weights: p.weights.clone(),
            ..DesignParams::default()
        }
        .settings()?;
        let plan = p.explore.plan(&explore_descriptors(p.rules))?;
        // About 13 KB an elite at its peak, the archive file written (measured with
        // `/usr/bin/time -v` at 2,831 elites), with room for maps of the most territories;
        // a playtest under way on every thread.
        let threads = rayon::current_num_threads() as u64;
        plan.check_memory(
            DESIGN_BASE + threads * u64::from(p.matches) * PLAYING_PER_MATCH,
            24_000,
        )?;
        let lock = p.lock.as_deref().unwrap_or_default();
        let suggest = match &p.start {
            None | Some(Value::Null) => {
                if let Some(first) = lock.first() {
                    return Err(JobError::parameters(format!(
                        "lock {first:?}: locks are parts of a variant to start from; give the \
                         variant as `start` too"
                    )));
                }
                None
            }
            Some(start) => Some((start_variant(start)?, Locks::read(lock)?)),
        };
        Ok(Checked {
            settings,
            plan,
            suggest,
        })
    }

    fn execute(
        &self,
        Checked {
            settings,
            plan,
            suggest,
        }: Checked,
        p: &ExploreParams,
        seed: u64,
        context: &Context,
    ) -> Result<Artifact, JobError> {
        let problem =
            VariantProblem::new(settings, seed).map_err(|e| JobError::parameters(e.to_string()))?;
        let offset = -worst_fitness(p);
        // Playtests stop between matches on a cancel; the exploration throws the cut batch away.
        let problem = problem.until(context.cancel_flag());
        let explored = match &suggest {
            None => explore::explore(&problem, &plan, Goal::Minimise, offset, seed, context)?,
            Some((start, locks)) => {
                let keeps = |v: &Variant| locks.kept(start, v);
                let locked = Locked::new(&problem, start.clone(), keeps, 4);
                // A variant the designer edits while the search runs goes into it.
                let admit = |document: &Value| {
                    let variant = start_variant(document).map_err(|e| e.to_string())?;
                    match locks.changed(start, &variant) {
                        None => Ok(variant),
                        Some(part) => Err(format!(
                            "it changes the {part}, locked when the search began: untick \
                             {part} and suggest again to send such a variant"
                        )),
                    }
                };
                explore::explore_seeded(
                    &locked,
                    &plan,
                    Goal::Minimise,
                    offset,
                    seed,
                    context,
                    &explore::Designed {
                        seeds: std::slice::from_ref(start),
                        admit: Some(&admit),
                    },
                )?
            }
        };
        finish(self.id(), p, &plan, &explored, seed, context)
    }
}

/// The fitness the QD score counts each elite from: the sum of the weights of the criteria
/// used (7 unweighted), every criterion as far as 1 from its ideal (the paper's criteria
/// range over 0 to 1). Each elite adds this minus its fitness.
fn worst_fitness(p: &ExploreParams) -> f64 {
    match &p.weights {
        Some(weights) => weights.iter().sum(),
        None => p.criteria.len() as f64,
    }
}

/// An elite as the designer's member: its variant, fitness and criteria, one playtest.
fn member(elite: &Elite<Variant>) -> Member {
    let mut values = [0.0; 7];
    for (name, value) in &elite.components {
        if let Some(c) = Criterion::ALL.iter().find(|c| c.name() == name) {
            values[c.index()] = *value;
        }
    }
    Member {
        variant: elite.genome.clone(),
        fitness: elite.fitness,
        criteria: Criteria::from_values(values),
        playtests: 1,
        fitness_interval: None,
    }
}

/// The archive file, its pictures and the summary.
fn finish(
    id: &str,
    p: &ExploreParams,
    plan: &Plan,
    explored: &Explored<Variant>,
    seed: u64,
    context: &Context,
) -> Result<Artifact, JobError> {
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
        explored,
        |elite| variant_document(seed, &member(elite)),
    )?;
    artifact.report("generator", explore::ARCHIVE_GENERATOR);
    artifact.report("rules", p.rules.name());
    artifact.report("matches", p.matches);
    artifact.report(
        "descriptors",
        plan.axes.iter().map(|a| a.name.clone()).collect::<Vec<_>>(),
    );
    for (key, value) in explore::summary(explored) {
        artifact.report(key, value);
    }
    if let Some(best) = explored.archive.best() {
        artifact.report("best_territories", best.genome.map.territories.len());
    }
    artifact.files.push(archive);
    let title = format!("Risk variants, {} rules", p.rules.name());
    let method = explored.method.title();
    let captions = [format!(
        "{method} · seed {seed} · {} evaluations of {} matches · {} of {} cells filled · QD \
         score {:.1}",
        explored.evaluations,
        p.matches,
        explored.archive.len(),
        explored.archive.grid().cells(),
        explored.archive.qd_score()
    )];
    explore::pictures(
        context,
        &mut artifact.files,
        explored,
        &title,
        "fitness (distance to the ideals; lower is better)",
        &captions,
    )?;
    explore::note_interruption(&mut artifact, explored, "elites");
    Ok(artifact)
}
