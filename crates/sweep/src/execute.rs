//! Running one shard of a plan: each run of the shard not yet finished, with a checkpoint while
//! it runs, its record written whole when it ends.

use std::fs;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use ludoforge_job::checkpoint::{Checkpoint, Checkpointing, Every};
use ludoforge_job::{Context, Ending, Event, Job};
use serde_json::Value;

#[cfg(doc)]
use crate::Shard;
use crate::results::{Record, Results, write_atomically};
use crate::{Run, SweepError};

/// How a shard's runs are run.
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// How often each run saves its checkpoint.
    pub every: Every,
    /// Worker threads for each run (the caller's pool when `None`).
    pub threads: Option<usize>,
}

/// What happened to one run of the shard, as it happens.
#[derive(Debug, Clone, PartialEq)]
pub enum Told {
    /// It had finished before: skipped.
    Finished(Run),
    /// Another task holds it (its checkpoint is locked): skipped.
    Busy(Run),
    /// It starts (resuming its checkpoint when `resumed` is some generation count).
    Starting {
        /// The run.
        run: Run,
        /// Where its checkpoint had got, when it resumes one.
        resumed: Option<u64>,
    },
    /// It ended and its record is written: `error` when the job failed.
    Done {
        /// The run.
        run: Run,
        /// Seconds it took (this part of it, when resumed).
        seconds: f64,
        /// The job's message when it failed.
        error: Option<String>,
    },
}

/// What a shard's work came to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Runs finished now.
    pub ran: usize,
    /// Runs that had finished before.
    pub skipped: usize,
    /// Runs another task holds.
    pub busy: usize,
    /// Runs whose job failed (their records say why).
    pub failed: usize,
    /// Whether the work was cancelled (the run under way keeps its checkpoint).
    pub interrupted: bool,
}

/// Runs `runs` (a shard's runs: [`Shard::runs`]) with `job` into `results`, skipping runs
/// with a record and resuming runs with a checkpoint. `cancel` stops it after the run under way
/// has saved its state; `events` hears each run's own progress.
///
/// # Errors
/// [`SweepError::Results`] when a record or checkpoint cannot be written or read.
pub fn run_shard(
    job: &dyn Job,
    runs: &[Run],
    results: &Results,
    options: Options,
    cancel: &AtomicBool,
    events: &(dyn Fn(&Event) + Sync),
    told: &mut dyn FnMut(Told),
) -> Result<Tally, SweepError> {
    let mut tally = Tally::default();
    for run in runs.iter().cloned() {
        if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            tally.interrupted = true;
            break;
        }
        if results.record(&run.id)?.is_some() {
            tally.skipped += 1;
            told(Told::Finished(run));
            continue;
        }
        // A lock beside the checkpoint: held while the run is under way, let go by the system
        // when the process ends however it ends.
        let lock_path = results.dir().join("runs").join(format!("{}.lock", run.id));
        let lock = fs::File::create(&lock_path).map_err(|e| {
            SweepError::Results(format!("cannot make {}: {e}", lock_path.display()))
        })?;
        if lock.try_lock().is_err() {
            tally.busy += 1;
            told(Told::Busy(run));
            continue;
        }
        // Finished by another task between the look and the lock.
        if results.record(&run.id)?.is_some() {
            tally.skipped += 1;
            told(Told::Finished(run));
            continue;
        }
        match one(job, &run, results, options, cancel, events, told)? {
            Some(failed) => {
                tally.ran += 1;
                tally.failed += usize::from(failed);
            }
            None => {
                tally.interrupted = true;
                break;
            }
        }
        drop(lock);
        let _ = fs::remove_file(&lock_path);
    }
    Ok(tally)
}

/// Runs one run: `Some(failed)` when it ended (its record written), `None` when cancelled.
fn one(
    job: &dyn Job,
    run: &Run,
    results: &Results,
    options: Options,
    cancel: &AtomicBool,
    events: &(dyn Fn(&Event) + Sync),
    told: &mut dyn FnMut(Told),
) -> Result<Option<bool>, SweepError> {
    let started = Instant::now();
    let checkpoint_path = results.checkpoint_path(&run.id);
    let name = checkpoint_path.display().to_string();
    let checked = job.check(&run.params).ok();
    let save = |bytes: &[u8]| {
        write_atomically(&checkpoint_path, bytes).map_err(|e| format!("{name}: {e}"))
    };
    let saved = match fs::read(&checkpoint_path) {
        Ok(bytes) => Some(Checkpoint::read(&bytes, &name).map_err(|e| {
            SweepError::Results(format!("{e} (remove it to run {} afresh)", run.id))
        })?),
        Err(_) => None,
    };
    let resumed = saved.as_ref().map(|c| c.reached);
    told(Told::Starting {
        run: run.clone(),
        resumed,
    });
    let outcome = match &checked {
        Some(params) if job.checkpoints() => {
            let mut checkpointing =
                Checkpointing::new(job.id(), params, run.seed, options.every, &save);
            if let Some(saved) = saved {
                checkpointing = checkpointing
                    .resuming(saved, &name)
                    .map_err(|e| SweepError::Results(e.to_string()))?;
            }
            let context = Context::new(events, cancel)
                .with_threads(options.threads)
                .with_checkpoints(&checkpointing);
            job.run(&run.params, run.seed, &context)
        }
        _ => {
            let context = Context::new(events, cancel).with_threads(options.threads);
            job.run(&run.params, run.seed, &context)
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let mut record = Record {
        index: run.index,
        id: run.id.clone(),
        job: job.id().to_string(),
        seed: run.seed,
        varied: serde_json::to_value(&run.varied).expect("values serialise"),
        params: run.params.clone(),
        summary: None,
        result: None,
        error: None,
    };
    match outcome {
        Ok(artifact) if artifact.ending == Ending::Interrupted => return Ok(None),
        Ok(artifact) => {
            record.result = artifact
                .file("result")
                .and_then(|f| serde_json::from_slice::<Value>(&f.bytes).ok());
            record.summary = Some(artifact.summary);
        }
        Err(error) => record.error = Some(error.to_string()),
    }
    let failed = record.error.is_some();
    let bytes = serde_json::to_vec(&record).expect("a record serialises");
    let path = results.record_path(&run.id);
    write_atomically(&path, &bytes)
        .map_err(|e| SweepError::Results(format!("cannot write {}: {e}", path.display())))?;
    let _ = fs::remove_file(&checkpoint_path);
    // The time of the attempt that finished it (a resumed run's earlier attempts are not
    // counted: their process may have been killed before it could say).
    let seconds_path = results.seconds_path(&run.id);
    let _ = write_atomically(&seconds_path, format!("{seconds:.3}\n").as_bytes());
    told(Told::Done {
        run: run.clone(),
        seconds,
        error: record.error,
    });
    Ok(Some(failed))
}
