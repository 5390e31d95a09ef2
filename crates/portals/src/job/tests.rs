//! The portal jobs' checks and runs, without a front end.

use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_job::{Context, Ending, Event, Job, JobError, Spec};
use serde_json::{Value, json};

use super::*;

/// The message of a refusal, which must be a parameters error.
fn refused(job: &dyn Job, params: Value) -> String {
    match job.check(&params) {
        Err(JobError::Parameters(message)) => message,
        other => panic!("{params} was not refused as parameters: {other:?}"),
    }
}

fn generate() -> GenerateJob {
    GenerateJob::default()
}

#[test]
fn the_defaults_are_accepted_and_complete() {
    for job in jobs() {
        if job.id() == "portals-show" {
            continue;
        }
        let checked = job.check(&json!({})).unwrap();
        assert_eq!(checked, job.defaults(), "{}", job.id());
    }
    let plan = generate().validate(&GenerateParams::default()).unwrap();
    assert_eq!((plan.candidates, plan.evolution), (1, None));
    assert_eq!(plan.params.min_path, 9);
}

#[test]
fn evolving_settings_without_evolve_are_a_contradiction() {
    let message = refused(&generate(), json!({"search": {"population": 10}}));
    assert!(message.starts_with("population 10 "), "{message}");
    assert!(message.contains("evolve"), "{message}");
    let message = refused(&generate(), json!({"search": {"matings": 500}}));
    assert!(
        message.starts_with("matings 500 ") && message.contains("evolve"),
        "{message}"
    );
    // With evolve and a target, the same population is fine.
    let params =
        json!({"search": {"evolve": true, "population": 10}, "targets": {"mean_walk": 12}});
    assert!(generate().check(&params).is_ok());
    let plan = generate()
        .validate(&serde_json::from_value(params).unwrap())
        .unwrap();
    assert_eq!(plan.evolution, Some((10, params::DEFAULT_MATINGS)));
}

#[test]
fn candidates_and_evolve_are_a_contradiction() {
    let message = refused(
        &generate(),
        json!({"search": {"evolve": true, "candidates": 5}, "targets": {"mean_walk": 12}}),
    );
    assert!(
        message.contains("candidates 5") && message.contains("evolve"),
        "{message}"
    );
    assert!(message.contains("not both"), "{message}");
    let message = refused(&generate(), json!({"search": {"evolve": true}}));
    assert!(
        message.contains("needs something to evolve toward"),
        "{message}"
    );
    assert!(message.contains("mean_walk"), "{message}");
}

#[test]
fn out_of_range_values_name_the_parameter_and_the_value() {
    let cases = [
        (json!({"dungeon": {"min_path": 0}}), "min_path 0: give"),
        (json!({"dungeon": {"min_path": -3}}), "min_path -3: give"),
        (json!({"dungeon": {"min_path": 1001}}), "between 1 and 1000"),
        (
            json!({"dungeon": {"max_portals": 9}}),
            "max_portals 9: give between 1 and 8",
        ),
        (json!({"dungeon": {"attempts": 0}}), "attempts 0: give"),
        (
            json!({"dungeon": {"walks": 0}}),
            "walks 0: give between 1 and 10000000",
        ),
        (
            json!({"dungeon": {"rooms": "60..20"}}),
            "write the smaller bound first, as 20..60",
        ),
        (json!({"dungeon": {"rooms": "ten..20"}}), "write a range"),
        (
            json!({"dungeon": {"rooms": "20..300000"}}),
            "at most 200000 rooms",
        ),
        (
            json!({"dungeon": {"rooms": "3..8"}}),
            "cannot hold a route of 9 portals",
        ),
        (json!({"search": {"candidates": 0}}), "candidates 0: give"),
        (
            json!({"targets": {"mean_walk": 0.5}}),
            "mean_walk 0.5: give",
        ),
        (
            json!({"targets": {"tolerance": -1.0}}),
            "tolerance -1: give",
        ),
        (
            json!({"targets": {"max_longest": 0}}),
            "max_longest 0: give",
        ),
        (
            json!({"targets": {"min_routes": -2}}),
            "min_routes -2: give",
        ),
        (
            json!({"search": {"evolve": true, "population": 2}, "targets": {"mean_walk": 12}}),
            "population 2: give between 4",
        ),
        (
            json!({"search": {"evolve": true, "matings": 0}, "targets": {"mean_walk": 12}}),
            "matings 0: give between 1",
        ),
    ];
    for (params, phrase) in cases {
        let message = refused(&generate(), params.clone());
        assert!(message.contains(phrase), "{params}: {message}");
    }
    let unknown = refused(&generate(), json!({"search": {"popuation": 10}}));
    assert!(
        unknown.contains("unknown parameter `popuation`"),
        "{unknown}"
    );
}

