//! The study of the document (Bush, section 5, Figures 2 and 3): for each minimum path length
//! M, generate several dungeons, walk each many times, and record the observed lower, mean and
//! upper walk lengths and the mean number of rooms.

use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_evolve::rng::stream;
use serde::{Deserialize, Serialize};

use crate::generate::{GenerateError, generate_until};
use crate::measures::Measures;
use crate::params::Params;
use crate::walk::Memory;

/// What the study runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudySpec {
    /// The values of M, in order.
    pub min_paths: Vec<u32>,
    /// Dungeons generated per M.
    pub graphs: u32,
    /// Walks per dungeon.
    pub walks: u32,
    /// What the simulated players remember.
    pub memory: Memory,
    /// Generator settings other than M (room bounds, portals per room, attempts); the room
    /// bounds' lower end is raised to M + 1 where needed.
    pub base: Params,
}

impl StudySpec {
    /// The document's study: M from 3 to 15, 10 dungeons each, 1,000 walks per dungeon.
    #[must_use]
    pub fn bush() -> StudySpec {
        StudySpec {
            min_paths: (3..=15).collect(),
            graphs: 10,
            walks: 1_000,
            memory: Memory::Walk,
            base: Params::new(1),
        }
    }

    /// The generator parameters used for one value of M.
    #[must_use]
    pub fn params_for(&self, min_path: u32) -> Params {
        let mut params = self.base;
        params.min_path = min_path;
        params.min_rooms = params.min_rooms.max(min_path as usize + 1);
        params
    }
}

/// One value of M in the study.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StudyRow {
    /// M.
    pub min_path: u32,
    /// The shortest walk observed over all dungeons (the figures' lower bound, green).
    pub lower: u32,
    /// The mean walk length over all walks of all dungeons (blue).
    pub mean: f64,
    /// The longest walk observed (the figures' upper bound, red).
    pub upper: u32,
    /// The mean number of rooms (Figure 3, cyan).
    pub mean_rooms: f64,
    /// The fewest rooms of a dungeon.
    pub min_rooms: usize,
    /// The most rooms of a dungeon.
    pub max_rooms: usize,
    /// The mean exact longest route (an upper bound on any walk).
    pub mean_longest: f64,
    /// The longest exact route of any dungeon.
    pub max_longest: u32,
}

/// The study's results and how each curve grows with M.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Study {
    /// What was run.
    pub spec: StudySpec,
    /// The seed.
    pub seed: u64,
    /// One row per M.
    pub rows: Vec<StudyRow>,
    /// Growth of the lower bound.
    pub lower_fit: Fit,
    /// Growth of the upper bound.
    pub upper_fit: Fit,
    /// Growth of the mean room count on a logarithmic scale: `slope` is ln(rooms) per unit of
    /// M, so the rooms multiply by e^slope for each step of M.
    pub rooms_fit: Fit,
}

/// A least-squares line y = intercept + slope · M.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Fit {
    /// Change per unit of M.
    pub slope: f64,
    /// Value at M = 0.
    pub intercept: f64,
    /// The share of the variance the line explains (1 for a perfect line).
    pub r_squared: f64,
}

impl Fit {
    /// The least-squares line through `points`; a flat line when there are fewer than two
    /// distinct x values.
    #[must_use]
    pub fn of(points: &[(f64, f64)]) -> Fit {
        let n = points.len() as f64;
        if points.is_empty() {
            return Fit {
                slope: 0.0,
                intercept: 0.0,
                r_squared: 1.0,
            };
        }
        let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
        let my = points.iter().map(|p| p.1).sum::<f64>() / n;
        let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
        let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
        let syy: f64 = points.iter().map(|p| (p.1 - my).powi(2)).sum();
        let slope = if sxx > 0.0 { sxy / sxx } else { 0.0 };
        let r_squared = if syy > 0.0 && sxx > 0.0 {
            (sxy * sxy) / (sxx * syy)
        } else {
            1.0
        };
        Fit {
            slope,
            intercept: my - slope * mx,
            r_squared,
        }
    }
}

/// Runs the study. Dungeon `g` of M is generated from stream `(seed, M, 2g)` and walked with
/// stream `(seed, M, 2g + 1)`; `progress` is called after each dungeon.
///
/// # Errors
/// A [`GenerateError`] if a value of M cannot be generated within the room bounds.
///
/// # Panics
/// Panics if `graphs` or `walks` is 0.
///
/// ```
/// use ludoforge_portals::study::{StudySpec, run};
/// let spec = StudySpec { min_paths: vec![3, 6, 9], graphs: 3, walks: 100, ..StudySpec::bush() };
/// let study = run(&spec, 1, &mut |_| {}).unwrap();
/// assert_eq!(study.rows.len(), 3);
/// assert!(study.rows.iter().all(|row| row.lower >= row.min_path));
/// ```
pub fn run(
    spec: &StudySpec,
    seed: u64,
    progress: &mut dyn FnMut(usize),
) -> Result<Study, GenerateError> {
    run_until(spec, seed, progress, &AtomicBool::new(false))
}

