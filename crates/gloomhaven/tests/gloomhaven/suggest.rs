//! Suggestions around a designer's scenario (`gloomhaven-explore` from a start, with locks):
//! for any scenario the search makes, any set of locks and any seed, no suggestion moves what
//! is locked, and every one passes the generator's own check.

use ludoforge_gloomhaven::job::{GloomhavenExploreJob, GloomhavenJob, check};
use ludoforge_job::{Context, Job};
use proptest::prelude::*;
use serde_json::{Value, json};

/// A scenario the search made, as its result file.
fn made(seed: u64) -> Value {
    let params = json!({"cycles": 30, "preset": "gloomdungeons"});
    let artifact = GloomhavenJob.run(&params, seed, &Context::quiet()).unwrap();
    serde_json::from_slice(&artifact.file("result").unwrap().bytes).unwrap()
}

fn suggest_and_check(start: &Value, lock: &[String], seed: u64) {
    let params = json!({
        "preset": "gloomdungeons",
        "start": {"content": start.to_string(), "name": "start.json"},
        "lock": lock,
        "explore": {"evaluations": 200, "initial": 20, "batch": 20},
    });
    let artifact = GloomhavenExploreJob
        .run(&params, seed, &Context::quiet())
        .unwrap();
    let shelf: Value = serde_json::from_slice(&artifact.file("result").unwrap().bytes).unwrap();
    let first = &start["scenarios"][0];
    let elites = shelf["elites"].as_array().unwrap();
    assert!(!elites.is_empty());
    for elite in elites {
        let scenario = &elite["result"]["scenarios"][0];
        for part in ["tiles", "monsters", "overlays"] {
            if lock.iter().any(|l| l == part) {
                assert_eq!(scenario[part], first[part], "a locked part moved: {part}");
            }
        }
        let checked = check(&elite["result"], &Context::quiet()).unwrap().unwrap();
        assert!(checked.problem.is_none(), "{:?}", checked.problem);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10))]

    /// Any scenario, any locks, any seed: no suggestion moves a locked part, and each is valid.
    #[test]
    fn no_suggestion_moves_a_locked_part(
        scenario_seed in 1u64..40,
        lock in proptest::sample::subsequence(vec!["tiles", "monsters", "overlays"], 0..=3),
        seed in 0u64..1000,
    ) {
        let lock: Vec<String> = lock.into_iter().map(String::from).collect();
        suggest_and_check(&made(scenario_seed), &lock, seed);
    }
}
