//! `ludoforge sweep list`: the runs of a plan, checked against its job, and a shard of them.

use std::path::Path;

use tempfile::TempDir;

use super::{run_in, write};

/// The repository's reduced plan of the paper's grid.
fn reduced() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../sweeps/rossato2023-reduced.toml")
        .display()
        .to_string()
}

#[test]
fn list_prints_every_run_and_a_shard_of_them() {
    let dir = TempDir::new().unwrap();
    let plan = reduced();
    let all = run_in(dir.path(), &["sweep", "list", &plan]).expect_ok();
    let lines: Vec<&str> = all.stdout.lines().collect();
    assert_eq!(
        lines[0], "12 runs of risk-design: 12 configurations × 1 seeds",
        "{}",
        all.stdout
    );
    assert_eq!(lines.len(), 2 + 12);
    let shard = run_in(dir.path(), &["sweep", "list", &plan, "--shard", "1/4"]).expect_ok();
    let mine: Vec<&str> = shard.stdout.lines().skip(2).collect();
    assert_eq!(mine.len(), 3);
    // Shard 1 of 4 holds runs 1, 5 and 9, the same lines as the whole list.
    assert_eq!(mine, [lines[3], lines[7], lines[11]]);
    let json = run_in(dir.path(), &["sweep", "list", &plan, "--json"]).expect_ok();
    let value: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(value["runs"], 12);
    assert_eq!(value["listed"][0]["params"]["matches"], 10);
}

#[test]
fn plans_a_job_would_refuse_are_refused_before_any_run() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "nojob.toml", "job = \"dragons\"\n");
    write(
        d,
        "bad.toml",
        "job = \"risk-design\"\n[vary]\nmutation = [0.5, 2.0]\n",
    );
    write(
        d,
        "broken.toml",
        "job = \"risk-design\"\n[vary]\na = { from = 1 }\n",
    );
    let plan = reduced();
    for (args, said) in [
        (
            vec!["sweep", "list", "nojob.toml"],
            "there is no job \"dragons\"",
        ),
        (
            vec!["sweep", "list", "bad.toml"],
            "run 1 (mutation=2.0) would be refused by risk-design",
        ),
        (vec!["sweep", "list", "broken.toml"], "a range needs `to`"),
        (
            vec!["sweep", "list", "missing.toml"],
            "cannot read the plan missing.toml",
        ),
        (
            vec!["sweep", "list", &plan, "--shard", "2/2"],
            "I counts from 0 and must be below N",
        ),
    ] {
        let out = run_in(d, &args);
        assert_eq!(out.code, 1, "{args:?}: {}", out.describe());
        assert!(out.stderr.contains(said), "{args:?}: {}", out.describe());
        assert!(!out.stderr.contains("panicked"));
    }
}

/// A plan of four quick runs of the designer (two configurations, two seeds).
const SMALL: &str = "job = \"risk-design\"\n[fixed]\nmatches = 2\ngenerations = 2\n\
[vary]\noffspring = [4, 6]\ntournament = { from = 2, to = \"offspring / 2\", step = 4 }\n\
[replicates]\nseeds = [3, 4]\n[report]\nrank = \"best.fitness\"\norder = \"lowest\"\ntop = 3\n\
curve = \"history\"\ny = [\"min\", \"mean\"]\n";

