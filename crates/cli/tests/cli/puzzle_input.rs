//! The puzzle commands' targets and the bad settings, paths and files they refuse.

use super::*;

// ---------------------------------------------------------------------------------------------
// 4. Targets
// ---------------------------------------------------------------------------------------------

#[test]
fn a_reachable_target_is_met_exactly() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let outcome = run_in(
        d,
        &with(
            &[
                "puzzle",
                "chromatic",
                "--size",
                "6",
                "--target",
                "10",
                "--seed",
                "2",
                "--out",
                "t.json",
            ],
            &QUICK,
        ),
    )
    .expect_ok();
    let summary = outcome.summary();
    assert_eq!(summary["min_moves"], 10);
    assert_eq!(summary["target"]["met"], true);
    let result = read_json(&d.join("t.json"));
    assert_eq!(result["min_moves"], 10);
    assert_eq!(result["target"]["value"], 10);
    assert_eq!(result["target"]["met"], true);
    assert_eq!(strings(&result["solution"]).len(), 11);
    assert!(!outcome.stderr.contains("not met"), "{}", outcome.stderr);
}

#[test]
fn an_impossible_target_is_refused_before_any_work() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    for kind in ["chromatic", "chess"] {
        let outcome = run_in(
            d,
            &with(
                &[
                    "puzzle", kind, "--target", "9999", "--out", "t.json", "--svg", "t.svg",
                ],
                &QUICK,
            ),
        );
        assert_eq!(outcome.code, 1, "{}", outcome.describe());
        assert!(outcome.stderr.contains("error: "), "{}", outcome.stderr);
        assert!(outcome.stderr.contains("impossible"), "{}", outcome.stderr);
        assert!(outcome.stderr.contains("9999"), "{}", outcome.stderr);
        assert!(outcome.stdout.is_empty(), "{}", outcome.stdout);
        assert!(listing(d).is_empty(), "{kind}: {:?}", listing(d));
    }
}

#[test]
fn an_unmet_target_exits_3_and_still_writes_the_result() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let outcome = run_in(
        d,
        &[
            "puzzle",
            "chromatic",
            "--size",
            "11",
            "--target",
            "110",
            "--population",
            "20",
            "--matings",
            "50",
            "--seed",
            "5",
            "--out",
            "t.json",
            "--svg",
            "t.svg",
        ],
    );
    assert_eq!(outcome.code, 3, "{}", outcome.describe());
    assert!(
        outcome.stderr.contains("target not met"),
        "{}",
        outcome.stderr
    );
    assert!(!outcome.stderr.contains("panicked"), "{}", outcome.stderr);
    let summary = outcome.summary();
    assert_eq!(summary["target"]["met"], false);
    let result = read_json(&d.join("t.json"));
    assert_eq!(result["target"]["value"], 110);
    assert_eq!(result["target"]["met"], false);
    let moves = int(&result["min_moves"]);
    assert_ne!(moves, 110);
    assert_eq!(summary["min_moves"], moves);
    assert_eq!(strings(&result["solution"]).len() as u64, moves + 1);
    assert!(
        fs::read_to_string(d.join("t.svg"))
            .unwrap()
            .contains("<svg")
    );
    // The written file is a complete, solvable puzzle.
    let solved = run_in(d, &["puzzle", "solve", "t.json"])
        .expect_ok()
        .summary();
    assert_eq!(solved["min_moves"], moves);
    // The summary names the file it read, rather than repeating it.
    let length = fs::metadata(d.join("t.json")).unwrap().len();
    assert_eq!(
        solved["parameters"]["puzzle"],
        format!("(left out here: the content of t.json, {length} bytes)")
    );
    // With replicates too.
    let outcome = run_in(
        d,
        &[
            "puzzle",
            "chromatic",
            "--target",
            "110",
            "--population",
            "20",
            "--matings",
            "50",
            "--replicates",
            "2",
            "--seed",
            "5",
            "--out",
            "set.json",
        ],
    );
    assert_eq!(outcome.code, 3, "{}", outcome.describe());
    assert!(
        outcome.stderr.contains("target not met"),
        "{}",
        outcome.stderr
    );
    let set = read_json(&d.join("set.json"));
    assert_eq!(set["target_hits"], 0);
    assert_eq!(set["replicates"].as_array().unwrap().len(), 2);
}

