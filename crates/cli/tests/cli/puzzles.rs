//! The puzzle commands: the same file on any thread count, round trips through `puzzle
//! solve`, and the result file's shape.

use super::*;

// ---------------------------------------------------------------------------------------------
// 1. Determinism
// ---------------------------------------------------------------------------------------------

#[test]
fn same_seed_same_file_on_any_thread_count() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let chess = with(
        &["puzzle", "chess", "--agent", "rook", "--pieces", "5N"],
        &QUICK,
    );
    let chromatic = with(&["puzzle", "chromatic", "--size", "8"], &QUICK);
    let replicated = with(&chromatic, &["--replicates", "4"]);
    for (name, args) in [
        ("chess", &chess),
        ("chromatic", &chromatic),
        ("replicates", &replicated),
    ] {
        let files: Vec<String> = (0..4).map(|i| format!("{name}{i}.json")).collect();
        let threads = [None, None, Some("1"), Some("2")];
        for (file, threads) in files.iter().zip(threads) {
            let mut full: Vec<&str> = Vec::new();
            if let Some(n) = threads {
                full.extend(["--threads", n]);
            }
            full.extend(args.iter().copied());
            full.extend(["--seed", "7", "--out", file]);
            let outcome = run_in(d, &full).expect_ok();
            assert_eq!(outcome.summary()["seed"], 7, "{name}");
        }
        let first = fs::read(d.join(&files[0])).unwrap();
        for file in &files[1..] {
            assert!(
                first == fs::read(d.join(file)).unwrap(),
                "{name}: {file} differs from {}",
                files[0]
            );
        }
        assert_eq!(read_json(&d.join(&files[0]))["seed"], 7, "{name}");

        let other = format!("{name}-seed8.json");
        run_in(d, &with(args, &["--seed", "8", "--out", &other])).expect_ok();
        let other_value = read_json(&d.join(&other));
        assert_eq!(other_value["seed"], 8, "{name}");
        assert!(
            first != fs::read(d.join(&other)).unwrap(),
            "{name}: seeds 7 and 8 gave the same file"
        );
        let puzzle = |v: &Value| {
            if v.get("best").is_some() {
                v["best"]["puzzle"].clone()
            } else {
                v["puzzle"].clone()
            }
        };
        assert_ne!(
            puzzle(&read_json(&d.join(&files[0]))),
            puzzle(&other_value),
            "{name}: seeds 7 and 8 gave the same puzzle"
        );
    }
}

#[test]
fn the_global_threads_flag_goes_before_or_after_the_subcommand() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let args = with(&["puzzle", "chess", "--seed", "3"], &QUICK);
    run_in(d, &with(&args, &["--out", "a.json", "--threads", "2"])).expect_ok();
    run_in(
        d,
        &with(&["--threads", "1"], &with(&args, &["--out", "b.json"])),
    )
    .expect_ok();
    assert_eq!(
        fs::read(d.join("a.json")).unwrap(),
        fs::read(d.join("b.json")).unwrap()
    );
}

// ---------------------------------------------------------------------------------------------
// 2. Round trips through `puzzle solve`
// ---------------------------------------------------------------------------------------------

