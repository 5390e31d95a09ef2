//! Colours and a small categorical palette.

use std::fmt;
use std::str::FromStr;

use crate::DrawError;

/// An opaque sRGB colour, written into SVG as `#rrggbb`.
///
/// Transparency is expressed separately through [`Style::opacity`](crate::Style)
/// and [`Stroke::opacity`](crate::Stroke), so colours stay simple and `Copy`.
///
/// ```
/// use ludoforge_draw::Color;
///
/// let wheat = Color::hex(0xf0d9b5);
/// assert_eq!(wheat, Color::rgb(0xf0, 0xd9, 0xb5));
/// assert_eq!(wheat.to_string(), "#f0d9b5");
/// assert_eq!("#F0D9B5".parse::<Color>().unwrap(), wheat);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Color {
    /// Red channel.
    pub r: u8,
    /// Green channel.
    pub g: u8,
    /// Blue channel.
    pub b: u8,
}

impl Color {
    /// Black, `#000000`.
    pub const BLACK: Color = Color::hex(0x000000);
    /// White, `#ffffff`.
    pub const WHITE: Color = Color::hex(0xffffff);
    /// Pure red, `#ff0000`.
    pub const RED: Color = Color::hex(0xff0000);
    /// Pure green, `#00ff00`.
    pub const GREEN: Color = Color::hex(0x00ff00);
    /// Pure blue, `#0000ff`.
    pub const BLUE: Color = Color::hex(0x0000ff);
    /// Mid grey, `#808080`.
    pub const GRAY: Color = Color::hex(0x808080);

    /// A colour from its three channels.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color { r, g, b }
    }

    /// A colour from a `0xRRGGBB` literal; bits above the low 24 are ignored.
    pub const fn hex(rgb: u32) -> Color {
        Color {
            r: (rgb >> 16) as u8,
            g: (rgb >> 8) as u8,
            b: rgb as u8,
        }
    }

    /// Linear blend in sRGB space: `t = 0` gives `self`, `t = 1` gives `other`.
    ///
    /// `t` is clamped to `0..=1` (NaN counts as 0). Handy for heat-map cells.
    pub fn mix(self, other: Color, t: f32) -> Color {
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        let ch = |a: u8, b: u8| {
            let v = f32::from(a) + (f32::from(b) - f32::from(a)) * t;
            // v is within 0..=255 because t is clamped.
            v.round() as u8
        };
        Color::rgb(
            ch(self.r, other.r),
            ch(self.g, other.g),
            ch(self.b, other.b),
        )
    }

    /// The `i`-th colour of [`CATEGORICAL`], wrapping around.
    pub fn categorical(i: usize) -> Color {
        CATEGORICAL[i % CATEGORICAL.len()]
    }
}

/// Ten well-separated colours (the Tableau 10 palette) for categories such as
/// the cells of a colour grid.
pub const CATEGORICAL: [Color; 10] = [
    Color::hex(0x4e79a7),
    Color::hex(0xf28e2b),
    Color::hex(0xe15759),
    Color::hex(0x76b7b2),
    Color::hex(0x59a14f),
    Color::hex(0xedc948),
    Color::hex(0xb07aa1),
    Color::hex(0xff9da7),
    Color::hex(0x9c755f),
    Color::hex(0xbab0ac),
];

impl fmt::Display for Color {
    /// Writes `#rrggbb` in lower case.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

impl FromStr for Color {
    type Err = DrawError;

    /// Parses `#rgb` or `#rrggbb` (either case).
    fn from_str(s: &str) -> Result<Color, DrawError> {
        let bad = || DrawError::InvalidColor { text: s.to_owned() };
        let digits = s.strip_prefix('#').ok_or_else(bad)?;
        if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad());
        }
        let value = u32::from_str_radix(digits, 16).map_err(|_| bad())?;
        match digits.len() {
            6 => Ok(Color::hex(value)),
            3 => {
                let spread = |nibble: u32| ((nibble & 0xf) * 0x11) as u8;
                Ok(Color::rgb(
                    spread(value >> 8),
                    spread(value >> 4),
                    spread(value),
                ))
            }
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{CATEGORICAL, Color};

    #[test]
    fn display_is_lowercase_hex() {
        assert_eq!(Color::rgb(255, 0, 171).to_string(), "#ff00ab");
        assert_eq!(Color::BLACK.to_string(), "#000000");
    }

    #[test]
    fn parses_short_and_long_forms() {
        assert_eq!("#fa0".parse::<Color>().unwrap(), Color::hex(0xffaa00));
        assert_eq!("#12AbEf".parse::<Color>().unwrap(), Color::hex(0x12abef));
    }

    #[test]
    fn rejects_malformed_colours() {
        for bad in ["", "#", "fff", "#ffff", "#ggg", "#+12345", "#12 456", "red"] {
            assert!(bad.parse::<Color>().is_err(), "{bad:?} should fail");
        }
    }

    #[test]
    fn mix_interpolates_and_clamps() {
        let (a, b) = (Color::BLACK, Color::WHITE);
        assert_eq!(a.mix(b, 0.0), a);
        assert_eq!(a.mix(b, 1.0), b);
        assert_eq!(a.mix(b, 0.5), Color::rgb(128, 128, 128));
        assert_eq!(a.mix(b, 7.0), b);
        assert_eq!(a.mix(b, f32::NAN), a);
    }

    #[test]
    fn categorical_wraps() {
        assert_eq!(Color::categorical(0), CATEGORICAL[0]);
        assert_eq!(Color::categorical(13), CATEGORICAL[3]);
    }
}
