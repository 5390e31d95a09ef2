//! Rasterising SVG documents to PNG with the bundled font.

use resvg::tiny_skia::{self, Pixmap};
use resvg::usvg;

use crate::DrawError;
use crate::font::{BUNDLED_FAMILY, database};

/// Largest raster side, in pixels, that [`svg_to_png`] and friends accept.
pub const MAX_RASTER_SIDE: u32 = 16_384;

/// The PNG file signature, the first eight bytes of every PNG.
pub const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// Rasterises an SVG document to PNG bytes.
///
/// The image is the SVG's size times `scale`, rounded up to whole pixels:
/// a 100 × 50 document at scale 2 gives a 200 × 100 PNG. Uncovered pixels
/// are transparent. Text is drawn with the bundled DejaVu Sans whatever
/// family the document names; no system font is ever consulted.
///
/// # Errors
///
/// [`DrawError::InvalidScale`] for a non-positive or non-finite `scale`,
/// [`DrawError::InvalidSvg`] when the document does not parse,
/// [`DrawError::ImageSize`] when a side would be 0 or above
/// [`MAX_RASTER_SIDE`], and [`DrawError::PngEncode`] if encoding fails.
///
/// ```
/// use ludoforge_draw::{Color, Style, Svg, svg_to_png, PNG_SIGNATURE};
///
/// let mut svg = Svg::new(20.0, 10.0);
/// svg.rect(0.0, 0.0, 10.0, 10.0, Style::fill(Color::RED));
/// let png = svg_to_png(&svg.finish(), 2.0)?;
/// assert!(png.starts_with(&PNG_SIGNATURE));
/// # Ok::<(), ludoforge_draw::DrawError>(())
/// ```
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>, DrawError> {
    encode(&render(svg, Scale::Factor(scale))?)
}

/// Rasterises an SVG document to a PNG exactly `width` pixels wide, the
/// height following the document's aspect ratio.
///
/// # Errors
///
/// As for [`svg_to_png`]; a `width` of 0 is [`DrawError::InvalidScale`].
pub fn svg_to_png_with_width(svg: &str, width: u32) -> Result<Vec<u8>, DrawError> {
    encode(&render(svg, Scale::Width(width))?)
}

/// Rasterises an SVG document to RGBA pixels, for inspecting a drawing
/// (in tests, say) without decoding a PNG.
///
/// # Errors
///
/// As for [`svg_to_png`], except that nothing is encoded.
pub fn svg_to_rgba(svg: &str, scale: f32) -> Result<RgbaImage, DrawError> {
    let pixmap = render(svg, Scale::Factor(scale))?;
    let pixels = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    Ok(RgbaImage {
        width: pixmap.width(),
        height: pixmap.height(),
        pixels,
    })
}

/// A rasterised image: straight (not premultiplied) 8-bit RGBA, row by row
/// from the top-left corner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RgbaImage {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height * 4` bytes: R, G, B, A for each pixel.
    pub pixels: Vec<u8>,
}

impl RgbaImage {
    /// The `[r, g, b, a]` of the pixel at column `x`, row `y`, or `None`
    /// outside the image.
    pub fn pixel(&self, x: u32, y: u32) -> Option<[u8; 4]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let i = (y as usize * self.width as usize + x as usize) * 4;
        let p = self.pixels.get(i..i + 4)?;
        Some([p[0], p[1], p[2], p[3]])
    }
}

enum Scale {
    Factor(f32),
    Width(u32),
}

/// Parses an SVG document with the bundled font as the only font.
pub(crate) fn parse_tree(svg: &str) -> Result<usvg::Tree, DrawError> {
    let options = usvg::Options {
        font_family: BUNDLED_FAMILY.to_owned(),
        fontdb: database(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(|e| DrawError::InvalidSvg {
        reason: e.to_string(),
    })
}

fn render(svg: &str, scale: Scale) -> Result<Pixmap, DrawError> {
    if let Scale::Factor(s) = scale
        && !(s.is_finite() && s > 0.0)
    {
        return Err(DrawError::InvalidScale { scale: s });
    }
    if let Scale::Width(0) = scale {
        return Err(DrawError::InvalidScale { scale: 0.0 });
    }
    let tree = parse_tree(svg)?;
    let size = tree.size();
    let (sx, sy, width, height) = match scale {
        Scale::Factor(s) => {
            let (w, h) = (
                (f64::from(size.width()) * f64::from(s)).ceil(),
                (f64::from(size.height()) * f64::from(s)).ceil(),
            );
            (s, s, w, h)
        }
        Scale::Width(w) => {
            let s = w as f32 / size.width();
            let h = (f64::from(size.height()) * f64::from(s)).ceil();
            (s, s, f64::from(w), h)
        }
    };
    let max = f64::from(MAX_RASTER_SIDE);
    let in_range = |v: f64| (1.0..=max).contains(&v);
    if !(in_range(width) && in_range(height)) {
        return Err(DrawError::ImageSize {
            width,
            height,
            max: MAX_RASTER_SIDE,
        });
    }
    // Both sides are whole numbers in 1..=MAX_RASTER_SIDE, so the casts are exact.
    let (w, h) = (width as u32, height as u32);
    let mut pixmap = Pixmap::new(w, h).ok_or(DrawError::ImageSize {
        width,
        height,
        max: MAX_RASTER_SIDE,
    })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(sx, sy),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

fn encode(pixmap: &Pixmap) -> Result<Vec<u8>, DrawError> {
    pixmap.encode_png().map_err(|e| DrawError::PngEncode {
        reason: e.to_string(),
    })
}

#[cfg(test)]
mod tests;
