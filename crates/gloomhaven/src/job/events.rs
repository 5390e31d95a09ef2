//! The search's progress as job events, counted in cycles as its budget is.

use ludoforge_evolve::{Counters, Observer, Snapshot, StopReason};
use ludoforge_job::Context;

/// An engine observer that reports the search's cycles (one child bred each; the engine counts
/// them as generations of its growing population) as a stage of `cycles`, with the best score
/// so far. Reports are thinned to about a thousand a stage.
pub(super) struct CycleEvents<'c, 'a> {
    context: &'c Context<'a>,
    total: u64,
    step: u64,
    next: u64,
    best: Option<f64>,
}

impl<'c, 'a> CycleEvents<'c, 'a> {
    /// Reports on `context` for a search of `total` cycles.
    pub(super) fn new(context: &'c Context<'a>, total: u64) -> Self {
        CycleEvents {
            context,
            total,
            step: (total / 1000).max(1),
            next: 0,
            best: None,
        }
    }
}

impl Observer for CycleEvents<'_, '_> {
    fn on_start(&mut self, _snapshot: &Snapshot) {
        self.context.stage("cycles", Some(self.total), "cycles");
    }

    fn on_progress(&mut self, counters: &Counters, best_ever: f64) {
        let done = counters.generations;
        let better = self.best.map(f64::to_bits) != Some(best_ever.to_bits());
        if done >= self.next || better {
            self.best = Some(best_ever);
            self.next = done + self.step;
            self.context.advance(done, Some(best_ever));
        }
    }

    fn wants_snapshots(&self) -> bool {
        false
    }

    fn on_finish(&mut self, snapshot: &Snapshot, _reason: StopReason) {
        self.context
            .advance(snapshot.counters.generations, self.best);
    }
}
