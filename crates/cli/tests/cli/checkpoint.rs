//! `--checkpoint`, `--checkpoint-every` and `--resume`: a run killed (`kill -9`) at moments
//! spread over it and resumed each time ends with the bytes of a run that was never stopped,
//! for every strategy of the engine; and the refusals, each in words.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use super::*;

/// The checkpoint file of every test.
const CHECKPOINT: &str = "run.ckpt";

fn spawn(dir: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ludoforge"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Runs `args` (which write the result to `out`) once without checkpoints, then again with a
/// checkpoint saved `every` so often and killed with SIGKILL at about 15%, 40% and 70% of the
/// first run's time (each kill waiting, if need be, for the attempt's first save), resumed
/// after each kill, until one run finishes. The files named in `outs` must be the same bytes as the
/// first run's, and the checkpoint must be gone. Returns the first run's time and how many
/// kills landed.
fn killed_and_resumed(args: &[&str], every: &str, outs: &[&str]) -> (Duration, usize) {
    let whole = TempDir::new().unwrap();
    let started = Instant::now();
    run_in(whole.path(), args).expect_ok();
    let took = started.elapsed();

    let dir = TempDir::new().unwrap();
    let d = dir.path();
    let checkpoint = d.join(CHECKPOINT);
    // Delays from each start: the run goes on from where the last one stopped, so these add
    // up to kills at about 15%, 40% and 70% of the whole.
    let delays = [0.15, 0.25, 0.30].map(|share| took.mul_f64(share));
    let mut kills = 0;
    let mut resumes = 0;
    let mut attempt = 0;
    loop {
        let mut full: Vec<&str> = args.to_vec();
        full.extend(["--checkpoint-every", every]);
        if checkpoint.exists() {
            resumes += 1;
            full.extend(["--resume", CHECKPOINT]);
        } else {
            full.extend(["--checkpoint", CHECKPOINT]);
        }
        let before = fs::read(&checkpoint).ok();
        let mut child = spawn(d, &full);
        if let Some(delay) = delays.get(attempt) {
            attempt += 1;
            sleep(*delay);
            // On a loaded machine the moment may come before this attempt has saved anything;
            // wait for its first save (or its end) so that every kill leaves a newer state.
            let waited = Instant::now();
            while child.try_wait().unwrap().is_none()
                && fs::read(&checkpoint).ok() == before
                && waited.elapsed() < Duration::from_secs(60)
            {
                sleep(Duration::from_millis(2));
            }
            if child.try_wait().unwrap().is_none() {
                child.kill().unwrap();
                child.wait().unwrap();
                kills += 1;
                continue;
            }
        }
        let output = child.wait_with_output().unwrap();
        assert!(
            output.status.success(),
            "{full:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        break;
    }
    for out in outs {
        let expected = fs::read(whole.path().join(out)).unwrap();
        let got = fs::read(d.join(out)).unwrap();
        assert!(
            expected == got,
            "{out} differs after {kills} kills:\n{}\n---\n{}",
            String::from_utf8_lossy(&expected),
            String::from_utf8_lossy(&got)
        );
    }
    assert!(!checkpoint.exists(), "the checkpoint is removed at the end");
    eprintln!(
        "{}: {took:?} uninterrupted, {kills} kills, {resumes} resumes",
        args[..2].join(" ")
    );
    assert!(resumes >= 2, "only {resumes} runs resumed a checkpoint");
    (took, kills)
}

#[test]
fn steady_state_puzzle_chess_survives_kills() {
    let (took, kills) = killed_and_resumed(
        &[
            "puzzle",
            "chess",
            "--agent",
            "rook",
            "--pieces",
            "5N",
            "--population",
            "200",
            "--matings",
            "80000",
            "--seed",
            "5",
            "-o",
            "r.json",
            "--log",
            "r.jsonl",
        ],
        "1",
        &["r.json", "r.jsonl"],
    );
    assert!(kills >= 2, "{kills} kills in {took:?}");
}

#[test]
fn generational_puzzle_chromatic_survives_kills() {
    let (took, kills) = killed_and_resumed(
        &[
            "puzzle",
            "chromatic",
            "--size",
            "8",
            "--strategy",
            "generational",
            "--population",
            "100",
            "--matings",
            "500000",
            "--seed",
            "6",
            "-o",
            "r.json",
        ],
        "1",
        &["r.json"],
    );
    assert!(kills >= 2, "{kills} kills in {took:?}");
}

#[test]
fn risk_design_survives_kills() {
    let (took, kills) = killed_and_resumed(
        &[
            "risk",
            "design",
            "--generations",
            "50",
            "--offspring",
            "8",
            "--tournament",
            "4",
            "--matches",
            "10",
            "--seed",
            "3",
            "--out",
            "r.json",
            "--population",
            "p.json",
        ],
        "1",
        &["r.json", "p.json"],
    );
    assert!(kills >= 2, "{kills} kills in {took:?}");
}

#[test]
fn growing_gloomhaven_survives_kills() {
    let (took, kills) = killed_and_resumed(
        &[
            "gloomhaven",
            "--preset",
            "gloomdungeons",
            "--cycles",
            "4000",
            "--seed",
            "3",
            "--top",
            "3",
            "--out",
            "r.json",
        ],
        "100",
        &["r.json"],
    );
    assert!(kills >= 2, "{kills} kills in {took:?}");
}

#[test]
fn map_elites_explore_survives_kills() {
    let (took, kills) = killed_and_resumed(
        &[
            "explore",
            "chromatic",
            "--set",
            "board.width=7",
            "--set",
            "board.height=7",
            "--cells",
            "10x8",
            "--evaluations",
            "100000",
            "--seed",
            "4",
            "-o",
            "r.json",
        ],
        "1",
        &["r.json"],
    );
    assert!(kills >= 2, "{kills} kills in {took:?}");
}

/// A long chess run (it is killed, or refused, long before it ends) with `matings` and
/// `extra` added to its arguments.
fn chess<'a>(matings: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "puzzle",
        "chess",
        "--agent",
        "rook",
        "--pieces",
        "5N",
        "--population",
        "60",
        "--matings",
        matings,
        "-o",
        "r.json",
    ];
    args.extend(extra);
    args
}

