//! The job layer from the command line: `list`, `describe`, `run`, and the same bytes as the
//! subcommands.

use std::fs;
use std::io::Read;
use std::process::{Command, Stdio};

use serde_json::Value;
use tempfile::TempDir;

use super::{listing, run_in, write};

/// The jobs this build registers, in `list`'s order.
const JOBS: [&str; 23] = [
    "puzzle-chess",
    "puzzle-chromatic",
    "puzzle-solve",
    "puzzle-study",
    "puzzle-chess-explore",
    "puzzle-chromatic-explore",
    "portals",
    "portals-show",
    "portals-study",
    "portals-explore",
    "stock",
    "stock-explore",
    "gloomhaven",
    "gloomhaven-export-vgb",
    "gloomhaven-import-vgb",
    "gloomhaven-explore",
    "risk-playtest",
    "risk-design",
    "risk-map",
    "risk-explore",
    "pcg-evolve",
    "pcg-explore",
    "check",
];

#[test]
fn list_names_every_job_on_its_own_line() {
    let dir = TempDir::new().unwrap();
    let out = run_in(dir.path(), &["list"]).expect_ok();
    let ids: Vec<&str> = out
        .stdout
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(ids, JOBS);
    assert!(
        out.stdout
            .lines()
            .all(|l| l.split_whitespace().count() >= 2),
        "{}",
        out.stdout
    );
}

#[test]
fn describe_prints_a_schema_with_defaults_and_bounds() {
    let dir = TempDir::new().unwrap();
    for job in JOBS {
        let out = run_in(dir.path(), &["describe", job]).expect_ok();
        let schema: Value = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(schema["type"], "object", "{job}");
        assert!(schema["description"].as_str().unwrap().len() > 20, "{job}");
    }
    let out = run_in(dir.path(), &["describe", "puzzle-chess"]).expect_ok();
    let schema: Value = serde_json::from_str(&out.stdout).unwrap();
    let search = &schema["$defs"]["SearchParams"]["properties"];
    assert_eq!(search["population"]["default"], 1200);
    assert_eq!(search["population"]["minimum"], 4);
    assert_eq!(search["population"]["maximum"], 1_000_000);
    let board = &schema["$defs"]["BoardParams"]["properties"];
    assert_eq!(board["width"]["maximum"], 64);
    let agent = &schema["$defs"]["PieceKind"];
    let choices = serde_json::to_string(agent).unwrap();
    for piece in ["king", "queen", "rook", "bishop", "knight", "pawn"] {
        assert!(choices.contains(piece), "{choices}");
    }
}

/// `run JOB --params P --seed 5 -o A` and the subcommand with the same settings write the
/// same bytes, for every job.
#[test]
fn run_writes_the_same_bytes_as_each_subcommand() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let cases: [(&str, &str, Vec<&str>); 4] = [
        (
            "puzzle-chess",
            r#"{"agent": "knight", "pieces": "3R", "board": {"width": 8, "height": 6},
                "search": {"population": 60, "matings": 800}, "picture": {"solution": true}}"#,
            vec![
                "puzzle",
                "chess",
                "--agent",
                "knight",
                "--pieces",
                "3R",
                "--width",
                "8",
                "--height",
                "6",
                "--population",
                "60",
                "--matings",
                "800",
                "--solution",
            ],
        ),
        (
            "puzzle-chromatic",
            r#"{"board": {"width": 7, "height": 7}, "search": {"population": 40, "generations": 20, "target": 14}}"#,
            vec![
                "puzzle",
                "chromatic",
                "--size",
                "7",
                "--population",
                "40",
                "--generations",
                "20",
                "--target",
                "14",
            ],
        ),
        ("puzzle-solve", "", vec!["puzzle", "solve", "maze.json"]),
        (
            "puzzle-study",
            r#"{"replicates": 2, "only": "chromatic-6"}"#,
            vec![
                "puzzle",
                "study",
                "--replicates",
                "2",
                "--only",
                "chromatic-6",
            ],
        ),
    ];
    write(
        d,
        "maze.json",
        r#"{"kind": "chromatic", "rows": ["RYY", "RYO", "ROO"], "entrance": "a1", "exit": "c3"}"#,
    );
    for (job, params, subcommand) in cases {
        let params = if job == "puzzle-solve" {
            let text = fs::read_to_string(d.join("maze.json")).unwrap();
            serde_json::json!({ "puzzle": text }).to_string()
        } else {
            params.to_string()
        };
        write(d, "p.json", &params);
        // The study draws no picture.
        let pictures: &[&str] = if job == "puzzle-study" {
            &[]
        } else {
            &["--svg", "a.svg"]
        };
        let mut by_run_args = vec![
            "run", job, "--params", "p.json", "--seed", "5", "-o", "a.json",
        ];
        by_run_args.extend(pictures);
        let by_run = run_in(d, &by_run_args);
        let mut args = subcommand.clone();
        args.extend(["--out", "b.json"]);
        if !pictures.is_empty() {
            args.extend(["--svg", "b.svg"]);
        }
        if job != "puzzle-solve" {
            args.extend(["--seed", "5"]);
        }
        let by_subcommand = run_in(d, &args);
        // 3: a target not met, or a study short of the paper; the same either way.
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
        let (a, b) = (
            fs::read(d.join("a.json")).unwrap(),
            fs::read(d.join("b.json")).unwrap(),
        );
        assert!(!a.is_empty());
        assert_eq!(a, b, "{job}: the result files differ");
        if !pictures.is_empty() {
            assert_eq!(
                fs::read(d.join("a.svg")).unwrap(),
                fs::read(d.join("b.svg")).unwrap(),
                "{job}: the pictures differ"
            );
        }
        for name in ["a.json", "b.json", "a.svg", "b.svg"] {
            let _ = fs::remove_file(d.join(name));
        }
    }
}

