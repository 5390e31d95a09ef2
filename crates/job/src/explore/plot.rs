//! Pictures of an exploration: the archive as a heatmap, and coverage and QD score over the
//! evaluations.

use ludoforge_draw::{Color, HeatAxis, Heatmap, LineChart, Series, Svg};
use ludoforge_evolve::archive::Archive;

use super::{Explored, Point};
use crate::{Context, File, JobError, media};

/// Adds an exploration's pictures to `files`, those the context wants: the heatmap (`svg`,
/// `png`, see [`heatmap_svg`]) and coverage and QD score over the evaluations (`plot`,
/// `plot-png`, see [`progress_svg`]).
///
/// # Errors
/// [`JobError::Failed`] when a picture cannot be drawn.
pub fn pictures<G>(
    context: &Context,
    files: &mut Vec<File>,
    explored: &Explored<G>,
    title: &str,
    value_name: &str,
    captions: &[String],
) -> Result<(), JobError> {
    let mut failed = None;
    crate::engine::pictures(context, files, 1.0, || {
        heatmap_svg(&explored.archive, title, value_name, captions).unwrap_or_else(|e| {
            failed = Some(e);
            String::new()
        })
    })
    .map_err(|e| JobError::failed(format!("the heatmap: {e}")))?;
    if let Some(e) = failed {
        return Err(JobError::failed(format!("cannot draw the heatmap: {e}")));
    }
    if context.wants("plot") || context.wants("plot-png") {
        let name = explored.method.title();
        let plot = progress_svg(title, &[(name, &explored.history)]);
        if context.wants("plot-png") {
            files.push(crate::engine::png_file(
                context, "plot-png", &plot, 1.5, "plot",
            )?);
        }
        if context.wants("plot") {
            files.push(File::new("plot", media::SVG, plot.into_bytes()));
        }
    }
    Ok(())
}

/// The archive as a heatmap: the first axis across, the second up, a panel for every cell of
/// a third; each filled cell coloured by its elite's raw fitness (`value_name` says what it
/// is, with its unit), empty cells hatched grey.
///
/// # Errors
/// A message when the picture cannot be drawn (never for an archive of this crate's plans).
pub fn heatmap_svg<G>(
    archive: &Archive<G>,
    title: &str,
    value_name: &str,
    captions: &[String],
) -> Result<String, String> {
    let grid = archive.grid();
    let axes = grid.axes();
    let heat_axes: Vec<HeatAxis> = axes
        .iter()
        .map(|a| {
            // "rooms", not "rooms (rooms)".
            let unit = if a.unit == a.name {
                ""
            } else {
                a.unit.as_str()
            };
            HeatAxis::new(a.name.replace('_', " "), a.low, a.high, a.cells).unit(unit)
        })
        .collect();
    // The grid numbers cells with the last axis fastest; the heatmap, the first.
    let mut values = vec![None; grid.cells()];
    for elite in archive.iter() {
        let at = grid.coordinates(elite.cell);
        let mut index = 0;
        for (i, axis) in axes.iter().enumerate().rev() {
            index = index * axis.cells + at[i];
        }
        values[index] = Some(elite.fitness);
    }
    let mut heatmap = Heatmap::new(heat_axes, values)
        .map_err(|e| e.to_string())?
        .title(title)
        .value_name(value_name);
    for line in captions {
        heatmap = heatmap.caption(line.clone());
    }
    Ok(heatmap.to_svg())
}

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
