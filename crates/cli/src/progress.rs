//! Progress bars: drawn on a terminal, silent when stderr is piped.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use ludoforge_evolve::{Budget, Counters, Observer, Snapshot, StopReason};

/// Whether progress bars are drawn: only when stderr is a terminal.
pub fn shown() -> bool {
    std::io::stderr().is_terminal()
}

/// A bar that follows one run's matings (or generations, or evaluations) and shows the best
/// fitness so far. It follows the engine's cheap per-step report and asks for no population
/// statistics.
pub struct RunProgress {
    bar: ProgressBar,
    unit: Unit,
    /// The best fitness the message shows, to rewrite it only when it changes.
    shown_best: Option<f64>,
}

#[derive(Clone, Copy)]
enum Unit {
    Matings,
    Generations,
    Evaluations,
}

/// A bar of `len` steps, hidden unless stderr is a terminal.
pub fn bar(len: u64, what: &str) -> ProgressBar {
    if !shown() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} {what} [{{bar:30}}] {{pos}}/{{len}} {{msg}} ({{elapsed}}, eta {{eta}})"
        ))
        .expect("a valid template")
        .progress_chars("=> "),
    );
    bar
}

/// A spinner for work of unknown length, hidden unless stderr is a terminal.
pub fn spinner(what: &str) -> ProgressBar {
    if !shown() {
        return ProgressBar::hidden();
    }
    let spinner = ProgressBar::new_spinner();
    spinner.set_style(
        ProgressStyle::with_template(&format!("{{spinner}} {what}: {{msg}} ({{elapsed}})"))
            .expect("a valid template"),
    );
    spinner.set_message("working");
    spinner.enable_steady_tick(std::time::Duration::from_millis(120));
    spinner
}

impl RunProgress {
    /// A bar for a run with this budget.
    pub fn new(budget: &Budget) -> Self {
        let (unit, len, what) = if let Some(n) = budget.matings {
            (Unit::Matings, n, "matings")
        } else if let Some(n) = budget.generations {
            (Unit::Generations, n, "generations")
        } else {
            (
                Unit::Evaluations,
                budget.evaluations.unwrap_or(0),
                "evaluations",
            )
        };
        RunProgress {
            bar: bar(len, what),
            unit,
            shown_best: None,
        }
    }

    fn position(&self, counters: &Counters) -> u64 {
        match self.unit {
            Unit::Matings => counters.matings,
            Unit::Generations => counters.generations,
            Unit::Evaluations => counters.evaluations,
        }
    }
}

impl Observer for RunProgress {
    fn on_progress(&mut self, counters: &Counters, best_ever: f64) {
        self.bar.set_position(self.position(counters));
        if self.shown_best.map(f64::to_bits) != Some(best_ever.to_bits()) {
            self.shown_best = Some(best_ever);
            self.bar.set_message(format!("best {best_ever}"));
        }
    }

    fn wants_snapshots(&self) -> bool {
        false
    }

    fn on_finish(&mut self, _snapshot: &Snapshot, _reason: StopReason) {
        self.bar.finish_and_clear();
    }
}
