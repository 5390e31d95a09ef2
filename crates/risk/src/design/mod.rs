//! The variant designer (the paper's section 4.3): a genetic algorithm over the four rule
//! parameters and planar, connected maps, each variant scored by a playtest.
//!
//! The initial population draws random parameters and a map among the five official and
//! five artificial maps (`map1` … `map10`). Each generation keeps the best variant (re-played
//! and averaged with its earlier playtests, to reduce the fitness noise the paper names),
//! then fills up with children: a tournament of `tournament` variants drawn with replacement
//! gives the two best as parents, crossover makes two children, each is mutated and checked;
//! an invalid child is made again (and counted by reason).

mod analysis;
pub mod naming;
pub mod operators;
mod problem;
mod reevaluate;

use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_evolve::Stream;
use ludoforge_evolve::rng::{below, coin, derive_seed, stream};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::criteria::interval::intervals;
use crate::criteria::{Criteria, CriteriaError};
use crate::graphs::is_isomorphic;
use crate::map::{MapFile, RiskMap};
use crate::playtest::{Playtest, Scoring, playtest_until};
use crate::rules::{Compat, ConquestMove, Distribution, Rules};
use crate::stats::{Interval, add_to_mean};
use analysis::tallies;
pub use analysis::{Analysis, Tallies, plot};
pub use operators::{Reject, Variant, check, cross_maps, cross_rules, mutate};
pub use problem::{
    ATTEMPTS, MEASURES, Until, VariantProblem, first_player_advantage, largest_initial_map,
    measures, variant_seed,
};
pub use reevaluate::{
    Candidate, Choice, REEVALUATION, Reevaluation, Replay, choose, reevaluate_until,
};

/// The designer's settings (defaults: the paper's best configuration).
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// Generations after the initial population.
    pub generations: u32,
    /// Variants per generation.
    pub offspring: usize,
    /// Tournament size.
    pub tournament: usize,
    /// Probability of each mutation operator.
    pub mutation: f64,
    /// Matches per playtest.
    pub matches: u32,
    /// Children with fewer territories are refused (0: no bound).
    pub min_territories: usize,
    /// How variants are scored.
    pub scoring: Scoring,
    /// Which reading of the rules variants are played under.
    pub compat: Compat,
    /// Children made per generation before giving up on filling it.
    pub max_attempts: usize,
}

impl Settings {
    /// The paper's best configuration: 10 generations of 50, tournament 22, mutation 0.6, 100
    /// matches; children need at least 9 territories.
    #[must_use]
    pub fn paper(scoring: Scoring) -> Settings {
        Settings {
            generations: 10,
            offspring: 50,
            tournament: 22,
            mutation: 0.6,
            matches: 100,
            min_territories: 9,
            scoring,
            compat: Compat::Standard,
            max_attempts: 5_000,
        }
    }
}

/// A scored variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Member {
    /// The variant.
    pub variant: Variant,
    /// Its fitness (the mean over its playtests).
    pub fitness: f64,
    /// Its criteria (from the latest playtest).
    pub criteria: Criteria,
    /// How many playtests the fitness averages.
    pub playtests: u32,
    /// The fitness's 95% interval: its one playtest's (see
    /// [`crate::criteria::interval`]), or for a fitness averaged over several, their
    /// half-widths combined ([`crate::stats::add_to_mean`]). Absent from members saved before
    /// intervals were kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fitness_interval: Option<Interval>,
}

/// One generation's summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Generation {
    /// 0 for the initial population.
    pub generation: u32,
    /// The lowest fitness.
    pub min: f64,
    /// The mean fitness.
    pub mean: f64,
    /// The best variant's number of territories.
    pub best_territories: usize,
}

/// A whole run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Design {
    /// The best variant.
    pub best: Member,
    /// The final population, best first.
    pub population: Vec<Member>,
    /// Minimum and mean fitness per generation (the paper's Figure 3).
    pub history: Vec<Generation>,
    /// Children accepted.
    pub accepted: u32,
    /// Children refused, by reason.
    pub rejected: BTreeMap<Reject, u32>,
    /// The paper's analyses.
    pub analysis: Analysis,
    /// Cancelled before the last generation: `population` is the last generation played whole
    /// (or the initial variants whose playtests were whole, when it came before the first).
    pub interrupted: bool,
}

