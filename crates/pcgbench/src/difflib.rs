//! `difflib.SequenceMatcher(None, a, b).ratio()` from CPython 3.11's `Lib/difflib.py`, byte for
//! byte: the longest-match recursion, the "popular element" autojunk rule for a second sequence of
//! 200 or more, and the ratio `2·M / (len(a) + len(b))`. The benchmark's zelda, sokoban and
//! mini-dungeon diversities are this ratio over path and move strings.

/// `SequenceMatcher(None, a, b).ratio()` for ASCII strings (1.0 when both are empty).
#[must_use]
pub fn ratio(a: &[u8], b: &[u8]) -> f64 {
    let total = a.len() + b.len();
    if total == 0 {
        return 1.0;
    }
    let matcher = Matcher::new(a, b);
    2.0 * matcher.matches() as f64 / total as f64
}

struct Matcher<'s> {
    a: &'s [u8],
    b: &'s [u8],
    /// The positions in `b`, grouped by byte and rising within a group (`b2j`'s lists laid
    /// end to end).
    positions: Vec<usize>,
    /// Where each byte's positions start in `positions`; a popular byte's are left empty.
    starts: [usize; 257],
    popular: [bool; 256],
}

impl<'s> Matcher<'s> {
    fn new(a: &'s [u8], b: &'s [u8]) -> Self {
        let mut counts = [0usize; 256];
        for &byte in b {
            counts[usize::from(byte)] += 1;
        }
        let mut starts = [0usize; 257];
        for i in 0..256 {
            starts[i + 1] = starts[i] + counts[i];
        }
        let mut next = starts;
        let mut positions = vec![0; b.len()];
        for (j, &byte) in b.iter().enumerate() {
            positions[next[usize::from(byte)]] = j;
            next[usize::from(byte)] += 1;
        }
        // autojunk: with 200 or more elements, one seen more than 1% + 1 times is "popular" and
        // dropped from the index (it can still extend a match, as it is not junk).
        let mut popular = [false; 256];
        if b.len() >= 200 {
            let ntest = b.len() / 100 + 1;
            for (flag, count) in popular.iter_mut().zip(counts) {
                *flag = count > ntest;
            }
        }
        Self {
            a,
            b,
            positions,
            starts,
            popular,
        }
    }

    /// `b2j.get(byte, [])`.
    fn places(&self, byte: u8) -> &[usize] {
        let i = usize::from(byte);
        if self.popular[i] {
            &[]
        } else {
            &self.positions[self.starts[i]..self.starts[i + 1]]
        }
    }

    /// Sum of the sizes of the matching blocks (`get_matching_blocks`; their order does not
    /// change the sum).
    fn matches(&self) -> usize {
        let mut queue = vec![(0, self.a.len(), 0, self.b.len())];
        let mut total = 0;
        let mut lengths = Lengths::new(self.b.len());
        while let Some((alo, ahi, blo, bhi)) = queue.pop() {
            let (i, j, k) = self.longest_match(alo, ahi, blo, bhi, &mut lengths);
            if k > 0 {
                total += k;
                if alo < i && blo < j {
                    queue.push((alo, i, blo, j));
                }
                if i + k < ahi && j + k < bhi {
                    queue.push((i + k, ahi, j + k, bhi));
                }
            }
        }
        total
    }

    fn longest_match(
        &self,
        alo: usize,
        ahi: usize,
        blo: usize,
        bhi: usize,
        lengths: &mut Lengths,
    ) -> (usize, usize, usize) {
        let (a, b) = (self.a, self.b);
        let (mut besti, mut bestj, mut bestsize) = (alo, blo, 0);
        lengths.clear();
        for (i, &ai) in a.iter().enumerate().take(ahi).skip(alo) {
            for &j in self.places(ai) {
                if j < blo {
                    continue;
                }
                if j >= bhi {
                    break;
                }
                let k = lengths.previous(j) + 1;
                lengths.set(j, k);
                if k > bestsize {
                    (besti, bestj, bestsize) = (i + 1 - k, j + 1 - k, k);
                }
            }
            lengths.next_row();
        }
        // No element is junk (isjunk is None), so only the first pair of extensions can run.
        while besti > alo && bestj > blo && a[besti - 1] == b[bestj - 1] {
            (besti, bestj, bestsize) = (besti - 1, bestj - 1, bestsize + 1);
        }
        while besti + bestsize < ahi
            && bestj + bestsize < bhi
            && a[besti + bestsize] == b[bestj + bestsize]
        {
            bestsize += 1;
        }
        (besti, bestj, bestsize)
    }
}

/// The `j2len` / `newj2len` dictionaries as two dense rows with the touched entries remembered.
struct Lengths {
    old: Vec<usize>,
    new: Vec<usize>,
    touched_old: Vec<usize>,
    touched_new: Vec<usize>,
}

impl Lengths {
    fn new(n: usize) -> Self {
        Self {
            old: vec![0; n + 1],
            new: vec![0; n + 1],
            touched_old: Vec::new(),
            touched_new: Vec::new(),
        }
    }

    fn clear(&mut self) {
        for &j in &self.touched_old {
            self.old[j] = 0;
        }
        for &j in &self.touched_new {
            self.new[j] = 0;
        }
        self.touched_old.clear();
        self.touched_new.clear();
    }

    /// `j2len.get(j - 1, 0)`: entries are kept at `j + 1`.
    fn previous(&self, j: usize) -> usize {
        self.old[j]
    }

    fn set(&mut self, j: usize, k: usize) {
        self.new[j + 1] = k;
        self.touched_new.push(j + 1);
    }

    fn next_row(&mut self) {
        for &j in &self.touched_old {
            self.old[j] = 0;
        }
        std::mem::swap(&mut self.old, &mut self.new);
        std::mem::swap(&mut self.touched_old, &mut self.touched_new);
        self.touched_new.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::ratio;

    #[test]
    fn ratios_from_the_python_docs() {
        // difflib's own examples: "abcd" vs "bcde" is 0.75; the docstring's "private Thread" pair.
        assert_eq!(ratio(b"abcd", b"bcde"), 0.75);
        assert_eq!(ratio(b"", b""), 1.0);
        assert_eq!(ratio(b"abc", b""), 0.0);
        let a = b"private Thread currentThread;";
        let b = b"private volatile Thread currentThread;";
        // Python: SequenceMatcher(None, a, b).ratio() == 0.8656716417910447 (no junk function).
        assert_eq!(ratio(a, b), 0.865_671_641_791_044_7);
    }

    #[test]
    fn popular_bytes_no_longer_seed_a_match() {
        // Worked in Python 3.11: with b = "q" + "xxx" + "y" + 250 × "x", "x" is popular (seen more
        // than 256 // 100 + 1 times), so "xxxxxx" finds no match at all (ratio 0.0, where
        // autojunk=False gives 0.04597701149425287), and "qxxxxx" matches "q" then extends over the
        // following "xxx": 4 of 261 → 0.03065134099616858.
        let mut b = b"qxxxy".to_vec();
        b.extend(std::iter::repeat_n(b'x', 250));
        assert_eq!(ratio(b"xxxxxx", &b), 0.0);
        assert_eq!(ratio(b"qxxxxx", &b), 0.030_651_340_996_168_58);
        assert_eq!(
            ratio(b"xxxx", &[b'x'; 250]),
            8.0 / 254.0,
            "an empty index still extends from (0, 0)"
        );
    }
}
