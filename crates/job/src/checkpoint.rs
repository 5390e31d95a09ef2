//! Checkpoints: a run's whole state saved now and then, so that a run stopped at any moment
//! (a cluster's wall-time limit, `kill -9`, a power cut) can be continued and end with exactly
//! the bytes an uninterrupted run writes.
//!
//! A front end that wants checkpoints gives the run a [`Checkpointing`] through its
//! [`Context`](crate::Context): how often to save, where the bytes go (the front end writes
//! them, atomically), and the state to continue from when resuming. A job that keeps
//! checkpoints calls [`Context::resumed`](crate::Context::resumed) once before it starts and
//! [`Context::checkpoint`](crate::Context::checkpoint) at every point it could continue from
//! (the end of a generation); saving only reads the state, so a run with checkpoints makes the
//! same content as one without.
//!
//! The file is one JSON document, a [`Checkpoint`]: the format and its version, the job, the
//! seed, the parameters and the job's own state. Resuming with another format version, job,
//! seed or parameters is refused with a message naming what differs.

use std::str::FromStr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::JobError;

/// What the `format` field of every checkpoint says.
pub const FORMAT: &str = "ludoforge checkpoint";

/// The version of the checkpoint format (and of every job's state in it). A checkpoint of
/// another version is refused rather than guessed at.
pub const VERSION: u32 = 1;

/// How often a run saves its state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Every {
    /// When at least this long has passed since the last save (checked where the run could
    /// continue from, so a long generation saves at its end).
    Time(Duration),
    /// Every this many generations (or the job's own unit of a step it can continue from).
    Generations(u64),
}

impl Default for Every {
    /// Every 30 seconds.
    fn default() -> Self {
        Every::Time(Duration::from_secs(30))
    }
}

impl std::fmt::Display for Every {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Every::Time(d) => write!(f, "{}s", d.as_secs_f64()),
            Every::Generations(1) => write!(f, "every generation"),
            Every::Generations(n) => write!(f, "every {n} generations"),
        }
    }
}

impl FromStr for Every {
    type Err = JobError;

    /// `30s`, `5m`, `1h` (a time), or a whole number of generations such as `10`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use ludoforge_job::checkpoint::Every;
    /// assert_eq!("30s".parse::<Every>().unwrap(), Every::Time(Duration::from_secs(30)));
    /// assert_eq!("2m".parse::<Every>().unwrap(), Every::Time(Duration::from_secs(120)));
    /// assert_eq!("5".parse::<Every>().unwrap(), Every::Generations(5));
    /// assert!("0".parse::<Every>().is_err() && "soon".parse::<Every>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Every, JobError> {
        let text = text.trim();
        let bad = || {
            JobError::parameters(format!(
                "checkpoint every {text:?}: give a time such as 30s, 5m or 1h, or a number of \
                 generations such as 10"
            ))
        };
        if let Ok(n) = text.parse::<u64>() {
            return if n == 0 {
                Err(bad())
            } else {
                Ok(Every::Generations(n))
            };
        }
        let (number, unit) = text.split_at(text.len().saturating_sub(1));
        let scale = match unit {
            "s" => 1.0,
            "m" => 60.0,
            "h" => 3600.0,
            _ => return Err(bad()),
        };
        let value: f64 = number.trim().parse().map_err(|_| bad())?;
        if !value.is_finite() || value <= 0.0 || value * scale > 1e9 {
            return Err(bad());
        }
        Ok(Every::Time(Duration::from_secs_f64(value * scale)))
    }
}

/// A checkpoint file: what it is of, and the job's state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Checkpoint {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format's version ([`VERSION`]).
    pub version: u32,
    /// The ludoforge version that wrote it (for the reader; resuming checks `version`).
    pub ludoforge: String,
    /// The job.
    pub job: String,
    /// The run's seed.
    pub seed: u64,
    /// The run's parameters, as the job checked them (every default filled in).
    pub params: Value,
    /// How far the run got, in the job's unit (generations), for people reading the file.
    pub reached: u64,
    /// The job's state.
    pub state: Value,
}

impl Checkpoint {
    /// Reads a checkpoint file's bytes, refusing anything that is not a checkpoint of this
    /// format's version. `name` names the file in messages.
    ///
    /// # Errors
    /// [`JobError::Input`] saying what the file is instead and what to do.
    pub fn read(bytes: &[u8], name: &str) -> Result<Checkpoint, JobError> {
        let value: Value = serde_json::from_slice(bytes).map_err(|e| {
            JobError::input(format!(
                "{name} is not a checkpoint (it is not JSON: {e}); give the file a run wrote \
                 with --checkpoint"
            ))
        })?;
        if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(JobError::input(format!(
                "{name} is not a ludoforge checkpoint; give the file a run wrote with --checkpoint"
            )));
        }
        let version = value.get("version").and_then(Value::as_u64);
        if version != Some(u64::from(VERSION)) {
            return Err(JobError::input(format!(
                "{name} is a checkpoint of format version {}, and this ludoforge reads version \
                 {VERSION}; finish the run with the ludoforge that started it, or start it again",
                version.map_or("(none)".to_string(), |v| v.to_string())
            )));
        }
        serde_json::from_value(value).map_err(|e| {
            JobError::input(format!(
                "{name} is a damaged checkpoint ({e}); start the run again without --resume"
            ))
        })
    }

    /// Checks that this checkpoint is of the run about to start: the same job, seed and
    /// parameters.
    ///
    /// # Errors
    /// [`JobError::Parameters`] naming what differs (each differing parameter with both values).
    pub fn fits(&self, job: &str, params: &Value, seed: u64, name: &str) -> Result<(), JobError> {
        if self.job != job {
            return Err(JobError::parameters(format!(
                "{name} is a checkpoint of a {} run, not of {job}; resume it with `ludoforge \
                 run {}` or give {job}'s own checkpoint",
                self.job, self.job
            )));
        }
        if self.seed != seed {
            return Err(JobError::parameters(format!(
                "{name} is a checkpoint of the run with seed {}, not {seed}; give --seed {} to \
                 resume it",
                self.seed, self.seed
            )));
        }
        if &self.params != params {
            let differ = differences(&self.params, params);
            return Err(JobError::parameters(format!(
                "{name} is a checkpoint of a run with other parameters ({}); resume it with \
                 the parameters it was started with, or start a new run without --resume",
                differ.join(", ")
            )));
        }
        Ok(())
    }
}

