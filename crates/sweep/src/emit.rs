//! `sweep emit`: a ready sbatch array script (SLURM) or Indexed Job manifest (Kubernetes) that
//! runs a plan's shards with the same command as on one machine.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::{Value, json};

/// What a cluster task is given.
#[derive(Debug, Clone)]
pub struct Cluster {
    /// Array tasks (shards).
    pub tasks: usize,
    /// CPUs per task (the run's threads).
    pub cpus: usize,
    /// Memory per task, in GiB.
    pub memory_gib: u32,
    /// Wall time per task (`HH:MM:SS` for SLURM; Kubernetes gets it in seconds).
    pub time: String,
    /// How often each run saves its checkpoint (`30s`, `10`).
    pub every: String,
    /// The SLURM partition, when one must be named.
    pub partition: Option<String>,
}

/// Everything a task runs: the binary, the plan and the results folder, as the task sees them.
#[derive(Debug, Clone)]
pub struct Command<'a> {
    /// The `ludoforge` binary.
    pub binary: &'a str,
    /// The plan file.
    pub plan: &'a str,
    /// The results folder (shared by every task).
    pub results: &'a str,
}

/// A word quoted for a POSIX shell (left bare when it is safe).
///
/// ```
/// use ludoforge_sweep::emit::quote;
/// assert_eq!(quote("/data/r1"), "/data/r1");
/// assert_eq!(quote("my plans/it's.toml"), r#"'my plans/it'\''s.toml'"#);
/// ```
#[must_use]
pub fn quote(word: &str) -> String {
    let safe = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+:=@%,".contains(c));
    if safe {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// `H:MM:SS` (or `D-HH:MM:SS`, `MM:SS`, `M`) as seconds, as SLURM reads a time limit.
///
/// ```
/// use ludoforge_sweep::emit::seconds;
/// assert_eq!(seconds("4:00:00"), Some(14_400));
/// assert_eq!(seconds("1-00:30:00"), Some(88_200));
/// assert_eq!(seconds("90"), Some(5_400));
/// assert_eq!(seconds("soon"), None);
/// ```
#[must_use]
pub fn seconds(time: &str) -> Option<u64> {
    let (days, rest) = match time.split_once('-') {
        Some((d, r)) => (d.parse::<u64>().ok()?, r),
        None => (0, time),
    };
    let parts: Vec<u64> = rest
        .split(':')
        .map(|p| p.parse::<u64>().ok())
        .collect::<Option<_>>()?;
    let hms = match parts.as_slice() {
        [m] if days == 0 => m * 60,
        [h] => h * 3600,
        [m, s] if days == 0 => m * 60 + s,
        [h, m] => h * 3600 + m * 60,
        [h, m, s] => h * 3600 + m * 60 + s,
        _ => return None,
    };
    let total = days * 86_400 + hms;
    (total > 0).then_some(total)
}

/// The sbatch array script: task `$SLURM_ARRAY_TASK_ID` of `tasks` runs its shard, logs go to
/// `RESULTS/logs/`, and a task cancelled or requeued loses nothing (started again it skips
/// finished runs and resumes the interrupted one from its checkpoint).
#[must_use]
pub fn slurm(name: &str, runs: usize, job: &str, cluster: &Cluster, command: &Command) -> String {
    let mut s = String::new();
    let results = Path::new(command.results);
    let logs = results.join("logs");
    let _ = writeln!(s, "#!/bin/bash");
    let _ = writeln!(
        s,
        "# ludoforge sweep {name}: {runs} runs of {job} in {} array tasks.",
        cluster.tasks
    );
    let _ = writeln!(
        s,
        "# Submit with: sbatch THIS_FILE   (again for a task that stopped: sbatch --array=I THIS_FILE)"
    );
    let _ = writeln!(
        s,
        "# Merge when done: {} sweep merge {} -o {}",
        quote(command.binary),
        quote(command.results),
        quote(&results.join("table.csv").display().to_string())
    );
    let _ = writeln!(s, "#SBATCH --job-name=ludoforge-{}", slug(name));
    let _ = writeln!(s, "#SBATCH --array=0-{}", cluster.tasks - 1);
    let _ = writeln!(s, "#SBATCH --ntasks=1");
    let _ = writeln!(s, "#SBATCH --cpus-per-task={}", cluster.cpus);
    let _ = writeln!(s, "#SBATCH --mem={}G", cluster.memory_gib);
    let _ = writeln!(s, "#SBATCH --time={}", cluster.time);
    if let Some(partition) = &cluster.partition {
        let _ = writeln!(s, "#SBATCH --partition={partition}");
    }
    let _ = writeln!(s, "#SBATCH --output={}/%A_%a.out", logs.display());
    let _ = writeln!(s, "#SBATCH --requeue");
    let _ = writeln!(
        s,
        "# SIGTERM a minute before the time limit: the run under way saves its state."
    );
    let _ = writeln!(s, "#SBATCH --signal=B:TERM@60");
    let _ = writeln!(s, "set -euo pipefail");
    let _ = writeln!(
        s,
        "exec {} --threads \"${{SLURM_CPUS_PER_TASK:-1}}\" sweep run {} --results {} --shards {} --checkpoint-every {}",
        quote(command.binary),
        quote(command.plan),
        quote(command.results),
        cluster.tasks,
        quote(&cluster.every)
    );
    s
}

/// The Kubernetes Indexed Job manifest (JSON, which `kubectl apply -f` reads as it reads
/// YAML): `tasks` completions, as many in parallel, each pod running its shard from
/// `JOB_COMPLETION_INDEX`, the results on a shared volume claim named `claim` mounted at the
/// results folder, and `image` holding the binary. A pod that fails is retried (its shard
/// resumes).
#[must_use]
pub fn kubernetes(
    name: &str,
    cluster: &Cluster,
    command: &Command,
    image: &str,
    claim: &str,
) -> Value {
    let deadline = seconds(&cluster.time).unwrap_or(14_400);
    json!({
        "apiVersion": "batch/v1",
        "kind": "Job",
        "metadata": {"name": format!("ludoforge-{}", slug(name)), "labels": {"app": "ludoforge-sweep"}},
        "spec": {
            "completionMode": "Indexed",
            "completions": cluster.tasks,
            "parallelism": cluster.tasks,
            "backoffLimitPerIndex": 3,
            "maxFailedIndexes": cluster.tasks,
            "template": {
                "metadata": {"labels": {"app": "ludoforge-sweep"}},
                "spec": {
                    "restartPolicy": "Never",
                    "activeDeadlineSeconds": deadline,
                    "terminationGracePeriodSeconds": 60,
                    "containers": [{
                        "name": "sweep",
                        "image": image,
                        "command": [
                            command.binary, "--threads", cluster.cpus.to_string(),
                            "sweep", "run", command.plan, "--results", command.results,
                            "--shards", cluster.tasks.to_string(),
                            "--checkpoint-every", cluster.every,
                        ],
                        "resources": {
                            "requests": {"cpu": cluster.cpus.to_string(), "memory": format!("{}Gi", cluster.memory_gib)},
                            "limits": {"cpu": cluster.cpus.to_string(), "memory": format!("{}Gi", cluster.memory_gib)},
                        },
                        "volumeMounts": [{"name": "results", "mountPath": command.results}],
                    }],
                    "volumes": [{"name": "results", "persistentVolumeClaim": {"claimName": claim}}],
                },
            },
        },
    })
}

/// A name Kubernetes and SLURM accept: lower-case letters, digits and dashes.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_matches('-').to_string();
    let mut out: String = out.chars().take(40).collect();
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() { "sweep".into() } else { out }
}
