//! Line charts for scientific figures: a [`LineChart`] of named [`Series`]
//! drawn with nice ticks, a light grid and a legend.
//!
//! A chart either becomes a whole SVG document ([`LineChart::to_svg`]) or is
//! drawn into a rectangle of an existing [`Svg`] ([`LineChart::draw`]), so
//! several charts can share one figure.

pub(crate) mod ticks;

use crate::{Anchor, Color, Stroke, Style, Svg, TextStyle};
use ticks::{Tick, linear_ticks, log_minor_ticks, log_ticks};

/// How values map onto an axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Scale {
    /// Equal distances for equal differences; ticks at 1-2-5 steps.
    #[default]
    Linear,
    /// Equal distances for equal ratios; ticks at powers of ten (and their
    /// 2× and 5× multiples over short ranges), with faint unlabelled minor
    /// ticks at the other multiples when the decades are tall enough.
    /// Values ≤ 0 cannot be shown and are skipped.
    Log10,
}

/// One named line of a [`LineChart`]: its points in data coordinates, drawn
/// in order as a polyline with a small circle at every point (unless the
/// points lie so close together on screen, under 10 units apart on average,
/// that the circles would merge).
///
/// Points with a non-finite coordinate, a magnitude above 10³⁰⁰, or (on a
/// log axis) a y ≤ 0 are skipped; the line breaks there.
///
/// ```
/// use ludoforge_draw::{Color, Series};
///
/// let upper = Series::new("upper", Color::categorical(2), [(3.0, 7.0), (4.0, 10.0)]).dashed();
/// assert!(upper.dashed);
/// assert_eq!(upper.points.len(), 2);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// Name shown in the legend (and as the line's tooltip).
    pub name: String,
    /// Line and marker colour.
    pub color: Color,
    /// The (x, y) points, drawn in this order.
    pub points: Vec<(f64, f64)>,
    /// Draw the line dashed rather than solid (markers stay solid).
    pub dashed: bool,
}

impl Series {
    /// A solid series.
    pub fn new(
        name: impl Into<String>,
        color: Color,
        points: impl IntoIterator<Item = (f64, f64)>,
    ) -> Series {
        Series {
            name: name.into(),
            color,
            points: points.into_iter().collect(),
            dashed: false,
        }
    }

    /// The same series drawn with a dashed line.
    pub fn dashed(mut self) -> Series {
        self.dashed = true;
        self
    }
}

/// A line chart: a title, labelled axes and any number of [`Series`].
///
/// The x axis is linear. When every x is an integer and they span at most
/// 20, each integer gets a tick (if the labels fit); otherwise ticks fall
/// on 1-2-5 steps. The y axis is linear or logarithmic ([`Scale`]). Both
/// axes leave a small margin around the data. The legend sits inside the
/// plot, in whichever corner hides the fewest data points (top-left on a
/// tie), on a white, slightly transparent box.
///
/// Any input gives a valid drawing: an empty chart shows "no data", and
/// single points or constant values get a sensible range around them.
///
/// ```
/// use ludoforge_draw::{Color, LineChart, Scale, Series, svg_to_png};
///
/// let m = [3.0, 4.0, 5.0, 6.0];
/// let rooms = [4.0, 11.0, 29.0, 80.0];
/// let chart = LineChart::new("Rooms per minimum path length")
///     .x_label("minimum path length M")
///     .y_label("mean room count")
///     .y_scale(Scale::Log10)
///     .series(Series::new("mean", Color::categorical(0), m.into_iter().zip(rooms)));
/// let doc = chart.to_svg(480.0, 320.0);
/// assert!(doc.contains(">mean</text>"));
/// let png = svg_to_png(&doc, 2.0)?;
/// assert_eq!(&png[1..4], b"PNG");
/// # Ok::<(), ludoforge_draw::DrawError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LineChart {
    /// Title above the plot; empty for none.
    pub title: String,
    /// Label under the x axis; empty for none.
    pub x_label: String,
    /// Label above the y axis (text is not rotated); empty for none.
    pub y_label: String,
    /// Scale of the y axis.
    pub y_scale: Scale,
    /// The lines, drawn in order (later on top) and listed in the legend.
    pub series: Vec<Series>,
}

