//! Runs: checked, queued on a bounded pool, run off the async threads, watched, cancelled, and
//! kept for a while after they end.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use ludoforge_job::{Context, Ending, Event, Registry};
use serde_json::{Value, json};
use tokio::sync::{Semaphore, watch};

use crate::files::{StoredFile, file_name};

/// The limits a studio keeps to.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Runs that may work at once.
    pub jobs: usize,
    /// Runs that may wait for a free place beyond those working; more are refused (429).
    pub queue: usize,
    /// Worker threads each run gets.
    pub threads: usize,
    /// The longest a run may work before it is stopped with the best found so far.
    pub wall_time: Duration,
    /// Finished runs kept in memory; older ones are dropped first.
    pub keep: usize,
    /// How long a finished run is kept.
    pub keep_for: Duration,
    /// The most bytes of files finished runs keep in all; the oldest go first beyond it
    /// (the newest finished run is always kept).
    pub keep_bytes: usize,
    /// How long a run watched from a page goes on after its last page closed.
    pub grace: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Limits {
            jobs: 1,
            queue: 32,
            threads: cores,
            wall_time: Duration::from_secs(600),
            keep: 100,
            keep_for: Duration::from_secs(3600),
            keep_bytes: 1 << 30,
            grace: Duration::from_secs(10),
        }
    }
}

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
    /// Its id in the API (`r1`, `r2`, ...).
    pub id: String,
    /// The job.
    pub job: &'static str,
    /// The complete, checked parameters.
    pub params: Value,
    /// The seed.
    pub seed: u64,
    /// The parameters that differ from the job's defaults (what a permalink carries).
    pub changed: Value,
    created: Instant,
    status: Mutex<Status>,
    cancel: AtomicBool,
    cancel_reason: Mutex<Option<String>>,
    done: AtomicU64,
    best: AtomicU64,
    next_point: AtomicU64,
    live: Mutex<Live>,
    outcome: Mutex<Option<Outcome>>,
    finished: Mutex<Option<Instant>>,
    started: Mutex<Option<Instant>>,
    ended: watch::Sender<bool>,
    listeners: AtomicUsize,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
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
    fn new(id: String, job: &'static str, params: Value, defaults: &Value, seed: u64) -> Run {
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

    fn on(&self, event: &Event) {
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
        }
    }

    /// Progress now: the stage, steps done, the best so far, and the chart and report lines
    /// from the given positions on (what a watcher has not seen yet).
    #[must_use]
    pub fn progress(&self, chart_from: usize, lines_from: usize) -> Value {
        let live = lock(&self.live);
        let done = self.done.load(Ordering::Relaxed);
        let best = f64::from_bits(self.best.load(Ordering::Relaxed));
        let stage = &live.stage;
        json!({
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
        })
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
            "progress": self.progress(usize::MAX, usize::MAX),
            "permalink": crate::pages::permalink(self.job, &self.changed, self.seed),
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
                            "size": f.bytes.len(),
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

    fn finish(&self, status: Status, outcome: Outcome) {
        *lock(&self.outcome) = Some(outcome);
        *lock(&self.finished) = Some(Instant::now());
        *lock(&self.status) = status;
        self.ended.send_replace(true);
    }
}

/// Why a run was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// No job has this id.
    NoJob(String),
    /// The parameters cannot be used: the job's message.
    Parameters(String),
    /// Every place and the queue are taken; try again in this many seconds.
    Busy(u64),
}

/// The runs of a studio and the pool they run on.
pub struct Runs {
    registry: Arc<Registry>,
    limits: Limits,
    slots: Arc<Semaphore>,
    table: Mutex<BTreeMap<u64, Arc<Run>>>,
    next: AtomicU64,
    waiting: AtomicUsize,
}

impl Runs {
    /// An empty table over `registry`'s jobs.
    #[must_use]
    pub fn new(registry: Arc<Registry>, limits: Limits) -> Arc<Runs> {
        Arc::new(Runs {
            registry,
            slots: Arc::new(Semaphore::new(limits.jobs.max(1))),
            limits,
            table: Mutex::new(BTreeMap::new()),
            next: AtomicU64::new(1),
            waiting: AtomicUsize::new(0),
        })
    }

    /// The jobs.
    #[must_use]
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// The limits.
    #[must_use]
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Checks `params` for `job` (on a blocking thread: a check may read a large file's
    /// content) and queues the run.
    ///
    /// # Errors
    /// [`Refusal`] for an unknown job, unusable parameters or a full queue.
    pub async fn submit(
        self: &Arc<Self>,
        job: &str,
        params: Value,
        seed: u64,
    ) -> Result<Arc<Run>, Refusal> {
        let Some(found) = self.registry.get(job) else {
            return Err(Refusal::NoJob(job.to_string()));
        };
        let id = found.id();
        let registry = Arc::clone(&self.registry);
        let checked = tokio::task::spawn_blocking(move || {
            registry.get(id).expect("the job was found").check(&params)
        })
        .await
        .map_err(|e| Refusal::Parameters(format!("the parameters could not be checked: {e}")))?
        .map_err(|e| Refusal::Parameters(e.to_string()))?;
        // A place is counted before the run is listed, so the queue never overfills.
        let room = self.limits.jobs.max(1) + self.limits.queue;
        if self
            .waiting
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |w| {
                (w < room).then_some(w + 1)
            })
            .is_err()
        {
            return Err(Refusal::Busy(self.retry_after()));
        }
        let number = self.next.fetch_add(1, Ordering::SeqCst);
        let defaults = found.defaults();
        let run = Arc::new(Run::new(format!("r{number}"), id, checked, &defaults, seed));
        self.evict();
        lock(&self.table).insert(number, Arc::clone(&run));
        let me = Arc::clone(self);
        let running = Arc::clone(&run);
        tokio::spawn(async move { me.work(running).await });
        Ok(run)
    }

