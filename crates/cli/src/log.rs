//! The JSON-lines history written with `--log`.

use anyhow::Result;
use ludoforge_evolve::{History, Snapshot};
use serde::Serialize;

#[derive(Serialize)]
struct Line<'a> {
    replicate: usize,
    #[serde(flatten)]
    snapshot: &'a Snapshot,
}

/// The history as text: one line per reporting point (start, every generation, finish) of
/// every replicate: replicate, seed, counters, best ever, and the population's best, mean and
/// worst fitness and diversity. Lines are in replicate order, so the file is the same on any thread count.
pub fn history_text(histories: &[History]) -> Result<Vec<u8>> {
    let mut text = String::new();
    for (replicate, history) in histories.iter().enumerate() {
        for snapshot in &history.snapshots {
            text.push_str(&serde_json::to_string(&Line {
                replicate,
                snapshot,
            })?);
            text.push('\n');
        }
    }
    Ok(text.into_bytes())
}
