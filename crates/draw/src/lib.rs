//! Deterministic drawing for ludoforge: build SVG documents with [`Svg`] and
//! rasterise them to PNG with [`svg_to_png`].
//!
//! The crate knows no game. It offers a small vocabulary — rectangles,
//! lines, polylines with arrowheads, polygons, circles, text and titled
//! groups — enough for boards, grids and annotated solution paths, and two
//! figures built on it: line charts ([`LineChart`]) and heatmaps of
//! quality-diversity archives ([`Heatmap`]). The same
//! drawing always produces the same bytes, and PNG output renders text with
//! a bundled DejaVu Sans (which also covers the chess symbols U+2654–U+265F),
//! so results never depend on the fonts installed on a machine.
//!
//! For print, [`Print`] lays headings, text and pictures out on pages of a [`Paper`] size,
//! and [`pdf`] binds those pages into a PDF from the same SVG tree, with the font embedded.
//!
//! ```
//! use ludoforge_draw::{Color, Stroke, Style, Svg, TextStyle, svg_to_png};
//!
//! // A 2×2 board with a knight, a label and a path.
//! let mut svg = Svg::new(100.0, 100.0);
//! for (i, (x, y)) in [(0.0, 0.0), (50.0, 0.0), (0.0, 50.0), (50.0, 50.0)].into_iter().enumerate() {
//!     let shade = if i % 3 == 0 { Color::hex(0xf0d9b5) } else { Color::hex(0xb58863) };
//!     svg.rect(x, y, 50.0, 50.0, Style::fill(shade));
//! }
//! svg.text(25.0, 25.0, "♘", TextStyle::new(40.0).centered())
//!     .text(75.0, 75.0, "X", TextStyle::new(24.0).color(Color::RED).bold().centered())
//!     .arrow(&[(25.0, 25.0), (75.0, 25.0), (75.0, 60.0)], Stroke::new(Color::BLUE, 3.0));
//!
//! let doc = svg.finish();
//! assert_eq!(doc, svg.finish()); // deterministic
//! let png = svg_to_png(&doc, 2.0)?;
//! assert_eq!(&png[1..4], b"PNG");
//! # Ok::<(), ludoforge_draw::DrawError>(())
//! ```
//!
//! The bundled DejaVu fonts are under the Bitstream Vera licence; see
//! `fonts/LICENSE-DejaVu.txt` in this crate.

pub mod chart;
mod color;
mod error;
mod font;
pub mod heatmap;
pub mod legend;
mod metrics;
mod number;
mod pdf;
mod png;
mod print;
mod style;
mod svg;
mod xml;

pub use chart::{LineChart, Scale, Series};
pub use color::{CATEGORICAL, Color, VIRIDIS};
pub use error::DrawError;
pub use font::FONT_FAMILY;
pub use heatmap::{HeatAxis, Heatmap};
pub use metrics::{shorten, text_width};
pub use pdf::{PDF_SIGNATURE, pdf};
pub use png::{
    MAX_RASTER_SIDE, PNG_SIGNATURE, RgbaImage, svg_to_png, svg_to_png_with_width, svg_to_rgba,
};
pub use print::{Orientation, Paper, Print, wrap};
pub use style::{Anchor, Stroke, Style, TextStyle};
pub use svg::Svg;
