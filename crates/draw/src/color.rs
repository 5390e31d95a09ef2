//! Colours, a small categorical palette and the viridis colour map.

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

    /// The viridis colour map at `t`: dark purple at 0, teal at 0.5, yellow at 1,
    /// interpolated linearly between the stops of [`VIRIDIS`].
    ///
    /// `t` is clamped to `0..=1` (NaN counts as 0). Viridis reads evenly from low to high,
    /// also in grey and for most colour-blind readers, so it suits values on a scale.
    ///
    /// ```
    /// use ludoforge_draw::{Color, VIRIDIS};
    ///
    /// assert_eq!(Color::viridis(0.0), VIRIDIS[0]);
    /// assert_eq!(Color::viridis(1.0).to_string(), "#fde725");
    /// assert_eq!(Color::viridis(0.5), Color::hex(0x21918c));
    /// ```
    #[must_use]
    pub fn viridis(t: f32) -> Color {
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        let last = VIRIDIS.len() - 1;
        let at = t * last as f32;
        // `at` lies within 0..=last, so the cast neither wraps nor truncates past the end.
        let i = (at.floor() as usize).min(last - 1);
        VIRIDIS[i].mix(VIRIDIS[i + 1], at - i as f32)
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

/// Seventeen evenly spaced stops of matplotlib's viridis colour map (entries 0, 16, 32, …,
/// 255 of its 256-colour table, `k / 16` of the way along), from dark purple to yellow.
/// [`Color::viridis`] interpolates between them.
///
/// Viridis is by Stéfan van der Walt, Nathaniel Smith and Eric Firing, released under CC0
/// (<https://bids.github.io/colormap/>); the values are those of matplotlib's
/// `_cm_listed.py`, rounded to 8 bits a channel.
pub const VIRIDIS: [Color; 17] = [
    Color::hex(0x440154),
    Color::hex(0x48186a),
    Color::hex(0x472d7b),
    Color::hex(0x424086),
    Color::hex(0x3b528b),
    Color::hex(0x33638d),
    Color::hex(0x2c728e),
    Color::hex(0x26828e),
    Color::hex(0x21918c),
    Color::hex(0x1f9f88),
    Color::hex(0x27ad81),
    Color::hex(0x3dbc74),
    Color::hex(0x5cc863),
    Color::hex(0x81d34d),
    Color::hex(0xaadc32),
    Color::hex(0xd5e21a),
    Color::hex(0xfde725),
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
    use super::{CATEGORICAL, Color, VIRIDIS};

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
    fn viridis_runs_through_its_stops() {
        assert_eq!(Color::viridis(0.0), VIRIDIS[0]);
        assert_eq!(Color::viridis(1.0), VIRIDIS[16]);
        assert_eq!(Color::viridis(-3.0), VIRIDIS[0]);
        assert_eq!(Color::viridis(f32::NAN), VIRIDIS[0]);
        assert_eq!(Color::viridis(9.0), VIRIDIS[16]);
        for (k, &stop) in VIRIDIS.iter().enumerate() {
            assert_eq!(Color::viridis(k as f32 / 16.0), stop, "stop {k}");
        }
        // Half way between two stops is their mix.
        assert_eq!(Color::viridis(1.0 / 32.0), VIRIDIS[0].mix(VIRIDIS[1], 0.5));
        // Green rises all the way from purple to yellow.
        let greens: Vec<u8> = (0..=100)
            .map(|i| Color::viridis(i as f32 / 100.0).g)
            .collect();
        assert!(greens.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn categorical_wraps() {
        assert_eq!(Color::categorical(0), CATEGORICAL[0]);
        assert_eq!(Color::categorical(13), CATEGORICAL[3]);
    }
}
