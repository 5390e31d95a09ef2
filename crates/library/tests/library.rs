//! The library through its public API, one module per concern (in `library/`), with the
//! helpers they share here.

use std::path::{Path, PathBuf};

use ludoforge_library::Library;
use serde_json::{Value, json};
use tempfile::TempDir;

#[path = "library/adding.rs"]
mod adding;
#[path = "library/export.rs"]
mod export;
#[path = "library/files.rs"]
mod files;
#[path = "library/query.rs"]
mod query;

/// A new library in a fresh folder (kept alive by the returned `TempDir`).
fn fresh() -> (TempDir, PathBuf, Library) {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("library.sqlite");
    let library = Library::open(&path).unwrap();
    (dir, path, library)
}

/// A puzzle result like the ones `ludoforge puzzle chromatic` writes.
fn puzzle(seed: u64, min_moves: u32, decision_points: u32) -> Value {
    json!({
        "generator": "ludoforge puzzle",
        "job": "puzzle-chromatic",
        "version": "0.1.0",
        "seed": seed,
        "puzzle": {"kind": "chromatic", "rows": ["RYY", "RYO", "ROO"], "entrance": "a1", "exit": "c3"},
        "min_moves": min_moves,
        "measures": {"decision_points": decision_points, "dead_ends": 2, "reachable": 9},
        "score": f64::from(min_moves),
        "params": {"population": 40, "width": 3},
        "solution": ["a1", "b1", "c1"],
    })
}

/// An archive of an exploration holding `elites` (min_moves, decision_points, fitness).
fn archive(seed: u64, elites: &[(u32, u32, f64)]) -> Value {
    let elites: Vec<Value> = elites
        .iter()
        .enumerate()
        .map(|(at, &(moves, points, fitness))| {
            let mut result = puzzle(seed, moves, points);
            result.as_object_mut().unwrap().remove("job");
            // Elites differ in their puzzle, as an archive's do.
            result["puzzle"]["rows"][0] = json!(format!("R{at}"));
            json!({
                "cell": at,
                "coordinates": [moves, points],
                "descriptors": {"min_moves": f64::from(moves), "decision_points": f64::from(points)},
                "fitness": fitness,
                "score": fitness,
                "result": result,
            })
        })
        .collect();
    json!({
        "generator": "ludoforge explore",
        "job": "puzzle-chromatic-explore",
        "version": "0.1.0",
        "seed": seed,
        "parameters": {"explore": {"evaluations": 2000}},
        "coverage": 0.2,
        "elites": elites,
    })
}

/// The bytes of a file, or `None` when there is none.
fn bytes(path: &Path) -> Option<Vec<u8>> {
    std::fs::read(path).ok()
}
