//! The JSON-lines history written with `--log`.

use std::path::Path;

use anyhow::Result;
use ludoforge_evolve::{History, Snapshot};
use serde::Serialize;

use crate::output::write_atomic;

#[derive(Serialize)]
struct Line<'a> {
    replicate: usize,
    #[serde(flatten)]
    snapshot: &'a Snapshot,
}

/// Writes one line per reporting point (start, every generation, finish) of every replicate:
/// replicate, seed, counters, best ever, and the population's best, mean and worst fitness and
/// diversity. Lines are in replicate order, so the file is the same on any thread count.
pub fn write_history(path: &Path, histories: &[History]) -> Result<()> {
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
    write_atomic(path, text.as_bytes())
}