#[test]
fn the_summary_carries_the_parameters_that_reproduce_the_run() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let first = run_in(
        d,
        &[
            "puzzle",
            "chess",
            "--size",
            "7",
            "--population",
            "40",
            "--matings",
            "300",
            "--seed",
            "9",
            "-o",
            "a.json",
        ],
    )
    .expect_ok()
    .summary();
    assert_eq!(first["seed"], 9);
    write(d, "p.json", &first["parameters"].to_string());
    run_in(
        d,
        &[
            "run",
            "puzzle-chess",
            "--params",
            "p.json",
            "--seed",
            "9",
            "-o",
            "b.json",
        ],
    )
    .expect_ok();
    assert_eq!(
        fs::read(d.join("a.json")).unwrap(),
        fs::read(d.join("b.json")).unwrap()
    );
    // --set changes one parameter on top of the file.
    let changed = run_in(
        d,
        &[
            "run",
            "puzzle-chess",
            "--params",
            "p.json",
            "--set",
            "search.matings=10",
            "--seed",
            "9",
        ],
    )
    .expect_ok()
    .summary();
    assert_eq!(changed["parameters"]["search"]["matings"], 10);
}

#[test]
fn out_dash_writes_the_result_to_standard_output() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let out = run_in(
        d,
        &[
            "puzzle",
            "chromatic",
            "--size",
            "5",
            "--population",
            "20",
            "--matings",
            "50",
            "--seed",
            "2",
            "-o",
            "-",
        ],
    )
    .expect_ok();
    let result: Value = serde_json::from_str(&out.stdout).expect("the result on stdout");
    assert_eq!(result["seed"], 2);
    assert!(
        out.stderr.contains("\"job\":\"puzzle-chromatic\""),
        "{}",
        out.stderr
    );
    assert!(!d.join("-").exists(), "a file named - was written");
}

#[test]
fn bad_requests_end_in_words_and_write_nothing() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "typo.json", r#"{"search": {"popuation": 10}}"#);
    write(d, "list.json", "[1, 2]");
    write(d, "broken.json", "{\"search\": ");
    write(d, "wrongtype.json", r#"{"search": {"population": "many"}}"#);
    write(d, "agent.json", r#"{"agent": "dragon"}"#);
    let cases: [(&[&str], &str); 11] = [
        (
            &["run", "puzzle-chequers"],
            "there is no job \"puzzle-chequers\"; the jobs are: puzzle-chess",
        ),
        (&["describe", "stock-x"], "there is no job"),
        (
            &[
                "run",
                "puzzle-chess",
                "--params",
                "typo.json",
                "-o",
                "r.json",
            ],
            "unknown parameter `popuation`",
        ),
        (
            &[
                "run",
                "puzzle-chess",
                "--params",
                "list.json",
                "-o",
                "r.json",
            ],
            "must be a JSON object",
        ),
        (
            &[
                "run",
                "puzzle-chess",
                "--params",
                "broken.json",
                "-o",
                "r.json",
            ],
            "broken.json is not a JSON parameters file",
        ),
        (
            &[
                "run",
                "puzzle-chess",
                "--params",
                "wrongtype.json",
                "-o",
                "r.json",
            ],
            "parameter `search.population`: string \"many\", expected a whole number",
        ),
        (
            &[
                "run",
                "puzzle-chess",
                "--params",
                "agent.json",
                "-o",
                "r.json",
            ],
            "unknown choice `dragon`, choose one of",
        ),
        (
            &["run", "puzzle-chess", "--set", "population", "-o", "r.json"],
            "--set population: write name=value",
        ),
        (
            &[
                "run",
                "puzzle-chess",
                "--set",
                "search.population=2",
                "-o",
                "r.json",
            ],
            "population 2: give between 4",
        ),
        (
            &[
                "puzzle", "chess", "--size", "11", "--width", "5", "--height", "7", "-o", "r.json",
            ],
            "--size 11 contradicts --width 5 and --height 7",
        ),
        (
            &["run", "puzzle-chess", "--file", "csv", "-o", "r.json"],
            "--file csv: write ROLE=FILE",
        ),
    ];
    let before = listing(d);
    for (args, message) in cases {
        let out = run_in(d, args);
        assert_eq!(out.code, 1, "{args:?}: {}", out.describe());
        assert!(
            out.stderr.contains(message),
            "{args:?}: wanted {message:?}\n{}",
            out.describe()
        );
        assert!(!out.stderr.contains("panicked"), "{}", out.describe());
        assert_eq!(listing(d), before, "{args:?} left a file");
    }
}

#[test]
fn a_closed_standard_output_ends_the_command_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludoforge"))
        .args(["describe", "puzzle-chess"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one byte, then hang up, as `| head -c 1` would.
    let mut stdout = child.stdout.take().unwrap();
    let mut one = [0u8; 1];
    stdout.read_exact(&mut one).unwrap();
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(0), "{stderr}");
}
