//! Observers: how a run reports its progress without printing anything itself.
//!
//! The engine calls observers with a [`Snapshot`] at the start, after every completed
//! generation (for a steady-state run, every population/2 matings) and at the end. Progress
//! bars, JSON-lines logs and web updates are observers that live in the front ends.

use serde::Serialize;

use crate::budget::{Counters, StopReason};
use crate::individual::PopulationStats;

/// The state of a run at one reporting point.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
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

/// Receives a run's progress. Every method has a no-op default.
pub trait Observer {
    /// Called with the initial population, before the first step.
    fn on_start(&mut self, _snapshot: &Snapshot) {}
    /// Called after each completed generation.
    fn on_generation(&mut self, _snapshot: &Snapshot) {}
    /// Called whenever a better individual than any before is found.
    fn on_new_best(&mut self, _counters: &Counters, _fitness: f64) {}
    /// Called once when the run stops.
    fn on_finish(&mut self, _snapshot: &Snapshot, _reason: StopReason) {}
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
}