const LONG: &str = "2000000";

/// Leaves a checkpoint of the quick chess run in a new folder: the run is interrupted after
/// its first save by a kill once the file is there.
fn left_checkpoint() -> TempDir {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    // Saves every generation until it is killed, or finishes; a finished run removes the
    // file, so keep a copy of the last one seen.
    let mut child = spawn(
        d,
        &chess(
            LONG,
            &[
                "--seed",
                "5",
                "--checkpoint",
                CHECKPOINT,
                "--checkpoint-every",
                "1",
            ],
        ),
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    while !d.join(CHECKPOINT).exists() {
        assert!(Instant::now() < deadline, "no checkpoint written");
        sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    dir
}

/// Runs `args` in `dir` and checks it fails with `phrase` in its message.
fn refused_in(dir: &Path, args: &[&str], phrase: &str) {
    let outcome = run_in(dir, args);
    let shown = format!("{args:?}\n{}", outcome.describe());
    assert_ne!(outcome.code, 0, "{shown}");
    assert!(
        outcome.stderr.contains(phrase),
        "wanted {phrase:?}: {shown}"
    );
    assert!(!outcome.stderr.contains("panicked"), "{shown}");
}

#[test]
fn resuming_another_run_is_refused_in_words() {
    let dir = left_checkpoint();
    let d = dir.path();
    let saved = fs::read(d.join(CHECKPOINT)).unwrap();
    // Other parameters: named, with both values.
    refused_in(
        d,
        &chess("5000", &["--seed", "5", "--resume", CHECKPOINT]),
        "matings",
    );
    refused_in(
        d,
        &chess(LONG, &["--seed", "6", "--resume", CHECKPOINT]),
        "seed 5, not 6",
    );
    // Another job's checkpoint.
    refused_in(
        d,
        &[
            "puzzle",
            "chromatic",
            "--size",
            "8",
            "--seed",
            "5",
            "-o",
            "r.json",
            "--resume",
            CHECKPOINT,
        ],
        "is a checkpoint of a puzzle-chess run, not of puzzle-chromatic",
    );
    // --checkpoint on a file that holds one, without --resume: refused, the file untouched.
    refused_in(
        d,
        &chess(LONG, &["--seed", "5", "--checkpoint", CHECKPOINT]),
        "already holds a checkpoint",
    );
    assert_eq!(fs::read(d.join(CHECKPOINT)).unwrap(), saved);
    // An ordinary file and a folder are not called checkpoints, and are left as they are.
    fs::write(d.join("notes.txt"), "my notes").unwrap();
    refused_in(
        d,
        &chess(LONG, &["--seed", "5", "--checkpoint", "notes.txt"]),
        "the file exists and is not a checkpoint",
    );
    assert_eq!(fs::read_to_string(d.join("notes.txt")).unwrap(), "my notes");
    fs::create_dir(d.join("outdir")).unwrap();
    refused_in(
        d,
        &chess(LONG, &["--seed", "5", "--checkpoint", "outdir"]),
        "that is a folder; give a file name",
    );
    // Another format version.
    let mut edited: Value = serde_json::from_slice(&saved).unwrap();
    edited["version"] = 999.into();
    fs::write(d.join("other.ckpt"), edited.to_string()).unwrap();
    refused_in(
        d,
        &chess(LONG, &["--seed", "5", "--resume", "other.ckpt"]),
        "format version 999",
    );
    // Not a checkpoint at all.
    fs::write(d.join("notes.txt"), "a shopping list").unwrap();
    refused_in(
        d,
        &chess(LONG, &["--seed", "5", "--resume", "notes.txt"]),
        "is not a checkpoint",
    );
    fs::write(
        d.join("other.json"),
        "{\"generator\": \"ludoforge puzzle\"}",
    )
    .unwrap();
    refused_in(
        d,
        &chess(LONG, &["--seed", "5", "--resume", "other.json"]),
        "is not a ludoforge checkpoint",
    );
}

#[test]
fn checkpoints_on_a_command_that_runs_no_job_are_refused() {
    let dir = TempDir::new().unwrap();
    refused_in(
        dir.path(),
        &["list", "--checkpoint", CHECKPOINT],
        "are for commands that run a job",
    );
    assert!(!dir.path().join(CHECKPOINT).exists());
}

#[test]
fn replicates_keep_no_checkpoints() {
    let dir = TempDir::new().unwrap();
    refused_in(
        dir.path(),
        &chess("3000", &["--replicates", "2", "--checkpoint", CHECKPOINT]),
        "checkpoints are kept for one run, not for replicates",
    );
}
