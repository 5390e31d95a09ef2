//! Looking at a cancel flag: the same two looks wherever work runs in parallel.

use std::sync::atomic::{AtomicBool, Ordering};

/// Whether `cancel` is set (never without a flag); a relaxed load.
pub(crate) fn is_set(cancel: Option<&AtomicBool>) -> bool {
    cancel.is_some_and(|flag| flag.load(Ordering::Relaxed))
}

/// What `work` makes, or `None` when `cancel` is set before it starts or by the time it
/// ends: work ending after a cancel may have been cut short by it (a problem's evaluation
/// may look at the flag too), so it is never counted.
pub(crate) fn unless_cancelled<T>(
    cancel: Option<&AtomicBool>,
    work: impl FnOnce() -> T,
) -> Option<T> {
    if is_set(cancel) {
        return None;
    }
    let made = work();
    (!is_set(cancel)).then_some(made)
}
