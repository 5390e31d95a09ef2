//! Content a designer sends to a run while it works: an edit made in the studio's editor,
//! told to the exploration that is making suggestions around it (interactive constrained
//! MAP-Elites, Alvarez et al. 2019, inserts every edit into the running archive).
//!
//! A front end [posts](Inbox::post) documents; the exploration [takes](Inbox::take) them
//! between batches, turns each into a genome of its generator (refusing one that breaks a
//! lock or is of another board) and tells the archive. The inbox counts what was posted,
//! taken and refused, for the page that sent them. A run that took edits is not made again by
//! its parameters and seed alone: its archive file says how many it took.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use serde_json::Value;

/// The most documents that may wait: a designer's strokes come far slower than batches end.
pub const WAITING: usize = 64;

/// Documents waiting to be told to a running exploration, and what became of those sent.
///
/// ```
/// use ludoforge_job::inbox::Inbox;
/// use serde_json::json;
/// let inbox = Inbox::default();
/// assert!(inbox.post(json!({"kind": "chromatic"})).is_err()); // nothing takes edits yet
/// inbox.open();
/// assert_eq!(inbox.post(json!({"kind": "chromatic"})), Ok(1));
/// assert_eq!(inbox.take().len(), 1);
/// inbox.taken(1);
/// inbox.refused("it changes the locked square c4".into());
/// let counts = inbox.counts();
/// assert_eq!((counts.posted, counts.taken, counts.refused), (1, 1, 1));
/// assert_eq!(counts.refusal.as_deref(), Some("it changes the locked square c4"));
/// ```
#[derive(Debug, Default)]
pub struct Inbox {
    waiting: Mutex<Vec<Value>>,
    open: AtomicBool,
    closed: AtomicBool,
    posted: AtomicU64,
    taken: AtomicU64,
    refused: AtomicU64,
    refusal: Mutex<Option<String>>,
}

/// What became of the documents sent to a run.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct Counts {
    /// Documents accepted into the inbox.
    pub posted: u64,
    /// Documents told to the archive.
    pub taken: u64,
    /// Documents refused (another board, a lock broken, not content of the generator).
    pub refused: u64,
    /// Why the last refused one was refused.
    pub refusal: Option<String>,
    /// Whether the run takes documents now.
    pub open: bool,
}

/// Why a document was not accepted into the inbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The run does not take documents (it is not an exploration started from content, or it
    /// has not begun exploring yet).
    NotOpen,
    /// The run has stopped taking documents (its exploration ended).
    Closed,
    /// [`WAITING`] documents wait already.
    Full,
}

impl Inbox {
    /// Says the run takes documents from now on (an exploration that can admit them calls it).
    pub fn open(&self) {
        self.open.store(true, Ordering::SeqCst);
    }

    /// Says the run takes no more documents (its exploration has ended); what still waits is
    /// dropped.
    pub fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        lock(&self.waiting).clear();
    }

    /// Adds a document; how many wait now.
    ///
    /// # Errors
    /// [`Refused`] when the run takes no documents now, or too many wait.
    pub fn post(&self, document: Value) -> Result<usize, Refused> {
        if self.closed.load(Ordering::SeqCst) {
            return Err(Refused::Closed);
        }
        if !self.open.load(Ordering::SeqCst) {
            return Err(Refused::NotOpen);
        }
        let mut waiting = lock(&self.waiting);
        if waiting.len() >= WAITING {
            return Err(Refused::Full);
        }
        waiting.push(document);
        self.posted.fetch_add(1, Ordering::SeqCst);
        Ok(waiting.len())
    }

    /// Every document waiting, oldest first; the inbox is empty after.
    pub fn take(&self) -> Vec<Value> {
        std::mem::take(&mut *lock(&self.waiting))
    }

    /// Counts `n` documents told to the archive.
    pub fn taken(&self, n: u64) {
        self.taken.fetch_add(n, Ordering::SeqCst);
    }

    /// Counts a refused document, and says why.
    pub fn refused(&self, why: String) {
        self.refused.fetch_add(1, Ordering::SeqCst);
        *lock(&self.refusal) = Some(why);
    }

    /// What became of the documents sent so far.
    pub fn counts(&self) -> Counts {
        Counts {
            posted: self.posted.load(Ordering::SeqCst),
            taken: self.taken.load(Ordering::SeqCst),
            refused: self.refused.load(Ordering::SeqCst),
            refusal: lock(&self.refusal).clone(),
            open: self.open.load(Ordering::SeqCst) && !self.closed.load(Ordering::SeqCst),
        }
    }
}

/// The lock's value, whether or not another thread panicked holding it (the data is a list
/// of documents or a message: never left half-changed).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_inbox_refuses_before_it_opens_after_it_closes_and_when_full() {
        let inbox = Inbox::default();
        assert_eq!(inbox.post(json!(1)), Err(Refused::NotOpen));
        inbox.open();
        for i in 0..WAITING {
            assert_eq!(inbox.post(json!(i)), Ok(i + 1));
        }
        assert_eq!(inbox.post(json!("one more")), Err(Refused::Full));
        let taken = inbox.take();
        assert_eq!(taken.first(), Some(&json!(0)));
        assert_eq!(taken.len(), WAITING);
        assert_eq!(inbox.post(json!("again")), Ok(1));
        inbox.close();
        assert_eq!(inbox.post(json!("late")), Err(Refused::Closed));
        assert!(inbox.take().is_empty());
        let counts = inbox.counts();
        assert_eq!(counts.posted, WAITING as u64 + 1);
        assert!(!counts.open);
    }
}
