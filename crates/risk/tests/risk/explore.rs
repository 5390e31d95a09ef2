//! The Risk exploration: every elite is a variant file `risk-playtest` reads, whose playtest,
//! replayed with the same seeds, gives its fitness and its descriptors, which fall in its
//! cell; the archive is the same on any number of threads.

use ludoforge_job::explore::misplaced;
use ludoforge_job::{Context, Job};
use ludoforge_risk::design::{Variant, variant_seed};
use ludoforge_risk::job::{ExploreJob, PlaytestJob, PlaytestParams};
use ludoforge_risk::playtest::{Scoring, playtest};
use ludoforge_risk::record::MatchRecord;
use serde_json::{Value, json};

/// The archive file's bytes.
fn archive_bytes(params: &Value, seed: u64, threads: usize) -> Vec<u8> {
    let context = Context::quiet().with_threads(Some(threads));
    let artifact = ExploreJob.run(params, seed, &context).unwrap();
    artifact.file("result").unwrap().bytes.clone()
}

fn archive(params: &Value, seed: u64, threads: usize) -> Value {
    serde_json::from_slice(&archive_bytes(params, seed, threads)).unwrap()
}

/// `value` as it reads back from a file: written, then read as the archive was, so that
/// numbers compare exactly (reading may round a number's last digit, the same way each time).
fn as_read(value: impl serde::Serialize) -> Value {
    serde_json::from_str(&serde_json::to_string(&value).unwrap()).unwrap()
}

/// The first player's wins minus the second's over the decided matches, counted here from
/// the records.
fn advantage(records: &[MatchRecord]) -> f64 {
    let first = records.iter().filter(|r| r.winner == Some(r.first)).count() as f64;
    let decided = records.iter().filter(|r| r.winner.is_some()).count() as f64;
    if decided == 0.0 {
        0.0
    } else {
        (2.0 * first - decided) / decided
    }
}

/// Every elite's result is a variant file: `risk-playtest` reads it, and its playtest
/// replayed with the variant's seed gives the elite's fitness, criteria and descriptors,
/// which lie in the elite's cell.
fn check_elites(archive: &Value) {
    let seed = archive["seed"].as_u64().unwrap();
    let matches = archive["parameters"]["matches"].as_u64().unwrap();
    let axes = archive["axes"].as_array().unwrap();
    let elites = archive["elites"].as_array().unwrap();
    assert!(elites.len() > 5, "{} elites", elites.len());
    assert_eq!(archive["filled"], elites.len());
    // Every elite in the cell its descriptors name.
    assert_eq!(misplaced(archive), Vec::<String>::new());
    for elite in elites {
        let result = &elite["result"];
        assert_eq!(result["generator"], "risk-design");
        assert_eq!(result["seed"], seed);
        assert_eq!(result["playtests"], 1);
        assert_eq!(result["fitness"], elite["fitness"]);
        // Read as `risk playtest --variant F` reads it.
        let read = PlaytestParams {
            variant: Some(result.clone()),
            ..PlaytestParams::default()
        };
        let game = read.game().expect("an elite is a variant file");
        let variant: Variant = serde_json::from_value(result.clone()).unwrap();
        assert_eq!(game.rules, variant.rules);
        // Played again, by the playtest itself, with the variant's seed.
        let replay_seed = variant_seed(seed, &variant);
        let replayed = playtest(
            &game.map,
            game.rules,
            u32::try_from(matches).unwrap(),
            replay_seed,
            &Scoring::all(game.formulas),
        )
        .unwrap();
        assert_eq!(elite["fitness"], as_read(replayed.fitness));
        assert_eq!(result["criteria"], as_read(replayed.criteria));
        let turns: f64 = replayed
            .records
            .iter()
            .map(|r| f64::from(r.player_turns))
            .sum();
        let measured = json!({
            "territories": game.map.territories() as f64,
            "match_length": turns / matches as f64,
            "first_player_advantage": advantage(&replayed.records),
        });
        for axis in axes {
            let name = axis["name"].as_str().unwrap();
            assert_eq!(
                elite["descriptors"][name],
                as_read(&measured[name]),
                "{name}"
            );
        }
    }
    // The playtest job, given an elite and its variant's seed, measures the same.
    let first = &elites[0]["result"];
    let variant: Variant = serde_json::from_value(first.clone()).unwrap();
    let params = json!({"variant": first, "matches": matches});
    let played = PlaytestJob
        .run(&params, variant_seed(seed, &variant), &Context::quiet())
        .unwrap();
    assert_eq!(played.summary["fitness"], elites[0]["fitness"]);
}

