//! The puzzle explorations: every elite is a maze the solver agrees with, in the cell its
//! measures name; the archive is the same on any number of threads.

use ludoforge_job::explore::misplaced;
use ludoforge_job::{Context, Job};
use ludoforge_puzzles::format::read_puzzle;
use ludoforge_puzzles::job::{ChessExploreJob, ChromaticExploreJob};
use serde_json::{Value, json};

fn archive(job: &dyn Job, params: &Value, seed: u64, threads: usize) -> Value {
    let context = Context::quiet().with_threads(Some(threads));
    let artifact = job.run(params, seed, &context).unwrap();
    serde_json::from_slice(&artifact.file("result").unwrap().bytes).unwrap()
}

/// Every elite's result is a puzzle whose solver measures are its descriptors and whose
/// descriptors fall in its cell.
fn check_elites(archive: &Value) {
    let axes = archive["axes"].as_array().unwrap();
    let elites = archive["elites"].as_array().unwrap();
    assert!(!elites.is_empty());
    assert_eq!(archive["filled"], elites.len());
    // Every elite in the cell its descriptors name.
    assert_eq!(misplaced(archive), Vec::<String>::new());
    for elite in elites {
        let result = &elite["result"];
        let puzzle = read_puzzle(&result.to_string()).expect("an elite is a puzzle file");
        let solution = puzzle.solve().expect("an elite is solvable");
        let measured = json!({
            "min_moves": f64::from(solution.min_moves),
            "decision_points": solution.measures.decision_points as f64,
            "dead_ends": solution.measures.dead_ends as f64,
            "reachable": solution.measures.reachable as f64,
        });
        assert_eq!(result["min_moves"], solution.min_moves);
        // The solution the file gives (kept from the evaluation) is the solver's own.
        let path: Vec<String> = solution
            .path
            .iter()
            .map(|&i| puzzle.board().name(i))
            .collect();
        assert_eq!(result["solution"], json!(path));
        assert_eq!(result["measures"], json!(solution.measures));
        assert_eq!(elite["fitness"], f64::from(solution.min_moves));
        for axis in axes {
            let name = axis["name"].as_str().unwrap();
            let value = elite["descriptors"][name].as_f64().unwrap();
            assert_eq!(value, measured[name].as_f64().unwrap(), "{name}");
        }
        assert_eq!(result["run"]["strategy"], archive["method"]);
    }
}

#[test]
fn chromatic_elites_are_the_mazes_their_cells_say() {
    let params = json!({"board": {"width": 7, "height": 7},
        "explore": {"evaluations": 1500, "initial": 100, "batch": 50,
                    "descriptors": ["min_moves", "decision_points"]}});
    let one = archive(&ChromaticExploreJob, &params, 3, 1);
    check_elites(&one);
    assert_eq!(one["method"], "map-elites");
    assert_eq!(one["evaluations"], 1500);
    // The same archive, byte for byte, on two threads.
    assert_eq!(one, archive(&ChromaticExploreJob, &params, 3, 2));
}

#[test]
fn chess_elites_with_three_descriptors_and_random_sampling() {
    let params = json!({"board": {"width": 6, "height": 6}, "pieces": "3N",
        "explore": {"evaluations": 800, "initial": 100, "batch": 50, "cells": [6],
                    "descriptors": ["min_moves", "dead_ends", "reachable"], "method": "random"}});
    let shelf = archive(&ChessExploreJob, &params, 8, 2);
    assert_eq!(shelf["axes"].as_array().unwrap().len(), 3);
    assert_eq!(shelf["cells"], 216);
    assert_eq!(shelf["method"], "random");
    check_elites(&shelf);
}

#[test]
fn bad_explorations_are_refused_before_any_work() {
    let refuse = |params: Value| ChromaticExploreJob.check(&params).unwrap_err().to_string();
    assert!(refuse(json!({"explore": {"descriptors": ["colours", "min_moves"]}})).contains(
        "no descriptor `colours` here: choose from min_moves, decision_points, dead_ends, reachable"
    ));
    assert!(refuse(json!({"target": 500})).contains("500"));
    assert!(
        refuse(json!({"explore": {"cells": [2000, 2000]}}))
            .contains("cells: an archive holds at most")
    );
}

#[test]
fn every_elite_is_drawn_as_its_maze() {
    use ludoforge_puzzles::job::ChromaticJob;
    let params = json!({"board": {"width": 6, "height": 6},
        "explore": {"evaluations": 300, "initial": 50, "batch": 50}});
    let shelf = archive(&ChromaticExploreJob, &params, 2, 1);
    let context = Context::quiet().want("svg").want("png");
    for elite in shelf["elites"].as_array().unwrap().iter().take(5) {
        let files = ChromaticExploreJob
            .draw(&elite["result"], &context)
            .expect("the explore job draws its elites")
            .unwrap();
        let svg = String::from_utf8(
            files
                .iter()
                .find(|f| f.role == "svg")
                .unwrap()
                .bytes
                .clone(),
        )
        .unwrap();
        let moves = elite["result"]["min_moves"].as_u64().unwrap();
        assert!(
            svg.contains(&format!("chromatic 6×6 · {moves} moves")),
            "{svg}"
        );
        assert!(
            files.iter().any(|f| f.role == "png"),
            "a PNG when one is wanted"
        );
        // The generator's own job draws the same picture.
        let again = ChromaticJob
            .draw(&elite["result"], &context)
            .unwrap()
            .unwrap();
        assert_eq!(again[0].bytes, files[0].bytes);
    }
    // Another generator's document is not drawn; a damaged puzzle is an error in words.
    assert!(
        ChromaticExploreJob
            .draw(&json!({"generator": "portals"}), &context)
            .is_none()
    );
    let damaged = json!({"generator": "ludoforge puzzle", "kind": "chromatic"});
    let error = ChromaticJob.draw(&damaged, &context).unwrap().unwrap_err();
    assert!(!error.to_string().is_empty());
}
