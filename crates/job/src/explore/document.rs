//! The archive file: every elite as a normal result of its generator, with its cell and
//! descriptors, and the run's coverage and QD score over time; and taking one elite out.

use ludoforge_evolve::archive::{Archive, Elite};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

use super::{Explored, Plan};
use crate::{Context, File, JobError};

/// The `generator` an archive file names.
pub const ARCHIVE_GENERATOR: &str = "ludoforge explore";

/// The archive file of an exploration (role `result`, JSON on one line): `generator`, `job`,
/// `version`, `seed`, `parameters`, `method`, `axes` (name, unit, low, high, cells), `cells`,
/// `filled`, `coverage`, `qd_score`, `qd_score_offset`, `best` (fitness and descriptors),
/// `evaluations`, `rejected`, `interrupted`, `history` (evaluations, coverage, QD score and
/// best after the batches) and, last, `elites`, each with `cell`, `coordinates` (its index
/// along every axis), `descriptors` (by name), `fitness`, `score` (under the goal) and
/// `result`: what `result(elite)` makes, the document the generator's own job writes for that
/// content.
///
/// The elites' results are made in parallel, on the context's threads (the file is the same
/// on any number of threads), under the stage "writing the archive"; each is written out as
/// soon as it is made, so the file's bytes are all the memory the archive's results take.
///
/// # Errors
/// [`JobError::Failed`] when the context cannot start its threads.
#[allow(clippy::too_many_arguments)]
pub fn archive_file<G: Sync>(
    context: &Context,
    job: &str,
    version: &str,
    seed: u64,
    parameters: &Value,
    plan: &Plan,
    explored: &Explored<G>,
    result: impl Fn(&Elite<G>) -> Value + Sync,
) -> Result<File, JobError> {
    context.stage("writing the archive", None, "elites");
    let archive = &explored.archive;
    let grid = archive.grid();
    let names: Vec<&str> = plan.axes.iter().map(|a| a.name.as_str()).collect();
    let described = |values: &[f64]| -> Value {
        let mut map = Map::new();
        for (name, value) in names.iter().zip(values) {
            map.insert((*name).to_string(), json!(value));
        }
        Value::Object(map)
    };
    let goal = archive.goal();
    let elites: Vec<&Elite<G>> = archive.iter().collect();
    let elites: Vec<Box<RawValue>> = context.install(|| {
        elites
            .par_iter()
            .map(|elite| {
                let mut entry = json!({
                    "cell": elite.cell,
                    "coordinates": grid.coordinates(elite.cell),
                    "descriptors": described(&elite.descriptors),
                    "fitness": elite.fitness,
                    "score": goal.score(elite.fitness),
                });
                // Moved in: `json!` would copy a whole document through the serializer.
                entry["result"] = result(elite);
                serde_json::value::to_raw_value(&entry).expect("a result serialises")
            })
            .collect()
    })?;
    let head = json!({
        "generator": ARCHIVE_GENERATOR,
        "job": job,
        "version": version,
        "seed": seed,
        "parameters": parameters,
        "method": explored.method,
        "axes": plan.axes,
        "cells": grid.cells(),
        "filled": archive.len(),
        "coverage": archive.coverage(),
        "qd_score": archive.qd_score(),
        "qd_score_offset": archive.qd_score_offset(),
        "best": archive.best().map(|e| json!({
            "cell": e.cell,
            "fitness": e.fitness,
            "descriptors": described(&e.descriptors),
        })),
        "evaluations": explored.evaluations,
        "rejected": explored.rejected,
        "interrupted": explored.interrupted,
        "history": explored.history,
    });
    let mut head = head;
    if explored.edits > 0 {
        head["edits"] = json!({
            "taken": explored.edits,
            "note": "content a designer sent while the run worked was told to its archive: \
                     its parameters and seed alone do not make this archive again",
        });
    }
    /// The head's fields, then the elites.
    #[derive(Serialize)]
    struct Whole<'a> {
        #[serde(flatten)]
        head: &'a Value,
        elites: &'a [Box<RawValue>],
    }
    Ok(File::json_compact(
        "result",
        &Whole {
            head: &head,
            elites: &elites,
        },
    ))
}