#[test]
fn elites_are_the_variants_their_cells_say_on_any_number_of_threads() {
    let params = json!({"matches": 3,
        "explore": {"evaluations": 240, "initial": 40, "batch": 40, "crossover": 0.5}});
    let bytes = archive_bytes(&params, 5, 1);
    let one: Value = serde_json::from_slice(&bytes).unwrap();
    check_elites(&one);
    assert_eq!(one["method"], "map-elites");
    assert_eq!(one["evaluations"], 240);
    assert_eq!(one["rejected"], 0);
    // Byte for byte the same archive on two threads.
    assert!(bytes == archive_bytes(&params, 5, 2));
    // Every elite is drawn as its map, by the explore job and the designer alike.
    let wants = Context::quiet().want("svg");
    for elite in one["elites"].as_array().unwrap().iter().take(3) {
        let drawn = ExploreJob.draw(&elite["result"], &wants).unwrap().unwrap();
        let svg = String::from_utf8(drawn[0].bytes.clone()).unwrap();
        let territories = elite["descriptors"]["territories"].as_f64().unwrap();
        assert!(
            svg.contains(&format!("· {territories} territories")),
            "{svg}"
        );
        let again = ludoforge_risk::job::DesignJob
            .draw(&elite["result"], &wants)
            .unwrap()
            .unwrap();
        assert_eq!(again[0].bytes, drawn[0].bytes);
    }
    assert!(
        ExploreJob
            .draw(&json!({"generator": "portals"}), &wants)
            .is_none()
    );
}

#[test]
fn random_sampling_over_three_descriptors_under_the_published_rules() {
    let params = json!({"matches": 2, "rules": "rossato2023",
        "explore": {"evaluations": 60, "initial": 20, "batch": 20, "method": "random",
                    "descriptors": ["territories", "match_length", "first_player_advantage"]}});
    let shelf = archive(&params, 8, 2);
    assert_eq!(shelf["method"], "random");
    assert_eq!(shelf["axes"].as_array().unwrap().len(), 3);
    // 18 × 13 × 11: the published rules' 49 player-turns take the axis to 52.
    assert_eq!(shelf["cells"], 18 * 13 * 11);
    check_elites(&shelf);
    // Random variants keep the initial maps' sizes.
    for elite in shelf["elites"].as_array().unwrap() {
        let territories = elite["descriptors"]["territories"].as_f64().unwrap();
        assert!([10.0, 12.0, 13.0, 17.0, 18.0, 42.0].contains(&territories));
        assert_eq!(elite["result"]["rules"]["compat"], "rossato2023");
    }
}

#[test]
fn settings_not_given_keep_the_risk_defaults() {
    let checked = ExploreJob
        .check(&json!({"explore": {"method": "random"}}))
        .unwrap();
    assert_eq!(checked["explore"]["evaluations"], 4000);
    assert_eq!(checked["explore"]["method"], "random");
    assert_eq!(checked["matches"], 20);
}

#[test]
fn bad_explorations_are_refused_in_words_before_any_work() {
    let refuse = |params: Value| ExploreJob.check(&params).unwrap_err().to_string();
    for (params, words) in [
        (
            json!({"explore": {"descriptors": ["drama", "territories"]}}),
            "no descriptor `drama` here: choose from territories, match_length, \
             first_player_advantage",
        ),
        (
            json!({"min_territories": 50}),
            "min_territories 50: no initial map has that many territories (the largest has \
             42); give at most 42",
        ),
        (
            json!({"matches": 0}),
            "matches 0: give between 1 and 100000",
        ),
        (json!({"mutation": 1.5}), "mutation 1.5: give a probability"),
        (json!({"weights": [1, 2]}), "one per criterion"),
        (
            json!({"explore": {"cells": [2000, 2000]}}),
            "cells: an archive holds at most",
        ),
        (
            json!({"explore": {"evaluations": 0}}),
            "evaluations 0: give 1 to 100,000,000",
        ),
        (
            json!({"explore": {"evaluation": 10}}),
            "unknown parameter `evaluation`",
        ),
        (json!({"explore": 3}), "expected a group of settings"),
    ] {
        let refused = refuse(params.clone());
        assert!(refused.contains(words), "{params}: {refused}");
    }
}
