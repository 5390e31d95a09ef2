//! Cube hex coordinates: pointy-top hexes, `x + y + z = 0`, axial q = x and r = y, with y
//! growing towards the south (screen down).

use std::fmt;
use std::ops::{Add, Neg, Sub};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A hex in cube coordinates. Ordered (x, then y, then z) so hexes can key sorted maps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Hex {
    /// The axial column: grows towards the east.
    pub x: i32,
    /// The axial row: grows towards the south.
    pub y: i32,
    /// `-x - y`.
    pub z: i32,
}

/// The six neighbour offsets: E, SE, SW, W, NW, NE.
pub const NEIGHBOURS: [Hex; 6] = [
    Hex::new_unchecked(1, 0, -1),
    Hex::new_unchecked(0, 1, -1),
    Hex::new_unchecked(-1, 1, 0),
    Hex::new_unchecked(-1, 0, 1),
    Hex::new_unchecked(0, -1, 1),
    Hex::new_unchecked(1, -1, 0),
];

impl Hex {
    /// The hex `(x, y, z)`; `None` unless `x + y + z = 0`.
    ///
    /// ```
    /// use ludoforge_gloomhaven::hex::Hex;
    /// assert!(Hex::new(2, -3, 1).is_some());
    /// assert!(Hex::new(1, 1, 1).is_none());
    /// ```
    #[must_use]
    pub fn new(x: i32, y: i32, z: i32) -> Option<Hex> {
        let sum = x.checked_add(y).and_then(|s| s.checked_add(z));
        (sum == Some(0)).then_some(Hex { x, y, z })
    }

    const fn new_unchecked(x: i32, y: i32, z: i32) -> Hex {
        Hex { x, y, z }
    }

    /// The hex at axial `(q, r)`.
    #[must_use]
    pub fn axial(q: i32, r: i32) -> Hex {
        Hex {
            x: q,
            y: r,
            z: -q - r,
        }
    }

    /// The hex turned `steps` × 60° clockwise about the origin: one step maps
    /// `(x, y, z)` to `(−y, −z, −x)`.
    ///
    /// ```
    /// use ludoforge_gloomhaven::hex::Hex;
    /// let h = Hex::new(-2, 3, -1).unwrap();
    /// assert_eq!(h.rotate(3), Hex::new(2, -3, 1).unwrap());
    /// assert_eq!(h.rotate(6), h);
    /// ```
    #[must_use]
    #[inline]
    pub fn rotate(self, steps: u8) -> Hex {
        let Hex { x, y, z } = self;
        // The one step applied 0 to 5 times, written out.
        let (x, y, z) = match steps % 6 {
            0 => (x, y, z),
            1 => (-y, -z, -x),
            2 => (z, x, y),
            3 => (-x, -y, -z),
            4 => (y, z, x),
            _ => (-z, -x, -y),
        };
        Hex { x, y, z }
    }

    /// The six neighbouring hexes.
    pub fn neighbours(self) -> impl Iterator<Item = Hex> {
        NEIGHBOURS.into_iter().map(move |d| self + d)
    }

    /// Whether two hexes share an edge.
    #[must_use]
    pub fn is_adjacent(self, other: Hex) -> bool {
        self.distance(other) == 1
    }

    /// The number of steps between two hexes.
    #[must_use]
    pub fn distance(self, other: Hex) -> u32 {
        let d = self - other;
        d.x.unsigned_abs()
            .max(d.y.unsigned_abs())
            .max(d.z.unsigned_abs())
    }

    /// The centre of the hex in a picture where hexes are `size` from centre to corner
    /// (pointy-top): x grows east, y grows south.
    #[must_use]
    pub fn centre(self, size: f32) -> (f32, f32) {
        let (q, r) = (self.x as f32, self.y as f32);
        (size * 3f32.sqrt() * (q + r / 2.0), size * 1.5 * r)
    }
}

impl Add for Hex {
    type Output = Hex;
    fn add(self, o: Hex) -> Hex {
        Hex {
            x: self.x + o.x,
            y: self.y + o.y,
            z: self.z + o.z,
        }
    }
}

impl Sub for Hex {
    type Output = Hex;
    fn sub(self, o: Hex) -> Hex {
        Hex {
            x: self.x - o.x,
            y: self.y - o.y,
            z: self.z - o.z,
        }
    }
}

impl Neg for Hex {
    type Output = Hex;
    fn neg(self) -> Hex {
        Hex {
            x: -self.x,
            y: -self.y,
            z: -self.z,
        }
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {}, {})", self.x, self.y, self.z)
    }
}

/// Written as `[x, y, z]`.
impl Serialize for Hex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.x, self.y, self.z].serialize(s)
    }
}

/// Read from `[x, y, z]`, refusing coordinates that do not sum to 0.
impl<'de> Deserialize<'de> for Hex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hex, D::Error> {
        let [x, y, z] = <[i32; 3]>::deserialize(d)?;
        Hex::new(x, y, z).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "[{x}, {y}, {z}] is not a cube hex: x + y + z must be 0"
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_turns_come_back_and_neighbours_stay_neighbours() {
        let h = Hex::new(3, -5, 2).unwrap();
        for r in 0..6u8 {
            let turned = h.rotate(r);
            assert_eq!(turned.x + turned.y + turned.z, 0);
            assert_eq!(turned.distance(Hex::default()), h.distance(Hex::default()));
            for n in h.neighbours() {
                assert!(n.rotate(r).is_adjacent(turned));
            }
        }
        // One turn moves the east neighbour to the south-east.
        assert_eq!(NEIGHBOURS[0].rotate(1), NEIGHBOURS[1]);
        // Any number of turns is that many single steps, (x, y, z) to (−y, −z, −x).
        for steps in 0..=20u8 {
            let mut stepped = h;
            for _ in 0..steps {
                stepped = Hex::new(-stepped.y, -stepped.z, -stepped.x).unwrap();
            }
            assert_eq!(h.rotate(steps), stepped, "{steps} turns");
        }
    }

    #[test]
    fn reads_and_writes_three_numbers() {
        let h: Hex = serde_json::from_str("[2, -3, 1]").unwrap();
        assert_eq!(serde_json::to_string(&h).unwrap(), "[2,-3,1]");
        assert!(serde_json::from_str::<Hex>("[1, 1, 1]").is_err());
    }
}
