//! The panels of a heatmap: empty background with its hatch, the filled cells with their
//! tooltips, the frame and the ticks.

use super::colorbar::ColorScale;
use super::layout::{Layout, fraction};
use super::{AXIS, EMPTY_FILL, Heatmap, INK, LABEL_SIZE, TICK_LEN, TICK_SIZE, TOOLTIP_LIMIT, f};
use crate::{Anchor, Color, Stroke, Style, Svg, TextStyle};

/// The hatch over empty cells: its colour, line width and spacing (along either axis).
const HATCH: Color = Color::hex(0xb4b4b4);
const HATCH_WIDTH: f32 = 0.8;
const HATCH_GAP: f64 = 6.0;
/// Cells at least this wide (or high) get a small tick at each edge.
const EDGE_TICKS_FROM: f64 = 8.0;
const EDGE_TICK_LEN: f64 = 2.5;

/// Every panel of `map`: one for a 1- or 2-D grid, one per cell of axis 2 for a 3-D one.
pub(super) fn draw_panels(svg: &mut Svg, map: &Heatmap, layout: &Layout, scale: &ColorScale) {
    let axes = map.axes();
    let filled = map.values().iter().flatten().count();
    let tooltips = filled <= TOOLTIP_LIMIT;
    // Each axis' cells described once: "rooms 10–12".
    let texts: Vec<Vec<String>> = axes
        .iter()
        .map(|a| (0..a.cells).map(|i| a.cell_text(i)).collect())
        .collect();
    let value_name = if map.value_name.is_empty() {
        "value"
    } else {
        map.value_name.as_str()
    };
    let [c0, c1, _] = layout.dims;
    let (w, h) = (layout.cell_w, layout.cell_h);

    for k in 0..layout.panels() {
        let (px, py) = layout.panel_origin(k);
        let panel_title = texts.get(2).map(|t| t[k].as_str());
        if let Some(title) = panel_title {
            svg.text(
                f(px + layout.plot_w / 2.0),
                f(py - 11.0),
                title,
                TextStyle::new(f(LABEL_SIZE)).color(INK).centered(),
            );
        }
        svg.group("empty cell: no elite found there", |g| {
            g.rect(
                f(px),
                f(py),
                f(layout.plot_w),
                f(layout.plot_h),
                Style::fill(EMPTY_FILL),
            );
            hatch(g, px, py, layout.plot_w, layout.plot_h);
        });

        let in_panel = (0..c1)
            .flat_map(|i1| (0..c0).map(move |i0| (i0, i1)))
            .filter(|&(i0, i1)| map.value(i0, i1, k).is_some())
            .count();
        let group_title = match panel_title {
            Some(t) => format!("{t}: {in_panel} of {} cells hold an elite", c0 * c1),
            None => format!("{in_panel} of {} cells hold an elite", c0 * c1),
        };
        svg.crisp_group(&group_title, |g| {
            for i1 in 0..c1 {
                // Axis 1 grows upwards: its first row is the bottom one.
                let y = py + (c1 - 1 - i1) as f64 * h;
                for i0 in 0..c0 {
                    let Some(v) = map.value(i0, i1, k) else {
                        continue;
                    };
                    let x = px + i0 as f64 * w;
                    let style = Style::fill(scale.color(v));
                    if tooltips {
                        let mut tip: Vec<&str> = vec![texts[0][i0].as_str()];
                        if let Some(t) = texts.get(1) {
                            tip.push(&t[i1]);
                        }
                        if let Some(t) = panel_title {
                            tip.push(t);
                        }
                        let tip = format!("{}: {value_name} = {}", tip.join(", "), scale.label(v));
                        g.group(&tip, |g| {
                            g.rect(f(x), f(y), f(w), f(h), style);
                        });
                    } else {
                        g.rect(f(x), f(y), f(w), f(h), style);
                    }
                }
            }
        });

        draw_ticks(
            svg,
            map,
            layout,
            (px, py),
            (layout.labels_x(k), layout.labels_y(k)),
        );
        svg.rect(
            f(px),
            f(py),
            f(layout.plot_w),
            f(layout.plot_h),
            Style::outline(Stroke::new(AXIS, 1.0)),
        );
    }
}

/// Small marks at the cell edges (where the cells are wide enough) and the nice ticks,
/// numbered on the sides `labels` asks for (x, y).
fn draw_ticks(svg: &mut Svg, map: &Heatmap, layout: &Layout, at: (f64, f64), labels: (bool, bool)) {
    let (px, py) = at;
    let (pw, ph) = (layout.plot_w, layout.plot_h);
    let bottom = py + ph;
    let tick = Stroke::new(AXIS, 1.0);
    let edge = Stroke::new(AXIS, 0.8);
    let style = TextStyle::new(f(TICK_SIZE)).color(INK);
    let [c0, c1, _] = layout.dims;
    let has_y = map.axes().len() >= 2;

    if layout.cell_w >= EDGE_TICKS_FROM {
        for i in 0..=c0 {
            let x = f(px + i as f64 * layout.cell_w);
            svg.line(x, f(bottom), x, f(bottom + EDGE_TICK_LEN), edge);
        }
    }
    if has_y && layout.cell_h >= EDGE_TICKS_FROM {
        for i in 0..=c1 {
            let y = f(py + i as f64 * layout.cell_h);
            svg.line(f(px - EDGE_TICK_LEN), y, f(px), y, edge);
        }
    }
    let axis0 = &map.axes()[0];
    for t in &layout.x_ticks {
        let x = f(px + fraction(axis0, t.at) * pw);
        svg.line(x, f(bottom), x, f(bottom + TICK_LEN), tick);
        if labels.0 {
            svg.text(
                x,
                f(bottom + TICK_LEN + 3.0 + TICK_SIZE / 2.0),
                &t.label,
                style.centered(),
            );
        }
    }
    if let Some(axis1) = map.axes().get(1) {
        for t in &layout.y_ticks {
            let y = f(bottom - fraction(axis1, t.at) * ph);
            svg.line(f(px - TICK_LEN), y, f(px), y, tick);
            if labels.1 {
                svg.text(
                    f(px - TICK_LEN - 3.0),
                    y,
                    &t.label,
                    style.anchor(Anchor::End).middle(),
                );
            }
        }
    }
}

/// Faint diagonal lines (rising to the right) over the rectangle at (`x`, `y`) of size `w`
/// × `h`, on a grid fixed to the picture so neighbouring hatches line up.
pub(super) fn hatch(svg: &mut Svg, x: f64, y: f64, w: f64, h: f64) {
    let stroke = Stroke::new(HATCH, HATCH_WIDTH);
    // Lines where X + Y is a multiple of the gap.
    let first = ((x + y) / HATCH_GAP).floor() + 1.0;
    let last = ((x + y + w + h) / HATCH_GAP).ceil() - 1.0;
    // A rectangle of the picture spans far fewer than 2^52 gaps, so the cast is exact.
    let count = (last - first + 1.0).max(0.0) as usize;
    for k in 0..count {
        let d = (first + k as f64) * HATCH_GAP - x - y;
        // Along the line u + v = d with u, v the offsets from the corner.
        let (u1, u2) = ((d - h).max(0.0), d.min(w));
        if u2 - u1 < 0.5 {
            continue;
        }
        svg.line(f(x + u1), f(y + d - u1), f(x + u2), f(y + d - u2), stroke);
    }
}
