//! Individuals (a genome with its evaluation) and population statistics.

use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};

use crate::goal::Goal;
use crate::problem::Evaluation;

/// A valid genome with its evaluation and its score under the run's goal.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Individual<G> {
    /// The genome.
    pub genome: G,
    /// Its evaluation.
    pub evaluation: Evaluation,
    /// Its score under the goal (higher is better).
    pub score: f64,
}

impl<G> Individual<G> {
    /// Scores an evaluated genome under `goal`.
    #[must_use]
    pub fn new(genome: G, evaluation: Evaluation, goal: &Goal) -> Self {
        let score = goal.score(evaluation.fitness);
        Individual {
            genome,
            evaluation,
            score,
        }
    }

    /// The raw fitness.
    #[must_use]
    pub fn fitness(&self) -> f64 {
        self.evaluation.fitness
    }
}

/// Index of the best-scoring member (the first one on ties), or `None` if empty.
#[must_use]
pub fn best_index<G>(population: &[Individual<G>]) -> Option<usize> {
    let mut best: Option<usize> = None;
    for (i, member) in population.iter().enumerate() {
        if best.is_none_or(|b| member.score > population[b].score) {
            best = Some(i);
        }
    }
    best
}

/// Summary statistics of a population at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PopulationStats {
    /// Raw fitness of the best-scoring member.
    pub best: f64,
    /// Mean raw fitness.
    pub mean: f64,
    /// Raw fitness of the worst-scoring member.
    pub worst: f64,
    /// Fraction of members whose genomes are distinct (1 = all different).
    pub diversity: f64,
}

impl PopulationStats {
    /// Computes the statistics; O(n log n) in the population size.
    ///
    /// # Panics
    /// Panics on an empty population.
    #[must_use]
    pub fn of<G: Hash>(population: &[Individual<G>]) -> Self {
        assert!(!population.is_empty(), "statistics of an empty population");
        let (mut best, mut worst) = (&population[0], &population[0]);
        let mut sum = 0.0;
        let mut fingerprints = Vec::with_capacity(population.len());
        for member in population {
            if member.score > best.score {
                best = member;
            }
            if member.score < worst.score {
                worst = member;
            }
            sum += member.fitness();
            fingerprints.push(fingerprint(&member.genome));
        }
        fingerprints.sort_unstable();
        fingerprints.dedup();
        PopulationStats {
            best: best.fitness(),
            mean: sum / population.len() as f64,
            worst: worst.fitness(),
            diversity: fingerprints.len() as f64 / population.len() as f64,
        }
    }
}

/// A 64-bit fingerprint of a genome, stable across runs and platforms of the same build.
#[must_use]
pub fn fingerprint<G: Hash + ?Sized>(genome: &G) -> u64 {
    let mut hasher = WordHasher(0xcbf2_9ce4_8422_2325);
    genome.hash(&mut hasher);
    hasher.finish()
}

/// A small multiply-rotate hash that consumes eight bytes at a time, with no random state
/// (unlike std's default hasher). Population statistics fingerprint every genome at every
/// generation, so this runs over hundreds of kilobytes per report.
struct WordHasher(u64);