/// Why a run could not go on.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum DesignError {
    /// A setting is out of range.
    #[error("{0}")]
    Settings(String),
    /// A generation could not be filled with valid children.
    #[error(
        "generation {generation} could not be filled: of {attempts} children made, {refused} were refused ({reasons}); lower the least number of territories (min_territories) or raise the mutation rate (mutation)",
        reasons = operators::reasons(rejected)
    )]
    Fill {
        /// The generation.
        generation: u32,
        /// Children made in that generation.
        attempts: usize,
        /// How many of them were refused.
        refused: u32,
        /// Why they were refused, in that generation.
        rejected: BTreeMap<Reject, u32>,
    },
    /// The scoring does not fit.
    #[error(transparent)]
    Criteria(#[from] CriteriaError),
    /// The state could not be saved ([`Hooks::saved`] failed); the message says why.
    #[error("{0}")]
    Save(String),
    /// The state to resume from does not fit the settings.
    #[error("{0}")]
    Resume(String),
    /// Cancelled before any variant's playtest was whole: there is nothing to report.
    #[error(
        "cancelled before any variant of the initial population was played whole: nothing was made yet"
    )]
    Cancelled,
}

/// Where a run stands at the end of a generation: everything it needs to go on, so a run
/// resumed from it ends exactly as one that never stopped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DesignState {
    /// The last generation done (0: the initial population).
    pub generation: u32,
    /// The population it left, in the order made (the elite first from generation 1 on).
    pub population: Vec<Member>,
    /// Minimum and mean fitness per generation so far.
    pub history: Vec<Generation>,
    /// Children accepted so far.
    pub accepted: u32,
    /// Children refused so far, by reason.
    pub rejected: BTreeMap<Reject, u32>,
    /// The run's one random stream (children are made from it in order).
    pub rng: Stream,
}

/// What a run tells and asks the one who started it, besides the settings and seed.
pub struct Hooks<'a> {
    /// Called once after each variant is played, with its generation.
    pub progress: &'a (dyn Fn(u32) + Sync),
    /// Once set, no further match is begun: the generation under way is thrown away (its
    /// playtests cut short are no real scores) and the run ends with the last whole one.
    pub cancel: &'a AtomicBool,
    /// Go on from here rather than from a new initial population.
    pub resume: Option<DesignState>,
    /// Called with the state at the end of every generation (the initial population's
    /// included); an error stops the run with [`DesignError::Save`].
    pub saved: &'a mut (dyn FnMut(&DesignState) -> Result<(), String> + Send),
}

/// The maps the initial population draws from.
pub const INITIAL_MAPS: [&str; 10] = [
    "map1", "map2", "map3", "map4", "map5", "map6", "map7", "map8", "map9", "map10",
];

/// What one playtest of a variant gave: its fitness, criteria and the fitness's interval, or
/// why it could not be played.
type Scored = Result<(f64, Criteria, Option<Interval>), DesignError>;

/// Scores `variant` with [`playtest_variant_until`]; [`DesignError::Cancelled`] for a playtest
/// cut short.
fn evaluate(variant: &Variant, settings: &Settings, seed: u64, cancel: &AtomicBool) -> Scored {
    let p = playtest_variant_until(variant, settings, seed, cancel)?;
    let interval = intervals(&p.records, &settings.scoring, seed)?.fitness;
    Ok((p.fitness, p.criteria, interval))
}

/// The designer's playtest of one variant: `settings.matches` matches on its map under its
/// rules, match `i` drawing from stream `(seed, i, 0)`, scored by `settings.scoring`. Its
/// `fitness` is the one the designer gives the variant (lower is better).
///
/// # Errors
/// [`DesignError::Settings`] for a map that cannot be played, [`DesignError::Criteria`] for
/// weights that do not fit the criteria.
pub fn playtest_variant(
    variant: &Variant,
    settings: &Settings,
    seed: u64,
) -> Result<Playtest, DesignError> {
    playtest_variant_until(variant, settings, seed, &AtomicBool::new(false))
}