impl LineChart {
    /// An empty chart with a title, unlabelled axes and a linear y axis.
    pub fn new(title: impl Into<String>) -> LineChart {
        LineChart {
            title: title.into(),
            ..LineChart::default()
        }
    }

    /// The same chart with a label under the x axis.
    pub fn x_label(mut self, label: impl Into<String>) -> LineChart {
        self.x_label = label.into();
        self
    }

    /// The same chart with a label above the y axis.
    pub fn y_label(mut self, label: impl Into<String>) -> LineChart {
        self.y_label = label.into();
        self
    }

    /// The same chart with another y scale.
    pub fn y_scale(mut self, scale: Scale) -> LineChart {
        self.y_scale = scale;
        self
    }

    /// The same chart with one more series.
    pub fn series(mut self, series: Series) -> LineChart {
        self.series.push(series);
        self
    }

    /// A whole SVG document of `width` × `height` on a white background
    /// holding only this chart.
    pub fn to_svg(&self, width: f32, height: f32) -> String {
        let mut svg = Svg::new(width, height);
        svg.background(Color::WHITE);
        self.draw(&mut svg, 0.0, 0.0, width, height);
        svg.finish()
    }

    /// Draws the chart into the rectangle with top-left corner (`x`, `y`)
    /// and size `width` × `height` of an existing picture.
    ///
    /// Only the plot area gets a (white) background; the rest of the
    /// rectangle shows whatever lies beneath. Nothing is clipped, so keep
    /// the rectangle reasonably large (say 250 × 180 or more).
    ///
    /// ```
    /// use ludoforge_draw::{Color, LineChart, Series, Svg};
    ///
    /// let mut svg = Svg::new(800.0, 300.0);
    /// svg.background(Color::WHITE);
    /// for (i, name) in ["left", "right"].into_iter().enumerate() {
    ///     let points = [(0.0, 1.0), (1.0, 3.0 + i as f64)];
    ///     LineChart::new(name)
    ///         .series(Series::new("data", Color::categorical(i), points))
    ///         .draw(&mut svg, 400.0 * i as f32, 0.0, 400.0, 300.0);
    /// }
    /// assert!(svg.finish().contains(">right</text>"));
    /// ```
    pub fn draw(&self, svg: &mut Svg, x: f32, y: f32, width: f32, height: f32) {
        let (x, y) = (f64::from(x), f64::from(y));
        let (width, height) = (f64::from(width).max(0.0), f64::from(height).max(0.0));
        let log = self.y_scale == Scale::Log10;
        let runs: Vec<Vec<Vec<(f64, f64)>>> = self.series.iter().map(|s| runs(s, log)).collect();
        let (xs, ys): (Vec<f64>, Vec<f64>) = runs.iter().flatten().flatten().copied().unzip();

        // Vertical layout first: it does not depend on the tick labels.
        let title_h = if self.title.is_empty() {
            0.0
        } else {
            TITLE_SIZE + 8.0
        };
        let y_label_h = if self.y_label.is_empty() {
            8.0
        } else {
            LABEL_SIZE + 14.0
        };
        let x_label_h = if self.x_label.is_empty() {
            0.0
        } else {
            LABEL_SIZE + 8.0
        };
        let top = y + PAD + title_h + y_label_h;
        let bottom = (y + height - PAD - x_label_h - TICK_LEN - 6.0 - TICK_SIZE).max(top + 1.0);
        let plot_h = bottom - top;
        let y_axis = y_axis(&ys, self.y_scale, plot_h);

        // Then the left margin, which must hold the y tick labels.
        let label_w = y_axis
            .ticks
            .iter()
            .map(|t| text_width(&t.label, TICK_SIZE))
            .fold(0.0, f64::max);
        let left = x + PAD + label_w + TICK_LEN + 4.0;
        let right = (x + width - PAD - 12.0).max(left + 1.0);
        let plot_w = right - left;
        let x_axis = x_axis(&xs, plot_w);

        let plot = Rect {
            x: left,
            y: top,
            w: plot_w,
            h: plot_h,
        };
        let to_screen = |(vx, vy): (f64, f64)| {
            (
                plot.x + x_axis.fraction(vx) * plot.w,
                plot.y + (1.0 - y_axis.fraction(vy)) * plot.h,
            )
        };
        let screen: Vec<Vec<Vec<(f64, f64)>>> = runs
            .iter()
            .map(|s| {
                s.iter()
                    .map(|run| run.iter().map(|&p| to_screen(p)).collect())
                    .collect()
            })
            .collect();

        self.draw_frame(svg, plot, &x_axis, &y_axis);
        if xs.is_empty() {
            svg.text(
                f(plot.x + plot.w / 2.0),
                f(plot.y + plot.h / 2.0),
                "no data",
                TextStyle::new(f(LABEL_SIZE)).color(MUTED).centered(),
            );
        }
        for (series, runs) in self.series.iter().zip(&screen) {
            draw_series(svg, series, runs);
        }
        self.draw_legend(svg, plot, &screen);
        self.draw_labels(svg, x, y, height, plot);
    }

