//! The curves of the best runs side by side: for Rossato et al.'s grid, the minimum and mean
//! fitness over the generations of the two best configurations (their Fig. 3).

use ludoforge_draw::{Color, LineChart, Series, Svg};
use serde_json::Value;

use crate::merge::{Merged, at};

/// Panel size in SVG units.
const PANEL: (f32, f32) = (640.0, 380.0);

impl Merged {
    /// The plan's `[report] curve` of its `curves` best runs, one panel each, as an SVG
    /// document: `None` when the plan names no curve or no run has one.
    #[must_use]
    pub fn curves_svg(&self) -> Option<String> {
        let report = &self.plan.report;
        let curve = report.curve.as_ref()?;
        let ranked = self.ranked();
        let panels: Vec<LineChart> = ranked
            .iter()
            .take(report.curves)
            .enumerate()
            .filter_map(|(i, (value, record))| {
                let points = record.summary.as_ref().and_then(|s| at(s, curve))?;
                let Value::Array(points) = points else {
                    return None;
                };
                let varied: Vec<String> = self
                    .varied
                    .iter()
                    .filter_map(|name| {
                        at(&record.varied, name).map(|v| format!("{name} {}", short(v)))
                    })
                    .collect();
                let letter = char::from(b'a' + (i % 26) as u8);
                let mut chart = LineChart::new(format!("({letter}) {}", varied.join(" · ")))
                    .x_label(report.x.clone())
                    .y_label(format!(
                        "{} per {} · {} best run of the sweep, seed {} · final {} {value:.3}",
                        report.y.join(" and "),
                        report.x,
                        ordinal(i + 1),
                        record.seed,
                        report.rank.as_deref().unwrap_or("value")
                    ));
                for (k, field) in report.y.iter().enumerate() {
                    let line: Vec<(f64, f64)> = points
                        .iter()
                        .filter_map(|p| {
                            Some((at(p, &report.x)?.as_f64()?, at(p, field)?.as_f64()?))
                        })
                        .collect();
                    chart = chart.series(Series::new(field.clone(), Color::categorical(k), line));
                }
                Some(chart)
            })
            .collect();
        if panels.is_empty() {
            return None;
        }
        let columns = panels.len().min(2);
        let rows = panels.len().div_ceil(columns);
        let mut svg = Svg::new(PANEL.0 * columns as f32, PANEL.1 * rows as f32);
        svg.background(Color::WHITE);
        for (i, chart) in panels.iter().enumerate() {
            let (col, row) = ((i % columns) as f32, (i / columns) as f32);
            chart.draw(&mut svg, col * PANEL.0, row * PANEL.1, PANEL.0, PANEL.1);
        }
        Some(svg.finish())
    }
}

/// 1st, 2nd, 3rd, 4th ...
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A value in a title: text without quotes.
fn short(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