impl WordHasher {
    #[inline]
    fn mix(&mut self, word: u64) {
        self.0 = (self.0 ^ word)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
}

impl WordHasher {
    /// The last chunk of a `write`: `len` (1 to 7) bytes, read as a little-endian `word`.
    #[inline]
    fn short(&mut self, word: u64, len: u64) {
        self.mix(word ^ (len << 56));
    }
}

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z ^ (z >> 31)
    }
    // Whole numbers go straight to `mix`, as `write` would take their native bytes: eight
    // bytes as one word, fewer as the last, short chunk (tagged with its length).
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.short(u64::from(i), 1);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.short(u64::from(u16::from_le_bytes(i.to_ne_bytes())), 2);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.short(u64::from(u32::from_le_bytes(i.to_ne_bytes())), 4);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.mix(u64::from_le_bytes(i.to_ne_bytes()));
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        match usize::BITS {
            64 => self.write_u64(i as u64),
            _ => self.write_u32(i as u32),
        }
    }
    #[inline]
    fn write_i8(&mut self, i: i8) {
        self.write_u8(i as u8);
    }
    #[inline]
    fn write_i16(&mut self, i: i16) {
        self.write_u16(i as u16);
    }
    #[inline]
    fn write_i32(&mut self, i: i32) {
        self.write_u32(i as u32);
    }
    #[inline]
    fn write_i64(&mut self, i: i64) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn write_isize(&mut self, i: isize) {
        self.write_usize(i as usize);
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.mix(u64::from_le_bytes(chunk.try_into().expect("eight bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.short(u64::from_le_bytes(last), rest.len() as u64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(genome: u32, fitness: f64) -> Individual<u32> {
        Individual::new(genome, Evaluation::new(fitness), &Goal::Maximise)
    }

    #[test]
    fn stats_by_hand() {
        let population = [
            member(1, 2.0),
            member(2, 8.0),
            member(1, 2.0),
            member(3, 5.0),
        ];
        let stats = PopulationStats::of(&population);
        assert_eq!(stats.best, 8.0);
        assert_eq!(stats.worst, 2.0);
        assert_eq!(stats.mean, 17.0 / 4.0);
        assert_eq!(stats.diversity, 0.75);
        assert_eq!(best_index(&population), Some(1));
    }

    #[test]
    fn fingerprints_tell_genomes_apart() {
        let a: Vec<u8> = (0..441).map(|i| (i % 6) as u8).collect();
        let mut b = a.clone();
        b[440] = 5;
        let mut c = a.clone();
        c[3] = 0;
        assert_eq!(fingerprint(&a), fingerprint(&a.clone()));
        assert_ne!(fingerprint(&a), fingerprint(&b));
        assert_ne!(fingerprint(&a), fingerprint(&c));
        // A trailing zero byte must still count.
        assert_ne!(
            fingerprint(&vec![1u8, 2, 3]),
            fingerprint(&vec![1u8, 2, 3, 0])
        );
    }

    /// Each whole number written straight gives the hash its native bytes written as bytes
    /// give, so fingerprints (which seed the portal generator's streams) stay as they were.
    const PINNED: u64 = 12_615_287_455_189_539_479;

    #[test]
    fn whole_numbers_hash_as_their_bytes() {
        let by_bytes = |bytes: &[u8]| {
            let mut h = WordHasher(7);
            h.write(bytes);
            h.finish()
        };
        let straight = |f: &dyn Fn(&mut WordHasher)| {
            let mut h = WordHasher(7);
            f(&mut h);
            h.finish()
        };
        for x in [0u64, 1, 0xff, 0x1234_5678_9abc_def0, u64::MAX] {
            assert_eq!(
                straight(&|h| h.write_u8(x as u8)),
                by_bytes(&(x as u8).to_ne_bytes())
            );
            assert_eq!(
                straight(&|h| h.write_u16(x as u16)),
                by_bytes(&(x as u16).to_ne_bytes())
            );
            assert_eq!(
                straight(&|h| h.write_u32(x as u32)),
                by_bytes(&(x as u32).to_ne_bytes())
            );
            assert_eq!(straight(&|h| h.write_u64(x)), by_bytes(&x.to_ne_bytes()));
            assert_eq!(
                straight(&|h| h.write_usize(x as usize)),
                by_bytes(&(x as usize).to_ne_bytes())
            );
            assert_eq!(
                straight(&|h| h.write_i8(x as i8)),
                by_bytes(&(x as i8).to_ne_bytes())
            );
            assert_eq!(
                straight(&|h| h.write_i16(x as i16)),
                by_bytes(&(x as i16).to_ne_bytes())
            );
            assert_eq!(
                straight(&|h| h.write_i32(x as i32)),
                by_bytes(&(x as i32).to_ne_bytes())
            );
            assert_eq!(
                straight(&|h| h.write_i64(x as i64)),
                by_bytes(&(x as i64).to_ne_bytes())
            );
            assert_eq!(
                straight(&|h| h.write_isize(x as isize)),
                by_bytes(&(x as isize).to_ne_bytes())
            );
        }
        // And a value pinned from before the straight paths: a string, numbers and a list.
        assert_eq!(fingerprint(&("ab", 1u8, -2i32, vec![3usize, 4])), PINNED);
    }

    #[test]
    fn best_under_target_is_closest() {
        let goal = Goal::target(5.0, 100.0);
        let population: Vec<_> = [9.0, 4.0, 6.0, 1.0]
            .iter()
            .enumerate()
            .map(|(i, &f)| Individual::new(i, Evaluation::new(f), &goal))
            .collect();
        // 4.0 and 6.0 tie at distance 1: the first one wins.
        assert_eq!(best_index(&population), Some(1));
        assert_eq!(best_index::<u8>(&[]), None);
    }
}