/// [`playtest_variant`], no match begun once `cancel` is set (see [`playtest_until`]). A
/// playtest cut short is no score of the variant: it gives [`DesignError::Cancelled`]. Unless
/// `cancel` is set, the result is the same as [`playtest_variant`]'s.
///
/// # Errors
/// As [`playtest_variant`], and [`DesignError::Cancelled`] for a playtest cut short.
pub fn playtest_variant_until(
    variant: &Variant,
    settings: &Settings,
    seed: u64,
    cancel: &AtomicBool,
) -> Result<Playtest, DesignError> {
    // Ten thousand variants a generation, each a playtest of many matches: once cancelled,
    // none begins (not even to look at the flag once per match).
    if cancel.load(Ordering::Relaxed) {
        return Err(DesignError::Cancelled);
    }
    let map =
        RiskMap::new(variant.map.clone()).map_err(|e| DesignError::Settings(e.to_string()))?;
    let played = playtest_until(
        &map,
        variant.rules,
        settings.matches,
        seed,
        &settings.scoring,
        &|| {},
        cancel,
    )?;
    if played.records.len() < settings.matches as usize {
        return Err(DesignError::Cancelled);
    }
    Ok(played)
}

/// A variant of the initial population: random rule parameters (under the reading `compat`)
/// and one of `maps`, drawn as the designer draws them.
///
/// # Panics
/// When `maps` is empty.
#[must_use]
pub fn random_variant(rng: &mut Stream, compat: Compat, maps: &[MapFile]) -> Variant {
    let mut rules = Rules {
        distribution: if coin(rng) {
            Distribution::Pick
        } else {
            Distribution::Random
        },
        troop_factor: 1 + below(rng, 4) as u32,
        defence_dice: 2 + below(rng, 2),
        conquest_move: if coin(rng) {
            ConquestMove::Max
        } else {
            ConquestMove::Min
        },
        ..Rules::classic()
    };
    if compat == Compat::Rossato2023 {
        rules = rules.rossato2023();
    }
    Variant {
        rules,
        map: maps[below(rng, maps.len())].clone(),
    }
}

/// The maps of [`INITIAL_MAPS`], in that order.
#[must_use]
pub fn initial_maps() -> Vec<MapFile> {
    INITIAL_MAPS
        .iter()
        .map(|n| RiskMap::embedded(n).expect("embedded").file().clone())
        .collect()
}

/// Runs the designer. `progress(generation)` is called once after each variant is played
/// (the initial ones are generation 0; each later generation plays `offspring` variants, its
/// elite included), from whichever thread played it.
///
/// Variants are played in parallel, and the result does not depend on the number of threads:
/// every child is made in the same order from the one random stream of the run, and the
/// playtest of the `i`-th variant of generation `g` draws from seed `(seed, g, i)`. A child's
/// playtest starts as soon as it is made, so making the next children (crossover, mutation and
/// the planarity check, which must stay in order) overlaps with playing the earlier ones.
///
/// # Errors
/// [`DesignError`] for settings out of range or a generation that cannot be filled.
pub fn design(
    settings: &Settings,
    seed: u64,
    progress: &(dyn Fn(u32) + Sync),
) -> Result<Design, DesignError> {
    design_until(settings, seed, progress, &AtomicBool::new(false))
}

/// [`design`], stopping early once `cancel` is set: no further match is begun, the
/// generation under way is thrown away, and the result describes the last generation played
/// whole (its `history` is then shorter than `generations + 1`, and `interrupted` is set).
/// Cancelled during the initial population, it keeps the variants whose playtests were whole.
/// Unless `cancel` is set, the result is the same as [`design`]'s.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use ludoforge_risk::criteria::Formulas;
/// use ludoforge_risk::design::{DesignError, Settings, design_until};
/// use ludoforge_risk::playtest::Scoring;
/// let settings = Settings {
///     generations: 5,
///     offspring: 4,
///     tournament: 2,
///     matches: 2,
///     ..Settings::paper(Scoring::all(Formulas::Paper))
/// };
/// // Asked to stop from the start: no match is played, so there is nothing to report.
/// let stopped = design_until(&settings, 1, &|_| {}, &AtomicBool::new(true));
/// assert!(matches!(stopped, Err(DesignError::Cancelled)));
/// ```
///
/// # Errors
/// As [`design`], and [`DesignError::Cancelled`] when cancelled before any variant was played
/// whole.
pub fn design_until(
    settings: &Settings,
    seed: u64,
    progress: &(dyn Fn(u32) + Sync),
    cancel: &AtomicBool,
) -> Result<Design, DesignError> {
    let hooks = Hooks {
        progress,
        cancel,
        resume: None,
        saved: &mut |_| Ok(()),
    };
    design_with(settings, seed, hooks)
}