    /// Plot background, grid, frame, tick marks and tick labels.
    fn draw_frame(&self, svg: &mut Svg, plot: Rect, x_axis: &Axis, y_axis: &Axis) {
        svg.rect(
            f(plot.x),
            f(plot.y),
            f(plot.w),
            f(plot.h),
            Style::fill(Color::WHITE),
        );
        let grid = Stroke::new(GRID, 1.0);
        let tick = Stroke::new(AXIS, 1.0);
        let tick_style = TextStyle::new(f(TICK_SIZE)).color(INK);
        let bottom = plot.y + plot.h;
        for &at in &y_axis.minor {
            let sy = f(bottom - (at - y_axis.lo) / (y_axis.hi - y_axis.lo) * plot.h);
            svg.line(
                f(plot.x),
                sy,
                f(plot.x + plot.w),
                sy,
                Stroke::new(MINOR_GRID, 1.0),
            );
            svg.line(f(plot.x - TICK_LEN / 2.0), sy, f(plot.x), sy, tick);
        }
        for t in x_axis.visible_ticks() {
            let sx = f(plot.x + x_axis.tick_fraction(t) * plot.w);
            svg.line(sx, f(plot.y), sx, f(bottom), grid);
            svg.line(sx, f(bottom), sx, f(bottom + TICK_LEN), tick);
            if !t.label.is_empty() {
                svg.text(
                    sx,
                    f(bottom + TICK_LEN + 3.0 + TICK_SIZE * 0.5),
                    &t.label,
                    tick_style.centered(),
                );
            }
        }
        for t in y_axis.visible_ticks() {
            let sy = f(bottom - y_axis.tick_fraction(t) * plot.h);
            svg.line(f(plot.x), sy, f(plot.x + plot.w), sy, grid);
            svg.line(f(plot.x - TICK_LEN), sy, f(plot.x), sy, tick);
            svg.text(
                f(plot.x - TICK_LEN - 3.0),
                sy,
                &t.label,
                tick_style.anchor(Anchor::End).middle(),
            );
        }
        svg.rect(
            f(plot.x),
            f(plot.y),
            f(plot.w),
            f(plot.h),
            Style::outline(Stroke::new(AXIS, 1.0)),
        );
    }

