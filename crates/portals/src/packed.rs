//! A dungeon packed into one small block of bytes, for holding many at once.
//!
//! An evolving population holds every one of its dungeons for the whole run, while the
//! operators and the measures work on one or two at a time. [`Dungeon`] is built for working:
//! a growable list of portals per room, a parent and a stage per room, with room to grow. At
//! M = 9 (about 50 rooms) that is about 4 KB per dungeon. [`PackedDungeon`] keeps the same
//! facts in one allocation of about 3.5 bytes per room (about 180 bytes at M = 9), and is
//! unpacked when a dungeon is varied or measured.
//!
//! The bytes are variable-length integers (seven bits per byte, the high bit set on every byte
//! but the last): the number of rooms, the exit, then for each room in number order
//! `portals × 4 + passage × 2 + has parent`, its parent if it has one, and the rooms its
//! portals lead to. Every dungeon has exactly one packing, so two packings are equal exactly
//! when the dungeons are.

use crate::dungeon::{Dungeon, RoomId, Stage};

/// A dungeon packed for storage; see the [module notes](self).
///
/// ```
/// use ludoforge_evolve::rng::stream;
/// use ludoforge_portals::{Params, generate::generate, packed::PackedDungeon};
/// let dungeon = generate(&Params::new(9), &mut stream(1, 0, 0)).unwrap();
/// let packed = PackedDungeon::pack(&dungeon);
/// assert_eq!(packed.rooms(), dungeon.rooms());
/// assert_eq!(packed.unpack(), dungeon);
/// assert!(packed.bytes() < 5 * dungeon.rooms());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct PackedDungeon(Box<[u8]>);

impl PackedDungeon {
    /// Packs a dungeon; O(rooms + portals).
    #[must_use]
    pub fn pack(dungeon: &Dungeon) -> PackedDungeon {
        let rooms = dungeon.rooms();
        let mut bytes = Vec::with_capacity(packed_size(dungeon));
        put(&mut bytes, rooms as u64);
        put(&mut bytes, u64::from(dungeon.exit()));
        for room in 0..rooms as RoomId {
            let portals = dungeon.portals(room);
            let parent = dungeon.parent(room);
            let passage = dungeon.stage(room) == Stage::Passage;
            put(
                &mut bytes,
                (portals.len() as u64) << 2 | u64::from(passage) << 1 | u64::from(parent.is_some()),
            );
            if let Some(parent) = parent {
                put(&mut bytes, u64::from(parent));
            }
            for &to in portals {
                put(&mut bytes, u64::from(to));
            }
        }
        debug_assert_eq!(bytes.len(), packed_size(dungeon));
        PackedDungeon(bytes.into_boxed_slice())
    }

    /// The dungeon again, equal to the one packed; O(rooms + portals).
    #[must_use]
    pub fn unpack(&self) -> Dungeon {
        let mut at = 0;
        let mut next = || take(&self.0, &mut at);
        let rooms = next() as usize;
        let exit = next() as RoomId;
        let mut portals = Vec::with_capacity(rooms);
        let mut parent = Vec::with_capacity(rooms);
        let mut stage = Vec::with_capacity(rooms);
        for _ in 0..rooms {
            let head = next();
            parent.push((head & 1 == 1).then(|| next() as RoomId));
            stage.push(if head & 2 == 2 {
                Stage::Passage
            } else {
                Stage::Tree
            });
            let count = (head >> 2) as usize;
            portals.push((0..count).map(|_| next() as RoomId).collect());
        }
        Dungeon::with_history(portals, parent, stage, exit)
            .expect("one parent and one stage per room")
    }

    /// The number of rooms, read without unpacking.
    #[must_use]
    pub fn rooms(&self) -> usize {
        take(&self.0, &mut 0) as usize
    }

    /// The size of the packing in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.0.len()
    }
}

