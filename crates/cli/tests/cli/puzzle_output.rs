//! The puzzle commands' pictures, logs, terminal output and the study.

use super::*;

// ---------------------------------------------------------------------------------------------
// 6. Pictures and logs
// ---------------------------------------------------------------------------------------------

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