    /// The legend box, in the plot corner that hides the fewest points.
    fn draw_legend(&self, svg: &mut Svg, plot: Rect, screen: &[Vec<Vec<(f64, f64)>>]) {
        if self.series.is_empty() {
            return;
        }
        let name_w = self
            .series
            .iter()
            .map(|s| text_width(&s.name, LEGEND_SIZE))
            .fold(0.0, f64::max);
        let w = LEGEND_PAD * 2.0 + SWATCH + 6.0 + name_w;
        let h = LEGEND_PAD * 2.0 + LEGEND_ROW * self.series.len() as f64 - 4.0;
        let inset = 8.0;
        let (x0, x1) = (plot.x + inset, plot.x + plot.w - inset - w);
        let (y0, y1) = (plot.y + inset, plot.y + plot.h - inset - h);
        let corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
        let mut best = (usize::MAX, corners[0]);
        for corner in corners {
            let hidden = hidden_points(screen, corner, w, h);
            if hidden < best.0 {
                best = (hidden, corner);
            }
        }
        let (bx, by) = best.1;
        svg.rounded_rect(
            f(bx),
            f(by),
            f(w),
            f(h),
            3.0,
            Style::fill(Color::WHITE)
                .with_stroke(Stroke::new(FRAME, 1.0))
                .with_opacity(0.85),
        );
        for (i, s) in self.series.iter().enumerate() {
            let cy = by + LEGEND_PAD + LEGEND_ROW * i as f64 + (LEGEND_ROW - 4.0) / 2.0;
            let sx = bx + LEGEND_PAD;
            svg.polyline(&[(f(sx), f(cy)), (f(sx + SWATCH), f(cy))], line_stroke(s));
            if has_markers(&screen[i]) {
                marker(svg, s.color, sx + SWATCH / 2.0, cy);
            }
            svg.text(
                f(sx + SWATCH + 6.0),
                f(cy),
                &s.name,
                TextStyle::new(f(LEGEND_SIZE)).color(INK).middle(),
            );
        }
    }

    /// Title, x label and y label around the plot.
    fn draw_labels(&self, svg: &mut Svg, x: f64, y: f64, height: f64, plot: Rect) {
        if !self.title.is_empty() {
            svg.text(
                f(plot.x + plot.w / 2.0),
                f(y + PAD + TITLE_SIZE * 0.5),
                &self.title,
                TextStyle::new(f(TITLE_SIZE))
                    .color(Color::BLACK)
                    .bold()
                    .centered(),
            );
        }
        if !self.x_label.is_empty() {
            svg.text(
                f(plot.x + plot.w / 2.0),
                f(y + height - PAD - LABEL_SIZE * 0.5),
                &self.x_label,
                TextStyle::new(f(LABEL_SIZE)).color(INK).centered(),
            );
        }
        if !self.y_label.is_empty() {
            // The builder cannot rotate text, so the label sits above the
            // axis, starting at the chart's left edge.
            svg.text(
                f(x + PAD),
                f(plot.y - 12.0),
                &self.y_label,
                TextStyle::new(f(LABEL_SIZE)).color(INK),
            );
        }
    }
}

const PAD: f64 = 8.0;
const TITLE_SIZE: f64 = 15.0;
const LABEL_SIZE: f64 = 12.0;
const TICK_SIZE: f64 = 11.0;
const TICK_LEN: f64 = 4.0;
const LEGEND_SIZE: f64 = 11.0;
const LEGEND_ROW: f64 = 17.0;
const LEGEND_PAD: f64 = 7.0;
const SWATCH: f64 = 22.0;
const LINE_WIDTH: f32 = 1.8;
const MARKER_RADIUS: f32 = 2.8;
/// Average distance between neighbouring points below which a series gets
/// no markers: they would merge into a thick, bumpy line.
const MIN_MARKER_GAP: f64 = 10.0;

/// Text colour for labels.
const INK: Color = Color::hex(0x333333);
/// "no data" text.
const MUTED: Color = Color::hex(0x999999);
/// Frame and tick marks.
const AXIS: Color = Color::hex(0x777777);
/// Grid lines.
const GRID: Color = Color::hex(0xe6e6e6);
/// Minor grid lines (log axes).
const MINOR_GRID: Color = Color::hex(0xf3f3f3);
/// Legend outline.
const FRAME: Color = Color::hex(0xcccccc);

/// Largest magnitude a plotted coordinate may have, so that ranges and
/// margins stay finite.
const MAX_VALUE: f64 = 1e300;

/// Screen coordinates are `f64` inside the chart and `f32` in the builder.
fn f(v: f64) -> f32 {
    v as f32
}

