//! Runs: checked, queued on a bounded pool, run off the async threads, watched, cancelled, and
//! kept for a while after they end.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ludoforge_job::{Context, Ending, Event, Registry};
use serde_json::Value;
use tokio::sync::Semaphore;

use crate::files::StoredFile;
use crate::run::lock;
pub use crate::run::{Outcome, Run, Status, changed};

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
    /// The paper a run's printed pages (its `pdf` file) are laid out on.
    pub paper: ludoforge_draw::Paper,
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
            paper: ludoforge_draw::Paper::A4,
        }
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
    /// What this studio's run ids end with, so that an id from before a restart names no run
    /// of this one.
    tag: String,
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
            tag: format!("{:06x}", ludoforge_job::fresh_seed() & 0xff_ffff),
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
        let run = Arc::new(Run::new(
            format!("r{number}-{}", self.tag),
            id,
            checked,
            &defaults,
            seed,
        ));
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
        // A run cancelled while it waits leaves the queue at once (see [`Runs::cancel`]).
        let mut ended = run.ended();
        let permit = tokio::select! {
            permit = Arc::clone(&self.slots).acquire_owned() => permit,
            _ = ended.wait_for(|&ended| ended) => return,
        };
        {
            let mut status = lock(&run.status);
            if *status != Status::Queued {
                // Cancelled while waiting: already counted out.
                return;
            }
            if run.cancel.load(Ordering::SeqCst) || permit.is_err() {
                drop(status);
                run.finish(
                    Status::Cancelled,
                    Outcome::Failed("cancelled before it started".into()),
                );
                self.waiting.fetch_sub(1, Ordering::SeqCst);
                return;
            }
            *status = Status::Running;
        }
        *lock(&run.started) = Some(Instant::now());
        let registry = Arc::clone(&self.registry);
        let threads = self.limits.threads;
        let paper = self.limits.paper;
        let working = Arc::clone(&run);
        let mut task = tokio::task::spawn_blocking(move || {
            let job = registry.get(working.job).expect("a listed job");
            let listen = |event: &Event| working.on(event);
            let context = Context::new(&listen, &working.cancel)
                .with_threads(Some(threads))
                .with_paper(paper)
                .want_all()
                .draw_later()
                .with_inbox(&working.inbox);
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
                let files = artifact.files.iter().map(StoredFile::new).collect();
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
            // Cancelled before it had anything to keep: said as cancelled, with what was not made.
            Ok(Err(e @ ludoforge_job::JobError::Cancelled(_))) => {
                (Status::Cancelled, Outcome::Failed(e.to_string()))
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
        let (number, tag) = id.strip_prefix('r')?.split_once('-')?;
        if tag != self.tag {
            return None;
        }
        let number: u64 = number.parse().ok()?;
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
            Some(Outcome::Made { files, .. }) => files.iter().filter_map(StoredFile::size).sum(),
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

    /// Asks `run` to stop (`why` is said in its notes). A run still waiting for a place ends
    /// at once, cancelled, and gives its place in the queue up.
    pub fn cancel(&self, run: &Run, why: &str) {
        run.cancel(why);
        let mut status = lock(&run.status);
        if *status == Status::Queued {
            *status = Status::Cancelled;
            drop(status);
            run.finish(
                Status::Cancelled,
                Outcome::Failed(format!("cancelled before it started: {why}")),
            );
            self.waiting.fetch_sub(1, Ordering::SeqCst);
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
        let runs = Arc::clone(self);
        tokio::spawn(async move {
            tokio::time::sleep(grace).await;
            if run.watchers() == 0 {
                runs.cancel(&run, "its page was closed");
            }
        });
    }

    /// How old the run is, for the list of recent runs.
    #[must_use]
    pub fn age(run: &Run) -> Duration {
        run.created.elapsed()
    }
}
