//! The error type of this crate.

/// Everything that can go wrong while drawing or rasterising.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum DrawError {
    /// The SVG text could not be parsed.
    #[error("invalid SVG: {reason}")]
    InvalidSvg {
        /// What the SVG parser complained about.
        reason: String,
    },
    /// A raster scale or width was zero, negative or not finite.
    #[error("invalid raster scale {scale}: it must be finite and greater than zero")]
    InvalidScale {
        /// The rejected scale factor.
        scale: f32,
    },
    /// The requested raster image would be empty or too large.
    #[error(
        "raster size {width}x{height} px is out of range: each side must be between 1 and {max} px"
    )]
    ImageSize {
        /// Requested width in pixels (rounded up).
        width: f64,
        /// Requested height in pixels (rounded up).
        height: f64,
        /// Largest allowed side in pixels.
        max: u32,
    },
    /// The PNG encoder failed.
    #[error("PNG encoding failed: {reason}")]
    PngEncode {
        /// What the encoder reported.
        reason: String,
    },
    /// A heatmap's axes or values do not fit together (see
    /// [`Heatmap::new`](crate::Heatmap::new)).
    #[error("invalid heatmap: {reason}")]
    InvalidHeatmap {
        /// What is wrong, in plain words.
        reason: String,
    },
    /// A PDF document could not be written (see [`pdf`](crate::pdf)).
    #[error("cannot write the PDF: {reason}")]
    Pdf {
        /// What went wrong.
        reason: String,
    },
    /// A colour string was not of the form `#rgb` or `#rrggbb`.
    #[error("invalid colour {text:?}: expected #rgb or #rrggbb")]
    InvalidColor {
        /// The rejected text.
        text: String,
    },
}
