//! `ludoforge portals`: the dungeon file, its exports, targets, the study and bad input.

use super::*;

/// Every portal as (from, to) from a dungeon file's room list.
fn portals_of(file: &Value) -> Vec<(u64, u64)> {
    let mut arcs = Vec::new();
    for room in file["dungeon"]["rooms"].as_array().unwrap() {
        for to in room["portals"].as_array().unwrap() {
            arcs.push((int(&room["id"]), int(to)));
        }
    }
    arcs
}

#[test]
fn a_dungeon_file_with_every_export() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let args = [
        "portals",
        "generate",
        "--min-path",
        "7",
        "--seed",
        "5",
        "--out",
        "d.json",
        "--dot",
        "d.dot",
        "--svg",
        "d.svg",
        "--png",
        "d.png",
        "--handout",
        "d.md",
    ];
    let outcome = run_in(d, &args).expect_ok();
    let summary = outcome.summary();
    assert_eq!(summary["seed"], 5);
    let file = read_json(&d.join("d.json"));
    assert_eq!(file["generator"], "portals");
    assert_eq!(file["seed"], 5);
    assert_eq!(file["settings"]["min_path"], 7);
    let rooms = file["dungeon"]["rooms"].as_array().unwrap();
    let arcs = portals_of(&file);
    assert_eq!(int(&file["measures"]["rooms"]), rooms.len() as u64);
    assert_eq!(int(&file["measures"]["portals"]), arcs.len() as u64);
    assert_eq!(file["dungeon"]["origin"], 0);
    // The flat portal list agrees with the rooms'.
    let flat: Vec<(u64, u64)> = file["dungeon"]["portals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (int(&p[0]), int(&p[1])))
        .collect();
    assert_eq!(flat, arcs);
    // The shortest route is M portals long and made of real portals.
    let route: Vec<u64> = file["dungeon"]["shortest_route"]
        .as_array()
        .unwrap()
        .iter()
        .map(int)
        .collect();
    assert_eq!(route.len(), 8);
    assert_eq!(route[0], 0);
    assert_eq!(*route.last().unwrap(), int(&file["dungeon"]["exit"]));
    for pair in route.windows(2) {
        assert!(arcs.contains(&(pair[0], pair[1])));
    }
    let walks = &file["measures"]["walks"];
    assert_eq!(walks["walks"], 1000);
    assert!(int(&walks["min"]) >= 7);
    assert!(int(&walks["max"]) <= int(&file["measures"]["longest_route"]));
    // DOT: one edge line per portal.
    let dot = fs::read_to_string(d.join("d.dot")).unwrap();
    assert!(dot.trim_start().starts_with("digraph"));
    assert_eq!(dot.matches(" -> ").count(), arcs.len());
    // Graphviz reads it, where it is installed.
    match Command::new("dot")
        .arg("-Tsvg")
        .arg(d.join("d.dot"))
        .output()
    {
        Ok(rendered) => assert!(
            rendered.status.success(),
            "{}",
            String::from_utf8_lossy(&rendered.stderr)
        ),
        Err(_) => eprintln!("Graphviz `dot` is not installed: the DOT file was not rendered"),
    }
    assert!(is_svg(&fs::read_to_string(d.join("d.svg")).unwrap()));
    assert!(fs::read(d.join("d.png")).unwrap().starts_with(b"\x89PNG"));
    let handout = fs::read_to_string(d.join("d.md")).unwrap();
    assert_eq!(handout.matches("\n## Room ").count(), rooms.len());

    // Same seed, same bytes, on any thread count.
    let again = with(&["--threads", "1"], &args);
    let again: Vec<&str> = again
        .iter()
        .map(|a| if *a == "d.json" { "e.json" } else { a })
        .collect();
    run_in(d, &again).expect_ok();
    assert_eq!(
        fs::read(d.join("d.json")).unwrap(),
        fs::read(d.join("e.json")).unwrap()
    );

    // `show` reads the file back and measures the same.
    run_in(d, &["portals", "show", "d.json", "--out", "f.json"]).expect_ok();
    assert_eq!(
        fs::read(d.join("d.json")).unwrap(),
        fs::read(d.join("f.json")).unwrap()
    );
}

