//! The portal dungeon exploration: every elite is a `portals` result whose dungeon, walked
//! again, has the descriptors its cell says; `portals-show` reads it and measures the same;
//! the archive is the same on any number of threads.

use ludoforge_job::explore::misplaced;
use ludoforge_job::{Context, Job, JobError};
use ludoforge_portals::Measures;
use ludoforge_portals::format::DungeonFile;
use ludoforge_portals::job::{ExploreJob, ShowJob};
use serde_json::{Value, json};

fn archive(params: &Value, seed: u64, threads: usize) -> Value {
    let context = Context::quiet().with_threads(Some(threads));
    let artifact = ExploreJob.run(params, seed, &context).unwrap();
    serde_json::from_slice(&artifact.file("result").unwrap().bytes).unwrap()
}

/// A value as it reads back from a JSON file: written and parsed as the archive's numbers are
/// (parsing may land one unit in the last place away).
fn as_read<T: serde::Serialize>(value: &T) -> Value {
    serde_json::from_str(&serde_json::to_string(value).unwrap()).unwrap()
}

/// The descriptors of a dungeon file, measured here from its dungeon alone: walked as the
/// file says it was, routes counted on a log₂ scale.
fn measured(result: &Value) -> (Measures, f64, Value) {
    let (file, dungeon) = DungeonFile::parse(&result.to_string()).expect("a portals file");
    let s = file.settings;
    let mut walks = s.walk_stream(file.seed, file.candidate, &dungeon);
    let m = Measures::of(&dungeon, s.walks, s.memory, &mut walks).expect("a walkable dungeon");
    let miss = file.targets.judge(&m).iter().map(|v| v.miss).sum();
    let descriptors = as_read(&json!({
        "rooms": dungeon.rooms() as f64,
        "mean_walk": m.walks.mean,
        "routes": (m.routes as f64).log2(),
        "decision_rooms": (0..dungeon.rooms() as u32)
            .filter(|&room| dungeon.portals(room).len() > 1)
            .count() as f64,
        "longest_route": f64::from(m.longest_route),
    }));
    (m, miss, descriptors)
}

/// Every elite's result is a `portals` file whose measures, taken again, are its descriptors
/// and fall in its cell, and whose score (the total miss of the targets) is what the elite
/// was kept by: its fitness is 1 / (1 + score).
fn check_elites(archive: &Value) {
    let axes = archive["axes"].as_array().unwrap();
    let elites = archive["elites"].as_array().unwrap();
    assert!(!elites.is_empty());
    assert_eq!(archive["filled"], elites.len());
    // Every elite in the cell its descriptors name.
    assert_eq!(misplaced(archive), Vec::<String>::new());
    for elite in elites {
        let result = &elite["result"];
        assert_eq!(result["generator"], "portals");
        assert_eq!(result["seed"], archive["seed"]);
        assert_eq!(
            result["settings"]["exploration"]["method"],
            archive["method"]
        );
        let (measures, miss, descriptors) = measured(result);
        assert_eq!(result["measures"], as_read(&measures));
        assert_eq!(result["score"], as_read(&miss));
        assert_eq!(elite["fitness"], as_read(&(1.0 / (1.0 + miss))));
        for axis in axes {
            let name = axis["name"].as_str().unwrap();
            assert_eq!(elite["descriptors"][name], descriptors[name], "{name}");
        }
    }
}

#[test]
fn elites_are_the_dungeons_their_cells_say_on_any_number_of_threads() {
    let params = json!({"dungeon": {"min_path": 6, "walks": 100},
        "explore": {"evaluations": 500, "initial": 50, "batch": 25}});
    let one = archive(&params, 3, 1);
    assert_eq!(one["job"], "portals-explore");
    assert_eq!(one["method"], "map-elites");
    assert_eq!(one["evaluations"], 500);
    let names: Vec<&str> = one["axes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["rooms", "mean_walk"]);
    check_elites(&one);
    // With no target given, each dungeon is judged by its longest route against M.
    let first = &one["elites"][0]["result"];
    assert_eq!(first["targets"]["max_longest"], 6);
    // The same archive, byte for byte, on two threads.
    assert_eq!(one, archive(&params, 3, 2));
}

#[test]
fn show_reads_an_elite_and_measures_it_the_same() {
    let params = json!({"dungeon": {"min_path": 5, "walks": 50},
        "targets": {"mean_walk": 7, "min_routes": 8},
        "explore": {"evaluations": 200, "initial": 50, "batch": 25}});
    let shelf = archive(&params, 9, 2);
    let elites = shelf["elites"].as_array().unwrap();
    for elite in [&elites[0], &elites[elites.len() - 1]] {
        let shown = ShowJob
            .run(&json!({"dungeon": elite["result"]}), 0, &Context::quiet())
            .unwrap();
        let again: Value = serde_json::from_slice(&shown.file("result").unwrap().bytes).unwrap();
        assert_eq!(again, elite["result"]);
        // Drawn from the archive, the elite is the picture `portals-show` draws of it.
        let wants = Context::quiet().want("svg");
        let drawn = ExploreJob.draw(&elite["result"], &wants).unwrap().unwrap();
        let shown = ShowJob
            .run(&json!({"dungeon": elite["result"]}), 0, &wants)
            .unwrap();
        assert_eq!(drawn[0].bytes, shown.file("svg").unwrap().bytes);
    }
    let other = json!({"generator": "ludoforge puzzle"});
    assert!(ExploreJob.draw(&other, &Context::quiet()).is_none());
}

#[test]
fn random_sampling_over_three_descriptors() {
    let params = json!({"dungeon": {"min_path": 5, "walks": 50},
        "explore": {"evaluations": 300, "initial": 50, "batch": 50, "method": "random",
                    "descriptors": ["routes", "decision_rooms", "longest_route"], "cells": [5]}});
    let shelf = archive(&params, 8, 2);
    assert_eq!(shelf["method"], "random");
    assert_eq!(shelf["cells"], 125);
    check_elites(&shelf);
}

#[test]
fn bad_explorations_are_refused_in_words_before_any_work() {
    let refuse = |params: Value| match ExploreJob.check(&params) {
        Err(JobError::Parameters(message)) => message,
        other => panic!("{params} was not refused: {other:?}"),
    };
    assert!(
        refuse(json!({"explore": {"descriptors": ["depth", "rooms"]}})).contains(
            "no descriptor `depth` here: choose from rooms, mean_walk, routes, decision_rooms, \
             longest_route"
        )
    );
    assert!(
        refuse(json!({"explore": {"cells": [2000, 2000]}}))
            .contains("cells: an archive holds at most")
    );
    assert!(refuse(json!({"dungeon": {"min_path": 0}})).starts_with("min_path 0: give"));
    assert!(
        refuse(
            json!({"explore": {"ranges": {"routes": [3, 1]}, "descriptors": ["rooms", "routes"]}})
        )
        .contains("low below high")
    );
    // Room bounds no dungeon of M = 9 meets: the survey the archive is fitted to says why,
    // as the run starts (it runs with the run, where a cancel can stop it), before any
    // dungeon is explored.
    let bounded = json!({"dungeon": {"rooms": "10..12", "attempts": 20}});
    assert!(ExploreJob.check(&bounded).is_ok());
    match ExploreJob.run(&bounded, 1, &Context::quiet()) {
        Err(JobError::Parameters(message)) => {
            assert!(message.contains("had between 10 and 12 rooms"), "{message}");
        }
        other => panic!("{bounded} was not refused: {:?}", other.map(|a| a.summary)),
    }
}
