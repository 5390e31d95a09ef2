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