// ---------------------------------------------------------------------------------------------
// 5. Bad input
// ---------------------------------------------------------------------------------------------

#[test]
fn bad_generation_settings_are_refused() {
    // Every case fails before any evolution, so the default budget costs nothing.
    let outputs = [
        "--out", "r.json", "--svg", "r.svg", "--png", "r.png", "--log", "r.log",
    ];
    let chess = |extra: &[&str]| -> Vec<String> {
        ["puzzle", "chess"]
            .iter()
            .chain(extra)
            .chain(&outputs)
            .map(|s| s.to_string())
            .collect()
    };
    let chromatic = |extra: &[&str]| -> Vec<String> {
        ["puzzle", "chromatic"]
            .iter()
            .chain(extra)
            .chain(&outputs)
            .map(|s| s.to_string())
            .collect()
    };
    let cases: Vec<(Vec<String>, i32, &str)> = vec![
        (chess(&["--size", "2"]), 1, "between 3 and 64"),
        (chromatic(&["--size", "2"]), 1, "between 3 and 64"),
        (chess(&["--size", "65"]), 1, "between 3 and 64"),
        (chess(&["--width", "70"]), 1, "70x11"),
        (chromatic(&["--height", "0"]), 1, "between 3 and 64"),
        (chess(&["--size", "abc"]), 2, "invalid value 'abc'"),
        (chess(&["--size", "-3"]), 2, "invalid value '-3'"),
        (
            chess(&["--entrance", "a1", "--exit", "a1"]),
            1,
            "the entrance and the exit are both a1",
        ),
        (
            chromatic(&["--entrance", "c3", "--exit", "c3"]),
            1,
            "both c3",
        ),
        (chess(&["--entrance", "z99"]), 1, "\"z99\" is not a square"),
        (chess(&["--exit", "l11"]), 1, "\"l11\" is not a square"),
        (chromatic(&["--exit", "a0"]), 1, "\"a0\" is not a square"),
        (chess(&["--pieces", "5X"]), 1, "'X' is not a piece letter"),
        (chess(&["--pieces", "0N"]), 1, "a count of zero"),
        (chess(&["--pieces", ""]), 1, "no pieces given"),
        (chess(&["--pieces", "5"]), 1, "has no piece letter"),
        (
            chess(&["--size", "3", "--pieces", "8P"]),
            1,
            "8 pieces do not fit on a 3x3 board",
        ),
        (chess(&["--agent", "dragon"]), 1, "unknown agent \"dragon\""),
        // A queen anywhere on 3x3 covers a1 or c3, or blocks the rook's way. (A small
        // population: every member makes its own 100,000 attempts before the run gives up.)
        (
            chess(&[
                "--size",
                "3",
                "--pieces",
                "Q",
                "--population",
                "4",
                "--tournament",
                "4",
            ]),
            1,
            "cannot place the pieces Q on a 3x3 board",
        ),
        (
            chess(&["--agent", "pawn"]),
            1,
            "a pawn only moves one square forward",
        ),
        (
            chess(&["--agent", "pawn", "--exit", "b11"]),
            1,
            "a pawn only moves one square forward",
        ),
        // a1 is (0+0) even, j9 is (9+8) odd: different colours.
        (
            chess(&["--size", "10", "--agent", "bishop", "--exit", "j9"]),
            1,
            "a bishop stays on squares of one colour",
        ),
        // 10 wide, 11 high: j11 is (9+10) odd.
        (
            chess(&["--width", "10", "--height", "11", "--agent", "bishop"]),
            1,
            "a bishop stays on squares of one colour",
        ),
        (chess(&["--population", "2"]), 1, "population 2"),
        (chess(&["--tournament", "1"]), 1, "tournament 1"),
        (
            chess(&["--tournament", "3"]),
            1,
            "tournament 3: give between 4",
        ),
        (
            chess(&["--population", "60", "--tournament", "61"]),
            1,
            "tournament 61: give between 4 and the population size (60)",
        ),
        (
            chess(&[
                "--population",
                "60",
                "--strategy",
                "generational",
                "--elite",
                "60",
            ]),
            1,
            "elite 60",
        ),
        (chess(&["--strategy", "sideways"]), 2, "sideways"),
        (chess(&["--matings", "0"]), 1, "matings 0"),
        (chess(&["--generations", "0"]), 1, "generations 0"),
        (chess(&["--evaluations", "0"]), 1, "evaluations 0"),
        (chess(&["--max-mutations", "0"]), 1, "max-mutations 0"),
        (chess(&["--time", "-1"]), 1, "seconds -1"),
        (chess(&["--time", "0"]), 1, "seconds 0"),
        (chess(&["--time", "nan"]), 1, "seconds NaN"),
        (chess(&["--time", "1e8"]), 1, "at most 10000000"),
        (chess(&["--replicates", "0"]), 1, "replicates 0"),
        (chess(&["--replicates", "-2"]), 2, "invalid value '-2'"),
        (
            chess(&["--target", "0"]),
            1,
            "a target of 0 moves is impossible",
        ),
        // A rook needs two moves from a1 to k11 on the empty board, so no maze needs one.
        (
            chess(&["--target", "1"]),
            1,
            "every puzzle there needs at least 2 and at most",
        ),
        // Entrance a1 and exit e5 are 8 steps apart on a chromatic board.
        (
            chromatic(&["--size", "5", "--target", "7"]),
            1,
            "needs at least 8 and at most 24 moves",
        ),
        (
            chromatic(&["--size", "3", "--target", "9"]),
            1,
            "a target of 9 moves is impossible",
        ),
        (chess(&["--seed", "x"]), 2, "invalid value 'x'"),
    ];
    for (args, code, phrase) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        refuses(&args, *code, phrase, &[]);
    }
    for threads in ["0", "2000"] {
        refuses(
            &[
                "--threads",
                threads,
                "puzzle",
                "chess",
                "--matings",
                "300",
                "--out",
                "r.json",
            ],
            1,
            &format!("--threads {threads}"),
            &[],
        );
    }
    refuses(
        &["--threads", "two", "puzzle", "chess", "--out", "r.json"],
        2,
        "invalid value 'two'",
        &[],
    );
}

