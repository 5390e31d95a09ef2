//! `sweep run`: one shard of a plan into a results folder.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use ludoforge_job::Event;
use ludoforge_sweep::execute::{Options, Told, run_shard};
use ludoforge_sweep::{Results, Shard};

use crate::progress::{bar, shown};
use crate::puzzle::{Ending, cancel_flag};

/// `sweep run`'s arguments.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The plan.
    pub plan: PathBuf,
    /// The results folder (made when missing; shared by every task of the sweep).
    #[arg(long, value_name = "DIR")]
    pub results: PathBuf,
    /// Run only shard I of N (I from 0).
    #[arg(long, value_name = "I/N", conflicts_with = "shards")]
    pub shard: Option<String>,
    /// Split into N shards and run the one the scheduler's index names: SLURM_ARRAY_TASK_ID
    /// (a SLURM array task) or JOB_COMPLETION_INDEX (a Kubernetes Indexed Job).
    #[arg(long, value_name = "N")]
    pub shards: Option<usize>,
    /// Only the runs with this value of a varied parameter (`generations=10`; repeat for
    /// more): a slice of a large plan. The results folder is the whole plan's, so other
    /// slices can be added to it later.
    #[arg(long, value_name = "NAME=VALUE")]
    pub only: Vec<String>,
}

/// The shard to run: `--shard`, or `--shards N` with the scheduler's index, or all.
fn shard(args: &RunArgs) -> Result<Shard> {
    if let Some(text) = &args.shard {
        return Ok(text.parse::<Shard>()?);
    }
    let Some(count) = args.shards else {
        return Ok(Shard::ALL);
    };
    let named = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"]
        .into_iter()
        .find_map(|name| std::env::var(name).ok().map(|v| (name, v)));
    let Some((name, value)) = named else {
        bail!(
            "--shards {count}: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set, so \
             which shard is this? Run it as an array task (`sweep emit`), or give --shard I/{count}"
        );
    };
    let index: usize = value
        .trim()
        .parse()
        .map_err(|_| anyhow::anyhow!("{name}={value:?} is not a task index"))?;
    format!("{index}/{count}")
        .parse::<Shard>()
        .map_err(|e| anyhow::anyhow!("{name}={index} with --shards {count}: {e}"))
}

/// `sweep run PLAN --results DIR [--shard I/N | --shards N]`.
pub fn run(args: &RunArgs) -> Result<Ending> {
    let (plan, runs, text) = super::read(&args.plan)?;
    let shard = shard(args)?;
    let every = crate::checkpoint::every()?;
    let results = Results::create(&args.results, &plan, &text, &runs)?;
    let registry = crate::jobs::registry();
    let job = registry.get(&plan.job).expect("read checked the job");
    let chosen = super::only(&plan, shard.runs(&runs), &args.only)?;
    let mine = chosen.len();
    crate::say(&format!(
        "shard {}/{}: {mine} of {} runs of {} into {}",
        shard.index,
        shard.count,
        runs.len(),
        plan.job,
        args.results.display()
    ));
    let progress = if shown() {
        Some(bar(mine as u64, "runs"))
    } else {
        None
    };
    let quiet = |_: &Event| {};
    let mut done = 0;
    let mut told = |t: Told| {
        let line = match &t {
            Told::Finished(_) | Told::Busy(_) => None,
            Told::Starting { run, resumed } => resumed.map(|g| {
                format!(
                    "run {} ({}) resumes after {g} generations",
                    run.index, run.id
                )
            }),
            Told::Done {
                run,
                seconds,
                error,
            } => Some(match error {
                None => format!("run {} ({}) done in {seconds:.1} s", run.index, run.id),
                Some(e) => format!("run {} ({}) failed: {e}", run.index, run.id),
            }),
        };
        if !matches!(t, Told::Starting { .. }) {
            done += 1;
            if let Some(bar) = &progress {
                bar.set_position(done);
            }
        }
        if let Some(line) = line {
            match &progress {
                Some(bar) => bar.println(line),
                None => crate::say(&line),
            }
        }
    };
    let options = Options {
        every,
        threads: None,
    };
    let tally = run_shard(
        job,
        &chosen,
        &results,
        options,
        cancel_flag(),
        &quiet,
        &mut told,
    )?;
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    crate::say(&format!(
        "shard {}/{}: {} ran, {} had finished before, {} held by another task, {} failed{}",
        shard.index,
        shard.count,
        tally.ran,
        tally.skipped,
        tally.busy,
        tally.failed,
        if tally.interrupted {
            "; stopped: the run under way keeps its checkpoint, run the same command to go on"
        } else {
            ""
        }
    ));
    Ok(if tally.interrupted {
        Ending::Interrupted
    } else {
        Ending::Done
    })
}
