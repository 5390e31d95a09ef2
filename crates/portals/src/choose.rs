//! Choosing dungeons by playthroughs (Bush, section 5: "many playthroughs can be simulated for
//! a specific graph in order to identify those with the most desirable characteristics").
//!
//! [`choose`] generates K candidates, measures each (exact routes and simulated walks), and
//! keeps the one whose measures best match the [`Targets`], reporting what was asked and what
//! was met. Candidate `i` always comes from the same streams of the seed, on any thread count.

use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_evolve::rng::stream;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::dungeon::Dungeon;
use crate::generate::{GenerateError, generate_until};
use crate::measures::Measures;
use crate::params::Params;
use crate::walk::Memory;

/// What a game master wants of the walks through a dungeon. Every target is optional.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Targets {
    /// The mean simulated walk length, in portals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_walk: Option<f64>,
    /// How far from `mean_walk` still counts as met (portals).
    #[serde(default = "default_tolerance")]
    pub tolerance: f64,
    /// The longest origin-to-exit route may have at most this many portals.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_longest: Option<u32>,
    /// At least this many rooms where the players choose.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_decisions: Option<usize>,
    /// At least this many distinct origin-to-exit routes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_routes: Option<u128>,
}

fn default_tolerance() -> f64 {
    0.5
}

impl Targets {
    /// No targets, with the default tolerance of half a portal on the mean walk.
    #[must_use]
    pub fn none() -> Targets {
        Targets {
            tolerance: default_tolerance(),
            ..Targets::default()
        }
    }

    /// True when no target is set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.mean_walk.is_none()
            && self.max_longest.is_none()
            && self.min_decisions.is_none()
            && self.min_routes.is_none()
    }

    /// How each target fares against `measures`: what was asked, what was got, whether it
    /// was met, and the miss as a share of the target (0 when met exactly or within bounds).
    #[must_use]
    pub fn judge(&self, measures: &Measures) -> Vec<Verdict> {
        let mut verdicts = Vec::new();
        if let Some(target) = self.mean_walk {
            let got = measures.walks.mean;
            verdicts.push(Verdict {
                measure: "mean walk".into(),
                asked: format!("{target} ± {}", self.tolerance),
                got: format!("{got:.2}"),
                met: (got - target).abs() <= self.tolerance,
                miss: mean_walk_miss(target, got),
            });
        }
        if let Some(target) = self.max_longest {
            let got = measures.longest_route;
            verdicts.push(Verdict {
                measure: "longest route".into(),
                asked: format!("at most {target}"),
                got: got.to_string(),
                met: got <= target,
                miss: longest_miss(target, got),
            });
        }
        if let Some(target) = self.min_decisions {
            let got = measures.decision_rooms;
            verdicts.push(Verdict {
                measure: "decision rooms".into(),
                asked: format!("at least {target}"),
                got: got.to_string(),
                met: got >= target,
                miss: shortfall(target as u128, got as u128),
            });
        }
        if let Some(target) = self.min_routes {
            let got = measures.routes;
            verdicts.push(Verdict {
                measure: "routes".into(),
                asked: format!("at least {target}"),
                got: got.to_string(),
                met: got >= target,
                miss: shortfall(target, got),
            });
        }
        verdicts
    }

    /// The sum of the misses of [`Targets::judge`] (the same number, bit for bit), without
    /// writing out the verdicts: what an evolving population is scored by.
    ///
    /// ```
    /// use ludoforge_evolve::rng::stream;
    /// use ludoforge_portals::{Dungeon, Measures, choose::Targets, walk::Memory};
    /// let dungeon = Dungeon::from_portals(vec![vec![1, 2], vec![3], vec![3], vec![]], 3);
    /// let measures = Measures::of(&dungeon, 10, Memory::Walk, &mut stream(1, 0, 0)).unwrap();
    /// let targets = Targets { mean_walk: Some(4.0), min_routes: Some(3), ..Targets::none() };
    /// let judged: f64 = targets.judge(&measures).iter().map(|v| v.miss).sum();
    /// assert_eq!(targets.score(&measures), judged);
    /// assert_eq!(judged, 0.5 + 1.0 / 3.0);
    /// ```
    #[must_use]
    pub fn score(&self, measures: &Measures) -> f64 {
        [
            self.mean_walk
                .map(|target| mean_walk_miss(target, measures.walks.mean)),
            self.max_longest
                .map(|target| longest_miss(target, measures.longest_route)),
            self.min_decisions
                .map(|target| shortfall(target as u128, measures.decision_rooms as u128)),
            self.min_routes
                .map(|target| shortfall(target, measures.routes)),
        ]
        .into_iter()
        .flatten()
        .sum()
    }
}

/// How far a mean walk of `got` is from `target`, as a share of the target.
fn mean_walk_miss(target: f64, got: f64) -> f64 {
    (got - target).abs() / target.max(1.0)
}

/// How far a longest route of `got` is beyond `target`, as a share of the target.
fn longest_miss(target: u32, got: u32) -> f64 {
    f64::from(got.saturating_sub(target)) / f64::from(target.max(1))
}

