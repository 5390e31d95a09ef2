//! The [`Svg`] document builder.

use std::collections::BTreeSet;
use std::fmt;

use crate::number::write_num;
use crate::xml::{write_attr, write_escaped};
use crate::{Color, Stroke, Style, TextStyle};

/// Builds a standalone SVG 1.1 document.
///
/// The canvas spans `0..width` × `0..height` user units (that is also the
/// `viewBox` and the nominal pixel size). Shapes are painted in the order
/// they are added, later ones on top; [`Svg::background`] always goes
/// beneath everything. Every drawing method returns `&mut Self` so calls can
/// be chained or issued from loops.
///
/// Output is deterministic: numbers are written with at most two decimals
/// and no trailing zeros, and all text and attribute values are XML-escaped.
///
/// ```
/// use ludoforge_draw::{Color, Stroke, Style, Svg, TextStyle};
///
/// let mut svg = Svg::new(120.0, 60.0);
/// svg.background(Color::WHITE)
///     .rect(10.0, 10.0, 40.0, 40.0, Style::fill(Color::hex(0xb58863)))
///     .text(30.0, 30.0, "♞", TextStyle::new(32.0).centered())
///     .arrow(&[(60.0, 50.0), (80.0, 10.0), (110.0, 30.0)], Stroke::new(Color::RED, 3.0));
/// let doc = svg.finish();
/// assert!(doc.contains(r#"viewBox="0 0 120 60""#));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Svg {
    width: f32,
    height: f32,
    background: Option<Color>,
    body: String,
    /// Arrowhead markers in use, by (colour, opacity in percent).
    markers: BTreeSet<(Color, u8)>,
}

impl Svg {
    /// An empty, transparent canvas of `width` × `height` user units.
    ///
    /// Both should be positive; a non-positive size gives a document that
    /// [`svg_to_png`](crate::svg_to_png) rejects.
    pub fn new(width: f32, height: f32) -> Svg {
        Svg {
            width,
            height,
            background: None,
            body: String::new(),
            markers: BTreeSet::new(),
        }
    }

    /// Canvas width in user units.
    pub fn width(&self) -> f32 {
        self.width
    }

    /// Canvas height in user units.
    pub fn height(&self) -> f32 {
        self.height
    }

    /// Fills the whole canvas with `color`, beneath every other shape
    /// (whenever it is called; a later call replaces the colour).
    pub fn background(&mut self, color: Color) -> &mut Svg {
        self.background = Some(color);
        self
    }

    /// A rectangle with its top-left corner at (`x`, `y`).
    pub fn rect(&mut self, x: f32, y: f32, width: f32, height: f32, style: Style) -> &mut Svg {
        self.rect_element(x, y, width, height, None, style);
        self
    }

    /// A rectangle whose corners are rounded with `radius`.
    pub fn rounded_rect(
        &mut self,
        x: f32,
        y: f32,
        width: f32,
        height: f32,
        radius: f32,
        style: Style,
    ) -> &mut Svg {
        self.rect_element(x, y, width, height, Some(radius), style);
        self
    }

