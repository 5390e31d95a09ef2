//! `ludoforge gloomhaven`: the scenario files, determinism and bad input.

use super::*;

#[test]
fn scenarios_with_every_output() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let args = [
        "gloomhaven",
        "--preset",
        "gloomdungeons",
        "--seed",
        "3",
        "--top",
        "3",
        "--out",
        "g.json",
        "--book",
        "g.md",
        "--text",
        "g.txt",
        "--svg",
        "g.svg",
        "--png",
        "g.png",
        "--vgb",
        "g.vgb.json",
        "--secretariat",
        "g.ghs.json",
    ];
    let summary = run_in(d, &args).expect_ok().summary();
    assert_eq!(summary["seed"], 3);
    assert_eq!(summary["maximum"], 10.0);
    let file = read_json(&d.join("g.json"));
    assert_eq!(file["generator"], "gloomhaven");
    assert_eq!(file["settings"]["cycles"], 200);
    let scenarios = file["scenarios"].as_array().unwrap();
    assert_eq!(scenarios.len(), 3);
    let scores: Vec<f64> = scenarios
        .iter()
        .map(|s| s["score"].as_f64().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    assert!(scores[0] <= 10.0 && scores[0] > 9.0, "{scores:?}");
    for s in scenarios {
        let tiles = s["tiles"].as_array().unwrap();
        assert!(!tiles.is_empty());
        assert_eq!(s["doors"].as_array().unwrap().len(), tiles.len() - 1);
        // The published code's preset scores two-player set-ups; every standee is set up for
        // someone, and the larger parties meet at least as many.
        assert_eq!(s["players"], 2);
        let monsters = s["monsters"].as_array().unwrap();
        let set_up = |i: usize| {
            monsters
                .iter()
                .filter(|m| m["players"][i] != "none")
                .count()
        };
        assert!(set_up(0) >= 2 && set_up(0) <= set_up(2), "{s}");
        let difficulty: Vec<f64> = s["difficulty"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_f64().unwrap())
            .collect();
        assert!(difficulty[0] < difficulty[2], "{difficulty:?}");
        // Four on a new map; an official map keeps its own (4 to 7).
        let start = s["start"].as_array().unwrap().len();
        assert!((4..=7).contains(&start), "{start}");
    }
    let book = fs::read_to_string(d.join("g.md")).unwrap();
    assert!(book.contains(scenarios[0]["name"].as_str().unwrap()));
    for t in scenarios[0]["tiles"].as_array().unwrap() {
        assert!(book.contains(t["tile"].as_str().unwrap()));
    }
    assert!(!fs::read_to_string(d.join("g.txt")).unwrap().is_empty());
    assert!(is_svg(&fs::read_to_string(d.join("g.svg")).unwrap()));
    assert!(fs::read(d.join("g.png")).unwrap().starts_with(b"\x89PNG"));
    // The Gloomhaven Secretariat edition holds the three scenarios, by name (its reading by the
    // app is checked in the gloomhaven crate's tests/gloomhaven/secretariat.rs).
    let edition = read_json(&d.join("g.ghs.json"));
    let names: Vec<&Value> = edition["scenarios"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["name"])
        .collect();
    let expected: Vec<&Value> = scenarios.iter().map(|s| &s["name"]).collect();
    assert_eq!(names, expected);

    // Same seed, same bytes, on one thread too, and without the output files: they never
    // change what the search finds (the Creator's limit is --creator, not --vgb).
    let again: Vec<&str> = with(&["--threads", "1"], &args[..7])
        .into_iter()
        .chain(["--out", "h.json"])
        .collect();
    run_in(d, &again).expect_ok();
    assert_eq!(
        fs::read(d.join("g.json")).unwrap(),
        fs::read(d.join("h.json")).unwrap()
    );
}

