//! The table a map is laid out on: a hex is about 32 mm from side to side (the paper's section 6).

use crate::hex::Hex;

/// A table the map must fit on, in centimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Table {
    /// One side.
    pub width: f64,
    /// The other side.
    pub height: f64,
}

/// A hex measures about 32 mm from side to side (the paper's section 6).
pub const HEX_FLAT_MM: f64 = 32.0;

impl Table {
    /// Whether the map's hexes fit on the table, either way round.
    #[must_use]
    pub fn fits(&self, hexes: &[Hex]) -> bool {
        let (w, h) = extent_cm(hexes);
        (w <= self.width && h <= self.height) || (w <= self.height && h <= self.width)
    }
}

/// The width and height of the map in centimetres (pointy-top hexes 32 mm flat to flat).
#[must_use]
pub fn extent_cm(hexes: &[Hex]) -> (f64, f64) {
    let size = HEX_FLAT_MM / 3f64.sqrt(); // centre to corner
    let centres: Vec<(f64, f64)> = hexes
        .iter()
        .map(|h| {
            let (q, r) = (f64::from(h.x), f64::from(h.y));
            (HEX_FLAT_MM * (q + r / 2.0), 1.5 * size * r)
        })
        .collect();
    if centres.is_empty() {
        return (0.0, 0.0);
    }
    let (min_x, max_x) = centres
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), c| (a.min(c.0), b.max(c.0)));
    let (min_y, max_y) = centres
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), c| (a.min(c.1), b.max(c.1)));
    (
        (max_x - min_x + HEX_FLAT_MM) / 10.0,
        (max_y - min_y + 2.0 * size) / 10.0,
    )
}