    /// Seconds to wait before asking again when full: the wall-time cap shared over the
    /// places, at least one and at most sixty.
    fn retry_after(&self) -> u64 {
        (self.limits.wall_time.as_secs() / self.limits.jobs.max(1) as u64 / 10).clamp(1, 60)
    }

    async fn work(self: Arc<Self>, run: Arc<Run>) {
        let permit = Arc::clone(&self.slots).acquire_owned().await;
        if run.cancel.load(Ordering::SeqCst) || permit.is_err() {
            run.finish(
                Status::Cancelled,
                Outcome::Failed("cancelled before it started".into()),
            );
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return;
        }
        *lock(&run.status) = Status::Running;
        *lock(&run.started) = Some(Instant::now());
        let registry = Arc::clone(&self.registry);
        let threads = self.limits.threads;
        let working = Arc::clone(&run);
        let mut task = tokio::task::spawn_blocking(move || {
            let job = registry.get(working.job).expect("a listed job");
            let listen = |event: &Event| working.on(event);
            let context = Context::new(&listen, &working.cancel)
                .with_threads(Some(threads))
                .want_all();
            job.run(&working.params, working.seed, &context)
        });
        let result = tokio::select! {
            result = &mut task => result,
            () = tokio::time::sleep(self.limits.wall_time) => {
                run.cancel(&format!(
                    "it reached the studio's wall-time cap of {} s",
                    self.limits.wall_time.as_secs_f64()
                ));
                task.await
            }
        };
        drop(permit);
        let (status, outcome) = match result {
            Ok(Ok(artifact)) => {
                let mut notes = artifact.notes;
                if artifact.ending == Ending::Interrupted
                    && let Some(why) = lock(&run.cancel_reason).clone()
                {
                    notes.insert(0, format!("Stopped because {why}."));
                }
                let files = artifact
                    .files
                    .iter()
                    .map(|f| StoredFile {
                        name: file_name(&f.role, f.media_type),
                        role: f.role.clone(),
                        media_type: f.media_type,
                        bytes: f.to_bytes().unwrap_or_default().into(),
                        save_as: f.name.clone(),
                    })
                    .collect();
                (
                    Status::Done,
                    Outcome::Made {
                        summary: artifact.summary,
                        files,
                        notes,
                        ending: artifact.ending,
                    },
                )
            }
            Ok(Err(e)) => (Status::Failed, Outcome::Failed(e.to_string())),
            Err(e) => (
                Status::Failed,
                Outcome::Failed(format!("the run stopped unexpectedly: {e}")),
            ),
        };
        run.finish(status, outcome);
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        self.evict();
    }

    /// A run by id.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<Arc<Run>> {
        let number: u64 = id.strip_prefix('r')?.parse().ok()?;
        lock(&self.table).get(&number).cloned()
    }

    /// The runs kept, newest first.
    #[must_use]
    pub fn recent(&self) -> Vec<Arc<Run>> {
        lock(&self.table).values().rev().cloned().collect()
    }

    /// Runs queued or working.
    #[must_use]
    pub fn busy(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }

    /// Bytes of files a run holds.
    fn size(run: &Run) -> usize {
        match &*lock(&run.outcome) {
            Some(Outcome::Made { files, .. }) => files.iter().map(|f| f.bytes.len()).sum(),
            _ => 0,
        }
    }

    /// Drops finished runs past the count, age or bytes the limits allow, oldest first.
    fn evict(&self) {
        let mut table = lock(&self.table);
        let now = Instant::now();
        let old = |run: &Run| {
            lock(&run.finished).is_some_and(|f| now.duration_since(f) > self.limits.keep_for)
        };
        table.retain(|_, run| !old(run));
        let finished: Vec<u64> = table
            .iter()
            .filter(|(_, run)| run.status().ended())
            .map(|(&n, _)| n)
            .collect();
        let over = finished.len().saturating_sub(self.limits.keep);
        for number in &finished[..over] {
            table.remove(number);
        }
        let kept = &finished[over..];
        let mut bytes: usize = kept.iter().map(|n| Runs::size(&table[n])).sum();
        for number in kept.iter().take(kept.len().saturating_sub(1)) {
            if bytes <= self.limits.keep_bytes {
                break;
            }
            bytes -= Runs::size(&table[number]);
            table.remove(number);
        }
    }

    /// A page stopped watching `run`: when no page watches it for the grace period and it has
    /// not ended, it is cancelled.
    pub fn unwatched(self: &Arc<Self>, run: &Arc<Run>) {
        if run.unwatch() > 0 || run.status().ended() {
            return;
        }
        let run = Arc::clone(run);
        let grace = self.limits.grace;
        tokio::spawn(async move {
            tokio::time::sleep(grace).await;
            if run.watchers() == 0 {
                run.cancel("its page was closed");
            }
        });
    }

    /// How old the run is, for the list of recent runs.
    #[must_use]
    pub fn age(run: &Run) -> Duration {
        run.created.elapsed()
    }
}
