//! Suggestions around a designer's variant (`risk-explore` from a start, with locks): for any
//! set of locks and any seed, no suggestion changes a locked part, and every one passes the
//! generator's own check with the measures it was shelved by.

use ludoforge_job::{Context, Job};
use ludoforge_risk::design::Variant;
use ludoforge_risk::job::{ExploreJob, Locks, check};
use ludoforge_risk::map::RiskMap;
use ludoforge_risk::rules::Rules;
use proptest::prelude::*;
use serde_json::{Value, json};

fn start() -> Variant {
    Variant {
        rules: Rules::classic(),
        map: RiskMap::embedded("map8").unwrap().file().clone(),
    }
}

fn suggest_and_check(lock: &[String], seed: u64) {
    let start = start();
    let document = json!({"generator": "risk-design", "seed": 1,
                          "rules": start.rules, "map": start.map});
    let params = json!({
        "matches": 4,
        "start": {"content": document.to_string(), "name": "start.json"},
        "lock": lock,
        "explore": {"evaluations": 64, "initial": 16, "batch": 16},
    });
    let artifact = ExploreJob.run(&params, seed, &Context::quiet()).unwrap();
    let archive: Value = serde_json::from_slice(&artifact.file("result").unwrap().bytes).unwrap();
    let locks = Locks::read(lock).unwrap();
    let elites = archive["elites"].as_array().unwrap();
    assert!(!elites.is_empty());
    for elite in elites {
        let variant: Variant = serde_json::from_value(elite["result"].clone()).unwrap();
        assert_eq!(
            locks.changed(&start, &variant),
            None,
            "a suggestion changed a locked part"
        );
        let checked = check(&elite["result"], &Context::quiet()).unwrap().unwrap();
        assert!(checked.problem.is_none(), "{:?}", checked.problem);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// Any locks, any seed: no suggestion changes what is locked, and each is valid.
    #[test]
    fn no_suggestion_changes_a_locked_part(
        lock in proptest::sample::subsequence(vec!["rules", "map", "bonuses"], 0..=3),
        seed in 0u64..1000,
    ) {
        let lock: Vec<String> = lock.into_iter().map(String::from).collect();
        suggest_and_check(&lock, seed);
    }
}