/// How far `got` falls short of at least `target`, as a share of the target.
fn shortfall(target: u128, got: u128) -> f64 {
    target.saturating_sub(got) as f64 / target.max(1) as f64
}

/// One target judged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    /// Which measure.
    pub measure: String,
    /// What was asked, in words.
    pub asked: String,
    /// What the dungeon has.
    pub got: String,
    /// Whether the target is met.
    pub met: bool,
    /// How far off, as a share of the target (0 when met).
    pub miss: f64,
}

/// The kept dungeon and how it compares with the targets.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The kept dungeon.
    pub dungeon: Dungeon,
    /// Its measures.
    pub measures: Measures,
    /// Each target judged.
    pub verdicts: Vec<Verdict>,
    /// The sum of the misses (0 when every target is met exactly).
    pub score: f64,
    /// Which candidate was kept (0-based).
    pub candidate: usize,
    /// How many candidates were generated.
    pub candidates: usize,
}

/// Generates `candidates` dungeons, walks each `walks` times, and keeps the one with the
/// smallest total miss (the first such on a tie). Memory stays the same however many
/// candidates there are: only the best so far is kept.
///
/// Candidate `i` is generated from stream `(seed, 1, i)` and walked with stream `(seed, 2, i)`,
/// so the result does not depend on the number of threads. `done` is called (from any thread)
/// after each candidate.
///
/// # Errors
/// The earliest failing candidate's [`GenerateError`] when a candidate cannot be generated.
///
/// # Panics
/// Panics if `candidates` or `walks` is 0.
///
/// ```
/// use ludoforge_portals::{Params, choose::{Targets, choose}, walk::Memory};
/// let targets = Targets { max_longest: Some(14), ..Targets::none() };
/// let choice = choose(&Params::new(9), &targets, 20, 200, Memory::Walk, 7, &|| {}).unwrap();
/// assert_eq!(choice.verdicts[0].met, choice.measures.longest_route <= 14);
/// assert_eq!(choice.candidates, 20);
/// ```
pub fn choose(
    params: &Params,
    targets: &Targets,
    candidates: usize,
    walks: u32,
    memory: Memory,
    seed: u64,
    done: &(dyn Fn() + Sync),
) -> Result<Choice, GenerateError> {
    let never = AtomicBool::new(false);
    Ok(choose_until(
        params, targets, candidates, walks, memory, seed, done, &never,
    )?
    .expect("every candidate is made when the run is not cancelled"))
}

/// [`choose`], stopped early when `cancel` becomes true: the candidates not yet begun are left
/// out and the best of those made is kept (`None` when none was). Not cancelled, it keeps the
/// same dungeon as [`choose`].
///
/// # Errors
/// The earliest failing candidate's [`GenerateError`] among those made.
///
/// # Panics
/// Panics if `candidates` or `walks` is 0.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use ludoforge_portals::{Params, choose::{Targets, choose_until}, walk::Memory};
/// let targets = Targets::none();
/// let stopped = AtomicBool::new(true);
/// let none = choose_until(&Params::new(9), &targets, 20, 50, Memory::Walk, 7, &|| {}, &stopped);
/// assert!(none.unwrap().is_none());
/// ```
#[allow(clippy::too_many_arguments)]
pub fn choose_until(
    params: &Params,
    targets: &Targets,
    candidates: usize,
    walks: u32,
    memory: Memory,
    seed: u64,
    done: &(dyn Fn() + Sync),
    cancel: &AtomicBool,
) -> Result<Option<Choice>, GenerateError> {
    assert!(candidates > 0, "at least one candidate");
    // Only the best candidate so far is kept on each thread, so memory does not grow with the
    // number of candidates. The pairing keeps the smallest score, then the earliest candidate
    // (and the earliest error), whatever the order the threads pair them in.
    (0..candidates)
        .into_par_iter()
        .filter(|_| !cancel.load(Ordering::Relaxed))
        .filter_map(|i| -> Option<Result<Choice, (usize, GenerateError)>> {
            // A candidate cut short by a cancel is left out, as those never started are.
            let dungeon = match generate_until(params, &mut stream(seed, 1, i as u64), Some(cancel))
            {
                Ok(dungeon) => dungeon,
                Err(GenerateError::Cancelled) => return None,
                Err(error) => return Some(Err((i, error))),
            };
            let measures = Measures::of_until(
                &dungeon,
                walks,
                memory,
                &mut stream(seed, 2, i as u64),
                Some(cancel),
            )
            .expect("a generated dungeon is acyclic and walkable")?;
            let verdicts = targets.judge(&measures);
            let score = verdicts.iter().map(|v| v.miss).sum();
            done();
            Some(Ok(Choice {
                dungeon,
                measures,
                verdicts,
                score,
                candidate: i,
                candidates,
            }))
        })
        .reduce_with(|a, b| match (a, b) {
            (Ok(a), Ok(b)) => Ok(
                if b.score < a.score || (b.score == a.score && b.candidate < a.candidate) {
                    b
                } else {
                    a
                },
            ),
            (Err(a), Err(b)) => Err(if b.0 < a.0 { b } else { a }),
            (Err(error), Ok(_)) | (Ok(_), Err(error)) => Err(error),
        })
        .transpose()
        .map_err(|(_, error)| error)
}