/// Runs the binary in `dir` with `args` and one more environment variable.
fn run_env(dir: &Path, args: &[&str], name: &str, value: &str) -> super::Outcome {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_ludoforge"))
        .args(args)
        .current_dir(dir)
        .env(name, value)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs");
    super::Outcome {
        code: output.status.code().expect("exited normally"),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

#[test]
fn array_tasks_merge_to_the_table_of_one_process() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "small.toml", SMALL);
    let whole = run_in(d, &["sweep", "run", "small.toml", "--results", "A"]).expect_ok();
    assert!(
        whole.stdout.contains("4 ran, 0 had finished before"),
        "{}",
        whole.stdout
    );
    // Again: nothing left to do.
    let again = run_in(d, &["sweep", "run", "small.toml", "--results", "A"]).expect_ok();
    assert!(
        again.stdout.contains("0 ran, 4 had finished before"),
        "{}",
        again.stdout
    );
    // Two SLURM array tasks and one Kubernetes index, as the schedulers name them.
    run_env(
        d,
        &[
            "sweep",
            "run",
            "small.toml",
            "--results",
            "B",
            "--shards",
            "3",
        ],
        "SLURM_ARRAY_TASK_ID",
        "0",
    )
    .expect_ok();
    run_env(
        d,
        &[
            "sweep",
            "run",
            "small.toml",
            "--results",
            "B",
            "--shards",
            "3",
        ],
        "SLURM_ARRAY_TASK_ID",
        "2",
    )
    .expect_ok();
    let partial = run_in(d, &["sweep", "merge", "B", "-o", "b.csv"]);
    assert_eq!(partial.code, 1);
    assert!(
        partial.stderr.contains("1 of 4 runs have no result yet"),
        "{}",
        partial.stderr
    );
    assert!(!d.join("b.csv").exists());
    run_env(
        d,
        &[
            "sweep",
            "run",
            "small.toml",
            "--results",
            "B",
            "--shards",
            "3",
        ],
        "JOB_COMPLETION_INDEX",
        "1",
    )
    .expect_ok();
    let a = run_in(d, &["sweep", "merge", "A", "-o", "a.csv", "--no-times"]).expect_ok();
    run_in(d, &["sweep", "merge", "B", "-o", "b.csv", "--no-times"]).expect_ok();
    for name in ["csv", "json", "best.md", "curves.svg"] {
        let (x, y) = (d.join(format!("a.{name}")), d.join(format!("b.{name}")));
        assert_eq!(
            std::fs::read(&x).unwrap(),
            std::fs::read(&y).unwrap(),
            "{name}"
        );
    }
    // The table: a header and four runs, each with its fitness; the best table ranks by it.
    let csv = std::fs::read_to_string(d.join("a.csv")).unwrap();
    let head: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    assert_eq!(
        head[..6],
        ["index", "id", "seed", "offspring", "tournament", "error"]
    );
    let column = head.iter().position(|c| *c == "best.fitness").unwrap();
    let mut fitness: Vec<f64> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(column).unwrap().parse().unwrap())
        .collect();
    assert_eq!(fitness.len(), 4);
    fitness.sort_by(f64::total_cmp);
    let best = std::fs::read_to_string(d.join("a.best.md")).unwrap();
    let first = best.lines().nth(2).unwrap();
    assert!(
        first.starts_with(&format!("| 1 | {:.3} |", fitness[0])),
        "{best}\n{fitness:?}"
    );
    assert!(a.stdout.contains("best runs (a.best.md)"), "{}", a.stdout);
    let json = super::read_json(&d.join("a.json"));
    assert_eq!(json["rows"].as_array().unwrap().len(), 4);
    assert_eq!(
        json["rows"][0]["summary"]["history"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    // With times, each run's time in its last column.
    run_in(d, &["sweep", "merge", "A", "-o", "t.csv"]).expect_ok();
    let timed = std::fs::read_to_string(d.join("t.csv")).unwrap();
    assert!(timed.lines().next().unwrap().ends_with(",seconds"));
    // The bests kept in a library of their own.
    let kept = run_in(
        d,
        &[
            "sweep",
            "merge",
            "A",
            "-o",
            "k.csv",
            "--keep",
            "--library",
            "lib.sqlite",
        ],
    )
    .expect_ok();
    assert!(
        kept.stdout.contains("3 added, 0 there already"),
        "{}",
        kept.stdout
    );
}

#[test]
fn emitted_scripts_run_the_same_command_and_bad_requests_are_refused() {
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "small.toml", SMALL);
    let slurm = run_in(
        d,
        &[
            "sweep",
            "emit",
            "slurm",
            "small.toml",
            "--results",
            "R",
            "--tasks",
            "2",
            "--partition",
            "short",
        ],
    )
    .expect_ok();
    let script = slurm.stdout;
    let results = std::fs::canonicalize(d).unwrap().join("R");
    for line in [
        "#SBATCH --array=0-1".to_string(),
        "#SBATCH --cpus-per-task=2".to_string(),
        "#SBATCH --partition=short".to_string(),
        format!("#SBATCH --output={}/logs/%A_%a.out", results.display()),
    ] {
        assert!(script.lines().any(|l| l == line), "{line}\n{script}");
    }
    let exec = script.lines().last().unwrap();
    assert!(
        exec.starts_with("exec ") && exec.contains(" sweep run ") && exec.contains("--shards 2"),
        "{exec}"
    );
    assert!(
        results.join("logs").is_dir(),
        "SLURM does not make the log folder"
    );
    let k8s = run_in(
        d,
        &[
            "sweep",
            "emit",
            "k8s",
            "small.toml",
            "--results",
            "/results",
            "--tasks",
            "4",
            "-o",
            "job.json",
        ],
    )
    .expect_ok();
    assert!(k8s.stderr.contains("4 tasks for 4 runs"), "{}", k8s.stderr);
    let manifest = super::read_json(&d.join("job.json"));
    assert_eq!(manifest["spec"]["completionMode"], "Indexed");
    assert_eq!(manifest["spec"]["completions"], 4);
    let command = &manifest["spec"]["template"]["spec"]["containers"][0]["command"];
    assert_eq!(
        command.as_array().unwrap()[3..7],
        [
            json_str("sweep"),
            json_str("run"),
            json_str("small.toml"),
            json_str("--results")
        ]
    );
    for (args, said) in [
        (
            vec![
                "sweep",
                "emit",
                "slurm",
                "small.toml",
                "--results",
                "R",
                "--tasks",
                "9",
            ],
            "--tasks 9: give between 1 and 4",
        ),
        (
            vec![
                "sweep",
                "emit",
                "slurm",
                "small.toml",
                "--results",
                "R",
                "--time",
                "soon",
            ],
            "--time \"soon\"",
        ),
        (
            vec![
                "sweep",
                "run",
                "small.toml",
                "--results",
                "R",
                "--shards",
                "2",
            ],
            "neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX",
        ),
        (
            vec![
                "sweep",
                "run",
                "small.toml",
                "--results",
                "R",
                "--checkpoint",
                "c.json",
            ],
            "give only --checkpoint-every",
        ),
        (
            vec!["sweep", "merge", "R", "-o", "table.txt"],
            "name the table's CSV file",
        ),
        (
            vec!["sweep", "merge", "nowhere", "-o", "t.csv"],
            "is not a sweep's results folder",
        ),
    ] {
        let out = run_in(d, &args);
        assert_eq!(out.code, 1, "{args:?}: {}", out.describe());
        assert!(out.stderr.contains(said), "{args:?}: {}", out.stderr);
    }
    // A slice of the plan: its runs only, counted as such.
    let slice = run_in(
        d,
        &[
            "sweep",
            "run",
            "small.toml",
            "--results",
            "S",
            "--only",
            "offspring=6",
        ],
    )
    .expect_ok();
    assert!(slice.stdout.contains("2 of 4 runs"), "{}", slice.stdout);
    for (only, said) in [
        ("matches=2", "matches is not varied by the plan"),
        ("offspring=7", "no run of the plan has these values"),
        ("offspring", "write NAME=VALUE"),
    ] {
        let out = run_in(
            d,
            &[
                "sweep",
                "run",
                "small.toml",
                "--results",
                "S",
                "--only",
                only,
            ],
        );
        assert_eq!(out.code, 1, "{only}");
        assert!(out.stderr.contains(said), "{only}: {}", out.stderr);
    }
    // Results of one plan are not mixed with another's.
    run_in(
        d,
        &[
            "sweep",
            "run",
            "small.toml",
            "--results",
            "R",
            "--shard",
            "0/4",
        ],
    )
    .expect_ok();
    write(
        d,
        "other.toml",
        &SMALL.replace("seeds = [3, 4]", "seeds = [5]"),
    );
    let mixed = run_in(d, &["sweep", "run", "other.toml", "--results", "R"]);
    assert_eq!(mixed.code, 1);
    assert!(
        mixed.stderr.contains("holds the results of another plan"),
        "{}",
        mixed.stderr
    );
}

