//! What an evolving population holds in memory, estimated before the run, so that a front end
//! can refuse a population too large for the machine before any work starts.
//!
//! A population of n dungeons holds, for each one, its [packed](crate::packed) dungeon (about
//! 3.5 bytes per room) and the engine's record of it (the genome's handle, its fitness and
//! score). While the initial population is made, each record also exists once more, in the
//! list the parallel sampling fills. The size of a dungeon depends on the settings (at M = 9
//! about 50 rooms, at M = 15 about 400), so the estimate measures [`PILOT_DUNGEONS`] dungeons
//! made with the run's own parameters, from a fixed stream: the same settings always get the
//! same estimate, whatever the seed.
//!
//! The estimate is of the population as it starts. Evolution can make the dungeons larger
//! (never beyond the room bound): toward a long mean walk, a long run can end with dungeons
//! about half again as large.

use std::mem::size_of;

use ludoforge_evolve::individual::Individual;
use ludoforge_evolve::rng::stream;

use crate::generate::attempt;
use crate::packed::{PackedDungeon, packed_size, width};
use crate::params::Params;

/// How many dungeons the estimate measures.
pub const PILOT_DUNGEONS: u64 = 32;

/// The seed of the dungeons the estimate measures (not the run's: the estimate depends on the
/// settings alone).
pub const PILOT_SEED: u64 = 0x0f00_7921;

/// Memory of the process apart from the population: the program, its threads and the
/// dungeons being varied and measured (measured at about 6 MB, with a margin).
pub const BASE_BYTES: u64 = 16 << 20;

/// The estimated memory of an evolving population.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Footprint {
    /// Dungeons in the population.
    pub population: usize,
    /// The mean number of rooms of the measured dungeons (within the room bounds).
    pub rooms: f64,
    /// Bytes per dungeon of the population.
    pub per_dungeon: u64,
    /// Bytes in all: [`BASE_BYTES`] and `per_dungeon` for each dungeon.
    pub total: u64,
}

impl Footprint {
    /// Estimates the memory of a population of `population` dungeons made with `params`.
    ///
    /// Makes [`PILOT_DUNGEONS`] dungeons (single attempts, as the population's own are) and
    /// counts each one's packed bytes; a dungeon outside the room bounds, which the population
    /// would not keep, counts as a dungeon at the nearer bound with the same portals per room.
    /// Costs about 32 dungeons' generation: microseconds at M = 9, at most a few
    /// milliseconds per dungeon at the largest room bound.
    ///
    /// ```
    /// use ludoforge_portals::{Params, footprint::Footprint};
    /// let m9 = Footprint::estimate(&Params::new(9), 100_000);
    /// assert!((20.0..100.0).contains(&m9.rooms));
    /// assert!(m9.per_dungeon < 1024);
    /// assert_eq!(m9.total, ludoforge_portals::footprint::BASE_BYTES + 100_000 * m9.per_dungeon);
    /// // Larger dungeons, more memory each.
    /// assert!(Footprint::estimate(&Params::new(13), 100_000).per_dungeon > m9.per_dungeon);
    /// ```
    #[must_use]
    pub fn estimate(params: &Params, population: usize) -> Footprint {
        let mut rooms = 0.0;
        let mut bytes = 0.0;
        for i in 0..PILOT_DUNGEONS {
            let (kept, packed) = match attempt(params, &mut stream(PILOT_SEED, 0, i)) {
                Ok(dungeon) => {
                    let made = dungeon.rooms();
                    let kept = made.clamp(params.min_rooms, params.max_rooms);
                    let packed = if kept == made {
                        packed_size(&dungeon)
                    } else {
                        model_size(kept, dungeon.arc_count() as f64 / made as f64)
                    };
                    (kept, packed)
                }
                // It outgrew the bound: count a dungeon at the bound with as many portals as
                // rooms may have.
                Err(_) => (
                    params.max_rooms,
                    model_size(params.max_rooms, params.max_portals as f64),
                ),
            };
            rooms += kept as f64;
            bytes += heap_bytes(packed) as f64;
        }
        let rooms = rooms / PILOT_DUNGEONS as f64;
        let per_dungeon = (bytes / PILOT_DUNGEONS as f64).ceil() as u64 + RECORD_BYTES;
        Footprint {
            population,
            rooms,
            per_dungeon,
            total: BASE_BYTES.saturating_add((population as u64).saturating_mul(per_dungeon)),
        }
    }

