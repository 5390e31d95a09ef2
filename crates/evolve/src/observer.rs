//! Observers: how a run reports its progress without printing anything itself.
//!
//! The engine calls observers with a [`Snapshot`] at the start, after every completed
//! generation (for a steady-state run, every population/2 matings) and at the end, and with
//! just the counters and the best fitness after every step. A snapshot's population
//! statistics cost O(n) in the population size, so an observer that needs only the cheap
//! per-step report (a progress bar) says so with [`Observer::wants_snapshots`], and the
//! engine skips the per-generation snapshots when no observer wants them. Progress bars,
//! JSON-lines logs and web updates are observers that live in the front ends.

use serde::{Deserialize, Serialize};

use crate::budget::{Counters, StopReason};
use crate::individual::PopulationStats;

/// The state of a run at one reporting point.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The run's master seed.
    pub seed: u64,
    /// Work done so far.
    #[serde(flatten)]
    pub counters: Counters,
    /// Raw fitness of the best individual found so far in the run.
    pub best_ever: f64,
    /// Population statistics now.
    #[serde(flatten)]
    pub population: PopulationStats,
}

/// Receives a run's progress. Every method has a no-op default, and by default an observer
/// wants a snapshot after every generation.
///
/// After each step the engine calls, in this order: [`on_new_best`](Observer::on_new_best)
/// if the step found a new best, [`on_progress`](Observer::on_progress), then
/// [`on_generation`](Observer::on_generation) if the step completed a generation and the
/// observer [wants snapshots](Observer::wants_snapshots).
///
/// ```
/// use ludoforge_evolve::{Counters, Observer};
///
/// /// Follows the work done and the best fitness, without population statistics.
/// #[derive(Default)]
/// struct Ticker {
///     matings: u64,
///     best: f64,
/// }
///
/// impl Observer for Ticker {
///     fn on_progress(&mut self, counters: &Counters, best_ever: f64) {
///         self.matings = counters.matings;
///         self.best = best_ever;
///     }
///     fn wants_snapshots(&self) -> bool {
///         false
///     }
/// }
/// ```
pub trait Observer {
    /// Called with the initial population, before the first step.
    fn on_start(&mut self, _snapshot: &Snapshot) {}
    /// Called after each completed generation, if [`Observer::wants_snapshots`].
    fn on_generation(&mut self, _snapshot: &Snapshot) {}
    /// Called whenever a better individual than any before is found.
    fn on_new_best(&mut self, _counters: &Counters, _fitness: f64) {}
    /// Called after every step with the work done so far and the raw fitness of the best
    /// individual found so far; costs the engine nothing beyond the call, so a progress
    /// display can follow a run with it alone.
    fn on_progress(&mut self, _counters: &Counters, _best_ever: f64) {}
    /// Whether this observer wants a [`Snapshot`] after every completed generation (the
    /// default). Building one computes population statistics, O(n) in the population size
    /// (for [`Growing`](crate::Growing), where every cycle is a generation, that makes a run
    /// quadratic in its length), so the engine builds them only while some observer wants
    /// them. An observer that returns false gets no [`on_generation`](Observer::on_generation)
    /// calls; it still gets the start and finish snapshots. Asked once, when the run starts.
    fn wants_snapshots(&self) -> bool {
        true
    }
    /// Called once when the run stops.
    fn on_finish(&mut self, _snapshot: &Snapshot, _reason: StopReason) {}
    /// Called instead of [`on_start`](Observer::on_start) when the run continues a
    /// [saved](crate::Saved) one, after [`restore`](Observer::restore), with the state it
    /// continues from.
    fn on_resume(&mut self, _snapshot: &Snapshot) {}
    /// What this observer has recorded that the caller keeps, for a [saved](crate::Saved) run
    /// (`None`, the default, for an observer whose record does not outlive the run, such as a
    /// progress display).
    fn save(&self) -> Option<serde_json::Value> {
        None
    }
    /// Takes up what [`save`](Observer::save) gave when the run was saved (`None` when the
    /// saved run had no observer in this place, or one that kept nothing).
    ///
    /// # Errors
    /// Why the saved record cannot be taken up, in words (the run does not start).
    fn restore(&mut self, _saved: Option<&serde_json::Value>) -> Result<(), String> {
        Ok(())
    }
}

/// Records every snapshot, for plots and tests.
#[derive(Debug, Default, Clone)]
pub struct History {
    /// The snapshots in order: start, each generation, finish.
    pub snapshots: Vec<Snapshot>,
}

impl Observer for History {
    fn on_start(&mut self, snapshot: &Snapshot) {
        self.snapshots.push(*snapshot);
    }
    fn on_generation(&mut self, snapshot: &Snapshot) {
        self.snapshots.push(*snapshot);
    }
    fn on_finish(&mut self, snapshot: &Snapshot, _reason: StopReason) {
        if self.snapshots.last() != Some(snapshot) {
            self.snapshots.push(*snapshot);
        }
    }
    fn save(&self) -> Option<serde_json::Value> {
        serde_json::to_value(&self.snapshots).ok()
    }
    fn restore(&mut self, saved: Option<&serde_json::Value>) -> Result<(), String> {
        let Some(saved) = saved else {
            return Err(
                "the saved run kept no history (it was started without a log); \
                        resume it without asking for the log, or start it again"
                    .into(),
            );
        };
        self.snapshots = Vec::<Snapshot>::deserialize(saved)
            .map_err(|e| format!("the saved history cannot be read: {e}"))?;
        Ok(())
    }
}

/// Histories as JSON lines: one line per reporting point (start, every generation, finish) of
/// every replicate, with the replicate's index first, then the snapshot (seed, counters, best
/// ever, and the population's best, mean and worst fitness and diversity). Lines are in
/// replicate order, so the text is the same on any thread count.
///
/// ```
/// use ludoforge_evolve::{History, history_lines};
/// assert_eq!(history_lines(&[History::default()]), "");
/// ```
#[must_use]
pub fn history_lines(histories: &[History]) -> String {
    #[derive(serde::Serialize)]
    struct Line<'a> {
        replicate: usize,
        #[serde(flatten)]
        snapshot: &'a Snapshot,
    }
    let mut text = String::new();
    for (replicate, history) in histories.iter().enumerate() {
        for snapshot in &history.snapshots {
            text.push_str(
                &serde_json::to_string(&Line {
                    replicate,
                    snapshot,
                })
                .expect("snapshots serialise"),
            );
            text.push('\n');
        }
    }
    text
}
