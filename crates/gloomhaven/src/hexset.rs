//! A set of hexes stored as a bitmap over a bounding box: constant-time membership for the
//! map checks that run on every candidate scenario.

use crate::hex::{Hex, NEIGHBOURS};

/// A set of hexes within a fixed bounding box (in axial x and y).
///
/// The bitmap has a ring of one cell around the box that no hex is ever put in, so every hex
/// of the box has its six neighbours in the bitmap: the flood fill and the neighbour count
/// step by fixed offsets without looking at the box's edges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexSet {
    min_x: i32,
    min_y: i32,
    /// The box's columns and rows.
    width: usize,
    height: usize,
    /// The bitmap's columns (the box's and the ring's).
    stride: usize,
    bits: Vec<bool>,
    len: usize,
}

impl HexSet {
    /// An empty set able to hold every hex within one step of `hexes`.
    ///
    /// ```
    /// use ludoforge_gloomhaven::hex::Hex;
    /// use ludoforge_gloomhaven::hexset::HexSet;
    /// let a = Hex::new(0, 0, 0).unwrap();
    /// let mut set = HexSet::around([a, Hex::new(3, -1, -2).unwrap()]);
    /// assert!(set.insert(a));
    /// assert!(!set.insert(a));
    /// assert!(set.contains(a));
    /// assert!(!set.contains(Hex::new(50, 0, -50).unwrap()));
    /// ```
    #[must_use]
    pub fn around(hexes: impl IntoIterator<Item = Hex>) -> HexSet {
        let (mut min_x, mut max_x, mut min_y, mut max_y) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for h in hexes {
            min_x = min_x.min(h.x);
            max_x = max_x.max(h.x);
            min_y = min_y.min(h.y);
            max_y = max_y.max(h.y);
        }
        if min_x > max_x {
            (min_x, max_x, min_y, max_y) = (0, 0, 0, 0);
        }
        let width = (max_x - min_x + 3) as usize;
        let height = (max_y - min_y + 3) as usize;
        HexSet {
            min_x: min_x - 1,
            min_y: min_y - 1,
            width,
            height,
            stride: width + 2,
            bits: cleared((width + 2) * (height + 2)),
            len: 0,
        }
    }

    /// An empty set over the same box as `other`.
    #[must_use]
    pub fn like(other: &HexSet) -> HexSet {
        HexSet {
            bits: cleared(other.bits.len()),
            len: 0,
            ..*other
        }
    }

    /// The hex's cell in the bitmap, if it lies in the box (never a cell of the ring).
    #[inline]
    fn index(&self, h: Hex) -> Option<usize> {
        // A hex left of or above the box wraps to a huge column or row: one comparison each.
        let x = h.x.wrapping_sub(self.min_x) as u32 as usize;
        let y = h.y.wrapping_sub(self.min_y) as u32 as usize;
        (x < self.width && y < self.height).then(|| (y + 1) * self.stride + x + 1)
    }

    /// The offsets of the six neighbours of a cell in the bitmap.
    #[inline]
    fn offsets(&self) -> [isize; 6] {
        let stride = self.stride as isize;
        NEIGHBOURS.map(|d| d.y as isize * stride + d.x as isize)
    }

    /// Adds a hex; true if it was not there.
    ///
    /// # Panics
    /// Panics if the hex lies outside the box the set was made for.
    #[inline]
    pub fn insert(&mut self, h: Hex) -> bool {
        let i = self.index(h).expect("a hex inside the set's box");
        let new = !self.bits[i];
        self.bits[i] = true;
        self.len += usize::from(new);
        new
    }

    /// Takes a hex out; true if it was there.
    pub fn remove(&mut self, h: Hex) -> bool {
        let Some(i) = self.index(h) else {
            return false;
        };
        let was = self.bits[i];
        self.bits[i] = false;
        self.len -= usize::from(was);
        was
    }

