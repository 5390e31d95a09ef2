//! What a run is given besides its parameters: progress events, a cancel flag, threads and
//! the files wanted.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, Ordering};

use ludoforge_evolve::archive::Axis;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::checkpoint::Checkpointing;
use crate::inbox::Inbox;

/// A structured progress report. Front ends turn these into bars, pages or log lines; a run
/// makes the same content whether anyone listens or not.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A new stage begins: `total` steps of `unit` when the length is known, or work of
    /// unknown length (`total` is `None`).
    Stage {
        /// What is being done, in a few words ("drawing the first population").
        name: String,
        /// How many steps the stage has, when known.
        total: Option<u64>,
        /// What a step is ("matings", "replicates", "cells").
        unit: String,
    },
    /// Steps done so far in the current stage, and the best score so far where there is one.
    Advance {
        /// Steps done.
        done: u64,
        /// The best score so far.
        best: Option<f64>,
    },
    /// A line of the job's report, ready before the run ends (a row of a table), for front
    /// ends that show results as they come.
    Line {
        /// The line, without its newline.
        text: String,
    },
    /// The grid of the archive an exploration fills, before any of its cells: its axes
    /// (cells numbered with the last axis fastest, as [`Grid`](ludoforge_evolve::archive::Grid) numbers them).
    Grid {
        /// The axes, in order.
        axes: Vec<Axis>,
    },
    /// Cells of the archive filled or improved since the last report, for front ends that
    /// draw the archive as it fills.
    Cells {
        /// `(cell, fitness)`: the cell's number and its elite's raw fitness now, each cell once.
        cells: Vec<(usize, f64)>,
        /// How many cells are filled now.
        filled: usize,
    },
}

/// Everything a run gets besides its parameters and seed.
pub struct Context<'a> {
    events: &'a (dyn Fn(&Event) + Sync),
    cancel: &'a AtomicBool,
    threads: Option<usize>,
    wants: BTreeSet<String>,
    all: bool,
    later: bool,
    paper: ludoforge_draw::Paper,
    checkpoints: Option<&'a Checkpointing<'a>>,
    inbox: Option<&'a Inbox>,
}

static NEVER: AtomicBool = AtomicBool::new(false);

fn ignore(_: &Event) {}

impl<'a> Context<'a> {
    /// A context that sends events to `events` and stops the run when `cancel` is set.
    pub fn new(events: &'a (dyn Fn(&Event) + Sync), cancel: &'a AtomicBool) -> Self {
        Context {
            events,
            cancel,
            threads: None,
            wants: BTreeSet::new(),
            all: false,
            later: false,
            paper: ludoforge_draw::Paper::A4,
            checkpoints: None,
            inbox: None,
        }
    }

