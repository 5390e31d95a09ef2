//! Heatmaps of a quality-diversity archive: the grid of a MAP-Elites run over one, two or
//! three descriptor axes, each cell empty or coloured by its elite's fitness.
//!
//! A [`Heatmap`] is built from its [`HeatAxis`]es and one optional value per cell, checked
//! once by [`Heatmap::new`], and drawn by [`Heatmap::to_svg`]:
//!
//! * axis 0 runs left to right and axis 1 bottom to top, both from low to high, with nice
//!   tick numbers, small marks at the cell edges when the cells are wide enough, and the
//!   axis titles (with units) underneath and above;
//! * one axis gives a single strip of cells; three axes give small multiples, one 2-D panel
//!   per cell of axis 2 (at most five a row), each titled with its axis-2 range, sharing one
//!   colour bar;
//! * filled cells take the viridis colour of their value ([`Color::viridis`]) scaled from the
//!   smallest to the largest filled value, shown by a colour bar at the right;
//! * empty cells show a light grey with a faint diagonal hatch, never a viridis colour, and
//!   a swatch under the colour bar says so.
//!
//! Every filled cell carries a tooltip (an SVG `<title>`) naming its descriptor ranges and
//! value, while the archive holds at most [`TOOLTIP_LIMIT`] elites; larger archives keep
//! their documents small with one tooltip a panel. The same heatmap always gives the same
//! bytes.

mod colorbar;
mod layout;
mod panel;

use crate::chart::ticks::format_tick;
use crate::{Color, DrawError, Svg, TextStyle, text_width};
use colorbar::ColorScale;
use layout::Layout;

/// The fill of empty cells (beneath a faint diagonal hatch): a light grey that viridis
/// never takes.
pub const EMPTY_FILL: Color = Color::hex(0xe3e3e3);

/// Most elites whose cells each get a tooltip of their own. A 100 × 100 archive with a
/// tooltip per cell would weigh over a megabyte; above this count only each panel's group
/// is titled (with its count of elites).
pub const TOOLTIP_LIMIT: usize = 2_500;

/// One descriptor axis of an archive: its name and unit, the range it covers and how many
/// equal cells divide that range.
///
/// ```
/// use ludoforge_draw::HeatAxis;
///
/// let rooms = HeatAxis::new("rooms", 0.0, 20.0, 10).unit("count");
/// assert_eq!(rooms.label(), "rooms (count)");
/// assert_eq!(rooms.edge(3), 6.0);
/// assert_eq!(rooms.cell_of(7.5), Some(3));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct HeatAxis {
    /// The descriptor's name, e.g. `rooms`.
    pub name: String,
    /// Its unit, e.g. `moves`; empty for none.
    pub unit: String,
    /// Lower edge of the first cell.
    pub low: f64,
    /// Upper edge of the last cell.
    pub high: f64,
    /// Number of equal cells between `low` and `high`.
    pub cells: usize,
}

impl HeatAxis {
    /// An axis without unit from `low` to `high` in `cells` equal cells.
    pub fn new(name: impl Into<String>, low: f64, high: f64, cells: usize) -> HeatAxis {
        HeatAxis {
            name: name.into(),
            unit: String::new(),
            low,
            high,
            cells,
        }
    }

    /// The same axis with a unit.
    #[must_use]
    pub fn unit(mut self, unit: impl Into<String>) -> HeatAxis {
        self.unit = unit.into();
        self
    }

    /// The axis title: `name (unit)`, or just the name when there is no unit.
    #[must_use]
    pub fn label(&self) -> String {
        match (self.name.is_empty(), self.unit.is_empty()) {
            (_, true) => self.name.clone(),
            (true, false) => format!("({})", self.unit),
            (false, false) => format!("{} ({})", self.name, self.unit),
        }
    }

    /// The lower edge of cell `i` (`edge(cells)` is `high`).
    #[must_use]
    pub fn edge(&self, i: usize) -> f64 {
        if i >= self.cells {
            return self.high;
        }
        self.low + (self.high - self.low) * (i as f64 / self.cells as f64)
    }

    /// The cell holding `value`, if it lies within `low..=high` (`high` falls in the last
    /// cell).
    #[must_use]
    pub fn cell_of(&self, value: f64) -> Option<usize> {
        if !(self.low..=self.high).contains(&value) || self.cells == 0 {
            return None;
        }
        let t = (value - self.low) / (self.high - self.low) * self.cells as f64;
        // `t` lies within 0..=cells here, so the cast neither wraps nor saturates.
        Some((t.floor() as usize).min(self.cells - 1))
    }

