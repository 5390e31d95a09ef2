//! End-to-end tests of the `ludoforge` binary: determinism, round trips through `puzzle solve`,
//! the result file's shape, targets, bad input, pictures, logs and the study.
//!
//! Runs use small populations and budgets so the whole file stays fast.

use std::collections::{BTreeSet, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;
use tempfile::TempDir;

#[path = "cli/corpus.rs"]
mod corpus;
#[path = "cli/gloomhaven.rs"]
mod gloomhaven;
#[path = "cli/jobs.rs"]
mod jobs;
#[path = "cli/portals.rs"]
mod portals;
#[path = "cli/risk.rs"]
mod risk;
#[path = "cli/stock.rs"]
mod stock;
#[path = "cli/vgb.rs"]
mod vgb;
#[path = "cli/writing.rs"]
mod writing;

/// A small, quick search.
const QUICK: [&str; 4] = ["--population", "60", "--matings", "1500"];

/// What a run of the binary did.
struct Outcome {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Outcome {
    /// The single JSON line on stdout.
    fn summary(&self) -> Value {
        let lines: Vec<&str> = self.stdout.lines().collect();
        assert_eq!(lines.len(), 1, "stdout is not one line: {:?}", self.stdout);
        let value: Value = serde_json::from_str(lines[0])
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", lines[0]));
        assert!(value.is_object(), "{value}");
        value
    }

    fn describe(&self) -> String {
        format!(
            "exit {}\n--- stdout\n{}\n--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }

    fn expect_ok(self) -> Self {
        assert_eq!(self.code, 0, "{}", self.describe());
        assert!(!self.stderr.contains("panicked"), "{}", self.describe());
        self
    }
}

/// Runs the binary in `dir` with `args`.
fn run_in(dir: &Path, args: &[&str]) -> Outcome {
    let output = Command::new(env!("CARGO_BIN_EXE_ludoforge"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    Outcome {
        code: output
            .status
            .code()
            .expect("exited normally, not by a signal"),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

/// `args` followed by `extra`.
fn with<'a>(args: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    args.iter().chain(extra).copied().collect()
}

fn read_json(path: &Path) -> Value {
    let text =
        fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, text).expect("write a fixture");
    path
}

/// The names in a folder.
fn listing(dir: &Path) -> BTreeSet<String> {
    fs::read_dir(dir)
        .expect("list the folder")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

/// Square name to (file, rank), both from 0.
fn square(name: &str) -> (i64, i64) {
    let mut chars = name.chars();
    let file = chars.next().expect("a file letter");
    assert!(file.is_ascii_lowercase(), "{name}");
    let rank: i64 = chars.as_str().parse().expect("a rank number");
    (i64::from(file as u8 - b'a'), rank - 1)
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {value}"))
        .iter()
        .map(|v| v.as_str().expect("a string").to_string())
        .collect()
}

fn int(value: &Value) -> u64 {
    value
        .as_u64()
        .unwrap_or_else(|| panic!("not a whole number: {value}"))
}

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

/// Runs a failing command in a fresh folder holding only `fixtures`, with every output flag
/// given, and checks the exit code, the message, and that no output file appeared.
fn refuses(args: &[&str], code: i32, phrase: &str, fixtures: &[(&str, Option<&str>)]) {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    for (name, text) in fixtures {
        match text {
            Some(text) => {
                write(d, name, text);
            }
            None => fs::create_dir(d.join(name)).unwrap(),
        }
    }
    let before = listing(d);
    let outcome = run_in(d, args);
    let shown = format!("{args:?}\n{}", outcome.describe());
    assert_eq!(outcome.code, code, "{shown}");
    assert!(
        outcome.stderr.contains(phrase),
        "wanted {phrase:?}: {shown}"
    );
    assert!(outcome.stderr.contains("error: "), "{shown}");
    assert!(!outcome.stderr.contains("panicked"), "{shown}");
    assert!(outcome.stdout.is_empty(), "{shown}");
    // A cause is said once: no part of the message repeats.
    for line in outcome.stderr.lines() {
        let parts: Vec<&str> = line.split(": ").filter(|p| p.len() > 12).collect();
        let distinct: BTreeSet<&str> = parts.iter().copied().collect();
        assert_eq!(distinct.len(), parts.len(), "a repeated message: {shown}");
    }
    let after = listing(d);
    assert_eq!(before, after, "files appeared: {shown}");
    if let Some((adir, None)) = fixtures.first() {
        assert!(
            listing(&d.join(adir)).is_empty(),
            "files appeared in {adir}: {shown}"
        );
    }
}

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

// ---------------------------------------------------------------------------------------------
// 6. Pictures and logs
// ---------------------------------------------------------------------------------------------

const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];

fn is_svg(text: &str) -> bool {
    let start = text.trim_start();
    (start.starts_with("<?xml") || start.starts_with("<svg"))
        && text.contains("<svg")
        && text.trim_end().ends_with("</svg>")
}

#[test]
fn pictures_are_written() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    run_in(
        d,
        &with(
            &[
                "puzzle",
                "chess",
                "--agent",
                "rook",
                "--pieces",
                "R,N,3P",
                "--seed",
                "3",
                "--svg",
                "p.svg",
                "--png",
                "p.png",
                "--reveal",
                "--solution",
            ],
            &QUICK,
        ),
    )
    .expect_ok();
    let svg = fs::read_to_string(d.join("p.svg")).unwrap();
    assert!(is_svg(&svg), "{}", &svg[..svg.len().min(200)]);
    // Opposing pieces in black symbols, the agent in white.
    assert!(svg.matches('♜').count() >= 1, "no rook symbol");
    assert!(svg.matches('♞').count() >= 1, "no knight symbol");
    assert!(
        svg.matches('♟').count() >= 3,
        "fewer than three pawn symbols"
    );
    assert!(svg.contains('♖'), "no white rook for the agent");
    let png = fs::read(d.join("p.png")).unwrap();
    assert!(png.len() > 100 && png.starts_with(&PNG_SIGNATURE));

    run_in(
        d,
        &with(
            &[
                "puzzle",
                "chromatic",
                "--size",
                "6",
                "--seed",
                "3",
                "--svg",
                "c.svg",
                "--png",
                "c.png",
            ],
            &QUICK,
        ),
    )
    .expect_ok();
    assert!(is_svg(&fs::read_to_string(d.join("c.svg")).unwrap()));
    assert!(
        fs::read(d.join("c.png"))
            .unwrap()
            .starts_with(&PNG_SIGNATURE)
    );

    // `solve` draws too.
    write(
        d,
        "maze.json",
        r#"{"kind": "chess", "width": 5, "height": 5, "agent": "rook",
            "pieces": [{"piece": "N", "square": "b4"}]}"#,
    );
    run_in(
        d,
        &[
            "puzzle",
            "solve",
            "maze.json",
            "--svg",
            "s.svg",
            "--png",
            "s.png",
            "--solution",
        ],
    )
    .expect_ok();
    let svg = fs::read_to_string(d.join("s.svg")).unwrap();
    assert!(is_svg(&svg));
    assert!(svg.contains('♞'));
    assert!(
        fs::read(d.join("s.png"))
            .unwrap()
            .starts_with(&PNG_SIGNATURE)
    );
}

fn log_lines(path: &Path) -> Vec<Value> {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.ends_with('\n'));
    text.lines()
        .map(|line| {
            let value: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("log line is not JSON ({e}): {line}"));
            assert!(value.is_object(), "{line}");
            for key in [
                "generations",
                "matings",
                "evaluations",
                "best",
                "mean",
                "worst",
                "diversity",
                "best_ever",
                "seed",
                "replicate",
            ] {
                assert!(value.get(key).is_some(), "no {key} in {line}");
            }
            value
        })
        .collect()
}

#[test]
fn the_log_follows_the_run() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    run_in(
        d,
        &with(
            &[
                "puzzle", "chess", "--seed", "6", "--out", "r.json", "--log", "r.log",
            ],
            &QUICK,
        ),
    )
    .expect_ok();
    let result = read_json(&d.join("r.json"));
    let lines = log_lines(&d.join("r.log"));
    // Start, one per generation (30 matings each), finish.
    assert!(lines.len() >= 50, "{} lines", lines.len());
    let mut previous = f64::NEG_INFINITY;
    for line in &lines {
        assert_eq!(line["replicate"], 0);
        assert_eq!(line["seed"], 6);
        let best_ever = line["best_ever"].as_f64().unwrap();
        assert!(best_ever >= previous, "best_ever fell: {line}");
        previous = best_ever;
        let (best, mean, worst) = (
            line["best"].as_f64().unwrap(),
            line["mean"].as_f64().unwrap(),
            line["worst"].as_f64().unwrap(),
        );
        assert!(worst <= mean && mean <= best && best <= best_ever, "{line}");
    }
    let last = lines.last().unwrap();
    assert_eq!(last["best_ever"].as_f64(), result["min_moves"].as_f64());
    assert_eq!(last["matings"], 1500);
    assert_eq!(lines[0]["matings"], 0);

    // Replicates: grouped by replicate, in order, each ending at its own result.
    for (threads, log) in [("1", "set1.log"), ("2", "set2.log")] {
        run_in(
            d,
            &with(
                &[
                    "--threads",
                    threads,
                    "puzzle",
                    "chromatic",
                    "--size",
                    "6",
                    "--replicates",
                    "3",
                    "--seed",
                    "6",
                    "--out",
                    "set.json",
                    "--log",
                    log,
                ],
                &QUICK,
            ),
        )
        .expect_ok();
    }
    assert_eq!(
        fs::read(d.join("set1.log")).unwrap(),
        fs::read(d.join("set2.log")).unwrap(),
        "the log depends on the thread count"
    );
    let set = read_json(&d.join("set.json"));
    let lines = log_lines(&d.join("set1.log"));
    let order: Vec<u64> = lines.iter().map(|l| int(&l["replicate"])).collect();
    assert!(order.windows(2).all(|w| w[0] <= w[1]), "not grouped");
    assert_eq!(order.first(), Some(&0));
    assert_eq!(order.last(), Some(&2));
    for replicate in 0..3u64 {
        let group: Vec<&Value> = lines
            .iter()
            .filter(|l| int(&l["replicate"]) == replicate)
            .collect();
        assert!(group.len() > 2, "replicate {replicate}");
        let expected = &set["replicates"][replicate as usize];
        assert!(group.iter().all(|l| l["seed"] == expected["seed"]));
        assert_eq!(
            group.last().unwrap()["best_ever"].as_f64(),
            expected["min_moves"].as_f64()
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 7. The terminal
// ---------------------------------------------------------------------------------------------

#[test]
fn without_out_the_board_goes_to_stderr() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let outcome = run_in(
        d,
        &with(
            &[
                "puzzle", "chess", "--size", "8", "--pieces", "4N", "--seed", "2",
            ],
            &QUICK,
        ),
    )
    .expect_ok();
    let summary = outcome.summary();
    assert!(summary["out"].is_null());
    assert!(listing(d).is_empty(), "files written: {:?}", listing(d));
    let board: Vec<&str> = outcome.stderr.lines().collect();
    // Rank 8 on top ending with the exit, rank 1 starting with the entrance, files below.
    let top = board
        .iter()
        .position(|l| l.starts_with('8'))
        .expect("rank 8");
    assert!(board[top].trim_end().ends_with('X'), "{}", outcome.stderr);
    assert!(
        board[top + 7].trim_start().starts_with("1 E"),
        "{}",
        outcome.stderr
    );
    assert_eq!(
        board[top + 8].trim(),
        "a b c d e f g h",
        "{}",
        outcome.stderr
    );
    let knights: usize = board[top..top + 8]
        .iter()
        .map(|l| l.matches('N').count())
        .sum();
    assert_eq!(knights, 4, "{}", outcome.stderr);
    assert!(
        outcome
            .stderr
            .contains(&format!("{} moves:", summary["min_moves"])),
        "{}",
        outcome.stderr
    );

    let outcome = run_in(
        d,
        &with(
            &["puzzle", "chromatic", "--size", "5", "--seed", "2"],
            &QUICK,
        ),
    )
    .expect_ok();
    outcome.summary();
    assert!(outcome.stderr.contains('E') && outcome.stderr.contains('X'));
    assert!(outcome.stderr.contains("a b c d e"), "{}", outcome.stderr);
}

#[test]
fn a_fresh_seed_is_reported_and_reproduces_the_run() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let args = with(&["puzzle", "chromatic", "--size", "6"], &QUICK);
    run_in(d, &with(&args, &["--out", "a.json"])).expect_ok();
    let seed = int(&read_json(&d.join("a.json"))["seed"]).to_string();
    run_in(d, &with(&args, &["--seed", &seed, "--out", "b.json"])).expect_ok();
    assert_eq!(
        fs::read(d.join("a.json")).unwrap(),
        fs::read(d.join("b.json")).unwrap()
    );
}

// ---------------------------------------------------------------------------------------------
// 8. The study
// ---------------------------------------------------------------------------------------------

#[test]
fn the_study_runs_one_experiment() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let outcome = run_in(
        d,
        &[
            "puzzle",
            "study",
            "--only",
            "chromatic-11-target",
            "--replicates",
            "2",
            "--csv",
            "s.csv",
            "--out",
            "s.json",
        ],
    )
    .expect_ok();
    let rows: Vec<&str> = outcome
        .stdout
        .lines()
        .filter(|l| l.starts_with("| chromatic-11-target-40 |"))
        .collect();
    assert_eq!(rows.len(), 1, "{}", outcome.stdout);
    let cells: Vec<&str> = rows[0].split('|').map(str::trim).collect();
    // | name | paper | replicates | best | median | worst | hits | ...
    assert_eq!(cells[3], "2", "{}", rows[0]);
    assert!(
        outcome.stdout.starts_with("| experiment |"),
        "{}",
        outcome.stdout
    );
    let csv = fs::read_to_string(d.join("s.csv")).unwrap();
    assert_eq!(csv.lines().count(), 2, "{csv}");
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .starts_with("chromatic-11-target-40,2,")
    );
    let sets = read_json(&d.join("s.json"));
    assert_eq!(sets.as_array().unwrap().len(), 1);
    assert_eq!(sets[0]["count"], 2);
}

#[test]
fn the_study_names_its_experiments_when_none_match() {
    refuses(
        &["puzzle", "study", "--only", "nosuch", "--csv", "s.csv"],
        1,
        "chromatic-11-target-40",
        &[],
    );
    refuses(
        &["puzzle", "study", "--only", "nosuch"],
        1,
        "matches no experiment",
        &[],
    );
    refuses(
        &["puzzle", "study", "--replicates", "0"],
        1,
        "replicates 0",
        &[],
    );
}

#[test]
fn two_outputs_on_one_path_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("same.json");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_ludoforge"))
        .args([
            "puzzle",
            "chromatic",
            "--size",
            "5",
            "--population",
            "20",
            "--matings",
            "100",
        ])
        .arg("--out")
        .arg(&path)
        .arg("--svg")
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--out and --svg both name"), "{stderr}");
    assert!(!path.exists(), "nothing may be written");
}