/// [`design_until`] with every hook: the state saved at the end of each generation, and a run
/// resumed from such a state. A run resumed from the state another run of the same settings
/// and seed saved ends with the same [`Design`] as that run would have.
///
/// # Errors
/// As [`design`]; [`DesignError::Save`] when `hooks.saved` fails; [`DesignError::Resume`] when
/// the state does not fit the settings.
pub fn design_with(settings: &Settings, seed: u64, hooks: Hooks) -> Result<Design, DesignError> {
    let Hooks {
        progress,
        cancel,
        resume,
        saved,
    } = hooks;
    let s = settings;
    if s.offspring < 2 || s.offspring > 10_000 {
        return Err(DesignError::Settings(format!(
            "the population must have 2 to 10000 variants, not {}",
            s.offspring
        )));
    }
    if s.tournament < 2 || s.tournament > 10_000 {
        return Err(DesignError::Settings(format!(
            "the tournament must draw 2 to 10000 variants, not {}",
            s.tournament
        )));
    }
    if !(0.0..=1.0).contains(&s.mutation) {
        return Err(DesignError::Settings(format!(
            "the mutation rate must be between 0 and 1, not {}",
            s.mutation
        )));
    }
    if s.matches == 0 || s.generations > 100_000 {
        return Err(DesignError::Settings(
            "give at least one match and at most 100000 generations".into(),
        ));
    }
    let initial_maps = initial_maps();
    let mut state = match resume {
        Some(state) => {
            if state.population.len() != s.offspring
                || state.generation > s.generations
                || state.history.len() != state.generation as usize + 1
            {
                return Err(DesignError::Resume(format!(
                    "the saved state (generation {}, {} variants) does not fit these settings \
                     ({} generations of {})",
                    state.generation,
                    state.population.len(),
                    s.generations,
                    s.offspring
                )));
            }
            state
        }
        None => {
            let mut rng = stream(seed, u64::MAX, 0);
            let initial: Vec<Variant> = (0..s.offspring)
                .map(|_| random_variant(&mut rng, s.compat, &initial_maps))
                .collect();
            let scores: Vec<Scored> = initial
                .par_iter()
                .enumerate()
                .with_max_len(1)
                .map(|(j, variant)| {
                    let scored = evaluate(variant, s, derive_seed(seed, 0, j as u64), cancel);
                    progress(0);
                    scored
                })
                .collect();
            let mut population = Vec::with_capacity(s.offspring);
            for (variant, scored) in initial.into_iter().zip(scores) {
                let (fitness, criteria, fitness_interval) = match scored {
                    // Cut short: only the variants played whole are kept.
                    Err(DesignError::Cancelled) => continue,
                    scored => scored?,
                };
                population.push(Member {
                    variant,
                    fitness,
                    criteria,
                    playtests: 1,
                    fitness_interval,
                });
            }
            if population.is_empty() {
                return Err(DesignError::Cancelled);
            }
            let whole = population.len() == s.offspring;
            let state = DesignState {
                generation: 0,
                history: vec![summary(0, &population)],
                population,
                accepted: 0,
                rejected: BTreeMap::new(),
                rng,
            };
            // A population cut short is not saved: a run resumed from it would not end as
            // one never stopped.
            if whole {
                saved(&state).map_err(DesignError::Save)?;
            }
            state
        }
    };
    for g in state.generation + 1..=s.generations {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        let DesignState {
            population, rng, ..
        } = &mut state;
        population.sort_by(|a, b| a.fitness.total_cmp(&b.fitness));
        let elite = &population[0];
        // Slot 0 is the elite, played again; slots 1.. the children, in the order made.
        let played: Vec<OnceLock<(Variant, Scored)>> =
            (0..s.offspring).map(|_| OnceLock::new()).collect();
        let play = |slot: usize, index: u64, variant: Variant| {
            let scored = evaluate(&variant, s, derive_seed(seed, u64::from(g), index), cancel);
            progress(g);
            let _ = played[slot].set((variant, scored));
        };
        let mut made = 1;
        let mut made_accepted = 0;
        let mut refused_here: BTreeMap<Reject, u32> = BTreeMap::new();
        let full = rayon::scope(|scope| {
            let elite_variant = elite.variant.clone();
            scope.spawn(move |_| play(0, u64::MAX, elite_variant));
            let mut attempts = 0;
            while made < s.offspring && !cancel.load(Ordering::Relaxed) {
                let mut picks: Vec<usize> = (0..s.tournament)
                    .map(|_| below(rng, population.len()))
                    .collect();
                picks.sort_by(|&a, &b| population[a].fitness.total_cmp(&population[b].fitness));
                let (pa, pb) = (&population[picks[0]].variant, &population[picks[1]].variant);
                let (ra, rb) = cross_rules(&pa.rules, &pb.rules, rng);
                for rules in [ra, rb] {
                    if made >= s.offspring {
                        break;
                    }
                    loop {
                        attempts += 1;
                        if attempts > s.max_attempts {
                            return Err(attempts);
                        }
                        let mut child = Variant {
                            rules,
                            map: cross_maps(&pa.map, &pb.map, rng),
                        };
                        mutate(&mut child, s.mutation, rng);
                        match check(&child.map, s.min_territories) {
                            Ok(()) => {
                                let index = made;
                                made += 1;
                                made_accepted += 1;
                                scope.spawn(move |_| play(index, index as u64, child));
                                break;
                            }
                            Err(reason) => *refused_here.entry(reason).or_insert(0) += 1,
                        }
                    }
                }
            }
            Ok(())
        });
        if cancel.load(Ordering::Relaxed) {
            // Cut short: the generation is thrown away, the last whole one kept.
            break;
        }
        // The first error in the order a serial run meets them: the elite's playtest, each
        // child's in turn, then running out of attempts.
        let mut next = Vec::with_capacity(s.offspring);
        for slot in played.into_iter().take(made) {
            let (variant, scored) = slot.into_inner().expect("every variant made is played");
            let (fitness, criteria, fitness_interval) = scored?;
            next.push(Member {
                variant,
                fitness,
                criteria,
                playtests: 1,
                fitness_interval,
            });
        }
        if let Err(attempts) = full {
            return Err(DesignError::Fill {
                generation: g,
                attempts,
                refused: refused_here.values().sum(),
                rejected: refused_here,
            });
        }
        for (reason, count) in refused_here {
            *state.rejected.entry(reason).or_insert(0) += count;
        }
        state.accepted += made_accepted;
        // The elite's fitness is the mean over all its playtests.
        let old = &state.population[0];
        next[0].fitness = (old.fitness * f64::from(old.playtests) + next[0].fitness)
            / f64::from(old.playtests + 1);
        next[0].fitness_interval = match (old.fitness_interval, next[0].fitness_interval) {
            (Some(before), Some(now)) => Some(add_to_mean(
                before,
                old.playtests,
                next[0].fitness,
                now.half_width(),
            )),
            _ => None,
        };
        next[0].playtests = old.playtests + 1;
        state.population = next;
        state.history.push(summary(g, &state.population));
        state.generation = g;
        saved(&state).map_err(DesignError::Save)?;
    }
    let interrupted = state.generation < s.generations || state.population.len() < s.offspring;
    let DesignState {
        mut population,
        history,
        accepted,
        rejected,
        ..
    } = state;
    population.sort_by(|a, b| a.fitness.total_cmp(&b.fitness));
    let analysis = Analysis {
        isomorphic_to_initial: population
            .iter()
            .filter(|m| {
                initial_maps
                    .iter()
                    .any(|i| is_isomorphic(&m.variant.map, i))
            })
            .count(),
        territories: population
            .iter()
            .map(|m| m.variant.map.territories.len())
            .collect(),
        tallies: tallies(&population),
    };
    Ok(Design {
        best: population[0].clone(),
        population,
        history,
        accepted,
        rejected,
        analysis,
        interrupted,
    })
}

fn summary(generation: u32, population: &[Member]) -> Generation {
    let best = population
        .iter()
        .min_by(|a, b| a.fitness.total_cmp(&b.fitness))
        .expect("a population");
    Generation {
        generation,
        min: best.fitness,
        mean: population.iter().map(|m| m.fitness).sum::<f64>() / population.len() as f64,
        best_territories: best.variant.map.territories.len(),
    }
}
