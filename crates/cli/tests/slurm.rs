//! A sweep through a real SLURM cluster: `ludoforge sweep emit slurm` writes an array job,
//! `sbatch` runs it, one array task is cancelled while it runs and submitted again alone, and
//! the merged table must equal, byte for byte, the one a single process makes.
//!
//! It needs a running cluster on this machine that can run this build's binary where it lies
//! (`scripts/test` starts a one-node cluster with `scripts/slurm start` when run as root).
//! Without one (no `sinfo`, or `scontrol ping` fails) the test says so and passes.
#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, bail, ensure};
use serde_json::Value;
use tempfile::TempDir;

/// The binary under test.
const LUDOFORGE: &str = env!("CARGO_BIN_EXE_ludoforge");

/// How many array tasks the sweep is split into.
const TASKS: usize = 4;

/// The array task cancelled and submitted again.
const CANCELLED: usize = 2;

/// How long a whole array may take: generous, since twelve runs share two cores on slow
/// machines (and a debug build is slower still).
const PATIENCE: Duration = Duration::from_secs(20 * 60);

/// How often the queue is looked at.
const POLL: Duration = Duration::from_millis(250);

/// The repository's small plan: twelve runs of `risk-design`.
fn plan() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../sweeps/rossato2023-reduced.toml")
        .canonicalize()
        .expect("the plan sweeps/rossato2023-reduced.toml is missing")
}