#[test]
fn solve_agrees_with_the_generator() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let cases: [(&str, Vec<&str>); 3] = [
        (
            "chess.json",
            with(
                &["puzzle", "chess", "--pieces", "R,N,3P", "--seed", "11"],
                &QUICK,
            ),
        ),
        (
            "chromatic.json",
            with(
                &["puzzle", "chromatic", "--size", "9", "--seed", "11"],
                &QUICK,
            ),
        ),
        (
            "set.json",
            with(
                &["puzzle", "chess", "--agent", "knight", "--seed", "11"],
                &with(&QUICK, &["--replicates", "3"]),
            ),
        ),
    ];
    for (file, args) in &cases {
        run_in(d, &with(args, &["--out", file])).expect_ok();
        let result = read_json(&d.join(file));
        let best = if result.get("best").is_some() {
            &result["best"]
        } else {
            &result
        };
        let solved = run_in(d, &["puzzle", "solve", file]).expect_ok().summary();
        assert_eq!(solved["min_moves"], best["min_moves"], "{file}");
        assert_eq!(solved["kind"], best["puzzle"]["kind"], "{file}");
        assert_eq!(solved["measures"], best["measures"], "{file}");
        let solution = strings(&solved["solution"]);
        assert_eq!(solution.len() as u64, int(&best["min_moves"]) + 1, "{file}");
        // Solving the puzzle object alone gives the same answer.
        let alone = format!("alone-{file}");
        fs::write(d.join(&alone), best["puzzle"].to_string()).unwrap();
        let again = run_in(d, &["puzzle", "solve", &alone])
            .expect_ok()
            .summary();
        for key in ["kind", "min_moves", "solution", "measures"] {
            assert_eq!(again[key], solved[key], "{file}: {key}");
        }
    }
}

#[test]
fn solve_a_hand_made_chromatic_maze() {
    // Top rank first:      a b c
    //   rank 3:            R Y Y
    //   rank 2:            R Y O
    //   rank 1:            R O O
    // Steps go to an orthogonal neighbour of the same or a neighbouring wheel colour
    // (R-O, O-Y, ...). Red never meets yellow, so the a-file's reds only lead to b1 (orange).
    // Four moves is the least any a1→c3 path needs, and three monotone paths work:
    // a1 b1 c1 c2 c3, a1 b1 b2 c2 c3 and a1 b1 b2 b3 c3.
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(
        d,
        "maze.json",
        r#"{"kind": "chromatic", "rows": ["RYY", "RYO", "ROO"], "entrance": "a1", "exit": "c3"}"#,
    );
    let outcome = run_in(d, &["puzzle", "solve", "maze.json"]).expect_ok();
    let summary = outcome.summary();
    assert_eq!(summary["kind"], "chromatic");
    assert_eq!(summary["min_moves"], 4);
    assert_eq!(summary["measures"]["shortest_solutions"], 3);
    assert_eq!(summary["measures"]["reachable"], 9);
    let solution = strings(&summary["solution"]).join(" ");
    assert!(
        ["a1 b1 c1 c2 c3", "a1 b1 b2 c2 c3", "a1 b1 b2 b3 c3"].contains(&solution.as_str()),
        "{solution}"
    );
    assert!(outcome.stderr.contains("4 moves"), "{}", outcome.stderr);
}

#[test]
fn solve_a_hand_made_chess_maze() {
    // 5x5, rook from a1 to e5, a knight on b4 covers a2, c2, d3 and d5. The a-file is closed
    // at a2, so the rook goes along rank 1 and up the e-file: a1 e1 e5, the only 2-move way
    // (one move cannot reach e5 from a1).
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(
        d,
        "maze.json",
        r#"{"kind": "chess", "width": 5, "height": 5, "agent": "rook", "entrance": "a1",
            "exit": "e5", "pieces": [{"piece": "N", "square": "b4"}]}"#,
    );
    let summary = run_in(d, &["puzzle", "solve", "maze.json"])
        .expect_ok()
        .summary();
    assert_eq!(summary["kind"], "chess");
    assert_eq!(summary["min_moves"], 2);
    assert_eq!(strings(&summary["solution"]), ["a1", "e1", "e5"]);
    assert_eq!(summary["measures"]["shortest_solutions"], 1);
    // 25 squares less the knight's own and the four it covers.
    assert_eq!(summary["measures"]["reachable"], 20);
}

// ---------------------------------------------------------------------------------------------
// 3. The result file's shape
// ---------------------------------------------------------------------------------------------

/// Knight-covered squares of `pieces`.
fn knight_cover(pieces: &HashSet<(i64, i64)>) -> HashSet<(i64, i64)> {
    let jumps = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    pieces
        .iter()
        .flat_map(|&(f, r)| jumps.iter().map(move |&(df, dr)| (f + df, r + dr)))
        .collect()
}

