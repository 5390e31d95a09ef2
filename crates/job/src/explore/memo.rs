//! What an exploration's evaluations worked out that its archive file needs again (a maze's
//! solution, say), kept for the elites only, so that writing the archive after a cancel does
//! not work it out again for every elite.

use std::collections::{HashMap, HashSet};
use std::hash::Hash;
use std::sync::{Mutex, MutexGuard, PoisonError};

use ludoforge_evolve::archive::Archive;

/// What each evaluation of a batch worked out, and what the archive's elites were offered.
///
/// An evaluation [`offer`](Memo::offer)s what it found for its genome; after each finished
/// batch the exploration keeps what the batch's new elites were offered and forgets the rest
/// (so it holds one batch's offers and one item per elite at most); [`take`](Memo::take)
/// hands an elite's item out. A batch cut short by a cancel is forgotten whole, as the search
/// forgets it. After a resume the elites taken from the checkpoint have nothing kept: the
/// archive file works theirs out again.
///
/// ```
/// use ludoforge_evolve::archive::{Archive, Axis, Grid};
/// use ludoforge_evolve::{Evaluation, Goal};
/// use ludoforge_job::explore::{Memo, Remember};
///
/// let axes = vec![Axis::new("x", "", 0.0, 10.0, 10), Axis::new("y", "", 0.0, 1.0, 1)];
/// let mut archive: Archive<u32> = Archive::new(Grid::new(axes).unwrap(), Goal::Maximise, 0.0).unwrap();
/// let at = |fitness: f64| Evaluation { fitness, components: vec![], descriptors: vec![3.5, 0.5] };
/// let cell = archive.grid().cell_of(&[3.5, 0.5]).unwrap();
/// let memo: Memo<u32, &str> = Memo::default();
/// memo.offer(&7, "seven's solution");
/// memo.offer(&8, "eight's solution");
/// archive.insert(7, at(1.0)).unwrap();
/// memo.settle(&archive, &[cell]);
/// assert_eq!(memo.take(cell), Some("seven's solution"));
/// assert_eq!(memo.take(cell), None);
/// // Eight's offer was forgotten with its batch: a later batch cannot pick it up.
/// archive.insert(8, at(2.0)).unwrap();
/// memo.settle(&archive, &[cell]);
/// assert_eq!(memo.take(cell), None);
/// ```
pub struct Memo<G, K> {
    offered: Mutex<HashMap<G, K>>,
    kept: Mutex<HashMap<usize, K>>,
}

impl<G, K> Default for Memo<G, K> {
    fn default() -> Self {
        Memo {
            offered: Mutex::new(HashMap::new()),
            kept: Mutex::new(HashMap::new()),
        }
    }
}

/// A lock whose holder panicked still holds a whole map: take it.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<G: Eq + Hash + Clone, K> Memo<G, K> {
    /// Offers what the evaluation of `genome` worked out (from any thread).
    pub fn offer(&self, genome: &G, item: K) {
        lock(&self.offered).insert(genome.clone(), item);
    }
}

impl<G, K> Memo<G, K> {
    /// The item kept for the elite of `cell`, taken out of the memo.
    pub fn take(&self, cell: usize) -> Option<K> {
        lock(&self.kept).remove(&cell)
    }
}

/// What the exploration tells a [`Memo`] between batches, whatever it keeps.
pub trait Remember<G>: Sync {
    /// A batch finished and changed `changed` (cells of `archive`): keep what their elites
    /// were offered, forget every other offer.
    fn settle(&self, archive: &Archive<G>, changed: &[usize]);
    /// A batch was cut short: forget its offers.
    fn forget(&self);
}

impl<G: Eq + Hash + Clone + Send, K: Send> Remember<G> for Memo<G, K> {
    fn settle(&self, archive: &Archive<G>, changed: &[usize]) {
        let mut offered = lock(&self.offered);
        let mut kept = lock(&self.kept);
        // A cell improved twice in a batch is named twice: its elite is settled once.
        let mut settled = HashSet::new();
        for &cell in changed {
            if !settled.insert(cell) {
                continue;
            }
            match archive
                .get(cell)
                .and_then(|elite| offered.remove(&elite.genome))
            {
                Some(item) => kept.insert(cell, item),
                None => kept.remove(&cell),
            };
        }
        offered.clear();
    }

    fn forget(&self) {
        lock(&self.offered).clear();
    }
}

/// Remembers nothing: an exploration whose archive file needs nothing kept.
pub(super) struct Nothing;

impl<G> Remember<G> for Nothing {
    fn settle(&self, _: &Archive<G>, _: &[usize]) {}
    fn forget(&self) {}
}
