//! `ludoforge sweep`: plans of many runs of one job, split for a scheduler's array tasks.

mod emit;
mod merge;
mod run;

use std::path::PathBuf;

use anyhow::{Context as _, Result, bail};
use clap::{Args, Subcommand};
use ludoforge_sweep::{Plan, Shard};
use serde_json::{Value, json};

use crate::puzzle::Ending;

/// What to do with a sweep plan.
#[derive(Debug, Subcommand)]
pub enum SweepCommand {
    /// Every run a plan makes, checked against its job: index, id, seed and the varied
    /// parameters, one run a line (`--json` for all parameters).
    List(ListArgs),
    /// Run a plan's runs (one shard of them on a cluster's array task) into a results folder,
    /// one file per finished run; started again it skips finished runs and resumes the
    /// interrupted one from its checkpoint.
    Run(run::RunArgs),
    /// Merge a results folder: one table of every run (CSV and JSON), the best runs and the
    /// curves of the best; optionally keep the best in the content library.
    Merge(merge::MergeArgs),
    /// Write a ready SLURM array script or Kubernetes Indexed Job manifest for a plan.
    Emit(emit::EmitArgs),
}

/// `sweep list`'s arguments.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// The plan (TOML: `job`, `[fixed]`, `[vary]`, `[replicates]`; see sweeps/ for examples).
    pub plan: PathBuf,
    /// Only shard I of N (I from 0), as a scheduler's array task I of N would run them.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Print the runs as JSON, every parameter included.
    #[arg(long)]
    pub json: bool,
}

/// `ludoforge sweep`.
pub fn sweep(command: &SweepCommand) -> Result<Ending> {
    match command {
        SweepCommand::List(args) => list(args),
        SweepCommand::Run(args) => run::run(args),
        SweepCommand::Merge(args) => merge::merge(args),
        SweepCommand::Emit(args) => emit::emit(args),
    }
}

/// Reads and checks a plan: its job exists and takes every run's parameters.
fn read(path: &std::path::Path) -> Result<(Plan, Vec<ludoforge_sweep::Run>, String)> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the plan {}", path.display()))?;
    let plan = Plan::parse(&text).with_context(|| format!("{}", path.display()))?;
    let registry = crate::jobs::registry();
    let Some(job) = registry.get(&plan.job) else {
        bail!(
            "{}: there is no job {:?}; the jobs are: {} (`ludoforge list` says what each does)",
            path.display(),
            plan.job,
            registry.ids().join(", ")
        );
    };
    let runs = plan.runs().with_context(|| format!("{}", path.display()))?;
    // Every configuration once (replicates differ only in their seed).
    let mut checked = std::collections::BTreeSet::new();
    for run in &runs {
        let text = run.params.to_string();
        if checked.insert(text) {
            job.check(&run.params).map_err(|e| {
                anyhow::anyhow!(
                    "{}: run {} ({}) would be refused by {}: {e}",
                    path.display(),
                    run.index,
                    shown(&run.varied),
                    plan.job
                )
            })?;
        }
    }
    Ok((plan, runs, text))
}

/// The runs whose varied parameters have the values `only` names (`generations=10`), each a
/// varied parameter of the plan; all runs when `only` is empty. Indexes stay the plan's.
pub fn only(
    plan: &Plan,
    runs: Vec<ludoforge_sweep::Run>,
    only: &[String],
) -> Result<Vec<ludoforge_sweep::Run>> {
    let mut wanted = Vec::new();
    for given in only {
        let Some((name, value)) = given.split_once('=') else {
            bail!("--only {given:?}: write NAME=VALUE, such as generations=10");
        };
        let name = name.trim();
        if !plan.vary.contains_key(name) {
            bail!(
                "--only {given:?}: {name} is not varied by the plan; it varies {}",
                plan.vary.keys().cloned().collect::<Vec<_>>().join(", ")
            );
        }
        let value: Value = serde_json::from_str(value.trim())
            .unwrap_or_else(|_| Value::String(value.trim().to_string()));
        wanted.push((name.to_string(), value));
    }
    let same = |a: &Value, b: &Value| match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    };
    let kept: Vec<_> = runs
        .into_iter()
        .filter(|r| {
            wanted
                .iter()
                .all(|(n, v)| r.varied.get(n).is_some_and(|x| same(x, v)))
        })
        .collect();
    if kept.is_empty() && !wanted.is_empty() {
        bail!(
            "--only {}: no run of the plan has these values",
            only.join(" ")
        );
    }
    Ok(kept)
}

/// `name=value name=value`.
fn shown(varied: &std::collections::BTreeMap<String, Value>) -> String {
    varied
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `sweep list PLAN`.
fn list(args: &ListArgs) -> Result<Ending> {
    let (plan, runs, _) = read(&args.plan)?;
    let shard = match &args.shard {
        Some(text) => text.parse::<Shard>()?,
        None => Shard::ALL,
    };
    let mine = shard.runs(&runs);
    if args.json {
        let listed: Vec<Value> = mine
            .iter()
            .map(|r| json!({"index": r.index, "id": r.id, "seed": r.seed, "params": r.params}))
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&json!({
                "job": plan.job, "runs": runs.len(),
                "shard": format!("{}/{}", shard.index, shard.count), "listed": listed,
            }))?
        );
        return Ok(Ending::Done);
    }
    let configurations = runs.len() / plan.replicates.seeds.len();
    let mut head = format!(
        "{} runs of {}: {configurations} configurations × {} seeds",
        runs.len(),
        plan.job,
        plan.replicates.seeds.len()
    );
    if shard != Shard::ALL {
        head.push_str(&format!(
            "; shard {}/{} runs {}",
            shard.index,
            shard.count,
            mine.len()
        ));
    }
    println!("{head}");
    println!("{:>7}  {:<16}  {:>6}  varied", "index", "id", "seed");
    for run in &mine {
        println!(
            "{:>7}  {:<16}  {:>6}  {}",
            run.index,
            run.id,
            run.seed,
            shown(&run.varied)
        );
    }
    Ok(Ending::Done)
}