#[test]
fn chess_result_shape_and_a_legal_solution() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    run_in(
        d,
        &with(
            &[
                "puzzle", "chess", "--agent", "rook", "--pieces", "5N", "--seed", "4", "--out",
                "r.json",
            ],
            &QUICK,
        ),
    )
    .expect_ok();
    let result = read_json(&d.join("r.json"));
    let puzzle = &result["puzzle"];
    assert_eq!(puzzle["kind"], "chess");
    assert_eq!(puzzle["width"], 11);
    assert_eq!(puzzle["height"], 11);
    assert_eq!(puzzle["agent"], "rook");
    assert_eq!(puzzle["entrance"], "a1");
    assert_eq!(puzzle["exit"], "k11");
    let pieces = puzzle["pieces"].as_array().expect("pieces");
    assert_eq!(pieces.len(), 5);
    let mut occupied = HashSet::new();
    for piece in pieces {
        assert_eq!(piece["piece"], "N", "{piece}");
        let (f, r) = square(piece["square"].as_str().expect("a square"));
        assert!((0..11).contains(&f) && (0..11).contains(&r), "{piece}");
        assert!(occupied.insert((f, r)), "two pieces on {piece}");
    }
    let covered = knight_cover(&occupied);

    let min_moves = int(&result["min_moves"]);
    let solution = strings(&result["solution"]);
    assert_eq!(solution.len() as u64, min_moves + 1);
    assert_eq!(solution.first().unwrap(), "a1");
    assert_eq!(solution.last().unwrap(), "k11");
    // Every rook move is along a line, over and onto squares neither occupied nor covered.
    for step in solution.windows(2) {
        let (from, to) = (square(&step[0]), square(&step[1]));
        assert!(from != to && (from.0 == to.0 || from.1 == to.1), "{step:?}");
        let (df, dr) = ((to.0 - from.0).signum(), (to.1 - from.1).signum());
        let mut at = from;
        while at != to {
            at = (at.0 + df, at.1 + dr);
            assert!(
                !occupied.contains(&at) && !covered.contains(&at),
                "{step:?} passes {at:?}"
            );
        }
    }

    let measures = &result["measures"];
    for key in [
        "reachable",
        "dead_ends",
        "decision_points",
        "shortest_solutions",
    ] {
        int(&measures[key]);
    }
    assert!(int(&measures["shortest_solutions"]) >= 1);
    assert!(int(&measures["reachable"]) > min_moves);
    assert_eq!(result["seed"], 4);
    let params = &result["params"];
    assert_eq!(params["kind"], "chess");
    assert_eq!(params["agent"], "rook");
    assert_eq!(params["pieces"], "5N");
    assert_eq!(params["population"], 60);
    assert_eq!(params["budget"]["matings"], 1500);
    assert_eq!(params["tournament"], 7);
    assert_eq!(params["strategy"], "steady-state");
}

#[test]
fn mixed_pieces_are_all_placed() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    run_in(
        d,
        &with(
            &[
                "puzzle", "chess", "--agent", "king", "--pieces", "R,N,3P", "--size", "9",
                "--seed", "2", "--out", "r.json",
            ],
            &QUICK,
        ),
    )
    .expect_ok();
    let result = read_json(&d.join("r.json"));
    assert_eq!(result["puzzle"]["agent"], "king");
    assert_eq!(result["puzzle"]["exit"], "i9");
    let mut letters: Vec<String> = result["puzzle"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["piece"].as_str().unwrap().to_string())
        .collect();
    letters.sort();
    assert_eq!(letters, ["N", "P", "P", "P", "R"]);
    let squares: HashSet<&str> = result["puzzle"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["square"].as_str().unwrap())
        .collect();
    assert_eq!(squares.len(), 5);
    assert!(!squares.contains("a1") && !squares.contains("i9"));
    // A king steps to one of its eight neighbours.
    let solution = strings(&result["solution"]);
    assert_eq!(solution.len() as u64, int(&result["min_moves"]) + 1);
    for step in solution.windows(2) {
        let (a, b) = (square(&step[0]), square(&step[1]));
        assert!(
            (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1 && a != b,
            "{step:?}"
        );
        assert!(!squares.contains(step[1].as_str()), "{step:?}");
    }
}

