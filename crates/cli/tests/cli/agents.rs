//! `--agents`: who plays a playtest or a designer's playtests, and the names refused.

use super::*;

fn playtest(d: &Path, agents: &str) -> Value {
    run_in(
        d,
        &[
            "risk",
            "playtest",
            "--map",
            "classic",
            "--matches",
            "30",
            "--seed",
            "1",
            "--agents",
            agents,
        ],
    )
    .expect_ok()
    .summary()
}

#[test]
fn the_planner_beats_the_rule_agent_from_either_seat() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let first = playtest(d, "mc:0,rule");
    assert_eq!(first["agents"], serde_json::json!(["mc:0", "rule"]));
    assert_eq!(first["parameters"]["agents"], first["agents"]);
    let second = playtest(d, "rule,mc:0");
    // The planner wins about six matches in seven against the rule agent: 30 matches with
    // fewer than 20 won would be a one-in-a-thousand run of bad luck.
    assert!(int(&first["wins"][0]) >= 20, "{}", first["wins"]);
    assert!(int(&second["wins"][1]) >= 20, "{}", second["wins"]);
    // Without --agents the paper's two rule agents play and the parameters do not name them.
    let rule = run_in(
        d,
        &[
            "risk",
            "playtest",
            "--map",
            "classic",
            "--matches",
            "30",
            "--seed",
            "1",
        ],
    )
    .expect_ok()
    .summary();
    assert_eq!(rule["agents"], serde_json::json!(["rule", "rule"]));
    assert!(rule["parameters"].get("agents").is_none());
}

#[test]
fn a_search_agent_plays_the_same_on_any_thread_count() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let args = [
        "risk",
        "playtest",
        "--map",
        "map8",
        "--matches",
        "12",
        "--seed",
        "5",
        "--agents",
        "mc:6,mc:3",
    ];
    let two = run_in(d, &args).expect_ok();
    let one = run_in(d, &with(&["--threads", "1"], &args)).expect_ok();
    assert_eq!(one.stdout, two.stdout);
}

#[test]
fn the_designer_playtests_with_the_agents_named() {
    let dir = TempDir::new().unwrap();
    let summary = run_in(
        dir.path(),
        &[
            "risk",
            "design",
            "--generations",
            "1",
            "--offspring",
            "4",
            "--tournament",
            "2",
            "--matches",
            "4",
            "--seed",
            "2",
            "--agents",
            "mc:0,mc:0",
        ],
    )
    .expect_ok()
    .summary();
    assert_eq!(summary["agents"], serde_json::json!(["mc:0", "mc:0"]));
    assert!(summary["best"]["fitness"].as_f64().unwrap().is_finite());
}

#[test]
fn agents_that_do_not_exist_are_refused() {
    let base = ["risk", "playtest", "--matches", "3", "--agents"];
    for (agents, phrase) in [
        ("mcts,rule", "no such agent"),
        ("rule", "two agents separated by a comma"),
        ("mc:x,rule", "not a number of rollouts"),
        ("rule:3,rule", "takes no budget"),
        ("mc:100001,rule", "not a number of rollouts"),
    ] {
        refuses(&with(&base, &[agents]), 1, phrase, &[]);
    }
    refuses(
        &["risk", "design", "--generations", "0", "--agents", "rule,,"],
        1,
        "two agents",
        &[],
    );
}

#[test]
fn a_person_sits_where_agents_says_against_the_agent_named() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    // With no input the rule agent plays on for the person, so the match runs to its end.
    let second = run_in(
        d,
        &[
            "risk", "play", "--map", "map8", "--seed", "4", "--agents", "mc:2,you",
        ],
    )
    .expect_ok();
    // The greeting is wrapped to the terminal's width: compare its words.
    let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words(&second.stdout)
            .contains("against the Monte Carlo agent (2 rollouts a pick); you are player 2"),
        "{}",
        second.stdout
    );
    let first = run_in(
        d,
        &[
            "risk",
            "play",
            "--map",
            "map8",
            "--seed",
            "4",
            "--opponent",
            "random",
        ],
    )
    .expect_ok();
    assert!(
        words(&first.stdout).contains("against the random agent; you are player 1"),
        "{}",
        first.stdout
    );
    for (extra, phrase) in [
        (&["--agents", "you,you"][..], "one of them `you`"),
        (&["--agents", "mc,rule"][..], "one of them `you`"),
        (&["--agents", "you,mcts"][..], "no such agent"),
        (
            &["--agents", "you,mc", "--second"][..],
            "drop one or the other",
        ),
        (&["--opponent", "rule:2"][..], "takes no budget"),
    ] {
        refuses(
            &with(&["risk", "play", "--map", "map8"], extra),
            1,
            phrase,
            &[],
        );
    }
}
