//! One run of a job: its status, live progress (stage, fraction, best, chart, report lines),
//! cancel flag, watchers and outcome.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

use ludoforge_job::{Ending, Event};
use serde_json::{Value, json};
use tokio::sync::watch;

use crate::files::StoredFile;
use crate::heat::{Heat, Seen};

/// Where a run is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Waiting for a free place.
    Queued,
    /// Working.
    Running,
    /// Ended with content (possibly interrupted: see its ending).
    Done,
    /// Ended without content: the message says why.
    Failed,
    /// Cancelled before it started.
    Cancelled,
}

impl Status {
    /// The word the API uses.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Status::Queued => "queued",
            Status::Running => "running",
            Status::Done => "done",
            Status::Failed => "failed",
            Status::Cancelled => "cancelled",
        }
    }

    /// Whether the run has ended.
    #[must_use]
    pub fn ended(self) -> bool {
        matches!(self, Status::Done | Status::Failed | Status::Cancelled)
    }
}

/// The most points a run's chart keeps; later ones replace the last.
const CHART_POINTS: usize = 1000;
/// The most report lines a run keeps.
const LINES: usize = 1000;

/// The stage a run is in.
#[derive(Debug, Clone, Default)]
struct Stage {
    number: u64,
    name: String,
    total: Option<u64>,
    unit: String,
}

/// What changes while a run works, behind one lock taken only for a new stage, a chart point
/// or a line.
#[derive(Debug, Default)]
struct Live {
    stage: Stage,
    chart: Vec<[f64; 2]>,
    lines: Vec<String>,
    heat: Heat,
}

/// How a run ended.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// With content.
    Made {
        /// The artifact's summary.
        summary: Value,
        /// Its files.
        files: Vec<StoredFile>,
        /// Its notes.
        notes: Vec<String>,
        /// How it ended.
        ending: Ending,
    },
    /// Without content.
    Failed(String),
}

/// One run of a job.
pub struct Run {
    /// Its id in the API (`r1-3fa9c2`, `r2-3fa9c2`, ...: numbered, and marked with the studio
    /// that made it, so an id from before a restart names no run).
    pub id: String,
    /// The job.
    pub job: &'static str,
    /// The complete, checked parameters.
    pub params: Value,
    /// The seed.
    pub seed: u64,
    /// The parameters that differ from the job's defaults (what a permalink carries).
    pub changed: Value,
    pub(crate) created: Instant,
    pub(crate) status: Mutex<Status>,
    pub(crate) cancel: AtomicBool,
    pub(crate) cancel_reason: Mutex<Option<String>>,
    done: AtomicU64,
    best: AtomicU64,
    next_point: AtomicU64,
    live: Mutex<Live>,
    pub(crate) outcome: Mutex<Option<Outcome>>,
    pub(crate) finished: Mutex<Option<Instant>>,
    pub(crate) started: Mutex<Option<Instant>>,
    ended: watch::Sender<bool>,
    listeners: AtomicUsize,
    archive: OnceLock<Arc<Value>>,
    /// Content the editor sends while the run explores around it.
    pub(crate) inbox: ludoforge_job::inbox::Inbox,
}

pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The parts of `params` that differ from `defaults`, object by object.
///
/// ```
/// use serde_json::json;
/// let params = json!({"size": 11, "search": {"population": 60, "matings": 9}});
/// let defaults = json!({"size": 11, "search": {"population": 1200, "matings": 9}});
/// assert_eq!(ludoforge_web::runs::changed(&params, &defaults), json!({"search": {"population": 60}}));
/// ```
#[must_use]
pub fn changed(params: &Value, defaults: &Value) -> Value {
    match (params, defaults) {
        (Value::Object(p), Value::Object(d)) => Value::Object(
            p.iter()
                .filter_map(|(k, v)| match d.get(k) {
                    Some(dv) if dv == v => None,
                    Some(dv) if v.is_object() && dv.is_object() => {
                        Some((k.clone(), changed(v, dv)))
                    }
                    _ => Some((k.clone(), v.clone())),
                })
                .collect(),
        ),
        _ => params.clone(),
    }
}

/// `None` is kept as NaN's bits.
const NO_BEST: u64 = 0x7ff8_0000_0000_0000;