    /// A straight line segment.
    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, stroke: Stroke) -> &mut Svg {
        let out = &mut self.body;
        out.push_str("<line");
        num_attr(out, "x1", x1);
        num_attr(out, "y1", y1);
        num_attr(out, "x2", x2);
        num_attr(out, "y2", y2);
        stroke.write_attrs(out);
        out.push_str("/>\n");
        self
    }

    /// An open polyline through `points` with round joins and caps.
    pub fn polyline(&mut self, points: &[(f32, f32)], stroke: Stroke) -> &mut Svg {
        self.polyline_element(points, stroke, false);
        self
    }

    /// An open polyline through `points` ending in an arrowhead at the last
    /// point. The arrowhead takes the stroke's colour and opacity and scales
    /// with its width; its tip lies slightly beyond the last point.
    pub fn arrow(&mut self, points: &[(f32, f32)], stroke: Stroke) -> &mut Svg {
        self.polyline_element(points, stroke, true);
        self
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f32, f32)], style: Style) -> &mut Svg {
        let out = &mut self.body;
        out.push_str("<polygon");
        write_points(out, points);
        style.write_attrs(out);
        out.push_str("/>\n");
        self
    }

    /// A circle centred on (`cx`, `cy`).
    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, style: Style) -> &mut Svg {
        let out = &mut self.body;
        out.push_str("<circle");
        num_attr(out, "cx", cx);
        num_attr(out, "cy", cy);
        num_attr(out, "r", r);
        style.write_attrs(out);
        out.push_str("/>\n");
        self
    }

    /// A single line of text at (`x`, `y`); see [`TextStyle`] for how the
    /// point is interpreted. `content` is escaped, so any string is safe.
    pub fn text(&mut self, x: f32, y: f32, content: &str, style: TextStyle) -> &mut Svg {
        let out = &mut self.body;
        out.push_str("<text");
        num_attr(out, "x", x);
        num_attr(out, "y", y);
        style.write_attrs(out);
        out.push('>');
        write_escaped(out, content);
        out.push_str("</text>\n");
        self
    }

    /// A group whose shapes are drawn by `draw`, with `title` as its tooltip
    /// (an SVG `<title>`; omitted when `title` is empty). Groups may nest.
    ///
    /// ```
    /// use ludoforge_draw::{Color, Style, Svg};
    ///
    /// let mut svg = Svg::new(10.0, 10.0);
    /// svg.group("e4 <start>", |g| {
    ///     g.rect(0.0, 0.0, 10.0, 10.0, Style::fill(Color::GRAY));
    /// });
    /// assert!(svg.finish().contains("<title>e4 &lt;start&gt;</title>"));
    /// ```
    pub fn group(&mut self, title: &str, draw: impl FnOnce(&mut Svg)) -> &mut Svg {
        self.group_tagged(title, "<g>\n", draw)
    }

    /// A group whose edges are drawn crisp (`shape-rendering="crispEdges"`): for many
    /// rectangles that meet edge to edge (walls in runs), which anti-aliasing would otherwise
    /// part with hairline seams.
    ///
    /// ```
    /// use ludoforge_draw::{Color, Style, Svg};
    ///
    /// let mut svg = Svg::new(10.0, 10.0);
    /// svg.crisp_group("walls", |g| {
    ///     g.rect(0.0, 0.0, 10.0, 5.0, Style::fill(Color::GRAY));
    ///     g.rect(0.0, 5.0, 10.0, 5.0, Style::fill(Color::GRAY));
    /// });
    /// assert!(svg.finish().contains("<g shape-rendering=\"crispEdges\">"));
    /// ```
    pub fn crisp_group(&mut self, title: &str, draw: impl FnOnce(&mut Svg)) -> &mut Svg {
        self.group_tagged(title, "<g shape-rendering=\"crispEdges\">\n", draw)
    }

    fn group_tagged(&mut self, title: &str, tag: &str, draw: impl FnOnce(&mut Svg)) -> &mut Svg {
        self.body.push_str(tag);
        if !title.is_empty() {
            self.body.push_str("<title>");
            write_escaped(&mut self.body, title);
            self.body.push_str("</title>\n");
        }
        draw(self);
        self.body.push_str("</g>\n");
        self
    }

    /// The complete SVG document.
    pub fn finish(&self) -> String {
        self.to_string()
    }

    /// Draws a whole SVG document (another picture) into the box at (`x`, `y`) of `width` ×
    /// `height`, scaled to fit with its aspect ratio kept and centred in the box. The document
    /// is nested as an `<svg>` element, so its own definitions and clipping come with it.
    ///
    /// # Errors
    /// [`DrawError::InvalidSvg`](crate::DrawError::InvalidSvg) when `document` is not an SVG document with a size.
    ///
    /// ```
    /// use ludoforge_draw::{Color, Style, Svg};
    /// let mut picture = Svg::new(20.0, 10.0);
    /// picture.rect(0.0, 0.0, 20.0, 10.0, Style::fill(Color::RED));
    /// let mut page = Svg::new(100.0, 100.0);
    /// page.embed(0.0, 0.0, 100.0, 100.0, &picture.finish())?;
    /// assert!(page.finish().contains(r#"viewBox="0 0 20 10""#));
    /// # Ok::<(), ludoforge_draw::DrawError>(())
    /// ```
    pub fn embed(
        &mut self,
        x: f32,
        y: f32,
        width: f32,
        height: f32,
        document: &str,
    ) -> Result<&mut Svg, crate::DrawError> {
        let nested = Nested::parse(document)?;
        let out = &mut self.body;
        out.push_str("<svg");
        num_attr(out, "x", x);
        num_attr(out, "y", y);
        num_attr(out, "width", width);
        num_attr(out, "height", height);
        write_attr(out, "viewBox", &nested.view_box);
        write_attr(out, "preserveAspectRatio", "xMidYMid meet");
        out.push_str(">\n");
        out.push_str(nested.inner);
        out.push_str("</svg>\n");
        Ok(self)
    }

    fn rect_element(
        &mut self,
        x: f32,
        y: f32,
        width: f32,
        height: f32,
        radius: Option<f32>,
        style: Style,
    ) {
        let out = &mut self.body;
        out.push_str("<rect");
        num_attr(out, "x", x);
        num_attr(out, "y", y);
        num_attr(out, "width", width);
        num_attr(out, "height", height);
        if let Some(r) = radius {
            num_attr(out, "rx", r);
            num_attr(out, "ry", r);
        }
        style.write_attrs(out);
        out.push_str("/>\n");
    }

    fn polyline_element(&mut self, points: &[(f32, f32)], stroke: Stroke, arrow: bool) {
        let out = &mut self.body;
        out.push_str("<polyline");
        write_points(out, points);
        write_attr(out, "fill", "none");
        stroke.write_attrs(out);
        write_attr(out, "stroke-linejoin", "round");
        if arrow {
            let key = (stroke.color, opacity_percent(stroke.opacity));
            write_attr(out, "marker-end", &format!("url(#{})", marker_id(key)));
            self.markers.insert(key);
        } else {
            write_attr(out, "stroke-linecap", "round");
        }
        out.push_str("/>\n");
    }
}