#[test]
fn candidates_are_chosen_by_the_targets() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    // A generous target met by the best of many candidates.
    let met = run_in(
        d,
        &[
            "portals",
            "generate",
            "--min-path",
            "9",
            "--candidates",
            "40",
            "--max-longest",
            "13",
            "--min-decisions",
            "6",
            "--seed",
            "3",
            "--out",
            "a.json",
        ],
    )
    .expect_ok();
    let file = read_json(&d.join("a.json"));
    assert!(int(&file["measures"]["longest_route"]) <= 13);
    assert!(int(&file["measures"]["decision_rooms"]) >= 6);
    assert_eq!(file["settings"]["candidates"], 40);
    let verdicts = file["verdicts"].as_array().unwrap();
    assert_eq!(verdicts.len(), 2);
    assert!(verdicts.iter().all(|v| v["met"] == true));
    assert!(met.stderr.contains("longest route"), "{}", met.stderr);

    // An impossible mean walk (M = 9 walks cannot average 3 portals): exit 3, still written.
    let missed = run_in(
        d,
        &[
            "portals",
            "generate",
            "--candidates",
            "5",
            "--mean-walk",
            "3",
            "--seed",
            "3",
            "--out",
            "b.json",
        ],
    );
    assert_eq!(missed.code, 3, "{}", missed.describe());
    assert!(
        missed.stderr.contains("target not met"),
        "{}",
        missed.stderr
    );
    let file = read_json(&d.join("b.json"));
    assert_eq!(file["verdicts"][0]["met"], false);
}

#[test]
fn the_study_writes_its_table_csv_and_plot() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let outcome = run_in(
        d,
        &[
            "portals",
            "study",
            "--min-path",
            "3..8",
            "--graphs",
            "3",
            "--walks",
            "100",
            "--csv",
            "s.csv",
            "--svg",
            "s.svg",
            "--png",
            "s.png",
            "--out",
            "s.json",
        ],
    )
    .expect_ok();
    assert!(outcome.stdout.contains("lower bound"), "{}", outcome.stdout);
    let csv = fs::read_to_string(d.join("s.csv")).unwrap();
    assert_eq!(csv.lines().count(), 7);
    assert!(csv.starts_with("min_path,graphs,walks,lower,mean,upper,mean_rooms"));
    for (line, m) in csv.lines().skip(1).zip(3..) {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields[0], m.to_string());
        assert_eq!(fields[3], m.to_string(), "the lower bound is M: {line}");
    }
    assert!(is_svg(&fs::read_to_string(d.join("s.svg")).unwrap()));
    assert!(fs::read(d.join("s.png")).unwrap().starts_with(b"\x89PNG"));
    let study = read_json(&d.join("s.json"));
    assert_eq!(study["rows"].as_array().unwrap().len(), 6);
}