    /// The largest population that fits in `limit` bytes with dungeons of this size (0 when
    /// not even the base fits).
    ///
    /// ```
    /// use ludoforge_portals::{Params, footprint::Footprint};
    /// let estimate = Footprint::estimate(&Params::new(9), 40);
    /// let most = estimate.largest_population(1 << 30);
    /// assert!(Footprint::estimate(&Params::new(9), most).total <= 1 << 30);
    /// assert!(Footprint::estimate(&Params::new(9), most + 1).total > 1 << 30);
    /// ```
    #[must_use]
    pub fn largest_population(&self, limit: u64) -> usize {
        (limit.saturating_sub(BASE_BYTES) / self.per_dungeon) as usize
    }
}

/// What the engine keeps for each dungeon besides its bytes: its record in the population and,
/// while the population is made, the same record once more in the sampling's list (with a
/// word for its attempt count).
pub const RECORD_BYTES: u64 = 2 * size_of::<Individual<PackedDungeon>>() as u64 + 16;

/// The packed size of a dungeon of `rooms` rooms with `portals_per_room` portals per room,
/// each parent and portal taking the mean width of the room numbers.
fn model_size(rooms: usize, portals_per_room: f64) -> usize {
    // Every room's head (its number of portals, stage and parent) takes one byte: at most
    // 8 portals.
    let per_room = 1.0 + mean_width(rooms) * (1.0 + portals_per_room);
    2 * width(rooms as u64) + (rooms as f64 * per_room).ceil() as usize
}

/// The mean packed width of the room numbers `0..rooms`.
fn mean_width(rooms: usize) -> f64 {
    let rooms = rooms as u64;
    let mut total = 0;
    let mut low = 0;
    let mut bytes = 1;
    while low < rooms {
        let high = (1u64 << (7 * bytes)).min(rooms);
        total += (high - low) * bytes;
        low = high;
        bytes += 1;
    }
    total as f64 / rooms.max(1) as f64
}

/// The heap taken by an allocation of `bytes`: the system allocator adds a word and rounds up
/// to 16 bytes, at least 32.
fn heap_bytes(bytes: usize) -> u64 {
    ((bytes + 8).div_ceil(16) * 16).max(32) as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::generate;

    #[test]
    fn the_model_matches_packed_dungeons() {
        for m in [5, 9, 13] {
            let params = Params::new(m);
            for seed in 0..5 {
                let dungeon = generate(&params, &mut stream(seed, 0, 0)).unwrap();
                let rooms = dungeon.rooms();
                let modelled = model_size(rooms, dungeon.arc_count() as f64 / rooms as f64);
                let packed = PackedDungeon::pack(&dungeon).bytes();
                let off = modelled.abs_diff(packed) as f64 / packed as f64;
                assert!(off < 0.1, "M = {m}: modelled {modelled}, packed {packed}");
            }
        }
    }

    #[test]
    fn mean_widths_by_hand() {
        assert_eq!(mean_width(1), 1.0);
        assert_eq!(mean_width(128), 1.0);
        assert_eq!(mean_width(256), 1.5);
        assert_eq!(mean_width(0), 0.0);
    }

    #[test]
    fn room_bounds_set_the_size() {
        let free = Footprint::estimate(&Params::new(9), 1000);
        // No M = 9 dungeon is made this large: each counts as one at the lower bound.
        let large = Footprint::estimate(&Params::new(9).rooms(150_000, 200_000), 1000);
        assert_eq!(large.rooms, 150_000.0);
        assert!(large.per_dungeon > 150_000 * 4, "{large:?}");
        assert!(large.per_dungeon > 1000 * free.per_dungeon);
        // The same settings, the same estimate.
        assert_eq!(Footprint::estimate(&Params::new(9), 1000), free);
    }

    #[test]
    fn a_population_too_large_for_a_limit_is_told_apart() {
        let estimate = Footprint::estimate(&Params::new(9), 10);
        assert_eq!(estimate.largest_population(BASE_BYTES - 1), 0);
        let limit = BASE_BYTES + 1000 * estimate.per_dungeon;
        assert_eq!(estimate.largest_population(limit), 1000);
    }
}
