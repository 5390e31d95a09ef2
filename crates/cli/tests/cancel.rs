//! Every job stops soon after Ctrl-C, whatever its parameters within the schema's bounds.
//!
//! Each job is started through `ludoforge run JOB --params FILE` with its most expensive
//! parameters, sent SIGINT (the flag Cancel and the studio's wall-time cap set too) after one
//! second, and must end within [`BOUND`] of it, with exit code 130. A job whose largest setting is refused up front
//! by its memory estimate is shown to refuse it with the largest setting that fits, then run
//! with that one. The figure per job is printed: `cargo test -p ludoforge --test cancel --
//! --nocapture` ("Stopping a run" in docs/performance.md).

use std::fs;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tempfile::TempDir;

/// How long a run may take to end after the cancel (the target is one second).
const BOUND: Duration = Duration::from_secs(5);
/// How long a run works before it is cancelled.
const WORK: Duration = Duration::from_secs(1);

/// One job's most expensive run.
struct Case {
    job: &'static str,
    params: Value,
    /// The parameter the memory estimate may refuse at its largest value (dotted path, and
    /// the name its message gives after "give").
    refusable: Option<(&'static str, &'static str)>,
    /// A job reading one file, which may well be done before the cancel.
    may_finish: bool,
}

fn case(job: &'static str, params: Value) -> Case {
    Case {
        job,
        params,
        refusable: None,
        may_finish: false,
    }
}

fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_ludoforge")
}

fn start(dir: &Path, job: &str, params: &Value) -> Child {
    let file = dir.join(format!("{job}.json"));
    fs::write(&file, params.to_string()).unwrap();
    let stderr = fs::File::create(dir.join(format!("{job}.err"))).unwrap();
    Command::new(exe())
        .current_dir(dir)
        .args(["run", job, "--seed", "1", "--params"])
        .arg(&file)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .unwrap()
}

/// Waits for `child` until `limit`, returning its status and when it ended.
fn wait(child: &mut Child, limit: Duration) -> Option<(ExitStatus, Instant)> {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some((status, Instant::now()));
        }
        if started.elapsed() > limit {
            return None;
        }
        sleep(Duration::from_millis(10));
    }
}

fn interrupt(child: &Child) {
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success(), "kill -INT failed");
}

/// The number after `give NAME ` in a refusal.
fn largest(message: &str, name: &str) -> Option<u64> {
    let rest = message.split(&format!("give {name} ")).nth(1)?;
    rest.split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}

/// Sets a dotted parameter.
fn set(params: &mut Value, path: &str, value: u64) {
    let mut at = params;
    let keys: Vec<&str> = path.split('.').collect();
    for key in &keys[..keys.len() - 1] {
        at = &mut at[*key];
    }
    at[keys[keys.len() - 1]] = json!(value);
}

/// Runs one case, cancelling it after [`WORK`]; returns the seconds from cancel to end, or
/// `None` for a job done before the cancel.
fn measure(dir: &Path, case: &Case) -> Option<f64> {
    let mut params = case.params.clone();
    let mut refused = false;
    loop {
        let started = Instant::now();
        let mut child = start(dir, case.job, &params);
        if let Some((status, ended)) = wait(&mut child, WORK) {
            let err = fs::read_to_string(dir.join(format!("{}.err", case.job))).unwrap();
            if let Some((path, name)) = case.refusable
                && !refused
                && status.code() == Some(1)
            {
                let most = largest(&err, name)
                    .unwrap_or_else(|| panic!("{}: refused without a way out: {err}", case.job));
                eprintln!(
                    "{}: the largest {path} is refused up front; {most} fits",
                    case.job
                );
                // With a margin: what is available moves a little from one reading to the next.
                set(&mut params, path, most / 10 * 9);
                refused = true;
                continue;
            }
            assert!(
                case.may_finish && status.success(),
                "{} ended before the cancel ({status}): {err}",
                case.job
            );
            eprintln!(
                "{}: done in {:.2} s, before the cancel",
                case.job,
                (ended - started).as_secs_f64()
            );
            return None;
        }
        interrupt(&child);
        let cancelled = Instant::now();
        let Some((status, ended)) = wait(&mut child, BOUND * 2) else {
            let _ = child.kill();
            let _ = child.wait();
            // Reported with the others: longer than the bound.
            return Some((BOUND * 2).as_secs_f64());
        };
        let err = fs::read_to_string(dir.join(format!("{}.err", case.job))).unwrap();
        // 130 whether the run kept what it had made or had nothing yet to keep.
        assert_eq!(
            status.code(),
            Some(130),
            "{} ended with {status} after Ctrl-C: {err}",
            case.job
        );
        return Some((ended - cancelled).as_secs_f64());
    }
}

