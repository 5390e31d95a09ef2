//! Suggestions around a designer's portal dungeon (`portals-explore` from a start, with rooms
//! locked): whatever the rooms locked and the seed, every suggestion keeps each locked room's
//! number and portals, and passes the generator's own check with the measures it was shelved
//! by; the same run gives the same shelf on any number of threads.

use ludoforge_job::{Context, Job};
use ludoforge_portals::job::{ExploreJob, check};
use proptest::prelude::*;
use serde_json::{Value, json};

fn sample() -> Value {
    serde_json::from_str(include_str!("../../samples/dungeon.json")).unwrap()
}

fn shelf(lock: &[String], seed: u64, threads: usize) -> Value {
    let params = json!({
        "start": {"content": sample().to_string(), "name": "dungeon.json"},
        "lock": lock,
        "explore": {"evaluations": 300, "initial": 30, "batch": 30},
    });
    let context = Context::quiet().with_threads(Some(threads));
    let artifact = ExploreJob.run(&params, seed, &context).unwrap();
    serde_json::from_slice(&artifact.file("result").unwrap().bytes).unwrap()
}

/// Every elite keeps the locked rooms' portals and checks valid with its descriptors.
fn suggest_and_check(lock: &[String], rooms: &[usize], seed: u64) -> Value {
    let archive = shelf(lock, seed, 2);
    let start = sample();
    let elites = archive["elites"].as_array().unwrap();
    assert!(!elites.is_empty());
    for elite in elites {
        let result = &elite["result"];
        for &r in rooms {
            assert_eq!(
                result["dungeon"]["rooms"][r]["portals"], start["dungeon"]["rooms"][r]["portals"],
                "room {r} changed"
            );
        }
        let checked = check(result, &Context::quiet()).unwrap().unwrap();
        assert!(checked.problem.is_none(), "{:?}", checked.problem);
        for m in checked.measures.iter().filter(|m| m.descriptor) {
            if let Some(d) = elite["descriptors"].get(m.name) {
                let (a, b) = (d.as_f64().unwrap(), m.value.as_f64().unwrap());
                assert!(
                    (a - b).abs() <= 1e-9 * a.abs().max(1.0),
                    "{}: {a} {b}",
                    m.name
                );
            }
        }
    }
    archive
}

#[test]
fn suggestions_keep_the_locked_rooms_and_are_the_same_on_any_threads() {
    let lock = vec!["0-2".to_string()];
    let archive = suggest_and_check(&lock, &[0, 1, 2], 3);
    assert_eq!(archive, shelf(&lock, 3, 1));
    // Suggestions, not copies.
    let start = sample();
    assert!(
        archive["elites"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["result"]["dungeon"]["rooms"] != start["dungeon"]["rooms"])
    );
}

#[test]
fn bad_starts_and_locks_are_refused_in_words() {
    let said = |params: Value| ExploreJob.check(&params).unwrap_err().to_string();
    let start = json!({"content": sample().to_string(), "name": "dungeon.json"});
    let off = said(json!({"start": start, "lock": ["40"]}));
    assert!(
        off.contains("lock rooms of this dungeon of 18 rooms (room 0 to room 17)"),
        "{off}"
    );
    assert!(said(json!({"lock": ["1"]})).contains("give the dungeon as `start` too"));
    let maze = said(json!({"start": {"kind": "chromatic", "rows": ["RR"]}}));
    assert!(maze.contains("it is not a portal dungeon"), "{maze}");
    // A room stranded by an edit: the start breaks a rule, and says which.
    let mut cut = sample();
    cut["dungeon"]["rooms"][0]["portals"] = json!([]);
    let broken = said(json!({"start": cut}));
    assert!(
        broken.contains("it breaks a rule of portal dungeons"),
        "{broken}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Any rooms locked, any seed: every suggestion keeps them and is valid.
    #[test]
    fn no_suggestion_changes_a_locked_room(
        rooms in (0usize..18, 0usize..18),
        seed in 0u64..1000,
    ) {
        let (a, b) = (rooms.0.min(rooms.1), rooms.0.max(rooms.1));
        let locked: Vec<usize> = (a..=b).collect();
        suggest_and_check(&[format!("{a}-{b}")], &locked, seed);
    }
}
