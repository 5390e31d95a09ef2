//! `ludoforge risk`: 95% intervals, playtests that play until the fitness is steady, and the
//! designer's second look at its best candidates.

use super::*;

#[test]
fn a_playtest_gives_intervals_and_plays_until_steady_on_any_thread_count() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let args = [
        "risk",
        "playtest",
        "--map",
        "map8",
        "--matches",
        "auto:0.15",
        "--seed",
        "3",
    ];
    let outcome = run_in(d, &args).expect_ok();
    let summary = outcome.summary();
    assert_eq!(summary["auto"]["stop"], "reached");
    let played = int(&summary["matches"]);
    assert!(played >= 100 && played.is_multiple_of(50), "{played}");
    let fitness = summary["fitness"].as_f64().unwrap();
    let interval = &summary["intervals"]["fitness"];
    let (low, high) = (
        interval["low"].as_f64().unwrap(),
        interval["high"].as_f64().unwrap(),
    );
    assert!(low <= fitness && fitness <= high && (high - low) / 2.0 < 0.15);
    for c in [
        "completion",
        "duration",
        "advantage",
        "drama",
        "lead_change",
    ] {
        let i = &summary["intervals"]["criteria"][c];
        let v = summary["criteria"][c].as_f64().unwrap();
        assert!(
            i["low"].as_f64().unwrap() <= v && v <= i["high"].as_f64().unwrap(),
            "{c}: {v} outside {i}"
        );
    }
    // The person reads the table and how far the playtest went.
    assert!(
        outcome.stderr.contains("95% interval"),
        "{}",
        outcome.stderr
    );
    assert!(
        outcome
            .stderr
            .contains(&format!("below ± 0.15, after {played} matches")),
        "{}",
        outcome.stderr
    );
    let one_thread = run_in(d, &with(&["--threads", "1"], &args)).expect_ok();
    assert_eq!(one_thread.stdout, outcome.stdout);
    // A number of matches gives the same intervals as auto stopping there.
    let fixed = run_in(
        d,
        &[
            "risk",
            "playtest",
            "--map",
            "map8",
            "--matches",
            &played.to_string(),
            "--seed",
            "3",
        ],
    )
    .expect_ok()
    .summary();
    assert_eq!(fixed["intervals"], summary["intervals"]);
}

#[test]
fn nonsense_matches_are_refused_in_words() {
    for (given, phrase) in [
        ("auto:-1", "auto:-1: ε must be above 0"),
        ("auto:abc", "auto:abc: \"abc\" is not a number"),
        ("auto:0", "auto:0: ε must be above 0"),
        ("0", "matches 0: give between 1 and 1000000, or auto"),
        (
            "-5",
            "-5: give a whole number of matches of at least 1, or auto",
        ),
        ("often", "often: give a whole number of matches, or auto"),
    ] {
        refuses(
            &["risk", "playtest", "--matches", given, "--out", "o.json"],
            1,
            phrase,
            &[],
        );
    }
}

#[test]
fn the_designer_replays_its_best_before_choosing_and_says_so() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let args = [
        "risk",
        "design",
        "--generations",
        "1",
        "--offspring",
        "6",
        "--tournament",
        "3",
        "--matches",
        "6",
        "--reevaluate",
        "3",
        "--seed",
        "2",
        "--out",
        "v.json",
    ];
    let outcome = run_in(d, &args).expect_ok();
    let variant = read_json(&d.join("v.json"));
    let choice = &variant["reevaluation"];
    assert_eq!(
        choice["rule"],
        "the best of the top 3 re-played with 24 fresh matches each"
    );
    assert_eq!(choice["candidates"].as_array().unwrap().len(), 3);
    assert!(
        outcome.stderr.contains("chosen: the best of the top 3"),
        "{}",
        outcome.stderr
    );
    // The chosen variant is the one written, with the run's fitness and its interval.
    let rank = int(&choice["chosen_rank"]) as usize;
    let chosen = &choice["candidates"][rank - 1];
    assert_eq!(variant["fitness"], chosen["fitness"]);
    assert_eq!(variant["fitness_interval"], chosen["fitness_interval"]);
    // The same on one thread; and the variant file plays back.
    let again = run_in(d, &with(&["--threads", "1"], &args)).expect_ok();
    assert_eq!(again.stdout, outcome.stdout);
    run_in(
        d,
        &[
            "risk",
            "playtest",
            "--variant",
            "v.json",
            "--matches",
            "auto:0.3",
        ],
    )
    .expect_ok();
    // Re-plays until steady; nonsense refused in words.
    let auto = run_in(d, &with(&args[..14], &["--reevaluate-matches", "auto:0.3"]))
        .expect_ok()
        .summary();
    assert!(
        auto["reevaluation"]["rule"]
            .as_str()
            .unwrap()
            .contains("until the fitness's 95% interval is narrower than ± 0.3"),
        "{auto}"
    );
    refuses(
        &with(&args[..14], &["--reevaluate-matches", "auto:abc"]),
        1,
        "auto:abc: \"abc\" is not a number",
        &[],
    );
}