impl fmt::Display for Svg {
    /// Writes the complete SVG document.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut head = String::new();
        head.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        head.push_str("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\"");
        num_attr(&mut head, "width", self.width);
        num_attr(&mut head, "height", self.height);
        head.push_str(" viewBox=\"0 0 ");
        write_num(&mut head, self.width);
        head.push(' ');
        write_num(&mut head, self.height);
        head.push_str("\">\n");
        if !self.markers.is_empty() {
            head.push_str("<defs>\n");
            for &key in &self.markers {
                write_marker(&mut head, key);
            }
            head.push_str("</defs>\n");
        }
        if let Some(color) = self.background {
            head.push_str("<rect x=\"0\" y=\"0\"");
            num_attr(&mut head, "width", self.width);
            num_attr(&mut head, "height", self.height);
            write_attr(&mut head, "fill", &color.to_string());
            head.push_str("/>\n");
        }
        f.write_str(&head)?;
        f.write_str(&self.body)?;
        f.write_str("</svg>\n")
    }
}

/// A whole SVG document taken apart to be nested in another: its view box and the text of
/// its contents.
pub(crate) struct Nested<'a> {
    /// The `viewBox` value (made from `width` and `height` when the document has none).
    pub view_box: String,
    /// The document's width and height in its own units.
    pub size: (f32, f32),
    /// Everything between the root element's tags.
    pub inner: &'a str,
}

impl<'a> Nested<'a> {
    /// Reads the root `<svg>` element of `document`.
    pub fn parse(document: &'a str) -> Result<Nested<'a>, crate::DrawError> {
        let invalid = |reason: String| crate::DrawError::InvalidSvg { reason };
        let tree = resvg::usvg::roxmltree::Document::parse(document)
            .map_err(|e| invalid(format!("the picture to embed: {e}")))?;
        let root = tree.root_element();
        if root.tag_name().name() != "svg" {
            return Err(invalid("the picture to embed has no <svg> root".into()));
        }
        let number = |name: &str| {
            root.attribute(name)
                .and_then(|v| v.trim().trim_end_matches("px").parse::<f32>().ok())
        };
        let (view_box, size) = match root.attribute("viewBox") {
            Some(v) => {
                let parts: Vec<f32> = v
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|p| !p.is_empty())
                    .filter_map(|p| p.parse().ok())
                    .collect();
                match parts[..] {
                    [_, _, w, h] if w > 0.0 && h > 0.0 => (v.to_string(), (w, h)),
                    _ => return Err(invalid(format!("the picture's viewBox {v:?} has no area"))),
                }
            }
            None => match (number("width"), number("height")) {
                (Some(w), Some(h)) if w > 0.0 && h > 0.0 => (format!("0 0 {w} {h}"), (w, h)),
                _ => return Err(invalid("the picture to embed has no size".into())),
            },
        };
        let inner = match (root.first_child(), root.last_child()) {
            (Some(first), Some(last)) => &document[first.range().start..last.range().end],
            _ => "",
        };
        Ok(Nested {
            view_box,
            size,
            inner,
        })
    }
}

/// Appends ` name="value"` for a number.
fn num_attr(out: &mut String, name: &str, value: f32) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    write_num(out, value);
    out.push('"');
}

fn write_points(out: &mut String, points: &[(f32, f32)]) {
    out.push_str(" points=\"");
    for (i, &(x, y)) in points.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        write_num(out, x);
        out.push(',');
        write_num(out, y);
    }
    out.push('"');
}

fn opacity_percent(opacity: f32) -> u8 {
    if opacity.is_nan() {
        return 100;
    }
    // Clamped to 0..=100, so the cast cannot truncate.
    (opacity.clamp(0.0, 1.0) * 100.0).round() as u8
}

fn marker_id((color, percent): (Color, u8)) -> String {
    let hex = color.to_string();
    let hex = hex.trim_start_matches('#');
    if percent == 100 {
        format!("arrow-{hex}")
    } else {
        format!("arrow-{hex}-{percent}")
    }
}

/// An arrowhead 4 stroke widths long whose tip sits 1.2 stroke widths past
/// the line's end, so the line's end is fully covered.
fn write_marker(out: &mut String, key: (Color, u8)) {
    out.push_str("<marker");
    write_attr(out, "id", &marker_id(key));
    out.push_str(
        " viewBox=\"0 0 10 10\" refX=\"7\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" \
         markerUnits=\"strokeWidth\" orient=\"auto\">",
    );
    out.push_str("<path d=\"M0,0L10,5L0,10z\"");
    write_attr(out, "fill", &key.0.to_string());
    if key.1 != 100 {
        num_attr(out, "fill-opacity", f32::from(key.1) / 100.0);
    }
    out.push_str("/></marker>\n");
}

#[cfg(test)]
mod tests;