#[test]
fn bad_output_paths_are_refused_before_any_work() {
    for flag in ["--out", "--svg", "--png", "--log"] {
        let base = ["puzzle", "chess", "--population", "60", "--matings", "300"];
        // A folder that does not exist: nothing at all is written, not even the other files.
        let mut args: Vec<&str> = base.to_vec();
        for (other, file) in [
            ("--out", "r.json"),
            ("--svg", "r.svg"),
            ("--png", "r.png"),
            ("--log", "r.log"),
        ] {
            args.push(other);
            args.push(if other == flag { "nosuch/r.x" } else { file });
        }
        refuses(&args, 1, "does not exist", &[]);
        // A path that is an existing folder.
        let mut args: Vec<&str> = base.to_vec();
        for (other, file) in [
            ("--out", "r.json"),
            ("--svg", "r.svg"),
            ("--png", "r.png"),
            ("--log", "r.log"),
        ] {
            args.push(other);
            args.push(if other == flag { "adir" } else { file });
        }
        refuses(&args, 1, "that is a folder", &[("adir", None)]);
    }
}

#[test]
fn bad_puzzle_files_are_refused() {
    let chess = |pieces: &str| {
        format!(
            r#"{{"kind": "chess", "width": 5, "height": 5, "agent": "rook", "pieces": [{pieces}]}}"#
        )
    };
    let cases: Vec<(&str, Option<String>, &str)> = vec![
        ("missing.json", None, "cannot read missing.json"),
        ("empty.json", Some(String::new()), "not valid JSON"),
        (
            "broken.json",
            Some(r#"{"kind": "chess", "width": 5"#.to_string()),
            "not valid JSON",
        ),
        (
            "shape.json",
            Some(r#"{"hello": "world"}"#.to_string()),
            "not a puzzle",
        ),
        ("array.json", Some("[1, 2, 3]".to_string()), "not a puzzle"),
        (
            "sudoku.json",
            Some(r#"{"kind": "sudoku"}"#.to_string()),
            "not a puzzle",
        ),
        (
            "on-entrance.json",
            Some(chess(r#"{"piece": "N", "square": "a1"}"#)),
            "the knight on a1 stands on the entrance",
        ),
        // A knight on d3 covers e5, the default exit of a 5x5 board.
        (
            "covers-exit.json",
            Some(chess(r#"{"piece": "N", "square": "d3"}"#)),
            "covers the exit e5",
        ),
        // A knight on b3 covers a1.
        (
            "covers-entrance.json",
            Some(chess(r#"{"piece": "N", "square": "b3"}"#)),
            "covers the entrance",
        ),
        (
            "two.json",
            Some(chess(
                r#"{"piece": "N", "square": "c3"}, {"piece": "P", "square": "c3"}"#,
            )),
            "two pieces stand on c3",
        ),
        (
            "letter.json",
            Some(chess(r#"{"piece": "X", "square": "c3"}"#)),
            "'X' on c3 is not a piece letter",
        ),
        (
            "off-board.json",
            Some(chess(r#"{"piece": "N", "square": "f6"}"#)),
            "\"f6\" is not a square",
        ),
        (
            "agent.json",
            Some(
                r#"{"kind": "chess", "width": 5, "height": 5, "agent": "dragon", "pieces": []}"#
                    .to_string(),
            ),
            "unknown agent",
        ),
        (
            "rows.json",
            Some(r#"{"kind": "chromatic", "rows": ["RRR", "RR", "RRR"]}"#.to_string()),
            "row 2",
        ),
        (
            "colour.json",
            Some(r#"{"kind": "chromatic", "rows": ["RRR", "RXR", "RRR"]}"#.to_string()),
            "'X' at b2 is not a colour",
        ),
        (
            "tiny.json",
            Some(r#"{"kind": "chromatic", "rows": ["RR", "RR"]}"#.to_string()),
            "between 3 and 64",
        ),
        // The exit c3 is green; its neighbours are red (b3) and green (c2), and c2's other
        // neighbours b2 and c1 are red. Red and green are not neighbours on the wheel, so
        // c2 and c3 are cut off.
        (
            "walled.json",
            Some(r#"{"kind": "chromatic", "rows": ["RRG", "RRG", "RRR"]}"#.to_string()),
            "no solution",
        ),
        // A rook on c3 covers the whole c-file and third rank: a1 is cut off from e5.
        (
            "rook-wall.json",
            Some(chess(r#"{"piece": "R", "square": "c3"}"#)),
            "no solution",
        ),
    ];
    for (name, text, phrase) in &cases {
        let fixtures: Vec<(&str, Option<&str>)> = match text {
            Some(text) => vec![(*name, Some(text.as_str()))],
            None => vec![],
        };
        refuses(
            &[
                "puzzle",
                "solve",
                name,
                "--svg",
                "p.svg",
                "--png",
                "p.png",
                "--solution",
            ],
            1,
            phrase,
            &fixtures,
        );
    }
    // The unsolvable ones name both ends.
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(
        d,
        "walled.json",
        r#"{"kind": "chromatic", "rows": ["RRG", "RRG", "RRR"]}"#,
    );
    let outcome = run_in(d, &["puzzle", "solve", "walled.json"]);
    assert_eq!(outcome.code, 1, "{}", outcome.describe());
    assert!(
        outcome.stderr.contains("c3") && outcome.stderr.contains("a1"),
        "{}",
        outcome.stderr
    );
    // A folder in place of a puzzle file, and pictures into a missing folder.
    refuses(
        &["puzzle", "solve", "adir"],
        1,
        "cannot read adir",
        &[("adir", None)],
    );
    refuses(
        &["puzzle", "solve", "ok.json", "--svg", "nosuch/p.svg"],
        1,
        "does not exist",
        &[(
            "ok.json",
            Some(r#"{"kind": "chromatic", "rows": ["RRR", "RRR", "RRR"]}"#),
        )],
    );
    refuses(&["puzzle", "solve"], 2, "<FILE>", &[]);
}

#[test]
fn a_bishop_between_squares_of_one_colour_is_accepted() {
    // On a 10x10 board a1 (0+0) and j10 (9+9) are both even: the same colour.
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let outcome = run_in(
        d,
        &with(
            &[
                "puzzle", "chess", "--size", "10", "--agent", "bishop", "--seed", "1", "--out",
                "b.json",
            ],
            &QUICK,
        ),
    )
    .expect_ok();
    let result = read_json(&d.join("b.json"));
    assert_eq!(result["puzzle"]["exit"], "j10");
    assert_eq!(outcome.summary()["min_moves"], result["min_moves"]);
    for name in strings(&result["solution"]) {
        let (f, r) = square(&name);
        assert_eq!((f + r) % 2, 0, "{name} is off the bishop's colour");
    }
}