    /// A context that listens to nothing and never cancels.
    pub fn quiet() -> Context<'static> {
        Context::new(&ignore, &NEVER)
    }

    /// Runs on `threads` worker threads (the default is the caller's pool). Content does not
    /// depend on it.
    #[must_use]
    pub fn with_threads(mut self, threads: Option<usize>) -> Self {
        self.threads = threads;
        self
    }

    /// Asks for the file with this role as well as the `result`, which is always made.
    #[must_use]
    pub fn want(mut self, role: &str) -> Self {
        self.wants.insert(role.to_string());
        self
    }

    /// Asks for every file the job can make (a page offering each for download).
    ///
    /// ```
    /// let ctx = ludoforge_job::Context::quiet().want_all();
    /// assert!(ctx.wants("svg") && ctx.wants("png") && ctx.wants("result"));
    /// ```
    #[must_use]
    pub fn want_all(mut self) -> Self {
        self.all = true;
        self
    }

    /// Asks for rasters to be drawn when their bytes are first read rather than during the
    /// run: a PNG then comes back as a streamed file (see [`crate::File::streamed`]) that
    /// draws it from the SVG. For a caller that offers every file but may never be asked for
    /// most (the studio); the bytes are the same either way.
    ///
    /// ```
    /// let ctx = ludoforge_job::Context::quiet().want_all().draw_later();
    /// assert!(ctx.draws_later());
    /// ```
    #[must_use]
    pub fn draw_later(mut self) -> Self {
        self.later = true;
        self
    }

    /// Prints on `paper` (the default is A4): the size of the pages of a `pdf` file. Nothing
    /// else depends on it.
    ///
    /// ```
    /// use ludoforge_draw::Paper;
    /// let ctx = ludoforge_job::Context::quiet().with_paper(Paper::Letter);
    /// assert_eq!(ctx.paper(), Paper::Letter);
    /// ```
    #[must_use]
    pub fn with_paper(mut self, paper: ludoforge_draw::Paper) -> Self {
        self.paper = paper;
        self
    }

    /// The paper a `pdf` file is printed on.
    #[must_use]
    pub fn paper(&self) -> ludoforge_draw::Paper {
        self.paper
    }

    /// Saves the run's state now and then, and continues from a saved one when `checkpoints`
    /// says so (see [`crate::checkpoint`]). Jobs that keep no checkpoints ignore it; a front end
    /// asks [`Job::checkpoints`](crate::Job::checkpoints) first.
    #[must_use]
    pub fn with_checkpoints(mut self, checkpoints: &'a Checkpointing<'a>) -> Self {
        self.checkpoints = Some(checkpoints);
        self
    }

    /// Takes documents a designer sends while the run works (see [`crate::inbox`]): an
    /// exploration started from content tells them to its archive between batches. Other
    /// jobs leave the inbox closed.
    #[must_use]
    pub fn with_inbox(mut self, inbox: &'a Inbox) -> Self {
        self.inbox = Some(inbox);
        self
    }

    /// The inbox documents arrive in, when the front end gave one.
    pub fn inbox(&self) -> Option<&'a Inbox> {
        self.inbox
    }

    /// Whether the run is asked to keep checkpoints.
    pub fn keeps_checkpoints(&self) -> bool {
        self.checkpoints.is_some()
    }

    /// The state to continue from, when the run resumes a checkpoint: `None` for a fresh start.
    ///
    /// # Errors
    /// [`crate::JobError::Input`] when the saved state is not this job's state (a damaged or
    /// foreign file that still names this job, seed and parameters).
    pub fn resumed<T: DeserializeOwned>(&self) -> Result<Option<T>, crate::JobError> {
        let Some(state) = self.checkpoints.and_then(Checkpointing::state) else {
            return Ok(None);
        };
        T::deserialize(state).map(Some).map_err(|e| {
            crate::JobError::input(format!(
                "the checkpoint's state cannot be read ({e}); start the run again without --resume"
            ))
        })
    }

    /// Offers a point the run could continue from, `reached` steps (generations) in: the state
    /// `state` makes is saved when a save is due (by time or by count), and only then made.
    /// Saving never changes what the run does next.
    ///
    /// # Errors
    /// [`crate::JobError::Failed`] when the checkpoint cannot be written.
    pub fn checkpoint<T: Serialize>(
        &self,
        reached: u64,
        state: impl FnOnce() -> T,
    ) -> Result<(), crate::JobError> {
        self.try_checkpoint(reached, || Ok(state()))
    }

    /// [`Context::checkpoint`] for a state that may fail to be made: its error stops the save
    /// (the last checkpoint stays) and is returned.
    ///
    /// # Errors
    /// [`crate::JobError::Failed`] when the checkpoint cannot be written, or `state`'s error.
    pub fn try_checkpoint<T: Serialize>(
        &self,
        reached: u64,
        state: impl FnOnce() -> Result<T, crate::JobError>,
    ) -> Result<(), crate::JobError> {
        match self.checkpoints {
            Some(c) => c.offer(reached, self.cancelled(), state),
            None => Ok(()),
        }
    }

    /// Whether rasters are to be drawn when first read (see [`Context::draw_later`]).
    pub fn draws_later(&self) -> bool {
        self.later
    }

    /// Whether the caller wants the file with this role (`result` always).
    ///
    /// ```
    /// let ctx = ludoforge_job::Context::quiet().want("svg");
    /// assert!(ctx.wants("svg") && ctx.wants("result") && !ctx.wants("png"));
    /// ```
    pub fn wants(&self, role: &str) -> bool {
        self.all || role == "result" || self.wants.contains(role)
    }

    /// Reports progress.
    pub fn emit(&self, event: Event) {
        (self.events)(&event);
    }

    /// Starts a stage of `total` steps (or of unknown length).
    pub fn stage(&self, name: &str, total: Option<u64>, unit: &str) {
        self.emit(Event::Stage {
            name: name.to_string(),
            total,
            unit: unit.to_string(),
        });
    }

    /// Reports steps done in the current stage.
    pub fn advance(&self, done: u64, best: Option<f64>) {
        self.emit(Event::Advance { done, best });
    }

    /// The flag that, once set, asks the run to stop and hand back the best so far.
    pub fn cancel_flag(&self) -> &'a AtomicBool {
        self.cancel
    }

    /// Reports a line of the job's report as soon as it is known.
    pub fn line(&self, text: String) {
        self.emit(Event::Line { text });
    }

    /// Whether the run has been asked to stop.
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The thread count asked for, if any.
    pub fn threads(&self) -> Option<usize> {
        self.threads
    }

    /// Runs `work` on the thread count asked for (on the caller's pool when none was).
    ///
    /// # Errors
    /// A message when the thread pool cannot be made.
    pub fn install<T: Send>(&self, work: impl FnOnce() -> T + Send) -> Result<T, crate::JobError> {
        match self.threads {
            None => Ok(work()),
            Some(n) => {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| {
                        crate::JobError::failed(format!("cannot start {n} threads: {e}"))
                    })?;
                Ok(pool.install(work))
            }
        }
    }
}