impl Run {
    pub(crate) fn new(
        id: String,
        job: &'static str,
        params: Value,
        defaults: &Value,
        seed: u64,
    ) -> Run {
        Run {
            id,
            job,
            changed: changed(&params, defaults),
            params,
            seed,
            created: Instant::now(),
            status: Mutex::new(Status::Queued),
            cancel: AtomicBool::new(false),
            cancel_reason: Mutex::new(None),
            done: AtomicU64::new(0),
            best: AtomicU64::new(NO_BEST),
            next_point: AtomicU64::new(0),
            live: Mutex::new(Live::default()),
            outcome: Mutex::new(None),
            finished: Mutex::new(None),
            started: Mutex::new(None),
            ended: watch::channel(false).0,
            listeners: AtomicUsize::new(0),
            archive: OnceLock::new(),
            inbox: ludoforge_job::inbox::Inbox::default(),
        }
    }

    /// Where the run is.
    #[must_use]
    pub fn status(&self) -> Status {
        *lock(&self.status)
    }

    /// How it ended, once it has.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        lock(&self.outcome).clone()
    }

    /// A file the run made, by name.
    #[must_use]
    pub fn file(&self, name: &str) -> Option<StoredFile> {
        match &*lock(&self.outcome) {
            Some(Outcome::Made { files, .. }) => files.iter().find(|f| f.name == name).cloned(),
            _ => None,
        }
    }

    /// The archive an exploration wrote, once read (see [`Run::keep_archive`]).
    #[must_use]
    pub fn archive(&self) -> Option<Arc<Value>> {
        self.archive.get().cloned()
    }

    /// Keeps the archive read from the run's result file, so later questions about its
    /// elites need not read it again; returns the one kept (the first, if two raced).
    pub fn keep_archive(&self, archive: Value) -> Arc<Value> {
        Arc::clone(self.archive.get_or_init(|| Arc::new(archive)))
    }

    /// Asks the run to stop (a queued run never starts); `why` is said in its notes.
    pub fn cancel(&self, why: &str) {
        if !self.status().ended() {
            lock(&self.cancel_reason).get_or_insert_with(|| why.to_string());
            self.cancel.store(true, Ordering::SeqCst);
        }
    }

    /// A receiver that sees `true` once the run has ended.
    #[must_use]
    pub fn ended(&self) -> watch::Receiver<bool> {
        self.ended.subscribe()
    }

    /// One more page is watching.
    pub fn watch(&self) {
        self.listeners.fetch_add(1, Ordering::SeqCst);
    }

    /// A page stopped watching; returns how many still do.
    pub fn unwatch(&self) -> usize {
        self.listeners.fetch_sub(1, Ordering::SeqCst) - 1
    }

    /// How many pages are watching.
    #[must_use]
    pub fn watchers(&self) -> usize {
        self.listeners.load(Ordering::SeqCst)
    }

    pub(crate) fn on(&self, event: &Event) {
        match event {
            Event::Stage { name, total, unit } => {
                let mut live = lock(&self.live);
                live.stage = Stage {
                    number: live.stage.number + 1,
                    name: name.clone(),
                    total: *total,
                    unit: unit.clone(),
                };
                live.chart.clear();
                self.done.store(0, Ordering::Relaxed);
                self.best.store(NO_BEST, Ordering::Relaxed);
                self.next_point.store(0, Ordering::Relaxed);
            }
            Event::Advance { done, best } => {
                self.done.store(*done, Ordering::Relaxed);
                let bits = best.map_or(NO_BEST, f64::to_bits);
                let old = self.best.swap(bits, Ordering::Relaxed);
                // A chart point when the best changes or every 1/400 of the stage: the lock is
                // taken a few hundred times a stage, whatever its length.
                if let Some(b) = best
                    && (old != bits || *done >= self.next_point.load(Ordering::Relaxed))
                {
                    let mut live = lock(&self.live);
                    let step = live.stage.total.map_or(1, |t| (t / 400).max(1));
                    self.next_point.store(done + step, Ordering::Relaxed);
                    let point = [*done as f64, *b];
                    if live.chart.len() < CHART_POINTS {
                        live.chart.push(point);
                    } else if let Some(last) = live.chart.last_mut() {
                        *last = point;
                    }
                }
            }
            Event::Line { text } => {
                let mut live = lock(&self.live);
                if live.lines.len() < LINES {
                    live.lines.push(text.clone());
                }
            }
            Event::Grid { axes } => {
                let axes = serde_json::to_value(axes).expect("axes serialise");
                lock(&self.live).heat.grid(axes);
            }
            Event::Cells { cells, filled } => lock(&self.live).heat.cells(cells, *filled),
        }
    }

    /// Progress now: the stage, steps done, the best so far, and the chart and report lines
    /// from the given positions on (what a watcher has not seen yet); with `heat`, the cells
    /// of an exploration's archive it has not seen (see [`Heat::since`]) and where it will
    /// be after them.
    #[must_use]
    pub fn progress(
        &self,
        chart_from: usize,
        lines_from: usize,
        heat: Option<Seen>,
    ) -> (Value, Option<Seen>) {
        let live = lock(&self.live);
        let done = self.done.load(Ordering::Relaxed);
        let best = f64::from_bits(self.best.load(Ordering::Relaxed));
        let stage = &live.stage;
        let mut out = json!({
            "status": self.status().word(),
            "stage": stage.number,
            "name": stage.name,
            "unit": stage.unit,
            "total": stage.total,
            "done": done,
            "fraction": stage.total.filter(|&t| t > 0).map(|t| (done as f64 / t as f64).min(1.0)),
            "best": (!best.is_nan()).then_some(best),
            "chart_from": chart_from.min(live.chart.len()),
            "chart": live.chart.get(chart_from..).unwrap_or_default(),
            "lines_from": lines_from.min(live.lines.len()),
            "lines": live.lines.get(lines_from..).unwrap_or_default(),
            "elapsed": self.elapsed(),
        });
        // What became of the edits an editor sent, once the run takes them.
        let edits = self.inbox.counts();
        if edits.open || edits.posted > 0 {
            out["edits"] = serde_json::to_value(edits).expect("counts serialise");
        }
        let seen = match heat {
            Some(seen) if live.heat.news(seen) => {
                let (cells, next) = live.heat.since(seen);
                out["heat"] = cells;
                Some(next)
            }
            other => other,
        };
        (out, seen)
    }

    /// Seconds worked so far (or in all, once ended).
    fn elapsed(&self) -> f64 {
        let started = *lock(&self.started);
        let finished = *lock(&self.finished);
        match (started, finished) {
            (Some(s), Some(f)) => (f - s).as_secs_f64(),
            (Some(s), None) => s.elapsed().as_secs_f64(),
            _ => 0.0,
        }
    }

    /// Everything the API says about the run.
    #[must_use]
    pub fn describe(&self) -> Value {
        let mut out = json!({
            "id": self.id,
            "job": self.job,
            "seed": self.seed,
            "params": self.params,
            "status": self.status().word(),
            // The chart and lines come with the events; here only where the run is.
            "progress": self.progress(usize::MAX, usize::MAX, None).0,
            "permalink": crate::pages::permalink(self.job, &self.changed, self.seed),
            "address": self.address(),
        });
        match self.outcome() {
            Some(Outcome::Made {
                summary,
                files,
                notes,
                ending,
            }) => {
                out["summary"] = summary;
                out["files"] = files
                    .iter()
                    .map(|f| {
                        json!({
                            "name": f.name,
                            "role": f.role,
                            "media_type": f.media_type,
                            "size": f.size(),
                            "save_as": f.save_as,
                            "url": format!("/api/runs/{}/files/{}", self.id, f.name),
                        })
                    })
                    .collect();
                out["notes"] = notes.into();
                out["ending"] = serde_json::to_value(ending).expect("an ending serialises");
            }
            Some(Outcome::Failed(message)) => out["error"] = message.into(),
            None => {}
        }
        out
    }

    /// The page that shows this run while the studio keeps it, and makes the same content
    /// again once it does not (its job, parameters and seed are in the address): what a
    /// bookmark holds.
    #[must_use]
    pub fn address(&self) -> String {
        crate::pages::permalink(self.job, &self.changed, self.seed)
            .replace("&run=1", &format!("&run={}", self.id))
    }

    pub(crate) fn finish(&self, status: Status, outcome: Outcome) {
        *lock(&self.outcome) = Some(outcome);
        *lock(&self.finished) = Some(Instant::now());
        *lock(&self.status) = status;
        self.ended.send_replace(true);
    }
}
