//! `ludoforge risk`: playtests, the published numbers, a person at the prompt, maps, bad input.

use super::*;

#[test]
fn a_playtest_is_the_same_on_any_thread_count() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let args = [
        "risk",
        "playtest",
        "--map",
        "map8",
        "--matches",
        "60",
        "--seed",
        "3",
        "--record",
        "r.jsonl",
    ];
    let outcome = run_in(d, &args).expect_ok();
    let summary = outcome.summary();
    assert_eq!(summary["map"], "map8");
    let wins = summary["wins"].as_array().unwrap();
    assert_eq!(int(&wins[0]) + int(&wins[1]) + int(&summary["draws"]), 60);
    for c in [
        "completion",
        "duration",
        "advantage",
        "branching_factor",
        "drama",
        "killer_moves",
        "lead_change",
    ] {
        let v = summary["criteria"][c].as_f64().unwrap();
        assert!(v.is_finite() && v >= 0.0, "{c} {v}");
    }
    let lines = fs::read_to_string(d.join("r.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 60);
    let one_thread = run_in(d, &with(&["--threads", "1"], &args)).expect_ok();
    assert_eq!(one_thread.stdout, outcome.stdout);
}

#[test]
fn the_published_preset_gives_the_published_fitness() {
    let dir = TempDir::new().unwrap();
    let summary = run_in(
        dir.path(),
        &[
            "risk",
            "playtest",
            "--map",
            "map1",
            "--rules",
            "rossato2023",
            "--matches",
            "300",
            "--seed",
            "1",
        ],
    )
    .expect_ok()
    .summary();
    let fitness = summary["fitness"].as_f64().unwrap();
    assert!((fitness - 4.50).abs() <= 0.10, "{fitness}");
    // A subset of criteria with weights.
    let subset = run_in(
        dir.path(),
        &[
            "risk",
            "playtest",
            "--map",
            "map9",
            "--matches",
            "40",
            "--seed",
            "2",
            "--criteria",
            "completion,drama",
            "--weights",
            "2,1",
        ],
    )
    .expect_ok()
    .summary();
    let c = &subset["criteria"];
    let expected = 2.0 * (c["completion"].as_f64().unwrap() - 1.0).abs()
        + (c["drama"].as_f64().unwrap() - 0.5).abs();
    assert!((subset["fitness"].as_f64().unwrap() - expected).abs() < 1e-12);
}

#[test]
fn a_person_can_play_and_nonsense_is_asked_again() {
    let dir = TempDir::new().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludoforge"))
        .args(["risk", "play", "--map", "map8", "--seed", "4"])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let stdin = child.stdin.as_mut().unwrap();
        // Nonsense, a taken or unknown territory, then a real pick; then the input ends and
        // the rule agent plays on.
        stdin.write_all(b"hello\n99\n-1\n0\n").unwrap();
    }
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("No territory is called 'hello'"),
        "{stdout}"
    );
    assert!(
        stdout.contains("There is no territory 99: numbers go from 0 to 9."),
        "{stdout}"
    );
    assert!(stdout.contains("No territory is called '-1'"), "{stdout}");
    assert!(stdout.contains("input ended"));
    // The opponent's pick after ours is told before our next decision.
    assert!(stdout.contains("You took 0 T0; they took "), "{stdout}");
    // Not a terminal: no colour.
    assert!(!stdout.contains('\x1b'), "{stdout}");
    assert!(
        stdout.contains("You won!")
            || stdout.contains("The agent won.")
            || stdout.contains("A draw")
    );
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
}

#[test]
fn a_map_picture() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    run_in(
        d,
        &[
            "risk", "map", "--map", "classic", "--names", "--svg", "m.svg", "--png", "m.png",
        ],
    )
    .expect_ok();
    let svg = fs::read_to_string(d.join("m.svg")).unwrap();
    assert!(is_svg(&svg) && svg.contains("Kamchatka"));
    assert!(fs::read(d.join("m.png")).unwrap().starts_with(b"\x89PNG"));
}