    /// Cell `i`'s range as text, `10–12` (or `-4 to -2`), with just enough digits to tell it
    /// from its neighbours.
    fn range_text(&self, i: usize) -> String {
        let step = (self.high - self.low) / self.cells as f64 / 10.0;
        let lo = format_tick(self.edge(i), step);
        let hi = format_tick(self.edge(i + 1), step);
        if lo.starts_with('-') || hi.starts_with('-') {
            format!("{lo} to {hi}")
        } else {
            format!("{lo}–{hi}")
        }
    }

    /// Cell `i` described for a tooltip or panel title: `rooms 10–12`, `time 2–4 s`.
    fn cell_text(&self, i: usize) -> String {
        let mut text = self.name.clone();
        for part in [self.range_text(i), self.unit.clone()] {
            if !part.is_empty() {
                if !text.is_empty() {
                    text.push(' ');
                }
                text.push_str(&part);
            }
        }
        text
    }
}

/// A MAP-Elites archive to draw: 1, 2 or 3 [`HeatAxis`]es and one value per cell, `None` for
/// an empty cell.
///
/// Values are stored with the first axis varying fastest: cell (`i0`, `i1`, `i2`) is
/// `values[i0 + cells0 * (i1 + cells1 * i2)]`. See the [module docs](self) for how it is
/// drawn.
///
/// ```
/// use ludoforge_draw::{HeatAxis, Heatmap, svg_to_png};
///
/// let axes = vec![
///     HeatAxis::new("rooms", 0.0, 20.0, 10),
///     HeatAxis::new("doors", 0.0, 8.0, 4),
/// ];
/// // Fitness grows with rooms and doors; a few cells hold no elite.
/// let values = (0..40)
///     .map(|i| (i % 7 != 3).then(|| f64::from(i % 10 + 2 * (i / 10))))
///     .collect();
/// let map = Heatmap::new(axes, values)?
///     .title("Archive after 200 generations")
///     .value_name("fitness (moves)")
///     .caption("seed 7 · 34 of 40 cells filled");
/// let doc = map.to_svg();
/// assert!(doc.contains(">fitness (moves)</text>"));
/// assert!(doc.contains("<title>rooms 2–4, doors 0–2: fitness (moves) = 1</title>"));
/// let png = svg_to_png(&doc, 1.0)?;
/// assert_eq!(&png[1..4], b"PNG");
/// # Ok::<(), ludoforge_draw::DrawError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Heatmap {
    /// Title above the picture; empty for none.
    pub title: String,
    /// What the values are, the colour bar's label, e.g. `fitness (moves)`; empty for none.
    pub value_name: String,
    /// Lines of text under the picture, in order.
    pub captions: Vec<String>,
    axes: Vec<HeatAxis>,
    values: Vec<Option<f64>>,
}

impl Heatmap {
    /// An untitled heatmap of `values` over `axes`.
    ///
    /// # Errors
    ///
    /// [`DrawError::InvalidHeatmap`] when there are no axes or more than three, an axis has
    /// no cells, a bound that is not finite or a low bound not below its high one, when the
    /// number of values is not the product of the axes' cell counts, or when a value is not
    /// finite.
    ///
    /// ```
    /// use ludoforge_draw::{DrawError, HeatAxis, Heatmap};
    ///
    /// let axis = HeatAxis::new("rooms", 0.0, 10.0, 5);
    /// let err = Heatmap::new(vec![axis], vec![None; 4]).unwrap_err();
    /// assert!(matches!(err, DrawError::InvalidHeatmap { .. }));
    /// assert_eq!(err.to_string(), "invalid heatmap: 5 cells need 5 values, not 4");
    /// ```
    pub fn new(axes: Vec<HeatAxis>, values: Vec<Option<f64>>) -> Result<Heatmap, DrawError> {
        let bad = |reason: String| Err(DrawError::InvalidHeatmap { reason });
        if axes.is_empty() || axes.len() > 3 {
            return bad(format!("a heatmap has 1, 2 or 3 axes, not {}", axes.len()));
        }
        let mut cells: usize = 1;
        for (i, axis) in axes.iter().enumerate() {
            let which = if axis.name.is_empty() {
                format!("axis {i}")
            } else {
                format!("axis {i} ({})", axis.name)
            };
            if axis.cells == 0 {
                return bad(format!("{which} has no cells"));
            }
            if !(axis.low.is_finite() && axis.high.is_finite()) {
                return bad(format!(
                    "{which} runs from {} to {}: both ends must be finite numbers",
                    axis.low, axis.high
                ));
            }
            if !(axis.low < axis.high && (axis.high - axis.low).is_finite()) {
                return bad(format!(
                    "{which} runs from {} to {}: the low end must be below the high one",
                    axis.low, axis.high
                ));
            }
            let Some(product) = cells.checked_mul(axis.cells) else {
                return bad("the axes have more cells than a computer can count".to_owned());
            };
            cells = product;
        }
        if values.len() != cells {
            return bad(format!(
                "{cells} cells need {cells} values, not {}",
                values.len()
            ));
        }
        if let Some((i, v)) = values
            .iter()
            .enumerate()
            .find_map(|(i, v)| v.filter(|v| !v.is_finite()).map(|v| (i, v)))
        {
            return bad(format!("cell {i} holds {v}, not a finite number"));
        }
        Ok(Heatmap {
            title: String::new(),
            value_name: String::new(),
            captions: Vec::new(),
            axes,
            values,
        })
    }

