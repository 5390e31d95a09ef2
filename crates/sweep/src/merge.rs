//! `sweep merge`: every run's record in one table (CSV and JSON), the best runs, and the
//! curves of the best.

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use crate::results::{Record, Results};
use crate::{Plan, Run, SweepError};

/// Summary keys every run has and the table leaves out (they are its columns already).
const SKIPPED: [&str; 6] = ["job", "generator", "version", "seed", "parameters", "out"];

/// The merged runs.
#[derive(Debug, Clone)]
pub struct Merged {
    /// The plan.
    pub plan: Plan,
    /// Every run of the plan that has a record, in the plan's order, with its time when kept.
    pub rows: Vec<(Record, Option<f64>)>,
    /// Runs with no record yet.
    pub missing: Vec<Run>,
    /// The varied parameters, in the plan's order.
    pub varied: Vec<String>,
    /// The summary's numbers, text and truth values, by dotted name (sorted).
    pub scores: Vec<String>,
}

/// Reads every record of a results folder.
///
/// # Errors
/// [`SweepError::Results`] for a folder or record that cannot be read.
pub fn merge(results: &Results) -> Result<Merged, SweepError> {
    let (plan, runs) = results.plan()?;
    let varied: Vec<String> = plan.order()?.into_iter().map(String::from).collect();
    let mut rows = Vec::new();
    let mut missing = Vec::new();
    let mut scores = BTreeSet::new();
    for run in runs {
        match results.record(&run.id)? {
            Some(record) => {
                if let Some(summary) = &record.summary {
                    for (name, _) in flatten(summary) {
                        scores.insert(name);
                    }
                }
                let seconds = results.seconds(&run.id);
                rows.push((record, seconds));
            }
            None => missing.push(run),
        }
    }
    Ok(Merged {
        plan,
        rows,
        missing,
        varied,
        scores: scores.into_iter().collect(),
    })
}

/// The summary's scalar values by dotted name, lists left out (they are curves, kept in the
/// JSON), the keys every run has left out.
#[must_use]
pub fn flatten(summary: &Value) -> Vec<(String, Value)> {
    fn walk(prefix: &str, value: &Value, out: &mut Vec<(String, Value)>) {
        match value {
            Value::Object(map) => {
                for (k, v) in map {
                    let name = if prefix.is_empty() {
                        k.clone()
                    } else {
                        format!("{prefix}.{k}")
                    };
                    walk(&name, v, out);
                }
            }
            Value::Array(_) => {}
            scalar => out.push((prefix.to_string(), scalar.clone())),
        }
    }
    let mut out = Vec::new();
    if let Value::Object(map) = summary {
        for (k, v) in map {
            if !SKIPPED.contains(&k.as_str()) {
                walk(k, v, &mut out);
            }
        }
    }
    out
}

/// The value at a dotted path.
#[must_use]
pub fn at<'v>(value: &'v Value, path: &str) -> Option<&'v Value> {
    path.split('.').try_fold(value, |v, key| v.get(key))
}

impl Merged {
    /// The table as CSV: `index,id,seed`, the varied parameters, `error`, the scores, and
    /// `seconds` when `times` (leave it out for a table that is the same bytes every time).
    #[must_use]
    pub fn csv(&self, times: bool) -> String {
        let mut head: Vec<String> = vec!["index".into(), "id".into(), "seed".into()];
        head.extend(self.varied.iter().cloned());
        head.push("error".into());
        head.extend(self.scores.iter().cloned());
        if times {
            head.push("seconds".into());
        }
        let mut out = line(&head);
        for (record, seconds) in &self.rows {
            let flat: Map<String, Value> = record
                .summary
                .as_ref()
                .map(|s| flatten(s).into_iter().collect())
                .unwrap_or_default();
            let mut cells = vec![
                record.index.to_string(),
                record.id.clone(),
                record.seed.to_string(),
            ];
            for name in &self.varied {
                cells.push(at(&record.varied, name).map(cell).unwrap_or_default());
            }
            cells.push(record.error.clone().unwrap_or_default());
            for name in &self.scores {
                cells.push(flat.get(name).map(cell).unwrap_or_default());
            }
            if times {
                cells.push(seconds.map(|s| format!("{s:.3}")).unwrap_or_default());
            }
            out.push_str(&line(&cells));
        }
        out
    }

    /// The table as JSON: the plan's job and size, and per run its index, id, seed, varied
    /// and all parameters, its summary (curves included), its error, and its time when
    /// `times`.
    #[must_use]
    pub fn json(&self, times: bool) -> Value {
        let rows: Vec<Value> = self
            .rows
            .iter()
            .map(|(r, seconds)| {
                let mut row = json!({
                    "index": r.index, "id": r.id, "seed": r.seed, "varied": r.varied,
                    "params": r.params, "summary": r.summary, "error": r.error,
                });
                if times {
                    row["seconds"] = json!(seconds);
                }
                row
            })
            .collect();
        json!({
            "job": self.plan.job,
            "runs": self.rows.len() + self.missing.len(),
            "merged": self.rows.len(),
            "missing": self.missing.iter().map(|r| &r.id).collect::<Vec<_>>(),
            "rows": rows,
        })
    }

    /// The runs ranked by the plan's `[report] rank`, best first: `(value, record)`; empty
    /// when the plan ranks nothing. Runs without the value (failed) are left out.
    #[must_use]
    pub fn ranked(&self) -> Vec<(f64, &Record)> {
        let Some(rank) = &self.plan.report.rank else {
            return Vec::new();
        };
        let mut ranked: Vec<(f64, &Record)> = self
            .rows
            .iter()
            .filter_map(|(r, _)| {
                let value = r.summary.as_ref().and_then(|s| at(s, rank))?.as_f64()?;
                Some((value, r))
            })
            .collect();
        // Ties keep the plan's order (a stable sort).
        ranked.sort_by(|a, b| {
            if self.plan.report.lowest_first {
                a.0.total_cmp(&b.0)
            } else {
                b.0.total_cmp(&a.0)
            }
        });
        ranked
    }

    /// The best runs as a Markdown table: run (rank), the ranked value, the varied parameters,
    /// the seed and id (the layout of Rossato et al.'s Table 2 for their grid).
    #[must_use]
    pub fn best_table(&self) -> String {
        let Some(rank) = &self.plan.report.rank else {
            return String::new();
        };
        let mut head = vec!["run".to_string(), rank.clone()];
        head.extend(self.varied.iter().cloned());
        head.extend(["seed".to_string(), "id".to_string()]);
        let mut out = format!("| {} |\n", head.join(" | "));
        out.push_str(&format!(
            "|{}\n",
            head.iter()
                .enumerate()
                .map(|(i, _)| if i < 2 { " ---: |" } else { " --- |" })
                .collect::<String>()
        ));
        for (i, (value, r)) in self.ranked().iter().take(self.plan.report.top).enumerate() {
            let mut cells = vec![(i + 1).to_string(), format!("{value:.3}")];
            for name in &self.varied {
                cells.push(at(&r.varied, name).map(cell).unwrap_or_default());
            }
            cells.extend([r.seed.to_string(), r.id.clone()]);
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        out
    }
}

/// A value as a CSV cell: text as it is, numbers as JSON writes them.
fn cell(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// One CSV line: cells with a comma, quote or line break quoted (RFC 4180).
fn line(cells: &[String]) -> String {
    let quoted: Vec<String> = cells
        .iter()
        .map(|c| {
            if c.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", c.replace('"', "\"\""))
            } else {
                c.clone()
            }
        })
        .collect();
    format!("{}\n", quoted.join(","))
}
