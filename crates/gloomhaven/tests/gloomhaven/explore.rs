//! The Gloomhaven exploration: every elite is a valid scenario file whose scenario, read back
//! and measured again, has the difficulty, size, monster themes and score its archive entry
//! states, in the cell they name; the archive is the same on any number of threads; the
//! scenario files it holds open wherever a `gloomhaven` result does.

use std::collections::BTreeSet;

use ludoforge_gloomhaven::catalog::Catalog;
use ludoforge_gloomhaven::fitness::Fitness;
use ludoforge_gloomhaven::job::{
    ExportVgbJob, FileContent, GloomhavenExploreJob, GloomhavenJob, read_scenarios,
};
use ludoforge_gloomhaven::scenario::{Level, Players, Scenario};
use ludoforge_gloomhaven::validity::check;
use ludoforge_job::explore::misplaced;
use ludoforge_job::{Context, Job};
use serde_json::{Value, json};

fn archive(params: &Value, seed: u64, threads: usize) -> Value {
    let context = Context::quiet().with_threads(Some(threads));
    let artifact = GloomhavenExploreJob.run(params, seed, &context).unwrap();
    serde_json::from_slice(&artifact.file("result").unwrap().bytes).unwrap()
}

/// The scenario of an elite's result, read as every reader of scenario files reads it.
fn scenario_of(catalog: &Catalog, result: &Value) -> Scenario {
    let file = FileContent::text_named("elite.json", &result.to_string());
    let (mut scenarios, warning) = read_scenarios(catalog, &file, "elite.json").unwrap();
    assert_eq!((scenarios.len(), warning), (1, None));
    scenarios.remove(0)
}

/// Difficulty, size and monster themes for `players`, counted here from the catalog's pieces.
fn measured(catalog: &Catalog, s: &Scenario, players: Players) -> Value {
    let set_up = s
        .monsters
        .iter()
        .map(|m| (m, m.levels[players.index()]))
        .filter(|(_, level)| *level != Level::None);
    let mut half_points = 0;
    let mut themes = BTreeSet::new();
    for (standee, level) in set_up {
        let monster = &catalog.monsters[usize::from(standee.monster)];
        half_points += monster.difficulty * if level == Level::Elite { 2 } else { 1 };
        themes.insert(monster.theme.clone());
    }
    let size: usize = s
        .map
        .tiles
        .iter()
        .map(|t| catalog.tiles[t.tile].hexes.len())
        .sum();
    json!({
        "difficulty": f64::from(half_points) / 2.0,
        "size": size as f64,
        "monster_themes": themes.len() as f64,
    })
}

/// Every elite is a valid scenario whose measures are its descriptors, in its cell, and whose
/// score under `fitness` is its fitness and its result's score.
fn check_elites(archive: &Value, fitness: &Fitness) {
    let catalog = Catalog::built_in();
    let axes = archive["axes"].as_array().unwrap();
    let elites = archive["elites"].as_array().unwrap();
    assert!(elites.len() > 10, "{} elites", elites.len());
    assert_eq!(archive["filled"], elites.len());
    // Every elite in the cell its descriptors name.
    assert_eq!(misplaced(archive), Vec::<String>::new());
    for elite in elites {
        let result = &elite["result"];
        assert_eq!(result["generator"], "gloomhaven");
        assert_eq!(result["seed"], archive["seed"]);
        let s = scenario_of(&catalog, result);
        check(&catalog, &s).expect("an elite is a valid scenario");
        // The score as the file writes it and this reader reads it back (serde_json's default
        // reading may land a last bit off the number written).
        let score: Value =
            serde_json::from_str(&json!(fitness.total(&catalog, &s)).to_string()).unwrap();
        assert_eq!(elite["fitness"], score);
        assert_eq!(result["scenarios"][0]["score"], score);
        assert_eq!(result["scenarios"][0]["players"], fitness.players.count());
        let measured = measured(&catalog, &s, fitness.players);
        for axis in axes {
            let name = axis["name"].as_str().unwrap();
            let value = elite["descriptors"][name].as_f64().unwrap();
            assert_eq!(value, measured[name].as_f64().unwrap(), "{name}");
        }
    }
}