#[test]
fn bad_portal_settings_are_refused() {
    let out = [
        "--out", "d.json", "--svg", "d.svg", "--png", "d.png", "--dot", "d.dot",
    ];
    let generate = |extra: &[&'static str]| with(&with(&["portals", "generate"], extra), &out);
    let cases: [(&[&'static str], &str); 13] = [
        (&["--min-path", "0"], "min_path 0: give"),
        (&["--min-path", "-3"], "min_path -3"),
        (&["--max-portals", "0"], "max_portals 0"),
        (&["--rooms", "60..20"], "smaller bound first"),
        (&["--rooms", "ten..20"], "write a range"),
        (&["--rooms", "3..8"], "cannot hold a route of 9 portals"),
        (
            &["--min-path", "14", "--rooms", "15..16", "--attempts", "20"],
            "between 15 and 16 rooms",
        ),
        (
            &["--max-portals", "1", "--rooms", "20..30"],
            "single corridor",
        ),
        (&["--walks", "0"], "walks 0"),
        (&["--candidates", "0"], "candidates 0"),
        (&["--mean-walk", "nan"], "mean_walk NaN"),
        (&["--max-longest", "0"], "max_longest 0"),
        (&["--min-path", "2000"], "between 1 and 1000"),
    ];
    for (extra, phrase) in cases {
        refuses(&generate(extra), 1, phrase, &[]);
    }
    refuses(&generate(&["--min-path", "x"]), 2, "invalid value", &[]);
    refuses(
        &with(&["portals", "generate", "--out", "missing/d.json"], &[]),
        1,
        "does not exist",
        &[],
    );
    let study = |extra: &[&'static str]| {
        with(
            &with(&["portals", "study"], extra),
            &["--csv", "s.csv", "--svg", "s.svg"],
        )
    };
    refuses(&study(&["--min-path", "15..3"]), 1, "as 3..15", &[]);
    refuses(&study(&["--min-path", "0..5"]), 1, "between 1 and", &[]);
    refuses(&study(&["--min-path", "3-15"]), 1, "write a range", &[]);
    refuses(&study(&["--graphs", "0"]), 1, "graphs 0", &[]);
    refuses(
        &study(&["--max-rooms", "5", "--min-path", "3..9"]),
        1,
        "M = 5",
        &[],
    );
}

#[test]
fn bad_dungeon_files_are_refused() {
    let show =
        |name: &'static str| vec!["portals", "show", name, "--out", "o.json", "--svg", "o.svg"];
    refuses(&show("absent.json"), 1, "cannot read absent.json", &[]);
    refuses(
        &show("x.json"),
        1,
        "not a ludoforge portals file",
        &[("x.json", Some("{"))],
    );
    // A valid file, then broken in several ways.
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    run_in(
        d,
        &[
            "portals",
            "generate",
            "--min-path",
            "4",
            "--seed",
            "2",
            "--out",
            "g.json",
        ],
    )
    .expect_ok();
    let good = fs::read_to_string(d.join("g.json")).unwrap();
    let mut value: Value = serde_json::from_str(&good).unwrap();
    value["generator"] = Value::from("puzzle");
    let other = value.to_string();
    refuses(
        &show("p.json"),
        1,
        "\"puzzle\" generator",
        &[("p.json", Some(&other))],
    );

    // A cycle: the exit's parent gets a portal back to the origin's first child.
    let mut value: Value = serde_json::from_str(&good).unwrap();
    let exit = int(&value["dungeon"]["exit"]) as usize;
    value["dungeon"]["rooms"][exit]["portals"] = serde_json::json!([1]);
    let flat = portals_of(&value)
        .iter()
        .map(|&(a, b)| serde_json::json!([a, b]))
        .collect::<Vec<_>>();
    value["dungeon"]["portals"] = Value::from(flat);
    let cyclic = value.to_string();
    refuses(
        &show("c.json"),
        1,
        "not a valid portal dungeon",
        &[("c.json", Some(&cyclic))],
    );

    // A room whose parent has no portal to it (itself: the dungeon has no cycles), one whose
    // parent does not exist, and a second room without a parent: each named in words.
    let value: Value = serde_json::from_str(&good).unwrap();
    let room = value["dungeon"]["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .position(|r| r["parent"] == 0 && r["id"] != 0)
        .unwrap();
    let itself = format!("names room {room} as its parent, but room {room} has no portal to it");
    for (parent, phrase) in [
        (Value::from(room), itself.as_str()),
        (
            Value::from(999),
            "names room 999 as its parent, but there is no room 999",
        ),
        (
            Value::Null,
            "has no parent, but only the origin (room 0) may have none",
        ),
    ] {
        let mut broken = value.clone();
        broken["dungeon"]["rooms"][room]["parent"] = parent;
        refuses(
            &show("r.json"),
            1,
            phrase,
            &[("r.json", Some(&broken.to_string()))],
        );
    }

    // The flat portal list disagrees with the rooms'.
    let mut value: Value = serde_json::from_str(&good).unwrap();
    value["dungeon"]["portals"] = serde_json::json!([[0, 1]]);
    let mismatched = value.to_string();
    refuses(
        &show("m.json"),
        1,
        "does not match",
        &[("m.json", Some(&mismatched))],
    );
}

#[test]
fn evolution_reaches_a_mean_walk_that_choosing_misses() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let evolve = [
        "portals",
        "generate",
        "--evolve",
        "--mean-walk",
        "13",
        "--tolerance",
        "0.25",
        "--population",
        "30",
        "--matings",
        "1500",
        "--walks",
        "300",
        "--seed",
        "4",
        "--out",
        "e.json",
    ];
    run_in(d, &evolve).expect_ok();
    let file = read_json(&d.join("e.json"));
    assert_eq!(file["verdicts"][0]["met"], true);
    assert_eq!(file["settings"]["evolution"]["population"], 30);
    // Same seed, same dungeon, on one thread too; `show` measures it the same.
    let again: Vec<&str> = with(&["--threads", "1"], &evolve)
        .into_iter()
        .map(|a| if a == "e.json" { "f.json" } else { a })
        .collect();
    run_in(d, &again).expect_ok();
    assert_eq!(
        fs::read(d.join("e.json")).unwrap(),
        fs::read(d.join("f.json")).unwrap()
    );
    run_in(d, &["portals", "show", "e.json", "--out", "g.json"]).expect_ok();
    assert_eq!(
        fs::read(d.join("e.json")).unwrap(),
        fs::read(d.join("g.json")).unwrap()
    );
    // --evolve needs a target, and is not --candidates.
    refuses(
        &["portals", "generate", "--evolve"],
        1,
        "needs something to evolve toward",
        &[],
    );
    refuses(
        &[
            "portals",
            "generate",
            "--evolve",
            "--mean-walk",
            "12",
            "--candidates",
            "5",
        ],
        1,
        "not both",
        &[],
    );
    refuses(
        &[
            "portals",
            "generate",
            "--evolve",
            "--mean-walk",
            "12",
            "--population",
            "2",
        ],
        1,
        "population 2",
        &[],
    );
    // Ten million dungeons of at least 9,000 rooms each: about half a terabyte, which no
    // machine this runs on has. Refused before any work, with the figures and the way out.
    refuses(
        &[
            "portals",
            "generate",
            "--evolve",
            "--mean-walk",
            "12",
            "--rooms",
            "9000..10000",
            "--population",
            "10000000",
            "--out",
            "d.json",
        ],
        1,
        "KB per dungeon of about 9000 rooms",
        &[],
    );
}

/// The words of a command line.
fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// Runs `run JOB --params p.json --seed 5 RUN_OUTPUTS` and `SUBCOMMAND` in one folder, and
/// checks that each pair of files has the same bytes.
fn same_bytes_as_run(
    d: &std::path::Path,
    job: &str,
    params: &str,
    run_outputs: &str,
    subcommand: &str,
    pairs: &[(&str, &str)],
) {
    write(d, "p.json", params);
    let run = format!("run {job} --params p.json --seed 5 {run_outputs}");
    let by_run = run_in(d, &words(&run));
    let by_subcommand = run_in(d, &words(subcommand));
    assert!(
        [0, 3].contains(&by_run.code),
        "{job}: {}",
        by_run.describe()
    );
    assert_eq!(
        by_run.code,
        by_subcommand.code,
        "{job}: {}",
        by_subcommand.describe()
    );
    for (a, b) in pairs {
        let (a_bytes, b_bytes) = (fs::read(d.join(a)).unwrap(), fs::read(d.join(b)).unwrap());
        assert!(!a_bytes.is_empty(), "{job}: {a} is empty");
        assert!(a_bytes == b_bytes, "{job}: {a} and {b} differ");
    }
}

#[test]
fn run_portals_writes_the_same_bytes_as_generate() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    // Chosen among candidates, with every export.
    same_bytes_as_run(
        d,
        "portals",
        r#"{"dungeon": {"min_path": 6, "walks": 200, "memory": "party"},
            "targets": {"max_longest": 9, "min_decisions": 4},
            "search": {"candidates": 6}}"#,
        "-o a.json --svg a.svg --png a.png --file dot=a.dot --file handout=a.md",
        "portals generate --min-path 6 --walks 200 --memory party --max-longest 9 \
         --min-decisions 4 --candidates 6 --seed 5 \
         --out b.json --svg b.svg --png b.png --dot b.dot --handout b.md",
        &[
            ("a.json", "b.json"),
            ("a.svg", "b.svg"),
            ("a.png", "b.png"),
            ("a.dot", "b.dot"),
            ("a.md", "b.md"),
        ],
    );
    // Evolved.
    same_bytes_as_run(
        d,
        "portals",
        r#"{"dungeon": {"min_path": 6, "walks": 100},
            "targets": {"mean_walk": 8, "tolerance": 0.25},
            "search": {"evolve": true, "population": 12, "matings": 60}}"#,
        "-o c.json",
        "portals generate --min-path 6 --walks 100 --mean-walk 8 --tolerance 0.25 --evolve \
         --population 12 --matings 60 --seed 5 --out e.json",
        &[("c.json", "e.json")],
    );
}