#[test]
fn bad_risk_input_is_refused() {
    let play = |extra: &[&'static str]| {
        with(
            &["risk", "playtest", "--matches", "5", "--record", "r.jsonl"],
            extra,
        )
    };
    let cases: [(&[&'static str], &str); 7] = [
        (&["--troop-factor", "5"], "troop_factor 5"),
        (&["--defence-dice", "1"], "defence_dice 1"),
        (&["--turn-limit", "1"], "turn_limit 1"),
        (&["--criteria", "fun"], "`criteria[0]`"),
        (&["--weights", "1,2"], "one per criterion"),
        (&["--map", "atlantis"], "not an embedded map"),
        (&["--weights", "-1,1,1,1,1,1,1"], "weight"),
    ];
    for (extra, phrase) in cases {
        refuses(&play(extra), 1, phrase, &[]);
    }
    refuses(
        &with(&["risk", "playtest", "--matches", "0"], &[]),
        1,
        "matches 0",
        &[],
    );
    // A map in the published format with a one-way arc, a malformed one, a disconnected one.
    let one_way = r#"{"territories": [0, 1, 2], "connections": {"0": [1], "1": [0, 2], "2": []},
        "continents": {"0": [0, 1, 2]}, "continentsValue": {"0": 2}}"#;
    refuses(
        &play(&["--map", "w.json"]),
        1,
        "territory 1 lists 2 as a neighbour but 2 does not list 1",
        &[("w.json", Some(one_way))],
    );
    refuses(
        &play(&["--map", "bad.json"]),
        1,
        "not a Risk map",
        &[("bad.json", Some("{\"name\": 3}"))],
    );
    let apart = r#"{"name": "apart", "territories": [{"id": 0, "name": "A"}, {"id": 1, "name": "B"}],
        "continents": [{"name": "X", "bonus": 1, "territories": [0, 1]}], "borders": []}"#;
    refuses(
        &play(&["--map", "apart.json"]),
        1,
        "not connected",
        &[("apart.json", Some(apart))],
    );
    // With one-way arcs allowed, the published map plays.
    let dir = TempDir::new().unwrap();
    write(dir.path(), "w.json", one_way);
    run_in(
        dir.path(),
        &[
            "risk",
            "playtest",
            "--map",
            "w.json",
            "--allow-one-way",
            "--matches",
            "5",
        ],
    )
    .expect_ok();
}

#[test]
fn designed_variants_are_written_and_played_back() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let args = [
        "risk",
        "design",
        "--generations",
        "2",
        "--offspring",
        "8",
        "--tournament",
        "4",
        "--matches",
        "10",
        "--seed",
        "3",
        "--out",
        "best.json",
        "--population",
        "pop.json",
        "--plot",
        "p.svg",
        "--plot-png",
        "p.png",
        "--svg",
        "m.svg",
        "--png",
        "m.png",
    ];
    let summary = run_in(d, &args).expect_ok().summary();
    assert_eq!(summary["history"].as_array().unwrap().len(), 3);
    let best = read_json(&d.join("best.json"));
    assert!(
        best["map"]["territories"].as_array().unwrap().len() >= 9
            || best["playtests"].as_u64().unwrap() > 1
    );
    assert_eq!(
        read_json(&d.join("pop.json"))["population"]
            .as_array()
            .unwrap()
            .len(),
        8
    );
    for f in ["p.svg", "m.svg"] {
        assert!(is_svg(&fs::read_to_string(d.join(f)).unwrap()));
    }
    for f in ["p.png", "m.png"] {
        assert!(fs::read(d.join(f)).unwrap().starts_with(b"\x89PNG"));
    }
    // The best variant plays back.
    let played = run_in(
        d,
        &[
            "risk",
            "playtest",
            "--variant",
            "best.json",
            "--matches",
            "10",
            "--seed",
            "1",
        ],
    )
    .expect_ok()
    .summary();
    assert_eq!(
        int(&played["territories"]),
        best["map"]["territories"].as_array().unwrap().len() as u64
    );
    // Same seed, same result, on one thread too.
    let again = run_in(d, &with(&["--threads", "1"], &args[..12]))
        .expect_ok()
        .summary();
    assert_eq!(again["best"], summary["best"]);
    // Bad settings and files.
    let design = |extra: &[&'static str]| {
        with(
            &["risk", "design", "--out", "o.json", "--plot", "o.svg"],
            extra,
        )
    };
    refuses(&design(&["--mutation", "2"]), 1, "mutation 2", &[]);
    refuses(&design(&["--offspring", "1"]), 1, "offspring 1", &[]);
    refuses(
        &design(&[
            "--min-territories",
            "1000",
            "--generations",
            "1",
            "--offspring",
            "4",
            "--matches",
            "2",
        ]),
        1,
        "400 were refused (400 for fewer territories than the least allowed); lower the least",
        &[],
    );
    refuses(
        &[
            "risk",
            "playtest",
            "--variant",
            "v.json",
            "--record",
            "r.jsonl",
        ],
        1,
        "not a variant file",
        &[("v.json", Some("{\"rules\": 1}"))],
    );
}