/// Wheel position of a colour letter.
fn wheel(letter: char) -> i64 {
    "ROYGBV"
        .find(letter)
        .unwrap_or_else(|| panic!("{letter:?} is not a colour")) as i64
}

#[test]
fn chromatic_result_shape_and_a_legal_solution() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    run_in(
        d,
        &with(
            &[
                "puzzle",
                "chromatic",
                "--width",
                "7",
                "--height",
                "5",
                "--seed",
                "9",
                "--out",
                "r.json",
            ],
            &QUICK,
        ),
    )
    .expect_ok();
    let result = read_json(&d.join("r.json"));
    let puzzle = &result["puzzle"];
    assert_eq!(puzzle["kind"], "chromatic");
    assert_eq!(puzzle["entrance"], "a1");
    assert_eq!(puzzle["exit"], "g5");
    // One row per rank, top rank first, each as wide as the board.
    let rows = strings(&puzzle["rows"]);
    assert_eq!(rows.len(), 5);
    for row in &rows {
        assert_eq!(row.chars().count(), 7, "{row}");
        assert!(row.chars().all(|c| "ROYGBV".contains(c)), "{row}");
    }
    let colour = |name: &str| {
        let (f, r) = square(name);
        rows[(4 - r) as usize].chars().nth(f as usize).unwrap()
    };
    let solution = strings(&result["solution"]);
    assert_eq!(solution.len() as u64, int(&result["min_moves"]) + 1);
    assert_eq!(solution.first().unwrap(), "a1");
    assert_eq!(solution.last().unwrap(), "g5");
    for step in solution.windows(2) {
        let (a, b) = (square(&step[0]), square(&step[1]));
        assert_eq!((a.0 - b.0).abs() + (a.1 - b.1).abs(), 1, "{step:?}");
        let gap = (wheel(colour(&step[0])) - wheel(colour(&step[1]))).rem_euclid(6);
        assert!(matches!(gap, 0 | 1 | 5), "{step:?}: colours too far apart");
    }
    assert_eq!(result["params"]["width"], 7);
    assert_eq!(result["params"]["height"], 5);
    assert!(result["params"].get("agent").is_none());
}

#[test]
fn replicate_set_shape() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let outcome = run_in(
        d,
        &with(
            &[
                "puzzle",
                "chromatic",
                "--size",
                "7",
                "--replicates",
                "3",
                "--seed",
                "21",
                "--out",
                "set.json",
            ],
            &QUICK,
        ),
    )
    .expect_ok();
    let summary = outcome.summary();
    assert_eq!(summary["replicates"], 3);
    let set = read_json(&d.join("set.json"));
    assert_eq!(set["count"], 3);
    assert_eq!(set["seed"], 21);
    let replicates = set["replicates"].as_array().expect("replicates");
    assert_eq!(replicates.len(), 3);
    let seeds: HashSet<u64> = replicates.iter().map(|r| int(&r["seed"])).collect();
    assert_eq!(seeds.len(), 3, "replicates share a seed");
    let distinct: HashSet<String> = replicates.iter().map(|r| r["puzzle"].to_string()).collect();
    assert_eq!(int(&set["distinct"]), distinct.len() as u64);
    assert_eq!(summary["distinct"], set["distinct"]);
    let moves: Vec<u64> = replicates.iter().map(|r| int(&r["min_moves"])).collect();
    assert_eq!(summary["min_moves"], serde_json::to_value(&moves).unwrap());
    // Maximising: the best is the first replicate with the most moves.
    let most = *moves.iter().max().unwrap();
    let first_best = moves.iter().position(|&m| m == most).unwrap();
    assert_eq!(set["best"], replicates[first_best]);
    for r in replicates {
        assert_eq!(
            strings(&r["solution"]).len() as u64,
            int(&r["min_moves"]) + 1
        );
    }
}
