//! The archive an exploration fills, as it fills: the grid's axes and every cell reported so
//! far, kept as a log a watching page reads from where it left off.

use std::collections::BTreeMap;

use serde_json::{Value, json};

/// The most cells one progress event carries; a page behind catches up over several.
const CELLS_PER_EVENT: usize = 20_000;

/// Where a page is in a run's [`Heat`]: the log's epoch and how far into it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seen {
    /// The epoch of the log read so far (a new epoch starts the page again).
    pub epoch: u64,
    /// Entries read.
    pub from: usize,
}

/// A live archive: axes, the current value of every filled cell, and the log of reported
/// changes. The log is compacted (one entry per filled cell, a new epoch) when it grows past
/// twice the cells, so its length stays bounded by the archive's, however long the run.
#[derive(Debug, Default)]
pub struct Heat {
    axes: Value,
    cells: BTreeMap<usize, f64>,
    log: Vec<(usize, f64)>,
    epoch: u64,
    filled: usize,
}

impl Heat {
    /// A new grid: everything reported before is forgotten.
    pub fn grid(&mut self, axes: Value) {
        *self = Heat {
            axes,
            epoch: self.epoch + 1,
            ..Heat::default()
        };
    }

    /// Cells filled or improved, and how many are filled now.
    pub fn cells(&mut self, cells: &[(usize, f64)], filled: usize) {
        if self.axes.is_null() {
            return;
        }
        for &(cell, value) in cells {
            self.cells.insert(cell, value);
            self.log.push((cell, value));
        }
        self.filled = filled;
        if self.log.len() > 2 * self.cells.len() + 1024 {
            self.log = self.cells.iter().map(|(&c, &v)| (c, v)).collect();
            self.epoch += 1;
        }
    }

    /// Whether a grid was ever reported.
    #[must_use]
    pub fn is_live(&self) -> bool {
        !self.axes.is_null()
    }

    /// What a page that has `seen` this much has not: `{epoch, from, axes (when from is 0),
    /// cells: [[cell, value]...], filled}`, and where it will be after reading it. A page of
    /// another epoch starts again from 0.
    #[must_use]
    pub fn since(&self, seen: Seen) -> (Value, Seen) {
        let from = if seen.epoch == self.epoch {
            seen.from.min(self.log.len())
        } else {
            0
        };
        let to = self.log.len().min(from + CELLS_PER_EVENT);
        let mut out = json!({
            "epoch": self.epoch,
            "from": from,
            "cells": self.log[from..to],
            "filled": self.filled,
        });
        if from == 0 {
            out["axes"] = self.axes.clone();
        }
        (
            out,
            Seen {
                epoch: self.epoch,
                from: to,
            },
        )
    }

    /// Whether `seen` is behind.
    #[must_use]
    pub fn news(&self, seen: Seen) -> bool {
        self.is_live() && (seen.epoch != self.epoch || seen.from < self.log.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Replays what a page reads into cell → value.
    fn read(heat: &Heat, seen: &mut Seen, page: &mut BTreeMap<usize, f64>) {
        while heat.news(*seen) {
            let (out, next) = heat.since(*seen);
            if out["from"] == 0 {
                page.clear();
                assert!(out.get("axes").is_some());
            }
            for pair in out["cells"].as_array().unwrap() {
                page.insert(
                    pair[0].as_u64().unwrap() as usize,
                    pair[1].as_f64().unwrap(),
                );
            }
            *seen = next;
        }
    }

    #[test]
    fn a_page_reading_along_sees_the_archive_and_the_log_stays_bounded() {
        let mut heat = Heat::default();
        assert!(!heat.news(Seen::default()));
        heat.cells(&[(1, 1.0)], 1); // before any grid: ignored
        heat.grid(json!([{"name": "a"}]));
        let (mut early, mut late) = (Seen::default(), Seen::default());
        let (mut early_page, mut late_page) = (BTreeMap::new(), BTreeMap::new());
        for round in 0..200_u32 {
            let cells: Vec<(usize, f64)> = (0..100)
                .map(|i| ((i * 7 + round as usize) % 300, f64::from(round)))
                .collect();
            heat.cells(&cells, 300);
            read(&heat, &mut early, &mut early_page);
            assert!(heat.log.len() <= 2 * heat.cells.len() + 1024 + 100);
        }
        read(&heat, &mut late, &mut late_page);
        assert_eq!(early_page, heat.cells);
        assert_eq!(late_page, heat.cells);
        assert!(heat.epoch > 1, "the log was compacted");
        // A new grid starts everyone again.
        heat.grid(json!([{"name": "b"}]));
        read(&heat, &mut early, &mut early_page);
        assert!(early_page.is_empty());
    }
}
