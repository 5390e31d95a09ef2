//! The six colours of the colour wheel.

use serde::{Deserialize, Serialize};

/// A colour of the wheel, in wheel order: red, orange, yellow, green, blue, violet (and back
/// to red).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// Red (R).
    Red,
    /// Orange (O).
    Orange,
    /// Yellow (Y).
    Yellow,
    /// Green (G).
    Green,
    /// Blue (B).
    Blue,
    /// Violet (V).
    Violet,
}

impl Colour {
    /// The wheel, in order.
    pub const WHEEL: [Colour; 6] = [
        Colour::Red,
        Colour::Orange,
        Colour::Yellow,
        Colour::Green,
        Colour::Blue,
        Colour::Violet,
    ];

    /// The colour at a wheel position 0..6.
    ///
    /// # Panics
    /// Panics if `index >= 6`.
    #[must_use]
    pub fn from_index(index: u8) -> Colour {
        Colour::WHEEL[usize::from(index)]
    }

    /// The wheel position 0..6.
    #[must_use]
    pub fn index(self) -> u8 {
        self as u8
    }

    /// The letter: R O Y G B V.
    #[must_use]
    pub fn letter(self) -> char {
        b"ROYGBV"[usize::from(self.index())] as char
    }

    /// The colour of a letter (either case).
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Colour> {
        Colour::WHEEL
            .into_iter()
            .find(|c| c.letter() == letter.to_ascii_uppercase())
    }

    /// The English name.
    #[must_use]
    pub fn name(self) -> &'static str {
        ["red", "orange", "yellow", "green", "blue", "violet"][usize::from(self.index())]
    }

    /// A CSS colour for pictures.
    #[must_use]
    pub fn css(self) -> &'static str {
        [
            "#e53935", "#fb8c00", "#fdd835", "#43a047", "#1e88e5", "#8e24aa",
        ][usize::from(self.index())]
    }
}

/// Whether a step from colour `a` to colour `b` is safe: the same colour or a neighbour on the
/// wheel (Ashlock, section II-B).
///
/// ```
/// use ludoforge_puzzles::chromatic::colour::compatible;
/// assert!(compatible(0, 0) && compatible(0, 1) && compatible(0, 5)); // R→R, R→O, R→V
/// assert!(!compatible(0, 2) && !compatible(0, 3)); // R→Y, R→G
/// ```
#[inline]
#[must_use]
pub fn compatible(a: u8, b: u8) -> bool {
    // Bit d of this mask is set for wheel distances 0, 1 and 5 (= -1).
    const SAFE: u8 = 0b10_0011;
    let distance = (b + 6 - a) % 6;
    SAFE >> distance & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wheel_neighbours_are_exactly_the_safe_steps() {
        for a in 0..6u8 {
            let safe: Vec<u8> = (0..6).filter(|&b| compatible(a, b)).collect();
            let mut expected = vec![a, (a + 1) % 6, (a + 5) % 6];
            expected.sort_unstable();
            assert_eq!(safe, expected, "from {}", Colour::from_index(a).name());
        }
    }

    #[test]
    fn letters_round_trip() {
        for colour in Colour::WHEEL {
            assert_eq!(Colour::from_letter(colour.letter()), Some(colour));
            assert_eq!(
                Colour::from_letter(colour.letter().to_ascii_lowercase()),
                Some(colour)
            );
        }
        assert_eq!(Colour::from_letter('X'), None);
    }
}
