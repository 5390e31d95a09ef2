//! The colour scale of a heatmap, and its colour bar with the swatch for empty cells.

use super::layout::Layout;
use super::panel::hatch;
use super::{AXIS, EMPTY_FILL, INK, LABEL_SIZE, TICK_LEN, TICK_SIZE, f, width_of};
use crate::chart::ticks::{Tick, format_tick, linear_ticks};
use crate::{Color, Stroke, Style, Svg, TextStyle};

/// Width of the colour bar.
pub(super) const BAR_W: f64 = 16.0;
/// Side of the "empty" swatch.
pub(super) const SWATCH: f64 = 14.0;
/// Space between the bar's bottom and the swatch.
pub(super) const SWATCH_GAP: f64 = 18.0;
/// The swatch's label.
const EMPTY_LABEL: &str = "empty";
/// Said beside the bar when no cell holds an elite.
const NO_ELITES: &str = "no elites";

/// How filled values map to viridis colours: linearly from the smallest filled value (the
/// first stop) to the largest (the last), or to the middle colour when all are equal.
#[derive(Debug)]
pub(super) struct ColorScale {
    range: Option<(f64, f64)>,
    /// Resolution of value labels in tooltips.
    step: f64,
}

/// Fewest and most labelled ticks a colour bar aims at, one about every 36 units.
const BAR_TARGETS: (usize, usize) = (3, 8);
const BAR_TICK_SPACING: f64 = 36.0;

impl ColorScale {
    pub(super) fn new(range: Option<(f64, f64)>) -> ColorScale {
        // Halves, so that the span of ±1e308 stays finite.
        let step = match range {
            Some((lo, hi)) if hi > lo => (hi / 2.0 - lo / 2.0) / 500.0,
            Some((v, _)) if v != 0.0 => v.abs() / 1000.0,
            _ => 1e-3,
        };
        ColorScale { range, step }
    }

    /// The labelled ticks of a colour bar `height` high, at values: nice numbers, or the two
    /// ends when no two nice numbers fall in the range; the one value when all are equal.
    pub(super) fn ticks(&self, height: f64) -> Vec<Tick> {
        // Clamped to the targets, so the cast is exact.
        let target = (height / BAR_TICK_SPACING)
            .floor()
            .clamp(BAR_TARGETS.0 as f64, BAR_TARGETS.1 as f64) as usize;
        self.ticks_for(target)
    }

    fn ticks_for(&self, target: usize) -> Vec<Tick> {
        let tick = |at: f64| Tick {
            at,
            label: self.label(at),
        };
        match self.range {
            None => Vec::new(),
            Some((lo, hi)) if hi > lo => {
                let ticks = linear_ticks(lo, hi, target);
                if ticks.len() >= 2 {
                    ticks
                } else {
                    vec![tick(lo), tick(hi)]
                }
            }
            Some((v, _)) => vec![tick(v)],
        }
    }

    /// Where `v` falls on the scale, 0 at the smallest filled value and 1 at the largest;
    /// ½ when all values are equal.
    pub(super) fn fraction(&self, v: f64) -> f64 {
        match self.range {
            Some((lo, hi)) if hi > lo => {
                ((v / 2.0 - lo / 2.0) / (hi / 2.0 - lo / 2.0)).clamp(0.0, 1.0)
            }
            _ => 0.5,
        }
    }

    /// The colour of a cell holding `v`.
    pub(super) fn color(&self, v: f64) -> Color {
        Color::viridis(f(self.fraction(v)))
    }

    /// `v` as text for a tooltip, to about three significant digits of the range.
    pub(super) fn label(&self, v: f64) -> String {
        format_tick(v, self.step)
    }

    /// Width of the bar, its tick labels, the value name above it and the swatch beside
    /// their labels.
    pub(super) fn area_width(&self, value_name: &str) -> f64 {
        let labels = if self.range.is_some() {
            (BAR_TARGETS.0..=BAR_TARGETS.1)
                .flat_map(|target| self.ticks_for(target))
                .map(|t| width_of(&t.label, TICK_SIZE))
                .fold(0.0, f64::max)
        } else {
            width_of(NO_ELITES, TICK_SIZE)
        };
        (BAR_W + TICK_LEN + 3.0 + labels)
            .max(SWATCH + 6.0 + width_of(EMPTY_LABEL, TICK_SIZE))
            .max(width_of(value_name, LABEL_SIZE))
    }
}

/// The colour bar, its ticks and value name, and the swatch for empty cells beneath.
pub(super) fn draw(svg: &mut Svg, layout: &Layout, scale: &ColorScale, value_name: &str) {
    let (x, y, h) = (layout.bar_x, layout.bar_y, layout.bar_h);
    if !value_name.is_empty() {
        svg.text(
            f(x),
            f(layout.label_y),
            value_name,
            TextStyle::new(f(LABEL_SIZE)).color(INK).middle(),
        );
    }
    let tick_style = TextStyle::new(f(TICK_SIZE)).color(INK).middle();
    let title = match scale.range {
        Some((lo, hi)) if hi > lo => {
            format!("colour scale: {} to {}", scale.label(lo), scale.label(hi))
        }
        Some((v, _)) => format!("colour scale: every elite has {}", scale.label(v)),
        None => "colour scale: no elites".to_owned(),
    };
    svg.group(&title, |g| {
        match scale.range {
            Some((lo, hi)) if hi > lo => {
                // Top to bottom, high to low, in slices about two units high.
                // Clamped to 1..=128, so the cast is exact.
                let n = (h / 2.0).floor().clamp(1.0, 128.0) as usize;
                g.crisp_group("", |g| {
                    for i in 0..n {
                        let t = 1.0 - (i as f64 + 0.5) / n as f64;
                        let (top, bottom) = (
                            y + h * i as f64 / n as f64,
                            y + h * (i + 1) as f64 / n as f64,
                        );
                        g.rect(
                            f(x),
                            f(top),
                            f(BAR_W),
                            f(bottom - top),
                            Style::fill(Color::viridis(f(t))),
                        );
                    }
                });
            }
            Some((v, _)) => {
                g.rect(f(x), f(y), f(BAR_W), f(h), Style::fill(scale.color(v)));
            }
            None => {
                g.text(
                    f(x + BAR_W + TICK_LEN + 3.0),
                    f(y + h / 2.0),
                    NO_ELITES,
                    tick_style.color(AXIS),
                );
            }
        }
        g.rect(
            f(x),
            f(y),
            f(BAR_W),
            f(h),
            Style::outline(Stroke::new(AXIS, 1.0)),
        );
        for t in &scale.ticks(h) {
            let ty = y + h * (1.0 - scale.fraction(t.at));
            g.line(
                f(x + BAR_W),
                f(ty),
                f(x + BAR_W + TICK_LEN),
                f(ty),
                Stroke::new(AXIS, 1.0),
            );
            g.text(f(x + BAR_W + TICK_LEN + 3.0), f(ty), &t.label, tick_style);
        }
    });

    let sy = layout.swatch_y;
    svg.group("empty cell: no elite found there", |g| {
        g.rect(f(x), f(sy), f(SWATCH), f(SWATCH), Style::fill(EMPTY_FILL));
        hatch(g, x, sy, SWATCH, SWATCH);
        g.rect(
            f(x),
            f(sy),
            f(SWATCH),
            f(SWATCH),
            Style::outline(Stroke::new(AXIS, 1.0)),
        );
        g.text(
            f(x + SWATCH + 6.0),
            f(sy + SWATCH / 2.0),
            EMPTY_LABEL,
            tick_style,
        );
    });
}