/// [`run`], stopped early when `cancel` becomes true: the study then holds the values of M
/// finished before it (its `spec.min_paths` lists only those, and its rows may be none). Not
/// cancelled, it is the same study as [`run`].
///
/// # Errors
/// A [`GenerateError`] if a value of M cannot be generated within the room bounds.
///
/// # Panics
/// Panics if `graphs` or `walks` is 0.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use ludoforge_portals::study::{StudySpec, run_until};
/// let spec = StudySpec { min_paths: vec![3, 4], graphs: 2, walks: 10, ..StudySpec::bush() };
/// let stopped = run_until(&spec, 1, &mut |_| {}, &AtomicBool::new(true)).unwrap();
/// assert!(stopped.rows.is_empty() && stopped.spec.min_paths.is_empty());
/// ```
pub fn run_until(
    spec: &StudySpec,
    seed: u64,
    progress: &mut dyn FnMut(usize),
    cancel: &AtomicBool,
) -> Result<Study, GenerateError> {
    assert!(
        spec.graphs > 0 && spec.walks > 0,
        "at least one graph and one walk"
    );
    let mut rows = Vec::with_capacity(spec.min_paths.len());
    let mut done = 0;
    for &m in &spec.min_paths {
        let params = spec.params_for(m);
        let mut lower = u32::MAX;
        let mut upper = 0;
        let mut walk_total = 0.0;
        let mut rooms = Vec::with_capacity(spec.graphs as usize);
        let mut longest = Vec::with_capacity(spec.graphs as usize);
        for g in 0..u64::from(spec.graphs) {
            if cancel.load(Ordering::Relaxed) {
                break;
            }
            let dungeon = match generate_until(
                &params,
                &mut stream(seed, u64::from(m), 2 * g),
                Some(cancel),
            ) {
                Ok(dungeon) => dungeon,
                Err(GenerateError::Cancelled) => break,
                Err(error) => return Err(error),
            };
            let Some(measures) = Measures::of_until(
                &dungeon,
                spec.walks,
                spec.memory,
                &mut stream(seed, u64::from(m), 2 * g + 1),
                Some(cancel),
            )
            .expect("a generated dungeon is acyclic and walkable") else {
                break;
            };
            lower = lower.min(measures.walks.min);
            upper = upper.max(measures.walks.max);
            walk_total += measures.walks.mean;
            rooms.push(measures.rooms);
            longest.push(measures.longest_route);
            done += 1;
            progress(done);
        }
        if rooms.len() < spec.graphs as usize {
            break;
        }
        let graphs = f64::from(spec.graphs);
        rows.push(StudyRow {
            min_path: m,
            lower,
            mean: walk_total / graphs,
            upper,
            mean_rooms: rooms.iter().sum::<usize>() as f64 / graphs,
            min_rooms: *rooms.iter().min().expect("graphs > 0"),
            max_rooms: *rooms.iter().max().expect("graphs > 0"),
            mean_longest: f64::from(longest.iter().sum::<u32>()) / graphs,
            max_longest: *longest.iter().max().expect("graphs > 0"),
        });
    }
    let line = |f: &dyn Fn(&StudyRow) -> f64| {
        Fit::of(
            &rows
                .iter()
                .map(|r| (f64::from(r.min_path), f(r)))
                .collect::<Vec<_>>(),
        )
    };
    let mut spec = spec.clone();
    spec.min_paths.truncate(rows.len());
    Ok(Study {
        lower_fit: line(&|r| f64::from(r.lower)),
        upper_fit: line(&|r| f64::from(r.upper)),
        rooms_fit: line(&|r| r.mean_rooms.ln()),
        rows,
        spec,
        seed,
    })
}

impl Study {
    /// The rows as CSV with a header line.
    #[must_use]
    pub fn csv(&self) -> String {
        let mut out = String::from(
            "min_path,graphs,walks,lower,mean,upper,mean_rooms,min_rooms,max_rooms,mean_longest,max_longest\n",
        );
        for r in &self.rows {
            out.push_str(&format!(
                "{},{},{},{},{:.3},{},{:.1},{},{},{:.2},{}\n",
                r.min_path,
                self.spec.graphs,
                self.spec.walks,
                r.lower,
                r.mean,
                r.upper,
                r.mean_rooms,
                r.min_rooms,
                r.max_rooms,
                r.mean_longest,
                r.max_longest
            ));
        }
        out
    }

    /// The rows as an aligned text table, followed by the growth of each curve.
    #[must_use]
    pub fn table(&self) -> String {
        let mut out = format!(
            "{:>3}  {:>5}  {:>6}  {:>5}  {:>10}  {:>11}  {:>12}\n",
            "M", "lower", "mean", "upper", "mean rooms", "rooms range", "longest route"
        );
        for r in &self.rows {
            out.push_str(&format!(
                "{:>3}  {:>5}  {:>6.2}  {:>5}  {:>10.1}  {:>11}  {:>12}\n",
                r.min_path,
                r.lower,
                r.mean,
                r.upper,
                r.mean_rooms,
                format!("{}-{}", r.min_rooms, r.max_rooms),
                r.max_longest
            ));
        }
        out.push_str(&format!(
            "lower bound: {:+.2} portals per step of M (linear fit r² = {:.3})\n\
             upper bound: {:+.2} portals per step of M (r² = {:.3})\n\
             rooms: ×{:.2} per step of M (exponential fit r² = {:.3})\n",
            self.lower_fit.slope,
            self.lower_fit.r_squared,
            self.upper_fit.slope,
            self.upper_fit.r_squared,
            self.rooms_fit.slope.exp(),
            self.rooms_fit.r_squared
        ));
        out
    }
}