#[test]
fn elites_are_the_scenarios_their_cells_say_on_any_number_of_threads() {
    let params = json!({"explore": {"evaluations": 1200, "initial": 100, "batch": 50}});
    let one = archive(&params, 3, 1);
    assert_eq!(one["method"], "map-elites");
    assert_eq!(one["evaluations"], 1200);
    let names: Vec<&str> = one["axes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["difficulty", "size"]);
    assert_eq!(one["axes"][0]["unit"], "points");
    assert_eq!(one["axes"][1]["unit"], "tile hexes");
    check_elites(&one, &Fitness::paper(Players::FOUR));
    // The same archive, byte for byte, on two threads.
    assert_eq!(one, archive(&params, 3, 2));
}

#[test]
fn random_sampling_over_three_descriptors_for_two_players() {
    let params = json!({"players": 2, "explore": {
        "evaluations": 800, "initial": 100, "batch": 50, "method": "random",
        "descriptors": ["size", "monster_themes", "difficulty"], "cells": [10, 13, 12]}});
    let shelf = archive(&params, 8, 2);
    assert_eq!(shelf["method"], "random");
    assert_eq!(shelf["cells"], 10 * 13 * 12);
    assert_eq!(shelf["axes"][1]["unit"], "themes");
    check_elites(&shelf, &Fitness::paper(Players::TWO));
}

#[test]
fn an_elite_opens_where_a_gloomhaven_result_does() {
    let params = json!({"explore": {"evaluations": 300, "initial": 100, "batch": 50}});
    let shelf = archive(&params, 5, 2);
    let elite = &shelf["elites"][0]["result"];
    let file = json!({"name": "elite.json", "content": elite.to_string()});
    // `gloomhaven export-vgb --scenario elite.json`.
    let board = ExportVgbJob
        .run(&json!({"scenario": file}), 0, &Context::quiet())
        .unwrap();
    let board: Value = serde_json::from_slice(&board.file("result").unwrap().bytes).unwrap();
    assert_eq!(board["title"], elite["scenarios"][0]["name"]);
    // `gloomhaven --from elite.json`: it joins the starting population.
    assert!(GloomhavenJob.check(&json!({"from": [file]})).is_ok());
    // Drawn from the archive: its map, named, for the party it was made for.
    let wants = Context::quiet().want("svg");
    let drawn = GloomhavenExploreJob.draw(elite, &wants).unwrap().unwrap();
    let svg = String::from_utf8(drawn[0].bytes.clone()).unwrap();
    let name = elite["scenarios"][0]["name"].as_str().unwrap();
    assert!(svg.starts_with("<?xml") && svg.contains(name) && svg.contains("4 players"));
    let again = GloomhavenJob.draw(elite, &wants).unwrap().unwrap();
    assert_eq!(again[0].bytes, drawn[0].bytes);
    assert!(
        GloomhavenJob
            .draw(&json!({"generator": "risk-design"}), &wants)
            .is_none()
    );
}

#[test]
fn bad_explorations_are_refused_in_words_before_any_work() {
    let refuse = |params: Value| GloomhavenExploreJob.check(&params).unwrap_err().to_string();
    let e = refuse(json!({"explore": {"descriptors": ["rooms", "size"]}}));
    assert!(
        e.contains("no descriptor `rooms` here: choose from difficulty, size, monster_themes"),
        "{e}"
    );
    let e = refuse(json!({"players": 5}));
    assert!(
        e.contains("players 5: Gloomhaven is played by 2, 3 or 4 players"),
        "{e}"
    );
    let e = refuse(json!({"explore": {"cells": [2000, 2000]}}));
    assert!(e.contains("cells: an archive holds at most"), "{e}");
    let e = refuse(json!({"explore": {"ranges": {"size": [200, 40]}}}));
    assert!(
        e.contains("the range of `size` must be two finite numbers"),
        "{e}"
    );
    // The search's budget is the exploration's evaluations, not cycles.
    let e = refuse(json!({"cycles": 10}));
    assert!(e.contains("unknown parameter `cycles`"), "{e}");
}