/// Inputs for the jobs that read a file: made by the jobs themselves.
fn inputs(dir: &Path) -> (String, String, String) {
    let made = |args: &[&str], out: &str| {
        let status = Command::new(exe())
            .current_dir(dir)
            .args(args)
            .args(["--seed", "1", "-o", out])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success(), "{args:?} failed");
        fs::read_to_string(dir.join(out)).unwrap()
    };
    let puzzle = made(
        &[
            "run",
            "puzzle-chess",
            "--set",
            "board.width=64",
            "--set",
            "board.height=64",
            "--set",
            "search.population=8",
            "--set",
            "search.tournament=4",
            "--set",
            "search.matings=4",
        ],
        "puzzle.json",
    );
    let dungeon = made(
        &["run", "portals", "--set", "dungeon.min_path=30"],
        "dungeon.json",
    );
    let board = made(
        &["run", "gloomhaven-export-vgb", "--set", "official=1"],
        "board.json",
    );
    (puzzle, dungeon, board)
}

/// A `side`×`side` dungeon map of halls: a wall every tenth row, with a door at alternate
/// ends; the start at the top left, the goal at the bottom right.
fn halls(side: usize) -> Value {
    let rows: Vec<String> = (0..side)
        .map(|y| {
            (0..side)
                .map(|x| {
                    let edge = x == 0 || y == 0 || x == side - 1 || y == side - 1;
                    let door = if (y / 10) % 2 == 0 { side - 2 } else { 1 };
                    if edge || (y % 10 == 0 && x != door) {
                        '#'
                    } else if (x, y) == (1, 1) {
                        '<'
                    } else if (x, y) == (side - 2, side - 2) {
                        '>'
                    } else {
                        '.'
                    }
                })
                .collect()
        })
        .collect();
    json!({"kind": "dungeon", "rows": rows})
}

/// The explore section at its largest (an archive of a million cells, the most it holds).
fn explore() -> Value {
    json!({"evaluations": 100_000_000, "initial": 100_000, "batch": 100_000, "max_mutations": 100,
           "cells": [1000, 1000]})
}

