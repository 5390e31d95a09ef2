//! A sweep's results folder: which plan it holds, one record per finished run, and the
//! checkpoint of a run under way.
//!
//! ```text
//! DIR/sweep.json              the plan (its text and the digest of its run list)
//! DIR/runs/<id>.json          a finished run: parameters, seed, summary, result (same bytes
//!                             whichever task, machine or thread count made it)
//! DIR/runs/<id>.seconds       how long it took (kept apart so records stay byte-equal)
//! DIR/runs/<id>.checkpoint    the state of a run under way (removed when it is done)
//! ```

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::{Plan, Run, SweepError};

/// What `sweep.json` says: the plan a results folder holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Always `"ludoforge sweep"`.
    pub format: String,
    /// The folder layout's version (1).
    pub version: u32,
    /// The plan's job.
    pub job: String,
    /// How many runs the plan makes.
    pub runs: usize,
    /// SHA-256 of the plan's run ids in order: two plans with the same runs agree.
    pub digest: String,
    /// The plan file's text.
    pub plan: String,
}

/// One finished run, as `runs/<id>.json` keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Its place in the plan's run list.
    pub index: usize,
    /// Its id (16 hexadecimal digits).
    pub id: String,
    /// The job.
    pub job: String,
    /// The seed.
    pub seed: u64,
    /// The varied parameters' values.
    pub varied: Value,
    /// Every parameter.
    pub params: Value,
    /// The job's summary (scores, history): absent when the run failed.
    pub summary: Option<Value>,
    /// The job's result document (when it is JSON): absent when the run failed.
    pub result: Option<Value>,
    /// Why the run failed, in the job's words.
    pub error: Option<String>,
}

/// A results folder.
#[derive(Debug, Clone)]
pub struct Results {
    dir: PathBuf,
    /// What it holds.
    pub header: Header,
}

fn io(path: &Path, what: &str, e: &std::io::Error) -> SweepError {
    SweepError::Results(format!("cannot {what} {}: {e}", path.display()))
}

impl Results {
    /// Opens (making it when needed) the results folder of `plan` (read from `text`): a
    /// folder that holds another plan's results is refused.
    ///
    /// # Errors
    /// [`SweepError::Results`] for a folder of another plan or one that cannot be written.
    pub fn create(
        dir: &Path,
        plan: &Plan,
        text: &str,
        runs: &[Run],
    ) -> Result<Results, SweepError> {
        let header = Header {
            format: "ludoforge sweep".into(),
            version: 1,
            job: plan.job.clone(),
            runs: runs.len(),
            digest: digest(runs),
            plan: text.to_string(),
        };
        let runs_dir = dir.join("runs");
        fs::create_dir_all(&runs_dir).map_err(|e| io(&runs_dir, "make the folder", &e))?;
        let path = dir.join("sweep.json");
        if path.exists() {
            let held = Results::open(dir)?;
            if held.header.digest != header.digest {
                return Err(SweepError::Results(format!(
                    "{} holds the results of another plan ({} runs of {}); give another \
                     --results folder, or the plan it holds",
                    dir.display(),
                    held.header.runs,
                    held.header.job
                )));
            }
            return Ok(held);
        }
        let bytes = serde_json::to_vec_pretty(&header).expect("a header serialises");
        write_atomically(&path, &bytes).map_err(|e| io(&path, "write", &e))?;
        Ok(Results {
            dir: dir.to_path_buf(),
            header,
        })
    }

    /// Opens an existing results folder.
    ///
    /// # Errors
    /// [`SweepError::Results`] when it has no readable `sweep.json`.
    pub fn open(dir: &Path) -> Result<Results, SweepError> {
        let path = dir.join("sweep.json");
        let bytes = fs::read(&path).map_err(|e| {
            SweepError::Results(format!(
                "{} is not a sweep's results folder (cannot read {}: {e}); give the folder \
                 `sweep run --results` wrote",
                dir.display(),
                path.display()
            ))
        })?;
        let header: Header = serde_json::from_slice(&bytes)
            .ok()
            .filter(|h: &Header| h.format == "ludoforge sweep")
            .ok_or_else(|| {
                SweepError::Results(format!("{} is not a sweep header", path.display()))
            })?;
        if header.version != 1 {
            return Err(SweepError::Results(format!(
                "{} was written by a ludoforge with results layout {}; this one reads 1",
                path.display(),
                header.version
            )));
        }
        Ok(Results {
            dir: dir.to_path_buf(),
            header,
        })
    }

    /// The plan the folder holds, and its runs.
    ///
    /// # Errors
    /// [`SweepError`] when the kept plan no longer reads.
    pub fn plan(&self) -> Result<(Plan, Vec<Run>), SweepError> {
        let plan = Plan::parse(&self.header.plan)?;
        let runs = plan.runs()?;
        Ok((plan, runs))
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where run `id`'s record goes.
    pub fn record_path(&self, id: &str) -> PathBuf {
        self.dir.join("runs").join(format!("{id}.json"))
    }

    /// Where run `id`'s checkpoint goes while it runs.
    pub fn checkpoint_path(&self, id: &str) -> PathBuf {
        self.dir.join("runs").join(format!("{id}.checkpoint"))
    }

    /// Where run `id`'s time goes.
    pub fn seconds_path(&self, id: &str) -> PathBuf {
        self.dir.join("runs").join(format!("{id}.seconds"))
    }

    /// Run `id`'s record, when it has finished.
    ///
    /// # Errors
    /// [`SweepError::Results`] for a record that cannot be read.
    pub fn record(&self, id: &str) -> Result<Option<Record>, SweepError> {
        let path = self.record_path(id);
        match fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map(Some).map_err(|e| {
                SweepError::Results(format!(
                    "{} is damaged ({e}); remove it and run its shard again",
                    path.display()
                ))
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io(&path, "read", &e)),
        }
    }

    /// How long run `id` took, when known.
    pub fn seconds(&self, id: &str) -> Option<f64> {
        fs::read_to_string(self.seconds_path(id))
            .ok()?
            .trim()
            .parse()
            .ok()
    }
}

/// SHA-256 of the run ids in order, in hexadecimal.
fn digest(runs: &[Run]) -> String {
    let mut hash = Sha256::new();
    for run in runs {
        hash.update(run.id.as_bytes());
        hash.update(b"\n");
    }
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Writes `bytes` to `path` whole or not at all: a temporary file beside it, flushed to disk,
/// then renamed over it.
///
/// # Errors
/// The failing step's error.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other(format!("{} is not a file name", path.display())))?;
    let temporary = path.with_file_name(format!(
        ".{}.{}.new",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written
}
