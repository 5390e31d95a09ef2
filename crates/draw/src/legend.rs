//! Legends beside or below a picture: one light panel, and lines laid out in balanced
//! columns.
//!
//! ```
//! use ludoforge_draw::legend::Columns;
//! use ludoforge_draw::{Svg, TextStyle};
//!
//! let lines = vec!["Key", "Door", "Trap", "Reward", "Exit"];
//! // At most three lines a column: two columns of three and two.
//! let legend = Columns::new(lines, 3, 20.0, |l| 8.0 * l.len() as f32, |l| *l == "Key");
//! assert_eq!(legend.columns.len(), 2);
//! assert_eq!(legend.height, 3.0 * 20.0 + 14.0);
//! let mut svg = Svg::new(legend.width + 20.0, legend.height + 20.0);
//! legend.draw(&mut svg, 10.0, 10.0, |g, line, left, cy| {
//!     g.text(left + 10.0, cy, line, TextStyle::new(12.0).middle());
//! });
//! assert!(svg.finish().contains("<title>Legend</title>"));
//! ```

use crate::{Color, Stroke, Style, Svg};

/// The panel's fill.
pub const FILL: Color = Color::hex(0xf7f7f7);
/// The panel's edge.
pub const EDGE: Color = Color::hex(0xbbbbbb);
/// Space between columns.
pub const COLUMN_GAP: f32 = 12.0;

/// Draws a legend's panel: a light rounded rectangle with a grey edge.
pub fn panel(svg: &mut Svg, x: f32, y: f32, width: f32, height: f32) {
    svg.rounded_rect(
        x,
        y,
        width,
        height,
        6.0,
        Style::fill(FILL).with_stroke(Stroke::new(EDGE, 1.0)),
    );
}

/// Legend lines laid out in as few columns of at most a given number of lines as will do,
/// balanced, with a heading never ending a column.
#[derive(Debug, Clone)]
pub struct Columns<L> {
    /// Each column's lines and width.
    pub columns: Vec<(Vec<L>, f32)>,
    /// The panel's width.
    pub width: f32,
    /// The panel's height.
    pub height: f32,
    /// Height of one line.
    pub line: f32,
}

impl<L> Columns<L> {
    /// Lays out `lines` in columns of at most `rows` lines of height `line`; `width` measures
    /// a line, sample included, and `heading` tells a heading.
    pub fn new(
        lines: Vec<L>,
        rows: usize,
        line: f32,
        width: impl Fn(&L) -> f32,
        heading: impl Fn(&L) -> bool,
    ) -> Columns<L> {
        let count = lines.len().div_ceil(rows.max(1)).max(1);
        let rows = lines.len().div_ceil(count).max(2);
        let mut columns: Vec<Vec<L>> = vec![Vec::new()];
        for l in lines {
            let column = columns.last().expect("at least one column");
            let full = column.len() >= rows || (heading(&l) && column.len() + 1 >= rows);
            if full && !column.is_empty() {
                columns.push(Vec::new());
            }
            columns.last_mut().expect("at least one column").push(l);
        }
        let columns: Vec<(Vec<L>, f32)> = columns
            .into_iter()
            .map(|lines| {
                let w = lines.iter().map(&width).fold(0.0, f32::max) + 10.0;
                (lines, w)
            })
            .collect();
        let longest = columns.iter().map(|c| c.0.len()).max().unwrap_or(0);
        Columns {
            width: columns.iter().map(|c| c.1).sum::<f32>()
                + COLUMN_GAP * (columns.len() as f32 - 1.0)
                + 10.0,
            height: longest as f32 * line + 14.0,
            line,
            columns,
        }
    }

    /// Draws the panel at (`x`, `y`) in a group titled `Legend`, and each line through
    /// `draw(svg, line, column_left, centre_y)`.
    pub fn draw(
        &self,
        svg: &mut Svg,
        x: f32,
        y: f32,
        mut draw: impl FnMut(&mut Svg, &L, f32, f32),
    ) {
        svg.group("Legend", |g| {
            panel(g, x, y, self.width, self.height);
            let mut left = x;
            for (lines, width) in &self.columns {
                for (i, l) in lines.iter().enumerate() {
                    let cy = y + 7.0 + (i as f32 + 0.5) * self.line;
                    draw(g, l, left, cy);
                }
                left += width + COLUMN_GAP;
            }
        });
    }
}
