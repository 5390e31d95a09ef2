//! A set of hexes stored as a bitmap over a bounding box: constant-time membership for the
//! map checks that run on every candidate scenario.

use crate::hex::Hex;

/// A set of hexes within a fixed bounding box (in axial x and y).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexSet {
    min_x: i32,
    min_y: i32,
    width: usize,
    height: usize,
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
            bits: vec![false; width * height],
            len: 0,
        }
    }

    /// An empty set over the same box as `other`.
    #[must_use]
    pub fn like(other: &HexSet) -> HexSet {
        HexSet {
            bits: vec![false; other.bits.len()],
            len: 0,
            ..*other
        }
    }

    fn index(&self, h: Hex) -> Option<usize> {
        let (x, y) = (h.x - self.min_x, h.y - self.min_y);
        (x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height)
            .then(|| y as usize * self.width + x as usize)
    }

    /// Adds a hex; true if it was not there.
    ///
    /// # Panics
    /// Panics if the hex lies outside the box the set was made for.
    pub fn insert(&mut self, h: Hex) -> bool {
        let i = self.index(h).expect("a hex inside the set's box");
        let new = !self.bits[i];
        self.bits[i] = true;
        self.len += usize::from(new);
        new
    }

    /// Whether the hex is in the set (false outside the box).
    #[must_use]
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