fn cases(dir: &Path) -> Vec<Case> {
    let (puzzle, dungeon, board) = inputs(dir);
    let search = |strategy: &str| {
        json!({"board": {"width": 64, "height": 64},
               "search": {"population": 1_000_000, "strategy": strategy,
                          "generations": 100_000_000u64, "max_mutations": 1000}})
    };
    let mut chess = case("puzzle-chess", search("steady-state"));
    chess.refusable = Some(("search.population", "population"));
    let mut chromatic = case("puzzle-chromatic", search("generational"));
    chromatic.refusable = Some(("search.population", "population"));
    let dungeon_params = json!({"min_path": 1000, "attempts": 1_000_000, "walks": 10_000_000,
                                "max_portals": 8});
    let mut gloomhaven = case("gloomhaven", json!({"cycles": 10_000_000, "top": 1000}));
    gloomhaven.refusable = Some(("cycles", "cycles"));
    let reading = |job, params| Case {
        may_finish: true,
        ..case(job, params)
    };
    vec![
        chess,
        chromatic,
        reading("puzzle-solve", json!({"puzzle": puzzle})),
        case("puzzle-study", json!({"replicates": 10_000})),
        // A million 64x64 elites fit on no ordinary machine: refused up front, then the
        // most evaluations that fit.
        Case {
            refusable: Some(("explore.evaluations", "explore.evaluations")),
            ..case(
                "puzzle-chess-explore",
                json!({"board": {"width": 64, "height": 64}, "explore": explore()}),
            )
        },
        Case {
            refusable: Some(("explore.evaluations", "explore.evaluations")),
            ..case(
                "puzzle-chromatic-explore",
                json!({"board": {"width": 64, "height": 64}, "explore": explore()}),
            )
        },
        case(
            "portals",
            json!({"dungeon": dungeon_params, "search": {"candidates": 1_000_000}}),
        ),
        reading("portals-show", json!({"dungeon": dungeon})),
        case(
            "portals-study",
            json!({"graphs": 100_000, "max_rooms": 200_000, "walks": 10_000_000,
                   "max_portals": 8, "min_path": "3..1000"}),
        ),
        // A longer minimum path with eight portals a room outgrows the room bounds in every
        // dungeon the archive is fitted to: refused at once, so the longest that runs.
        Case {
            refusable: Some(("explore.evaluations", "explore.evaluations")),
            ..case(
                "portals-explore",
                json!({"dungeon": {"min_path": 20, "attempts": 1_000_000, "walks": 10_000_000,
                                   "max_portals": 8},
                       "explore": explore()}),
            )
        },
        case(
            "stock",
            json!({"width": 2000, "height": 2000, "generate": "caves", "threshold": 1}),
        ),
        Case {
            refusable: Some(("explore.evaluations", "explore.evaluations")),
            ..case(
                "stock-explore",
                json!({"start": halls(120), "explore": explore()}),
            )
        },
        gloomhaven,
        reading("gloomhaven-export-vgb", json!({"official": 1})),
        reading(
            "gloomhaven-import-vgb",
            json!({"board": {"content": board, "name": "board.json"}}),
        ),
        Case {
            refusable: Some(("explore.evaluations", "explore.evaluations")),
            ..case("gloomhaven-explore", json!({"explore": explore()}))
        },
        case(
            "risk-playtest",
            json!({"matches": 1_000_000, "turn_limit": 100_000}),
        ),
        Case {
            refusable: Some(("matches", "matches")),
            ..case(
                "risk-design",
                json!({"generations": 10_000, "matches": 100_000, "offspring": 10_000,
                       "tournament": 10_000, "reevaluate": 10_000}),
            )
        },
        reading("risk-map", json!({})),
        Case {
            refusable: Some(("explore.evaluations", "explore.evaluations")),
            ..case(
                "risk-explore",
                json!({"matches": 100_000, "explore": explore()}),
            )
        },
        case(
            "pcg-evolve",
            json!({"problem": "sokoban-large-v0", "size": 200, "evaluations": 100_000_000u64,
                   "tournament": 100, "max_mutations": 100, "elitism": 0.5}),
        ),
        Case {
            refusable: Some(("explore.evaluations", "explore.evaluations")),
            ..case("pcg-explore", {
                let mut params =
                    json!({"problem": "mdungeons-large-v0", "size": 200, "explore": explore()});
                params["explore"]["descriptors"] = json!(["col_treasures", "lineage"]);
                params
            })
        },
        reading("check", json!({"content": puzzle})),
    ]
}

#[test]
fn every_job_stops_soon_after_ctrl_c_at_its_largest_settings() {
    let dir = TempDir::new().unwrap();
    let cases = cases(dir.path());
    let listed = Command::new(exe()).arg("list").output().unwrap();
    let listed = String::from_utf8(listed.stdout).unwrap();
    let ids: Vec<&str> = listed
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let covered: Vec<&str> = cases.iter().map(|c| c.job).collect();
    assert_eq!(ids, covered, "a case for every job `ludoforge list` names");
    let mut slow = Vec::new();
    for case in &cases {
        if let Some(seconds) = measure(dir.path(), case) {
            eprintln!("{}: ended {seconds:.2} s after Ctrl-C", case.job);
            if seconds > BOUND.as_secs_f64() {
                slow.push(format!("{} ({seconds:.1} s)", case.job));
            }
        }
    }
    assert!(slow.is_empty(), "slow to stop: {}", slow.join(", "));
}