/// A variant file by hand: two territories under the classic rules.
const DUO: &str = r#"{"rules": {"distribution": "pick", "troop_factor": 3, "defence_dice": 2,
    "conquest_move": "max", "max_player_turns": 48, "compat": "standard"},
    "map": {"name": "duo", "territories": [{"id": 0, "name": "A"}, {"id": 1, "name": "B"}],
    "continents": [{"name": "X", "bonus": 1, "territories": [0, 1]}], "borders": [[0, 1]]}}"#;

/// A map in the published generator's format.
const PUBLISHED: &str = r#"{"territories": [0, 1, 2, 3],
    "connections": {"0": [1, 3], "1": [0, 2, 3], "2": [1, 3], "3": [2, 0, 1]},
    "continents": {"0": [0, 1], "1": [2, 3]}, "continentsValue": {"0": 2, "1": 1}}"#;

/// Runs `run JOB --params p.json --seed 5` with `by_run` and the subcommand with `by_command`,
/// and checks each pair of files (`a.*` by `run`, `b.*` by the subcommand) holds the same bytes.
fn same_bytes(
    d: &Path,
    job: &str,
    params: &str,
    by_run: &[&str],
    by_command: &[&str],
    files: &[&str],
) {
    write(d, "p.json", params);
    let run = with(&["run", job, "--params", "p.json", "--seed", "5"], by_run);
    run_in(d, &run).expect_ok();
    run_in(d, by_command).expect_ok();
    for file in files {
        let (a, b) = (
            fs::read(d.join(format!("a{file}"))).unwrap(),
            fs::read(d.join(format!("b{file}"))).unwrap(),
        );
        assert!(!a.is_empty(), "{job}: a{file} is empty");
        assert!(a == b, "{job}: a{file} and b{file} differ");
    }
}

#[test]
fn run_risk_playtest_writes_the_same_bytes_as_the_subcommand() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    same_bytes(
        d,
        "risk-playtest",
        r#"{"map": "map8", "matches": 20, "troop_factor": 2, "criteria": ["completion", "drama"],
            "weights": [2, 1]}"#,
        &["-o", "a.json", "--file", "record=a.jsonl"],
        &[
            "risk",
            "playtest",
            "--map",
            "map8",
            "--matches",
            "20",
            "--troop-factor",
            "2",
            "--criteria",
            "completion,drama",
            "--weights",
            "2,1",
            "--seed",
            "5",
            "--out",
            "b.json",
            "--record",
            "b.jsonl",
        ],
        &[".json", ".jsonl"],
    );
    assert_eq!(read_json(&d.join("a.json"))["matches"], 20);
    // A variant file read by the command line is its content in the parameters.
    write(d, "duo.json", DUO);
    let params = serde_json::json!({"variant": DUO, "matches": 5}).to_string();
    same_bytes(
        d,
        "risk-playtest",
        &params,
        &["-o", "a.json"],
        &[
            "risk",
            "playtest",
            "--variant",
            "duo.json",
            "--matches",
            "5",
            "--seed",
            "5",
            "--out",
            "b.json",
        ],
        &[".json"],
    );
    assert_eq!(read_json(&d.join("b.json"))["territories"], 2);
}