#[derive(Debug, Clone, Copy)]
struct Rect {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// An axis: its range in axis coordinates (log10 of the value on a log
/// axis), its labelled ticks and its unlabelled minor ticks.
#[derive(Debug)]
struct Axis {
    lo: f64,
    hi: f64,
    log: bool,
    ticks: Vec<Tick>,
    minor: Vec<f64>,
}

impl Axis {
    /// Where a data value falls, 0 at `lo` and 1 at `hi`.
    fn fraction(&self, v: f64) -> f64 {
        let t = if self.log { v.log10() } else { v };
        (t - self.lo) / (self.hi - self.lo)
    }

    fn tick_fraction(&self, t: &Tick) -> f64 {
        (t.at - self.lo) / (self.hi - self.lo)
    }

    fn visible_ticks(&self) -> impl Iterator<Item = &Tick> {
        self.ticks
            .iter()
            .filter(|t| (-1e-9..=1.0 + 1e-9).contains(&self.tick_fraction(t)))
    }
}

/// About one tick every `spacing` units of `length`, at least 2, at most 10.
fn target(length: f64, spacing: f64) -> usize {
    // Clamped to 2..=10, so the cast is exact.
    (length / spacing).floor().clamp(2.0, 10.0) as usize
}

/// The drawable stretches of a series: maximal runs of valid points.
fn runs(series: &Series, log: bool) -> Vec<Vec<(f64, f64)>> {
    let valid = |&(x, y): &(f64, f64)| {
        let ok = |v: f64| v.is_finite() && v.abs() <= MAX_VALUE;
        ok(x) && ok(y) && (!log || y > 0.0)
    };
    let mut runs = Vec::new();
    let mut run = Vec::new();
    for p in &series.points {
        if valid(p) {
            run.push(*p);
        } else if !run.is_empty() {
            runs.push(std::mem::take(&mut run));
        }
    }
    if !run.is_empty() {
        runs.push(run);
    }
    runs
}

fn min_max(values: &[f64]) -> Option<(f64, f64)> {
    let lo = values.iter().copied().reduce(f64::min)?;
    let hi = values.iter().copied().reduce(f64::max)?;
    Some((lo, hi))
}

/// `lo..hi` widened by `margin` of its length on each side, or a range
/// around the value when `lo` and `hi` (practically) coincide.
fn pad_range(lo: f64, hi: f64, margin: f64) -> (f64, f64) {
    let scale = lo.abs().max(hi.abs());
    if hi - lo <= scale * 1e-12 {
        let c = lo / 2.0 + hi / 2.0;
        let half = if c.abs() < 1e-200 { 1.0 } else { c.abs() * 0.1 };
        (c - half, c + half)
    } else {
        let pad = (hi - lo) * margin;
        (lo - pad, hi + pad)
    }
}

fn x_axis(xs: &[f64], plot_w: f64) -> Axis {
    let target = target(plot_w, 60.0);
    let Some((lo, hi)) = min_max(xs) else {
        return linear_axis(0.0, 1.0, target);
    };
    if hi - lo <= 20.0 && xs.iter().all(|x| x.fract() == 0.0) {
        let (dlo, dhi) = (lo - 0.5, hi + 0.5);
        // At most 21 integers, checked above.
        let n = (hi - lo) as usize;
        let ticks: Vec<Tick> = (0..=n)
            .map(|i| {
                let at = lo + i as f64;
                Tick {
                    at,
                    label: ticks::format_tick(at, 1.0),
                }
            })
            .collect();
        let widest = ticks
            .iter()
            .map(|t| text_width(&t.label, TICK_SIZE))
            .fold(0.0, f64::max);
        if plot_w / (dhi - dlo) >= widest + 6.0 {
            return Axis {
                lo: dlo,
                hi: dhi,
                log: false,
                ticks,
                minor: Vec::new(),
            };
        }
        let mut axis = linear_axis(dlo, dhi, target);
        axis.ticks.retain(|t| t.at.fract() == 0.0);
        return axis;
    }
    let (lo, hi) = pad_range(lo, hi, 0.04);
    linear_axis(lo, hi, target)
}

fn linear_axis(lo: f64, hi: f64, target: usize) -> Axis {
    Axis {
        lo,
        hi,
        log: false,
        ticks: linear_ticks(lo, hi, target),
        minor: Vec::new(),
    }
}

/// The y axis for a plot `plot_h` high.
fn y_axis(ys: &[f64], scale: Scale, plot_h: f64) -> Axis {
    let target = target(plot_h, 42.0);
    match scale {
        Scale::Linear => {
            let (lo, hi) = match min_max(ys) {
                Some((lo, hi)) => pad_range(lo, hi, 0.06),
                None => (0.0, 1.0),
            };
            linear_axis(lo, hi, target)
        }
        Scale::Log10 => {
            let logs: Vec<f64> = ys.iter().map(|y| y.log10()).collect();
            let (lo, hi) = match min_max(&logs) {
                Some((lo, hi)) if hi - lo < 1e-9 => (lo - 0.5, hi + 0.5),
                Some((lo, hi)) => {
                    let pad = (hi - lo) * 0.06;
                    (lo - pad, hi + pad)
                }
                None => (0.0, 1.0),
            };
            let ticks = log_ticks(lo, hi, target);
            // Minor ticks only where a decade is tall enough for them.
            let minor = if plot_h / (hi - lo) >= 40.0 {
                log_minor_ticks(lo, hi, &ticks)
            } else {
                Vec::new()
            };
            Axis {
                lo,
                hi,
                log: true,
                ticks,
                minor,
            }
        }
    }
}

fn line_stroke(series: &Series) -> Stroke {
    let stroke = Stroke::new(series.color, LINE_WIDTH);
    if series.dashed {
        stroke.dashed(6.0, 3.5)
    } else {
        stroke
    }
}

fn marker(svg: &mut Svg, color: Color, cx: f64, cy: f64) {
    svg.circle(
        f(cx),
        f(cy),
        MARKER_RADIUS,
        Style::fill(color).with_stroke(Stroke::new(Color::WHITE, 0.8)),
    );
}

/// A series as a group titled with its name: lines, then markers on top.
fn draw_series(svg: &mut Svg, series: &Series, runs: &[Vec<(f64, f64)>]) {
    svg.group(&series.name, |g| {
        let stroke = line_stroke(series);
        for run in runs.iter().filter(|r| r.len() > 1) {
            let points: Vec<(f32, f32)> = run.iter().map(|&(x, y)| (f(x), f(y))).collect();
            g.polyline(&points, stroke);
        }
        if has_markers(runs) {
            for &(x, y) in runs.iter().flatten() {
                marker(g, series.color, x, y);
            }
        }
    });
}

/// Whether a series' points (in screen coordinates) are far enough apart
/// for markers: on average at least [`MIN_MARKER_GAP`] along the line.
fn has_markers(runs: &[Vec<(f64, f64)>]) -> bool {
    let (mut length, mut segments) = (0.0, 0usize);
    for pair in runs.iter().flat_map(|r| r.windows(2)) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        length += (x1 - x0).hypot(y1 - y0);
        segments += 1;
    }
    segments == 0 || length / segments as f64 >= MIN_MARKER_GAP
}

/// How many points, and samples along the lines between them, fall inside
/// the box at `corner` of size `w` × `h`.
fn hidden_points(screen: &[Vec<Vec<(f64, f64)>>], corner: (f64, f64), w: f64, h: f64) -> usize {
    const SAMPLES: usize = 8;
    let (bx, by) = corner;
    let inside = |(x, y): (f64, f64)| x >= bx && x <= bx + w && y >= by && y <= by + h;
    let mut n = 0;
    for run in screen.iter().flatten() {
        n += SAMPLES * run.iter().filter(|&&p| inside(p)).count();
        for pair in run.windows(2) {
            let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
            n += (1..SAMPLES)
                .map(|i| i as f64 / SAMPLES as f64)
                .filter(|t| inside((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)))
                .count();
        }
    }
    n
}

/// Estimated advance width of `text` at `size` (see [`crate::text_width`]).
fn text_width(text: &str, size: f64) -> f64 {
    f64::from(crate::text_width(text, size as f32))
}

#[cfg(test)]
mod tests;
