//! Python's `heapq` (`heappush`, `heappop`, `_siftdown`, `_siftup` of CPython's `Lib/heapq.py`)
//! over node ids, for the benchmark's A* agents (`queue.PriorityQueue`): ties break as the
//! Python's do because the same items move the same way.

/// `heapq` over node ids, ordered by a key compared with `<` only.
pub(crate) struct Heap {
    items: Vec<(f64, u32)>,
}

impl Heap {
    /// An empty heap.
    pub(crate) fn new() -> Self {
        Heap { items: Vec::new() }
    }

    /// `heappush`: append, then `_siftdown(heap, 0, len − 1)`.
    pub(crate) fn push(&mut self, item: (f64, u32)) {
        self.items.push(item);
        let last = self.items.len() - 1;
        self.sift_down(0, last);
    }

    /// `heappop`: take the last item; when items remain, return the top and sift the last item
    /// up from the top (`_siftup`).
    pub(crate) fn pop(&mut self) -> Option<(f64, u32)> {
        let last = self.items.pop()?;
        if self.items.is_empty() {
            return Some(last);
        }
        let top = std::mem::replace(&mut self.items[0], last);
        self.sift_up(0);
        Some(top)
    }

    fn sift_down(&mut self, start: usize, mut pos: usize) {
        let item = self.items[pos];
        while pos > start {
            let parent = (pos - 1) >> 1;
            if item.0 < self.items[parent].0 {
                self.items[pos] = self.items[parent];
                pos = parent;
                continue;
            }
            break;
        }
        self.items[pos] = item;
    }

    #[allow(
        clippy::neg_cmp_op_on_partial_ord,
        reason = "heapq's `not heap[childpos] < heap[rightpos]`, kept as written"
    )]
    fn sift_up(&mut self, mut pos: usize) {
        let end = self.items.len();
        let start = pos;
        let item = self.items[pos];
        let mut child = 2 * pos + 1;
        while child < end {
            let right = child + 1;
            if right < end && !(self.items[child].0 < self.items[right].0) {
                child = right;
            }
            self.items[pos] = self.items[child];
            pos = child;
            child = 2 * pos + 1;
        }
        self.items[pos] = item;
        self.sift_down(start, pos);
    }
}