/// `name: was A, now B` for each top-level parameter that differs.
fn differences(saved: &Value, given: &Value) -> Vec<String> {
    let empty = serde_json::Map::new();
    let a = saved.as_object().unwrap_or(&empty);
    let b = given.as_object().unwrap_or(&empty);
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut out: Vec<String> = keys
        .into_iter()
        .filter(|k| a.get(*k) != b.get(*k))
        .map(|k| {
            let show = |v: Option<&Value>| v.map_or("unset".to_string(), Value::to_string);
            format!("{k}: checkpoint {}, now {}", show(a.get(k)), show(b.get(k)))
        })
        .collect();
    if out.is_empty() {
        out.push(format!("checkpoint {saved}, now {given}"));
    }
    out
}

/// Where a run's checkpoints go and what it continues from; given to the run through its
/// [`Context`](crate::Context::with_checkpoints).
///
/// ```
/// use std::sync::Mutex;
/// use ludoforge_job::Context;
/// use ludoforge_job::checkpoint::{Checkpoint, Checkpointing, Every};
/// let saved = Mutex::new(Vec::new());
/// let save = |bytes: &[u8]| -> Result<(), String> {
///     saved.lock().unwrap().push(bytes.to_vec());
///     Ok(())
/// };
/// let params = serde_json::json!({"n": 3});
/// let checkpoints = Checkpointing::new("count", &params, 7, Every::Generations(2), &save);
/// let context = Context::quiet().with_checkpoints(&checkpoints);
/// for generation in 1..=5u64 {
///     context.checkpoint(generation, || generation).unwrap();
/// }
/// let saved = saved.into_inner().unwrap();
/// assert_eq!(saved.len(), 2); // after generations 2 and 4
/// let last = Checkpoint::read(&saved[1], "the checkpoint").unwrap();
/// assert_eq!((last.reached, last.state.clone()), (4, serde_json::json!(4)));
/// assert!(last.fits("count", &params, 7, "it").is_ok());
/// assert!(last.fits("count", &params, 8, "it").is_err());
/// ```
pub struct Checkpointing<'a> {
    job: String,
    params: Value,
    seed: u64,
    every: Every,
    save: &'a (dyn Fn(&[u8]) -> Result<(), String> + Sync),
    resume: Option<Checkpoint>,
    last: Mutex<(Instant, u64)>,
}

impl<'a> Checkpointing<'a> {
    /// Checkpoints of the run of `job` with (checked) `params` and `seed`, saved `every` so
    /// often through `save`, which must write the bytes atomically (a whole file or none).
    pub fn new(
        job: &str,
        params: &Value,
        seed: u64,
        every: Every,
        save: &'a (dyn Fn(&[u8]) -> Result<(), String> + Sync),
    ) -> Self {
        Checkpointing {
            job: job.to_string(),
            params: params.clone(),
            seed,
            every,
            save,
            resume: None,
            last: Mutex::new((Instant::now(), 0)),
        }
    }

    /// Continues from `checkpoint`, after checking it is of this run (`name` names its file
    /// in messages).
    ///
    /// # Errors
    /// As [`Checkpoint::fits`].
    pub fn resuming(mut self, checkpoint: Checkpoint, name: &str) -> Result<Self, JobError> {
        checkpoint.fits(&self.job, &self.params, self.seed, name)?;
        self.last = Mutex::new((Instant::now(), checkpoint.reached));
        self.resume = Some(checkpoint);
        Ok(self)
    }

    /// How far the checkpoint resumed from had got (0 when starting afresh).
    pub fn resumed_at(&self) -> u64 {
        self.resume.as_ref().map_or(0, |c| c.reached)
    }

    pub(crate) fn state(&self) -> Option<&Value> {
        self.resume.as_ref().map(|c| &c.state)
    }

    /// Saves when due: `reached` generations done, `state` made only when a save is due.
    pub(crate) fn offer<T: Serialize>(
        &self,
        reached: u64,
        force: bool,
        state: impl FnOnce() -> Result<T, JobError>,
    ) -> Result<(), JobError> {
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        let due = force
            || match self.every {
                Every::Time(period) => last.0.elapsed() >= period,
                Every::Generations(n) => reached >= last.1 + n,
            };
        if !due || (reached == last.1 && !force) {
            return Ok(());
        }
        let state = serde_json::to_value(state()?)
            .map_err(|e| JobError::failed(format!("cannot write the checkpoint: {e}")))?;
        let checkpoint = Checkpoint {
            format: FORMAT.to_string(),
            version: VERSION,
            ludoforge: env!("CARGO_PKG_VERSION").to_string(),
            job: self.job.clone(),
            seed: self.seed,
            params: self.params.clone(),
            reached,
            state,
        };
        let bytes = serde_json::to_vec(&checkpoint).expect("a JSON value serialises");
        (self.save)(&bytes)
            .map_err(|e| JobError::failed(format!("cannot save the checkpoint: {e}")))?;
        *last = (Instant::now(), reached);
        Ok(())
    }
}