/// The number of bytes [`PackedDungeon::pack`] makes of `dungeon`, without packing it.
#[must_use]
pub fn packed_size(dungeon: &Dungeon) -> usize {
    let mut size = width(dungeon.rooms() as u64) + width(u64::from(dungeon.exit()));
    for room in 0..dungeon.rooms() as RoomId {
        let portals = dungeon.portals(room);
        size += width((portals.len() as u64) << 2 | 3);
        size += dungeon.parent(room).map_or(0, |p| width(u64::from(p)));
        size += portals
            .iter()
            .map(|&to| width(u64::from(to)))
            .sum::<usize>();
    }
    size
}

/// The bytes a variable-length integer takes: one per started group of seven bits.
#[must_use]
pub fn width(value: u64) -> usize {
    (64 - value.leading_zeros() as usize).div_ceil(7).max(1)
}

fn put(bytes: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        bytes.push((value as u8) | 0x80);
        value >>= 7;
    }
    bytes.push(value as u8);
}

fn take(bytes: &[u8], at: &mut usize) -> u64 {
    let mut value = 0;
    let mut shift = 0;
    loop {
        let byte = bytes[*at];
        *at += 1;
        value |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return value;
        }
        shift += 7;
    }
}

#[cfg(test)]
mod tests {
    use ludoforge_evolve::individual::fingerprint;
    use ludoforge_evolve::rng::stream;

    use super::*;
    use crate::generate::generate;
    use crate::params::Params;
    use crate::variation::relink;

    #[test]
    fn widths_by_hand() {
        let sizes: Vec<usize> = [0, 1, 127, 128, 16_383, 16_384, u64::from(u32::MAX)]
            .into_iter()
            .map(width)
            .collect();
        assert_eq!(sizes, [1, 1, 1, 2, 2, 3, 5]);
        for value in [0, 1, 127, 128, 300, 16_384, u64::from(u32::MAX)] {
            let mut bytes = Vec::new();
            put(&mut bytes, value);
            assert_eq!(bytes.len(), width(value));
            assert_eq!(take(&bytes, &mut 0), value);
        }
    }

    #[test]
    fn a_hand_made_dungeon_packs_byte_by_byte() {
        // 0 → 1 → 3 and 0 → 2 → 3; parents rebuilt, every room a tree room.
        let dungeon = Dungeon::from_portals(vec![vec![1, 2], vec![3], vec![3], vec![]], 3);
        let packed = PackedDungeon::pack(&dungeon);
        assert_eq!(
            &packed.0[..],
            [4, 3, 2 << 2, 1, 2, 1 << 2 | 1, 0, 3, 1 << 2 | 1, 0, 3, 1, 1]
        );
        assert_eq!(packed.unpack(), dungeon);
    }

    /// Large room numbers take several bytes each, and stages and parents survive.
    #[test]
    fn large_dungeons_and_their_history_round_trip() {
        let params = Params::new(15).rooms(16, 200_000);
        for seed in 0..20 {
            let mut dungeon = generate(&params, &mut stream(seed, 0, 0)).unwrap();
            relink(&mut dungeon, &params, &mut stream(seed, 1, 0));
            let packed = PackedDungeon::pack(&dungeon);
            assert_eq!(packed.bytes(), packed_size(&dungeon));
            let back = packed.unpack();
            assert_eq!(back, dungeon);
            // The walk stream of an evolved dungeon hangs on this fingerprint.
            assert_eq!(fingerprint(&back), fingerprint(&dungeon));
            assert_eq!(PackedDungeon::pack(&back), packed);
        }
    }

    #[test]
    fn different_dungeons_pack_differently() {
        let params = Params::new(9);
        let a = generate(&params, &mut stream(1, 0, 0)).unwrap();
        let mut b = a.clone();
        relink(&mut b, &params, &mut stream(1, 1, 0));
        assert_ne!(a, b);
        assert_ne!(PackedDungeon::pack(&a), PackedDungeon::pack(&b));
    }
}