#[test]
fn run_portals_show_writes_the_same_bytes_as_show() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    run_in(
        d,
        &words("portals generate --min-path 5 --seed 2 --out g.json"),
    )
    .expect_ok();
    let text = fs::read_to_string(d.join("g.json")).unwrap();
    same_bytes_as_run(
        d,
        "portals-show",
        &serde_json::json!({ "dungeon": text }).to_string(),
        "-o a.json --svg a.svg --file handout=a.md",
        "portals show g.json --out b.json --svg b.svg --handout b.md",
        &[
            ("a.json", "b.json"),
            ("a.svg", "b.svg"),
            ("a.md", "b.md"),
            ("a.json", "g.json"),
        ],
    );
}

#[test]
fn run_portals_study_writes_the_same_bytes_as_study() {
    let dir = TempDir::new().unwrap();
    same_bytes_as_run(
        dir.path(),
        "portals-study",
        r#"{"min_path": "3..5", "graphs": 2, "walks": 50, "max_rooms": 400}"#,
        "-o a.json --svg a.svg --file csv=a.csv",
        "portals study --min-path 3..5 --graphs 2 --walks 50 --max-rooms 400 --seed 5 \
         --out b.json --svg b.svg --csv b.csv",
        &[("a.json", "b.json"), ("a.svg", "b.svg"), ("a.csv", "b.csv")],
    );
}