/// The summary figures of an exploration: method, cells, filled, coverage, QD score, best,
/// evaluations, rejected.
pub fn summary<G>(explored: &Explored<G>) -> Vec<(&'static str, Value)> {
    let archive: &Archive<G> = &explored.archive;
    vec![
        ("method", json!(explored.method)),
        ("cells", json!(archive.grid().cells())),
        ("filled", json!(archive.len())),
        ("coverage", json!(archive.coverage())),
        ("qd_score", json!(archive.qd_score())),
        ("best", json!(archive.best().map(|e| e.fitness))),
        ("evaluations", json!(explored.evaluations)),
        ("rejected", json!(explored.rejected)),
    ]
}

/// The elite of an archive file whose cell holds the descriptor values `at` (every axis
/// named once, as `(name, value)`); its `result` is a normal result file of the generator.
///
/// ```
/// use serde_json::json;
/// let archive = json!({
///     "generator": "ludoforge explore",
///     "axes": [{"name": "moves", "unit": "moves", "low": 0.0, "high": 10.0, "cells": 5}],
///     "elites": [{"coordinates": [2], "descriptors": {"moves": 5.0}, "result": {"seed": 9}}],
/// });
/// let elite = ludoforge_job::explore::elite_at(&archive, &[("moves".into(), 4.5)]).unwrap();
/// assert_eq!(elite["result"]["seed"], 9);
/// let empty = ludoforge_job::explore::elite_at(&archive, &[("moves".into(), 1.0)]).unwrap_err();
/// assert!(empty.to_string().contains("moves 0 to 2 holds no elite"));
/// ```
///
/// # Errors
/// [`JobError::Input`] when the file is not an archive; [`JobError::Parameters`] for a
/// descriptor the archive does not have or leaves out, or an empty cell (the message names
/// the nearest filled cells).
pub fn elite_at<'a>(archive: &'a Value, at: &[(String, f64)]) -> Result<&'a Value, JobError> {
    if archive.get("generator").and_then(Value::as_str) != Some(ARCHIVE_GENERATOR) {
        return Err(JobError::input(
            "this is not an archive file of `ludoforge explore` (its `generator` is not \
             \"ludoforge explore\"): give the file `explore -o` wrote",
        ));
    }
    let axes: Vec<(String, String, f64, f64, usize)> = archive["axes"]
        .as_array()
        .map(|axes| {
            axes.iter()
                .filter_map(|a| {
                    Some((
                        a["name"].as_str()?.to_string(),
                        a["unit"].as_str().unwrap_or_default().to_string(),
                        a["low"].as_f64()?,
                        a["high"].as_f64()?,
                        usize::try_from(a["cells"].as_u64()?).ok()?,
                    ))
                })
                .collect()
        })
        .unwrap_or_default();
    let names: Vec<&str> = axes.iter().map(|a| a.0.as_str()).collect();
    let mut wanted = Vec::new();
    for (name, low, high, cells) in axes.iter().map(|a| (&a.0, a.2, a.3, a.4)) {
        let Some(&(_, value)) = at.iter().find(|(n, _)| n == name) else {
            return Err(JobError::parameters(format!(
                "say where along `{name}` too: the archive's descriptors are {}",
                names.join(", ")
            )));
        };
        let axis = ludoforge_evolve::Axis::new(name.clone(), "", low, high, cells);
        wanted.push(axis.index(value));
    }
    if let Some((name, _)) = at.iter().find(|(n, _)| !names.contains(&n.as_str())) {
        return Err(JobError::parameters(format!(
            "the archive has no descriptor `{name}`: its descriptors are {}",
            names.join(", ")
        )));
    }
    let elites = archive["elites"].as_array().map_or(&[][..], Vec::as_slice);
    let coordinates = |e: &Value| -> Vec<usize> {
        e["coordinates"]
            .as_array()
            .map(|c| {
                c.iter()
                    .filter_map(|v| v.as_u64().and_then(|v| usize::try_from(v).ok()))
                    .collect()
            })
            .unwrap_or_default()
    };
    if let Some(elite) = elites.iter().find(|e| coordinates(e) == wanted) {
        return Ok(elite);
    }
    let describe = |cell: &[usize]| -> String {
        axes.iter()
            .zip(cell)
            .map(|((name, unit, low, high, cells), &i)| {
                let width = (high - low) / *cells as f64;
                let (from, to) = (low + width * i as f64, low + width * (i + 1) as f64);
                let unit = if unit.is_empty() || unit == name {
                    String::new()
                } else {
                    format!(" {unit}")
                };
                format!("{name} {} to {}{unit}", short(from), short(to))
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut nearest: Vec<(usize, Vec<usize>)> = elites
        .iter()
        .map(|e| {
            let c = coordinates(e);
            let d = c.iter().zip(&wanted).map(|(a, b)| a.abs_diff(*b)).sum();
            (d, c)
        })
        .collect();
    nearest.sort();
    let near: Vec<String> = nearest
        .iter()
        .take(3)
        .map(|(_, c)| format!("({})", describe(c)))
        .collect();
    Err(JobError::parameters(format!(
        "the cell {} holds no elite; {}",
        describe(&wanted),
        if near.is_empty() {
            "the archive is empty".to_string()
        } else {
            format!("the nearest filled cells: {}", near.join(", "))
        }
    )))
}

/// A cell edge as people write it: whole numbers without decimals, others to three.
fn short(value: f64) -> String {
    if (value - value.round()).abs() < 1e-9 {
        format!("{}", value.round())
    } else {
        format!("{value:.3}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_string()
    }
}

/// The elites of an archive file that do not sit in the cell their descriptors name: a line
/// for each axis where an elite's coordinate and value disagree (values beyond an axis' range
/// belong to its edge cell), and for an elite without coordinates or a descriptor. Empty when
/// every elite is where it says.
///
/// ```
/// use serde_json::json;
/// let archive = json!({
///     "axes": [{"name": "moves", "low": 0.0, "high": 10.0, "cells": 5}],
///     "elites": [{"cell": 2, "coordinates": [2], "descriptors": {"moves": 5.0}},
///                {"cell": 4, "coordinates": [4], "descriptors": {"moves": 12.0}},
///                {"cell": 1, "coordinates": [1], "descriptors": {"moves": 7.0}}],
/// });
/// let wrong = ludoforge_job::explore::misplaced(&archive);
/// assert_eq!(wrong, ["the elite in cell 1 has moves 7: that is cell 3 along moves, not 1"]);
/// ```
#[must_use]
pub fn misplaced(archive: &Value) -> Vec<String> {
    let axes = archive["axes"].as_array().cloned().unwrap_or_default();
    let mut wrong = Vec::new();
    for elite in archive["elites"].as_array().into_iter().flatten() {
        let cell = &elite["cell"];
        let coordinates = elite["coordinates"].as_array();
        for (at, axis) in axes.iter().enumerate() {
            let name = axis["name"].as_str().unwrap_or_default();
            let (Some(low), Some(high), Some(cells)) = (
                axis["low"].as_f64(),
                axis["high"].as_f64(),
                axis["cells"].as_f64(),
            ) else {
                wrong.push(format!("axis {name} has no range or cell count"));
                continue;
            };
            let (Some(value), Some(index)) = (
                elite["descriptors"][name].as_f64(),
                coordinates.and_then(|c| c.get(at)).and_then(Value::as_f64),
            ) else {
                wrong.push(format!("the elite in cell {cell} lacks its {name}"));
                continue;
            };
            let width = (high - low) / cells;
            let clamped = value.clamp(low, high - width / 2.0);
            // The grid's own rule, with room for the last bit of a number read back.
            let belongs = ((clamped - low) / width + 1e-9).floor();
            if belongs != index {
                wrong.push(format!(
                    "the elite in cell {cell} has {name} {value}: that is cell {belongs} along \
                     {name}, not {index}"
                ));
            }
        }
    }
    wrong
}