fn json_str(s: &str) -> serde_json::Value {
    serde_json::Value::from(s)
}

/// The emitted Indexed Job is checked against Kubernetes' own Job schema by kubernetes-validate
/// (PyPI), strictly: `scripts/test` installs it and names it in LUDOFORGE_KUBERNETES_VALIDATE.
#[test]
fn the_kubernetes_manifest_passes_the_job_schema() {
    let Ok(validator) = std::env::var("LUDOFORGE_KUBERNETES_VALIDATE") else {
        eprintln!(
            "skipped: the Kubernetes schema check needs kubernetes-validate; scripts/test \
             installs it (scripts/kubernetes-validate --install) and runs this test"
        );
        return;
    };
    let dir = TempDir::new().unwrap();
    let d = dir.path();
    write(d, "small.toml", SMALL);
    run_in(
        d,
        &[
            "sweep",
            "emit",
            "k8s",
            "small.toml",
            "--results",
            "/results",
            "--tasks",
            "3",
            "--cpus",
            "4",
            "--memory",
            "8",
            "--time",
            "1-00:00:00",
            "-o",
            "job.json",
        ],
    )
    .expect_ok();
    let check = |file: &str, version: &str| {
        std::process::Command::new(&validator)
            .args(["--strict", "-k", version, file])
            .current_dir(d)
            .output()
            .expect("kubernetes-validate runs")
    };
    for version in ["1.33", "1.37"] {
        let out = check("job.json", version);
        assert!(
            out.status.success(),
            "Kubernetes {version} refuses the manifest: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // The check can fail: a field the Job schema does not have is refused.
    let mut manifest = super::read_json(&d.join("job.json"));
    manifest["spec"]["shards"] = serde_json::json!(3);
    std::fs::write(d.join("bad.json"), manifest.to_string()).unwrap();
    let out = check("bad.json", "1.37");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("'shards' was unexpected"),
        "{out:?}"
    );
}