#[test]
fn a_population_beyond_the_memory_limit_is_refused_with_one_that_fits() {
    let job = GenerateJob::new(MemoryLimit::available(Some(100_000_000)));
    let params =
        json!({"search": {"evolve": true, "population": 1_000_000}, "targets": {"mean_walk": 12}});
    let message = refused(&job, params);
    assert!(
        message.starts_with("population 1000000 would need"),
        "{message}"
    );
    assert!(
        message.contains("three quarters of the 100.0 MB available"),
        "{message}"
    );
    // The population it names is accepted.
    let most: i64 = message
        .split("give population ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    let params =
        json!({"search": {"evolve": true, "population": most}, "targets": {"mean_walk": 12}});
    assert!(job.check(&params).is_ok());
    // Without evolve nothing is estimated, so no population is refused for memory.
    assert!(
        job.check(&json!({"search": {"candidates": 1_000_000}}))
            .is_ok()
    );
}

#[test]
fn study_settings_are_checked_for_every_value_of_m() {
    let job = StudyJob;
    for (params, phrase) in [
        (json!({"min_path": "15..3"}), "as 3..15"),
        (
            json!({"min_path": "0..5"}),
            "min_path 0..5: give values of M between 1 and",
        ),
        (json!({"min_path": "3-15"}), "write a range"),
        (json!({"graphs": 0}), "graphs 0: give"),
        (json!({"max_rooms": 1}), "max_rooms 1: give between 2"),
        (json!({"max_rooms": 5, "min_path": "3..9"}), "M = 5: "),
    ] {
        let message = refused(&job, params.clone());
        assert!(message.contains(phrase), "{params}: {message}");
    }
}

/// Runs `job` with a context that sets its cancel flag once `after` steps are reported done in
/// the stage named `stage`.
fn cancelled_in(
    job: &dyn Job,
    params: &Value,
    stage: &str,
    after: u64,
) -> Result<ludoforge_job::Artifact, JobError> {
    let cancel = AtomicBool::new(false);
    let current = std::sync::Mutex::new(String::new());
    let events = |event: &Event| match event {
        Event::Stage { name, .. } => *current.lock().unwrap() = name.clone(),
        Event::Advance { done, .. } if *done >= after && *current.lock().unwrap() == stage => {
            cancel.store(true, Ordering::Relaxed);
        }
        _ => {}
    };
    let context = Context::new(&events, &cancel);
    job.run(params, 3, &context)
}

#[test]
fn an_evolving_run_stopped_while_its_population_is_made_keeps_the_best_member() {
    let params = json!({
        "dungeon": {"min_path": 6, "walks": 50},
        "search": {"evolve": true, "population": 200, "matings": 100},
        "targets": {"mean_walk": 9},
    });
    let artifact = cancelled_in(&generate(), &params, "making the first population", 1).unwrap();
    assert_eq!(artifact.ending, Ending::Interrupted);
    assert!(
        artifact
            .notes
            .iter()
            .any(|n| n.contains("best dungeon found so far was kept")),
        "{:?}",
        artifact.notes
    );
    let text = String::from_utf8(artifact.file("result").unwrap().bytes.clone()).unwrap();
    let (file, dungeon) = crate::format::DungeonFile::parse(&text).unwrap();
    dungeon.check(6, 2).unwrap();
    assert_eq!(file.settings.evolution.unwrap().population, 200);
}

#[test]
fn a_choice_stopped_early_keeps_the_best_candidate_made() {
    let params = json!({"dungeon": {"min_path": 5, "walks": 20}, "search": {"candidates": 5000}});
    let artifact = cancelled_in(&generate(), &params, "generating candidates", 1).unwrap();
    assert_eq!(artifact.ending, Ending::Interrupted);
    assert!(artifact.file("result").is_some());
    assert!(artifact.summary["candidate"].as_u64().unwrap() < 5000);
}

#[test]
fn a_study_stopped_early_keeps_the_values_of_m_it_finished() {
    let params = json!({"min_path": "3..30", "graphs": 2, "walks": 10});
    let artifact = cancelled_in(&StudyJob, &params, "dungeons", 3).unwrap();
    assert_eq!(artifact.ending, Ending::Interrupted);
    let rows = artifact.summary["rows"].as_array().unwrap();
    assert!(!rows.is_empty() && rows.len() < 28, "{} rows", rows.len());
    assert_eq!(
        artifact.summary["min_paths"].as_array().unwrap().len(),
        rows.len()
    );
    let csv = artifact.file("csv");
    assert!(csv.is_none(), "made a file not asked for");
}

#[test]
fn show_measures_a_generated_dungeon_the_same() {
    let params = json!({"dungeon": {"min_path": 5, "walks": 100}, "targets": {"max_longest": 9}});
    let made = generate().run(&params, 4, &Context::quiet()).unwrap();
    let result = made.file("result").unwrap().bytes.clone();
    let text = String::from_utf8(result.clone()).unwrap();
    let shown = ShowJob
        .run(
            &json!({ "dungeon": text }),
            0,
            &Context::quiet().want("dot"),
        )
        .unwrap();
    assert_eq!(shown.file("result").unwrap().bytes, result);
    assert!(shown.file("dot").is_some() && shown.file("svg").is_none());
    // As a JSON object too.
    let object: Value = serde_json::from_slice(&result).unwrap();
    let shown = ShowJob
        .run(&json!({ "dungeon": object }), 0, &Context::quiet())
        .unwrap();
    assert_eq!(shown.file("result").unwrap().bytes, result);
}

#[test]
fn show_refuses_a_missing_or_broken_dungeon() {
    let message = refused(&ShowJob, json!({}));
    assert!(message.contains("no dungeon given"), "{message}");
    let message = refused(&ShowJob, json!({"dungeon": 5}));
    assert!(
        message.starts_with("dungeon 5: give the dungeon file"),
        "{message}"
    );
    match ShowJob.check(&json!({"dungeon": "[]"})) {
        Err(JobError::Input(message)) => {
            assert!(message.contains("expected a JSON object"), "{message}");
            assert!(!message.contains("struct"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    match ShowJob.check(&json!({"dungeon": "{"})) {
        Err(JobError::Input(message)) => {
            assert!(
                message.contains("not a ludoforge portals file"),
                "{message}"
            );
        }
        other => panic!("{other:?}"),
    }
}