#[test]
fn run_risk_design_writes_the_same_bytes_as_the_subcommand() {
    let dir = TempDir::new().unwrap();
    same_bytes(
        dir.path(),
        "risk-design",
        r#"{"generations": 1, "offspring": 6, "tournament": 3, "matches": 6}"#,
        &[
            "-o",
            "a.json",
            "--svg",
            "a.svg",
            "--file",
            "population=a-pop.json",
            "--file",
            "plot=a-plot.svg",
        ],
        &[
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
            "--seed",
            "5",
            "--out",
            "b.json",
            "--svg",
            "b.svg",
            "--population-out",
            "b-pop.json",
            "--plot",
            "b-plot.svg",
        ],
        &[".json", ".svg", "-pop.json", "-plot.svg"],
    );
}

#[test]
fn run_risk_map_writes_the_same_bytes_as_the_subcommand() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "w.json", PUBLISHED);
    let params =
        serde_json::json!({"map_file": {"name": "w", "content": PUBLISHED}, "names": true})
            .to_string();
    same_bytes(
        d,
        "risk-map",
        &params,
        &["-o", "a.json", "--svg", "a.svg"],
        &[
            "risk", "map", "--map", "w.json", "--names", "--seed", "5", "--out", "b.json", "--svg",
            "b.svg",
        ],
        &[".json", ".svg"],
    );
    // Without --seed the layout is the one every picture used before the flag: seed 1.
    run_in(d, &["risk", "map", "--map", "w.json", "--svg", "c.svg"]).expect_ok();
    run_in(
        d,
        &[
            "run",
            "risk-map",
            "--params",
            "p.json",
            "--set",
            "names=false",
            "--seed",
            "1",
            "--svg",
            "d.svg",
        ],
    )
    .expect_ok();
    assert_eq!(
        fs::read(d.join("c.svg")).unwrap(),
        fs::read(d.join("d.svg")).unwrap()
    );
    run_in(
        d,
        &[
            "risk", "map", "--map", "w.json", "--seed", "2", "--svg", "e.svg",
        ],
    )
    .expect_ok();
    assert_ne!(
        fs::read(d.join("c.svg")).unwrap(),
        fs::read(d.join("e.svg")).unwrap()
    );
}

#[test]
fn bad_risk_parameters_through_run_are_refused() {
    let cases: [(&str, String, &str); 7] = [
        (
            "risk-playtest",
            r#"{"matchs": 5}"#.into(),
            "unknown parameter `matchs`",
        ),
        (
            "risk-playtest",
            r#"{"troop_factor": 5}"#.into(),
            "troop_factor 5: give 1, 2, 3 or 4",
        ),
        (
            "risk-playtest",
            serde_json::json!({"variant": DUO, "map": "classic", "troop_factor": 1}).to_string(),
            "variant and map classic, troop_factor 1 contradict each other",
        ),
        (
            "risk-design",
            r#"{"population": 50}"#.into(),
            "unknown parameter `population`",
        ),
        (
            "risk-design",
            r#"{"mutation": 2}"#.into(),
            "mutation 2: give a probability between 0 and 1",
        ),
        (
            "risk-design",
            r#"{"criteria": ["drama", "drama"]}"#.into(),
            "drama is listed twice",
        ),
        (
            "risk-map",
            serde_json::json!({"map": "map8", "map_file": {"name": "w", "content": PUBLISHED}})
                .to_string(),
            "map map8 and map_file \"w\" both give the map",
        ),
    ];
    for (job, params, phrase) in cases {
        refuses(
            &[
                "run", job, "--params", "p.json", "-o", "a.json", "--svg", "a.svg",
            ],
            1,
            phrase,
            &[("p.json", Some(&params))],
        );
    }
    // The issue's case on the command line: a variant file with --map and a rule flag.
    refuses(
        &[
            "risk",
            "playtest",
            "--variant",
            "v.json",
            "--map",
            "classic",
            "--troop-factor",
            "1",
            "--out",
            "o.json",
        ],
        1,
        "variant and map classic, troop_factor 1 contradict each other",
        &[("v.json", Some(DUO))],
    );
}
