//! Paint settings for shapes and text.

use crate::Color;
use crate::number::write_num;
use crate::xml::write_attr;

/// How a line or outline is painted.
///
/// ```
/// use ludoforge_draw::{Color, Stroke};
///
/// let path = Stroke::new(Color::hex(0x1f77b4), 3.0).dashed(6.0, 3.0).opacity(0.8);
/// assert_eq!(path.width, 3.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke {
    /// Line colour.
    pub color: Color,
    /// Line width in user units.
    pub width: f32,
    /// Dash pattern as (dash length, gap length); `None` draws a solid line.
    pub dash: Option<(f32, f32)>,
    /// Stroke opacity in `0..=1`; `1` is opaque.
    pub opacity: f32,
}

impl Stroke {
    /// A solid, opaque stroke.
    pub const fn new(color: Color, width: f32) -> Stroke {
        Stroke {
            color,
            width,
            dash: None,
            opacity: 1.0,
        }
    }

    /// The same stroke with a dash pattern.
    pub const fn dashed(mut self, dash: f32, gap: f32) -> Stroke {
        self.dash = Some((dash, gap));
        self
    }

    /// The same stroke with an opacity in `0..=1`.
    pub const fn opacity(mut self, opacity: f32) -> Stroke {
        self.opacity = opacity;
        self
    }

    pub(crate) fn write_attrs(&self, out: &mut String) {
        write_attr(out, "stroke", &self.color.to_string());
        out.push_str(" stroke-width=\"");
        write_num(out, self.width);
        out.push('"');
        if let Some((dash, gap)) = self.dash {
            out.push_str(" stroke-dasharray=\"");
            write_num(out, dash);
            out.push(' ');
            write_num(out, gap);
            out.push('"');
        }
        if self.opacity != 1.0 {
            out.push_str(" stroke-opacity=\"");
            write_num(out, self.opacity.clamp(0.0, 1.0));
            out.push('"');
        }
    }
}

/// Fill, outline and opacity of a closed shape (rectangle, polygon, circle).
///
/// `Style::default()` draws nothing (no fill, no stroke).
///
/// ```
/// use ludoforge_draw::{Color, Stroke, Style};
///
/// let square = Style::fill(Color::hex(0xb58863));
/// let outlined = Style::fill(Color::WHITE).with_stroke(Stroke::new(Color::BLACK, 1.0));
/// let ring = Style::outline(Stroke::new(Color::RED, 2.0)).with_opacity(0.5);
/// assert_eq!(ring.fill, None);
/// # let _ = (square, outlined);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Style {
    /// Fill colour; `None` leaves the inside empty.
    pub fill: Option<Color>,
    /// Outline; `None` draws no outline.
    pub stroke: Option<Stroke>,
    /// Opacity of the whole shape in `0..=1`; `1` is opaque.
    pub opacity: f32,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            fill: None,
            stroke: None,
            opacity: 1.0,
        }
    }
}

impl Style {
    /// A filled shape without outline.
    pub const fn fill(color: Color) -> Style {
        Style {
            fill: Some(color),
            stroke: None,
            opacity: 1.0,
        }
    }

    /// An outlined shape with an empty inside.
    pub const fn outline(stroke: Stroke) -> Style {
        Style {
            fill: None,
            stroke: Some(stroke),
            opacity: 1.0,
        }
    }

    /// The same style with an outline.
    pub const fn with_stroke(mut self, stroke: Stroke) -> Style {
        self.stroke = Some(stroke);
        self
    }

    /// The same style with an opacity in `0..=1`.
    pub const fn with_opacity(mut self, opacity: f32) -> Style {
        self.opacity = opacity;
        self
    }

    pub(crate) fn write_attrs(&self, out: &mut String) {
        match self.fill {
            Some(color) => write_attr(out, "fill", &color.to_string()),
            None => write_attr(out, "fill", "none"),
        }
        if let Some(stroke) = &self.stroke {
            stroke.write_attrs(out);
        }
        if self.opacity != 1.0 {
            out.push_str(" opacity=\"");
            write_num(out, self.opacity.clamp(0.0, 1.0));
            out.push('"');
        }
    }
}

/// Horizontal alignment of text relative to its x coordinate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Anchor {
    /// The text starts at x.
    #[default]
    Start,
    /// The text is centred on x.
    Middle,
    /// The text ends at x.
    End,
}

impl Anchor {
    fn as_svg(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

/// How a piece of text is drawn. Text always uses the bundled
/// [`FONT_FAMILY`](crate::FONT_FAMILY).
///
/// ```
/// use ludoforge_draw::{Anchor, Color, TextStyle};
///
/// // A bold label centred on its point both ways, e.g. inside a board square.
/// let label = TextStyle::new(24.0).color(Color::RED).bold().centered();
/// assert_eq!(label.anchor, Anchor::Middle);
/// assert!(label.middle);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextStyle {
    /// Font size in user units.
    pub size: f32,
    /// Text colour.
    pub color: Color,
    /// Horizontal alignment.
    pub anchor: Anchor,
    /// Bold face.
    pub bold: bool,
    /// Centre the text vertically on y (`dominant-baseline="central"`)
    /// instead of sitting on the alphabetic baseline.
    pub middle: bool,
}

impl Default for TextStyle {
    fn default() -> TextStyle {
        TextStyle::new(12.0)
    }
}

impl TextStyle {
    /// Black, regular, start-anchored text on the baseline.
    pub const fn new(size: f32) -> TextStyle {
        TextStyle {
            size,
            color: Color::BLACK,
            anchor: Anchor::Start,
            bold: false,
            middle: false,
        }
    }

    /// The same style in another colour.
    pub const fn color(mut self, color: Color) -> TextStyle {
        self.color = color;
        self
    }

    /// The same style with another horizontal alignment.
    pub const fn anchor(mut self, anchor: Anchor) -> TextStyle {
        self.anchor = anchor;
        self
    }

    /// The same style in bold.
    pub const fn bold(mut self) -> TextStyle {
        self.bold = true;
        self
    }

    /// The same style centred vertically on y (keeps the horizontal anchor).
    pub const fn middle(mut self) -> TextStyle {
        self.middle = true;
        self
    }

    /// The same style centred on its point both horizontally and vertically.
    pub const fn centered(mut self) -> TextStyle {
        self.anchor = Anchor::Middle;
        self.middle = true;
        self
    }

    pub(crate) fn write_attrs(&self, out: &mut String) {
        write_attr(out, "font-family", crate::FONT_FAMILY);
        out.push_str(" font-size=\"");
        write_num(out, self.size);
        out.push('"');
        if self.bold {
            write_attr(out, "font-weight", "bold");
        }
        write_attr(out, "fill", &self.color.to_string());
        if self.anchor != Anchor::Start {
            write_attr(out, "text-anchor", self.anchor.as_svg());
        }
        if self.middle {
            write_attr(out, "dominant-baseline", "central");
        }
    }
}