#[test]
fn the_paper_fitness_and_the_goals() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    for goal in ["kill-all", "loot-all", "reach-exit"] {
        let summary = run_in(
            d,
            &[
                "gloomhaven",
                "--players",
                "2",
                "--goal",
                goal,
                "--cycles",
                "60",
                "--seed",
                "5",
                "--max-table",
                "150x100",
            ],
        )
        .expect_ok()
        .summary();
        assert_eq!(summary["maximum"], 5.0);
        assert!(summary["score"].as_f64().unwrap() > 3.5, "{summary}");
    }
}

#[test]
fn bad_gloomhaven_settings_are_refused() {
    let outs = ["--out", "o.json", "--svg", "o.svg", "--book", "o.md"];
    let gloom = |extra: &[&'static str]| with(&with(&["gloomhaven"], extra), &outs);
    let cases: [(&[&'static str], &str); 12] = [
        (&["--players", "5"], "2, 3 or 4 players"),
        (
            &["--preset", "gloomdungeons", "--players", "4"],
            "scores two-player set-ups only",
        ),
        // The published code's preset takes no player count, not even its own two.
        (
            &["--preset", "gloomdungeons", "--players", "2"],
            "players 2 with preset gloomdungeons",
        ),
        (&["--weights", "1,1"], "five numbers"),
        (&["--weights", "-1,1,1,1,1"], "at least 0"),
        (&["--max-table", "abc"], "size in centimetres"),
        (&["--max-table", "20x10"], "give a larger table"),
        (&["--mutation", "map=2"], "between 0 and 1"),
        (&["--mutation", "legs=0.5"], "not a gene group"),
        (&["--cycles", "0"], "cycles 0: give between 1"),
        (&["--top", "0"], "top 0: give between 1"),
        (&["--catalog", "absent.json"], "cannot read absent.json"),
    ];
    for (extra, phrase) in cases {
        refuses(&gloom(extra), 1, phrase, &[]);
    }
    refuses(
        &gloom(&["--catalog", "c.json"]),
        1,
        "not a catalog",
        &[("c.json", Some("{\"tiles\": []}"))],
    );
    refuses(
        &gloom(&["--catalog", "old.json"]),
        1,
        "an earlier ludoforge's catalog",
        &[(
            "old.json",
            Some("{\"tiles\": [], \"scenarios\": [{\"placements\": {}}]}"),
        )],
    );
    refuses(&gloom(&["--preset", "best"]), 2, "invalid value", &[]);
    // The built-in catalog, broken in two ways.
    let catalog = include_str!("../../../gloomhaven/data/catalog.json");
    let unknown = catalog.replacen("\"tile\": \"L1a\"}", "\"tile\": \"Z9a\"}", 1);
    assert_ne!(unknown, catalog);
    refuses(
        &gloom(&["--catalog", "u.json"]),
        1,
        "unknown tile \"Z9a\"",
        &[("u.json", Some(unknown.as_str()))],
    );
    let link = catalog.replacen(
        "{\"at\": [4, 0, -4], \"facing\"",
        "{\"at\": [0, 0, 0], \"facing\"",
        1,
    );
    assert_ne!(link, catalog);
    refuses(
        &gloom(&["--catalog", "l.json"]),
        1,
        "must lie just outside the tile",
        &[("l.json", Some(link.as_str()))],
    );
    // Coordinates far beyond any table, which would otherwise cost memory without end.
    for (from, to, phrase) in [
        (
            "\"hexes\": [\n        [0, 0, 0], [1, 0, -1]",
            "\"hexes\": [\n        [2000000000, -2000000000, 0], [1, 0, -1]",
            "more than 50 hexes from the tile's origin",
        ),
        (
            "\"offset\": [3, -4, 1]",
            "\"offset\": [300000, -400000, 100000]",
            "more than 1000 hexes from the origin",
        ),
    ] {
        let far = catalog.replacen(from, to, 1);
        assert_ne!(far, catalog);
        refuses(
            &gloom(&["--catalog", "f.json"]),
            1,
            phrase,
            &[("f.json", Some(far.as_str()))],
        );
    }
}

/// `run gloomhaven --params P` writes the same files as `gloomhaven` with the same settings,
/// and its summary carries the same parameters.
#[test]
fn the_gloomhaven_job_writes_the_same_bytes_as_the_command() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    run_in(
        d,
        &[
            "gloomhaven",
            "export-vgb",
            "--official",
            "1",
            "-o",
            "one.json",
        ],
    )
    .expect_ok();
    let board = fs::read_to_string(d.join("one.json")).unwrap();
    let by_command = run_in(
        d,
        &[
            "gloomhaven",
            "--preset",
            "gloomdungeons",
            "--cycles",
            "40",
            "--top",
            "2",
            "--goal",
            "loot-all",
            "--weights",
            "4,1,1,2,1",
            "--mutation",
            "map=0.5",
            "--max-table",
            "150x100",
            "--creator",
            "--from",
            "one.json",
            "--seed",
            "5",
            "--out",
            "b.json",
            "--book",
            "b.md",
            "--text",
            "b.txt",
            "--svg",
            "b.svg",
            "--vgb",
            "b.vgb.json",
        ],
    )
    .expect_ok()
    .summary();
    let params = serde_json::json!({
        "preset": "gloomdungeons", "cycles": 40, "top": 2, "goal": "loot-all",
        "weights": [4, 1, 1, 2, 1], "mutation": {"map": 0.5},
        "max_table": {"width": 150, "height": 100}, "creator": true,
        "from": [{"name": "one.json", "content": board}],
    });
    write(d, "p.json", &params.to_string());
    let by_run = run_in(
        d,
        &[
            "run",
            "gloomhaven",
            "--params",
            "p.json",
            "--seed",
            "5",
            "-o",
            "a.json",
            "--svg",
            "a.svg",
            "--file",
            "book=a.md",
            "--file",
            "text=a.txt",
            "--file",
            "vgb=a.vgb.json",
        ],
    )
    .expect_ok()
    .summary();
    for (a, b) in [
        ("a.json", "b.json"),
        ("a.md", "b.md"),
        ("a.txt", "b.txt"),
        ("a.svg", "b.svg"),
        ("a.vgb.json", "b.vgb.json"),
    ] {
        let (x, y) = (fs::read(d.join(a)).unwrap(), fs::read(d.join(b)).unwrap());
        assert!(!x.is_empty(), "{a}");
        assert_eq!(x, y, "{a} and {b} differ");
    }
    assert_eq!(by_run["parameters"], by_command["parameters"]);
    assert_eq!(by_run["job"], "gloomhaven");
    assert_eq!(by_run["cycles"], 40);
}

#[test]
fn bad_gloomhaven_parameters_through_run_are_refused() {
    let run = |sets: &[&'static str]| {
        let mut args = vec!["run", "gloomhaven"];
        for set in sets {
            args.extend(["--set", set]);
        }
        args.extend(["-o", "o.json", "--svg", "o.svg"]);
        args
    };
    let cases: [(&[&str], &str); 6] = [
        (&["cycle=5"], "unknown parameter `cycle`"),
        (&["cycles=0"], "cycles 0: give between 1 and 10000000"),
        (&["top=5000"], "top 5000: give between 1 and 1000"),
        (
            &["mutation.map=2"],
            "mutation.map 2: give a probability between 0 and 1",
        ),
        (&["goal=win"], "unknown choice `win`"),
        (
            &["preset=gloomdungeons", "players=2"],
            "players 2 with preset gloomdungeons: the published code's preset scores two-player \
             set-ups only and takes no player count; leave out players, or choose preset paper",
        ),
    ];
    for (sets, phrase) in cases {
        refuses(&run(sets), 1, phrase, &[]);
    }
    refuses(
        &run(&["catalog.name=c.json"]),
        1,
        "catalog: no content given",
        &[],
    );
}