#[test]
fn bad_portal_parameters_through_run_are_refused_before_any_work() {
    let cases = [
        (
            "portals",
            r#"{"search": {"popuation": 10}}"#,
            "unknown parameter `popuation`",
        ),
        (
            "portals",
            r#"{"dungeon": {"min_path": 0}}"#,
            "min_path 0: give a number of portals between 1 and 1000",
        ),
        (
            "portals",
            r#"{"search": {"population": 10}}"#,
            "population 10 is for evolving, and evolve is not set",
        ),
        (
            "portals",
            r#"{"search": {"evolve": true, "candidates": 5}, "targets": {"mean_walk": 12}}"#,
            "candidates 5 and evolve contradict each other",
        ),
        (
            "portals-study",
            r#"{"graphs": 0}"#,
            "graphs 0: give between 1 and 100000",
        ),
        ("portals-study", r#"{"min_path": "9..4"}"#, "as 4..9"),
        (
            "portals-show",
            r#"{"dungeon": "{"}"#,
            "not a ludoforge portals file",
        ),
    ];
    for (job, params, phrase) in cases {
        let run = format!("run {job} --params p.json -o a.json --svg a.svg");
        refuses(&words(&run), 1, phrase, &[("p.json", Some(params))]);
    }
    // The same contradiction from the subcommand, named by the parameters.
    refuses(
        &words("portals generate --population 10 --out d.json"),
        1,
        "population 10 is for evolving, and evolve is not set: set evolve as well",
        &[],
    );
    refuses(
        &words("portals generate --matings 50 --out d.json"),
        1,
        "matings 50 is for evolving",
        &[],
    );
}
