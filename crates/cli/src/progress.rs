//! Progress bars: drawn on a terminal, silent when stderr is piped.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// Whether progress bars are drawn: only when stderr is a terminal.
pub fn shown() -> bool {
    std::io::stderr().is_terminal()
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