    /// The hexes of the set connected to `starts` (those of them in the set) by steps from a
    /// hex to a neighbour, every step within the set: a flood fill over the set's box.
    ///
    /// ```
    /// use ludoforge_gloomhaven::hex::Hex;
    /// use ludoforge_gloomhaven::hexset::HexSet;
    /// let row: Vec<Hex> = (0..5).map(|q| Hex::axial(q, 0)).collect();
    /// let mut open = HexSet::around(row.iter().copied());
    /// for &h in &row {
    ///     open.insert(h);
    /// }
    /// open.remove(row[2]);
    /// let reached = open.connected([row[0]]);
    /// assert_eq!(reached.len(), 2);
    /// assert!(reached.contains(row[1]) && !reached.contains(row[3]));
    /// ```
    #[must_use]
    pub fn connected(&self, starts: impl IntoIterator<Item = Hex>) -> HexSet {
        let mut seen = HexSet::like(self);
        let mut stack: Vec<usize> = Vec::with_capacity(self.len);
        for h in starts {
            if let Some(i) = self.index(h)
                && self.bits[i]
                && !seen.bits[i]
            {
                seen.bits[i] = true;
                stack.push(i);
            }
        }
        // The ring's cells are never in the set, so the fill never steps onto them and every
        // cell it stands on has its six neighbours in the bitmap.
        let offsets = self.offsets();
        let mut len = stack.len();
        while let Some(i) = stack.pop() {
            for o in offsets {
                let n = i.wrapping_add_signed(o);
                if self.bits[n] && !seen.bits[n] {
                    seen.bits[n] = true;
                    stack.push(n);
                    len += 1;
                }
            }
        }
        seen.len = len;
        seen
    }

    /// How many of the six neighbours of `h` are in the set.
    #[must_use]
    #[inline]
    pub fn neighbours_in(&self, h: Hex) -> usize {
        let Some(i) = self.index(h) else {
            return h.neighbours().filter(|&n| self.contains(n)).count();
        };
        self.offsets()
            .iter()
            .filter(|&&o| self.bits[i.wrapping_add_signed(o)])
            .count()
    }

    /// Whether the hex is in the set (false outside the box).
    #[must_use]
    #[inline]
    pub fn contains(&self, h: Hex) -> bool {
        self.index(h).is_some_and(|i| self.bits[i])
    }

    /// The number of hexes in the set.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// `n` cells, none set. Made by `malloc` and cleared, not by `calloc` (as `vec![false; n]`
/// is): glibc's `calloc` skips the thread's cache of freed blocks, and a search makes and
/// drops several sets a cycle.
pub(crate) fn cleared(n: usize) -> Vec<bool> {
    let mut cells = Vec::with_capacity(n);
    cells.resize(n, false);
    cells
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::*;

    /// The flood fill finds what a plain breadth-first search over a `BTreeSet` finds.
    fn plain(open: &BTreeSet<Hex>, starts: &[Hex]) -> BTreeSet<Hex> {
        let mut seen: BTreeSet<Hex> = starts
            .iter()
            .copied()
            .filter(|h| open.contains(h))
            .collect();
        let mut queue: Vec<Hex> = seen.iter().copied().collect();
        while let Some(h) = queue.pop() {
            for n in h.neighbours() {
                if open.contains(&n) && seen.insert(n) {
                    queue.push(n);
                }
            }
        }
        seen
    }

    proptest! {
        #[test]
        fn connected_is_a_plain_search(
            cells in proptest::collection::vec((-6i32..6, -6i32..6), 0..80),
            removed in proptest::collection::vec((-6i32..6, -6i32..6), 0..30),
            starts in proptest::collection::vec((-7i32..7, -7i32..7), 0..4),
        ) {
            let hexes: Vec<Hex> = cells.iter().map(|&(q, r)| Hex::axial(q, r)).collect();
            let mut set = HexSet::around(hexes.iter().copied());
            let mut open = BTreeSet::new();
            for &h in &hexes {
                set.insert(h);
                open.insert(h);
            }
            // The box holds every hex one step from those it was made around: its edge too.
            for n in hexes.iter().take(3).flat_map(|h| h.neighbours()) {
                prop_assert_eq!(set.insert(n), open.insert(n));
            }
            for &(q, r) in &removed {
                let h = Hex::axial(q, r);
                prop_assert_eq!(set.remove(h), open.remove(&h));
            }
            prop_assert_eq!(set.len(), open.len());
            for q in -8..8 {
                for r in -8..8 {
                    let h = Hex::axial(q, r);
                    let plain = h.neighbours().filter(|n| open.contains(n)).count();
                    prop_assert_eq!(set.neighbours_in(h), plain, "{}", h);
                }
            }
            let starts: Vec<Hex> = starts.iter().map(|&(q, r)| Hex::axial(q, r)).collect();
            let reached = set.connected(starts.iter().copied());
            let expected = plain(&open, &starts);
            prop_assert_eq!(reached.len(), expected.len());
            for h in &expected {
                prop_assert!(reached.contains(*h));
            }
        }
    }
}