    /// The same heatmap with a title.
    #[must_use]
    pub fn title(mut self, title: impl Into<String>) -> Heatmap {
        self.title = title.into();
        self
    }

    /// The same heatmap with a name for its values (the colour bar's label).
    #[must_use]
    pub fn value_name(mut self, name: impl Into<String>) -> Heatmap {
        self.value_name = name.into();
        self
    }

    /// The same heatmap with one more caption line.
    #[must_use]
    pub fn caption(mut self, line: impl Into<String>) -> Heatmap {
        self.captions.push(line.into());
        self
    }

    /// The axes, first (horizontal) first.
    #[must_use]
    pub fn axes(&self) -> &[HeatAxis] {
        &self.axes
    }

    /// One value per cell, first axis varying fastest; `None` for an empty cell.
    #[must_use]
    pub fn values(&self) -> &[Option<f64>] {
        &self.values
    }

    /// The smallest and largest filled value, or `None` when every cell is empty.
    #[must_use]
    pub fn value_range(&self) -> Option<(f64, f64)> {
        let mut filled = self.values.iter().flatten().copied();
        let first = filled.next()?;
        Some(filled.fold((first, first), |(lo, hi), v| (lo.min(v), hi.max(v))))
    }

    /// The heatmap as a complete SVG document on a white background, sized to fit (at most
    /// about 1,400 units wide unless the title or a caption is wider).
    #[must_use]
    pub fn to_svg(&self) -> String {
        let scale = ColorScale::new(self.value_range());
        let layout = Layout::new(self, &scale);
        let mut svg = Svg::new(f(layout.width), f(layout.height));
        svg.background(Color::WHITE);

        if !self.title.is_empty() {
            svg.text(
                f(layout.width / 2.0),
                f(layout.title_y),
                &self.title,
                TextStyle::new(f(TITLE_SIZE))
                    .color(Color::BLACK)
                    .bold()
                    .centered(),
            );
        }
        let label = TextStyle::new(f(LABEL_SIZE)).color(INK).middle();
        if let Some(axis) = self.axes.get(1) {
            svg.text(f(PAD), f(layout.label_y), &axis.label(), label);
        }
        let axis = &self.axes[0];
        svg.text(
            f(layout.left + layout.grid_w / 2.0),
            f(layout.x_label_y),
            &axis.label(),
            label.anchor(crate::Anchor::Middle),
        );

        panel::draw_panels(&mut svg, self, &layout, &scale);
        colorbar::draw(&mut svg, &layout, &scale, &self.value_name);

        let caption = TextStyle::new(f(CAPTION_SIZE)).color(INK).middle();
        for (i, line) in self.captions.iter().enumerate() {
            let y = layout.captions_y + CAPTION_LINE * (i as f64 + 0.5);
            svg.text(f(PAD), f(y), line, caption);
        }
        svg.finish()
    }

    /// The cell (`i0`, `i1`, `i2`)'s value; missing axes count as one cell.
    fn value(&self, i0: usize, i1: usize, i2: usize) -> Option<f64> {
        let c0 = self.axes[0].cells;
        let c1 = self.axes.get(1).map_or(1, |a| a.cells);
        self.values[i0 + c0 * (i1 + c1 * i2)]
    }
}

/// Space around the picture.
const PAD: f64 = 16.0;
const TITLE_SIZE: f64 = 15.0;
const LABEL_SIZE: f64 = 12.0;
const TICK_SIZE: f64 = 11.0;
const CAPTION_SIZE: f64 = 12.0;
const CAPTION_LINE: f64 = 18.0;
const TICK_LEN: f64 = 4.0;

/// Text colour for labels.
const INK: Color = Color::hex(0x333333);
/// Frame and tick marks.
const AXIS: Color = Color::hex(0x777777);

/// Screen coordinates are `f64` here and `f32` in the builder.
fn f(v: f64) -> f32 {
    v as f32
}

/// Estimated width of `text` at `size` (see [`crate::text_width`]).
fn width_of(text: &str, size: f64) -> f64 {
    f64::from(text_width(text, f(size)))
}

#[cfg(test)]
mod tests;