/// Runs `program` with `args` in `dir` and returns its standard output; an error, with what
/// the program said, when it cannot start or fails.
fn run(dir: &Path, program: &str, args: &[&str]) -> Result<String> {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .with_context(|| format!("cannot start {program}"))?;
    ensure!(
        out.status.success(),
        "`{program} {}` failed ({}):\n{}{}",
        args.join(" "),
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Runs the binary under test.
fn ludoforge(dir: &Path, args: &[&str]) -> Result<String> {
    run(dir, LUDOFORGE, args)
}

/// Why the cluster cannot be used, or `None` when it answers.
fn no_cluster() -> Option<String> {
    let answers = |program: &str, args: &[&str]| {
        Command::new(program)
            .args(args)
            .output()
            .map(|out| out.status.success())
    };
    match answers("sinfo", &["--version"]) {
        Err(_) => Some("SLURM is not installed (no sinfo)".to_owned()),
        Ok(_) if !answers("scontrol", &["ping"]).unwrap_or(false) => {
            Some("the SLURM controller does not answer (scontrol ping fails)".to_owned())
        }
        Ok(_) => None,
    }
}

/// The ids of the plan's runs, all of them or shard `index` of `TASKS`.
fn run_ids(dir: &Path, plan: &str, shard: Option<usize>) -> Result<Vec<String>> {
    let shard = shard.map(|i| format!("{i}/{TASKS}"));
    let mut args = vec!["sweep", "list", plan, "--json"];
    if let Some(shard) = &shard {
        args.extend(["--shard", shard]);
    }
    let listed: Value = serde_json::from_str(&ludoforge(dir, &args)?)?;
    listed["listed"]
        .as_array()
        .context("sweep list --json has no runs listed")?
        .iter()
        .map(|run| {
            run["id"]
                .as_str()
                .map(str::to_owned)
                .context("a listed run has no id")
        })
        .collect()
}

/// Submits `script` (with `sbatch` options before it) and returns the job id.
fn submit(dir: &Path, options: &[&str], script: &Path) -> Result<String> {
    let output = format!("--output={}/slurm-%A_%a.out", dir.display());
    let mut args = vec!["--parsable", output.as_str()];
    args.extend(options);
    args.push(text(script)?);
    let said = run(dir, "sbatch", &args)?;
    // `--parsable` prints `id` or `id;cluster`.
    let id = said.trim().split(';').next().unwrap_or_default();
    ensure!(!id.is_empty(), "sbatch gave no job id: {said:?}");
    Ok(id.to_owned())
}

/// The states of the job's array tasks, one `id_index STATE` a line, pending tasks included.
fn queue(job: &str) -> String {
    run(
        Path::new("/"),
        "squeue",
        &["-h", "-r", "-j", job, "-o", "%i %T"],
    )
    .unwrap_or_default()
}

/// The queue and every job's output, to show when something went wrong.
fn report(dir: &Path) -> String {
    let mut text = format!(
        "squeue:\n{}",
        run(dir, "squeue", &[]).unwrap_or_else(|e| e.to_string())
    );
    let mut outputs: Vec<PathBuf> = fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    outputs.retain(|p| p.extension().is_some_and(|e| e == "out"));
    outputs.sort();
    for path in outputs {
        let body = fs::read_to_string(&path).unwrap_or_default();
        text.push_str(&format!("\n{}:\n{body}", path.display()));
    }
    text
}

/// Waits until `done` holds, failing with `what` and the cluster's state after `PATIENCE`.
fn wait(dir: &Path, what: &str, mut done: impl FnMut() -> Result<bool>) -> Result<()> {
    let start = Instant::now();
    while !done()? {
        if start.elapsed() > PATIENCE {
            bail!(
                "gave up after {}s waiting until {what}\n{}",
                PATIENCE.as_secs(),
                report(dir)
            );
        }
        sleep(POLL);
    }
    Ok(())
}

/// Waits until the job has left the queue.
fn drain(dir: &Path, job: &str) -> Result<()> {
    wait(dir, &format!("job {job} has left the queue"), || {
        Ok(queue(job).trim().is_empty())
    })
}

/// Cancels the jobs it holds when dropped, so a failed check leaves nothing queued.
struct Cancel(Vec<String>);

impl Drop for Cancel {
    fn drop(&mut self) {
        for job in &self.0 {
            let _ = Command::new("scancel").arg(job).output();
        }
    }
}

/// Reads a file that must exist.
fn read(path: &Path) -> Result<Vec<u8>> {
    fs::read(path).with_context(|| format!("cannot read {}", path.display()))
}

/// The path as text, for a command line.
fn text(path: &Path) -> Result<&str> {
    path.to_str()
        .with_context(|| format!("the path {} is not UTF-8", path.display()))
}

/// Writes the sbatch array script that runs `plan` as `TASKS` tasks into `results`.
fn emit(dir: &Path, plan: &str, results: &Path, script: &Path) -> Result<()> {
    let tasks = TASKS.to_string();
    let args = [
        "sweep",
        "emit",
        "slurm",
        plan,
        "--results",
        text(results)?,
        "--tasks",
        &tasks,
        // A checkpoint after every generation: the cancelled task leaves one to resume.
        "--checkpoint-every",
        "1",
        "-o",
        text(script)?,
    ];
    ludoforge(dir, &args).map(drop)
}

/// Cancels array task `CANCELLED` of `job` while it runs, once it has finished its first run,
/// so that submitting it again must skip that run and do the rest.
fn cancel_under_way(dir: &Path, plan: &str, job: &str, results: &Path) -> Result<()> {
    let task = format!("{job}_{CANCELLED}");
    let first = run_ids(dir, plan, Some(CANCELLED))?
        .into_iter()
        .next()
        .context("the cancelled task's shard has no runs")?;
    let first_result = results.join("runs").join(format!("{first}.json"));
    // The task's state, `None` once it has left the queue.
    let state = || {
        queue(job)
            .lines()
            .find_map(|line| line.strip_prefix(&format!("{task} ")))
            .map(str::to_owned)
    };
    wait(
        dir,
        &format!("task {task} has finished run {first}"),
        || Ok(first_result.exists() || state().is_none()),
    )?;
    if state().as_deref() == Some("RUNNING") {
        run(dir, "scancel", &[&task]).map(drop)
    } else {
        eprintln!(
            "task {task} ended before it could be cancelled; it is submitted again all the same"
        );
        Ok(())
    }
}

/// Checks that every run has its result in `B` and that `B` merges to the same bytes as `A`.
fn same_results(dir: &Path, ids: &[String]) -> Result<()> {
    let missing: Vec<&str> = ids
        .iter()
        .filter(|id| !dir.join(format!("B/runs/{id}.json")).exists())
        .map(String::as_str)
        .collect();
    ensure!(
        missing.is_empty(),
        "runs without a result after the cluster finished: {}\n{}",
        missing.join(", "),
        report(dir)
    );
    ludoforge(dir, &["sweep", "merge", "B", "-o", "b.csv", "--no-times"])?;
    for (a, b) in [("a.csv", "b.csv"), ("a.json", "b.json")] {
        ensure!(
            read(&dir.join(a))? == read(&dir.join(b))?,
            "{a} (one process) and {b} (the cluster) differ"
        );
    }
    for id in ids {
        let name = format!("runs/{id}.json");
        ensure!(
            read(&dir.join("A").join(&name))? == read(&dir.join("B").join(&name))?,
            "{name} differs between one process (A) and the cluster (B)"
        );
    }
    Ok(())
}

#[test]
fn a_sweep_through_slurm_with_a_cancelled_task_equals_one_process() -> Result<()> {
    if let Some(why) = no_cluster() {
        eprintln!(
            "skipped: {why}; `scripts/test` starts a one-node cluster when run as root \
             (or start one with `sudo scripts/slurm start`)"
        );
        return Ok(());
    }
    let temp = TempDir::new()?;
    let dir = temp.path();
    let plan = plan();
    let plan = text(&plan)?;
    let ids = run_ids(dir, plan, None)?;

    // One process runs the whole plan into A.
    ludoforge(dir, &["sweep", "run", plan, "--results", "A"])?;
    ludoforge(dir, &["sweep", "merge", "A", "-o", "a.csv", "--no-times"])?;

    // The cluster runs it into B as an array of TASKS tasks, one of them cancelled under way
    // and then submitted again alone with the same script.
    let results = dir.join("B");
    let script = dir.join("sweep.sbatch");
    emit(dir, plan, &results, &script)?;
    let job = submit(dir, &[], &script)?;
    let mut cancel = Cancel(vec![job.clone()]);
    cancel_under_way(dir, plan, &job, &results)?;
    drain(dir, &job)?;
    let again = submit(dir, &[&format!("--array={CANCELLED}")], &script)?;
    cancel.0.push(again.clone());
    drain(dir, &again)?;

    same_results(dir, &ids)
}
