//! Pictures of an exploration: the archive as a heatmap, and coverage and QD score over the
//! evaluations.

use ludoforge_draw::{Color, LineChart, Series, Svg};

use super::Point;

/// Coverage (top) and QD score (bottom) against evaluations, one line per history given
/// (`(name, points)`: the exploration, and perhaps random sampling beside it), as one SVG.
///
/// ```
/// use ludoforge_job::explore::{Point, progress_svg};
/// let points = [Point { evaluations: 100, coverage: 0.1, qd_score: 40.0, best: Some(9.0) },
///               Point { evaluations: 200, coverage: 0.3, qd_score: 130.0, best: Some(12.0) }];
/// let svg = progress_svg("chromatic 11×11", &[("MAP-Elites", &points)]);
/// assert!(svg.contains(">coverage</text>") && svg.contains(">QD score</text>"));
/// assert!(ludoforge_draw::svg_to_png(&svg, 1.0).is_ok());
/// ```
#[must_use]
pub fn progress_svg(title: &str, histories: &[(&str, &[Point])]) -> String {
    let (width, height) = (760.0, 620.0);
    let mut svg = Svg::new(width, height);
    svg.background(Color::WHITE);
    let series = |value: fn(&Point) -> f64| -> Vec<Series> {
        histories
            .iter()
            .enumerate()
            .map(|(i, (name, points))| {
                Series::new(
                    *name,
                    Color::categorical(i),
                    points.iter().map(|p| (p.evaluations as f64, value(p))),
                )
            })
            .collect()
    };
    let mut coverage = LineChart::new(format!("{title}: coverage"))
        .x_label("evaluations")
        .y_label("coverage");
    coverage.series = series(|p| p.coverage);
    coverage.draw(&mut svg, 0.0, 0.0, width, height / 2.0);
    let mut qd = LineChart::new(format!("{title}: QD score"))
        .x_label("evaluations")
        .y_label("QD score");
    qd.series = series(|p| p.qd_score);
    qd.draw(&mut svg, 0.0, height / 2.0, width, height / 2.0);
    svg.finish()
}
