//! `--checkpoint`, `--checkpoint-every` and `--resume`: a run's state saved now and then, and a
//! stopped run continued to exactly the bytes an uninterrupted one writes.

use std::fs;
use std::path::PathBuf;
use std::sync::OnceLock;

use anyhow::{Context as _, Result, bail};
use clap::Args;
use ludoforge_job::Job;
use ludoforge_job::checkpoint::{Checkpoint, Every};
use serde_json::Value;

/// The checkpoint flags every generator command takes.
#[derive(Debug, Clone, Default, Args)]
pub struct CheckpointArgs {
    /// Save the run's whole state to FILE now and then (written whole or not at all), so a run
    /// stopped at any moment can be continued with --resume FILE. Removed when the run ends.
    #[arg(long, global = true, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// How often to save: a time (30s, 5m, 1h) or a number of generations (10). Default 30s.
    #[arg(long, global = true, value_name = "30s|N")]
    pub checkpoint_every: Option<String>,
    /// Continue the run saved in FILE (give the same job, parameters and seed), saving to it
    /// as it goes (or to --checkpoint's file).
    #[arg(long, global = true, value_name = "FILE")]
    pub resume: Option<PathBuf>,
}

static ASKED: OnceLock<CheckpointArgs> = OnceLock::new();

/// Remembers the flags for the run the command starts.
pub fn set(args: &CheckpointArgs) {
    let _ = ASKED.set(args.clone());
}

/// Whether any checkpoint flag was given.
pub fn asked() -> bool {
    ASKED.get().is_some_and(|a| {
        a.checkpoint.is_some() || a.resume.is_some() || a.checkpoint_every.is_some()
    })
}

/// `--checkpoint-every`, or every 30 seconds.
///
/// # Errors
/// A value that is neither a time nor a count.
pub fn every() -> Result<Every> {
    match ASKED.get().and_then(|a| a.checkpoint_every.as_deref()) {
        Some(text) => text.parse::<Every>().map_err(anyhow::Error::msg),
        None => Ok(Every::default()),
    }
}

/// Whether only `--checkpoint-every` was given (what `sweep run` takes: its checkpoints live
/// in its results folder).
pub fn only_every() -> bool {
    ASKED
        .get()
        .is_some_and(|a| a.checkpoint.is_none() && a.resume.is_none())
}

/// What a run was asked to do with checkpoints.
pub struct Plan {
    /// The file saved to.
    pub path: PathBuf,
    /// How often.
    pub every: Every,
    /// The checkpoint to continue from.
    pub resume: Option<Checkpoint>,
}

/// Checks the flags for a run of `job` with `params` and `seed`: `None` when none were given.
///
/// # Errors
/// The job keeps no checkpoints, the file to resume is missing or not this run's, or
/// `--checkpoint` names a file that already holds one.
pub fn plan(job: &dyn Job, params: &Value, seed: u64) -> Result<Option<Plan>> {
    if !asked() {
        return Ok(None);
    }
    let args = ASKED.get().cloned().unwrap_or_default();
    if !job.checkpoints() {
        bail!(
            "{} keeps no checkpoints (its runs do not go in generations it could continue \
             from); leave out --checkpoint, --checkpoint-every and --resume",
            job.id()
        );
    }
    let every = every()?;
    let Some(path) = args.checkpoint.clone().or(args.resume.clone()) else {
        bail!("--checkpoint-every needs --checkpoint FILE (or --resume FILE) to save to");
    };
    let checked = job.check(params).map_err(anyhow::Error::msg)?;
    let resume = match &args.resume {
        Some(from) => {
            let bytes = fs::read(from).with_context(|| {
                format!(
                    "cannot read the checkpoint {} (leave out --resume to start the run afresh)",
                    from.display()
                )
            })?;
            let name = from.display().to_string();
            let checkpoint = Checkpoint::read(&bytes, &name).map_err(anyhow::Error::msg)?;
            checkpoint
                .fits(job.id(), &checked, seed, &name)
                .map_err(anyhow::Error::msg)?;
            Some(checkpoint)
        }
        None => {
            if path.is_dir() {
                bail!(
                    "--checkpoint {}: that is a folder; give a file name (the checkpoint is \
                     one file)",
                    path.display()
                );
            }
            if path.exists() {
                // Only a checkpoint is said to be one; another file is not overwritten either.
                let is_checkpoint = fs::read(&path)
                    .ok()
                    .is_some_and(|bytes| Checkpoint::read(&bytes, "").is_ok());
                if is_checkpoint {
                    bail!(
                        "{} already holds a checkpoint; continue that run with --resume {}, or \
                         remove the file to start again",
                        path.display(),
                        path.display()
                    );
                }
                bail!(
                    "--checkpoint {}: the file exists and is not a checkpoint, so it is left as \
                     it is; give the name of a file that does not exist yet",
                    path.display()
                );
            }
            None
        }
    };
    Ok(Some(Plan {
        path,
        every,
        resume,
    }))
}

pub use ludoforge_sweep::write_atomically;
